// jobs_actor.h: the job catalogue: search, job detail, recommendations, logos, the active keys and
// the totals the site shell shows.
//
// The SQL lives in migrations/0016_job_search.sql (jh_job_search, jh_job_cards): one statement per
// search, planned with its actual values, its work bounded (counts capped, relevance ranked over
// the newest matches, pages up to offset 1000). The actor adds what needs the caller: the
// candidate for notYetAppliedTo and recommendations (from the authenticated identity only), a city
// slug resolved to coordinates, and per-loop caches for the totals and active keys (60 s; these
// are read on every page of the shell and change slowly).
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "actors/jobs/indeed_feed.h"
#include "actors/jobs/search_fallbacks.h"
#include "actors/jobs/search_suggestions.h"
#include "actors/jobs/view_batch.h"
#include "actors/organizations/response_time.h"
#include "reactor/answer_cache.h"
#include "reactor/app_error.h"
#include "reactor/task.h"
#include "reactor/thread_pool.h"
#include "search/index_service.h"
#include "search/job_card.h"
#include "search/job_filter.h"

namespace jh {

struct loop_context;

namespace jobs {

// What a list shows of a job (jh_job_cards); the in-memory index keeps the same (search/job_card.h).
using job_card = search::job_card;

// One card of a page of results: read from PostgreSQL, or kept in the index's generation and
// written straight from its packed text (no string per field: copying every card into a job_card
// was a tenth of the index server's CPU under the visitor mix, docs/search.md).
class page_card {
public:
    explicit page_card(job_card card) : card_(std::move(card)) {}
    page_card(const search::kept_card& kept, const std::optional<search::earth_point>& point) : kept_(&kept), point_(point) {}

    std::int64_t id() const noexcept { return card_ ? card_->id : kept_->id(); }
    // Its fields as views; `scratch` holds what a kept card writes for the view (the locations'
    // JSON, which depends on the point, and the times): one buffer per card being written.
    search::card_view view(std::string& scratch) const;
    // Its fields as strings, for writers that keep or reshape them.
    job_card card() const;

    // Its free shifts in the searched dates as JSON ({"total", "next"}: jh_job_free_shifts), set for
    // a search by Einsatztage (issue 41, item 12); empty: none asked for, or none free.
    std::string free_shifts_json;

private:
    std::optional<job_card> card_;
    const search::kept_card* kept_ = nullptr;
    std::optional<search::earth_point> point_;
};

struct job_page {
    std::int64_t total = 0;
    bool capped = false;            // more than total matched (the count stops at 1000)
    int page = 1, items_per_page = search::default_items_per_page;
    std::vector<page_card> items;
    std::shared_ptr<const void> kept_in;   // the index generation that holds the kept cards among items
};

// Everything the job detail shows.
struct job_detail {
    job_card card;
    std::string description;
    std::string industries_json = "[]", brands_json = "[]";
    std::optional<std::string> period_description, salary_description, overnight_stay_allowance, travel_expenses,
        special_payments, working_time, benefits, requirement;
    std::optional<std::string> contact_name, contact_email, contact_phone;     // the job's, else the organization's
    std::optional<std::string> website, company_name, legal_form, street, zipcode, city, country, vat_id, register_court,
        register_number;
    std::string updated_at;
    std::optional<organizations::response_time> response;   // the organization's (migrations/0120)
    std::optional<std::string> shifts_end;   // the end of its last upcoming shift (jh_job_shifts_end)
    // Issue 42: the pay range's upper end (decimal text) and the minimum-wage exemption the provider chose.
    std::optional<std::string> base_salary_max, wage_exemption;
    // When it ends by its date (ms since 1970): an answer kept in memory goes no later.
    std::optional<std::int64_t> valid_through_ms;
};

struct job_type_total {
    std::string slug;               // "" for all jobs
    std::string name;
    std::int64_t total = 0;
};

struct logo_file {
    std::string content_type;
    std::string body;
    bool placeholder = false;
};

// A live job in the sitemap: its slug and the day it last changed (YYYY-MM-DD).
struct sitemap_job {
    std::string slug, lastmod;
};

// A cached answer body, plain and gzip-compressed, shared by the requests of one loop.
// How long a job's data, kept as the bytes of its answer, may be served (reactor/answer_cache.h):
// while the job index's generation is the one it was made from (an edit or a close makes a new
// one; so does a new response time of its organization, migration 0396), never past a minute
// (what no generation tracks: the organization's imprint and contact) nor past the job's
// valid_through. No grace: data answers are cheap to make again, and a
// visitor who saw a change on one loop must not see the old state on another.
inline constexpr answer_freshness detail_freshness{std::chrono::seconds(60), std::chrono::milliseconds(0)};
// A visitor's search: the same, but never past 5 s, since the index leaves out a job that ended by
// its date, or a shift that began, at query time, without a new generation.
inline constexpr answer_freshness search_freshness{std::chrono::seconds(5), std::chrono::milliseconds(0)};
// A visitor's recommendations under a job (random similar jobs): the same for everyone for 10 s, so
// every job's visitors still see varying jobs, and drawn again when the catalogue changes. A
// signed-in candidate's are drawn per request (her applied jobs are left out).
inline constexpr answer_freshness recommendation_freshness{std::chrono::seconds(10), std::chrono::milliseconds(0)};
// All kinds together, per loop.
inline constexpr std::size_t kept_answers_bytes = 12u << 20;

struct cached_body {
    std::shared_ptr<const std::string> plain, gzip;
    std::chrono::steady_clock::time_point made{};
};

}  // namespace jobs

class jobs_actor {
public:
    // `job_index`: the process's in-memory index (search/index_service.h, made by app/), or null
    // when search.index is off; searches go to PostgreSQL until it is ready, and every search the
    // index leaves to PostgreSQL is counted in the process's `fallbacks`.
    // `totals_cache`: how long the counts per job type are kept when there is no index to count them.
    jobs_actor(loop_context& loop, const search::index_service* job_index, jobs::search_fallback_counts& fallbacks,
               std::chrono::seconds totals_cache);

    // `candidate`: the authenticated candidate's account id (notYetAppliedTo, recommend), or none.
    task<result<jobs::job_page>> search(search::job_filter f, std::optional<std::int64_t> candidate);
    // not_found for an unknown or unpublished job; gone ("JobPosting is inactive!") for an inactive
    // or expired one.
    task<result<jobs::job_detail>> by_id(std::int64_t id);
    task<result<jobs::job_detail>> by_slug(std::string slug);
    // Up to n (1..20) live jobs like job `id` (same activities, near it first), in random order.
    // `candidate`: the signed-in account, whose applied jobs are left out (as notYetAppliedTo).
    task<result<std::vector<jobs::job_card>>> recommend_random(std::int64_t id, int n, std::optional<std::int64_t> candidate = std::nullopt);
    // The job's logo, else its organization's, else an SVG with the organization's initials.
    task<result<jobs::logo_file>> logo(std::int64_t id);
    // The ids of all live jobs, as a JSON hydra list (cached 60 s).
    task<result<jobs::cached_body>> active_keys();
    // All live jobs and per job type (cached 60 s).
    task<result<std::vector<jobs::job_type_total>>> totals();
    // Live jobs for the sitemap, by id: `limit` of them after the first `offset`; and their number.
    task<result<std::vector<jobs::sitemap_job>>> sitemap_slice(std::int64_t offset, int limit);
    task<result<std::int64_t>> live_count();
    // The Indeed feed (actors/jobs/indeed_feed.cpp): its version (ETag, Last-Modified) and a page of
    // its jobs after `after_id`, by id.
    task<result<jobs::indeed::feed_version>> indeed_feed_version();
    task<result<std::vector<jobs::indeed::feed_job>>> indeed_feed_page(std::int64_t after_id, int limit);
    // One view of the job's page (POST /api/job_postings/{id}/views; actors/jobs/job_views.cpp):
    // the day's counter of a live job goes up by one — once per client (`client`, its address key,
    // and `user_agent`) and Berlin day — unless `viewer` (a verified signed-in account, else none)
    // is a member of the job's organization. True when it was counted.
    task<result<bool>> count_view(std::int64_t id, std::optional<std::int64_t> viewer, std::string_view client,
                                  std::string_view user_agent);
    // What "Was?" suggests for the text typed so far (actors/jobs/search_suggestions.h): from memory;
    // the list is read anew when it is older than a few minutes.
    task<result<std::vector<jobs::search_suggestion>>> suggest(std::string typed);

    // The number of the job index's current generation: what an answer made from the catalogue is
    // checked against (reactor/answer_cache.h). None without an index (search.index off, or not built
    // yet): such answers are kept for the grace only.
    std::optional<std::uint64_t> catalogue_version() const noexcept;
    // The loop's answers that are the same for every visitor, made from the catalogue (a job's data).
    answer_cache& kept_answers() noexcept { return answers_; }

private:
    // The page from the in-memory job index (search.index on, index built, filter covered): true;
    // false when the SQL search must answer.
    task<result<bool>> search_index(const search::job_filter& f, std::optional<std::int64_t> candidate, int offset, jobs::job_page& page);
    task<jobs::job_page> with_exact_total(const search::job_filter& f, jobs::job_page page);
    // A search by Einsatztage: each card's free shifts in those dates, one query for the page.
    task<result<void>> add_free_shifts(const search::job_filter& f, jobs::job_page& page);
    task<result<jobs::job_detail>> detail(bool by_slug, std::int64_t id, std::string slug);
    // A job's activities and its first location's point (lat, lon): what recommend_random searches by.
    struct similar_basis {
        std::vector<std::string> activities;
        std::optional<std::pair<double, double>> point;
    };
    task<result<std::optional<similar_basis>>> similar_jobs_basis(std::int64_t id);

    loop_context& loop_;
    const search::index_service* job_index_;
    jobs::search_fallback_counts* fallbacks_;
    thread_pool files_;
    std::vector<jobs::job_type_total> totals_;
    std::chrono::steady_clock::time_point totals_made_{};
    std::chrono::seconds totals_cache_;
    // The generation totals_ were counted in (index on): a newer one counts again, so a closed or new
    // job changes the count at once. Weak: an old generation is not kept alive for its address.
    std::weak_ptr<const search::index_generation> totals_generation_;
    jobs::cached_body keys_;
    jobs::suggestion_list suggestions_;
    std::chrono::steady_clock::time_point suggestions_made_{};
    answer_cache answers_{jobs::kept_answers_bytes};
    jobs::view_batch views_{loop_};
    struct kept_basis {
        std::optional<similar_basis> basis;   // none: no such job
        std::optional<std::uint64_t> version;
        std::chrono::steady_clock::time_point made;
    };
    static constexpr std::size_t max_kept_bases = 20000;
    std::unordered_map<std::int64_t, kept_basis> bases_;
};

}  // namespace jh
