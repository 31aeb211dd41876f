// Integration tests of the retention autopilot (issue 42 item 4, docs/fair-play.md "Applications are
// kept no longer than needed"), from outside against the real server, PostgreSQL and Redis. The
// clock is moved by backdating the application's end (applications.ended_at) as other tests
// backdate their rows, and the worker's hourly pass is called as the mail worker calls it
// (jh_anonymize_ended_applications). An application declined 181 days ago shows its organization
// no name, address, sedcard, documents, thread, notes or rating (404, or "anonymized" in the list)
// while the candidate still sees it; one declined 179 days ago is untouched and announced ("wird am
// … anonymisiert"); an application ended by its job closing or expiring runs the same clock; the
// period is the organization's, 90 to 180 days; another organization gets 404 throughout; two
// passes at once anonymize each application once.
#include <thread>

#include "tests/integration/provider_fixture.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;

constexpr const char* retention_seed_sql = R"sql(
INSERT INTO organizations (id, slug, name, contact_email) VALUES
 (9401, 'aufbewahrende-agentur', 'Aufbewahrende Agentur GmbH', 'jobs@aufbewahrend.example'),
 (9402, 'andere-agentur', 'Andere Agentur KG', 'jobs@andere.example');
INSERT INTO job_postings (id, slug, organization_id, title, is_published, active, published_at) VALUES
 (9501, 'promoter-9501', 9401, 'Promoter (m/w/d) in Berlin', true, true, now() - interval '1 day'),
 (9502, 'hostess-9502', 9401, 'Messehostess (m/w/d) in Köln', true, true, now() - interval '1 day'),
 (9503, 'fahrer-9503', 9402, 'Fahrer (m/w/d) in Hamburg', true, true, now() - interval '1 day'),
 (9504, 'kellner-9504', 9401, 'Kellner (m/w/d) in Bremen', true, true, now() - interval '1 day');
)sql";

class ApplicationRetention : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_ = new stack;
        // No mail worker: the tests run its hourly pass themselves, and a worker runs its first pass
        // whenever it has started, which under load (CI's sanitizer run) came between a backdating
        // and the test's own pass and took the application first.
        s_->start("retention", false, {}, schema::migrated);
        if (::testing::Test::HasFatalFailure()) return;
        exec_sql(s_->db->url(), retention_seed_sql);
        own_ = new std::string(organization_member(*s_, "chefin@aufbewahrend.example", 9401));
        other_ = new std::string(organization_member(*s_, "chef@andere.example", 9402));
    }
    static void TearDownTestSuite() {
        s_->stop();
        delete s_;
        delete own_;
        delete other_;
    }
    void SetUp() override { ASSERT_NE(s_, nullptr); }
    static int port() { return s_->port; }
    static std::string sql(const std::string& q) { return s_->sql(q); }
    static void exec(const std::string& q) { exec_sql(s_->db->url(), q); }
    static http_reply as(const std::string& token, std::string_view method, const std::string& target, std::string_view body = {}) {
        return call(port(), method, target, body, bearer(token));
    }
    struct candidate {
        std::string id, token, profile;
    };
    // A candidate ready to apply, with a first name and a phone number of her own on the sedcard.
    static candidate ready(const std::string& email, const std::string& first) {
        auto [id, token] = register_ready_candidate(*s_, email);
        exec("UPDATE candidate_profiles SET first_name = '" + first + "', sedcard = sedcard || "
             "'{\"communicationData\":[{\"type\":\"mobile\",\"value\":\"0170 " + id + "/55\"}]}' WHERE account_id = " + id);
        return {id, token, sql("SELECT id FROM candidate_profiles WHERE account_id = " + id)};
    }
    static std::string apply(const candidate& c, int job) {
        auto a = as(c.token, "POST", "/api/job_postings/" + std::to_string(job) + "/apply", R"({"notes":"Ich freue mich auf den Einsatz!"})");
        EXPECT_EQ(a.status, 201) << a.body;
        return field(a.body, "id");
    }
    static void decline(const std::string& app) {
        auto r = as(*own_, "PATCH", "/api/applications/" + app + "/status", R"({"status":"declined","message":"Leider nicht."})");
        EXPECT_EQ(r.status, 200) << r.body;
    }
    // Moves the application's end `days` into the past.
    static void ended_days_ago(const std::string& app, int days) {
        exec("UPDATE applications SET ended_at = now() - interval '" + std::to_string(days) + " days' WHERE id = " + app);
    }
    // The mail worker's hourly pass, as workers/retention.cpp calls it.
    static std::string pass() { return sql("SELECT jh_anonymize_ended_applications(500)"); }
    // The application as the own organization's list shows it (filtered by its job): its index there.
    static std::string listed(int job, const std::string& app, const std::string& member) {
        auto list = as(*own_, "GET", "/api/organizations/9401/applications?jobPosting=" + std::to_string(job) + "&itemsPerPage=50");
        EXPECT_EQ(list.status, 200) << list.body;
        for (int i = 0; i < 50; ++i) {
            std::string at = "/hydra:member/" + std::to_string(i);
            std::string id = field(list.body, at + "/id");
            if (id == "<missing>") break;
            if (id == app) return field(list.body, at + member);
        }
        return "<not listed>";
    }
    static int provider_status(const std::string& token, std::string_view method, const std::string& target, std::string_view body = {}) {
        return as(token, method, target, body).status;
    }

    static stack* s_;
    static std::string *own_, *other_;
};
stack* ApplicationRetention::s_ = nullptr;
std::string* ApplicationRetention::own_ = nullptr;
std::string* ApplicationRetention::other_ = nullptr;

TEST_F(ApplicationRetention, ADeclinedApplicationPastThePeriodIsGoneForTheProviderAndStaysForTheCandidate) {
    candidate lena = ready("lena@bewerberin.example", "Lena");
    candidate mia = ready("mia@bewerberin.example", "Mia");
    std::string old_app = apply(lena, 9501);
    std::string elsewhere = apply(lena, 9503);   // her application to another organization stays
    std::string recent = apply(mia, 9501);
    std::string base = "/api/applications/" + old_app;

    // The team's work on Lena's application: a message, a note, a rating, then the rejection.
    ASSERT_EQ(as(*own_, "POST", base + "/messages", R"({"message":"Hallo Lena, passt Ihnen Montag?"})").status, 201);
    ASSERT_EQ(as(*own_, "POST", base + "/notes", R"({"body":"Sehr freundlich am Telefon."})").status, 201);
    ASSERT_EQ(as(*own_, "PUT", base + "/rating", R"({"stars":4})").status, 200);
    decline(old_app);
    decline(recent);
    EXPECT_EQ(sql("SELECT ended_at IS NOT NULL FROM applications WHERE id = " + old_app), "t");
    ASSERT_EQ(provider_status(*own_, "GET", base), 200);
    ASSERT_EQ(provider_status(*own_, "GET", "/api/candidate_profiles/" + lena.profile + "/pbasis_search/9401/status"), 200);

    ended_days_ago(old_app, 181);
    ended_days_ago(recent, 179);
    // 30 days before, the portal announces the day; 181 days is past it (the pass has not run yet).
    std::string announced = listed(9501, recent, "/anonymizeAt");
    EXPECT_NE(announced, "null");
    EXPECT_EQ(announced.substr(0, 10), sql("SELECT to_char((now() + interval '1 day') AT TIME ZONE 'UTC', 'YYYY-MM-DD')"));
    EXPECT_EQ(field(as(*other_, "GET", "/api/applications/" + elsewhere).body, "anonymizeAt"), "null");
    std::string applications = sql("SELECT count(*) FROM applications");
    std::string views = sql("SELECT count(*) FROM application_views WHERE application_id = " + old_app);

    EXPECT_EQ(pass(), "1");
    EXPECT_EQ(pass(), "0");   // idempotent: done is never due again

    // The provider: in the list as "anonymized", without name or cover text; everything else 404.
    EXPECT_EQ(listed(9501, old_app, "/anonymized"), "true");
    EXPECT_EQ(listed(9501, old_app, "/candidate/firstName"), "");
    EXPECT_EQ(listed(9501, old_app, "/notes"), "");
    EXPECT_EQ(listed(9501, old_app, "/status"), "declined");
    EXPECT_EQ(listed(9501, old_app, "/rating"), "<missing>");
    auto list = as(*own_, "GET", "/api/organizations/9401/applications?jobPosting=9501");
    EXPECT_EQ(list.body.find("Lena"), std::string::npos) << list.body;
    EXPECT_EQ(list.body.find("lena@bewerberin.example"), std::string::npos) << list.body;
    EXPECT_EQ(field(list.body, "hydra:totalItems"), "2");   // the row stays for the counts
    EXPECT_EQ(provider_status(*own_, "GET", base), 404);
    EXPECT_EQ(provider_status(*own_, "GET", base + "/sedcard"), 404);
    EXPECT_EQ(provider_status(*own_, "GET", base + "/messages"), 404);
    EXPECT_EQ(provider_status(*own_, "POST", base + "/messages", R"({"message":"Noch da?"})"), 404);
    EXPECT_EQ(provider_status(*own_, "GET", base + "/notes"), 404);
    EXPECT_EQ(provider_status(*own_, "GET", base + "/rating"), 404);
    EXPECT_EQ(provider_status(*own_, "GET", base + "/neighbours"), 404);
    EXPECT_EQ(provider_status(*own_, "PATCH", base + "/status", R"({"status":"shortlisted"})"), 404);
    EXPECT_EQ(provider_status(*own_, "POST", "/api/organizations/9401/applications/status",
                              R"({"ids":[)" + old_app + R"(],"status":"seen"})"),
              404);
    // Her sedcard and images: the application no longer lets the organization see her.
    EXPECT_EQ(provider_status(*own_, "GET", "/api/candidate_profiles/" + lena.profile + "/pbasis_search/9401/status"), 404);
    auto csv = as(*own_, "GET", "/api/organizations/9401/job_postings/9501/applications.csv");
    ASSERT_EQ(csv.status, 200) << csv.body;
    EXPECT_NE(csv.body.find("anonymisiert"), std::string::npos) << csv.body;
    EXPECT_EQ(csv.body.find("lena@bewerberin.example"), std::string::npos) << csv.body;
    EXPECT_EQ(csv.body.find("0170 " + lena.id + "/55"), std::string::npos) << csv.body;
    EXPECT_NE(csv.body.find("0170 " + mia.id + "/55"), std::string::npos) << csv.body;   // the other applicant's stays
    // What the organization held is gone; the row and the candidate's log of views stay (the CSV's
    // anonymized line showed nobody, so it is no view).
    EXPECT_EQ(sql("SELECT count(*) FROM application_messages WHERE application_id = " + old_app), "0");
    EXPECT_EQ(sql("SELECT count(*) FROM application_notes WHERE application_id = " + old_app), "0");
    EXPECT_EQ(sql("SELECT count(*) FROM application_ratings WHERE application_id = " + old_app), "0");
    EXPECT_EQ(sql("SELECT count(*) FROM applications"), applications);
    EXPECT_EQ(sql("SELECT count(*) FROM application_views WHERE application_id = " + old_app), views);

    // The candidate still sees her application, as expired; she cannot write on it.
    auto mine = as(lena.token, "GET", "/api/applications/my?itemsPerPage=50");
    ASSERT_EQ(mine.status, 200) << mine.body;
    bool found = false;
    for (int i = 0; i < 2; ++i) {
        std::string at = "/hydra:member/" + std::to_string(i);
        if (field(mine.body, at + "/id") == old_app) {
            found = true;
            EXPECT_EQ(field(mine.body, at + "/anonymized"), "true");
            EXPECT_EQ(field(mine.body, at + "/jobPosting/title"), "Promoter (m/w/d) in Berlin");
        } else {
            EXPECT_EQ(field(mine.body, at + "/anonymized"), "false");
        }
    }
    EXPECT_TRUE(found) << mine.body;
    auto thread = as(lena.token, "GET", base + "/messages");
    ASSERT_EQ(thread.status, 200) << thread.body;
    EXPECT_EQ(field(thread.body, "canWrite"), "false");
    EXPECT_NE(field(thread.body, "notice").find("abgelaufen"), std::string::npos) << thread.body;
    EXPECT_EQ(provider_status(lena.token, "POST", base + "/messages", R"({"message":"Hallo?"})"), 409);

    // Nothing else is touched: her account and sedcard, her other application (with its
    // organization), Mia's application 179 days after its end.
    EXPECT_EQ(sql("SELECT first_name FROM candidate_profiles WHERE account_id = " + lena.id), "Lena");
    auto other_view = as(*other_, "GET", "/api/applications/" + elsewhere);
    ASSERT_EQ(other_view.status, 200) << other_view.body;
    EXPECT_EQ(field(other_view.body, "/candidate/email"), "lena@bewerberin.example");
    auto mias = as(*own_, "GET", "/api/applications/" + recent);
    ASSERT_EQ(mias.status, 200) << mias.body;
    EXPECT_EQ(field(mias.body, "/candidate/firstName"), "Mia");
    EXPECT_EQ(field(mias.body, "anonymized"), "false");
    EXPECT_EQ(provider_status(*own_, "GET", "/api/applications/" + recent + "/messages"), 200);

    // Another organization never saw it, and does not now.
    EXPECT_EQ(provider_status(*other_, "GET", base), 404);
    EXPECT_EQ(provider_status(*other_, "GET", "/api/applications/" + recent), 404);
}

TEST_F(ApplicationRetention, AClosedOrExpiredJobStartsTheClockAndWorkDoneIsKept) {
    candidate ole = ready("ole@bewerber.example", "Ole");
    candidate pia = ready("pia@bewerberin.example", "Pia");
    candidate rob = ready("rob@bewerber.example", "Rob");
    std::string closed_app = apply(ole, 9502);
    std::string hired_app = apply(pia, 9502);
    std::string expired_app = apply(rob, 9504);
    ASSERT_EQ(as(*own_, "PATCH", "/api/applications/" + hired_app + "/status", R"({"status":"hired"})").status, 200);
    EXPECT_EQ(sql("SELECT ended_at IS NULL FROM applications WHERE id = " + closed_app), "t");

    // Closing the job declines the open application (item 5), and its clock starts.
    ASSERT_EQ(as(*own_, "POST", "/api/job_postings/9502/close").status, 200);
    EXPECT_EQ(sql("SELECT status::text || ',' || (ended_at > now() - interval '1 minute') FROM applications WHERE id = " + closed_app),
              "declined,true");
    EXPECT_EQ(sql("SELECT ended_at IS NULL FROM applications WHERE id = " + hired_app), "t");
    // An expired job: the hourly answer declines it, and its clock starts.
    exec("UPDATE job_postings SET valid_through = now() - interval '1 minute' WHERE id = 9504");
    sql("SELECT jh_answer_expired_jobs(500)");
    EXPECT_EQ(sql("SELECT status::text || ',' || (ended_at IS NOT NULL) FROM applications WHERE id = " + expired_app), "declined,true");

    ended_days_ago(closed_app, 181);
    ended_days_ago(expired_app, 181);
    exec("UPDATE applications SET status_changed_at = now() - interval '400 days' WHERE id = " + hired_app);
    EXPECT_EQ(pass(), "2");
    EXPECT_EQ(provider_status(*own_, "GET", "/api/applications/" + closed_app), 404);
    EXPECT_EQ(provider_status(*own_, "GET", "/api/applications/" + expired_app), 404);
    // The person who was hired is no applicant any more: the autopilot leaves her alone.
    auto hired = as(*own_, "GET", "/api/applications/" + hired_app);
    ASSERT_EQ(hired.status, 200) << hired.body;
    EXPECT_EQ(field(hired.body, "/candidate/firstName"), "Pia");
}

TEST_F(ApplicationRetention, ThePeriodIsTheOrganizationsOwnBetween90And180Days) {
    auto set = [](const std::string& token, const std::string& value) {
        return as(token, "PATCH", "/api/organizations/9401", R"({"applicationRetentionDays":)" + value + "}");
    };
    for (const char* bad : {"89", "181", "0", "-90", "120.5", "\"abc\"", "true"}) {
        auto r = set(*own_, bad);
        EXPECT_EQ(r.status, 422) << bad << ": " << r.body;
        EXPECT_NE(r.body.find("\"propertyPath\":\"applicationRetentionDays\""), std::string::npos) << r.body;
        EXPECT_NE(r.body.find("zwischen 90 und 180 Tagen"), std::string::npos) << r.body;
    }
    EXPECT_EQ(sql("SELECT application_retention_days FROM organizations WHERE id = 9401"), "180");
    auto at180 = set(*own_, "180");
    ASSERT_EQ(at180.status, 200) << at180.body;
    EXPECT_EQ(field(at180.body, "applicationRetentionDays"), "180");
    auto at90 = set(*own_, "90");
    ASSERT_EQ(at90.status, 200) << at90.body;
    EXPECT_EQ(field(at90.body, "applicationRetentionDays"), "90");
    // Another organization's member cannot change it.
    EXPECT_NE(set(*other_, "120").status, 200);
    EXPECT_EQ(sql("SELECT application_retention_days FROM organizations WHERE id = 9401"), "90");

    // With 90 days: ended 91 days ago is due, 89 days ago is not (and is announced for tomorrow);
    // the other organization keeps its 180.
    candidate una = ready("una@bewerberin.example", "Una");
    candidate vic = ready("vic@bewerber.example", "Vic");
    std::string due = apply(una, 9501);
    std::string kept = apply(vic, 9501);
    std::string other_org = apply(una, 9503);
    decline(due);
    decline(kept);
    ASSERT_EQ(as(*other_, "PATCH", "/api/applications/" + other_org + "/status", R"({"status":"declined"})").status, 200);
    ended_days_ago(due, 91);
    ended_days_ago(kept, 89);
    ended_days_ago(other_org, 91);
    EXPECT_NE(pass(), "0");   // also what the earlier tests left ended, now past 90 days
    EXPECT_EQ(pass(), "0");
    EXPECT_EQ(provider_status(*own_, "GET", "/api/applications/" + due), 404);
    auto vics = as(*own_, "GET", "/api/applications/" + kept);
    ASSERT_EQ(vics.status, 200) << vics.body;
    EXPECT_EQ(field(vics.body, "anonymizeAt").substr(0, 10),
              sql("SELECT to_char((now() + interval '1 day') AT TIME ZONE 'UTC', 'YYYY-MM-DD')"));
    EXPECT_EQ(provider_status(*other_, "GET", "/api/applications/" + other_org), 200);
    ASSERT_EQ(set(*own_, "null").status, 200);
    EXPECT_EQ(sql("SELECT application_retention_days FROM organizations WHERE id = 9401"), "180");
}

TEST_F(ApplicationRetention, TwoPassesAtOnceAnonymizeEachApplicationOnce) {
    // 1,200 ended applications of candidates made in SQL (the pass reads no account data).
    exec("INSERT INTO applications (job_posting_id, candidate_account_id, notes, status, forwarded_at, ended_at) "
         "SELECT 9503, 900000 + g, 'Anschreiben', 'declined', now() - interval '300 days', now() - interval '200 days' "
         "FROM generate_series(1, 1200) g");
    std::vector<std::string> done(4);
    std::vector<std::thread> workers;
    for (int w = 0; w < 2; ++w)
        workers.emplace_back([&, w] {
            done[w * 2] = pass();
            done[w * 2 + 1] = pass();
        });
    for (auto& t : workers) t.join();
    int total = 0;
    for (const auto& n : done) total += std::stoi(n);
    total += std::stoi(pass());
    EXPECT_EQ(total, 1200);
    EXPECT_EQ(sql("SELECT count(*) FROM applications WHERE candidate_account_id > 900000 AND anonymized_at IS NOT NULL AND notes = ''"),
              "1200");
    EXPECT_EQ(pass(), "0");
}

}  // namespace
}  // namespace jh::test
