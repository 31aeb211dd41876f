// Job page views that cannot be inflated (issue 39, item 5), from outside against the real server,
// PostgreSQL and Redis: 40 view calls of one client count once (per job and Berlin day), two
// clients count twice, another site's page is refused (403) and not counted, Redis holds no
// address and no user agent, and the client's rate class answers 429 past its limit under 20
// parallel calls. A client is played by its source address (any 127.x.y.z is this machine) and
// its user agent. docs/decisions.md, "A view counted once per client and day".
#include <thread>

#include "tests/integration/accounts_fixture.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;

constexpr const char* job_views_seed_sql = R"sql(
INSERT INTO organizations (id, slug, name, contact_email) VALUES (9851, 'aufruf-agentur', 'Aufruf Agentur GmbH', 'jobs@aufruf.example');
INSERT INTO job_postings (id, slug, organization_id, title, is_published, active, published_at) VALUES
 (9861, 'promoter-9861', 9851, 'Promoter (m/w/d) in Rostock', true, true, now() - interval '1 day'),
 (9862, 'hostess-9862', 9851, 'Hostess (m/w/d) in Rostock', true, true, now() - interval '1 day'),
 (9863, 'fahrer-9863', 9851, 'Fahrer (m/w/d) in Rostock', true, true, now() - interval '1 day'),
 (9864, 'koch-9864', 9851, 'Koch (m/w/d) in Rostock', true, true, now() - interval '1 day'),
 (9865, 'kellner-9865', 9851, 'Kellner (m/w/d) in Rostock', true, true, now() - interval '1 day'),
 (9866, 'spueler-9866', 9851, 'Spüler (m/w/d) in Rostock', true, false, now() - interval '1 day'),
 (9867, 'barkeeper-9867', 9851, 'Barkeeper (m/w/d) in Rostock', true, true, now() - interval '1 day');
)sql";

constexpr const char* chrome = "User-Agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36\r\n";
constexpr const char* firefox = "User-Agent: Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0\r\n";

int view_status_of(const std::string& raw) { return raw.size() > 12 ? std::atoi(raw.substr(9, 3).c_str()) : 0; }

// A server whose view calls are limited to `limit` per client and minute.
class JobViewsBase : public ::testing::Test {
protected:
    static void start(const std::string& name, int limit) {
        s_ = new stack;
        s_->start(name, false, {{"JOBHAFEN_JOB_VIEWS_PER_CLIENT_PER_MINUTE", std::to_string(limit)}}, schema::migrated);
        if (::testing::Test::HasFatalFailure()) return;
        exec_sql(s_->db->url(), job_views_seed_sql);
    }
    static void stop() {
        s_->stop();
        delete s_;
        s_ = nullptr;
    }
    // One view call of `job` from the client at `source` (127.x.y.z); the answer's status.
    static int view(const std::string& job, const std::string& source, const std::string& headers = chrome) {
        return view_status_of(raw_call(s_->port, "POST", "/api/job_postings/" + job + "/views", {}, headers, source));
    }
    // Today's count of a job ("" when there is no row).
    static std::string today(const std::string& job) {
        return s_->sql("SELECT views FROM job_posting_daily_views WHERE job_posting_id = " + job +
                       " AND day = (now() AT TIME ZONE 'Europe/Berlin')::date");
    }
    static stack* s_;
};
stack* JobViewsBase::s_ = nullptr;

class JobViews : public JobViewsBase {
protected:
    static void SetUpTestSuite() { start("job_views", 1000); }
    static void TearDownTestSuite() { stop(); }
};

TEST_F(JobViews, OneClientCountsOncePerJobAndDayAndTwoClientsTwice) {
    // 40 calls from one client (a foreign script's loop, a reload held down): 1.
    for (int i = 0; i < 40; ++i) ASSERT_EQ(view("9861", "127.0.0.11"), 204) << "call " << i;
    EXPECT_EQ(today("9861"), "1");
    // A second client, by its address: 2; then as often as it likes: still 2.
    for (int i = 0; i < 5; ++i) EXPECT_EQ(view("9861", "127.0.0.12"), 204);
    EXPECT_EQ(today("9861"), "2");
    // The same address with another browser is another client (an office behind one address).
    EXPECT_EQ(view("9861", "127.0.0.12", firefox), 204);
    EXPECT_EQ(today("9861"), "3");
    // The first client on another job counts there, once.
    EXPECT_EQ(view("9862", "127.0.0.11"), 204);
    EXPECT_EQ(view("9862", "127.0.0.11"), 204);
    EXPECT_EQ(today("9862"), "1");

    // Redis holds a keyed hash per client, job and day, expiring with the Berlin day (at most 25
    // hours), never the address or the user agent.
    std::string keys = s_->redis_cli("--scan --pattern 'jobhafen:views:seen:*'");
    EXPECT_NE(keys.find("jobhafen:views:seen:9861:"), std::string::npos) << keys;
    EXPECT_EQ(keys.find("127.0.0"), std::string::npos) << keys;
    EXPECT_EQ(keys.find("Mozilla"), std::string::npos) << keys;
    std::string first = keys.substr(0, keys.find('\n'));
    int ttl = std::atoi(s_->redis_cli("ttl '" + first + "'").c_str());
    EXPECT_GT(ttl, 0) << first;
    EXPECT_LE(ttl, 25 * 3600) << first;
    EXPECT_EQ(s_->redis_cli("get '" + first + "'"), "1");
}

TEST_F(JobViews, AnotherSitesPageIsRefusedAndNotCounted) {
    // A page elsewhere, as a browser marks it (Sec-Fetch-Site) or by its Origin alone: 403, not counted.
    EXPECT_EQ(view("9863", "127.0.0.21", std::string(chrome) + "Sec-Fetch-Site: cross-site\r\n"), 403);
    EXPECT_EQ(view("9863", "127.0.0.22", std::string(chrome) + "Sec-Fetch-Site: same-site\r\n"), 403);
    EXPECT_EQ(view("9863", "127.0.0.23", std::string(chrome) + "Origin: https://fremde-seite.example\r\n"), 403);
    auto refused = raw_call(s_->port, "POST", "/api/job_postings/9863/views", {},
                            std::string(chrome) + "Origin: https://fremde-seite.example\r\nSec-Fetch-Site: cross-site\r\n", "127.0.0.24");
    EXPECT_EQ(view_status_of(refused), 403);
    EXPECT_NE(refused.find("Diese Anfrage kam nicht von unserer Seite"), std::string::npos) << refused;
    EXPECT_EQ(today("9863"), "");
    // Our own page (Origin ours, Sec-Fetch-Site same-origin) counts; so does a client that is no
    // browser and sends neither.
    EXPECT_EQ(view("9863", "127.0.0.21", std::string(chrome) + "Origin: " + s_->origin + "\r\nSec-Fetch-Site: same-origin\r\n"), 204);
    EXPECT_EQ(today("9863"), "1");
    EXPECT_EQ(view("9863", "127.0.0.25"), 204);
    EXPECT_EQ(today("9863"), "2");
}

// The marker is set before the count (so of two parallel views one counts); when the count fails,
// the marker is taken back: the client's next view today counts instead of being lost.
TEST_F(JobViews, AViewWhoseCountFailedCountsWhenTheClientComesAgain) {
    exec_sql(s_->db->url(),
             "CREATE FUNCTION test_refuse_view() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'kein Zählen'; END $$; "
             "CREATE TRIGGER test_refuse_view BEFORE INSERT OR UPDATE ON job_posting_daily_views FOR EACH ROW EXECUTE FUNCTION test_refuse_view()");
    EXPECT_GE(view("9864", "127.0.0.31"), 500);
    EXPECT_EQ(today("9864"), "");
    exec_sql(s_->db->url(), "DROP TRIGGER test_refuse_view ON job_posting_daily_views; DROP FUNCTION test_refuse_view()");
    EXPECT_EQ(view("9864", "127.0.0.31"), 204);
    EXPECT_EQ(today("9864"), "1");
    EXPECT_EQ(view("9864", "127.0.0.31"), 204);
    EXPECT_EQ(today("9864"), "1");
}

// Views that arrive together are counted together (actors/jobs/view_batch.h): 60 clients at once on
// three jobs, one of them closed. Each live job's count is exactly its clients, the closed one has
// none, and every call is answered 204 only after its batch was written.
TEST_F(JobViews, ViewsArrivingTogetherAreEachCountedOnceInTheirBatch) {
    std::vector<std::thread> threads;
    std::vector<int> statuses(60, 0);
    for (int i = 0; i < 60; ++i)
        threads.emplace_back([&statuses, i] {
            const char* job = i % 3 == 0 ? "9865" : i % 3 == 1 ? "9866" : "9867";
            statuses[i] = view(job, "127.0.2." + std::to_string(10 + i));
        });
    for (auto& t : threads) t.join();
    for (int i = 0; i < 60; ++i) EXPECT_EQ(statuses[i], 204) << "call " << i;
    EXPECT_EQ(today("9865"), "20");
    EXPECT_EQ(today("9866"), "") << "a closed job counts no view";
    EXPECT_EQ(today("9867"), "20");
}

class JobViewsRate : public JobViewsBase {
protected:
    static void SetUpTestSuite() { start("job_views_rate", 10); }
    static void TearDownTestSuite() { stop(); }
};

// The rate class per client address: 20 calls at once from one address (each with its own user
// agent, so each would be a new client for the daily count) — exactly 10 pass, 10 are 429 with
// Retry-After, and only the 10 are counted. Another address is not affected.
TEST_F(JobViewsRate, TheRateClassHoldsUnderTwentyParallelCalls) {
    std::vector<std::string> answers(20);
    std::vector<std::thread> threads;
    for (int i = 0; i < 20; ++i)
        threads.emplace_back([&, i] {
            answers[i] = raw_call(s_->port, "POST", "/api/job_postings/9861/views", {},
                                  "User-Agent: Mozilla/5.0 Browser-" + std::to_string(i) + "\r\n", "127.0.0.31");
        });
    for (auto& t : threads) t.join();
    int passed = 0, limited = 0;
    for (const auto& a : answers) {
        if (view_status_of(a) == 204) ++passed;
        if (view_status_of(a) == 429) {
            ++limited;
            EXPECT_NE(a.find("Retry-After: "), std::string::npos) << a;
            EXPECT_NE(a.find("Zu viele Seitenaufrufe"), std::string::npos) << a;
        }
    }
    EXPECT_EQ(passed, 10);
    EXPECT_EQ(limited, 10);
    EXPECT_EQ(today("9861"), "10");
    EXPECT_EQ(view("9861", "127.0.0.31", firefox), 429);
    EXPECT_EQ(view("9861", "127.0.0.32", firefox), 204);
    EXPECT_EQ(today("9861"), "11");
}

}  // namespace
}  // namespace jh::test
