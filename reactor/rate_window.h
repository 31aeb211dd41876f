// rate_window.h: the fixed-window counter in Redis that the per-client rate limits use (a route's
// rate class, reactor/route_policy.h) and that domains use for their own counts (per visitor, per
// sender address). One INCR per request: the first hit of a window sets its expiry, so a window
// is the `window_s` seconds after its first request, and an idle client costs nothing.
#pragma once

#include <cstdint>
#include <string>

#include "reactor/app_error.h"
#include "reactor/task.h"

namespace jh {

namespace redis { class client; }

struct window_count {
    std::int64_t count = 0;   // requests in this window, this one included
    int seconds_left = 0;     // until the window ends (the Retry-After of a refusal)
};

// INCR `key`, and EXPIRE it on its first hit (or when it has no expiry, which only a key written
// by hand can lack). Redis down or slow: error_kind::unavailable (503); a Redis error reply:
// error_kind::internal (and logged).
task<result<window_count>> count_in_window(redis::client& redis, std::string key, int window_s);

}  // namespace jh
