// job_queue.cpp: see job_queue.h.
#include "reactor/job_queue.h"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "reactor/loop_context.h"
#include "reactor/pg_bind.h"
#include "reactor/zmq_link.h"

namespace jh::job_queue {

namespace {
// run_at travels as milliseconds since the epoch; NULL means now().
std::optional<std::int64_t> epoch_ms(std::optional<std::chrono::system_clock::time_point> t) {
    if (!t) return std::nullopt;
    return static_cast<std::int64_t>(std::chrono::duration_cast<std::chrono::milliseconds>(t->time_since_epoch()).count());
}

constexpr std::string_view insert_sql =
    "INSERT INTO queue_jobs (kind, payload, idempotency_key, run_at, request_id) "
    "VALUES ($1, $2::jsonb, $3, coalesce(to_timestamp($4::bigint / 1000.0), now()), nullif($5::text, '')) "
    "ON CONFLICT (idempotency_key) DO NOTHING";
}  // namespace

task<pg::expected<void>> enqueue(pg::transaction& tx, std::string_view kind, std::string_view payload_json,
                                 std::string_view idempotency_key,
                                 std::optional<std::chrono::system_clock::time_point> run_at) {
    pg::params p;
    p.add(kind).add(payload_json).add(idempotency_key).add(epoch_ms(run_at));
    // The request this job serves, so the worker's log lines carry its id (workers/worker.cpp).
    this_request_id current;
    p.add(co_await current);
    auto r = co_await tx.query(insert_sql, std::move(p));
    if (!r) co_return std::unexpected(std::move(r.error()));
    co_return pg::expected<void>{};
}

task<pg::expected<slot_outcome>> enqueue_in_slots(pg::transaction& tx, std::string_view kind, std::string_view payload_json,
                                                  std::string_view key_prefix, int slots, bool replace_pending,
                                                  std::optional<std::chrono::system_clock::time_point> run_at) {
    auto locked = co_await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('queue-slots:' || $1, 0))", pg::bind(key_prefix));
    if (!locked) co_return std::unexpected(std::move(locked.error()));
    if (replace_pending) {
        // A job a worker has claimed is 'running' and stays as it is; the newer word takes a new slot.
        auto replaced = co_await tx.query(
            "UPDATE queue_jobs SET payload = $3::jsonb WHERE kind = $1 AND status = 'pending' "
            "   AND idempotency_key IN (SELECT $2 || n FROM generate_series(1, $4::int) AS n) RETURNING id",
            pg::bind(kind, key_prefix, payload_json, slots));
        if (!replaced) co_return std::unexpected(std::move(replaced.error()));
        if (replaced->rows() > 0) co_return slot_outcome::replaced;
    }
    this_request_id current;
    std::string request_id(co_await current);
    auto inserted = co_await tx.query(
        "INSERT INTO queue_jobs (kind, payload, idempotency_key, run_at, request_id) "
        "SELECT $1, $3::jsonb, $2 || n, coalesce(to_timestamp($5::bigint / 1000.0), now()), nullif($6::text, '') "
        "  FROM generate_series(1, $4::int) AS n "
        " WHERE NOT EXISTS (SELECT 1 FROM queue_jobs q WHERE q.idempotency_key = $2 || n) "
        " ORDER BY n LIMIT 1 RETURNING id",
        pg::bind(kind, key_prefix, payload_json, slots, epoch_ms(run_at), request_id));
    if (!inserted) co_return std::unexpected(std::move(inserted.error()));
    co_return inserted->rows() > 0 ? slot_outcome::queued : slot_outcome::full;
}

std::string utc_day() {
    auto today = std::chrono::floor<std::chrono::days>(std::chrono::system_clock::now());
    std::chrono::year_month_day ymd{today};
    return fmt::format("{:04}-{:02}-{:02}", static_cast<int>(ymd.year()), static_cast<unsigned>(ymd.month()),
                       static_cast<unsigned>(ymd.day()));
}

void wake(zmq_link& link, std::string_view kind) {
    // The payload is empty: a wake-up only says "look at the table", the table says what to do.
    if (!link.publish(kind, {})) spdlog::debug("job queue: wake-up for '{}' not queued; the workers' poll will find the job", kind);
}

void wake(loop_context& loop, std::string_view kind) { wake(loop.zmq, kind); }

task<std::string> depth_metrics(pg::pool& pg) {
    auto r = co_await pg.query(
        "SELECT kind, count(*) FILTER (WHERE status = 'pending'), count(*) FILTER (WHERE status = 'running'), "
        "coalesce(extract(epoch FROM now() - min(run_at) FILTER (WHERE status = 'pending' AND run_at <= now())), 0) "
        "FROM queue_jobs WHERE status IN ('pending', 'running') GROUP BY kind ORDER BY kind");
    std::string out;
    if (!r) co_return out;
    out += "# HELP jobhafen_queue_jobs Jobs in the work queue that are not finished, by worker kind and state.\n"
           "# TYPE jobhafen_queue_jobs gauge\n";
    for (int i = 0; i < r->rows(); ++i) {
        out += fmt::format("jobhafen_queue_jobs{{kind=\"{}\",state=\"pending\"}} {}\n", r->text(i, 0), r->int64(i, 1));
        out += fmt::format("jobhafen_queue_jobs{{kind=\"{}\",state=\"running\"}} {}\n", r->text(i, 0), r->int64(i, 2));
    }
    out += "# HELP jobhafen_queue_oldest_due_seconds Age of the oldest due job no worker has claimed yet, by kind.\n"
           "# TYPE jobhafen_queue_oldest_due_seconds gauge\n";
    for (int i = 0; i < r->rows(); ++i)
        out += fmt::format("jobhafen_queue_oldest_due_seconds{{kind=\"{}\"}} {}\n", r->text(i, 0), r->number(i, 3));
    co_return out;
}

}  // namespace jh::job_queue
