// indeed_feed.h: the Indeed XML feed, GET /feeds/indeed.xml (issue 44 item 1; docs/reach.md,
// "Indeed-Feed", names Indeed's documentation of the format).
//
// Every live job (published, active, not expired, not held nor in review) of every live
// organization that has not opted out (organizations.indeed_feed) is one <job>. The document is
// streamed (reactor/body_stream.h): indeed_feed_stream reads the jobs a page at a time, keyset by
// id, from the primary, and hands the connection one page of XML at a time, so 200,000 jobs never
// sit in memory together. Its version (count and a hash of every listed job's and organization's
// change time, plus the last change anywhere) is read first and gives the ETag and Last-Modified:
// the pages are read after it, so they are never older than the version a 304 later confirms.
//
// The writers below are pure (tests/unit/indeed_feed_test.cpp): every text goes into CDATA, as
// Indeed asks, with "]]>" split across two sections and no entities; characters XML forbids
// (control characters) are dropped.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "reactor/body_stream.h"

namespace jh {

class jobs_actor;

namespace jobs::indeed {

// One <job> as read from PostgreSQL.
struct feed_job {
    std::int64_t id = 0;
    std::string title, slug, published_at;   // published_at: ISO 8601 in UTC ("2026-11-30T08:15:00Z")
    std::string company, city, state, country, postal_code;
    std::string description;
    std::string salary;                      // "14,50 € pro Stunde"; empty: the job names no pay
    std::vector<std::string> employment_types;   // our slugs
    std::string expires_at;                  // ISO 8601; empty: open-ended
};

// What the feed is as of now: the ETag's and Last-Modified's source.
struct feed_version {
    std::string etag;              // W/"…": weak, as the gzip and the plain bytes differ
    std::string last_modified;     // an HTTP date (RFC 9110), also the feed's <lastBuildDate>
    std::int64_t last_modified_s = 0;   // seconds since the epoch, for If-Modified-Since
};

// Our employment type's Indeed jobtype: full_time → fulltime, part_time, part_time_mini and
// student → parttime, contractor → contract, training → internship, temporary → temporary.
std::string_view job_type(std::string_view slug) noexcept;
// The distinct jobtypes of a job's employment types, joined with ", " in Indeed's order.
std::string job_types(const std::vector<std::string>& slugs);

// `text` as CDATA: "<![CDATA[...]]>", a "]]>" inside split as "]]]]><![CDATA[>", characters that
// XML 1.0 does not allow dropped (invalid UTF-8 bytes too).
void append_cdata(std::string& out, std::string_view text);
// The document's start: declaration, <source>, <publisher>, <publisherurl>, <lastBuildDate>.
void append_head(std::string& out, std::string_view publisher_url, std::string_view last_build_date);
// One <job>; `origin` makes the job page's absolute URL (origin + "/jobs/" + slug).
void append_job(std::string& out, const feed_job& job, std::string_view origin);
// The document's end.
void append_tail(std::string& out);

// Whether the client's copy is current (RFC 9110 13.1.2 and 13.1.3): If-None-Match, when sent,
// decides alone (weak comparison; "*" matches); else If-Modified-Since (an IMF-fixdate) at or
// after the version's Last-Modified (and not after the server's clock), when it has one.
bool not_modified(std::optional<std::string_view> if_none_match, std::optional<std::string_view> if_modified_since,
                  const feed_version& v);

// One of the few feeds built at a time in this process. A fetch reads every live job from the
// primary (a few hundred page queries): without a bound, some dozen clients fetching at once would
// hold the loops' database connections that logins and applications need (review 22, code finding
// 2). A fetch that gets no slot is answered 503 with Retry-After; the slot ends with the stream.
// One client (client_key: an address, an IPv6 /64) holds at most one slot: two slow readers from one
// address held both and kept the feed from everyone else for minutes (review 24, finding 1).
class feed_slot {
public:
    feed_slot(const feed_slot&) = delete;
    feed_slot& operator=(const feed_slot&) = delete;
    ~feed_slot();

private:
    explicit feed_slot(std::string client) : client_(std::move(client)) {}
    friend std::shared_ptr<feed_slot> take_feed_slot(std::string client);
    std::string client_;
};
inline constexpr int max_running_feeds = 2;
// A slot for `client`, or nullptr while max_running_feeds feeds are being built or while the same
// client is already fetching one.
std::shared_ptr<feed_slot> take_feed_slot(std::string client);

// A feed must be sent within this time: a reader that takes longer (a few bytes a second) would
// otherwise hold a slot and a connection for hours; the answer is then cut short.
inline constexpr int max_feed_seconds = 600;

// The streamed document: head, the pages of jobs, tail. It holds `slot` until it ends.
std::shared_ptr<body_stream> feed_stream(jobs_actor& jobs, std::string origin, std::string last_build_date,
                                         std::shared_ptr<feed_slot> slot);

// Jobs read per page: a page of XML is what a connection holds of the feed (a few hundred KiB).
inline constexpr int page_size = 250;

}  // namespace jobs::indeed
}  // namespace jh
