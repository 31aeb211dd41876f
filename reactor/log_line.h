// log_line.h: the two forms a log line takes (log.format). "text" is for a person reading a
// terminal; "json" is one JSON object per line for a log shipper (Loki, Elasticsearch, journald's
// JSON export), so fields are found by name instead of by position.
//
// JSON line: {"time":"2026-11-24T10:00:00.123Z","level":"info","thread":123,"message":"…","requestId":"…"}.
// A message that ends with " rid=ID" (the worker lines of a queued job, reactor/request_id.h)
// gives its id to "requestId" and loses the suffix, so one request is found across the server's
// access lines and the workers' lines by one field.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace jh {

enum class log_format { text, json };

std::optional<log_format> parse_log_format(std::string_view name);

// Appends one JSON log line (with its newline) to `out`. `time` is ISO 8601 UTC with milliseconds.
void append_json_log_line(std::string& out, std::string_view time, std::string_view level, std::uint64_t thread,
                          std::string_view message);

// The fields of one access line (reactor/access_log.h), as a JSON object with its newline.
struct access_fields {
    std::string_view time;
    int loop = 0;
    std::string_view method;
    std::string_view target;   // already redacted
    int status = 0;
    std::uint64_t bytes = 0;
    std::uint64_t micros = 0;
    std::string_view client;
    std::string_view request_id;
};
void append_json_access_line(std::string& out, const access_fields& f);

}  // namespace jh
