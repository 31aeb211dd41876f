// job_view_rules.cpp: see job_view_rules.h.
#include "actors/jobs/job_view_rules.h"

#include <sodium.h>

#include <chrono>
#include <cstdio>

namespace jh::jobs {

using namespace std::chrono;

namespace {

// Berlin's offset from UTC at `t`, in seconds.
std::int64_t berlin_offset_at(sys_seconds t) {
    const year y = year_month_day{floor<days>(t)}.year();
    const sys_seconds summer_from = sys_days{y / March / Sunday[last]} + hours{1};
    const sys_seconds summer_to = sys_days{y / October / Sunday[last]} + hours{1};
    return t >= summer_from && t < summer_to ? 7200 : 3600;
}

}  // namespace

berlin_day berlin_day_at(std::int64_t unix_s) {
    const sys_seconds t{seconds{unix_s}};
    const std::int64_t offset = berlin_offset_at(t);
    const sys_days local_day = floor<days>(t + seconds{offset});
    // The switches happen at 01:00 UTC, never near a Berlin midnight (22:00 or 23:00 UTC), so the
    // offset just before the next midnight is the one that midnight has.
    const sys_seconds next_local_midnight = local_day + days{1};
    const std::int64_t next_offset = berlin_offset_at(next_local_midnight - seconds{offset} - seconds{1});
    const sys_seconds end = next_local_midnight - seconds{next_offset};
    const year_month_day ymd{local_day};
    char date[40];
    std::snprintf(date, sizeof date, "%04d-%02u-%02u", static_cast<int>(ymd.year()), static_cast<unsigned>(ymd.month()),
                  static_cast<unsigned>(ymd.day()));
    const auto left = (end - t).count();
    return {date, static_cast<int>(left < 1 ? 1 : left)};
}

std::string view_marker_key(const auth::signing_key& key, std::int64_t job, std::string_view day, std::string_view client,
                            std::string_view user_agent) {
    std::string message = "job_view\n";
    message.append(day).append("\n").append(client).append("\n").append(user_agent);
    unsigned char mac[crypto_auth_hmacsha256_BYTES];
    crypto_auth_hmacsha256_state st;
    crypto_auth_hmacsha256_init(&st, key.bytes.data(), key.bytes.size());
    crypto_auth_hmacsha256_update(&st, reinterpret_cast<const unsigned char*>(message.data()), message.size());
    crypto_auth_hmacsha256_final(&st, mac);
    char hex[33];
    sodium_bin2hex(hex, sizeof hex, mac, 16);   // 128 bits: no two clients of a job and day meet by chance
    return "jobhafen:views:seen:" + std::to_string(job) + ":" + std::string(hex, 32);
}

}  // namespace jh::jobs
