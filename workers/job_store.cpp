// job_store.cpp: see job_store.h. Blocking libpq, by design (worker processes only).
#include "workers/job_store.h"

namespace jh::workers {

namespace {

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
    "UPDATE queue_jobs q SET status = 'running', attempts = q.attempts + 1,"
    "  locked_until = clock_timestamp() + $4::bigint * interval '1 millisecond',"
    "  locked_by = $5, started_at = coalesce(q.started_at, clock_timestamp()) "
    "FROM due WHERE q.id = due.id "
    "RETURNING q.id, q.payload::text, q.idempotency_key, q.attempts, coalesce(q.request_id, '')";

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

constexpr const char* retry_sql =
    "UPDATE queue_jobs SET status = 'pending', locked_until = NULL, locked_by = NULL,"
    "  run_at = clock_timestamp() + $3::bigint * interval '1 millisecond', last_error = $4 "
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

std::expected<std::vector<claimed_job>, std::string> job_store::claim(int limit, std::chrono::milliseconds lease, int max_attempts) {
    pg::params p;
    p.add(kind_).add(limit).add(max_attempts).add(static_cast<std::int64_t>(lease.count())).add(worker_id_);
    auto r = db_.exec(claim_sql, p);
    if (!r) return std::unexpected(r.error());
    std::vector<claimed_job> jobs;
    jobs.reserve(static_cast<std::size_t>(r->rows()));
    for (int i = 0; i < r->rows(); ++i)
        jobs.push_back({r->int64(i, 0), std::string(r->text(i, 1)), std::string(r->text(i, 2)), static_cast<int>(r->int64(i, 3)),
                        std::string(r->text(i, 4))});
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

std::expected<void, std::string> job_store::retry_later(const claimed_job& job, std::chrono::milliseconds delay, const std::string& error) {
    pg::params p;
    p.add(job.id).add(job.attempts).add(static_cast<std::int64_t>(delay.count())).add(error);
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

std::expected<std::optional<std::chrono::milliseconds>, std::string> job_store::next_due_in() {
    pg::params p;
    p.add(kind_);
    auto r = db_.exec(next_due_sql, p);
    if (!r) return std::unexpected(r.error());
    if (r->rows() == 0 || r->is_null(0, 0)) return std::optional<std::chrono::milliseconds>{};
    return std::optional<std::chrono::milliseconds>{std::chrono::milliseconds(r->int64(0, 0))};
}

std::expected<std::int64_t, std::string> job_store::purge_done(std::chrono::hours retention) {
    return db_.exec_affected(purge_sql, static_cast<std::int64_t>(retention.count()));
}

std::expected<std::int64_t, std::string> job_store::purge_dead(int days) { return db_.exec_affected(purge_dead_sql, days); }

}  // namespace jh::workers
