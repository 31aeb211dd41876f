// log_redaction.h: request targets as they may appear in a log line: without tokens, codes,
// e-mail addresses, passwords or API keys.
//
// Three rules, applied while the target is copied into the log buffer (no allocation):
//   * the value of a query parameter whose name is on the list below is replaced by "[redacted]"
//     (names compared without case; "email[]" counts as "email");
//   * any query value holding an '@' (also written %40) is replaced, whatever its name;
//   * path segments that carry a secret. On a matched route: its parameters named on the list
//     (router.h marks them, e.g. {token} of /api/job_alerts/unsubscribe/{token}); nothing else is
//     scanned, so a routed path without such a parameter is copied as it is. Any other path (app
//     pages, files, unknown paths): the segments after a page prefix that carries a token in the
//     web app (/passwort-zuruecksetzen/{token}), and any segment that looks like a random token
//     (32 or more characters of base64url with an upper-case letter, or of hex digits; our slugs
//     are lower-case words).
// A target without '?' on a route without secret parameters costs one search for '?'.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace jh {

inline constexpr std::string_view redacted_marker = "[redacted]";

// True for a query parameter or route parameter name whose value never goes into a log.
bool is_secret_name(std::string_view name) noexcept;

// What the router knows about a target's path.
struct log_target_hint {
    bool routed = false;                 // the path matched a route
    std::uint32_t secret_segments = 0;   // bit i: segment i (after the leading '/') is a secret parameter
};

// Appends `target` (a raw request target: path and query, still percent-encoded) to `out` with
// the secrets above replaced.
void append_redacted_target(std::string& out, std::string_view target, log_target_hint hint = {});

// The same, returned as a new string (for log lines outside the hot path).
std::string redacted_target(std::string_view target, log_target_hint hint = {});

}  // namespace jh
