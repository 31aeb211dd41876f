// Instants as the protocols write them: the HTTP date of RFC 9110 (Date, Last-Modified) and ISO
// 8601 in UTC (the API's instants). One home for both, so no domain formats a time of its own.
#pragma once

#include <cstdint>
#include <string>

namespace jh {

// "Sat, 21 Nov 2026 10:00:00 GMT" for Unix seconds (RFC 9110, section 5.6.7, IMF-fixdate).
std::string http_date(std::int64_t epoch_s);

// "2026-11-21T10:00:00Z" for Unix seconds.
std::string iso_utc(std::int64_t epoch_s);

}  // namespace jh
