// job_views.cpp: counting a view of a job's page on the server (issue 29, "Views counted
// honestly"; issue 39, item 5): once per client and Berlin day — a marker in Redis, a keyed hash of
// the client's address and user agent that expires when the day ends (job_view_rules.h) — then one
// UPSERT into job_posting_daily_views (migrations/0183), no cookie and nothing about the visitor in
// PostgreSQL, committed without waiting for the disk. The route (jobs_routes.cpp) has already left
// out other sites' pages, crawlers and impersonation and counted the client's rate class; the
// statement leaves out the job's own organization and jobs that are not live. Why one statement per
// view and not batches (measured: bench/job-views): docs/decisions.md, "Job views counted on the
// server"; why once per client and day: "A view counted once per client and day".
#include "actors/jobs/jobs_actor.h"
#include "actors/jobs/job_view_rules.h"
#include "reactor/auth.h"
#include "reactor/loop_context.h"
#include "reactor/pg_bind.h"
#include "reactor/redis.h"
#include "reactor/try.h"

namespace jh {

namespace {

// The day is Berlin's, as every date the portal shows. A member's own visits are not views.
// The statement's own transaction commits without waiting for the WAL flush (set_config(…, true)
// lasts until that commit): a crash may lose the last fraction of a second of views, never leaves
// a wrong row, and a view costs no disk wait. Measured in bench/job-views (docs/decisions.md).
constexpr const char* count_view_sql =
    "WITH quick AS (SELECT set_config('synchronous_commit', 'off', true)) "
    "INSERT INTO job_posting_daily_views AS v (job_posting_id, day, views) "
    "SELECT j.id, (now() AT TIME ZONE 'Europe/Berlin')::date, 1 FROM quick, job_postings j "
    " WHERE j.id = $1 AND j.is_published AND j.active AND (j.valid_through IS NULL OR j.valid_through > now()) "
    "   AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = $2 AND a.organization_id = j.organization_id) "
    "ON CONFLICT (job_posting_id, day) DO UPDATE SET views = v.views + 1";

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
    auto r = co_await loop_.pg.query(count_view_sql, pg::bind(id, viewer));
    if (!r) {
        // Not counted: the marker goes, so the client's next view today counts (best effort: a
        // Redis that fails now too leaves the marker, and this one view uncounted).
        (void)co_await loop_.redis.command("DEL", std::move(*marker));
        co_return std::unexpected(r.error().to_app_error());
    }
    co_return r->affected() == 1;
}

}  // namespace jh
