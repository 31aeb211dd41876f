// provider_webhook_handler.h: the `provider_webhooks` worker kind: sends an organization's
// application events to its own system (issue 44 item 6; docs/reach.md, "Webhooks").
//
// A job names one delivery row (messages/provider_webhook.h), queued by the triggers of
// migrations/0387 in the transaction of the change. The worker reads the row and its endpoint,
// resolves the endpoint's host itself, refuses any address that is not public (SSRF: a provider
// must not make us call into our own or anybody's internal network) and pins the checked address
// for the request (CURLOPT_RESOLVE, so a second DNS answer cannot differ), then POSTs the stored
// payload with the Standard Webhooks headers: webhook-id (the same on every retry), webhook-timestamp
// (this attempt) and webhook-signature. No redirect is followed, no proxy is used, the whole request
// has webhook.timeout_ms, and at most 4 KiB of the answer is read. The answer decides as for the
// tracking webhooks (classify_webhook): 2xx done; 408, 429, 5xx and no answer retried with the
// queue's backoff; any other status dead. A refused address is dead at once. Each attempt's status
// and error are written to the delivery row, which the portal's delivery log shows.
#pragma once

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
// (a name that answers with an internal address beside a public one is not sent to).
webhook_target_address resolve_webhook_host(const std::string& host, bool allow_loopback);

class provider_webhook_handler final : public job_handler {
public:
    explicit provider_webhook_handler(const config& cfg);
    job_result run(const claimed_job& job) override;
    // A few at a time: each may take up to webhook.timeout_ms.
    int claim_size() const override { return 5; }
    int longest_run_ms() const override;
    // Each outcome is recorded at once: a crash repeats at most the delivery in hand.
    bool record_each() const override { return true; }

private:
    job_result deliver(const claimed_job& job, std::int64_t delivery);
    void record(std::int64_t delivery, int attempts, long status, const std::string& error, outcome how, bool last_attempt);
    const config& cfg_;
    db db_;
};

}  // namespace jh::workers
