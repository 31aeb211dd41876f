// The organization's response time as candidates see it, from outside against the real server,
// PostgreSQL, Redis and the mail worker: applications seeded as forwarded hours ago, answered by
// the provider through PATCH /applications/{id}/status; the organization page and the job detail
// show the median time to the first status change once five applications count, later status
// changes do not move it, and the hourly refresh lets applications older than 90 days fall out.
#include <cmath>

#include "tests/integration/provider_fixture.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;

constexpr const char* response_time_seed_sql = R"sql(
INSERT INTO organizations (id, slug, name, contact_email) VALUES
 (9601, 'schnelle-agentur', 'Schnelle Agentur GmbH', 'jobs@schnelle-agentur.example');
INSERT INTO job_postings (id, slug, organization_id, title, is_published, active, published_at) VALUES
 (9701, 'promoter-9701', 9601, 'Promoter (m/w/d) in Leipzig', true, true, now() - interval '20 days');
)sql";

class ResponseTime : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_ = new stack;
        s_->start("response_time", true, {}, schema::migrated);
        if (::testing::Test::HasFatalFailure()) return;
        exec_sql(s_->db->url(), response_time_seed_sql);
        member_ = new std::string(organization_member(*s_, "chefin@schnelle-agentur.example", 9601));
    }
    static void TearDownTestSuite() {
        s_->stop();
        delete s_;
        delete member_;
    }
    static int port() { return s_->port; }
    static std::string sql(const std::string& q) { return s_->sql(q); }
    // An application to job 9701 that reached the provider `hours` ago; its id.
    static std::string application(int hours) {
        std::string who = sql("INSERT INTO accounts (email, email_verified_at) VALUES ('bewerber" + std::to_string(hours) +
                              "@example.de', now()) RETURNING id");
        return sql("INSERT INTO applications (job_posting_id, candidate_account_id, created_at, forwarded_at) VALUES (9701, " + who +
                   ", now() - interval '" + std::to_string(hours) + " hours', now() - interval '" + std::to_string(hours) +
                   " hours') RETURNING id");
    }
    static void answer(const std::string& id, const char* status) {
        auto r = call(port(), "PATCH", "/api/applications/" + id + "/status", std::string(R"({"status":")") + status + "\"}",
                      bearer(*member_));
        ASSERT_EQ(r.status, 200) << r.body;
    }
    // medianHours of the organization page and of the job detail (they must agree), or "<null>".
    // The organization's data is read from PostgreSQL; the job's data may be kept in memory until
    // the job index publishes its next generation, a few milliseconds after the answer's commit
    // (migration 0396, docs/caching.md: the promise holds for the writer too, no better). So the
    // two must agree within the promise's bound, not in the first read.
    static std::string shown() {
        std::string org_body, job_body, a, b;
        bool agree = wait_until(
            [&] {
                auto org = call(port(), "GET", "/api/organizations/9601");
                auto job = call(port(), "GET", "/api/job_postings/9701");
                if (org.status != 200 || job.status != 200) return false;
                org_body = org.body, job_body = job.body;
                a = field(org_body, "/responseTime/medianHours"), b = field(job_body, "/responseTime/medianHours");
                return a == b;
            },
            std::chrono::milliseconds(2000));
        EXPECT_TRUE(agree) << org_body << "\n" << job_body;
        if (field(org_body, "responseTime") == "null") return "<null>";
        return a;
    }
    static stack* s_;
    static std::string* member_;
};
stack* ResponseTime::s_ = nullptr;
std::string* ResponseTime::member_ = nullptr;

TEST_F(ResponseTime, MedianOfFirstAnswersFromFiveApplicationsOn) {
    std::string a2 = application(2), a10 = application(10), a20 = application(20), a30 = application(30), a50 = application(50);
    application(1);     // unanswered for an hour: not counted yet
    application(240);   // unanswered for ten days: counts with its waiting time
    EXPECT_EQ(shown(), "<null>");

    answer(a2, "seen");
    answer(a10, "declined");
    answer(a20, "shortlisted");
    // Four samples (2, 10, 20 hours and the ten days still waiting): too few to show.
    EXPECT_EQ(shown(), "<null>");

    answer(a30, "invited");   // 2, 10, 20, 30, 240 → 20
    EXPECT_NEAR(std::stod(shown()), 20.0, 0.15);
    auto org = call(port(), "GET", "/api/organizations/slug/schnelle-agentur");
    ASSERT_EQ(org.status, 200) << org.body;
    EXPECT_EQ(field(org.body, "/responseTime/applications"), "5");

    answer(a50, "seen");      // 2, 10, 20, 30, 50, 240 → 25
    EXPECT_NEAR(std::stod(shown()), 25.0, 0.15);
    // A later change of an answered application is no new first answer.
    answer(a2, "invited");
    answer(a50, "hired");
    EXPECT_NEAR(std::stod(shown()), 25.0, 0.15);
    EXPECT_EQ(field(call(port(), "GET", "/api/organizations/9601").body, "/responseTime/applications"), "6");

    // The window moves: the hourly refresh drops applications forwarded more than 90 days ago.
    exec_sql(s_->db->url(), "UPDATE applications SET forwarded_at = forwarded_at - interval '100 days' WHERE id = " + a50);
    EXPECT_EQ(sql("SELECT jh_refresh_response_times() >= 1"), "t");
    EXPECT_NEAR(std::stod(shown()), 20.0, 0.15);   // 2, 10, 20, 30, 240
}

TEST_F(ResponseTime, AnOrganizationWithoutAnswersShowsNone) {
    auto org = call(port(), "GET", "/api/organizations/slug/eigene-agentur-ohne-antworten");
    EXPECT_EQ(org.status, 404);
    exec_sql(s_->db->url(), "INSERT INTO organizations (id, slug, name) VALUES (9602, 'stille-agentur', 'Stille Agentur')");
    auto quiet = call(port(), "GET", "/api/organizations/9602");
    ASSERT_EQ(quiet.status, 200) << quiet.body;
    EXPECT_EQ(field(quiet.body, "responseTime"), "null") << quiet.body;
}

}  // namespace
}  // namespace jh::test
