// parallel_jobs_test.cpp: the worker's side-by-side runs (workers/parallel_jobs.h): a job that
// hangs does not keep a later one from finishing and being handed back; the slots count; a
// handler's exception is a temporary failure; finish_all waits for the job in hand.
#include "workers/parallel_jobs.h"

#include <gtest/gtest.h>
#include <poll.h>

#include <condition_variable>
#include <mutex>
#include <stdexcept>

namespace jh::workers {
namespace {

// Job "hang" waits until the test opens the gate; "boom" throws; any other finishes at once.
class gated_handler final : public job_handler {
public:
    job_result run(const claimed_job& job) override {
        if (job.payload == "boom") throw std::runtime_error("kaputt");
        if (job.payload == "hang") {
            std::unique_lock lock(m_);
            cv_.wait(lock, [&] { return open_; });
        }
        return job_result::ok();
    }
    void open() {
        std::lock_guard lock(m_);
        open_ = true;
        cv_.notify_all();
    }

private:
    std::mutex m_;
    std::condition_variable cv_;
    bool open_ = false;
};

claimed_job parallel_test_job(std::int64_t id, const char* payload) { return {id, payload, "key-" + std::to_string(id), 1, ""}; }

// Waits for notify_fd, then takes what ended; a deadline only so a failure does not hang.
std::vector<std::pair<claimed_job, job_result>> parallel_test_take(parallel_jobs& p) {
    pollfd fd{p.notify_fd(), POLLIN, 0};
    ::poll(&fd, 1, 30000);
    return p.take_finished();
}

TEST(ParallelJobs, AHangingJobDoesNotHoldBackTheNextOne) {
    gated_handler h;
    parallel_jobs p(h, 2);
    EXPECT_EQ(p.free_slots(), 2);
    p.start(parallel_test_job(1, "hang"));
    p.start(parallel_test_job(2, "quick"));
    EXPECT_EQ(p.free_slots(), 0);
    auto ended = parallel_test_take(p);
    ASSERT_EQ(ended.size(), 1u);
    EXPECT_EQ(ended[0].first.id, 2);
    EXPECT_EQ(ended[0].second.kind, outcome::done);
    EXPECT_EQ(p.free_slots(), 1);
    EXPECT_FALSE(p.idle());
    h.open();
    auto rest = p.finish_all();
    ASSERT_EQ(rest.size(), 1u);
    EXPECT_EQ(rest[0].first.id, 1);
    EXPECT_TRUE(p.idle());
}

TEST(ParallelJobs, AHandlersExceptionIsATemporaryFailure) {
    gated_handler h;
    parallel_jobs p(h, 1);
    p.start(parallel_test_job(7, "boom"));
    auto ended = p.finish_all();
    ASSERT_EQ(ended.size(), 1u);
    EXPECT_EQ(ended[0].second.kind, outcome::retry);
    EXPECT_EQ(ended[0].second.error, "internal error: kaputt");
}

}  // namespace
}  // namespace jh::workers
