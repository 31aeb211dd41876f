// indeed_feed.cpp: see indeed_feed.h. The feed's SQL (jobs_actor::indeed_feed_version and
// indeed_feed_page, declared in jobs_actor.h), its XML writers and its streamed body.
#include "actors/jobs/indeed_feed.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <ctime>
#include <mutex>
#include <set>

#include "actors/jobs/jobs_actor.h"
#include "actors/pay_rules.h"
#include "reactor/loop_context.h"
#include "reactor/pg.h"
#include "reactor/pg_bind.h"
#include "reactor/time_text.h"
#include "reactor/try.h"

namespace jh {

namespace {

// A job in the feed: live as the job page sees it (published, active, not expired; held and
// reviewed jobs are unpublished, named anyway so the rule reads whole), of a live organization
// (approved, not rejected, not blocked) that has not opted out, and whose provider chose the
// channel `indeed` for it (issue 44 item 5). The version query reads the same rule, so a job
// leaving the feed by its channels changes the ETag (the count and the hash of listed jobs).
constexpr std::string_view feed_jobs_where =
    " j.is_published AND j.active AND (j.valid_through IS NULL OR j.valid_through > now()) "
    " AND j.held_at IS NULL AND j.review_since IS NULL "
    " AND o.active AND o.approved_at IS NOT NULL AND o.rejected_at IS NULL AND o.indeed_feed "
    " AND 'indeed' = ANY (j.publication_channels) ";

// A time as ISO 8601 in UTC, as Indeed recommends for <date>.
#define JH_ISO_UTC(col) "to_char(" col " AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')"

// The length of the UTF-8 sequence at s[i] when it is a character XML 1.0 allows (#x9, #xA, #xD,
// #x20-#xD7FF, #xE000-#xFFFD, #x10000-#x10FFFF); 0 otherwise.
std::size_t xml_char_length(std::string_view s, std::size_t i) {
    auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    unsigned char c = b(i);
    if (c < 0x80) return c >= 0x20 || c == 0x9 || c == 0xA || c == 0xD ? 1 : 0;
    std::size_t n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 ? 2 : 0;
    if (n == 0 || c > 0xF4 || i + n > s.size()) return 0;
    char32_t cp = c & (0xFF >> (n + 1));
    for (std::size_t k = 1; k < n; ++k) {
        if ((b(i + k) & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (b(i + k) & 0x3F);
    }
    const char32_t min[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < min[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF) || cp == 0xFFFE || cp == 0xFFFF) return 0;
    return n;
}

void element(std::string& out, std::string_view name, std::string_view text) {
    out += '<';
    out += name;
    out += '>';
    jobs::indeed::append_cdata(out, text);
    out += "</";
    out += name;
    out += ">\n";
}

}  // namespace

namespace jobs::indeed {

std::string_view job_type(std::string_view slug) noexcept {
    if (slug == "full_time") return "fulltime";
    if (slug == "part_time" || slug == "part_time_mini" || slug == "student") return "parttime";
    if (slug == "contractor") return "contract";
    if (slug == "training") return "internship";
    if (slug == "temporary") return "temporary";
    return {};
}

std::string job_types(const std::vector<std::string>& slugs) {
    constexpr std::array<std::string_view, 5> order = {"fulltime", "parttime", "contract", "internship", "temporary"};
    std::string out;
    for (auto t : order) {
        bool named = std::any_of(slugs.begin(), slugs.end(), [&](const std::string& s) { return job_type(s) == t; });
        if (!named) continue;
        if (!out.empty()) out += ", ";
        out += t;
    }
    return out;
}

// The text without what XML forbids, then "]]>" split. In this order: dropping a character first
// could join "]]" and ">" into the end of the section ("]]\x01>"), and a provider could then close
// the CDATA and write elements of its own into every employer's feed.
void append_cdata(std::string& out, std::string_view text) {
    std::string clean;
    clean.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        std::size_t n = xml_char_length(text, i);
        if (n == 0) {   // not a character of XML: dropped
            ++i;
            continue;
        }
        clean.append(text.substr(i, n));
        i += n;
    }
    out += "<![CDATA[";
    for (std::size_t i = 0; i < clean.size();) {
        // "]]>" would end the section: end it after "]]", open the next for ">".
        if (clean.compare(i, 3, "]]>") == 0) {
            out += "]]]]><![CDATA[>";
            i += 3;
            continue;
        }
        out += clean[i++];
    }
    out += "]]>";
}

void append_head(std::string& out, std::string_view publisher_url, std::string_view last_build_date) {
    out += "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<source>\n";
    element(out, "publisher", "Jobhafen");
    element(out, "publisherurl", publisher_url);
    element(out, "lastBuildDate", last_build_date);
}

void append_job(std::string& out, const feed_job& j, std::string_view origin) {
    out += "<job>\n";
    element(out, "title", j.title);
    element(out, "date", j.published_at);
    element(out, "referencenumber", std::to_string(j.id));
    element(out, "url", std::string(origin) + "/jobs/" + j.slug);
    element(out, "company", j.company);
    element(out, "city", j.city);
    element(out, "state", j.state);
    element(out, "country", j.country);
    element(out, "postalcode", j.postal_code);
    element(out, "description", j.description);
    if (!j.salary.empty()) element(out, "salary", j.salary);
    if (auto types = job_types(j.employment_types); !types.empty()) element(out, "jobtype", types);
    if (!j.expires_at.empty()) element(out, "expirationdate", j.expires_at);
    out += "</job>\n";
}

void append_tail(std::string& out) { out += "</source>\n"; }

namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

std::string_view opaque_tag(std::string_view tag) { return tag.starts_with("W/") ? tag.substr(2) : tag; }

// "Sun, 06 Nov 1994 08:49:37 GMT" as seconds since the epoch; nullopt for anything else.
std::optional<std::int64_t> parse_imf_fixdate(std::string_view s) {
    if (s.size() != 29 || s.substr(25) != " GMT") return std::nullopt;
    std::tm tm{};
    std::string text(s);
    const char* end = strptime(text.c_str(), "%a, %d %b %Y %H:%M:%S GMT", &tm);
    if (!end || *end != '\0') return std::nullopt;
    return static_cast<std::int64_t>(timegm(&tm));
}

}  // namespace

bool not_modified(std::optional<std::string_view> if_none_match, std::optional<std::string_view> if_modified_since,
                  const feed_version& v) {
    if (if_none_match) {
        for (std::string_view list = *if_none_match; !list.empty();) {
            auto comma = list.find(',');
            std::string_view tag = trim(list.substr(0, comma));
            list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
            if (tag == "*" || (!tag.empty() && opaque_tag(tag) == opaque_tag(v.etag))) return true;
        }
        return false;
    }
    if (!if_modified_since || v.last_modified_s < 0) return false;
    auto since = parse_imf_fixdate(trim(*if_modified_since));
    // A date after the server's clock is no valid date (RFC 9110 13.1.3): a client cannot have
    // seen a copy from the future, so it is not confirmed (review 24).
    return since && *since >= v.last_modified_s && *since <= static_cast<std::int64_t>(std::time(nullptr));
}

namespace {

// The document in pieces: the head first, then a page of jobs per call, the tail with the last.
class feed_body final : public body_stream {
public:
    feed_body(jobs_actor& jobs, std::string origin, std::string last_build_date, std::shared_ptr<feed_slot> slot)
        : jobs_(jobs), origin_(std::move(origin)), build_date_(std::move(last_build_date)), slot_(std::move(slot)),
          started_(std::chrono::steady_clock::now()) {}

    task<result<bool>> next(std::string& out) override {
        if (std::chrono::steady_clock::now() - started_ > std::chrono::seconds(max_feed_seconds))
            co_return fail(error_kind::unavailable, "Der Feed wurde zu langsam gelesen.");
        if (!head_sent_) {
            head_sent_ = true;
            append_head(out, origin_ + "/", build_date_);
            co_return true;
        }
        CO_TRY(auto page, co_await jobs_.indeed_feed_page(after_, page_size));
        for (const auto& j : page) append_job(out, j, origin_);
        if (page.size() < static_cast<std::size_t>(page_size)) {
            append_tail(out);
            // The slot is free once the last piece is made, before it is written: a client that
            // has read the whole feed may fetch it again at once (it got 503 while the finished
            // stream waited to be destroyed after the last write; IndeedFeed's 304 test).
            slot_.reset();
            co_return false;
        }
        after_ = page.back().id;
        co_return true;
    }

private:
    jobs_actor& jobs_;
    std::string origin_, build_date_;
    std::shared_ptr<feed_slot> slot_;
    std::chrono::steady_clock::time_point started_;
    bool head_sent_ = false;
    std::int64_t after_ = 0;
};

// The clients whose feeds are being built in this process, over all loops (at most
// max_running_feeds entries, so a lock held for a lookup in a tiny set).
std::mutex feed_clients_lock;
std::set<std::string> feed_clients;

}  // namespace

feed_slot::~feed_slot() {
    std::lock_guard guard(feed_clients_lock);
    feed_clients.erase(client_);
}

std::shared_ptr<feed_slot> take_feed_slot(std::string client) {
    std::lock_guard guard(feed_clients_lock);
    if (feed_clients.size() >= static_cast<std::size_t>(max_running_feeds) || feed_clients.contains(client)) return nullptr;
    feed_clients.insert(client);
    return std::shared_ptr<feed_slot>(new feed_slot(std::move(client)));
}

std::shared_ptr<body_stream> feed_stream(jobs_actor& jobs, std::string origin, std::string last_build_date,
                                         std::shared_ptr<feed_slot> slot) {
    return std::make_shared<feed_body>(jobs, std::move(origin), std::move(last_build_date), std::move(slot));
}

}  // namespace jobs::indeed

// ---- the actor's SQL ------------------------------------------------------------------------------

task<result<jobs::indeed::feed_version>> jobs_actor::indeed_feed_version() {
    // From the primary, as the pages: a replica behind it could send older pages under this version.
    // The hash covers what a listed job's XML is made of (its row and its organization's; an edit
    // of either touches updated_at), the count a job gone; the last change anywhere (a job closed,
    // an organization opted out) or the last expiry is Last-Modified. The XML also reads the places
    // (<state>, a fallback <postalcode>), the employment types (<jobtype>) and the public origin
    // (<url>), which no updated_at covers: their hash is the ETag's last part (review 22).
    CO_TRY(auto r, co_await loop_.pg.read(
        "SELECT count(*), md5(coalesce(sum(hashtextextended(j.id || '/' || j.updated_at || '/' || o.updated_at, 0)::numeric), 0)::text), "
        "       floor(extract(epoch FROM greatest((SELECT max(updated_at) FROM job_postings), (SELECT max(updated_at) FROM organizations), "
        "                                   (SELECT max(valid_through) FROM job_postings WHERE valid_through <= now()), "
        "                                   'epoch'::timestamptz)))::bigint, "
        "       floor(extract(epoch FROM now()))::bigint, "
        "       md5((SELECT coalesce(sum(hashtextextended(id || '/' || state || '/' || coalesce(postal_code, ''), 0)::numeric), 0) FROM places)::text "
        "           || (SELECT coalesce(string_agg(slug || '/' || sort_order, ',' ORDER BY id), '') FROM employment_types) || $1) "
        "  FROM job_postings j JOIN organizations o ON o.id = j.organization_id WHERE " +
        std::string(feed_jobs_where), pg::bind(loop_.cfg.http_public_origin)));
    jobs::indeed::feed_version v;
    v.etag = "W/\"" + std::string(r.text(0, 0)) + "-" + std::string(r.text(0, 1)).substr(0, 16) + "-" +
             std::string(r.text(0, 4)).substr(0, 8) + "\"";
    v.last_modified_s = r.int64(0, 2);
    std::int64_t now_s = r.int64(0, 3);
    v.last_modified = http_date(v.last_modified_s);
    // A change within the current second could be followed by another in the same second: such a
    // Last-Modified would then confirm an old copy. It is sent only once its second has passed.
    if (v.last_modified_s >= now_s) v.last_modified_s = -1;
    co_return v;
}

task<result<std::vector<jobs::indeed::feed_job>>> jobs_actor::indeed_feed_page(std::int64_t after_id, int limit) {
    // Keyset by id: each page is one short index range scan, however far into the feed.
    CO_TRY(auto r, co_await loop_.pg.read(
        "SELECT j.id, j.title, j.slug, " JH_ISO_UTC("coalesce(j.published_at, j.created_at)") ", o.name, "
        "       coalesce(l.city, ''), coalesce(p.state, ''), upper(coalesce(l.country, 'de')), coalesce(nullif(l.zipcode, ''), p.postal_code, ''), "
        // The texts the job page shows, as plain text in the order it shows them.
        "       concat_ws(E'\\n\\n', nullif(btrim(j.description), ''), "
        "                 'Anforderungen:' || E'\\n' || nullif(btrim(j.requirement), ''), "
        "                 'Arbeitszeiten:' || E'\\n' || nullif(btrim(j.working_time), ''), "
        "                 'Zeitraum:' || E'\\n' || nullif(btrim(j.period_description), ''), "
        "                 'Einsatzort:' || E'\\n' || nullif(btrim(j.location_description), ''), "
        "                 'Vorteile:' || E'\\n' || nullif(btrim(j.benefits), '')), "
        "       j.base_salary::text, j.base_salary_max::text, j.salary_unit::text, j.salary_currency, nullif(btrim(j.salary_description), ''), "
        "       coalesce((SELECT string_agg(e.slug, ',' ORDER BY e.sort_order) FROM employment_types e WHERE e.id = ANY (j.employment_type_ids)), ''), "
        "       " JH_ISO_UTC("j.valid_through") " "
        "  FROM job_postings j JOIN organizations o ON o.id = j.organization_id "
        "  LEFT JOIN LATERAL (SELECT city, zipcode, country, place_id FROM job_posting_locations "
        "                      WHERE job_posting_id = j.id ORDER BY sort_order, id LIMIT 1) l ON true "
        "  LEFT JOIN places p ON p.id = l.place_id "
        " WHERE j.id > $1::bigint AND " +
            std::string(feed_jobs_where) + " ORDER BY j.id LIMIT $2::int",
        pg::bind(after_id, limit)));
    std::vector<jobs::indeed::feed_job> out;
    out.reserve(static_cast<std::size_t>(r.rows()));
    for (int i = 0; i < r.rows(); ++i) {
        jobs::indeed::feed_job j;
        j.id = r.int64(i, 0);
        j.title = r.text(i, 1);
        j.slug = r.text(i, 2);
        j.published_at = r.text(i, 3);
        j.company = r.text(i, 4);
        j.city = r.text(i, 5);
        j.state = r.text(i, 6);
        j.country = r.text(i, 7);
        j.postal_code = r.text(i, 8);
        j.description = r.text(i, 9);
        // The pay as the job page shows it: the amount in words, else the provider's own text.
        if (!r.is_null(i, 10)) {
            pay::job_pay p;
            p.amount = pay::cents_of(r.text(i, 10));
            if (!r.is_null(i, 11)) p.max = pay::cents_of(r.text(i, 11));
            if (!r.is_null(i, 12)) p.unit = std::string(r.text(i, 12));
            p.currency = r.text(i, 13);
            j.salary = pay::pay_text(p);
        } else if (!r.is_null(i, 14)) {
            j.salary = r.text(i, 14);
        }
        for (std::string_view slugs = r.text(i, 15); !slugs.empty();) {
            auto comma = slugs.find(',');
            j.employment_types.emplace_back(slugs.substr(0, comma));
            slugs = comma == std::string_view::npos ? std::string_view{} : slugs.substr(comma + 1);
        }
        if (!r.is_null(i, 16)) j.expires_at = r.text(i, 16);
        out.push_back(std::move(j));
    }
    co_return out;
}

}  // namespace jh
