// redis.h: the asynchronous Redis client of one loop (hiredis 0.14.1 + its libuv adapter).
//
// hiredis 0.14.1 has no command timeout and its libuv adapter can hang on a failed connect, so
// this client arms its own uv_timer for the connect and for every command, treats a timeout as a
// failed command, and reconnects with backoff from the disconnect callback. While Redis is down,
// a command waits for the next connection within the outage grace (a failover's few seconds) and
// past it fails at once (the route answers 503) instead of hanging. At most `queue_limit`
// commands wait at once; one more fails at once (503), so an outage cannot pile up the loop's
// memory. A command that may run twice (resend::after_drop) and was sent when the connection
// dropped waits for the next connection too and is sent again, within the grace.
#pragma once

#include <uv.h>

#include <concepts>
#include <cstdint>
#include <expected>
#include <memory>
#include <string>
#include <utility>
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

// Whether a command sent when the connection dropped (whether Redis ran it is unknown) may be
// sent again on the next connection, within the outage grace.
enum class resend {
    never,        // it must not run twice (a token rotation, a counter that must be exact)
    after_drop,   // a read, a write that changes nothing the second time, or a count for which one
                  // extra hit does no harm (a rate window: it only gets stricter by one)
};

// Redis behind Sentinels (reactor/redis_sentinel.h): "ip:port" of each Sentinel and the name they
// know the primary by. Empty sentinels: the URL's host is the server.
struct sentinel_settings {
    std::vector<std::string> sentinels;
    std::string master;
    std::string password;   // the Sentinels' requirepass (redis.sentinel_password); empty: no AUTH
};

class client {
public:
    // url: redis://[[user]:password@]host[:port][/db] (user and password percent-encoded; db
    // is selected after each connect). A host name is looked up off the loop before each connect
    // (reactor/resolve.h): hiredis' own lookup would block. With Sentinels, the URL's host and
    // port are not used: before each connect a Sentinel names the primary, the session checks
    // with ROLE that it is one, and a READONLY answer (the primary became a replica) ends the
    // connection so the next connect asks again.
    // `outage_grace_ms`: for so long after the connection was lost (or after start()), a command
    // waits for the next connection instead of failing at once (0: at once); the same idea as
    // pg::pool's outage grace. `queue_limit`: commands waiting for a connection at once (the
    // same as database.queue_limit for the pools); one more fails at once.
    client(uv_loop_t* loop, std::string url, int connect_timeout_ms, int command_timeout_ms, sentinel_settings sentinels = {},
           int outage_grace_ms = 0, int queue_limit = 512);
    // Fails what is pending and closes the libuv handles: run the loop until it is empty
    // before uv_loop_close (the last close callback frees the client's state).
    ~client();
    client(const client&) = delete;
    client& operator=(const client&) = delete;

    void start();
    void close();

    // Sends one command. A Redis error reply is a successful call whose reply has kind ==
    // type::error; a failed call (not connected, timeout, connection lost) is an error.
    task<expected<reply>> command(std::vector<std::string> args);
    // The same; with resend::after_drop a command that was sent when the connection dropped is sent
    // again on the next connection (within the grace, counted from its first drop) instead of failing.
    task<expected<reply>> command(std::vector<std::string> args, resend how);
    // The same, as command("ZADD", key, score, member). Prefer this form inside a coroutine:
    // g++ 12 rejects a braced list in a co_await expression (`co_await c.command({"GET", k})`
    // fails with "array used as initializer"), so that form needs the vector built beforehand.
    template <typename... Args>
        requires(sizeof...(Args) > 0 && (std::constructible_from<std::string, Args&&> && ...))
    task<expected<reply>> command(Args&&... args) {
        std::vector<std::string> v;
        v.reserve(sizeof...(Args));
        (v.emplace_back(std::forward<Args>(args)), ...);
        return command(std::move(v));
    }
    bool connected() const noexcept;

private:
    struct impl;
    std::unique_ptr<impl> impl_;
};

}  // namespace jh::redis
