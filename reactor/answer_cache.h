// answer_cache.h: finished answers that are the same for every visitor (a page, a job's data, a
// place list), kept in one loop's memory as the bytes that go out: the body, its gzip form and an
// ETag, so a repeated request costs a lookup and a write, not a database round trip, a JSON writer
// and a compression.
//
// Freshness is the owner's rule, stated per lookup (docs/caching.md):
//   * `version`: what the answer was made from, e.g. the job index's generation. An answer made from
//     another version than the current one is stale, except within `grace` of its making (so a
//     catalogue that changes every few milliseconds does not make every request a miss; the grace is
//     far below the promise that an edit shows within 500 ms).
//   * an unknown version (nullopt: no index in this process) keeps nothing: such answers are made
//     for every request, as before (parts an owner keeps itself may use the grace: still_fresh);
//   * `ttl` bounds every answer's age, for what no version tracks.
// Each loop owns its cache (no lock); the bytes are shared, read-only, with the answers in flight.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "reactor/http_message.h"

namespace jh {

struct answer_freshness {
    std::chrono::milliseconds ttl;
    std::chrono::milliseconds grace;
};

// The rule above for anything made at `made` from `made_from` (an answer, or parts its owner keeps
// itself: a page's head, a landing page's job section).
bool still_fresh(std::chrono::steady_clock::time_point made, std::optional<std::uint64_t> made_from,
                 std::optional<std::uint64_t> current, answer_freshness rule, std::chrono::steady_clock::time_point now) noexcept;

struct kept_answer {
    int status = 200;
    std::string content_type;
    std::string cache_control;   // empty: the route's own policy applies
    // One of the two forms is kept: the gzip form when it is smaller (the plain one is made again for
    // the rare client that takes no gzip: a third to a fifth of the memory), else the plain one.
    std::shared_ptr<const std::string> body, gzip;
    std::size_t plain_bytes = 0;
    std::string etag;            // W/"…" of the body: the same bytes give the same tag on every loop and host
    std::optional<std::uint64_t> version;
    std::chrono::steady_clock::time_point made;
    std::chrono::steady_clock::time_point until = std::chrono::steady_clock::time_point::max();   // stale from then on
    std::shared_ptr<const void> made_from;   // what the owner checks besides the version (or null)
};

class answer_cache {
public:
    explicit answer_cache(std::size_t max_bytes) : max_bytes_(max_bytes) {}

    // The kept answer of `key` when it is still fresh by the rule above, else null.
    const kept_answer* find(std::string_view key, std::optional<std::uint64_t> version, answer_freshness rule,
                            std::chrono::steady_clock::time_point now) const;
    // Keeps `res` (its body, not a file or stream) under `key`, made from `version` as it was when the
    // work began (a change meanwhile makes it stale at once); nothing without a version. Answers other than 200, 404 and 410 are
    // not kept, nor answers with headers other than Cache-Control. `until`: stale from then on, whatever
    // the version (a job that ends by its date). The whole cache is emptied when it would grow past
    // its bytes.
    const kept_answer* keep(std::string key, std::optional<std::uint64_t> version, const http_response& res,
                            std::chrono::steady_clock::time_point made,
                            std::chrono::steady_clock::time_point until = std::chrono::steady_clock::time_point::max(),
                            std::shared_ptr<const void> made_from = nullptr);
    void clear() noexcept;

    std::size_t bytes() const noexcept { return bytes_; }
    std::size_t size() const noexcept { return answers_.size(); }

private:
    std::size_t max_bytes_;
    std::size_t bytes_ = 0;
    std::unordered_map<std::string, kept_answer> answers_;
};

// The response for a kept answer: 304 when If-None-Match names its ETag, else the gzip form when the
// client accepts it (with Vary), else the plain body (unpacked for this request when only the gzip
// form is kept).
http_response answer_from(const kept_answer& kept, const http_request& req);

// W/"<hash>" of `body` (64-bit FNV-1a in hex): a weak tag, the same for the plain and the gzip form.
std::string weak_etag(std::string_view body);

// True when the request's If-None-Match lists `etag` (or is "*").
bool etag_matches(const http_request& req, std::string_view etag) noexcept;

}  // namespace jh
