// host_names_test.cpp: PostgreSQL and Redis reached by host name. The names are looked up with
// uv_getaddrinfo before libpq and hiredis connect (reactor/resolve.h), so a configuration with
// `localhost` works, and a name that does not resolve is a clear error while the loop keeps
// answering requests.
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>

#include "tests/support/harness.h"

using namespace std::chrono_literals;
using namespace jh::test;

namespace {

// The URL with its 127.0.0.1 written as `host`.
std::string with_host(std::string url, const std::string& host) {
    auto at = url.find("127.0.0.1");
    EXPECT_NE(at, std::string::npos) << url;
    if (at != std::string::npos) url.replace(at, 9, host);
    return url;
}

// /api/health until it is 200 (the pool and the Redis client connect in the background), at most ~20 s.
http_reply healthy(int port) {
    http_reply r;
    for (int i = 0; i < 100; ++i) {
        r = http_request(port, "GET", "/api/health");
        if (r.status == 200) break;
        std::this_thread::sleep_for(200ms);
    }
    return r;
}

TEST(HostNames, ServerWithLocalhostForPostgresAndRedisWorks) {
    temp_database db("hostnames", schema::migrated);
    server_process s({{"JOBHAFEN_DATABASE_URL", with_host(db.url(), "localhost")},
                      {"JOBHAFEN_REDIS_URL", with_host(shared_redis_url(), "localhost")}});
    ASSERT_TRUE(s.wait_ready()) << s.log();
    http_reply r = healthy(s.port());
    EXPECT_EQ(r.status, 200) << r.body << "\n" << s.log();
    EXPECT_EQ(r.body, R"({"postgres":"ok","redis":"ok"})");
    // A request that runs SQL on the pool.
    http_reply jobs = http_request(s.port(), "GET", "/api/job_postings?page=1");
    EXPECT_EQ(jobs.status, 200) << jobs.body;
}

TEST(HostNames, AnUnknownHostNameIsAClearErrorAndTheLoopKeepsAnswering) {
    server_process s({{"JOBHAFEN_DATABASE_URL", "postgresql://jobhafen@no-such-host.invalid:5432/jobhafen"},
                      {"JOBHAFEN_REDIS_URL", "redis://no-such-host.invalid:6379"},
                      {"JOBHAFEN_DATABASE_MIGRATE_ON_SERVE", "false"},
                      {"JOBHAFEN_SEARCH_INDEX", "false"}});
    ASSERT_TRUE(s.wait_ready()) << s.log();
    // Answered at once, with both named as unavailable: nothing waits on the lookups.
    for (int i = 0; i < 3; ++i) {
        http_reply r = http_request(s.port(), "GET", "/api/health");
        EXPECT_EQ(r.status, 503) << r.body;
        EXPECT_EQ(r.body, R"({"postgres":"unavailable","redis":"unavailable"})");
        std::this_thread::sleep_for(300ms);
    }
    std::string log = s.log();
    EXPECT_NE(log.find("database connection 0: cannot connect: cannot look up no-such-host.invalid"), std::string::npos) << log;
    EXPECT_NE(log.find("redis no-such-host.invalid:6379/0: cannot look up no-such-host.invalid"), std::string::npos) << log;
}

}  // namespace
