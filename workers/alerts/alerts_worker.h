// alerts_worker.h: `jobhafen worker alerts`: sends job-alert digests.
//
// A timer loop, not a queue consumer: every alerts.tick_ms it runs the matcher — ONE SQL statement
// that takes the due alerts (confirmed, not paused, next_run_at passed; up to alerts.batch at a
// time, FOR UPDATE SKIP LOCKED so several workers share the work), matches each against the jobs
// published since its last run with the job search's own predicates (index-only walks of
// job_search_points, wide circles included; words looked up once per
// batch in the full-text index), records what was sent,
// advances the alerts and queues one digest mail per alert that found something — all in one
// transaction. The mail worker delivers the digests. `--once` runs the matcher until nothing is
// due and exits (tests, cron, the bench).
#pragma once

#include <atomic>
#include <cstdint>
#include <expected>
#include <string>

namespace jh {
struct config;
}

namespace jh::workers {

class db;

struct alerts_round {
    std::int64_t due = 0;       // alerts looked at
    std::int64_t mails = 0;     // digests queued
    std::int64_t matches = 0;   // (alert, job) pairs mailed
};

// One statement over at most `batch` due alerts. `origin` is http.public_origin (links in mails).
std::expected<alerts_round, std::string> run_alerts_round(db& database, const std::string& origin, int batch);

// The worker's main loop; `once`: until nothing is due, then return. Stops when `stop` is set or
// `stop_fd` becomes readable.
int run_alerts_worker(const config& cfg, bool once, const std::atomic<bool>& stop, int stop_fd);

}  // namespace jh::workers
