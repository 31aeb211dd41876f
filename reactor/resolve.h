// resolve.h: a host name to an address without blocking the loop.
//
// libpq and hiredis resolve a host name with a blocking getaddrinfo() inside their connect calls,
// which would stall every request of the loop for as long as DNS takes. So the database pool and
// the Redis clients look the name up first with uv_getaddrinfo (on libuv's thread pool) and give
// the libraries the address: libpq as `hostaddr` beside `host` (which still names the server for
// TLS and .pgpass), hiredis as the host it connects to. An IP address needs no lookup.
#pragma once

#include <uv.h>

#include <expected>
#include <functional>
#include <string>
#include <string_view>

namespace jh {

// "127.0.0.1", "::1" (without brackets): a numeric address that needs no lookup.
bool is_ip_address(std::string_view host) noexcept;

// A lookup in flight. The callback runs once on the loop thread with the first address of `host`
// (IPv4 preferred, numeric text) or a readable error; cancel() before the owner goes away, after
// which the callback never runs.
class host_lookup {
public:
    using callback = std::function<void(std::expected<std::string, std::string>)>;
    // Starts the lookup; null when it could not be started (then `done` already ran with the error).
    static host_lookup* start(uv_loop_t* loop, std::string host, callback done);
    // The callback will not run; the request frees itself when libuv is done with it.
    void cancel() noexcept;

private:
    host_lookup(std::string host, callback done) : host_(std::move(host)), done_(std::move(done)) {}
    static void on_done(uv_getaddrinfo_t* req, int status, struct addrinfo* res);

    uv_getaddrinfo_t req_{};
    std::string host_;
    callback done_;
};

}  // namespace jh
