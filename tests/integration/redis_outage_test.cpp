// redis_outage_test.cpp: what a visitor gets while the server's Redis is away for a moment or for
// longer (issue 46, item 1), seen from outside: the real `jobhafen serve` with a private Redis that
// the tests stop, start and pause.
//   * A signed-in request whose session read meets the outage waits for Redis (within
//     redis.outage_grace_ms) and succeeds once Redis answers again.
//   * Past the grace each limit follows its rule (docs/operations.md, "the rule per limit"): the
//     login throttle counts in the server's memory (wrong passwords: 401, then 429, also 20 at once; never a lock-out
//     nor a free run), a route's rate class refuses with 503 and the German outage message.
#include <gtest/gtest.h>

#include <chrono>
#include <future>
#include <thread>
#include <vector>

#include "tests/integration/accounts_fixture.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;
using namespace std::chrono_literals;

constexpr const char* outage_message = "Der Dienst ist gerade nicht erreichbar";

// Polls GET /api/health until it says Redis is `state` ("ok" or "unavailable").
bool health_says_redis(int port, const std::string& state) {
    for (int i = 0; i < 300; ++i) {
        if (http_request(port, "GET", "/api/health").body.find("\"redis\":\"" + state + "\"") != std::string::npos) return true;
        std::this_thread::sleep_for(100ms);
    }
    return false;
}

// A generous grace (a slow, loaded machine must still be well inside it) and a short command
// timeout, so a paused Redis drops the connection while the session read is in flight.
class RedisOutageShort : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_ = new stack;
        s_->start("redisshort", false, {{"JOBHAFEN_REDIS_OUTAGE_GRACE_MS", "30000"}, {"JOBHAFEN_REDIS_COMMAND_TIMEOUT_MS", "300"}});
    }
    static void TearDownTestSuite() {
        s_->stop();
        delete s_;
    }
    void SetUp() override { s_->flush_redis(); }
    static stack* s_;
};
stack* RedisOutageShort::s_ = nullptr;

// Redis is stopped, the request comes, Redis starts again: the request's session read waited.
TEST_F(RedisOutageShort, SessionRequestDuringAStopSucceedsOnceRedisIsBack) {
    auto [id, token] = register_candidate(s_->port, "kurz-weg@example.org");
    ASSERT_FALSE(token.empty());
    // Written to disk first, so the restarted Redis still holds the session (a failover's new
    // primary holds it as a replica did).
    ASSERT_EQ(s_->redis_cli("save"), "OK");
    s_->redis->stop();
    ASSERT_TRUE(health_says_redis(s_->port, "unavailable"));
    auto pending = std::async(std::launch::async, [&, token = token] {
        return call(s_->port, "GET", "/api/candidate_accounts/me", {}, bearer(token));
    });
    // The request is in the server before Redis is back (it cannot answer without Redis).
    EXPECT_EQ(pending.wait_for(1s), std::future_status::timeout) << "answered without Redis";
    s_->redis->start();
    auto me = pending.get();
    EXPECT_EQ(me.status, 200) << me.body;
    EXPECT_EQ(field(me.body, "id"), id);
}

// Redis holds every command (CLIENT PAUSE) longer than the command timeout: the server drops the
// connection with the session read in flight and sends it again on the next one (a read may run
// twice), so the visitor gets her page, not a 503.
TEST_F(RedisOutageShort, SessionReadInFlightWhenTheConnectionDropsIsSentAgain) {
    auto [id, token] = register_candidate(s_->port, "angehalten@example.org");
    ASSERT_FALSE(token.empty());
    ASSERT_EQ(s_->redis_cli("client pause 2500 all"), "OK");
    auto me = call(s_->port, "GET", "/api/candidate_accounts/me", {}, bearer(token));
    EXPECT_EQ(me.status, 200) << me.body;
    EXPECT_EQ(field(me.body, "id"), id);
}

// Redis stays away past a short grace: each limit follows its rule.
class RedisOutageLong : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_ = new stack;
        s_->start("redislong", false,
                  {{"JOBHAFEN_REDIS_OUTAGE_GRACE_MS", "300"}, {"JOBHAFEN_AUTH_LOGIN_FAIL_LIMIT_ACCOUNT", "3"},
                   // One loop: the throttle's memory is per loop, and the test counts one.
                   {"JOBHAFEN_THREADS", "1"}});
    }
    static void TearDownTestSuite() {
        s_->stop();
        delete s_;
    }
    void SetUp() override {
        s_->redis->start();
        ASSERT_TRUE(health_says_redis(s_->port, "ok"));
        s_->flush_redis();
    }
    static stack* s_;
};
stack* RedisOutageLong::s_ = nullptr;

// Wrong passwords still answer 401 while Redis is away, and the fourth (the limit is 3) 429 with
// Retry-After: the throttle counts in memory, so it neither locks everyone out nor opens. The
// right password answers 503 (the session cannot be stored), not 429: the owner is not locked out.
TEST_F(RedisOutageLong, LoginThrottleCountsInMemoryWhileRedisIsAway) {
    register_candidate(s_->port, "gesperrt-nie@example.org");
    s_->redis->stop();
    ASSERT_TRUE(health_says_redis(s_->port, "unavailable"));
    std::this_thread::sleep_for(600ms);   // past the grace of 300 ms

    auto right = login(s_->port, "gesperrt-nie@example.org", "Geheim123!");
    EXPECT_EQ(right.status, 503) << right.body;
    EXPECT_NE(right.body.find(outage_message), std::string::npos) << right.body;
    for (int i = 1; i <= 3; ++i) {
        auto wrong = login(s_->port, "gesperrt-nie@example.org", "Falsch-" + std::to_string(i));
        EXPECT_EQ(wrong.status, 401) << "attempt " << i << ": " << wrong.body;
    }
    auto throttled = login(s_->port, "gesperrt-nie@example.org", "Falsch-4");
    EXPECT_EQ(throttled.status, 429) << throttled.body;
    EXPECT_FALSE(throttled.retry_after.empty());

    // Redis is back: its own windows count again (it holds none of the attempts made meanwhile).
    s_->redis->start();
    ASSERT_TRUE(health_says_redis(s_->port, "ok"));
    auto after = login(s_->port, "gesperrt-nie@example.org", "Geheim123!");
    EXPECT_EQ(after.status, 200) << after.body;
}

// Twenty wrong passwords at once while Redis is away (the standard's "every limit with 20 requests
// in parallel"): the loop's memory counts them one after another, so exactly the 3 free attempts
// answer 401 and the other 17 answer 429; none slips through between check and count.
TEST_F(RedisOutageLong, TwentyParallelWrongPasswordsGetTheThreeFreeAttemptsOnly) {
    register_candidate(s_->port, "zwanzig-auf-einmal@example.org");
    s_->redis->stop();
    ASSERT_TRUE(health_says_redis(s_->port, "unavailable"));
    std::this_thread::sleep_for(600ms);   // past the grace of 300 ms

    std::vector<std::future<login_result>> attempts;
    for (int i = 0; i < 20; ++i)
        attempts.push_back(std::async(std::launch::async, [i] {
            return login(s_->port, "zwanzig-auf-einmal@example.org", "Falsch-" + std::to_string(i));
        }));
    int unauthorized = 0, throttled = 0, other = 0;
    for (auto& a : attempts) {
        auto r = a.get();
        if (r.status == 401) ++unauthorized;
        else if (r.status == 429) ++throttled;
        else ADD_FAILURE() << "status " << r.status << ": " << r.body, ++other;
    }
    EXPECT_EQ(unauthorized, 3);
    EXPECT_EQ(throttled, 17);
    EXPECT_EQ(other, 0);
}

// A route's rate class cannot be checked: 503 with the German message, never an unlimited pass.
TEST_F(RedisOutageLong, RateClassFailsClosedWithTheGermanMessage) {
    s_->redis->stop();
    ASSERT_TRUE(health_says_redis(s_->port, "unavailable"));
    std::this_thread::sleep_for(600ms);
    auto r = call(s_->port, "POST", "/api/candidate_profiles/email_check", R"({"email":"a@example.org"})");
    EXPECT_EQ(r.status, 503) << r.body;
    EXPECT_NE(r.body.find(outage_message), std::string::npos) << r.body;
}

}  // namespace
}  // namespace jh::test
