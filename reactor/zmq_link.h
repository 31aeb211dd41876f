// zmq_link.h: the ZeroMQ side of the server.
//
// Many loops (and many server processes) must reach any number of workers on any host. One
// zmq_hub per process binds the public endpoints and forwards between them and the loops:
//   loops' PUB  ──inproc──▶ hub XSUB ─▶ XPUB bound at zmq.publish_endpoint  ◀── workers' SUB
// A worker subscribes to its kind ("mail", "alerts", ...) and wakes when a job of that kind was
// committed. Each loop owns one zmq_link (one PUB socket): publishing never blocks (ZMQ_DONTWAIT;
// a dropped wake-up only delays a job, because workers also poll the queue table).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <thread>

namespace zmq {
class context_t;
class socket_t;
}  // namespace zmq

namespace jh {

class zmq_hub {
public:
    // `request_endpoint` (optional): where request/reply workers (the sedcard renderer) connect;
    // see reactor/zmq_request.h. Empty: no request broker.
    explicit zmq_hub(std::string publish_endpoint, std::string request_endpoint = {});
    ~zmq_hub();
    // Binds the endpoints and starts the forwarding thread. Returns an error text on failure.
    std::string start();
    void stop();
    zmq::context_t& context() noexcept { return *context_; }
    static constexpr const char* inproc_publish = "inproc://jobhafen-publish";
    static constexpr const char* inproc_request = "inproc://jobhafen-request";
    // False when the request endpoint could not be bound (then every request answers 503 at once).
    bool requests_enabled() const noexcept { return broker_.joinable(); }

private:
    void start_broker();
    std::string publish_endpoint_;
    std::string request_endpoint_;
    std::unique_ptr<zmq::context_t> context_;
    std::thread forwarder_;
    std::thread broker_;
};

class zmq_link {
public:
    explicit zmq_link(zmq_hub& hub);
    ~zmq_link();
    // Sends a two-part message: the topic (a worker kind) and a payload. Never blocks; returns
    // false when the message could not be queued.
    bool publish(std::string_view topic, std::string_view payload) noexcept;

private:
    std::unique_ptr<zmq::socket_t> pub_;
};

}  // namespace jh
