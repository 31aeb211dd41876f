// rate_window.cpp: see rate_window.h.
#include "reactor/rate_window.h"

#include <spdlog/spdlog.h>

#include "reactor/redis.h"

namespace jh {

namespace {

// One round trip, atomic even with many loops and servers on one Redis: the count and the seconds
// left in the window.
constexpr std::string_view window_script = R"lua(
local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('TTL', KEYS[1])
if n == 1 or ttl < 0 then
  redis.call('EXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}
)lua";

}  // namespace

task<result<window_count>> count_in_window(redis::client& redis, std::string key, int window_s) {
    std::vector<std::string> cmd{"EVAL", std::string(window_script), "1", std::move(key), std::to_string(window_s)};
    // Sent again after a drop: the request may then count twice, one hit more in a window is a
    // limit stricter by one, not a failed request (docs/operations.md, the rule per limit).
    auto r = co_await redis.command(std::move(cmd), redis::resend::after_drop);
    if (!r) co_return std::unexpected(r.error().to_app_error());
    if (r->kind != redis::reply::type::array || r->elements.size() != 2) {
        spdlog::error("redis: the window script answered {}", r->kind == redis::reply::type::error ? r->str : "no pair");
        co_return fail(error_kind::internal, "");
    }
    window_count out;
    out.count = r->elements[0].integer;
    out.seconds_left = static_cast<int>(r->elements[1].integer);
    co_return out;
}

}  // namespace jh
