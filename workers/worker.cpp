// worker.cpp: the worker process's loop: claim → run → record, wait for a wake-up when idle.
//
// Blocking calls are fine in this file and everything it calls: a worker is its own process,
// never a reactor thread. It has one claim in hand at a time, its jobs run one after another;
// except for kinds whose jobs mostly wait on somebody else (job_handler::parallel_runs > 1, the
// provider webhooks), which run a few jobs side by side, one per lane (parallel_jobs.h), while this
// thread alone claims and records.
#include "workers/worker.h"

#include <curl/curl.h>
#include <fcntl.h>
#include <signal.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <exception>
#include <random>

#include "media/media_files.h"
#include "messages/queue.h"
#include "reactor/config.h"
#include "reactor/whole_file.h"
#include "workers/backoff.h"
#include "workers/db.h"
#include "workers/job_store.h"
#include "workers/kinds.h"
#include "workers/parallel_jobs.h"
#include "workers/retention.h"
#include "workers/wake_listener.h"

namespace jh::workers {

namespace {

using std::chrono::milliseconds;
using std::chrono::steady_clock;

// How long a job may wait for room on a full disk (outcome::wait) before it is buried: a day.
constexpr std::int64_t longest_wait_ms = 24LL * 3600 * 1000;

std::atomic<bool> stop_requested{false};
// The self-pipe: the handler writes a byte, the idle wait polls the read end, so a stop signal
// that arrives just before the wait begins still ends it at once.
int stop_pipe[2] = {-1, -1};

extern "C" void on_stop_signal(int) {
    stop_requested.store(true);
    if (stop_pipe[1] >= 0) {
        char b = 1;
        [[maybe_unused]] auto n = ::write(stop_pipe[1], &b, 1);   // async-signal-safe; full pipe is fine
    }
}

// libcurl and libpq retry their own interrupted calls, so the job in hand runs to its end.
void install_signal_handlers() {
    if (::pipe2(stop_pipe, O_NONBLOCK | O_CLOEXEC) != 0) stop_pipe[0] = stop_pipe[1] = -1;
    struct sigaction sa {};
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0;
    ::sigaction(SIGTERM, &sa, nullptr);
    ::sigaction(SIGINT, &sa, nullptr);
    ::signal(SIGPIPE, SIG_IGN);
}

std::string make_worker_id() {
    char host[256] = {};
    ::gethostname(host, sizeof host - 1);
    return std::string(host) + ":" + std::to_string(::getpid());
}

class worker_loop {
public:
    worker_loop(const config& cfg, const worker_kind& kind)
        : cfg_(cfg),
          kind_(kind),
          handler_(kind.make(cfg)),
          db_(cfg.database_url),
          store_(db_, std::string(kind.name), make_worker_id()),
          wake_(cfg.zmq_publish_endpoint, std::string(kind.name), stop_pipe[0]),
          rng_(std::random_device{}()) {
        if (!handler_->durable_outcomes()) db_.set_session_sql("SET synchronous_commit = off");
        if (handler_->parallel_runs() > 1) {
            parallel_ = std::make_unique<parallel_jobs>(*handler_, handler_->parallel_runs());
            wake_.also_wake_on(parallel_->notify_fd());
        }
    }

    int run() {
        spdlog::info("worker {}: started (pid {}), claims up to {} job(s), lease {} ms, wake-ups from {}", kind_.name, ::getpid(),
                     handler_->claim_size(), cfg_.queue_lease_ms, cfg_.zmq_publish_endpoint);
        // A job that can outlast half the lease may be claimed again by another worker while it runs.
        if (handler_->longest_run_ms() * 2 > cfg_.queue_lease_ms)
            spdlog::warn("worker {}: a job may take up to {} ms, more than half of queue.lease_ms ({} ms); raise the lease",
                         kind_.name, handler_->longest_run_ms(), cfg_.queue_lease_ms);
        while (!stop_requested.load()) {
            if (!ensure_database()) continue;
            maintain();
            if (parallel_) {
                run_parallel_step();
                continue;
            }
            auto jobs = store_.claim(handler_->claim_size(), milliseconds(cfg_.queue_lease_ms), cfg_.queue_max_attempts);
            if (!jobs) {
                database_failed("claiming jobs", jobs.error());
                continue;
            }
            database_ok();
            if (jobs->empty()) {
                wait_for_work();
                continue;
            }
            run_claim(*jobs);
        }
        if (parallel_) finish_parallel();
        spdlog::info("worker {}: stopped", kind_.name);
        return 0;
    }

private:
    // Parallel kinds: record what ended, fill the free slots (one claim, with lanes), and wait
    // when nothing more can start: for a wake-up, a job's end, or the next due job.
    void run_parallel_step() {
        record_parallel(parallel_->take_finished());
        int free = parallel_->free_slots();
        if (free > 0 && db_.connected()) {
            auto jobs = store_.claim(free, milliseconds(cfg_.queue_lease_ms), cfg_.queue_max_attempts, true);
            if (!jobs) {
                database_failed("claiming jobs", jobs.error());
                return;
            }
            database_ok();
            const bool filled = static_cast<int>(jobs->size()) == free;
            for (auto& j : *jobs) parallel_->start(std::move(j));
            if (!filled) wait_for_work();   // every due job that may start has started
            return;
        }
        // Every slot busy: a job's end (notify_fd) or a stop ends this wait.
        wake_.wait(milliseconds(cfg_.queue_poll_interval_ms));
    }

    void record_parallel(std::vector<std::pair<claimed_job, job_result>> ended) {
        for (auto& [job, r] : ended) {
            if (r.kind != outcome::done) {
                record_failure(job, r);
                continue;
            }
            std::vector<claimed_job> done{std::move(job)};
            flush_done(done);
        }
    }

    // At a stop: the jobs in hand run to their end (each within its own timeout) and are recorded.
    void finish_parallel() {
        if (!parallel_->idle()) spdlog::info("worker {}: waiting for the jobs in hand", kind_.name);
        record_parallel(parallel_->finish_all());
    }

    // Connects (again) when needed. While PostgreSQL is away (or the table is missing), the
    // worker waits with a growing pause instead of spinning, and logs the first failure only.
    bool ensure_database() {
        auto c = db_.ensure_connected();
        if (c) return true;
        database_failed("connecting", c.error());
        return false;
    }

    void database_failed(const char* what, const std::string& error) {
        if (db_failures_++ == 0) spdlog::error("worker {}: {} failed: {}", kind_.name, what, error);
        else spdlog::debug("worker {}: {} failed again: {}", kind_.name, what, error);
        db_.reset();
        wake_.wait(std::min(milliseconds(5000), milliseconds(100) * (1 << std::min(db_failures_, 6))));
    }

    void database_ok() {
        if (db_failures_ > 0) spdlog::info("worker {}: PostgreSQL answers again", kind_.name);
        db_failures_ = 0;
    }

    // Once per poll interval: jobs whose workers kept dying become dead; once an hour: old
    // finished and dead rows (and old tracking events) are purged.
    void maintain() {
        auto now = steady_clock::now();
        if (now < next_maintenance_) return;
        next_maintenance_ = now + milliseconds(cfg_.queue_poll_interval_ms);
        if (auto n = store_.bury_abandoned(cfg_.queue_max_attempts); n && *n > 0)
            spdlog::warn("worker {}: {} job(s) dead after their lease ran out {} times", kind_.name, *n, cfg_.queue_max_attempts);
        if (now >= next_purge_) {
            next_purge_ = now + std::chrono::hours(1);
            purge_finished();
        }
        if (kind_.name == messages::queue::mail && now >= next_offer_pass_) {
            next_offer_pass_ = now + offer_pass_polls * milliseconds(cfg_.queue_poll_interval_ms);
            pass_offers();
        }
    }

    // The pass over shift offers runs every this many poll intervals: once a minute at the default
    // 3 s, a few seconds in tests that poll every 200 ms. An offer's window is at least a minute
    // long (R__jh_shift_refill.sql), so a minute's delay at most doubles the shortest one.
    static constexpr int offer_pass_polls = 20;

    // Shift offers whose window passed go to the next person on the waitlist (docs/shifts.md
    // "Waitlist and refill"); the offer mails are queued in the pass's transaction and claimed
    // by the loop's next claim.
    void pass_offers() {
        auto n = pass_shift_offers(db_, cfg_.http_public_origin);
        if (!n) spdlog::warn("worker {}: shift offers: {}", kind_.name, n.error());
        else if (*n > 0) spdlog::info("worker {}: offered {} freed shift place(s)", kind_.name, *n);
    }

    // Once an hour: finished and dead jobs, and each kind's own housekeeping (the webhooks worker
    // old tracking events, the media worker old kept sedcards and leftover files, the mail worker
    // the passes of docs/fair-play.md and the monthly reports).
    void purge_finished() {
        purge_in_slices("finished job(s)", [&] { return store_.purge_done(std::chrono::hours(cfg_.queue_done_retention_hours)); });
        purge_in_slices("dead job(s)", [&] { return store_.purge_dead(cfg_.queue_dead_retention_days); });
        if (kind_.name == messages::queue::webhooks)
            purge_in_slices("tracking event(s)", [&] { return purge_tracking_events(db_, cfg_.tracking_retention_days); });
        // Provider webhook deliveries are kept 30 days (docs/reach.md "Webhooks").
        if (kind_.name == messages::queue::provider_webhooks)
            purge_in_slices("webhook delivery(ies)", [&] { return purge_webhook_deliveries(db_, 30); });
        if (kind_.name == messages::queue::media) sweep_media();
        if (kind_.name == messages::queue::mail) {
            if (auto n = refresh_response_times(db_); !n) spdlog::warn("worker {}: response times: {}", kind_.name, n.error());
            if (auto n = settle_time_records(db_, cfg_.http_public_origin); !n)
                spdlog::warn("worker {}: time records: {}", kind_.name, n.error());
            else if (*n > 0)
                spdlog::info("worker {}: approved {} time record(s) open seven days", kind_.name, *n);
            // Jobs that expired since the last hour answer their open applications (docs/fair-play.md).
            if (auto n = answer_expired_jobs(db_); !n) spdlog::warn("worker {}: expired jobs: {}", kind_.name, n.error());
            else if (*n > 0) spdlog::info("worker {}: answered {} application(s) of expired jobs", kind_.name, *n);
            // Applications past their organization's retention period, a batch (one transaction) at
            // a time until none is left or the hour's share is done (docs/fair-play.md).
            auto anonymized = in_batches("retention", anonymize_batch, 200, [&] { return anonymize_ended_applications(db_); });
            if (anonymized > 0) spdlog::info("worker {}: anonymized {} application(s) after their retention period", kind_.name, anonymized);
            queue_monthly_report_mails();
            remove_temporaries(cfg_.var_dir + "/mail");
        }
    }

    // The media folder's hour: kept sedcard PDFs past their month (their files' removal queued for
    // this worker's next claim, docs/sedcard.md "Kept PDFs") and what a crashed writer left.
    void sweep_media() {
        auto swept = in_batches("kept sedcards", kept_sedcard_batch, 100, [&] { return sweep_kept_sedcards(db_); });
        if (swept > 0) spdlog::info("worker {}: let go of {} kept sedcard PDF(s) older than {} days", kind_.name, swept, kept_sedcard_days);
        remove_temporaries(media::media_dir(cfg_.var_dir));
    }

    // Files a writer that died between writing and renaming left (reactor/whole_file.h).
    void remove_temporaries(const std::string& folder) {
        if (auto n = remove_stale_temporaries(folder, std::chrono::hours(1)); n > 0)
            spdlog::info("worker {}: removed {} unfinished file(s) a stopped writer left", kind_.name, n);
    }

    // The previous month's report mails (docs/reach.md "Monatsbericht"), a batch of organizations
    // (one transaction) at a time; each organization's mail is queued once however often this runs.
    void queue_monthly_report_mails() {
        auto mailed = in_batches("monthly reports", monthly_report_batch, 100, [&] { return queue_monthly_reports(db_, cfg_.http_public_origin); });
        if (mailed > 0) spdlog::info("worker {}: queued the monthly report of {} organization(s)", kind_.name, mailed);
    }

    // Old rows in slices of 10,000 (short transactions), up to a million per hour and table.
    template <typename Purge>
    void purge_in_slices(const char* what, Purge&& purge) {
        if (auto total = in_batches(what, 10000, 100, purge); total > 0) spdlog::info("worker {}: purged {} {}", kind_.name, total, what);
    }

    // Runs `step` (one transaction of at most `full` rows) until it does less than a full batch,
    // fails (logged as `what`), the worker is stopping or `most` batches ran: one worker's share of
    // an hour, so a backlog is worked off over the hours without holding a claim back for long.
    // Returns how many rows in all.
    template <typename Step>
    std::int64_t in_batches(const char* what, std::int64_t full, int most, Step&& step) {
        std::int64_t total = 0;
        for (int batch = 0; batch < most && !stop_requested.load(); ++batch) {
            auto n = step();
            if (!n) {
                spdlog::warn("worker {}: {}: {}", kind_.name, what, n.error());
                break;
            }
            total += *n;
            if (*n < full) break;
        }
        return total;
    }

    // Sleeps until a wake-up, the next scheduled job (a retry, an expiring lease) or the poll
    // interval, whichever comes first.
    void wait_for_work() {
        milliseconds timeout(cfg_.queue_poll_interval_ms);
        if (auto due = store_.next_due_in(parallel_ != nullptr); due && *due) {
            // Due already but not claimable: another worker is claiming it this instant, or its
            // lease ran out with no attempts left (maintain() buries it). Look again soon.
            timeout = **due <= milliseconds(0) ? std::min(milliseconds(100), timeout) : std::clamp(**due, milliseconds(5), timeout);
        }
        wake_.wait(timeout);
    }

    void run_claim(std::vector<claimed_job>& jobs) {
        if (handler_->handles_batches()) {
            record_all(jobs, run_batch_safely(jobs));
            return;
        }
        auto claimed_at = steady_clock::now();
        std::vector<claimed_job> done;
        for (std::size_t i = 0; i < jobs.size(); ++i) {
            // Jobs not started yet go back when we are asked to stop, or when the shared lease
            // is half gone (a slow batch must not let another worker take them while we still
            // hold them).
            if (stop_requested.load() || steady_clock::now() - claimed_at > milliseconds(cfg_.queue_lease_ms / 2)) {
                release(std::span(jobs).subspan(i));
                break;
            }
            // PostgreSQL went away while recording an outcome: a job started now could not be
            // recorded either. The rest of the claim comes back when its lease ends.
            if (!db_.connected()) break;
            job_result r = run_safely(jobs[i]);
            if (r.kind == outcome::done) {
                done.push_back(std::move(jobs[i]));
                if (handler_->record_each()) flush_done(done);
            } else {
                record_failure(jobs[i], r);
            }
        }
        flush_done(done);
    }

    job_result run_safely(const claimed_job& job) {
        try {
            return handler_->run(job);
        } catch (const std::exception& e) {
            return job_result::temporary(std::string("internal error: ") + e.what());
        }
    }

    std::vector<job_result> run_batch_safely(std::span<const claimed_job> jobs) {
        try {
            auto results = handler_->run_batch(jobs);
            if (results.size() == jobs.size()) return results;
            return std::vector<job_result>(jobs.size(), job_result::temporary("internal error: wrong number of batch results"));
        } catch (const std::exception& e) {
            return std::vector<job_result>(jobs.size(), job_result::temporary(std::string("internal error: ") + e.what()));
        }
    }

    void record_all(std::span<const claimed_job> jobs, const std::vector<job_result>& results) {
        std::vector<claimed_job> done;
        for (std::size_t i = 0; i < jobs.size(); ++i) {
            if (results[i].kind == outcome::done) done.push_back(jobs[i]);
            else record_failure(jobs[i], results[i]);
        }
        flush_done(done);
    }

    void flush_done(std::vector<claimed_job>& done) {
        if (done.empty()) return;
        if (auto r = store_.mark_done(done, handler_->remove_data_when_done()); !r) database_failed("recording finished jobs", r.error());
        done.clear();
    }

    void record_failure(const claimed_job& job, const job_result& r) {
        if (r.kind == outcome::wait) return record_wait(job, r);
        bool give_up = r.kind == outcome::dead || job.attempts >= cfg_.queue_max_attempts;
        if (give_up) {
            return bury(job, r.kind == outcome::dead ? r.error : r.error + " (gave up after " + std::to_string(job.attempts) + " attempts)");
        }
        auto delay = retry_delay(job.attempts, milliseconds(cfg_.queue_backoff_base_ms), milliseconds(cfg_.queue_backoff_max_ms), rng_);
        spdlog::warn("worker {}: job {} ({}) attempt {} failed, next in {} ms: {} rid={}", kind_.name, job.id, job.idempotency_key,
                     job.attempts, delay.count(), r.error, rid_of(job));
        if (auto w = store_.retry_later(job, delay, r.error); !w) database_failed("scheduling a retry", w.error());
    }

    // Not the job's fault (a full disk): it waits, its attempt given back, so it is not dead for
    // this and runs once there is room again. The line says so without the payload (no personal data).
    // A disk that stays full for a day is no longer "not for long" (a quota smaller than the file,
    // a volume nobody watches): the job is buried then, where `admin jobs --dead` and the dead-jobs
    // alert show it and `--retry` brings it back, rather than waiting unseen forever.
    void record_wait(const claimed_job& job, const job_result& r) {
        if (job.since_first_run_ms >= longest_wait_ms) return bury(job, r.error + " (waited a day for room)");
        auto delay = full_disk_wait(milliseconds(job.since_first_run_ms), milliseconds(cfg_.queue_backoff_base_ms),
                                    milliseconds(cfg_.queue_backoff_max_ms), rng_);
        spdlog::warn("worker {}: job {} ({}) waits, the attempt not counted, next try in {} ms: {} rid={}", kind_.name, job.id,
                     job.idempotency_key, delay.count(), r.error, rid_of(job));
        if (auto w = store_.retry_later(job, delay, r.error, false); !w) database_failed("scheduling a wait", w.error());
    }

    void bury(const claimed_job& job, const std::string& error) {
        spdlog::warn("worker {}: job {} ({}) is dead: {} rid={}", kind_.name, job.id, job.idempotency_key, error, rid_of(job));
        if (auto w = store_.bury(job, error); !w) database_failed("recording a dead job", w.error());
    }

    void release(std::span<const claimed_job> jobs) {
        if (auto r = store_.release(jobs); !r) database_failed("handing back unstarted jobs", r.error());
    }

    const config& cfg_;
    const worker_kind& kind_;
    std::unique_ptr<job_handler> handler_;
    db db_;
    job_store store_;
    wake_listener wake_;
    std::mt19937_64 rng_;
    std::unique_ptr<parallel_jobs> parallel_;   // parallel kinds only; declared last: joined first
    int db_failures_ = 0;
    steady_clock::time_point next_maintenance_{};
    steady_clock::time_point next_purge_{};
    steady_clock::time_point next_offer_pass_{};
};

void print_worker_usage() {
    std::fputs("Usage: jobhafen worker KIND [--once] | jobhafen worker --list\n\nKinds:\n", stderr);
    for (const auto& k : worker_kinds()) std::fprintf(stderr, "  %-9s %.*s\n", std::string(k.name).c_str(), static_cast<int>(k.summary.size()), k.summary.data());
}

}  // namespace

int worker_command(const config& cfg, const std::vector<std::string>& args) {
    // KIND --once: only for kinds with their own loop (alerts).
    bool once = args.size() == 2 && args[1] == "--once";
    if (args.size() != 1 && !once) {
        print_worker_usage();
        return 2;
    }
    if (args[0] == "--list") {
        // One kind per line: ops/run starts one worker for each.
        for (const auto& k : worker_kinds())
            if (k.listed) std::printf("%.*s\n", static_cast<int>(k.name.size()), k.name.data());
        return 0;
    }
    const worker_kind* kind = find_worker_kind(args[0]);
    if (!kind) {
        std::fprintf(stderr, "jobhafen worker: unknown kind '%s'\n\n", args[0].c_str());
        print_worker_usage();
        return 2;
    }
    if (once && !kind->run_loop) {
        std::fprintf(stderr, "jobhafen worker: --once is only for kinds with their own loop\n");
        return 2;
    }
    install_signal_handlers();
    if (kind->run_loop) {
        try {
            return kind->run_loop(cfg, once, stop_requested, stop_pipe[0]);
        } catch (const std::exception& e) {
            spdlog::critical("worker {}: {}", kind->name, e.what());
            return 1;
        }
    }
    curl_global_init(CURL_GLOBAL_DEFAULT);
    try {
        worker_loop loop(cfg, *kind);
        return loop.run();
    } catch (const std::exception& e) {
        spdlog::critical("worker {}: {}", kind->name, e.what());
        return 1;
    }
}

}  // namespace jh::workers
