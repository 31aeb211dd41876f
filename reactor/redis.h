// redis.h: the asynchronous Redis client of one loop (hiredis 0.14.1 + its libuv adapter).
//
// hiredis 0.14.1 has no command timeout and its libuv adapter can hang on a failed connect, so
// this client arms its own uv_timer for the connect and for every command, treats a timeout as a
// failed command, and reconnects with backoff from the disconnect callback. While Redis is down,
// commands fail at once (the route answers 503) instead of hanging.
#pragma once

#include <uv.h>

#include <cstdint>
#include <expected>
#include <memory>
#include <string>
#include <vector>

#include "reactor/app_error.h"
#include "reactor/task.h"

namespace jh::redis {

struct reply {
    enum class type { nil, string, integer, array, status, error };
    type kind = type::nil;
    std::int64_t integer = 0;
    std::string str;                 // string, status and error replies
    std::vector<reply> elements;     // array replies
};

struct error {
    std::string message;
    // Always 503: Redis holds nothing that cannot be rebuilt, but we do not guess without it.
    app_error to_app_error() const { return app_error::make(error_kind::unavailable, "Der Dienst ist gerade nicht erreichbar. Bitte versuche es gleich noch einmal."); }
};

template <typename T>
using expected = std::expected<T, error>;

class client {
public:
    client(uv_loop_t* loop, std::string url, int connect_timeout_ms, int command_timeout_ms);
    ~client();
    client(const client&) = delete;
    client& operator=(const client&) = delete;

    void start();
    void close();

    // Sends one command, e.g. command({"ZADD", key, score, member}). A Redis error reply is a
    // successful call whose reply has kind == type::error.
    task<expected<reply>> command(std::vector<std::string> args);
    bool connected() const noexcept;

private:
    struct impl;
    std::unique_ptr<impl> impl_;
};

}  // namespace jh::redis
