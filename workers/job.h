// job.h: what a worker kind implements: a handler that runs claimed jobs and says how each went.
//
// The worker loop (worker.cpp) claims, leases, retries and buries; a handler only does the work
// and classifies the outcome. Handlers run in a worker process, so they may block (libcurl,
// files); they must not retry by themselves, the queue does that with backoff.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace jh::workers {

struct claimed_job {
    std::int64_t id = 0;
    std::string payload;           // the JSON object given to enqueue()
    std::string idempotency_key;
    int attempts = 0;              // this claim included: 1 on the first run
    std::string request_id;        // the HTTP request that queued it ("" when none): rid= in log lines
    std::int64_t since_first_run_ms = 0;   // since its first claim (0 on the first run): how long a wait has lasted
};

// For log lines: "rid=<id>" finds the server's lines of the request that queued the job.
inline std::string_view rid_of(const claimed_job& job) { return job.request_id.empty() ? std::string_view("-") : std::string_view(job.request_id); }

enum class outcome {
    done,    // finished; never run again
    retry,   // a temporary failure: run again after a backoff (dead after queue.max_attempts)
    dead,    // a permanent failure: never run again; the error is kept for `admin jobs --dead`
    wait,    // not the job's fault and not for long (a full disk, which an operator frees): run again
             // after a wait (workers/backoff.h, full_disk_wait), the attempt not counted; dead only
             // after a day of waiting (workers/worker.cpp, longest_wait_ms)
};

struct job_result {
    outcome kind = outcome::done;
    std::string error;             // for retry, dead and wait: what went wrong, for people

    static job_result ok() { return {}; }
    static job_result temporary(std::string e) { return {outcome::retry, std::move(e)}; }
    static job_result permanent(std::string e) { return {outcome::dead, std::move(e)}; }
    static job_result not_now(std::string e) { return {outcome::wait, std::move(e)}; }
};

class job_handler {
public:
    virtual ~job_handler() = default;

    // Runs one job.
    virtual job_result run(const claimed_job& job) = 0;

    // How many jobs one claim takes. Every claimed job shares one lease, so a kind whose jobs are
    // slow claims few.
    virtual int claim_size() const { return 1; }

    // How many jobs the worker process runs at once, each on a thread of its own (workers/
    // parallel_jobs.h). 1 (the default): one claim at a time, its jobs one after another. Above 1:
    // the worker claims a job whenever a slot is free, with lanes (queue_jobs.lane, at most one job
    // per lane running, oldest first), so a job that hangs until its timeout holds its own slot
    // and lane, not the queue. run() must then be safe to call from several threads at once, and
    // claim_size(), record_each() and handles_batches() do not apply.
    virtual int parallel_runs() const { return 1; }

    // The longest one job (or one batch) can take, e.g. its network timeout; 0 when unknown.
    // The worker warns at start when the lease leaves too little room for it.
    virtual int longest_run_ms() const { return 0; }

    // True: record each outcome as soon as the job ran (a crash then repeats at most the job in
    // hand). False: record a claimed batch's outcomes together (fewer round trips).
    virtual bool record_each() const { return false; }

    // True: claims and outcomes wait for PostgreSQL's WAL flush (synchronous_commit on). False
    // (the default): they do not, which saves a disk flush per claim and per outcome. The job
    // itself is durable either way (the enqueueing transaction commits synchronously); a
    // PostgreSQL crash can only lose the last fraction of a second of claims and outcomes, and
    // those jobs simply run again, as after a worker crash. Kinds whose side effect should
    // repeat as rarely as possible (mail) say true.
    virtual bool durable_outcomes() const { return false; }

    // True: a finished job's payload loses its "data" member (placeholder values such as
    // single-use links), so no token outlives its mail in the queue table.
    virtual bool remove_data_when_done() const { return false; }

    // True: run_batch() handles a whole claim at once (e.g. one HTTP request for many events).
    virtual bool handles_batches() const { return false; }
    // One result per job, in order.
    virtual std::vector<job_result> run_batch(std::span<const claimed_job> jobs) {
        std::vector<job_result> out;
        for (const auto& j : jobs) out.push_back(run(j));
        return out;
    }
};

}  // namespace jh::workers
