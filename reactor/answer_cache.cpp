// answer_cache.cpp: see answer_cache.h.
#include "reactor/answer_cache.h"

#include <fmt/format.h>

#include "reactor/compress.h"
#include "reactor/http_pipeline.h"

namespace jh {

namespace {

// Bodies below this are sent as they are (gzip's frame would eat the gain), as finish_response does.
constexpr std::size_t answer_gzip_min_bytes = 1024;
// A kept answer is compressed once, so it may take zlib's default level rather than the fast one
// that an answer compressed per request uses.
constexpr int answer_gzip_level = 6;

std::size_t footprint(const std::string& key, const kept_answer& a) {
    return key.size() + a.content_type.size() + a.etag.size() + (a.body ? a.body->size() : 0) + (a.gzip ? a.gzip->size() : 0) + 160;
}

}  // namespace

bool still_fresh(std::chrono::steady_clock::time_point made, std::optional<std::uint64_t> made_from,
                 std::optional<std::uint64_t> current, answer_freshness rule, std::chrono::steady_clock::time_point now) noexcept {
    auto age = now - made;
    if (age >= rule.ttl) return false;
    if (age < rule.grace) return true;
    return made_from && current && *made_from == *current;
}

std::string weak_etag(std::string_view body) {
    std::uint64_t h = 14695981039346656037ull;
    for (unsigned char c : body) {
        h ^= c;
        h *= 1099511628211ull;
    }
    return fmt::format("W/\"{:016x}-{:x}\"", h, body.size());
}

bool etag_matches(const http_request& req, std::string_view etag) noexcept {
    auto inm = req.header("if-none-match");
    if (!inm) return false;
    // Compared weakly (RFC 9110 13.1.2): a tag with or without W/ matches the same opaque value, and
    // only a whole tag of the list counts (not one inside another's text).
    auto opaque = [](std::string_view tag) { return tag.starts_with("W/") ? tag.substr(2) : tag; };
    const std::string_view ours = opaque(etag);
    std::string_view list = *inm;
    while (!list.empty()) {
        auto comma = list.find(',');
        std::string_view item = list.substr(0, comma);
        list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
        while (!item.empty() && (item.front() == ' ' || item.front() == '\t')) item.remove_prefix(1);
        while (!item.empty() && (item.back() == ' ' || item.back() == '\t')) item.remove_suffix(1);
        if (item == "*" || opaque(item) == ours) return true;
    }
    return false;
}

const kept_answer* answer_cache::find(std::string_view key, std::optional<std::uint64_t> version, answer_freshness rule,
                                      std::chrono::steady_clock::time_point now) const {
    auto it = answers_.find(std::string(key));
    if (it == answers_.end() || now >= it->second.until || !still_fresh(it->second.made, it->second.version, version, rule, now))
        return nullptr;
    return &it->second;
}

const kept_answer* answer_cache::keep(std::string key, std::optional<std::uint64_t> version, const http_response& res,
                                      std::chrono::steady_clock::time_point made, std::chrono::steady_clock::time_point until,
                                      std::shared_ptr<const void> made_from) {
    // Without a version nothing says when the answer changes: it is not kept at all.
    if (!version || (res.status != 200 && res.status != 404 && res.status != 410) || res.file || res.stream) return nullptr;
    kept_answer a;
    a.status = res.status;
    a.content_type = res.content_type;
    for (const auto& h : res.headers) {
        // An answer with headers of its own (a cookie, a redirect) is someone's, not everyone's.
        if (h.name == "Cache-Control") a.cache_control = h.value;
        else return nullptr;
    }
    std::string_view plain = res.body_view();
    a.plain_bytes = plain.size();
    a.etag = weak_etag(plain);
    if (plain.size() >= answer_gzip_min_bytes)
        if (auto gz = deflate_whole(plain, answer_gzip_level, 15 + 16); gz && gz->size() < plain.size())
            a.gzip = std::make_shared<const std::string>(std::move(*gz));
    if (!a.gzip) a.body = res.shared_body ? res.shared_body : std::make_shared<const std::string>(res.body);
    a.version = version;
    a.made = made;
    a.until = until;
    a.made_from = std::move(made_from);
    std::size_t size = footprint(key, a);
    if (size > max_bytes_ / 4) return nullptr;   // one answer may not push out a quarter of the others
    if (auto old = answers_.find(key); old != answers_.end()) {
        bytes_ -= footprint(old->first, old->second);
        answers_.erase(old);
    }
    if (bytes_ + size > max_bytes_) clear();
    bytes_ += size;
    auto [it, inserted] = answers_.insert_or_assign(std::move(key), std::move(a));
    return &it->second;
}

void answer_cache::clear() noexcept {
    answers_.clear();
    bytes_ = 0;
}

http_response answer_from(const kept_answer& kept, const http_request& req) {
    http_response res;
    res.content_type = kept.content_type;
    res.header("ETag", kept.etag);
    if (!kept.cache_control.empty()) res.header("Cache-Control", kept.cache_control);
    if (kept.status == 200 && etag_matches(req, kept.etag)) {
        res.status = 304;
        return res;
    }
    res.status = kept.status;
    if (!kept.gzip) {
        res.shared_body = kept.body;
        return res;
    }
    res.header("Vary", "Accept-Encoding");
    if (accepts_encoding(req.header("accept-encoding").value_or(""), "gzip")) {
        res.shared_body = kept.gzip;
        res.header("Content-Encoding", "gzip");
    } else if (auto plain = gunzip_whole(*kept.gzip, kept.plain_bytes)) {
        res.body = std::move(*plain);
    } else {
        return error_response(500, {});   // our own bytes do not unpack: never expected
    }
    return res;
}

}  // namespace jh
