// job_store.cpp: see job_store.h. Blocking libpq, by design (worker processes only).
#include "workers/job_store.h"

namespace jh::workers {

namespace {

// What both claims do with the due rows they chose (a literal, so each statement stays one
// constant): take them with a new lease and attempt, and return what the handler needs.
#define CLAIM_DUE_JOBS \
    "UPDATE queue_jobs q SET status = 'running', attempts = q.attempts + 1," \
    "  locked_until = clock_timestamp() + $4::bigint * interval '1 millisecond'," \
    "  locked_by = $5, started_at = coalesce(q.started_at, clock_timestamp()) " \
    "FROM due WHERE q.id = due.id " \
    "RETURNING q.id, q.payload::text, q.idempotency_key, q.attempts, coalesce(q.request_id, '')," \
    "  floor(extract(epoch FROM clock_timestamp() - q.started_at) * 1000)::bigint"

// The oldest due jobs first. A running job is due again when its lease has passed (its worker
// died); it only counts while it has attempts left, bury_abandoned() handles the rest.
constexpr const char* claim_sql =
    "WITH due AS ("
    "  SELECT id FROM queue_jobs"
    "  WHERE kind = $1 AND status IN ('pending', 'running')"
    "    AND coalesce(locked_until, run_at) <= now()"
    "    AND (status = 'pending' OR attempts < $3)"
    "  ORDER BY coalesce(locked_until, run_at)"
    "  LIMIT $2"
    "  FOR UPDATE SKIP LOCKED) "
    CLAIM_DUE_JOBS;

// The same for kinds that run jobs side by side (job_handler::parallel_runs): a job with a lane
// (migrations/0394) is due only while no other job of its lane runs under a live lease and no
// older due job of its lane waits. So at most one job per lane is in flight, oldest first, and a
// lane whose job hangs holds back only itself. $4's lease and $5 as above.
constexpr const char* claim_lanes_sql =
    "WITH due AS ("
    "  SELECT q.id FROM queue_jobs q"
    "  WHERE q.kind = $1 AND q.status IN ('pending', 'running')"
    "    AND coalesce(q.locked_until, q.run_at) <= now()"
    "    AND (q.status = 'pending' OR q.attempts < $3)"
    "    AND (q.lane IS NULL OR NOT EXISTS ("
    "      SELECT 1 FROM queue_jobs o"
    "      WHERE o.kind = $1 AND o.lane = q.lane AND o.id <> q.id AND o.status IN ('pending', 'running')"
    "        AND ((o.status = 'running' AND o.locked_until > now())"
    "          OR (coalesce(o.locked_until, o.run_at) <= now() AND (o.status = 'pending' OR o.attempts < $3)"
    "              AND (coalesce(o.locked_until, o.run_at), o.id) < (coalesce(q.locked_until, q.run_at), q.id)))))"
    "  ORDER BY coalesce(q.locked_until, q.run_at)"
    "  LIMIT $2"
    "  FOR UPDATE OF q SKIP LOCKED) "
    CLAIM_DUE_JOBS;
#undef CLAIM_DUE_JOBS

constexpr const char* done_sql =
    "UPDATE queue_jobs q SET status = 'done', locked_until = NULL, finished_at = clock_timestamp() "
    "FROM unnest($1::bigint[], $2::int[]) AS d(id, attempts) "
    "WHERE q.id = d.id AND q.attempts = d.attempts AND q.status = 'running'";

// The same, and the payload's "data" (a mail's placeholder values: its single-use links) goes:
// the row keeps template, recipient and idempotency key for the record.
constexpr const char* done_scrubbed_sql =
    "UPDATE queue_jobs q SET status = 'done', locked_until = NULL, finished_at = clock_timestamp(), "
    "  payload = (q.payload - 'data') || '{\"data_removed\": true}'::jsonb "
    "FROM unnest($1::bigint[], $2::int[]) AS d(id, attempts) "
    "WHERE q.id = d.id AND q.attempts = d.attempts AND q.status = 'running'";

// $5: 1 takes the claim back from attempts (a wait, outcome::wait), as release does; 0 keeps it.
constexpr const char* retry_sql =
    "UPDATE queue_jobs SET status = 'pending', locked_until = NULL, locked_by = NULL,"
    "  run_at = clock_timestamp() + $3::bigint * interval '1 millisecond', last_error = $4, attempts = attempts - $5::int "
    "WHERE id = $1 AND attempts = $2 AND status = 'running'";

constexpr const char* bury_sql =
    "UPDATE queue_jobs SET status = 'dead', locked_until = NULL, finished_at = clock_timestamp(),"
    "  last_error = $3 "
    "WHERE id = $1 AND attempts = $2 AND status = 'running'";

constexpr const char* release_sql =
    "UPDATE queue_jobs q SET status = 'pending', locked_until = NULL, locked_by = NULL,"
    "  attempts = q.attempts - 1,"
    "  started_at = CASE WHEN q.attempts = 1 THEN NULL ELSE q.started_at END "
    "FROM unnest($1::bigint[], $2::int[]) AS d(id, attempts) "
    "WHERE q.id = d.id AND q.attempts = d.attempts AND q.status = 'running'";

constexpr const char* bury_abandoned_sql =
    "UPDATE queue_jobs SET status = 'dead', locked_until = NULL, finished_at = clock_timestamp(),"
    "  last_error = 'the lease ran out ' || attempts || ' times: its worker died or hung while running it'"
    "    || coalesce(' (last error: ' || last_error || ')', '') "
    "WHERE kind = $1 AND status = 'running' AND coalesce(locked_until, run_at) <= now() AND attempts >= $2";

constexpr const char* next_due_sql =
    "SELECT floor(extract(epoch FROM min(coalesce(locked_until, run_at)) - clock_timestamp()) * 1000)::bigint "
    "FROM queue_jobs WHERE kind = $1 AND status IN ('pending', 'running')";

// The same, leaving out jobs whose lane is busy: they become claimable when the lane's running job
// ends, which the worker hears of itself (its own job) or by its lease running out.
constexpr const char* next_due_lanes_sql =
    "SELECT floor(extract(epoch FROM min(coalesce(q.locked_until, q.run_at)) - clock_timestamp()) * 1000)::bigint "
    "FROM queue_jobs q WHERE q.kind = $1 AND q.status IN ('pending', 'running') "
    "  AND (q.lane IS NULL OR q.status = 'running' OR NOT EXISTS ("
    "    SELECT 1 FROM queue_jobs o WHERE o.kind = $1 AND o.lane = q.lane AND o.status = 'running' AND o.locked_until > now()))";

// In slices, so one purge never holds many row locks or runs long.
constexpr const char* purge_sql =
    "DELETE FROM queue_jobs WHERE id IN ("
    "  SELECT id FROM queue_jobs WHERE status = 'done' AND finished_at < now() - $1::bigint * interval '1 hour'"
    "  LIMIT 10000)";

// Dead rows wait for an operator (`jobhafen admin jobs --dead`) for a while, then go: they hold
// payloads with addresses and names.
constexpr const char* purge_dead_sql =
    "DELETE FROM queue_jobs WHERE id IN ("
    "  SELECT id FROM queue_jobs WHERE status = 'dead' AND finished_at < now() - $1::bigint * interval '1 day'"
    "  LIMIT 10000)";

std::pair<std::string, std::string> ids_and_attempts(std::span<const claimed_job> jobs) {
    std::vector<std::int64_t> ids, attempts;
    for (const auto& j : jobs) {
        ids.push_back(j.id);
        attempts.push_back(j.attempts);
    }
    return {array_literal(ids), array_literal(attempts)};
}

}  // namespace

std::string array_literal(std::span<const std::int64_t> values) {
    std::string out = "{";
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i) out += ',';
        out += std::to_string(values[i]);
    }
    out += '}';
    return out;
}

std::expected<std::vector<claimed_job>, std::string> job_store::claim(int limit, std::chrono::milliseconds lease, int max_attempts,
                                                                       bool lanes) {
    pg::params p;
    p.add(kind_).add(limit).add(max_attempts).add(static_cast<std::int64_t>(lease.count())).add(worker_id_);
    auto r = db_.exec(lanes ? claim_lanes_sql : claim_sql, p);
    if (!r) return std::unexpected(r.error());
    std::vector<claimed_job> jobs;
    jobs.reserve(static_cast<std::size_t>(r->rows()));
    for (int i = 0; i < r->rows(); ++i)
        jobs.push_back({r->int64(i, 0), std::string(r->text(i, 1)), std::string(r->text(i, 2)), static_cast<int>(r->int64(i, 3)),
                        std::string(r->text(i, 4)), r->int64(i, 5)});
    return jobs;
}

std::expected<void, std::string> job_store::mark_done(std::span<const claimed_job> jobs, bool remove_data) {
    if (jobs.empty()) return {};
    auto [ids, attempts] = ids_and_attempts(jobs);
    pg::params p;
    p.add(ids).add(attempts);
    auto r = db_.exec(remove_data ? done_scrubbed_sql : done_sql, p);
    if (!r) return std::unexpected(r.error());
    return {};
}

std::expected<void, std::string> job_store::retry_later(const claimed_job& job, std::chrono::milliseconds delay, const std::string& error,
                                                       bool count_attempt) {
    pg::params p;
    p.add(job.id).add(job.attempts).add(static_cast<std::int64_t>(delay.count())).add(error).add(count_attempt ? 0 : 1);
    auto r = db_.exec(retry_sql, p);
    if (!r) return std::unexpected(r.error());
    return {};
}

std::expected<void, std::string> job_store::bury(const claimed_job& job, const std::string& error) {
    pg::params p;
    p.add(job.id).add(job.attempts).add(error);
    auto r = db_.exec(bury_sql, p);
    if (!r) return std::unexpected(r.error());
    return {};
}

std::expected<void, std::string> job_store::release(std::span<const claimed_job> jobs) {
    if (jobs.empty()) return {};
    auto [ids, attempts] = ids_and_attempts(jobs);
    pg::params p;
    p.add(ids).add(attempts);
    auto r = db_.exec(release_sql, p);
    if (!r) return std::unexpected(r.error());
    return {};
}

std::expected<std::int64_t, std::string> job_store::bury_abandoned(int max_attempts) {
    pg::params p;
    p.add(kind_).add(max_attempts);
    auto r = db_.exec(bury_abandoned_sql, p);
    if (!r) return std::unexpected(r.error());
    return r->affected();
}

std::expected<std::optional<std::chrono::milliseconds>, std::string> job_store::next_due_in(bool lanes) {
    pg::params p;
    p.add(kind_);
    auto r = db_.exec(lanes ? next_due_lanes_sql : next_due_sql, p);
    if (!r) return std::unexpected(r.error());
    if (r->rows() == 0 || r->is_null(0, 0)) return std::optional<std::chrono::milliseconds>{};
    return std::optional<std::chrono::milliseconds>{std::chrono::milliseconds(r->int64(0, 0))};
}

std::expected<std::int64_t, std::string> job_store::purge_done(std::chrono::hours retention) {
    return db_.exec_affected(purge_sql, static_cast<std::int64_t>(retention.count()));
}

std::expected<std::int64_t, std::string> job_store::purge_dead(int days) { return db_.exec_affected(purge_dead_sql, days); }

}  // namespace jh::workers
