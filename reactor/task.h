// task.h: the coroutine type every asynchronous operation on a loop returns.
//
// A task<T> is lazy: it starts when awaited, and hands control back to its awaiter by symmetric
// transfer when it finishes, so a chain of awaits never grows the stack. spawn() starts a task
// that nobody awaits (a request handler, a background refresh); an exception escaping it is
// logged, never propagated into a libuv callback.
#pragma once

#include <coroutine>
#include <exception>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

namespace jh {

template <typename T>
class task;

namespace detail {

struct task_promise_base {
    std::coroutine_handle<> continuation_ = std::noop_coroutine();
    std::exception_ptr error_;
    // The id of the HTTP request this work serves (reactor/request_id.h), handed from each task to
    // the tasks it awaits; null outside a request. It lets work deep inside an actor (a queued
    // job, a log line) name the request without every function passing it along.
    const std::string* request_id_ = nullptr;

    struct final_awaiter {
        bool await_ready() const noexcept { return false; }
        template <typename Promise>
        std::coroutine_handle<> await_suspend(std::coroutine_handle<Promise> h) noexcept {
            return h.promise().continuation_;
        }
        void await_resume() const noexcept {}
    };

    std::suspend_always initial_suspend() const noexcept { return {}; }
    final_awaiter final_suspend() const noexcept { return {}; }
    void unhandled_exception() noexcept { error_ = std::current_exception(); }
};

template <typename T>
struct task_promise : task_promise_base {
    std::optional<T> value_;
    task<T> get_return_object() noexcept;
    template <typename U>
    void return_value(U&& v) { value_.emplace(std::forward<U>(v)); }
    T take() {
        if (error_) std::rethrow_exception(error_);
        return std::move(*value_);
    }
};

template <>
struct task_promise<void> : task_promise_base {
    task<void> get_return_object() noexcept;
    void return_void() const noexcept {}
    void take() const {
        if (error_) std::rethrow_exception(error_);
    }
};

}  // namespace detail

template <typename T = void>
class [[nodiscard]] task {
public:
    using promise_type = detail::task_promise<T>;
    using handle_type = std::coroutine_handle<promise_type>;

    task() noexcept = default;
    explicit task(handle_type h) noexcept : h_(h) {}
    task(task&& o) noexcept : h_(std::exchange(o.h_, {})) {}
    task& operator=(task&& o) noexcept {
        if (this != &o) {
            if (h_) h_.destroy();
            h_ = std::exchange(o.h_, {});
        }
        return *this;
    }
    task(const task&) = delete;
    task& operator=(const task&) = delete;
    ~task() {
        if (h_) h_.destroy();
    }

    struct awaiter {
        handle_type h_;
        bool await_ready() const noexcept { return !h_ || h_.done(); }
        template <typename Awaiting>
        std::coroutine_handle<> await_suspend(std::coroutine_handle<Awaiting> awaiting) noexcept {
            if constexpr (std::is_base_of_v<detail::task_promise_base, Awaiting>)
                h_.promise().request_id_ = awaiting.promise().request_id_;
            h_.promise().continuation_ = awaiting;
            return h_;
        }
        T await_resume() { return h_.promise().take(); }
    };
    awaiter operator co_await() && noexcept { return awaiter{h_}; }

    // Starts the task without an awaiter and hands its handle over; used by spawn().
    handle_type release() noexcept { return std::exchange(h_, {}); }

private:
    handle_type h_{};
};

namespace detail {
template <typename T>
task<T> task_promise<T>::get_return_object() noexcept {
    return task<T>{std::coroutine_handle<task_promise<T>>::from_promise(*this)};
}
inline task<void> task_promise<void>::get_return_object() noexcept {
    return task<void>{std::coroutine_handle<task_promise<void>>::from_promise(*this)};
}

// The eager, self-destroying coroutine behind spawn().
struct detached {
    struct promise_type {
        detached get_return_object() const noexcept { return {}; }
        std::suspend_never initial_suspend() const noexcept { return {}; }
        std::suspend_never final_suspend() const noexcept { return {}; }
        void return_void() const noexcept {}
        void unhandled_exception() const noexcept {}
    };
};
void log_detached_exception(std::exception_ptr e) noexcept;
}  // namespace detail

// co_await this_request_id{} inside a task: the id of the request it serves, "" outside one.
struct this_request_id {
    const std::string* id_ = nullptr;
    bool await_ready() const noexcept { return false; }
    template <typename Promise>
    bool await_suspend(std::coroutine_handle<Promise> h) noexcept {
        id_ = h.promise().request_id_;
        return false;   // never suspends: it only looks at the promise
    }
    std::string_view await_resume() const noexcept { return id_ ? std::string_view(*id_) : std::string_view{}; }
};

// co_await serve_request_id{&id} at the top of a request's task: it and everything it awaits serve
// that request. `id` must outlive the task.
struct serve_request_id {
    const std::string* id;
    bool await_ready() const noexcept { return false; }
    template <typename Promise>
    bool await_suspend(std::coroutine_handle<Promise> h) noexcept {
        h.promise().request_id_ = id;
        return false;
    }
    void await_resume() const noexcept {}
};

// Runs `t` to completion in the background. Exceptions are logged and swallowed.
inline detail::detached spawn(task<void> t) {
    try {
        co_await std::move(t);
    } catch (...) {
        detail::log_detached_exception(std::current_exception());
    }
}

}  // namespace jh
