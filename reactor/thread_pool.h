// thread_pool.h: running CPU-heavy work (argon2 password hashing) off the loop.
//
// A loop must never spend tens of milliseconds computing: every other connection of that loop
// would wait. `co_await pool.run(fn)` hands `fn` to libuv's thread pool (uv_queue_work) and
// resumes the coroutine on its own loop when `fn` has returned, with fn's value:
//
//     auto job = [pw = std::move(password), p = params] { return hash_password(pw, p); };
//     auto hashed = co_await pool.run(std::move(job));   // result<std::optional<std::string>>
//
// Name the lambda first: g++ 12 miscompiles a lambda written inside a co_await expression (its
// captured strings are destroyed twice), like the braced lists noted in docs/decisions.md.
//
// The bound: at most `max_running` jobs of one thread_pool are on the libuv pool at once; more
// callers wait in FIFO order, and beyond `max_waiting` waiting callers run() fails at once with
// error_kind::unavailable (503) rather than letting the queue, and the latency, grow without end.
// libuv's pool is shared by the whole process (UV_THREADPOOL_SIZE threads, 4 by default), so
// loops × max_running should not exceed it, or argon2 jobs of one loop wait behind another's.
//
// One thread_pool per loop and owner, used only on that loop's thread. Destroying it while jobs
// are in flight abandons them: their functions still run to the end on the pool thread, but
// nobody is resumed and their results are dropped.
#pragma once

#include <uv.h>

#include <coroutine>
#include <cstdint>
#include <deque>
#include <exception>
#include <memory>
#include <optional>
#include <type_traits>
#include <unordered_set>
#include <utility>

#include "reactor/app_error.h"
#include "reactor/task.h"

namespace jh {

class thread_pool {
public:
    thread_pool(uv_loop_t* loop, int max_running, int max_waiting);
    ~thread_pool();
    thread_pool(const thread_pool&) = delete;
    thread_pool& operator=(const thread_pool&) = delete;

    // Runs fn() on a pool thread. `fn` must not touch loop state: it runs on another thread.
    // An exception thrown by fn becomes error_kind::internal.
    template <typename F>
    task<result<std::invoke_result_t<F&>>> run(F fn);

    int running() const noexcept { return running_; }
    int waiting() const noexcept { return static_cast<int>(waiters_.size()); }

private:
    // One unit of work on the libuv pool. Owned by the pool from queueing until after_work.
    struct job {
        uv_work_t req{};
        thread_pool* owner = nullptr;
        std::coroutine_handle<> resume;
        bool abandoned = false;
        virtual ~job() = default;
        virtual void execute() noexcept = 0;   // on a pool thread
    };
    template <typename R, typename F>
    struct typed_job final : job {
        explicit typed_job(F&& f) : fn(std::move(f)) {}
        F fn;
        std::optional<R> value;
        std::exception_ptr error;
        void execute() noexcept override {
            try {
                value.emplace(fn());
            } catch (...) {
                error = std::current_exception();
            }
        }
    };

    // co_await submit{this, job}: queues the job and suspends until after_work resumes us.
    struct submit {
        thread_pool* pool;
        job* j;
        bool failed = false;
        bool await_ready() const noexcept { return false; }
        bool await_suspend(std::coroutine_handle<> h) noexcept;
        bool await_resume() const noexcept { return !failed; }
    };
    // co_await slot{this}: waits for a free slot (FIFO) when max_running jobs are running.
    struct slot {
        thread_pool* pool;
        bool await_ready() const noexcept { return pool->running_ < pool->max_running_; }
        void await_suspend(std::coroutine_handle<> h) { pool->waiters_.push_back(h); }
        void await_resume() const noexcept {}
    };

    template <typename R, typename J>
    task<result<R>> run_job(J* raw);

    static void work_cb(uv_work_t* req);
    static void after_work_cb(uv_work_t* req, int status);
    // A job finished: hand its slot to the next waiter, if any.
    void release_slot();

    uv_loop_t* loop_;
    int max_running_;
    int max_waiting_;
    int running_ = 0;
    std::deque<std::coroutine_handle<>> waiters_;
    std::unordered_set<job*> in_flight_;
};

// Not a coroutine itself: the callable is moved into a heap job here, and only a pointer enters
// the coroutine. Callers: pass a named lambda (`auto job = [...] {...}; co_await pool.run(std::move(job));`):
// g++ 12 miscompiles a lambda written inside a co_await expression (its captures are freed twice).
template <typename F>
task<result<std::invoke_result_t<F&>>> thread_pool::run(F fn) {
    using R = std::invoke_result_t<F&>;
    return run_job<R>(new typed_job<R, F>(std::move(fn)));
}

template <typename R, typename J>
task<result<R>> thread_pool::run_job(J* raw) {
    std::unique_ptr<J> owned(raw);
    if (running_ >= max_running_) {
        if (static_cast<int>(waiters_.size()) >= max_waiting_)
            co_return fail(error_kind::unavailable, "Gerade ist sehr viel los. Bitte versuche es gleich noch einmal.");
        co_await slot{this};   // resumed by release_slot() with the slot already counted for us
    } else {
        ++running_;
    }
    // While queued the job belongs to the pool's libuv request; after_work_cb resumes us (then it
    // is ours again) or, when the pool was destroyed meanwhile, frees it itself.
    J* j = owned.release();
    bool ok = co_await submit{this, j};
    owned.reset(j);
    release_slot();
    if (!ok) co_return fail(error_kind::internal);
    if (owned->error) co_return fail(error_kind::internal);
    co_return std::move(*owned->value);
}

}  // namespace jh
