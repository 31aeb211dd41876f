// redis_sentinel.h: asking Redis Sentinels where the primary is, without blocking the loop.
//
// With redis.sentinels set, the Redis client (reactor/redis.h) asks before every connect: it sends
// SENTINEL get-master-addr-by-name to each Sentinel in turn, over a plain libuv TCP connection,
// until one names the primary. After a failover the next connect (the old primary is gone, or
// answers READONLY as a replica) thus reaches the new one without restarting anything.
// Sentinel addresses are IP:port ("10.0.0.3:26379", "[fd00::3]:26379"): no name lookup is needed.
#pragma once

#include <uv.h>

#include <cstdint>
#include <expected>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace jh::redis {

struct host_port {
    std::string host;
    int port = 0;
};

// "10.0.0.3:26379" or "[fd00::3]:26379"; the host must be an IP address.
std::expected<host_port, std::string> parse_sentinel_address(std::string_view text);

// The request bytes (RESP) of SENTINEL get-master-addr-by-name `master`.
std::string master_address_request(std::string_view master);

// The request bytes (RESP) of AUTH `password`: a Sentinel with `requirepass` answers nothing else
// before it (NOAUTH).
std::string auth_request(std::string_view password);

// Reads the answer to that request from the bytes received so far: nullopt while it is incomplete;
// the primary's address, or why there is none (the Sentinel does not know the name, an error reply,
// something that is not an address).
std::optional<std::expected<host_port, std::string>> parse_master_address_reply(std::string_view bytes);

// The same for AUTH sent first: its "+OK", then the address reply; a refused password (an error
// reply to AUTH) is no address, with the Sentinel's words.
std::optional<std::expected<host_port, std::string>> parse_reply_after_auth(std::string_view bytes);

// One round of asking: each Sentinel in order, each within `timeout_ms`, until one answers with an
// address; with a `password` (redis.sentinel_password), each is sent AUTH first. Frees itself
// after calling `done` once; cancel() frees it without calling `done`.
class sentinel_lookup {
public:
    using callback = std::function<void(std::expected<host_port, std::string>)>;
    static sentinel_lookup* start(uv_loop_t* loop, std::vector<host_port> sentinels, std::string master,
                                  std::uint64_t timeout_ms, callback done, std::string password = {});
    void cancel();

private:
    sentinel_lookup(uv_loop_t* loop, std::vector<host_port> sentinels, std::string master, std::uint64_t timeout_ms, callback done,
                    std::string password);
    struct attempt;
    void ask_next();
    void attempt_over(attempt* a, std::optional<std::expected<host_port, std::string>> outcome);
    void finish(std::expected<host_port, std::string> r);
    void maybe_free();

    uv_loop_t* loop_;
    std::vector<host_port> sentinels_;
    std::string master_;
    std::string password_;   // empty: no AUTH
    std::uint64_t timeout_ms_;
    callback done_;
    std::size_t next_ = 0;
    std::string errors_;        // what each Sentinel said, for the log line when none helped
    attempt* current_ = nullptr;
    int open_handles_ = 0;
    bool finished_ = false;
};

}  // namespace jh::redis
