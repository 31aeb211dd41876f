// response_time.h: how quickly an organization answers applications (migrations/0120), as the
// organization page and the job detail show it to candidates: the median hours from an
// application to the provider's first status change, over the last 90 days, and how many
// applications it rests on. Shown only from min_response_samples applications on.
#pragma once

#include <cstdint>
#include <optional>

#include "reactor/json_writer.h"
#include "reactor/pg.h"

namespace jh::organizations {

inline constexpr int min_response_samples = 5;

struct response_time {
    double median_hours = 0;
    std::int64_t applications = 0;
};

// Columns [at, at + 2): median_seconds, sample_size of organization_response_times (null when the
// organization has none, or fewer than min_response_samples).
inline std::optional<response_time> read_response_time(const pg::result_set& r, int row, int at) {
    if (r.is_null(row, at) || r.is_null(row, at + 1) || r.int64(row, at + 1) < min_response_samples) return std::nullopt;
    return response_time{r.number(row, at) / 3600.0, r.int64(row, at + 1)};
}

// "responseTime": {"medianHours": 31.5, "applications": 12} or null.
inline void write_response_time(json_writer& w, const std::optional<response_time>& t) {
    w.key("responseTime");
    if (!t) {
        w.null();
        return;
    }
    double rounded = static_cast<double>(static_cast<std::int64_t>(t->median_hours * 10.0 + 0.5)) / 10.0;
    w.begin_object().member("medianHours", rounded).member("applications", t->applications).end_object();
}

}  // namespace jh::organizations
