// job_views.cpp: counting a view of a job's page on the server (issue 29, "Views counted
// honestly"; issue 39, item 5): once per client and Berlin day — a marker in Redis, a keyed hash of
// the client's address and user agent that expires when the day ends (job_view_rules.h) — then the
// view joins its loop's batch (view_batch.h): one UPSERT per job and day into
// job_posting_daily_views (migrations/0183) for all views that arrived while the statement before
// ran, no cookie and nothing about the visitor in PostgreSQL, committed without waiting for the
// disk. The route (jobs_routes.cpp) has already left out other sites' pages, crawlers and
// impersonation and counted the client's rate class; the statement leaves out the job's own
// organization and jobs that are not live. Why batches, and why answered only after the commit:
// docs/decisions.md, "Views counted in batches"; why once per client and day: "A view counted once
// per client and day".
#include "actors/jobs/jobs_actor.h"

#include <algorithm>

#include "actors/jobs/job_view_rules.h"
#include "reactor/auth.h"
#include "reactor/loop_context.h"
#include "reactor/pg_bind.h"
#include "reactor/redis.h"
#include "reactor/try.h"
#include "search/job_filter.h"

namespace jh {

namespace {

// The day is Berlin's, as every date the portal shows. A member's own visits are not views.
// The statement's own transaction commits without waiting for the WAL flush (set_config(…, true)
// lasts until that commit): a crash may lose the last fraction of a second of views, never leaves
// a wrong row, and a view costs no disk wait. Measured in bench/job-views (docs/decisions.md).
// One statement counts a batch (view_batch.h): $1 the jobs, $2 the viewers (NULL: a visitor), in
// the same order; it answers the positions (1-based) of the views that counted.
constexpr const char* count_views_sql =
    "WITH quick AS (SELECT set_config('synchronous_commit', 'off', true)), "
    "v AS (SELECT * FROM unnest($1::bigint[], $2::bigint[]) WITH ORDINALITY AS v(job, viewer, n)), "
    "ok AS MATERIALIZED (SELECT v.n, v.job FROM quick, v JOIN job_postings j ON j.id = v.job "
    " WHERE j.is_published AND j.active AND (j.valid_through IS NULL OR j.valid_through > now()) "
    "   AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = v.viewer AND a.organization_id = j.organization_id)), "
    "counted AS (INSERT INTO job_posting_daily_views AS d (job_posting_id, day, views) "
    " SELECT job, (now() AT TIME ZONE 'Europe/Berlin')::date, count(*) FROM ok GROUP BY job "
    " ON CONFLICT (job_posting_id, day) DO UPDATE SET views = d.views + EXCLUDED.views RETURNING 1) "
    "SELECT coalesce(array_agg(n ORDER BY n), '{}')::text, (SELECT count(*) FROM counted) FROM ok";

// "{1,NULL,7}": the viewers as a bigint[] literal.
std::string viewers_array_text(const std::vector<std::optional<std::int64_t>>& viewers) {
    std::string out = "{";
    for (std::size_t i = 0; i < viewers.size(); ++i) {
        if (i) out += ',';
        out += viewers[i] ? std::to_string(*viewers[i]) : std::string("NULL");
    }
    return out + "}";
}

// The client's marker for the job and today (job_view_rules.h), while it is new: SET NX EX, which
// lives until the Berlin day ends; nullopt when it was there (a repeated view, which costs this one
// round trip and nothing else). The marker is set before the count so that of two parallel views
// only one counts; the count's failure takes it back (count_view).
task<result<std::optional<std::string>>> new_marker_today(loop_context& loop, std::int64_t id, std::string_view client,
                                                          std::string_view user_agent) {
    const jobs::berlin_day day = jobs::berlin_day_at(auth::unix_now());
    std::string key = jobs::view_marker_key(auth::process_signing_key(loop.cfg), id, day.date, client, user_agent);
    auto set = co_await loop.redis.command("SET", key, "1", "NX", "EX", std::to_string(day.seconds_left));
    if (!set) co_return std::unexpected(set.error().to_app_error());
    if (set->kind != redis::reply::type::status) co_return std::nullopt;   // "OK"; nil when the marker was there
    co_return std::optional<std::string>(std::move(key));
}

}  // namespace

task<result<bool>> jobs_actor::count_view(std::int64_t id, std::optional<std::int64_t> viewer, std::string_view client,
                                          std::string_view user_agent) {
    CO_TRY(auto marker, co_await new_marker_today(loop_, id, client, user_agent));
    if (!marker) co_return false;
    auto counted = co_await views_.count(id, viewer);
    if (!counted) {
        // Not counted: the marker goes, so the client's next view today counts (best effort: a
        // Redis that fails now too leaves the marker, and this one view uncounted).
        (void)co_await loop_.redis.command("DEL", std::move(*marker));
        co_return std::unexpected(counted.error());
    }
    co_return *counted;
}

namespace jobs {

task<result<bool>> view_batch::count(std::int64_t job, std::optional<std::int64_t> viewer) {
    result<bool> outcome = false;
    co_await joining{*this, pending{job, viewer, {}, &outcome}};   // resumed by send_batches
    co_return outcome;
}

void view_batch::join(pending view) {
    open_.push_back(view);
    if (sending_) return;   // the running statement's end sends this one with the others
    sending_ = true;
    spawn(send_batches());
}

task<void> view_batch::send_batches() {
    while (!open_.empty()) {
        std::vector<pending> batch;
        if (open_.size() <= max_batch) batch.swap(open_);
        else {
            batch.assign(open_.begin(), open_.begin() + max_batch);
            open_.erase(open_.begin(), open_.begin() + max_batch);
        }
        std::vector<std::int64_t> jobs;
        std::vector<std::optional<std::int64_t>> viewers;
        for (const auto& v : batch) {
            jobs.push_back(v.job);
            viewers.push_back(v.viewer);
        }
        pg::params p;
        p.add(search::bigint_array_text(jobs)).add(viewers_array_text(viewers));
        auto r = co_await loop_.pg.query(count_views_sql, std::move(p));
        std::vector<std::int64_t> counted;
        if (r) counted = search::parse_bigint_array_text(r->text(0, 0));
        for (std::size_t i = 0; i < batch.size(); ++i) {
            if (!r) *batch[i].outcome = std::unexpected(r.error().to_app_error());
            else *batch[i].outcome = std::binary_search(counted.begin(), counted.end(), static_cast<std::int64_t>(i + 1));
        }
        // Each view's request goes on from here (and may join the next batch): resumed last, so
        // this loop's state is settled first.
        for (auto& v : batch) v.resume.resume();
    }
    sending_ = false;
}

}  // namespace jobs

}  // namespace jh
