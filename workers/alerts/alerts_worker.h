// alerts_worker.h: `jobhafen worker alerts`: sends job-alert digests.
//
// A timer loop, not a queue consumer: every alerts.tick_ms it runs a round in one transaction: it
// takes the due alerts (confirmed, not paused, next_run_at passed; up to alerts.batch at a time,
// FOR UPDATE SKIP LOCKED so several workers share the work), loads the live jobs published since
// the oldest of their last runs into an in-memory index (search/job_index.h), reads each alert's
// stored filter with the job search's own decoder (search/job_filter.h) and evaluates it with the
// index's own code, then records what was sent, advances the alerts and queues one digest mail
// per alert that found something. The search and the matcher cannot read a filter differently.
// The mail worker delivers the digests. `--once` runs rounds until nothing is due and exits
// (tests, cron, the bench).
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

// The live jobs the rounds of one drain match against (alerts_worker.cpp); start with an empty one.
struct alerts_window;

// One round over at most `batch` due alerts. `origin` is http.public_origin (links in mails).
// `window` is loaded when empty or when the round's alerts look back further than it reaches.
std::expected<alerts_round, std::string> run_alerts_round(db& database, const std::string& origin, int batch, alerts_window& window);

// The worker's main loop; `once`: until nothing is due, then return. Stops when `stop` is set or
// `stop_fd` becomes readable.
int run_alerts_worker(const config& cfg, bool once, const std::atomic<bool>& stop, int stop_fd);

}  // namespace jh::workers
