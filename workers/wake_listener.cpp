// wake_listener.cpp: see wake_listener.h.
#include "workers/wake_listener.h"

#include <spdlog/spdlog.h>
#include <time.h>

#include <cerrno>
#include <zmq.hpp>

namespace jh::workers {

wake_listener::wake_listener(const std::string& endpoint, const std::string& kind, int interrupt_fd) : interrupt_fd_(interrupt_fd) {
    try {
        context_ = std::make_unique<zmq::context_t>(1);
        sub_ = std::make_unique<zmq::socket_t>(*context_, zmq::socket_type::sub);
        sub_->set(zmq::sockopt::linger, 0);
        // Topics match by prefix; the kinds do not prefix one another (mail, webhooks, ...).
        sub_->set(zmq::sockopt::subscribe, kind);
        // ZeroMQ reconnects by itself when the server restarts; no need to wait for it here.
        sub_->connect(endpoint);
    } catch (const zmq::error_t& e) {
        spdlog::warn("worker: cannot subscribe to wake-ups at {} ({}); polling the table only", endpoint, e.what());
        sub_.reset();
    }
}

wake_listener::~wake_listener() = default;

void wake_listener::wait(std::chrono::milliseconds timeout) {
    if (timeout.count() < 0) timeout = std::chrono::milliseconds(0);
    // zmq_poll watches plain file descriptors too: the stop pipe wakes us like a wake-up would.
    zmq::pollitem_t items[3];
    std::size_t count = 0;
    int sub_index = -1;
    for (int fd : {interrupt_fd_, extra_fd_})
        if (fd >= 0) items[count++] = {nullptr, fd, ZMQ_POLLIN, 0};
    if (sub_) {
        sub_index = static_cast<int>(count);
        items[count++] = {sub_->handle(), -1, ZMQ_POLLIN, 0};
    }
    try {
        if (count == 0) {
            timespec ts{static_cast<time_t>(timeout.count() / 1000), static_cast<long>((timeout.count() % 1000) * 1000000)};
            ::nanosleep(&ts, nullptr);
        } else if (zmq::poll(items, count, timeout) > 0 && sub_index >= 0 && (items[sub_index].revents & ZMQ_POLLIN)) {
            drain();
        }
    } catch (const zmq::error_t& e) {
        if (e.num() != EINTR) spdlog::warn("worker: waiting for wake-ups failed: {}", e.what());
    }
}

void wake_listener::drain() {
    zmq::message_t msg;
    try {
        while (sub_->recv(msg, zmq::recv_flags::dontwait)) {
        }
    } catch (const zmq::error_t&) {
        // EINTR or a closing context: the caller looks at the table next either way.
    }
}

}  // namespace jh::workers
