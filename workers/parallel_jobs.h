// parallel_jobs.h: the jobs a worker process runs side by side, for kinds whose jobs mostly wait on
// somebody else (job_handler::parallel_runs > 1: the provider webhooks, whose receivers may take up
// to webhook.timeout_ms each; docs/queue.md "Parallel runs").
//
// Each job runs on its own thread, at most `slots` at once; the worker loop (worker.cpp) keeps the
// queue table to itself: it claims a job when a slot is free, starts it here, and records each
// outcome when the job ends. A finished job makes notify_fd() readable, so the loop's idle wait
// ends at once and the freed slot is filled without waiting for the poll interval.
#pragma once

#include <list>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

#include "workers/job.h"

namespace jh::workers {

class parallel_jobs {
public:
    // `handler` must outlive this and allow run() from several threads at once.
    parallel_jobs(job_handler& handler, int slots);
    ~parallel_jobs();   // waits for the jobs in hand (each is bounded by the handler's own timeout)
    parallel_jobs(const parallel_jobs&) = delete;
    parallel_jobs& operator=(const parallel_jobs&) = delete;

    int free_slots() const;
    bool idle() const;
    // Starts `job` on a thread of its own; there must be a free slot.
    void start(claimed_job job);
    // The jobs that ended since the last call, with their results (their threads joined).
    std::vector<std::pair<claimed_job, job_result>> take_finished();
    // Waits for every job in hand, then returns them all as take_finished() does.
    std::vector<std::pair<claimed_job, job_result>> finish_all();
    // Readable while a finished job waits for take_finished(); -1 when no pipe could be made (the
    // loop then finds finished jobs at its next poll).
    int notify_fd() const { return pipe_[0]; }

private:
    struct running {
        claimed_job job;
        std::optional<job_result> result;   // set under mutex_ when the job ended
        std::thread thread;
    };
    void run_one(running& r);
    job_handler& handler_;
    int slots_;
    int pipe_[2] = {-1, -1};
    mutable std::mutex mutex_;
    std::list<running> running_;   // a list: each thread holds a reference to its own entry
};

}  // namespace jh::workers
