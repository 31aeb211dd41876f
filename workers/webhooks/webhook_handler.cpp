// webhook_handler.cpp: see webhook_handler.h. Blocking libcurl, by design (worker process).
#include "workers/webhooks/webhook_handler.h"

#include <curl/curl.h>
#include <spdlog/spdlog.h>

#include "messages/webhook_event.h"
#include "reactor/config.h"
#include "workers/http_post.h"

namespace jh::workers {

outcome classify_webhook(int curl_code, long http_status) {
    if (curl_code != CURLE_OK || http_status == 0) return outcome::retry;   // no answer: network, timeout
    if (http_status >= 200 && http_status <= 299) return outcome::done;
    if (http_status == 408 || http_status == 429 || http_status >= 500) return outcome::retry;
    return outcome::dead;
}

webhook_handler::webhook_handler(const config& cfg) : cfg_(cfg), curl_(curl_easy_init()) {
    if (cfg.webhook_url.empty()) spdlog::info("webhooks: webhook.url is not set; events are not forwarded");
}

webhook_handler::~webhook_handler() {
    if (curl_) curl_easy_cleanup(curl_);
}

int webhook_handler::claim_size() const { return cfg_.queue_batch_size; }

int webhook_handler::longest_run_ms() const { return cfg_.webhook_url.empty() ? 0 : cfg_.webhook_timeout_ms; }

bool webhook_handler::handles_batches() const { return cfg_.webhook_batch && !cfg_.webhook_url.empty(); }

job_result webhook_handler::run(const claimed_job& job) {
    if (cfg_.webhook_url.empty()) {
        spdlog::debug("webhooks: no webhook.url; job {} completes without a request", job.id);
        return job_result::ok();
    }
    auto event = messages::parse_webhook_event(job.payload);
    if (!event) return job_result::permanent(event.error());   // sending it again cannot help
    return post(messages::to_json(*event), job.idempotency_key);
}

std::vector<job_result> webhook_handler::run_batch(std::span<const claimed_job> jobs) {
    std::vector<job_result> results(jobs.size());
    std::vector<std::size_t> sent;
    std::string body = "[";
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        auto event = messages::parse_webhook_event(jobs[i].payload);
        if (!event) {
            results[i] = job_result::permanent(event.error());
            continue;
        }
        if (!sent.empty()) body += ',';
        body += messages::to_json(*event);
        sent.push_back(i);
    }
    body += ']';
    if (sent.empty()) return results;
    // One request, one answer: every event of the batch shares its outcome.
    job_result answer = post(body, {});
    for (std::size_t i : sent) results[i] = answer;
    return results;
}

job_result webhook_handler::post(const std::string& body, const std::string& idempotency_key) {
    std::vector<std::string> headers = {"Content-Type: application/json"};
    if (!idempotency_key.empty()) headers.push_back("Idempotency-Key: " + idempotency_key);
    // The receiver's answer body says nothing we act on: read and dropped.
    auto a = workers::post(curl_, cfg_.webhook_url, headers, body, cfg_.webhook_timeout_ms, "Jobhafen-Webhooks/1", false);
    switch (classify_webhook(a.curl_code, a.status)) {
        case outcome::done: return job_result::ok();
        case outcome::retry:
            if (a.curl_code != CURLE_OK) return job_result::temporary("webhook: " + a.error);
            return job_result::temporary("webhook answered HTTP " + std::to_string(a.status));
        case outcome::dead: return job_result::permanent("webhook answered HTTP " + std::to_string(a.status));
        case outcome::wait: break;   // an answer over HTTP is never a full disk of ours
    }
    return job_result::temporary("unknown webhook outcome");
}

}  // namespace jh::workers
