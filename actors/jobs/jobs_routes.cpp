// jobs_routes.cpp: the job catalogue under /api (candidate-side.md section 7, site-shell section 7).
//
//   GET /api/job_postings                          the search (parameters: search/job_filter.h)
//   GET /api/job_postings/{id}                     the detail; 404 unknown, 410 "JobPosting is inactive!"
//   GET /api/job_postings/slug/{slug}              the same by slug
//   GET /api/job_postings/{id}/recommend/{n}/random   n (1..20) similar live jobs, random order
//   GET /api/job_postings/{id}/logo                the job's or organization's logo (SVG initials if none)
//   GET /api/job_postings_active_keys              the ids of all live jobs (hydra list of numbers)
//   GET /api/job_postings_totals                   live jobs overall and per job type
//   GET /api/job_postings_totals/{jobType}         one of them
//   POST /api/job_postings/{id}/views              one view of the job's page (job_views.cpp): 204; 403 from
//                                                  another site's page; 429 past the client's rate class
//   GET /api/search_suggestions?text=Prom          what "Was?" suggests (search_suggestions.h): activities
//                                                  and title words; 400 without text or over 50 characters
//   GET /feeds/indeed.xml                          the Indeed XML feed of every live job (indeed_feed.h): streamed,
//                                                  gzip when accepted, ETag/Last-Modified and 304
//
// The list groups of candidate-side.md section 7 are list calls (docs/catalogue.md):
// top job ?top_job=1&itemsPerPage=1&sort=random, instant teaser ?instant_teaser_job=1&itemsPerPage=3
// &sort=random, top offers ?top_offer=1&itemsPerPage=20, opportunities ?opportunity=1&itemsPerPage=20,
// recommendations ?recommend=30&itemsPerPage=20, new jobs ?interval_created=1d&itemsPerPage=20.
#include <string>

#include "actors/jobs/jobs_actor.h"
#include "actors/route.h"
#include "actors/route_table.h"
#include "actors/crawlers.h"
#include "actors/jobs/job_json.h"
#include "actors/jobs/jobs_settings.h"
#include "reactor/auth.h"
#include "reactor/client_key.h"
#include "reactor/config.h"
#include "reactor/compress.h"
#include "reactor/http_pipeline.h"
#include "reactor/json_writer.h"
#include "reactor/loop_context.h"
#include "reactor/router.h"
#include "search/query_values.h"

namespace jh {

namespace {

// A search whose answer is the same for everyone: not narrowed to the caller (notYetAppliedTo,
// recommendations) and not in random order.
bool same_for_everyone(const search::job_filter& f) { return !f.not_yet_applied_to && !f.recommend_days && f.sort != "random"; }

task<http_response> get_job_postings(request_context& ctx, jobs_actor& jobs) {
    auto filter = bad_request_unless(search::parse_job_filter(ctx.req.query));
    if (!filter) co_return error_response(filter.error());

    // A visitor's search is answered from the loop's kept bytes while the catalogue is unchanged
    // (jobs::search_freshness): popular searches are asked again and again.
    const auto now = std::chrono::steady_clock::now();
    const auto version = jobs.catalogue_version();
    const bool keepable = same_for_everyone(*filter);
    std::string key = keepable ? "search?" + std::string(ctx.req.query) : std::string();
    if (keepable)
        if (auto kept = jobs.kept_answers().find(key, version, jobs::search_freshness, now)) co_return answer_from(*kept, ctx.req);

    // The candidate comes only from the authenticated identity, never from the query.
    std::optional<std::int64_t> candidate;
    if (filter->not_yet_applied_to || filter->recommend_days) {
        ROUTE_TRY(auto who, co_await ask_caller(ctx));
        if (who) candidate = (who)->account_id;
        if (filter->not_yet_applied_to) {
            if (!candidate) co_return error_response(401, "Bitte melde dich an, um nur Stellen zu sehen, auf die du dich noch nicht beworben hast.");
            if (filter->not_yet_applied_to_claimed && *filter->not_yet_applied_to_claimed != *candidate)
                co_return error_response(403, "notYetAppliedTo gilt nur für das eigene Konto.");
        }
    }

    ROUTE_TRY(auto page, co_await jobs.search(std::move(*filter), candidate));
    http_response res;
    json_writer w(res.body);
    jobs::write_page(w, page);
    if (keepable)
        if (auto kept = jobs.kept_answers().keep(std::move(key), version, res, now)) co_return answer_from(*kept, ctx.req);
    co_return res;
}

http_response detail_response(const result<jobs::job_detail>& d) {
    if (!d) return error_response(d.error());
    http_response res;
    json_writer w(res.body);
    w.begin_object();
    jobs::write_detail(w, *d);
    w.end_object();
    return res;
}

// When a job's kept answer goes stale by its date: at its valid_through, if that comes first.
std::chrono::steady_clock::time_point detail_until(const result<jobs::job_detail>& d, std::chrono::steady_clock::time_point now) {
    if (!d || !d->valid_through_ms) return std::chrono::steady_clock::time_point::max();
    auto wall_now = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch());
    return now + (std::chrono::milliseconds(*d->valid_through_ms) - wall_now);
}

// A job's data (by id or slug), the same for every visitor: answered from the loop's kept bytes
// while the catalogue has not changed (jobs::detail_freshness), else read and kept anew. The version
// is taken before the read, so a change during it leaves the answer stale at once.
task<http_response> kept_detail_answer(request_context& ctx, jobs_actor& jobs, std::string key, bool by_slug, std::int64_t id,
                                       std::string slug) {
    const auto now = std::chrono::steady_clock::now();
    const auto version = jobs.catalogue_version();
    if (auto kept = jobs.kept_answers().find(key, version, jobs::detail_freshness, now)) co_return answer_from(*kept, ctx.req);
    result<jobs::job_detail> d = fail(error_kind::not_found);
    if (by_slug) d = co_await jobs.by_slug(std::move(slug));   // not a conditional around co_await (g++ 12)
    else d = co_await jobs.by_id(id);
    http_response res = detail_response(d);
    res.header("Cache-Control", std::string(cache_control(cache_kind::public_revalidate)));
    if (d || d.error().kind == error_kind::not_found || d.error().kind == error_kind::gone)
        if (auto kept = jobs.kept_answers().keep(std::move(key), version, res, now, detail_until(d, now))) co_return answer_from(*kept, ctx.req);
    co_return res;
}

task<http_response> get_job_posting(request_context& ctx, jobs_actor& jobs) {
    ROUTE_TRY(auto id, path_id(ctx, "id", "Diese Stelle gibt es nicht."));
    co_return co_await kept_detail_answer(ctx, jobs, "id/" + std::to_string(id), false, id, {});
}

task<http_response> get_job_posting_by_slug(request_context& ctx, jobs_actor& jobs) {
    std::string slug(ctx.req.param("slug"));
    if (slug.size() > 200 || !search::valid_slug(slug.substr(0, 120)))
        co_return error_response(404, "Diese Stelle gibt es nicht.");
    for (char c : slug)
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) co_return error_response(404, "Diese Stelle gibt es nicht.");
    std::string key = "slug/" + slug;
    co_return co_await kept_detail_answer(ctx, jobs, std::move(key), true, 0, std::move(slug));
}

task<http_response> get_recommend_random(request_context& ctx, jobs_actor& jobs) {
    ROUTE_TRY(auto id, path_id(ctx, "id", "Diese Stelle gibt es nicht."));
    auto n = search::parse_int(ctx.req.param("n"));
    if (!n || *n < 1 || *n > 20) co_return error_response(400, "Es lassen sich 1 bis 20 Empfehlungen abrufen.");
    // A signed-in candidate's applied jobs are left out, as the search's notYetAppliedTo does (issue
    // 41, item 14); the account comes only from the authenticated identity.
    ROUTE_TRY(auto who, co_await ask_caller(ctx));
    std::optional<std::int64_t> candidate;
    if (who) candidate = who->account_id;
    // A visitor's recommendations are the same for every visitor of the job for a few seconds
    // (jobs::recommendation_freshness): drawn again after that, or when the catalogue changes.
    const auto now = std::chrono::steady_clock::now();
    const auto version = jobs.catalogue_version();
    std::string key = "recommend/" + std::to_string(id) + "/" + std::to_string(*n);
    if (!candidate)
        if (auto kept = jobs.kept_answers().find(key, version, jobs::recommendation_freshness, now)) co_return answer_from(*kept, ctx.req);
    ROUTE_TRY(auto cards, co_await jobs.recommend_random(id, static_cast<int>(*n), candidate));
    http_response res;
    json_writer w(res.body);
    w.begin_object().key("hydra:member").begin_array();
    for (const auto& c : cards) jobs::write_card(w, c);
    w.end_array().member("hydra:totalItems", static_cast<std::int64_t>(cards.size())).end_object();
    if (!candidate)
        if (auto kept = jobs.kept_answers().keep(std::move(key), version, res, now)) co_return answer_from(*kept, ctx.req);
    co_return res;
}

task<http_response> get_logo(request_context& ctx, jobs_actor& jobs) {
    ROUTE_TRY(auto id, path_id(ctx, "id", "Diese Stelle gibt es nicht."));
    ROUTE_TRY(auto logo, co_await jobs.logo(id));
    http_response res;
    res.content_type = logo.content_type;
    res.body = std::move(logo.body);
    if (logo.placeholder) res.header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
    co_return res;
}

task<http_response> get_active_keys(request_context& ctx, jobs_actor& jobs) {
    ROUTE_TRY(auto keys, co_await jobs.active_keys());
    http_response res;
    if (keys.gzip && accepts_encoding(ctx.req.header("accept-encoding").value_or(""), "gzip")) {
        res.shared_body = keys.gzip;
        res.header("Content-Encoding", "gzip");
    } else {
        res.shared_body = keys.plain;
    }
    res.header("Vary", "Accept-Encoding");
    co_return res;
}

void write_total(json_writer& w, const jobs::job_type_total& t) {
    w.begin_object();
    w.key("jobType");
    if (t.slug.empty()) w.null();
    else w.value(t.slug);
    w.member("name", t.name).member("total", t.total).end_object();
}

task<http_response> get_totals(request_context&, jobs_actor& jobs) {
    ROUTE_TRY(auto totals, co_await jobs.totals());
    http_response res;
    json_writer w(res.body);
    std::int64_t all = 0;
    for (const auto& t : totals)
        if (t.slug.empty()) all = t.total;
    w.begin_object().member("total", all).key("jobTypes").begin_array();
    for (const auto& t : totals)
        if (!t.slug.empty()) write_total(w, t);
    w.end_array().end_object();
    co_return res;
}

task<http_response> get_total_of_type(request_context& ctx, jobs_actor& jobs) {
    std::string_view type = ctx.req.param("jobType");
    ROUTE_TRY(auto totals, co_await jobs.totals());
    for (const auto& t : totals) {
        if (!t.slug.empty() && t.slug == type) {
            http_response res;
            json_writer w(res.body);
            write_total(w, t);
            co_return res;
        }
    }
    co_return error_response(404, "Diesen Jobtyp gibt es nicht.");
}

// The job page says once per page view that it was seen (web: features/jobs/api/job-views.ts).
// 204 whether counted or not, like a tracking event: the sender must not learn what is excluded.
// Crawlers (is_crawler, the tracking exclusion's list, and no user agent at all) and an
// administrator impersonating someone are not views; a client is counted once per job and Berlin
// day (jobs_actor::count_view). Another site's page may not send it at all: the route's policy
// refuses it (403, page_origin::ours), so no foreign page raises a job's number.
task<http_response> post_job_view(request_context& ctx, jobs_actor& jobs) {
    ROUTE_TRY(auto id, path_id(ctx, "id", "Diese Stelle gibt es nicht."));
    std::string_view agent = ctx.req.header("user-agent").value_or("");
    if (agent.empty() || is_crawler(agent) || ctx.req.header("_switch_user")) co_return http_response::no_content();
    ROUTE_TRY(auto counted, co_await jobs.count_view(id, signed_in_account(ctx), client_key(ctx.req.peer_ip), agent));
    (void)counted;
    co_return http_response::no_content();
}

int views_per_client_per_minute(const loop_context& loop) { return section<jobs_settings>(loop.cfg).views_per_client_per_minute; }

// View calls per client address and minute (job_views.per_client_per_minute): what one address
// can add to the figures at all, beside the once-per-day count of each client.
const rate_class job_views_rate{.name = "job_views",
                                .key_prefix = "jobhafen:views:ip:",
                                .window_s = 60,
                                .limit = views_per_client_per_minute,
                                .message = "Zu viele Seitenaufrufe in kurzer Zeit. Bitte warte einen Moment."};

int suggestions_per_client_per_minute(const loop_context& loop) { return section<jobs_settings>(loop.cfg).suggestions_per_client_per_minute; }

// Suggestion calls per client address and minute (suggestions.per_client_per_minute): one call a
// pause in typing, answered from memory; the limit bounds what one address can ask of it.
const rate_class suggestions_rate{.name = "suggestions",
                                  .key_prefix = "jobhafen:suggestions:ip:",
                                  .window_s = 60,
                                  .limit = suggestions_per_client_per_minute,
                                  .message = "Zu viele Vorschläge in kurzer Zeit. Bitte warte einen Moment."};

// What is typed into "Was?" is a search text's start: 50 characters are plenty for a suggestion.
constexpr std::size_t max_suggestion_chars = 50;

task<http_response> get_search_suggestions(request_context& ctx, jobs_actor& jobs) {
    auto text = ctx.req.query_param("text");
    if (!text) co_return error_response(400, "Bitte gib den Anfang eines Suchbegriffs an (Parameter text).");
    std::size_t chars = 0;
    for (char c : *text)
        if ((static_cast<unsigned char>(c) & 0xc0) != 0x80) ++chars;
    if (chars > max_suggestion_chars) co_return error_response(400, "Der Suchtext ist zu lang (höchstens 50 Zeichen).");
    ROUTE_TRY(auto found, co_await jobs.suggest(std::move(*text)));
    http_response res;
    json_writer w(res.body);
    w.begin_object().key("hydra:member").begin_array();
    for (const auto& s : found) {
        w.begin_object().member("kind", s.kind).member("name", s.name);
        if (!s.slug.empty()) w.member("slug", s.slug);
        w.member("jobs", s.jobs).end_object();
    }
    w.end_array().member("hydra:totalItems", static_cast<std::int64_t>(found.size())).end_object();
    co_return res;
}

// Feed fetches per client address in ten minutes: a crawler reads the feed a few times a day; a
// fetch of 200,000 jobs is seconds of a loop's database time, so one address gets no more.
const rate_class feeds_rate{.name = "feeds",
                            .key_prefix = "jobhafen:feeds:ip:",
                            .window_s = 600,
                            .limit = [](const loop_context&) { return 60; },
                            .message = "Zu viele Abrufe des Feeds in kurzer Zeit. Bitte versuchen Sie es später noch einmal."};

// The feed's version first (ETag, Last-Modified: a current copy gets 304 without a job read), then
// the document as a stream. "public, no-cache": a cache may keep it but asks every time, so a
// closed job is gone at the next fetch.
task<http_response> get_indeed_feed(request_context& ctx, jobs_actor& jobs) {
    // The slot first: the version is itself a read of every live job (indeed_feed.h, feed_slot).
    auto slot = jobs::indeed::take_feed_slot(client_key(ctx.req.peer_ip));
    if (!slot) {
        http_response busy = error_response(503, "Der Feed wird gerade mehrfach abgerufen. Bitte versuchen Sie es in einer Minute noch einmal.");
        busy.header("Retry-After", "60");
        co_return busy;
    }
    ROUTE_TRY(auto version, co_await jobs.indeed_feed_version());
    http_response res;
    res.content_type = "application/xml; charset=utf-8";
    res.header("ETag", version.etag);
    if (version.last_modified_s >= 0) res.header("Last-Modified", version.last_modified);
    res.header("Cache-Control", "public, no-cache");
    res.header("Vary", "Accept-Encoding");
    if (jobs::indeed::not_modified(ctx.req.header("if-none-match"), ctx.req.header("if-modified-since"), version)) {
        res.status = 304;
        co_return res;
    }
    res.stream = jobs::indeed::feed_stream(jobs, ctx.loop.cfg.http_public_origin, version.last_modified, std::move(slot));
    co_return res;
}

}  // namespace

void register_jobs_routes(router& r, actor_of<jobs_actor> jobs) {
    add_routes(r, jobs, {
        {http_method::get, "/api/job_postings", without_body(access::account_on_demand, cache_kind::no_store), get_job_postings},
        {http_method::get, "/api/job_postings/{id}", public_cached(cache_kind::public_revalidate), get_job_posting},
        {http_method::get, "/api/job_postings/slug/{slug}", public_cached(cache_kind::public_revalidate), get_job_posting_by_slug},
        {http_method::post, "/api/job_postings/{id}/views",
         route_policy{.who = access::anyone, .body = body_kind::none, .cache = cache_kind::no_store, .rate = job_views_rate}
             .only_from_our_pages(),
         post_job_view},
        {http_method::get, "/api/job_postings/{id}/recommend/{n}/random", public_read, get_recommend_random},
        {http_method::get, "/api/job_postings/{id}/logo", public_cached(cache_kind::public_day), get_logo},
        {http_method::get, "/api/job_postings_active_keys", public_cached(cache_kind::public_minute), get_active_keys},
        {http_method::get, "/api/job_postings_totals", public_cached(cache_kind::public_minute), get_totals},
        {http_method::get, "/api/job_postings_totals/{jobType}", public_cached(cache_kind::public_minute), get_total_of_type},
        {http_method::get, "/api/search_suggestions",
         route_policy{.who = access::anyone, .body = body_kind::none, .cache = cache_kind::public_minute, .rate = suggestions_rate},
         get_search_suggestions},
        {http_method::get, "/feeds/indeed.xml",
         route_policy{.who = access::anyone, .body = body_kind::none, .cache = cache_kind::by_handler, .rate = feeds_rate},
         get_indeed_feed},
    });
}

}  // namespace jh
