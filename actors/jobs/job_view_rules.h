// job_view_rules.h: the pure parts of counting a job page view once per client and day (issue 39,
// item 5; docs/decisions.md "A view counted once per client and day"): the Berlin day an instant
// falls on with the seconds until that day ends, and the Redis key that marks "this client has
// been counted for this job today". The key holds no address and no user agent: only a keyed hash
// (HMAC with the server's secret) of the day, the client's address key and its user agent, which
// nobody without the secret can turn back into an address, and which changes every day.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "reactor/auth.h"

namespace jh::jobs {

struct berlin_day {
    std::string date;        // "YYYY-MM-DD", the calendar day in Europe/Berlin
    int seconds_left = 0;    // until that day's midnight in Berlin (at least 1)
};

// The Berlin day of `unix_s` (seconds since the epoch, UTC). Daylight saving by the EU rule in force
// since 1996: CEST from the last Sunday of March 01:00 UTC to the last Sunday of October 01:00 UTC.
berlin_day berlin_day_at(std::int64_t unix_s);

// "jobhafen:views:seen:<job>:<32 hex>": the marker of one client's view of `job` on `day`. The
// client is its address key (reactor/client_key.h: an IPv4 address or an IPv6 /64) and its user
// agent; `key` is the process's secret (auth.secret), so the hash is the same on every server.
std::string view_marker_key(const auth::signing_key& key, std::int64_t job, std::string_view day, std::string_view client,
                            std::string_view user_agent);

}  // namespace jh::jobs
