// zmq_request.h: request/reply with worker processes over ZeroMQ, from a loop, without blocking.
//
// One zmq_requester per loop (loop_context::requests): a DEALER socket on the hub's request
// broker (reactor/zmq_link.cpp), watched by a uv_poll on its ZMQ_FD. request() sends
// [request id, kind, payload, attachments...] with ZMQ_DONTWAIT and suspends the coroutine until
// the reply with the same id arrives or the timeout passes; a late reply is dropped. Workers
// (`jobhafen worker sedcard`) answer [request id, status, body...]: status "ok" or "error"; the
// broker answers "unavailable" itself when no worker is connected.
//
//     auto reply = co_await ctx.loop.requests.request("sedcard", payload, frames, 10000);
//     if (reply.status != "ok") ... 503 ...
//
// `kind` names the document to render ("sedcard"; the invoice will be another kind), so one
// worker pool renders every PDF.
#pragma once

#include <uv.h>

#include <coroutine>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "reactor/task.h"

namespace zmq {
class socket_t;
}

namespace jh {

class zmq_hub;

struct zmq_reply {
    std::string status;              // "ok", "error", "unavailable", or "timeout"
    std::vector<std::string> body;   // the frames after the status
    bool ok() const noexcept { return status == "ok"; }
};

class zmq_requester {
public:
    zmq_requester(uv_loop_t* loop, zmq_hub& hub);
    ~zmq_requester();
    zmq_requester(const zmq_requester&) = delete;
    zmq_requester& operator=(const zmq_requester&) = delete;

    // Stops watching the socket (the loop can end) and answers every waiting request "unavailable".
    // Called when the loop drains; request() answers "unavailable" afterwards.
    void close();

    // Frames are copied into ZeroMQ before the first suspension: the views need not outlive it.
    task<zmq_reply> request(std::string_view kind, std::string_view payload, std::vector<std::string_view> attachments, int timeout_ms);

private:
    struct pending {
        std::coroutine_handle<> waiter;
        zmq_reply reply;
        bool done = false;
        uv_timer_t* timer = nullptr;
        std::uint64_t id = 0;
        zmq_requester* owner = nullptr;
    };
    struct wait_for {
        pending* p;
        bool await_ready() const noexcept { return p->done; }
        void await_suspend(std::coroutine_handle<> h) noexcept { p->waiter = h; }
        void await_resume() const noexcept {}
    };
    void drain();                          // reads every reply that is there
    void complete(pending* p, zmq_reply r);
    static void on_poll(uv_poll_t* h, int status, int events);
    static void on_timeout(uv_timer_t* t);

    uv_loop_t* loop_;
    bool enabled_ = false;
    std::unique_ptr<zmq::socket_t> socket_;
    uv_poll_t* poll_ = nullptr;            // heap: freed by its close callback
    std::uint64_t next_id_ = 0;
    std::unordered_map<std::uint64_t, pending*> pending_;
};

}  // namespace jh
