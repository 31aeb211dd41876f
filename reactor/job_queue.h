// job_queue.h: how the server hands work to the worker processes (mail, alerts, sedcard, webhooks).
//
// The queue is the PostgreSQL table queue_jobs (migrations/0002_job_queue.sql). A job is written
// with enqueue() INSIDE the caller's own transaction, next to the change that causes it (an
// outbox): it exists exactly when that change commits, and vanishes with a rollback. After the
// commit, wake() tells the workers of that kind over ZeroMQ; workers also poll the table every few
// seconds, so a lost wake-up only delays a job. Usage, from an actor:
//
//     CO_CHECK(co_await pg::in_transaction(loop_.pg, [&](pg::transaction& tx) -> task<result<void>> {
//         ... the domain's own INSERT/UPDATE on tx ...
//         std::string payload = ...;   // a JSON object, e.g. {"template":"verify_email","to":...}
//         CO_CHECK(co_await job_queue::enqueue(tx, "mail", payload, "verify_email:" + account_id));
//         CO_CHECK(co_await tx.commit());
//         co_return result<void>{};
//     }));
//     job_queue::wake(loop_, "mail");   // after the commit: the body may run twice, a wake-up once
//
// The idempotency key is unique across all kinds: enqueueing an existing key is silently a no-op,
// so "send the verification mail for account 42 once" is spelled as a key, not as a check. The
// mail worker turns the key into the Message-ID. Keys are at most 200 bytes.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

#include "reactor/pg.h"
#include "reactor/task.h"

namespace jh {

struct loop_context;
class zmq_link;

namespace job_queue {

// Inserts a job of `kind` (a worker kind: "mail", "webhooks", ...) with a JSON object payload.
// `run_at`: not before this time (default: now). A duplicate key is not an error and inserts
// nothing. Fails like any statement of the transaction (e.g. payload that is not JSON). The views
// must stay valid until the task finished: await it where it is made (a temporary string in the
// same co_await expression is fine), never store the task for later.
task<pg::expected<void>> enqueue(pg::transaction& tx, std::string_view kind, std::string_view payload_json,
                                 std::string_view idempotency_key,
                                 std::optional<std::chrono::system_clock::time_point> run_at = std::nullopt);

// A mail that one party makes Jobhafen send to another (a status to a candidate, an invitation)
// is bounded by slots: the caller names a window by a key prefix ("application_status:42:2026-11-26:")
// and how many jobs that window may hold; the jobs' keys are the prefix followed by 1..slots.
//   * replace_pending: while a job of the window is still pending (not yet claimed by a worker),
//     its payload is replaced instead of a new job being queued: the newer word wins, one mail.
//   * otherwise the first free slot gets the job (with `run_at`); all slots used → `full`, nothing
//     is queued.
// Callers of one prefix are serialized by a transaction-scoped advisory lock on it, so two
// requests never take the same slot. docs/queue.md, "Bounded mails".
enum class slot_outcome { queued, replaced, full };
task<pg::expected<slot_outcome>> enqueue_in_slots(pg::transaction& tx, std::string_view kind, std::string_view payload_json,
                                                  std::string_view key_prefix, int slots, bool replace_pending,
                                                  std::optional<std::chrono::system_clock::time_point> run_at = std::nullopt);

// Today's date in UTC as YYYY-MM-DD: the window part of a daily slot prefix.
std::string utc_day();

// Wakes the workers of `kind`. Call after the commit (a worker woken before it would find
// nothing). Never blocks; a wake-up that cannot be queued is dropped (the poll finds the job).
void wake(loop_context& loop, std::string_view kind);
void wake(zmq_link& link, std::string_view kind);

// Prometheus text for /metrics: jobs waiting and running per kind, and the age of the oldest job
// that is due and not yet claimed. One grouped query over the open jobs (the claim index); empty
// text when the database does not answer, so /metrics still shows the rest.
task<std::string> depth_metrics(pg::pool& pg);

}  // namespace job_queue
}  // namespace jh
