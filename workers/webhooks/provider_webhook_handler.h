// provider_webhook_handler.h: the `provider_webhooks` worker kind: sends an organization's
// application events to its own system (issue 44 item 6; docs/reach.md, "Webhooks").
//
// A job names one delivery row (messages/provider_webhook.h), queued by the triggers of
// migrations/0387 in the transaction of the change. The worker reads the row and its endpoint,
// resolves the endpoint's host itself, refuses any address that is not public (SSRF: a provider
// must not make us call into our own or anybody's internal network) and pins the checked address
// for the request (CURLOPT_RESOLVE, so a second DNS answer cannot differ), then POSTs the stored
// payload with the Standard Webhooks headers: webhook-id (the same on every retry), webhook-timestamp
// (this attempt) and webhook-signature. No redirect is followed, no proxy is used, the name lookup
// and the whole request share webhook.timeout_ms, and at most 4 KiB of the answer is read. The
// answer decides as for the tracking webhooks (classify_webhook): 2xx done; 408, 429, 5xx and no
// answer retried with the queue's backoff; any other status dead. A refused address is dead at once. Each attempt's status
// and error are written to the delivery row, which the portal's delivery log shows.
//
// One organization's slow or dead receiver must not hold back another's events (review 26b: one
// receiver that held each request until the timeout delayed everybody's by minutes). So the worker
// runs up to provider_webhook_slots deliveries side by side (job_handler::parallel_runs, a thread
// each), and each organization's jobs share one lane (queue_jobs.lane, migrations/0394): at most one
// delivery per organization is in flight, its events leave in the order they were queued, and a
// receiver that hangs occupies one slot, its own organization's.
#pragma once

#include <chrono>
#include <mutex>
#include <string>

#include "workers/db.h"
#include "workers/job.h"

namespace jh {
struct config;
}

namespace jh::workers {

// A host resolved for one delivery: the checked numeric address to pin (IPv6 in brackets), or why
// not (German, for the delivery log). `permanent`: the name leads to an address that is not public
// (sending later cannot help); otherwise a failed lookup is retried.
struct webhook_target_address {
    std::string address;
    std::string error;
    bool permanent = false;
};
// Resolves `host` and checks every address it gets: one that is not public refuses the whole name
// (a name that answers with an internal address beside a public one is not sent to). A lookup that
// takes longer than `timeout` is a temporary failure (getaddrinfo itself has no timeout; the
// abandoned lookup ends on its own thread).
webhook_target_address resolve_webhook_host(const std::string& host, bool allow_loopback,
                                            std::chrono::milliseconds timeout = std::chrono::milliseconds(5000));

// Deliveries in flight at once, per worker process. Each holds at most webhook.timeout_ms.
constexpr int provider_webhook_slots = 8;

class provider_webhook_handler final : public job_handler {
public:
    explicit provider_webhook_handler(const config& cfg);
    // Safe from several threads at once: the database connection is shared under a lock (its
    // statements are short; the wait is on the receiver, outside the lock).
    job_result run(const claimed_job& job) override;
    // Side by side, one per organization (see above). Each outcome is recorded when its delivery
    // ends: a crash repeats at most the deliveries in flight.
    int parallel_runs() const override { return provider_webhook_slots; }
    int longest_run_ms() const override;

private:
    job_result deliver(const claimed_job& job, std::int64_t delivery);
    void record(std::int64_t delivery, int attempts, long status, const std::string& error, outcome how, bool last_attempt);
    std::expected<pg::result_set, std::string> exec(const char* sql, const pg::params& p);
    const config& cfg_;
    std::mutex db_mutex_;   // db_ is one connection; the delivery threads take turns
    db db_;
};

}  // namespace jh::workers
