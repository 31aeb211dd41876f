// timer.h: awaiting time on a loop without blocking it.
#pragma once

#include <uv.h>

#include <coroutine>
#include <cstdint>

#include "reactor/task.h"

namespace jh {

// co_await delay(loop, 250) resumes the coroutine on the same loop after 250 ms.
struct delay {
    uv_loop_t* loop;
    std::uint64_t ms;

    struct state {
        uv_timer_t timer{};
        std::coroutine_handle<> waiting;
    };
    state* st_ = nullptr;

    bool await_ready() const noexcept { return ms == 0; }
    void await_suspend(std::coroutine_handle<> h) {
        st_ = new state;
        st_->waiting = h;
        uv_timer_init(loop, &st_->timer);
        st_->timer.data = st_;
        uv_timer_start(&st_->timer, [](uv_timer_t* t) {
            auto* s = static_cast<state*>(t->data);
            auto h = s->waiting;
            // The handle is freed in its close callback; the coroutine goes on right away.
            uv_close(reinterpret_cast<uv_handle_t*>(t), [](uv_handle_t* hd) { delete static_cast<state*>(hd->data); });
            h.resume();
        }, ms, 0);
    }
    void await_resume() const noexcept {}
};

}  // namespace jh
