// webhook_handler.h: the `webhooks` worker kind: forwards tracking events to webhook.url.
//
// A job's payload is messages::webhook_event (messages/webhook_event.h): the event's JSON object
// as the tracking intake stored it, with its eventId. It is POSTed as application/json with an Idempotency-Key header (the job's
// key), or, with webhook.batch on, a whole claim of events goes as one JSON array. The answer
// decides: 2xx done; 408, 429, 5xx and network errors are retried with backoff; any other 4xx
// (and 3xx) is dead, because sending the same request again cannot change the answer. Without
// webhook.url every job completes at once (logged at debug level).
#pragma once

#include <string>

#include "workers/job.h"

typedef void CURL;

namespace jh {
struct config;
}

namespace jh::workers {

// How an HTTP answer (0: no answer, `curl_code` says why) maps to an outcome.
outcome classify_webhook(int curl_code, long http_status);

class webhook_handler final : public job_handler {
public:
    explicit webhook_handler(const config& cfg);
    ~webhook_handler() override;
    job_result run(const claimed_job& job) override;
    int claim_size() const override;
    bool handles_batches() const override;
    int longest_run_ms() const override;
    std::vector<job_result> run_batch(std::span<const claimed_job> jobs) override;

private:
    job_result post(const std::string& body, const std::string& idempotency_key);
    const config& cfg_;
    CURL* curl_ = nullptr;   // kept open: the endpoint's connection is reused between events
};

}  // namespace jh::workers
