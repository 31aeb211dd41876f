// google_index_handler.h: the `google_index` worker kind: tells Google's Indexing API when a job's
// public page appears, changes or goes (issue 44 item 2; docs/reach.md, "Google Indexing API").
//
// Jobs are queued by triggers on job_postings (migrations/0360_google_index.sql) in the
// transaction of the change; a payload names the job ({"job", "slug"}, "expiry" for the check at
// its end date). A claim (at most 100, Google's batch limit) is answered by reading each job's
// state now: live (published, active, not held, not in review, not expired, of an approved and not
// blocked organization) → URL_UPDATED, otherwise → URL_DELETED, for http.public_origin +
// /jobs/{slug}; several queued changes of one job become one notification. An expiry check of a
// job that is still live sends nothing. The notifications go as one multipart batch request with
// a service account's access token (google_auth.h). Outcomes: per call 2xx done; 429, 5xx, a
// missing answer part, 401 (a new token next time) retried with backoff; any other 4xx dead
// (logged with the URL: sending it again cannot help). The whole request failing (network, 408,
// 429, 5xx, no token) retries every job of the claim.
//
// At start the worker writes google_index_switch: on with google_index.service_account_file set,
// off without, and while off the triggers queue nothing (and queued jobs complete unsent).
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "workers/db.h"
#include "workers/google_index/google_auth.h"
#include "workers/google_index/google_index_settings.h"
#include "workers/job.h"

typedef void CURL;

namespace jh {
struct config;
}

namespace jh::workers {

class google_index_handler final : public job_handler {
public:
    explicit google_index_handler(const config& cfg);
    ~google_index_handler() override;
    job_result run(const claimed_job& job) override;
    int claim_size() const override;
    bool handles_batches() const override { return true; }
    int longest_run_ms() const override;
    std::vector<job_result> run_batch(std::span<const claimed_job> jobs) override;

private:
    void write_switch(bool on);
    const config& cfg_;
    const google_index_settings& settings_;
    std::optional<google::token_source> tokens_;   // empty: the feature is off
    db db_;
    CURL* curl_ = nullptr;   // kept open: the connection to Google is reused between batches
};

}  // namespace jh::workers
