// bench_queue.cpp: `jobhafen admin bench-queue`, the queue benchmark (see admin.h).
#include "workers/admin.h"

#include <signal.h>
#include <spdlog/spdlog.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <map>
#include <chrono>
#include <cstdio>
#include <sstream>
#include <thread>

#include "messages/queue.h"
#include "reactor/config.h"
#include "reactor/job_queue.h"
#include "reactor/timer.h"
#include "reactor/try.h"
#include "workers/db.h"
#include "workers/queue_client.h"

namespace jh::workers {

namespace {

using clock_type = std::chrono::steady_clock;

struct bench_options {
    int jobs = 100000;
    std::vector<int> worker_counts{1, 2, 4};
    int rate = 1000;            // paced enqueues per second
    int paced_seconds = 5;
    int producers = 4;          // concurrent enqueueing transactions in the bulk phase
    int jobs_per_transaction = 500;
};

struct bench_row {
    int workers = 0;
    double enqueue_per_s = 0;
    double drain_per_s = 0;
    double paced_per_s = 0;
    double insert_p50_ms = 0, insert_p99_ms = 0;
    double commit_p50_ms = 0, commit_p99_ms = 0;
};

std::optional<int> parse_int(const std::string& s) {
    int v = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc{} || p != s.data() + s.size() || v <= 0) return std::nullopt;
    return v;
}

std::optional<bench_options> parse_options(const std::vector<std::string>& args) {
    bench_options o;
    for (std::size_t i = 0; i < args.size(); i += 2) {
        if (i + 1 >= args.size()) return std::nullopt;
        const std::string& a = args[i];
        const std::string& v = args[i + 1];
        if (a == "--workers") {
            o.worker_counts.clear();
            std::stringstream in(v);
            std::string item;
            while (std::getline(in, item, ',')) {
                auto n = parse_int(item);
                if (!n) return std::nullopt;
                o.worker_counts.push_back(*n);
            }
        } else {
            auto n = parse_int(v);
            if (!n) return std::nullopt;
            if (a == "--jobs") o.jobs = *n;
            else if (a == "--rate") o.rate = *n;
            else if (a == "--paced-seconds") o.paced_seconds = *n;
            else return std::nullopt;
        }
    }
    return o;
}

// ---- enqueueing through the server's path --------------------------------------------------------

// One producer: `count` jobs in transactions of `per_tx`, keys prefix-i. A failed transaction
// (logged by the pool) ends the producer: the run is void anyway, bench_queue_command says so.
task<void> bulk_producer(pg::pool& pool, zmq_link& link, std::string prefix, int first, int count, int per_tx, int& failures) {
    for (int done = 0; done < count;) {
        int n = std::min(per_tx, count - done);
        int from = first + done;
        auto r = co_await pg::in_transaction(pool, [&](pg::transaction& tx) -> task<result<void>> {
            for (int i = 0; i < n; ++i)
                CO_CHECK(co_await job_queue::enqueue(tx, messages::queue::noop, "{}", prefix + std::to_string(from + i)));
            CO_CHECK(co_await tx.commit());
            co_return result<void>{};
        });
        if (!r) {
            ++failures;
            co_return;
        }
        job_queue::wake(link, messages::queue::noop);
        done += n;
    }
}

task<void> bulk_enqueue(queue_client& qc, const bench_options& o, std::string prefix, int& failures) {
    int per_producer = (o.jobs + o.producers - 1) / o.producers;
    int remaining = o.producers;
    bool all_done = false;
    std::coroutine_handle<> waiting;
    // The producers run side by side on their own connections; the last one to finish resumes us.
    struct finish {
        int& remaining;
        bool& all_done;
        std::coroutine_handle<>& waiting;
    };
    auto run_one = [](task<void> t, finish f) -> task<void> {
        co_await std::move(t);
        if (--f.remaining == 0) {
            f.all_done = true;
            if (f.waiting) f.waiting.resume();
        }
    };
    for (int p = 0; p < o.producers; ++p) {
        int first = p * per_producer;
        int count = std::max(0, std::min(per_producer, o.jobs - first));
        spawn(run_one(bulk_producer(qc.pool(), qc.link(), prefix, first, count, o.jobs_per_transaction, failures),
                      finish{remaining, all_done, waiting}));
    }
    struct until_done {
        bool& all_done;
        std::coroutine_handle<>& waiting;
        bool await_ready() const noexcept { return all_done; }
        void await_suspend(std::coroutine_handle<> h) noexcept { waiting = h; }
        void await_resume() const noexcept {}
    };
    co_await until_done{all_done, waiting};
}

// The paced phase: one job per transaction at a fixed rate, each woken after its commit, started
// on schedule whether or not the previous one has committed (as concurrent requests would).
struct paced_state {
    int in_flight = 0;
    bool all_started = false;
    std::coroutine_handle<> waiting;
    int failures = 0;
    std::map<std::string, std::int64_t> committed_us;   // key → commit time, µs since the epoch
};

std::int64_t epoch_us() {
    return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

task<void> paced_one(queue_client& qc, std::string key, paced_state& st) {
    auto r = co_await pg::in_transaction(qc.pool(), [&](pg::transaction& tx) -> task<result<void>> {
        CO_CHECK(co_await job_queue::enqueue(tx, messages::queue::noop, "{}", key));
        CO_CHECK(co_await tx.commit());
        co_return result<void>{};
    });
    if (r) {
        st.committed_us[key] = epoch_us();
        job_queue::wake(qc.link(), messages::queue::noop);
    } else {
        ++st.failures;
    }
    if (--st.in_flight == 0 && st.all_started && st.waiting) st.waiting.resume();
}

task<void> paced_enqueue(queue_client& qc, const bench_options& o, std::string prefix, paced_state& st) {
    int total = o.rate * o.paced_seconds;
    auto start = clock_type::now();
    for (int i = 0; i < total; ++i) {
        auto due = start + std::chrono::microseconds(static_cast<long long>(i) * 1000000 / o.rate);
        auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(due - clock_type::now()).count();
        if (ms > 0) co_await delay{qc.loop(), static_cast<std::uint64_t>(ms)};
        ++st.in_flight;
        spawn(paced_one(qc, prefix + std::to_string(i), st));
    }
    st.all_started = true;
    struct until_done {
        paced_state& st;
        bool await_ready() const noexcept { return st.in_flight == 0; }
        void await_suspend(std::coroutine_handle<> h) noexcept { st.waiting = h; }
        void await_resume() const noexcept {}
    };
    co_await until_done{st};
}

// ---- workers and measurements -------------------------------------------------------------------

std::vector<pid_t> start_workers(int n) {
    std::vector<pid_t> pids;
    for (int i = 0; i < n; ++i) {
        pid_t pid = ::fork();
        if (pid == 0) {
            execl("/proc/self/exe", "jobhafen", "worker", messages::queue::noop.data(), static_cast<char*>(nullptr));
            _exit(127);
        }
        pids.push_back(pid);
    }
    return pids;
}

void stop_workers(const std::vector<pid_t>& pids) {
    for (pid_t p : pids) ::kill(p, SIGTERM);
    for (pid_t p : pids) ::waitpid(p, nullptr, 0);
}

bool wait_drained(db& d, std::chrono::seconds timeout) {
    auto deadline = clock_type::now() + timeout;
    while (clock_type::now() < deadline) {
        auto r = d.exec("SELECT EXISTS (SELECT 1 FROM queue_jobs WHERE kind = 'noop' AND status IN ('pending', 'running'))");
        if (r && r->rows() == 1 && !r->boolean(0, 0)) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
}

std::optional<double> drain_rate(db& d, const std::string& prefix) {
    pg::params p;
    p.add(prefix + "%");
    auto r = d.exec("SELECT count(*), extract(epoch FROM max(finished_at) - min(started_at)) FROM queue_jobs "
                    "WHERE idempotency_key LIKE $1 AND status = 'done'",
                    p);
    if (!r || r->rows() != 1 || r->is_null(0, 1)) return std::nullopt;
    double seconds = r->number(0, 1);
    return seconds > 0 ? r->number(0, 0) / seconds : 0;
}

double percentile(std::vector<double>& v, double q) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    auto i = static_cast<std::size_t>(q * static_cast<double>(v.size() - 1) + 0.5);
    return v[std::min(i, v.size() - 1)];
}

// Two views of enqueue-to-start: from the INSERT (includes the enqueueing transaction's own
// commit, which the caller pays anyway) and from the moment the commit returned (the queue's own
// delay: wake-up, claim).
bool latency(db& d, const std::string& prefix, const paced_state& st, bench_row& row) {
    pg::params p;
    p.add(prefix + "%");
    auto r = d.exec("SELECT idempotency_key, (extract(epoch FROM created_at) * 1000000)::bigint,"
                    " (extract(epoch FROM started_at) * 1000000)::bigint FROM queue_jobs"
                    " WHERE idempotency_key LIKE $1 AND status = 'done'",
                    p);
    if (!r || r->rows() == 0) return false;
    std::vector<double> from_insert, from_commit;
    for (int i = 0; i < r->rows(); ++i) {
        double started = static_cast<double>(r->int64(i, 2));
        from_insert.push_back((started - static_cast<double>(r->int64(i, 1))) / 1000.0);
        auto c = st.committed_us.find(std::string(r->text(i, 0)));
        if (c != st.committed_us.end()) from_commit.push_back(std::max(0.0, (started - static_cast<double>(c->second)) / 1000.0));
    }
    row.insert_p50_ms = percentile(from_insert, 0.5);
    row.insert_p99_ms = percentile(from_insert, 0.99);
    row.commit_p50_ms = percentile(from_commit, 0.5);
    row.commit_p99_ms = percentile(from_commit, 0.99);
    return true;
}

bool run_one(queue_client& qc, db& d, const bench_options& o, int workers, bench_row& row) {
    row.workers = workers;
    if (auto r = d.exec_simple("TRUNCATE queue_jobs"); !r) {
        std::fprintf(stderr, "bench-queue: %s\n", r.error().c_str());
        return false;
    }
    // 1. Enqueue the backlog with no worker running.
    std::string bulk = "bulk-" + std::to_string(workers) + "-";
    int failures = 0;
    auto t0 = clock_type::now();
    qc.run(bulk_enqueue(qc, o, bulk, failures));
    double enqueue_s = std::chrono::duration<double>(clock_type::now() - t0).count();
    row.enqueue_per_s = o.jobs / enqueue_s;
    if (failures) {
        std::fprintf(stderr, "bench-queue: %d enqueue failures\n", failures);
        return false;
    }
    (void)d.exec_simple("ANALYZE queue_jobs");

    // 2. Drain it.
    auto pids = start_workers(workers);
    bool drained = wait_drained(d, std::chrono::seconds(600));
    if (!drained) {
        stop_workers(pids);
        std::fprintf(stderr, "bench-queue: the backlog did not drain within 600 s\n");
        return false;
    }
    row.drain_per_s = drain_rate(d, bulk).value_or(0);

    // 3. Paced, with the workers idle and subscribed: enqueue-to-start latency.
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    std::string paced = "paced-" + std::to_string(workers) + "-";
    paced_state st;
    auto p0 = clock_type::now();
    qc.run(paced_enqueue(qc, o, paced, st));
    row.paced_per_s = static_cast<double>(st.committed_us.size()) / std::chrono::duration<double>(clock_type::now() - p0).count();
    drained = wait_drained(d, std::chrono::seconds(60));
    stop_workers(pids);
    if (st.failures) std::fprintf(stderr, "bench-queue: %d paced enqueue failures\n", st.failures);
    if (!drained || !latency(d, paced, st, row)) {
        std::fprintf(stderr, "bench-queue: the paced jobs did not all run\n");
        return false;
    }
    return true;
}

}  // namespace

int bench_queue_command(const config& cfg, const std::vector<std::string>& args) {
    auto o = parse_options(args);
    if (!o) {
        std::fputs("Usage: jobhafen admin bench-queue [--jobs N] [--workers 1,2,4] [--rate JOBS_PER_S] [--paced-seconds S]\n", stderr);
        return 2;
    }
    ::signal(SIGPIPE, SIG_IGN);
    db d(cfg.database_url);
    if (auto c = d.ensure_connected(); !c) {
        std::fprintf(stderr, "bench-queue: %s\n", c.error().c_str());
        return 1;
    }
    queue_client qc(cfg.database_url, cfg.zmq_publish_endpoint, 8);
    if (std::string err = qc.start(); !err.empty()) {
        std::fprintf(stderr, "bench-queue: %s\n", err.c_str());
        return 1;
    }
    std::printf("queue bench: %d no-op jobs per run, batch %d, paced %d jobs/s for %d s\n", o->jobs, cfg.queue_batch_size, o->rate,
                o->paced_seconds);
    std::printf("enqueue-to-start (ms) from the INSERT (includes the enqueueing commit) and from the commit's return\n");
    std::printf("%-8s %14s %14s %12s %12s %12s %12s %12s\n", "workers", "enqueue jobs/s", "drain jobs/s", "paced jobs/s", "ins p50",
                "ins p99", "commit p50", "commit p99");
    std::fflush(stdout);
    for (int w : o->worker_counts) {
        bench_row row;
        if (!run_one(qc, d, *o, w, row)) return 1;
        std::printf("%-8d %14.0f %14.0f %12.0f %12.2f %12.2f %12.2f %12.2f\n", row.workers, row.enqueue_per_s, row.drain_per_s,
                    row.paced_per_s, row.insert_p50_ms, row.insert_p99_ms, row.commit_p50_ms, row.commit_p99_ms);
        std::fflush(stdout);
    }
    return 0;
}

}  // namespace jh::workers
