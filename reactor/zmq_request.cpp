// zmq_request.cpp: see zmq_request.h. ZMQ_FD is edge-triggered: after every wake-up and every
// send, ZMQ_EVENTS is read and replies are drained until it reports no more input.
#include "reactor/zmq_request.h"

#include <spdlog/spdlog.h>

#include <zmq.hpp>
#include <zmq_addon.hpp>

#include "reactor/zmq_link.h"

namespace jh {

zmq_requester::zmq_requester(uv_loop_t* loop, zmq_hub& hub) : loop_(loop) {
    if (!hub.requests_enabled()) return;
    try {
        socket_ = std::make_unique<zmq::socket_t>(hub.context(), zmq::socket_type::dealer);
        socket_->set(zmq::sockopt::linger, 0);
        socket_->connect(zmq_hub::inproc_request);
        int fd = socket_->get(zmq::sockopt::fd);
        poll_ = new uv_poll_t{};
        poll_->data = this;
        if (uv_poll_init(loop_, poll_, fd) != 0) {
            delete poll_;
            poll_ = nullptr;
            return;
        }
        uv_poll_start(poll_, UV_READABLE, on_poll);
        enabled_ = true;
    } catch (const zmq::error_t& e) {
        spdlog::error("zmq requester: {}", e.what());
    }
}

zmq_requester::~zmq_requester() { close(); }

void zmq_requester::close() {
    enabled_ = false;
    // Handles close asynchronously and free themselves.
    if (poll_) uv_close(reinterpret_cast<uv_handle_t*>(poll_), [](uv_handle_t* h) { delete reinterpret_cast<uv_poll_t*>(h); });
    poll_ = nullptr;
    std::vector<pending*> waiting;
    for (auto& [id, p] : pending_) waiting.push_back(p);
    for (pending* p : waiting) complete(p, zmq_reply{"unavailable", {}});
}

task<zmq_reply> zmq_requester::request(std::string_view kind, std::string_view payload, std::vector<std::string_view> attachments,
                                       int timeout_ms) {
    if (!enabled_) co_return zmq_reply{"unavailable", {}};
    pending p;
    p.id = ++next_id_;
    p.owner = this;
    std::string id = std::to_string(p.id);
    try {
        std::vector<zmq::const_buffer> frames;
        frames.push_back(zmq::const_buffer(nullptr, 0));   // the REP envelope's empty delimiter
        frames.push_back(zmq::buffer(id));
        frames.push_back(zmq::buffer(kind));
        frames.push_back(zmq::buffer(payload));
        for (auto a : attachments) frames.push_back(zmq::buffer(a));
        if (!zmq::send_multipart(*socket_, frames, zmq::send_flags::dontwait)) co_return zmq_reply{"unavailable", {}};
    } catch (const zmq::error_t&) {
        co_return zmq_reply{"unavailable", {}};
    }
    pending_[p.id] = &p;
    p.timer = new uv_timer_t{};
    uv_timer_init(loop_, p.timer);
    p.timer->data = &p;
    uv_timer_start(p.timer, on_timeout, static_cast<std::uint64_t>(timeout_ms), 0);
    drain();   // the send may have consumed the edge of a reply that is already waiting
    wait_for until_answered{&p};
    co_await until_answered;
    co_return std::move(p.reply);
}

void zmq_requester::on_poll(uv_poll_t* h, int, int) { static_cast<zmq_requester*>(h->data)->drain(); }

void zmq_requester::on_timeout(uv_timer_t* t) {
    auto* p = static_cast<pending*>(t->data);
    p->owner->complete(p, zmq_reply{"timeout", {}});
}

void zmq_requester::drain() {
    if (!socket_) return;
    try {
        while (socket_->get(zmq::sockopt::events) & ZMQ_POLLIN) {
            std::vector<zmq::message_t> frames;
            if (!zmq::recv_multipart(*socket_, std::back_inserter(frames), zmq::recv_flags::dontwait)) break;
            // ["", id, status, body...]
            if (frames.size() < 3) continue;
            std::uint64_t id = std::strtoull(frames[1].to_string().c_str(), nullptr, 10);
            auto it = pending_.find(id);
            if (it == pending_.end()) continue;   // answered after its timeout: dropped
            zmq_reply r;
            r.status = frames[2].to_string();
            for (std::size_t i = 3; i < frames.size(); ++i) r.body.push_back(frames[i].to_string());
            complete(it->second, std::move(r));
        }
    } catch (const zmq::error_t& e) {
        spdlog::warn("zmq requester: {}", e.what());
    }
}

void zmq_requester::complete(pending* p, zmq_reply r) {
    pending_.erase(p->id);
    uv_timer_stop(p->timer);
    uv_close(reinterpret_cast<uv_handle_t*>(p->timer), [](uv_handle_t* h) { delete reinterpret_cast<uv_timer_t*>(h); });
    p->timer = nullptr;
    p->reply = std::move(r);
    p->done = true;
    if (p->waiter) p->waiter.resume();
}

}  // namespace jh
