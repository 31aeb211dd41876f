// Instants as the protocols write them (time_text.h). gmtime_r: thread-safe, no locale.
#include "reactor/time_text.h"

#include <ctime>

namespace jh {

namespace {

std::string format_utc(std::int64_t epoch_s, const char* format) {
    std::time_t t = static_cast<std::time_t>(epoch_s);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[64];
    std::size_t n = std::strftime(buf, sizeof buf, format, &tm);
    return std::string(buf, n);
}

}  // namespace

std::string http_date(std::int64_t epoch_s) { return format_utc(epoch_s, "%a, %d %b %Y %H:%M:%S GMT"); }

std::string iso_utc(std::int64_t epoch_s) { return format_utc(epoch_s, "%Y-%m-%dT%H:%M:%SZ"); }

}  // namespace jh
