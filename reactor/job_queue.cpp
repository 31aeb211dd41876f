// job_queue.cpp: see job_queue.h.
#include "reactor/job_queue.h"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "reactor/loop_context.h"
#include "reactor/zmq_link.h"

namespace jh::job_queue {

namespace {
// run_at travels as milliseconds since the epoch; NULL means now().
constexpr std::string_view insert_sql =
    "INSERT INTO queue_jobs (kind, payload, idempotency_key, run_at, request_id) "
    "VALUES ($1, $2::jsonb, $3, coalesce(to_timestamp($4::bigint / 1000.0), now()), nullif($5::text, '')) "
    "ON CONFLICT (idempotency_key) DO NOTHING";
}  // namespace

task<pg::expected<void>> enqueue(pg::transaction& tx, std::string_view kind, std::string_view payload_json,
                                 std::string_view idempotency_key,
                                 std::optional<std::chrono::system_clock::time_point> run_at) {
    pg::params p;
    p.add(kind).add(payload_json).add(idempotency_key);
    if (run_at) {
        auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(run_at->time_since_epoch()).count();
        p.add(static_cast<std::int64_t>(ms));
    } else {
        p.add(std::nullopt);
    }
    // The request this job serves, so the worker's log lines carry its id (workers/worker.cpp).
    this_request_id current;
    p.add(co_await current);
    auto r = co_await tx.query(insert_sql, std::move(p));
    if (!r) co_return std::unexpected(std::move(r.error()));
    co_return pg::expected<void>{};
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
