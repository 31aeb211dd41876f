// redis_subscriber.h: one Redis pub/sub subscription on a loop (the command client in redis.h
// speaks request/reply only, and a subscribed connection can send nothing else).
//
// Used to hear that another server instance (or another loop) changed something that this loop
// caches in memory. The connection is re-opened every second while Redis is away; after every
// (re)subscription the handler is called once with an empty channel, because messages sent while
// the connection was down are lost: the owner should then drop what it caches.
//
// The subscription never keeps the loop alive (its handles are unreferenced), so a loop that stops
// does not wait for it. close() (or the destructor) frees the hiredis context at once; the last
// libuv close callback frees the rest.
#pragma once

#include <uv.h>

#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace jh::redis {

class subscriber {
public:
    using handler = std::function<void(std::string_view channel, std::string_view message)>;

    // url: redis://[[user]:password@]host[:port][/db]; host must be an IP address.
    subscriber(uv_loop_t* loop, std::string url, std::string channel, handler on_message);
    ~subscriber();
    subscriber(const subscriber&) = delete;
    subscriber& operator=(const subscriber&) = delete;

    void start();
    void close();
    bool subscribed() const noexcept;

private:
    struct impl;
    impl* impl_ = nullptr;   // frees itself after close (see the top of the file)
};

}  // namespace jh::redis
