// provider_webhook_handler.cpp: see provider_webhook_handler.h. Blocking libcurl and getaddrinfo,
// by design (worker process), each delivery on a thread of its own (workers/parallel_jobs.h).
#include "workers/webhooks/provider_webhook_handler.h"

#include <arpa/inet.h>
#include <curl/curl.h>
#include <netdb.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <optional>
#include <thread>
#include <vector>

#include "messages/provider_webhook.h"
#include "reactor/config.h"
#include "workers/webhooks/webhook_handler.h"

namespace jh::workers {

namespace {

constexpr std::size_t provider_webhook_answer_bytes = 4096;   // of the receiver's answer, read and dropped

constexpr const char* provider_webhook_row_sql =
    "SELECT d.message_id, d.payload, d.delivered_at IS NOT NULL OR d.failed_at IS NOT NULL, w.url, w.secret, w.removed_at IS NOT NULL, "
    "       o.active AND o.approved_at IS NOT NULL AND o.rejected_at IS NULL "
    "  FROM organization_webhook_deliveries d JOIN organization_webhooks w ON w.id = d.webhook_id "
    "  JOIN organizations o ON o.id = w.organization_id WHERE d.id = $1";

constexpr const char* provider_webhook_record_sql =
    "UPDATE organization_webhook_deliveries SET attempts = greatest(attempts, $2::int), last_status = $3, last_error = $4, "
    "       delivered_at = CASE WHEN $5 = 'done' THEN now() END, "
    "       failed_at = CASE WHEN $5 = 'dead' THEN now() END, "
    "       next_attempt_at = NULL "
    " WHERE id = $1";

// The receiver's answer: counted up to the cap, then the transfer stops (CURLE_WRITE_ERROR with
// the status already known).
std::size_t provider_webhook_answer_cb(char*, std::size_t size, std::size_t nmemb, void* user) {
    auto* seen = static_cast<std::size_t*>(user);
    *seen += size * nmemb;
    return *seen > provider_webhook_answer_bytes ? 0 : size * nmemb;
}

// One name lookup, shared by the delivery that waits for it and the thread that runs it: whoever
// lets go last frees the answer, so a lookup the delivery stopped waiting for ends on its own.
struct provider_webhook_lookup {
    std::mutex m;
    std::condition_variable cv;
    bool done = false;
    int rc = 0;
    addrinfo* found = nullptr;
    ~provider_webhook_lookup() {
        if (found) freeaddrinfo(found);
    }
};

// getaddrinfo on a thread of its own, waited for up to `timeout`. nullopt: no answer in time.
std::optional<std::shared_ptr<provider_webhook_lookup>> provider_webhook_lookup_in(const std::string& host,
                                                                                   std::chrono::milliseconds timeout) {
    auto l = std::make_shared<provider_webhook_lookup>();
    std::thread([l, host] {
        addrinfo hints{};
        hints.ai_family = AF_UNSPEC;
        hints.ai_socktype = SOCK_STREAM;
        addrinfo* found = nullptr;
        int rc = getaddrinfo(host.c_str(), nullptr, &hints, &found);
        std::lock_guard lock(l->m);
        l->rc = rc;
        l->found = found;
        l->done = true;
        l->cv.notify_all();
    }).detach();
    std::unique_lock lock(l->m);
    if (!l->cv.wait_for(lock, timeout, [&] { return l->done; })) return std::nullopt;
    return l;
}

}  // namespace

webhook_target_address resolve_webhook_host(const std::string& host, bool allow_loopback, std::chrono::milliseconds timeout) {
    webhook_target_address t;
    auto lookup = provider_webhook_lookup_in(host, timeout);
    if (!lookup) {
        t.error = "Der Name " + host + " ließ sich nicht rechtzeitig auflösen (" + std::to_string(timeout.count()) + " ms).";
        return t;   // temporary: DNS may answer later
    }
    if (int rc = (*lookup)->rc; rc != 0) {
        t.error = "Der Name " + host + " ließ sich nicht auflösen (" + gai_strerror(rc) + ").";
        return t;   // temporary: DNS may answer later
    }
    addrinfo* found = (*lookup)->found;
    for (addrinfo* a = found; a; a = a->ai_next) {
        char text[INET6_ADDRSTRLEN] = {};
        const void* bytes = a->ai_family == AF_INET ? static_cast<const void*>(&reinterpret_cast<sockaddr_in*>(a->ai_addr)->sin_addr)
                                                    : static_cast<const void*>(&reinterpret_cast<sockaddr_in6*>(a->ai_addr)->sin6_addr);
        if ((a->ai_family != AF_INET && a->ai_family != AF_INET6) || !inet_ntop(a->ai_family, bytes, text, sizeof text)) continue;
        if (!messages::public_address(text, allow_loopback)) {
            t.error = "Die Adresse " + host + " führt zu " + text +
                      ", einer privaten oder internen Adresse. An solche Adressen senden wir keine Webhooks.";
            t.permanent = true;
            t.address.clear();
            return t;
        }
        if (t.address.empty()) t.address = a->ai_family == AF_INET6 ? "[" + std::string(text) + "]" : std::string(text);
    }
    if (t.address.empty()) t.error = "Der Name " + host + " hat keine Adresse.";
    return t;
}

namespace {

struct provider_webhook_answer {
    CURLcode code = CURLE_OK;
    long status = 0;
    std::string error;
};

provider_webhook_answer post_signed(const std::string& url, const messages::webhook_url& target, const std::string& pinned,
                                    const std::vector<std::string>& headers, const std::string& body, int timeout_ms) {
    provider_webhook_answer a;
    std::unique_ptr<CURL, decltype(&curl_easy_cleanup)> curl(curl_easy_init(), &curl_easy_cleanup);   // fresh: no cached address or connection
    if (!curl) {
        a.code = CURLE_FAILED_INIT;
        a.error = "libcurl could not be initialised";
        return a;
    }
    std::unique_ptr<curl_slist, decltype(&curl_slist_free_all)> list(curl_slist_append(nullptr, "Expect:"), &curl_slist_free_all);
    for (const auto& h : headers) list.reset(curl_slist_append(list.release(), h.c_str()));
    std::unique_ptr<curl_slist, decltype(&curl_slist_free_all)> resolve(nullptr, &curl_slist_free_all);
    if (!pinned.empty())
        resolve.reset(curl_slist_append(nullptr, (target.host + ":" + std::to_string(target.port) + ":" + pinned).c_str()));
    char errbuf[CURL_ERROR_SIZE] = {};
    std::size_t seen = 0;
    CURL* c = curl.get();
    curl_easy_setopt(c, CURLOPT_URL, url.c_str());
    curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, target.https ? "https" : "http");
    curl_easy_setopt(c, CURLOPT_NOPROXY, "*");                 // a proxy would resolve the name itself
    if (resolve) curl_easy_setopt(c, CURLOPT_RESOLVE, resolve.get());
    curl_easy_setopt(c, CURLOPT_POST, 1L);
    curl_easy_setopt(c, CURLOPT_POSTFIELDS, body.data());
    curl_easy_setopt(c, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(body.size()));
    curl_easy_setopt(c, CURLOPT_HTTPHEADER, list.get());
    curl_easy_setopt(c, CURLOPT_USERAGENT, "Jobhafen-Webhooks/1");
    curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, provider_webhook_answer_cb);
    curl_easy_setopt(c, CURLOPT_WRITEDATA, &seen);
    curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, static_cast<long>(timeout_ms));
    curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(timeout_ms));
    curl_easy_setopt(c, CURLOPT_ERRORBUFFER, errbuf);
    curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 0L);
    a.code = curl_easy_perform(c);
    curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &a.status);
    // The answer was cut at the cap: the status line came, and it is what counts.
    if (a.code == CURLE_WRITE_ERROR && a.status > 0) a.code = CURLE_OK;
    if (a.code != CURLE_OK) a.error = errbuf[0] ? errbuf : curl_easy_strerror(a.code);
    return a;
}

std::string clip_webhook_error(std::string e) {
    if (e.size() > 480) e.resize(480);
    // Never cut a UTF-8 sequence in half (the column is text).
    while (!e.empty() && (static_cast<unsigned char>(e.back()) & 0xC0) == 0x80) e.pop_back();
    if (!e.empty() && (static_cast<unsigned char>(e.back()) & 0x80)) e.pop_back();
    return e;
}

}  // namespace

provider_webhook_handler::provider_webhook_handler(const config& cfg) : cfg_(cfg), db_(cfg.database_url) {
    if (cfg.webhook_allow_loopback_targets) spdlog::warn("provider_webhooks: webhook.allow_loopback_targets is on (tests only)");
}

int provider_webhook_handler::longest_run_ms() const { return cfg_.webhook_timeout_ms; }

std::expected<pg::result_set, std::string> provider_webhook_handler::exec(const char* sql, const pg::params& p) {
    std::lock_guard lock(db_mutex_);
    return db_.exec(sql, p);
}

job_result provider_webhook_handler::run(const claimed_job& job) {
    auto payload = messages::parse_provider_webhook_job(job.payload);
    if (!payload) return job_result::permanent(payload.error());
    return deliver(job, payload->delivery);
}

job_result provider_webhook_handler::deliver(const claimed_job& job, std::int64_t delivery) {
    pg::params p;
    p.add(delivery);
    auto rows = exec(provider_webhook_row_sql, p);
    if (!rows) return job_result::temporary("provider webhook: " + rows.error());
    // The row aged out, or was already settled: nothing to send.
    if (rows->rows() != 1 || rows->boolean(0, 2)) return job_result::ok();
    const std::string message_id(rows->text(0, 0)), body(rows->text(0, 1)), url(rows->text(0, 3)), secret(rows->text(0, 4));
    const bool last = job.attempts >= cfg_.queue_max_attempts;
    if (rows->boolean(0, 5)) {
        record(delivery, job.attempts - 1, 0, "Der Endpunkt wurde entfernt; das Ereignis wurde nicht mehr gesendet.", outcome::dead, true);
        return job_result::ok();
    }
    // A blocked, rejected or not yet approved organization acts on nothing, its system included:
    // an event queued before the block is not sent after it (AGB §3).
    if (!rows->boolean(0, 6)) {
        record(delivery, job.attempts - 1, 0, "Ihr Unternehmen ist gesperrt oder nicht freigegeben; das Ereignis wurde nicht gesendet.",
               outcome::dead, true);
        return job_result::ok();
    }
    auto target = messages::parse_webhook_url(url, cfg_.webhook_allow_loopback_targets);
    if (!target) {
        std::string why(messages::message_of(target.error()));
        record(delivery, job.attempts, 0, why, outcome::dead, true);
        return job_result::permanent("provider webhook " + std::to_string(delivery) + ": " + why);
    }
    // The lookup and the request share webhook.timeout_ms.
    const auto started = std::chrono::steady_clock::now();
    const std::chrono::milliseconds budget(cfg_.webhook_timeout_ms);
    std::string pinned;
    if (!target->literal_ip) {
        auto resolved = resolve_webhook_host(target->host, cfg_.webhook_allow_loopback_targets, budget);
        if (!resolved.error.empty()) {
            outcome how = resolved.permanent ? outcome::dead : outcome::retry;
            record(delivery, job.attempts, 0, resolved.error, how, last);
            spdlog::warn("provider_webhooks: delivery {} ({}): {} rid={}", delivery, message_id, resolved.error, rid_of(job));
            return how == outcome::dead ? job_result::permanent(resolved.error) : job_result::temporary(resolved.error);
        }
        pinned = resolved.address;
    }
    const auto now = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
    auto signature = messages::standard_webhook_signature(secret, message_id, now, body);
    if (!signature) {
        record(delivery, job.attempts, 0, "Interner Fehler beim Signieren.", outcome::dead, true);
        return job_result::permanent("provider webhook: " + signature.error());
    }
    const std::vector<std::string> headers = {"Content-Type: application/json", "webhook-id: " + message_id,
                                              "webhook-timestamp: " + std::to_string(now), "webhook-signature: " + *signature};
    const auto left = budget - std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
    auto a = post_signed(url, *target, pinned, headers, body, static_cast<int>(std::max<std::int64_t>(left.count(), 1)));   // 0: no limit
    const outcome how = classify_webhook(a.code, a.status);
    std::string error;
    if (a.code != CURLE_OK) error = "Keine Antwort: " + a.error;
    else if (how != outcome::done) error = "Ihr System antwortete mit HTTP " + std::to_string(a.status) + ".";
    record(delivery, job.attempts, a.status, clip_webhook_error(error), how, last);
    switch (how) {
        case outcome::done: return job_result::ok();
        case outcome::retry: return job_result::temporary("provider webhook " + std::to_string(delivery) + ": " + error);
        case outcome::dead: return job_result::permanent("provider webhook " + std::to_string(delivery) + ": " + error);
        case outcome::wait: break;   // an answer over HTTP is never a full disk of ours
    }
    return job_result::temporary("unknown outcome");
}

void provider_webhook_handler::record(std::int64_t delivery, int attempts, long status, const std::string& error, outcome how,
                                      bool last_attempt) {
    const char* state = how == outcome::done ? "done" : (how == outcome::dead || last_attempt) ? "dead" : "retry";
    pg::params p;
    p.add(delivery).add(static_cast<std::int64_t>(attempts));
    if (status > 0) p.add(static_cast<std::int64_t>(status));
    else p.add(std::nullopt);
    if (error.empty()) p.add(std::nullopt);
    else p.add(error);
    p.add(std::string(state));
    if (auto r = exec(provider_webhook_record_sql, p); !r)
        spdlog::warn("provider_webhooks: delivery {}: the outcome was not written: {}", delivery, r.error());
}

}  // namespace jh::workers
