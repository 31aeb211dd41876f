// google_index_handler.cpp: see google_index_handler.h. Blocking libcurl and libpq, by design
// (worker process).
#include "workers/google_index/google_index_handler.h"

#include <curl/curl.h>
#include <simdjson.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <map>

#include "reactor/config.h"
#include "workers/http_post.h"
#include "workers/google_index/indexing_batch.h"

namespace jh::workers {

namespace {

// The job's state as its public page shows it now; the organization must be live as well, and
// its provider must have chosen the channel `google` (issue 44 item 5): a job without it is
// URL_DELETED, which is what deselecting it on a live job sends.
constexpr const char* job_states_sql =
    "SELECT j.id, jh_google_index_live(j.is_published, j.active, j.held_at, j.review_since, j.valid_through) "
    "       AND jh_organization_live(j.organization_id) AND 'google' = ANY (j.publication_channels), j.slug "
    "  FROM job_postings j WHERE j.id = ANY ($1::bigint[])";

constexpr const char* write_switch_sql =
    "UPDATE google_index_switch SET enabled = $1::boolean, changed_at = now() WHERE enabled IS DISTINCT FROM $1::boolean";

struct index_entry {
    std::int64_t job = 0;
    std::string slug;
    bool expiry = false;
};

std::optional<index_entry> parse_index_entry(const std::string& payload) {
    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    if (parser.parse(payload).get(doc) != simdjson::SUCCESS) return std::nullopt;
    index_entry q;
    std::string_view slug;
    if (doc["job"].get_int64().get(q.job) != simdjson::SUCCESS || doc["slug"].get_string().get(slug) != simdjson::SUCCESS ||
        slug.empty())
        return std::nullopt;
    q.slug = std::string(slug);
    bool expiry = false;
    q.expiry = doc["expiry"].get_bool().get(expiry) == simdjson::SUCCESS && expiry;
    return q;
}

// One call's outcome in the batch answer.
job_result classify_call(int status, const google::url_notification& n) {
    if (status >= 200 && status <= 299) return job_result::ok();
    if (status == 0 || status == 401 || status == 408 || status == 429 || status >= 500)
        return job_result::temporary("Indexing API answered HTTP " + std::to_string(status) + " for " + n.url);
    spdlog::warn("google_index: Google refused {} {} with HTTP {}; not sent again", n.type, n.url, status);
    return job_result::permanent("Indexing API answered HTTP " + std::to_string(status) + " for " + n.url);
}

std::string trimmed_origin(std::string origin) {
    while (!origin.empty() && origin.back() == '/') origin.pop_back();
    return origin;
}

}  // namespace

google_index_handler::google_index_handler(const config& cfg)
    : cfg_(cfg), settings_(section<google_index_settings>(cfg)), db_(cfg.database_url), curl_(curl_easy_init()) {
    bool on = !settings_.service_account_file.empty();
    if (!on) spdlog::info("google_index: google_index.service_account_file is not set; job changes are not queued for Google");
    write_switch(on);
}

google_index_handler::~google_index_handler() {
    if (curl_) curl_easy_cleanup(curl_);
}

void google_index_handler::write_switch(bool on) {
    pg::params p;
    p.add(on);
    if (auto r = db_.exec(write_switch_sql, p); !r)
        spdlog::error("google_index: could not switch the queueing {}: {}", on ? "on" : "off", r.error());
}

int google_index_handler::claim_size() const {
    return std::clamp(cfg_.queue_batch_size, 1, static_cast<int>(google::max_batch_parts));
}

int google_index_handler::longest_run_ms() const {
    return settings_.service_account_file.empty() ? 0 : 2 * settings_.timeout_ms;   // a token, then the batch
}

job_result google_index_handler::run(const claimed_job& job) { return run_batch({&job, 1}).front(); }

std::vector<job_result> google_index_handler::run_batch(std::span<const claimed_job> jobs) {
    std::vector<job_result> results(jobs.size());
    if (settings_.service_account_file.empty()) {
        spdlog::debug("google_index: off; {} job(s) complete unsent", jobs.size());
        return results;
    }
    // One notification per job posting: the first queued entry speaks for it, the others are done
    // with it (it reads the latest state anyway).
    std::map<std::int64_t, std::size_t> first;
    std::vector<std::pair<std::size_t, index_entry>> entries;
    std::string ids = "{";
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        auto q = parse_index_entry(jobs[i].payload);
        if (!q) {
            results[i] = job_result::permanent("google_index: the payload names no job and slug");
            continue;
        }
        if (!first.emplace(q->job, i).second) continue;   // coalesced into the first
        if (ids.size() > 1) ids += ',';
        ids += std::to_string(q->job);
        entries.emplace_back(i, std::move(*q));
    }
    ids += '}';
    if (entries.empty()) return results;

    pg::params p;
    p.add(ids);
    auto rows = db_.exec(job_states_sql, p);
    if (!rows) {
        for (auto& [i, q] : entries) results[i] = job_result::temporary("google_index: " + rows.error());
        return results;
    }
    // Live now, and the page's slug now (the payload's names the page of a job deleted since).
    std::map<std::int64_t, std::pair<bool, std::string>> now;
    for (int r = 0; r < rows->rows(); ++r) now[rows->int64(r, 0)] = {rows->boolean(r, 1), std::string(rows->text(r, 2))};

    const std::string origin = trimmed_origin(cfg_.http_public_origin);
    std::vector<google::url_notification> calls;
    std::vector<std::size_t> call_job;   // calls[k] answers for jobs[call_job[k]]
    for (auto& [i, q] : entries) {
        auto it = now.find(q.job);
        bool is_live = it != now.end() && it->second.first;   // a deleted job is gone
        if (q.expiry && is_live) continue;                    // its end date moved: nothing changed for Google
        const std::string& slug = it != now.end() ? it->second.second : q.slug;
        calls.push_back({origin + "/jobs/" + slug, is_live ? "URL_UPDATED" : "URL_DELETED"});
        call_job.push_back(i);
    }
    if (calls.empty()) return results;

    auto fail_all = [&](const job_result& r) {
        for (std::size_t i : call_job) results[i] = r;
        return results;
    };
    if (!tokens_) {
        auto account = google::read_service_account(settings_.service_account_file);
        if (!account) {
            spdlog::error("google_index: {}", account.error());
            return fail_all(job_result::temporary(account.error()));
        }
        tokens_.emplace(std::move(*account), settings_.token_url, settings_.timeout_ms);
    }
    auto token = tokens_->token(curl_);
    if (!token) {
        spdlog::error("google_index: no access token ({}); {} notification(s) wait for a retry", token.error(), calls.size());
        return fail_all(job_result::temporary(token.error()));
    }

    auto a = workers::post(curl_, settings_.batch_url,
                          {"Content-Type: multipart/mixed; boundary=" + std::string(google::batch_boundary),
                           "Authorization: Bearer " + *token},
                          google::batch_body(calls), settings_.timeout_ms, google::indexing_user_agent);
    if (a.curl_code != CURLE_OK || a.status == 0) return fail_all(job_result::temporary("Indexing API: " + a.error));
    if (a.status == 401) tokens_->forget();
    if (a.status < 200 || a.status > 299) {
        std::string why = "Indexing API batch answered HTTP " + std::to_string(a.status);
        if (a.status == 401 || a.status == 408 || a.status == 429 || a.status >= 500) return fail_all(job_result::temporary(why));
        spdlog::warn("google_index: {}; {} notification(s) dropped", why, calls.size());
        return fail_all(job_result::permanent(why));
    }
    auto statuses = google::batch_statuses(a.content_type, a.body, calls.size());
    if (!statuses) return fail_all(job_result::temporary("Indexing API: the batch answer is not multipart/mixed"));
    int updated = 0, deleted = 0;
    for (std::size_t k = 0; k < calls.size(); ++k) {
        if ((*statuses)[k] == 401) tokens_->forget();
        results[call_job[k]] = classify_call((*statuses)[k], calls[k]);
        if (results[call_job[k]].kind == outcome::done) (calls[k].type == "URL_UPDATED" ? updated : deleted)++;
    }
    spdlog::info("google_index: one batch of {} call(s): {} URL_UPDATED and {} URL_DELETED accepted", calls.size(), updated, deleted);
    return results;
}

}  // namespace jh::workers
