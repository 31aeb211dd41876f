// Integration tests of the job queue: the server's enqueue path (reactor/job_queue.h, run through
// workers::queue_client on a private loop, exactly as a request handler runs it) against real
// PostgreSQL, and real `jobhafen worker noop` processes draining it.
#include <gtest/gtest.h>
#include <signal.h>

#include <memory>
#include <thread>

#include "tests/support/harness.h"
#include "tests/support/sinks.h"
#include "workers/queue_client.h"

namespace jh::test {
namespace {

using namespace std::chrono_literals;

class Queue : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        db_ = new temp_database("queue");
        migrate_queue_schema(db_->url());
        endpoint_ = new std::string("tcp://127.0.0.1:" + std::to_string(free_port()));
        client_ = new workers::queue_client(db_->url(), *endpoint_);
        ASSERT_EQ(client_->start(), "");
    }
    static void TearDownTestSuite() {
        delete client_;
        delete endpoint_;
        delete db_;
    }
    void SetUp() override { exec_sql(db_->url(), "TRUNCATE queue_jobs"); }

    static std::map<std::string, std::string> worker_env(std::map<std::string, std::string> extra = {}) {
        std::map<std::string, std::string> env{
            {"JOBHAFEN_DATABASE_URL", db_->url()},
            {"JOBHAFEN_ZMQ_PUBLISH_ENDPOINT", *endpoint_},
            {"JOBHAFEN_QUEUE_POLL_INTERVAL_MS", "500"},
            {"JOBHAFEN_QUEUE_LEASE_MS", "2000"},
            {"JOBHAFEN_QUEUE_BACKOFF_BASE_MS", "100"},
            {"JOBHAFEN_QUEUE_BACKOFF_MAX_MS", "400"},
        };
        for (auto& [k, v] : extra) env[k] = v;
        return env;
    }
    static std::unique_ptr<server_process> start_worker(const std::string& kind, std::map<std::string, std::string> extra = {}) {
        return std::make_unique<server_process>(worker_env(std::move(extra)), std::vector<std::string>{"worker", kind});
    }
    static std::string count(const std::string& where) { return sql_value(db_->url(), "SELECT count(*) FROM queue_jobs WHERE " + where); }

    static temp_database* db_;
    static std::string* endpoint_;
    static workers::queue_client* client_;
};
temp_database* Queue::db_ = nullptr;
std::string* Queue::endpoint_ = nullptr;
workers::queue_client* Queue::client_ = nullptr;

TEST_F(Queue, RolledBackEnqueueLeavesNoJob) {
    ASSERT_EQ(client_->enqueue("noop", R"({"n":1})", "rolled-back", /*commit=*/false), "");
    EXPECT_EQ(count("true"), "0");
}

TEST_F(Queue, CommittedEnqueueIsOneJobAndADuplicateKeyIsIgnored) {
    ASSERT_EQ(client_->enqueue("noop", R"({"n":1})", "once"), "");
    ASSERT_EQ(client_->enqueue("noop", R"({"n":2})", "once"), "");
    auto rows = query_sql(db_->url(), "SELECT kind, payload::text, status, attempts FROM queue_jobs");
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0][0], "noop");
    EXPECT_EQ(rows[0][1], R"({"n": 1})");
    EXPECT_EQ(rows[0][2], "pending");
    EXPECT_EQ(rows[0][3], "0");
}

TEST_F(Queue, PayloadThatIsNotJsonFailsTheTransaction) {
    EXPECT_NE(client_->enqueue("noop", "not json", "bad-payload"), "");
    EXPECT_EQ(count("true"), "0");
}

TEST_F(Queue, WorkersDrainEveryJobExactlyOnce) {
    auto a = start_worker("noop", {{"JOBHAFEN_QUEUE_BATCH_SIZE", "25"}});
    auto b = start_worker("noop", {{"JOBHAFEN_QUEUE_BATCH_SIZE", "25"}});
    exec_sql(db_->url(), "INSERT INTO queue_jobs (kind, idempotency_key) SELECT 'noop', 'bulk-' || i FROM generate_series(1, 2000) i");
    ASSERT_EQ(client_->enqueue("noop", "{}", "bulk-wake"), "");
    // A deadline only (two sanitizer workers beside other suites took 5.6 s of the former 10 s).
    ASSERT_TRUE(wait_until([] { return count("status = 'done'") == "2001"; }, 60s)) << count("status = 'done'");
    // A job claimed twice would show attempts = 2.
    EXPECT_EQ(count("attempts <> 1"), "0");
    EXPECT_NE(sql_value(db_->url(), "SELECT count(DISTINCT locked_by) FROM queue_jobs"), "0");
}

TEST_F(Queue, AWakeUpStartsAJobLongBeforeThePoll) {
    // Polling every 30 s: only the ZeroMQ wake-up can start a job within a second. The first
    // wake-ups may reach no one while the worker's subscription travels to the hub (PUB/SUB's
    // slow joiner), so the test enqueues until one job runs fast, which must happen soon.
    auto w = start_worker("noop", {{"JOBHAFEN_QUEUE_POLL_INTERVAL_MS", "30000"}});
    bool fast = false;
    for (int i = 0; i < 20 && !fast; ++i) {
        std::string key = "wake-" + std::to_string(i);
        ASSERT_EQ(client_->enqueue("noop", "{}", key), "");
        fast = wait_until([&] { return count("idempotency_key = '" + key + "' AND status = 'done'") == "1"; }, 1000ms);
    }
    EXPECT_TRUE(fast) << w->log();
}

TEST_F(Queue, AScheduledJobWaitsForItsTime) {
    auto w = start_worker("noop");
    auto run_at = std::chrono::system_clock::now() + 1500ms;
    ASSERT_EQ(client_->enqueue("noop", "{}", "later", true, run_at), "");
    std::this_thread::sleep_for(1000ms);
    EXPECT_EQ(count("status = 'pending'"), "1");
    // A deadline only (under the sanitizers beside other suites a worker took longer than 3 s).
    ASSERT_TRUE(wait_until([] { return count("status = 'done'") == "1"; }, 30s));
    EXPECT_EQ(sql_value(db_->url(), "SELECT started_at >= run_at FROM queue_jobs"), "t");
}

TEST_F(Queue, AJobWhoseWorkersKeptDyingIsBuried) {
    // Left behind by a worker that died holding it, with no attempts left (queue.max_attempts 3).
    exec_sql(db_->url(), "INSERT INTO queue_jobs (kind, idempotency_key, status, attempts, locked_until, locked_by, last_error) "
                         "VALUES ('noop', 'poison', 'running', 3, now() - interval '1 second', 'gone:1', 'segfault')");
    auto w = start_worker("noop", {{"JOBHAFEN_QUEUE_MAX_ATTEMPTS", "3"}});
    // A deadline only: a sanitizer worker's start beside other suites took longer than 5 s.
    ASSERT_TRUE(wait_until([] { return count("status = 'dead'") == "1"; }, 30s)) << w->log();
    auto error = sql_value(db_->url(), "SELECT last_error FROM queue_jobs");
    EXPECT_NE(error.find("lease ran out 3 times"), std::string::npos) << error;
    EXPECT_NE(error.find("segfault"), std::string::npos) << error;
}

TEST_F(Queue, AWorkerTakesOnlyItsOwnKind) {
    ASSERT_EQ(client_->enqueue("mail", R"({"template":"verify_email","to":"a@example.de"})", "not-for-noop"), "");
    auto w = start_worker("noop");
    std::this_thread::sleep_for(800ms);
    EXPECT_EQ(count("status = 'pending' AND attempts = 0"), "1");
}

TEST_F(Queue, SigtermStopsAnIdleWorkerWithExitCodeZero) {
    auto w = start_worker("noop");
    // Deadlines only: a sanitizer build's worker started later than 5 s on a loaded machine.
    ASSERT_TRUE(wait_until([&] { return w->log().find("started") != std::string::npos; }, 30s)) << w->log();
    w->signal(SIGTERM);
    EXPECT_EQ(w->wait_exit(30s), 0) << w->log();
}

TEST_F(Queue, WorkerListPrintsOneKindPerLine) {
    auto [code, out] = run_jobhafen(worker_env(), {"worker", "--list"});
    EXPECT_EQ(code, 0);
    EXPECT_EQ(out, "mail\nwebhooks\nprovider_webhooks\nmedia\nsedcard\ngoogle_index\nalerts\n");
    auto [bad, text] = run_jobhafen(worker_env(), {"worker", "nonsense"});
    EXPECT_EQ(bad, 2);
    EXPECT_NE(text.find("unknown kind"), std::string::npos);
}

}  // namespace
}  // namespace jh::test
