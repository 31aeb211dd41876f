// job_views.cpp: counting a view of a job's page on the server (issue 29, "Views counted
// honestly"): one UPSERT into job_posting_daily_views per view (migrations/0183), no cookie and
// nothing about the visitor stored, committed without waiting for the disk. The route
// (jobs_routes.cpp) has already left out crawlers and impersonation; the statement leaves out the
// job's own organization and jobs that are not live. Why one statement per view and not batches
// (measured: bench/job-views): docs/decisions.md, "Job views counted on the server".
#include "actors/jobs/jobs_actor.h"
#include "reactor/loop_context.h"
#include "reactor/pg_bind.h"
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

}  // namespace

task<result<bool>> jobs_actor::count_view(std::int64_t id, std::optional<std::int64_t> viewer) {
    CO_TRY(auto r, co_await loop_.pg.query(count_view_sql, pg::bind(id, viewer)));
    co_return r.affected() == 1;
}

}  // namespace jh
