// What an operator sees of one instance: /metrics in Prometheus text (requests per route pattern,
// latency histograms, database pool waits, the work queue's depth per kind) and the request id that
// ties a request's answer to its access line. The real `jobhafen serve` against real PostgreSQL
// and Redis, spoken to over HTTP.
#include <gtest/gtest.h>

#include <chrono>
#include <set>
#include <thread>

#include "tests/support/harness.h"
#include "tests/support/sinks.h"

namespace jh::test {
namespace {

using namespace std::chrono_literals;

class OperatorView : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        db_ = new temp_database("operator_view", schema::migrated);
        server_ = new server_process({{"JOBHAFEN_DATABASE_URL", db_->url()},
                                      {"JOBHAFEN_REDIS_URL", shared_redis_url()},
                                      {"JOBHAFEN_LOG_ACCESS", "true"}});
        ASSERT_TRUE(server_->wait_ready()) << server_->log();
    }
    static void TearDownTestSuite() {
        delete server_;
        delete db_;
    }
    static int port() { return server_->port(); }

    // Waits until the server's output holds `needle` (the access log is written a loop turn later).
    static bool log_shows(const std::string& needle) {
        for (int i = 0; i < 50; ++i) {
            if (server_->log().find(needle) != std::string::npos) return true;
            std::this_thread::sleep_for(50ms);
        }
        return false;
    }

    static inline temp_database* db_ = nullptr;
    static inline server_process* server_ = nullptr;
};

TEST_F(OperatorView, RequestIdFromTheProxyIsAnsweredAndLogged) {
    auto r = http_request(port(), "GET", "/api/bench/hello", {}, "X-Request-Id: 7f3a9c01-haproxy:42\r\n");
    EXPECT_EQ(r.status, 200);
    EXPECT_EQ(r.header("x-request-id"), "7f3a9c01-haproxy:42");
    EXPECT_TRUE(log_shows("GET /api/bench/hello 200")) << server_->log();
    EXPECT_TRUE(log_shows("rid=7f3a9c01-haproxy:42")) << server_->log();
}

TEST_F(OperatorView, RequestWithoutIdGetsAFreshOneEachTime) {
    std::set<std::string> ids;
    for (int i = 0; i < 5; ++i) {
        auto r = http_request(port(), "GET", "/api/bench/hello");
        EXPECT_EQ(r.status, 200);
        std::string id = r.header("x-request-id");
        EXPECT_FALSE(id.empty());
        EXPECT_LE(id.size(), 64u);
        ids.insert(id);
    }
    EXPECT_EQ(ids.size(), 5u);
    EXPECT_TRUE(log_shows("rid=" + *ids.begin())) << server_->log();
}

TEST_F(OperatorView, UnsafeRequestIdIsReplacedNotEchoed) {
    // Characters that could forge log fields, and an id longer than any proxy makes.
    auto r = http_request(port(), "GET", "/api/bench/hello", {}, "X-Request-Id: abc def\"<script>\r\n");
    EXPECT_EQ(r.status, 200);
    EXPECT_EQ(r.header("x-request-id").find("script"), std::string::npos);
    EXPECT_FALSE(r.header("x-request-id").empty());
    auto r2 = http_request(port(), "GET", "/api/bench/hello", {}, "X-Request-Id: " + std::string(65, 'a') + "\r\n");
    EXPECT_NE(r2.header("x-request-id"), std::string(65, 'a'));
    EXPECT_FALSE(r2.header("x-request-id").empty());
}

TEST_F(OperatorView, ErrorAnswersCarryTheRequestIdToo) {
    auto r = http_request(port(), "POST", "/api/login", "{", "Content-Type: application/json\r\nX-Request-Id: err-1\r\n");
    EXPECT_EQ(r.status, 400);
    EXPECT_EQ(r.header("x-request-id"), "err-1");
}

TEST_F(OperatorView, MetricsCountRoutesByPatternNotByPath) {
    http_request(port(), "GET", "/api/job_postings/987654321");
    http_request(port(), "GET", "/api/job_postings/987654322");
    auto r = http_request(port(), "GET", "/metrics");
    ASSERT_EQ(r.status, 200);
    EXPECT_NE(r.body.find("jobhafen_http_requests_total{route=\"GET /api/job_postings/{id}\",status=\"4xx\"} 2"), std::string::npos)
        << r.body.substr(0, 3000);
    EXPECT_EQ(r.body.find("987654321"), std::string::npos);
    EXPECT_NE(r.body.find("jobhafen_http_request_duration_seconds_count{route=\"GET /api/job_postings/{id}\"} 2"), std::string::npos);
    EXPECT_NE(r.body.find("# TYPE jobhafen_db_pool_waits_total counter"), std::string::npos);
    EXPECT_NE(r.body.find("jobhafen_db_pool_waits_total{loop=\"0\"}"), std::string::npos);
}

TEST_F(OperatorView, MetricsShowTheQueueDepthPerKind) {
    exec_sql(db_->url(), "DELETE FROM queue_jobs WHERE kind = 'noop'");
    exec_sql(db_->url(),
             "INSERT INTO queue_jobs (kind, idempotency_key, run_at) "
             "SELECT 'noop', 'metrics-' || i, now() - interval '90 seconds' FROM generate_series(1, 3) i");
    auto r = http_request(port(), "GET", "/metrics");
    ASSERT_EQ(r.status, 200);
    EXPECT_NE(r.body.find("jobhafen_queue_jobs{kind=\"noop\",state=\"pending\"} 3"), std::string::npos) << r.body;
    EXPECT_NE(r.body.find("jobhafen_queue_jobs{kind=\"noop\",state=\"running\"} 0"), std::string::npos);
    // The oldest due job waited about 90 s.
    auto at = r.body.find("jobhafen_queue_oldest_due_seconds{kind=\"noop\"} ");
    ASSERT_NE(at, std::string::npos);
    double age = std::stod(r.body.substr(at + std::string("jobhafen_queue_oldest_due_seconds{kind=\"noop\"} ").size()));
    EXPECT_GE(age, 89.0);
    EXPECT_LT(age, 600.0);
    exec_sql(db_->url(), "DELETE FROM queue_jobs WHERE kind = 'noop'");
    auto after = http_request(port(), "GET", "/metrics");
    EXPECT_EQ(after.body.find("jobhafen_queue_jobs{kind=\"noop\""), std::string::npos);
}

// The job index's gauges come from app/ (metrics_registry::add_source): the operator sees when an
// instance's index is ready to answer searches.
TEST_F(OperatorView, MetricsShowWhenTheJobIndexIsReady) {
    std::string body;
    bool ready = wait_until(
        [&] {
            body = http_request(port(), "GET", "/metrics").body;
            return body.find("jobhafen_search_index_ready 1\n") != std::string::npos;
        },
        30s);
    EXPECT_TRUE(ready) << body.substr(0, 2000);
    EXPECT_NE(body.find("# TYPE jobhafen_search_index_build_seconds gauge"), std::string::npos);
}

}  // namespace
}  // namespace jh::test
