// job_store.h: the worker side of the queue table (queue_jobs, migrations/0002_job_queue.sql).
//
// Blocking libpq (a worker process, not a reactor thread). Claims use FOR UPDATE SKIP LOCKED, so
// any number of workers of a kind, on any host, share the table without taking a job twice. Every
// outcome is written only while the row still carries the attempt number this worker claimed
// (the fencing token): a worker that overran its lease cannot overwrite the next one's claim.
#pragma once

#include <chrono>
#include <cstdint>
#include <expected>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "workers/db.h"
#include "workers/job.h"

namespace jh::workers {

class job_store {
public:
    job_store(db& d, std::string kind, std::string worker_id) : db_(d), kind_(std::move(kind)), worker_id_(std::move(worker_id)) {}

    // Takes up to `limit` due jobs (pending and due, or running with an expired lease and
    // attempts left) and leases them for `lease`. `lanes`: at most one job per lane
    // (queue_jobs.lane, migrations/0394) is running at a time, oldest first; for kinds that run
    // jobs side by side (job_handler::parallel_runs).
    std::expected<std::vector<claimed_job>, std::string> claim(int limit, std::chrono::milliseconds lease, int max_attempts,
                                                               bool lanes = false);

    // remove_data: the payload's "data" member is dropped with the outcome (job_handler::
    // remove_data_when_done).
    std::expected<void, std::string> mark_done(std::span<const claimed_job> jobs, bool remove_data = false);
    // count_attempt = false: a wait (outcome::wait), pending again with the claim taken back from
    // attempts, so a full disk never makes a job dead.
    std::expected<void, std::string> retry_later(const claimed_job& job, std::chrono::milliseconds delay, const std::string& error,
                                                 bool count_attempt = true);
    std::expected<void, std::string> bury(const claimed_job& job, const std::string& error);
    // Hands claimed jobs that never started back (SIGTERM, lease running short): pending again,
    // the claim not counted.
    std::expected<void, std::string> release(std::span<const claimed_job> jobs);

    // Jobs whose lease ran out with no attempts left (their worker kept dying): dead.
    std::expected<std::int64_t, std::string> bury_abandoned(int max_attempts);
    // Time until the next job of this kind is due (negative: already due); nullopt: none waiting.
    // `lanes`: jobs whose lane is busy do not count (they wait for the lane, not for a time).
    std::expected<std::optional<std::chrono::milliseconds>, std::string> next_due_in(bool lanes = false);
    // Deletes finished (done) rows older than `retention`; returns how many.
    std::expected<std::int64_t, std::string> purge_done(std::chrono::hours retention);
    // Deletes dead rows (of every kind) that died more than `days` ago, at most 10,000 at a time.
    std::expected<std::int64_t, std::string> purge_dead(int days);

private:
    db& db_;
    std::string kind_;
    std::string worker_id_;
};

// "{1,2,3}": a PostgreSQL array literal for ids and attempt numbers.
std::string array_literal(std::span<const std::int64_t> values);

}  // namespace jh::workers
