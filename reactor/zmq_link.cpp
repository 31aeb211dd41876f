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
// Request/reply (the sedcard worker) extends the same hub without new sockets per request
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
#include <zmq_addon.hpp>

#include <chrono>
#include <iterator>
#include <vector>

namespace jh {

namespace {
// The steerable proxy's control endpoint; inproc names are per context, so each hub has its own.
constexpr const char* inproc_control = "inproc://jobhafen-hub-control";
constexpr const char* inproc_broker_control = "inproc://jobhafen-broker-control";

// A hub socket bound at `endpoint`. Linger 0: stopping never waits for a slow peer. The sockets
// that face the workers (faces_workers) also keep TCP alive, to forget workers whose host vanished.
// Throws zmq::error_t, as binding does.
constexpr bool faces_workers = true;
zmq::socket_t bound_socket(zmq::context_t& context, zmq::socket_type type, const std::string& endpoint,
                           bool keepalive = false) {
    zmq::socket_t socket(context, type);
    socket.set(zmq::sockopt::linger, 0);
    if (keepalive) socket.set(zmq::sockopt::tcp_keepalive, 1);
    socket.bind(endpoint);
    return socket;
}

// Asks a steerable proxy's thread to end (TERMINATE on its control pair) and joins it. `what`
// names the proxy in the warning.
void stop_proxy(zmq::context_t& context, std::thread& thread, const char* control_endpoint, const char* what) {
    if (!thread.joinable()) return;
    try {
        zmq::socket_t ctl(context, zmq::socket_type::pair);
        ctl.set(zmq::sockopt::linger, 0);
        // Guards the (impossible) case of a proxy that already ended: never wait forever.
        ctl.set(zmq::sockopt::sndtimeo, 1000);
        ctl.connect(control_endpoint);
        ctl.send(zmq::str_buffer("TERMINATE"), zmq::send_flags::none);
    } catch (const zmq::error_t& e) {
        // Shutting the context down makes the proxy return with ETERM instead.
        spdlog::warn("zmq hub: could not ask the {} to stop: {}", what, e.what());
        context.shutdown();
    }
    thread.join();
}
}  // namespace

zmq_hub::zmq_hub(std::string publish_endpoint, std::string request_endpoint)
    : publish_endpoint_(std::move(publish_endpoint)),
      request_endpoint_(std::move(request_endpoint)),
      context_(std::make_unique<zmq::context_t>(1)) {}

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
        xpub = bound_socket(*context_, zmq::socket_type::xpub, publish_endpoint_, faces_workers);
    } catch (const zmq::error_t& e) {
        return "zmq.publish_endpoint " + publish_endpoint_ + ": " + e.what();
    }
    try {
        xsub = bound_socket(*context_, zmq::socket_type::xsub, inproc_publish);
        control = bound_socket(*context_, zmq::socket_type::pair, inproc_control);
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
    if (!request_endpoint_.empty()) start_broker();
    return {};
}

// The request broker (see the top of this file): a poll loop instead of zmq::proxy, so that a
// request finding no connected worker is answered "unavailable" at once instead of blocking the
// broker. Frames: [loop identity, "", request id, kind, payload...] towards the workers, and
// [loop identity, "", request id, status, body...] back. A bind failure of the request endpoint
// (another server on this host) is logged, not fatal: only the PDF routes answer 503 then.
void zmq_hub::start_broker() {
    zmq::socket_t router, dealer, control;
    try {
        router = bound_socket(*context_, zmq::socket_type::router, inproc_request);
        control = bound_socket(*context_, zmq::socket_type::pair, inproc_broker_control);
        dealer = bound_socket(*context_, zmq::socket_type::dealer, request_endpoint_, faces_workers);
    } catch (const zmq::error_t& e) {
        spdlog::error("zmq.request_endpoint {}: {} (document rendering answers 503)", request_endpoint_, e.what());
        return;
    }
    broker_ = std::thread([router = std::move(router), dealer = std::move(dealer), control = std::move(control)]() mutable {
        try {
            zmq::pollitem_t items[] = {{router.handle(), 0, ZMQ_POLLIN, 0}, {dealer.handle(), 0, ZMQ_POLLIN, 0},
                                       {control.handle(), 0, ZMQ_POLLIN, 0}};
            std::vector<zmq::message_t> frames;
            for (;;) {
                zmq::poll(items, 3, std::chrono::milliseconds(-1));
                if (items[2].revents & ZMQ_POLLIN) break;
                if (items[0].revents & ZMQ_POLLIN) {
                    frames.clear();
                    while (zmq::recv_multipart(router, std::back_inserter(frames), zmq::recv_flags::dontwait)) {
                        if (!zmq::send_multipart(dealer, frames, zmq::send_flags::dontwait) && frames.size() >= 3) {
                            // No worker connected (or all at their limit): say so now.
                            std::vector<zmq::message_t> reply;
                            reply.emplace_back(frames[0].data(), frames[0].size());
                            reply.emplace_back();
                            reply.emplace_back(frames[2].data(), frames[2].size());
                            reply.emplace_back(std::string_view("unavailable"));
                            (void)zmq::send_multipart(router, reply, zmq::send_flags::dontwait);
                        }
                        frames.clear();
                    }
                }
                if (items[1].revents & ZMQ_POLLIN) {
                    frames.clear();
                    while (zmq::recv_multipart(dealer, std::back_inserter(frames), zmq::recv_flags::dontwait)) {
                        (void)zmq::send_multipart(router, frames, zmq::send_flags::dontwait);   // unknown loop: dropped
                        frames.clear();
                    }
                }
            }
        } catch (const zmq::error_t& e) {
            if (e.num() != ETERM) spdlog::error("zmq hub: request broker stopped: {}", e.what());
        }
    });
}

void zmq_hub::stop() {
    stop_proxy(*context_, broker_, inproc_broker_control, "request broker");
    stop_proxy(*context_, forwarder_, inproc_control, "forwarder");
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
