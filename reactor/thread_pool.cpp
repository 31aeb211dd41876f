// thread_pool.cpp: see thread_pool.h.
#include "reactor/thread_pool.h"

namespace jh {

thread_pool::thread_pool(uv_loop_t* loop, int max_running, int max_waiting)
    : loop_(loop), max_running_(max_running < 1 ? 1 : max_running), max_waiting_(max_waiting < 0 ? 0 : max_waiting) {}

thread_pool::~thread_pool() {
    // Work already on the pool cannot be cancelled once started; after_work_cb frees it.
    for (job* j : in_flight_) j->abandoned = true;
    in_flight_.clear();
    waiters_.clear();
}

bool thread_pool::submit::await_suspend(std::coroutine_handle<> h) noexcept {
    j->owner = pool;
    j->resume = h;
    j->req.data = j;
    if (uv_queue_work(pool->loop_, &j->req, work_cb, after_work_cb) != 0) {
        failed = true;
        return false;   // not queued: continue at once
    }
    pool->in_flight_.insert(j);
    return true;
}

void thread_pool::work_cb(uv_work_t* req) { static_cast<job*>(req->data)->execute(); }

void thread_pool::after_work_cb(uv_work_t* req, int) {
    auto* j = static_cast<job*>(req->data);
    if (j->abandoned) {
        delete j;
        return;
    }
    j->owner->in_flight_.erase(j);
    j->resume.resume();   // the coroutine takes ownership of the job (see run())
}

void thread_pool::release_slot() {
    if (!waiters_.empty()) {
        // The slot passes straight to the next caller: running_ stays as it is.
        auto next = waiters_.front();
        waiters_.pop_front();
        next.resume();
        return;
    }
    --running_;
}

}  // namespace jh
