// zmq_link.cpp: the ZeroMQ hub of the process and the per-loop publishing link (see zmq_link.h).
//
// Wake-ups are fire-and-forget on purpose. PUB/SUB has a "slow joiner": a worker's subscription
// travels to the hub (and from the hub's XSUB on to each loop's PUB) asynchronously, so a message
// published just after a worker connected, or just after a loop's link was created, may reach no
// one; a worker that is restarting misses everything in between; a hub at its high-water mark
// drops. None of that loses work: the job itself is a row in the PostgreSQL queue, committed before
// the wake-up is sent, and every worker also polls that table every few seconds. A lost wake-up
// only delays a job until the next poll, so we never block a loop, never retry and never wait for
// subscribers here.
//
// Request/reply (the sedcard worker, issue 6) extends the same hub without new sockets per request
// and without blocking a loop:
//   loop's DEALER ──inproc──▶ hub ROUTER "inproc://jobhafen-request"
//                              ⇅ a second proxy (zmq::proxy, or a poll loop in the same thread)
//                             hub DEALER bound at zmq.request_endpoint ◀── workers' REP sockets
// The hub's DEALER hands requests round-robin to the connected workers; the ROUTER's envelope
// carries each reply back to the loop that asked. A loop sends [request id, kind, payload] with
// ZMQ_DONTWAIT, watches its DEALER through a uv_poll on ZMQ_FD (edge-triggered: after every
// wake-up and every send, read ZMQ_EVENTS and drain until it says no more input), matches replies
// by request id, and arms a uv_timer per request: no reply in time → 503, and a late reply with an
// unknown id is dropped. If round-robin onto a busy or vanished worker proves too coarse, the hub's
// proxy becomes a small broker (workers send READY over a DEALER; requests go to the longest idle
// worker) with the same loop-side interface.
#include "reactor/zmq_link.h"

#include <spdlog/spdlog.h>

#include <zmq.hpp>

namespace jh {

namespace {
// The steerable proxy's control endpoint; inproc names are per context, so each hub has its own.
constexpr const char* inproc_control = "inproc://jobhafen-hub-control";
}  // namespace

zmq_hub::zmq_hub(std::string publish_endpoint)
    : publish_endpoint_(std::move(publish_endpoint)), context_(std::make_unique<zmq::context_t>(1)) {}

zmq_hub::~zmq_hub() {
    stop();
    // zmq_ctx_term (in context_t's destructor) waits until every socket of the context is closed:
    // every zmq_link must be destroyed before the hub.
}

std::string zmq_hub::start() {
    if (forwarder_.joinable()) return "zmq hub already started";
    // The sockets are made and bound here, on the caller's thread, so a bad or busy endpoint is
    // reported by start(); then they move to the forwarding thread and are only used there.
    zmq::socket_t xpub, xsub, control;
    try {
        xpub = zmq::socket_t(*context_, zmq::socket_type::xpub);
        xpub.set(zmq::sockopt::linger, 0);          // stop() never waits for a slow subscriber
        xpub.set(zmq::sockopt::tcp_keepalive, 1);   // forget workers whose host vanished
        xpub.bind(publish_endpoint_);
    } catch (const zmq::error_t& e) {
        return "zmq.publish_endpoint " + publish_endpoint_ + ": " + e.what();
    }
    try {
        xsub = zmq::socket_t(*context_, zmq::socket_type::xsub);
        xsub.set(zmq::sockopt::linger, 0);
        xsub.bind(inproc_publish);
        control = zmq::socket_t(*context_, zmq::socket_type::pair);
        control.set(zmq::sockopt::linger, 0);
        control.bind(inproc_control);
    } catch (const zmq::error_t& e) {
        return std::string("zmq hub: ") + e.what();
    }
    forwarder_ = std::thread([xpub = std::move(xpub), xsub = std::move(xsub), control = std::move(control)]() mutable {
        try {
            // Messages flow XSUB → XPUB; subscriptions flow back XPUB → XSUB → the loops' PUB
            // sockets, so a loop's PUB only sends topics some worker has subscribed to.
            zmq::proxy_steerable(xsub, xpub, zmq::socket_ref(), control);
        } catch (const zmq::error_t& e) {
            if (e.num() != ETERM) spdlog::error("zmq hub: forwarding stopped: {}", e.what());
        }
        // The sockets close here, on the thread that used them (linger 0: at once).
    });
    return {};
}

void zmq_hub::stop() {
    if (forwarder_.joinable()) {
        try {
            zmq::socket_t ctl(*context_, zmq::socket_type::pair);
            ctl.set(zmq::sockopt::linger, 0);
            // Guards the (impossible) case of a forwarder that already ended: never wait forever.
            ctl.set(zmq::sockopt::sndtimeo, 1000);
            ctl.connect(inproc_control);
            ctl.send(zmq::str_buffer("TERMINATE"), zmq::send_flags::none);
        } catch (const zmq::error_t& e) {
            // Shutting the context down below makes the proxy return with ETERM instead.
            spdlog::warn("zmq hub: could not ask the forwarder to stop: {}", e.what());
            context_->shutdown();
        }
        forwarder_.join();
    }
    // From now on the loops' publish() fails at once (ETERM) instead of queueing to no one.
    context_->shutdown();
}

zmq_link::zmq_link(zmq_hub& hub) : pub_(std::make_unique<zmq::socket_t>(hub.context(), zmq::socket_type::pub)) {
    pub_->set(zmq::sockopt::linger, 0);
    // At the high-water mark a PUB socket drops silently; with NODROP a ZMQ_DONTWAIT send says
    // EAGAIN instead, so publish() can tell its caller (and a metric) that it did not queue.
    pub_->set(zmq::sockopt::xpub_nodrop, true);
    // inproc may connect before the hub binds (ZeroMQ ≥ 4.0); the pipe opens once it does.
    pub_->connect(zmq_hub::inproc_publish);
}

zmq_link::~zmq_link() = default;

bool zmq_link::publish(std::string_view topic, std::string_view payload) noexcept {
    try {
        // The high-water mark is checked on the first frame only, so a message goes whole or not at all.
        if (!pub_->send(zmq::buffer(topic), zmq::send_flags::sndmore | zmq::send_flags::dontwait)) return false;
        return pub_->send(zmq::buffer(payload), zmq::send_flags::dontwait).has_value();
    } catch (const zmq::error_t&) {
        return false;   // ETERM after the hub stopped, or the socket is unusable
    }
}

}  // namespace jh
