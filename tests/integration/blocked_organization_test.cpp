// A blocked organization acts for nobody (issue 39, items 1–3), from outside against the real
// server, PostgreSQL, Redis and `jobhafen admin organizations`: `block` ends its members' sessions;
// a member who signs in again sees that the organization is blocked and gets 403 "Ihr Unternehmen
// ist gesperrt …" on every provider read and write of a candidate's data (a table, a row per route)
// and nothing reaches the candidate; publishing while blocked is refused, and `unblock` brings the
// held jobs back only up to the ad quota and names those that stay held; 20 parallel publications
// keep the quota exactly.
#include <algorithm>
#include <thread>

#include "tests/integration/provider_fixture.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;

// 9811: the organization that is blocked (candidate search bought); 9812: the quota under 20
// parallel publications; 9813: the held jobs and the unblock. Operators' organizations are approved.
constexpr const char* blocked_organization_seed_sql = R"sql(
INSERT INTO organizations (id, slug, name, contact_email, candidate_search) VALUES
 (9811, 'gesperrte-agentur', 'Gesperrte Agentur GmbH', 'jobs@gesperrt.example', true),
 (9812, 'kontingent-agentur', 'Kontingent Agentur KG', 'jobs@kontingent.example', false),
 (9813, 'halte-agentur', 'Halte Agentur UG', 'jobs@halte.example', false);
UPDATE organizations SET active_ad_quota = 3 WHERE id = 9812;
UPDATE organizations SET active_ad_quota = 1 WHERE id = 9813;
INSERT INTO job_postings (id, slug, organization_id, title, is_published, active, published_at) VALUES
 (9821, 'promoter-9821', 9811, 'Promoter (m/w/d) in Bremen', true, true, now() - interval '1 day');
-- Publishable drafts: a description, an activity, a place and pay above the minimum wage (issue 42).
INSERT INTO job_postings (id, slug, organization_id, title, description, activity_ids, base_salary, salary_unit)
SELECT n, 'entwurf-' || n, CASE WHEN n < 9880 THEN 9812 ELSE 9813 END, 'Aushilfe ' || n, 'Wir suchen Verstärkung.',
       ARRAY[(SELECT min(id) FROM activities)], 16.00, 'hour'
  FROM generate_series(9850, 9883) n;
INSERT INTO job_posting_locations (job_posting_id, city, lat, lon)
SELECT n, 'Bremen', 53.08, 8.8 FROM generate_series(9850, 9883) n;
)sql";

class BlockedOrganization : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_ = new stack;
        s_->start("blockedorg", false, {}, schema::migrated);
        if (::testing::Test::HasFatalFailure()) return;
        exec_sql(s_->db->url(), blocked_organization_seed_sql);
    }
    static void TearDownTestSuite() {
        print_server_log_if_a_test_failed(*s_);
        s_->stop();
        delete s_;
    }
    void SetUp() override { ASSERT_TRUE(s_ && s_->server) << "the stack did not start"; }

    static int port() { return s_->port; }
    static std::string sql(const std::string& q) { return s_->sql(q); }
    static std::pair<int, std::string> admin(const std::vector<std::string>& args) {
        std::vector<std::string> all{"admin", "organizations"};
        all.insert(all.end(), args.begin(), args.end());
        return run_jobhafen({{"JOBHAFEN_DATABASE_URL", s_->db->url()}}, all);
    }
    static std::string publish(const std::string& token, int job) {
        return std::to_string(call(port(), "POST", "/api/job_postings/" + std::to_string(job) + "/publish", {}, bearer(token)).status);
    }

    static inline stack* s_ = nullptr;
};

// One provider route on a candidate's data (or on acting for the organization).
struct provider_call {
    const char* method;
    std::string path;
    std::string body;
};

TEST_F(BlockedOrganization, ItsMembersSessionsEndAndEveryProviderPathIs403) {
    // A candidate who applied to the organization's job and made the profile searchable.
    auto [candidate_id, candidate_token] = register_ready_candidate(*s_, "kandidatin@gesperrt.example");
    exec_sql(s_->db->url(), "UPDATE accounts SET searchable_by_providers = true WHERE id = " + candidate_id);
    auto applied = call(port(), "POST", "/api/job_postings/9821/apply", R"({"notes":"Hallo!"})", bearer(candidate_token));
    ASSERT_EQ(applied.status, 201) << applied.body;
    std::string app = field(applied.body, "id");
    std::string profile = sql("SELECT id FROM candidate_profiles WHERE account_id = " + candidate_id);
    std::string member = organization_member(*s_, "chefin@gesperrt.example", 9811);
    // Before the block the member acts: the setup is right.
    ASSERT_EQ(call(port(), "GET", "/api/applications/" + app, {}, bearer(member)).status, 200);

    auto [code, out] = admin({"block", "9811"});
    ASSERT_EQ(code, 0) << out;

    // The block ended the session: the old token is refused, however it is used.
    auto old = call(port(), "GET", "/api/organization_members/me", {}, bearer(member));
    EXPECT_EQ(old.status, 401) << old.body;
    // Signing in again works and says that the member may not act.
    auto again = login(port(), "chefin@gesperrt.example", "Geheim123!");
    ASSERT_EQ(again.status, 200) << again.body;
    auto me = call(port(), "GET", "/api/organization_members/me", {}, bearer(again.token));
    ASSERT_EQ(me.status, 200) << me.body;
    EXPECT_EQ(field(me.body, "canAct"), "false") << me.body;

    std::string a = "/api/applications/" + app;
    std::string o = "/api/organizations/9811";
    const std::vector<provider_call> reads = {
        {"GET", o + "/applications", ""},
        {"GET", a, ""},
        {"GET", a + "/sedcard", ""},
        {"GET", a + "/documents/1", ""},
        {"GET", a + "/messages", ""},
        {"GET", a + "/notes", ""},
        {"GET", a + "/rating", ""},
        {"GET", a + "/neighbours", ""},
        {"GET", o + "/job_postings/9821/applications.csv", ""},
        {"GET", o + "/applications.csv", ""},
        {"GET", o + "/dashboard", ""},
        {"GET", o + "/candidate_search", ""},
        {"GET", o + "/candidate_search/" + profile, ""},
        {"GET", "/api/candidate_profiles/" + profile + "/pbasis_search/9811/status", ""},
        {"GET", o + "/shifts?from=2030-05-01&to=2030-05-10", ""},
        {"GET", o + "/members", ""},
        {"GET", o + "/invitations", ""},
        {"GET", o + "/job_postings", ""},
    };
    const std::vector<provider_call> writes = {
        {"PATCH", a + "/status", R"({"status":"invited","message":"Kommen Sie am Montag vorbei."})"},
        {"POST", o + "/applications/status", R"({"ids":[)" + app + R"(],"status":"declined"})"},
        {"POST", a + "/messages", R"({"message":"Hallo, wann haben Sie Zeit?"})"},
        {"POST", a + "/notes", R"({"body":"Gute Kandidatin"})"},
        {"PUT", a + "/rating", R"({"stars":4})"},
        {"POST", o + "/candidate_search/" + profile + "/contact", R"({"message":"Wir haben einen Job für dich."})"},
        {"PATCH", "/api/candidate_profiles/" + profile + "/pbasis_search/9811/status", R"({"status":"shortlisted"})"},
        {"POST", o + "/invitations", R"({"email":"neu@gesperrt.example"})"},
        {"POST", "/api/job_postings/9821/shifts", R"({"date":"2030-05-01","start":"09:00","end":"17:00","staffNeeded":1})"},
        {"PATCH", "/api/shift_applications/1", R"({"status":"confirmed"})"},
        {"POST", "/api/job_postings", R"({"title":"Neue Anzeige"})"},
        {"POST", "/api/job_postings/9821/publish", ""},
        {"PATCH", o, R"({"description":"Neu"})"},
    };
    std::string queued_before = sql("SELECT count(*) FROM queue_jobs");
    std::string messages_before = sql("SELECT count(*) FROM application_messages");
    for (const auto* table : {&reads, &writes})
        for (const auto& c : *table) {
            auto r = call(port(), c.method, c.path, c.body, bearer(again.token));
            EXPECT_EQ(r.status, 403) << c.method << ' ' << c.path << ": " << r.body;
            EXPECT_NE(field(r.body, "message").find("Ihr Unternehmen ist gesperrt"), std::string::npos)
                << c.method << ' ' << c.path << ": " << r.body;
        }
    // Nothing reached the candidate: no mail queued, no message, the status as it was.
    EXPECT_EQ(sql("SELECT count(*) FROM queue_jobs"), queued_before);
    EXPECT_EQ(sql("SELECT count(*) FROM application_messages"), messages_before);
    EXPECT_EQ(sql("SELECT status FROM applications WHERE id = " + app), "sent");
    // The candidate still reads their own application and its conversation.
    EXPECT_EQ(call(port(), "GET", "/api/applications/my", {}, bearer(candidate_token)).status, 200);
    EXPECT_EQ(call(port(), "GET", a + "/messages", {}, bearer(candidate_token)).status, 200);

    // Unblocked, the member acts again (the new session was not ended by the old block).
    ASSERT_EQ(admin({"unblock", "9811"}).first, 0);
    EXPECT_EQ(call(port(), "GET", a, {}, bearer(again.token)).status, 200);
    EXPECT_EQ(call(port(), "GET", o + "/applications", {}, bearer(again.token)).status, 200);
}

TEST_F(BlockedOrganization, NoPublishingWhileBlockedAndTheUnblockKeepsTheQuota) {
    std::string member = organization_member(*s_, "chef@halte.example", 9813);
    // Quota 1: one job online.
    ASSERT_EQ(publish(member, 9880), "200");
    ASSERT_EQ(admin({"block", "9813"}).first, 0);
    auto again = login(port(), "chef@halte.example", "Geheim123!");
    ASSERT_EQ(again.status, 200) << again.body;
    // Publishing while blocked is refused: no job is held to come back past the quota.
    for (int job : {9881, 9882, 9883}) EXPECT_EQ(publish(again.token, job), "403") << job;
    EXPECT_EQ(sql("SELECT count(*) FROM job_postings WHERE organization_id = 9813 AND held_at IS NOT NULL"), "1");
    // Jobs held the way the old code held them (published while blocked) come back only up to the
    // quota: the one that was online before first, the others stay held and are named.
    exec_sql(s_->db->url(), "UPDATE job_postings SET held_at = now() WHERE id IN (9881, 9882, 9883)");
    auto [code, out] = admin({"unblock", "9813"});
    ASSERT_EQ(code, 0) << out;
    EXPECT_EQ(sql("SELECT string_agg(id::text, ',' ORDER BY id) FROM job_postings WHERE organization_id = 9813 AND is_published"), "9880");
    EXPECT_EQ(sql("SELECT jh_active_ads(9813)"), "1");
    EXPECT_EQ(sql("SELECT string_agg(id::text, ',' ORDER BY id) FROM job_postings WHERE organization_id = 9813 AND held_at IS NOT NULL"),
              "9881,9882,9883");
    EXPECT_NE(out.find("3 job(s) stay held, over the ad quota of 1"), std::string::npos) << out;
    for (const char* id : {"9881", "9882", "9883"}) EXPECT_NE(out.find(std::string("  ") + id + "\t"), std::string::npos) << out;
    // A place freed, the provider publishes a held job within the quota; it is held no more.
    EXPECT_EQ(call(port(), "POST", "/api/job_postings/9880/unpublish", {}, bearer(again.token)).status, 200);
    EXPECT_EQ(publish(again.token, 9881), "200");
    EXPECT_EQ(publish(again.token, 9882), "409");
    EXPECT_EQ(sql("SELECT held_at IS NULL AND is_published FROM job_postings WHERE id = 9881"), "t");
    EXPECT_EQ(sql("SELECT jh_active_ads(9813)"), "1");
}

TEST_F(BlockedOrganization, TwentyParallelPublicationsKeepTheQuotaExactly) {
    std::string member = organization_member(*s_, "chefin@kontingent.example", 9812);
    // Quota 3, twenty drafts published at once: three pass, seventeen are told the quota is full.
    auto statuses = at_once(20, [&](int i) { return publish(member, 9850 + i); });
    EXPECT_EQ(std::count(statuses.begin(), statuses.end(), "200"), 3);
    EXPECT_EQ(std::count(statuses.begin(), statuses.end(), "409"), 17);
    EXPECT_EQ(sql("SELECT count(*) FROM job_postings WHERE organization_id = 9812 AND is_published"), "3");
}

}  // namespace
}  // namespace jh::test
