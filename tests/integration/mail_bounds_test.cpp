// mail_bounds_test.cpp: mails one party makes Jobhafen send to another are bounded (issue 26,
// item 3; docs/decisions.md, "Mails one party makes Jobhafen send to another"), from outside against
// the real server, PostgreSQL, Redis, the mail worker and the SMTP sink. A provider who changes an
// application's status twelve times in a row sends the candidate one mail with the latest word, and
// at most three status mails a day per application (the status itself is always saved and shown);
// an organization's contact form forwards at most thirty requests a day, whoever types them.
// The candidate-search contact has its bounds in candidate_search_test.cpp, invitations in
// organization_team_test.cpp.
#include "tests/integration/provider_fixture.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;

constexpr const char* mail_bounds_seed_sql = R"sql(
INSERT INTO organizations (id, slug, name, contact_email) VALUES
 (9601, 'fleissige-agentur', 'Fleißige Agentur GmbH', 'jobs@fleissige-agentur.example'),
 (9602, 'beliebte-agentur', 'Beliebte Agentur KG', 'jobs@beliebte-agentur.example');
INSERT INTO job_postings (id, slug, organization_id, title, is_published, active, published_at) VALUES
 (9701, 'promoter-9701', 9601, 'Promoter (m/w/d) in Bremen', true, true, now() - interval '1 day'),
 (9702, 'hostess-9702', 9601, 'Hostess (m/w/d) in Kiel', true, true, now() - interval '1 day'),
 (9703, 'messe-9703', 9601, 'Messehostess (m/w/d) in Rostock', true, true, now() - interval '1 day');
)sql";

constexpr int delay_s = 3;   // the status mail's wait in this suite (production: 300 s)

class MailBounds : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_ = new stack;
        s_->start("mailbounds", true,
                  {{"JOBHAFEN_APPLICATIONS_STATUS_MAIL_DELAY_S", std::to_string(delay_s)},
                   // The per-sender limits have their own tests; here many senders reach one organization.
                   {"JOBHAFEN_CONTACT_LIMIT_PER_HOUR", "1000"}},
                  schema::migrated);
        if (::testing::Test::HasFatalFailure()) return;
        exec_sql(s_->db->url(), mail_bounds_seed_sql);
        auto [id, token] = register_candidate(port(), "mara@bewerberin.example");
        exec_sql(s_->db->url(), "UPDATE accounts SET email_verified_at = now() WHERE id = " + id +
                                    "; UPDATE candidate_profiles SET first_name = 'Mara', has_relevant_data_for_application = true "
                                    "WHERE account_id = " + id);
        candidate_ = token;
        for (const char* job : {"9701", "9702", "9703"}) {
            auto applied = call(port(), "POST", std::string("/api/job_postings/") + job + "/apply", R"({"notes":"Gern!"})", bearer(token));
            ASSERT_EQ(applied.status, 201) << applied.body;
            applications_.push_back(field(applied.body, "id"));
        }
        provider_ = organization_member(*s_, "chefin@fleissige-agentur.example", 9601);
    }
    static void TearDownTestSuite() {
        s_->stop();
        delete s_;
    }
    static int port() { return s_->port; }
    static std::string sql(const std::string& q) { return s_->sql(q); }
    static http_reply set_status(const std::string& application, const std::string& status, const std::string& message) {
        return call(port(), "PATCH", "/api/applications/" + application + "/status",
                    R"({"status":")" + status + R"(","message":")" + message + "\"}", bearer(provider_));
    }
    // Status mails of `application` in the queue, whatever their state.
    static std::string queued_status_mails(const std::string& application) {
        return sql("SELECT count(*) FROM queue_jobs WHERE idempotency_key LIKE 'application_status:" + application + ":%'");
    }
    // Makes the waiting status mail of `application` count as sent, as the worker would after the delay.
    static void pretend_sent(const std::string& application) {
        sql("UPDATE queue_jobs SET status = 'done', finished_at = now() WHERE status = 'pending' "
            "AND idempotency_key LIKE 'application_status:" + application + ":%' RETURNING id");
    }
    static std::size_t status_mails_in_sink() {
        std::size_t n = 0;
        for (const auto& f : s_->sink->message_files()) {
            auto m = read_mail(f);
            if (m.to.find("mara@bewerberin.example") != std::string::npos && m.subject.find("Neuigkeiten") != std::string::npos) ++n;
        }
        return n;
    }
    static stack* s_;
    static std::string candidate_, provider_;
    static std::vector<std::string> applications_;
};
stack* MailBounds::s_ = nullptr;
std::string MailBounds::candidate_, MailBounds::provider_;
std::vector<std::string> MailBounds::applications_;

TEST_F(MailBounds, CandidateGetsOneMailForTwelveStatusChanges) {
    const std::string& application = applications_[0];
    const char* statuses[] = {"seen", "shortlisted", "invited", "declined"};
    for (int i = 1; i <= 12; ++i) {
        auto r = set_status(application, statuses[i % 4], "Nachricht Nummer " + std::to_string(i) + " an Mara");
        ASSERT_EQ(r.status, 200) << r.body;
        EXPECT_EQ(field(r.body, "/statusMail/state"), i == 1 ? "queued" : "replaced") << r.body;
        EXPECT_NE(field(r.body, "/statusMail/message").find("Mara"), std::string::npos) << r.body;
    }
    // One job in the queue, carrying the twelfth word.
    EXPECT_EQ(queued_status_mails(application), "1");
    EXPECT_EQ(sql("SELECT payload->'data'->>'message' LIKE '%Nachricht Nummer 12 an Mara%' FROM queue_jobs "
                  "WHERE idempotency_key LIKE 'application_status:" + application + ":%'"),
              "t");
    // After the wait exactly one mail arrives, with the latest status and message only.
    std::string mail = wait_for_mail_to(*s_->sink, "mara@bewerberin.example", 20s, "Nachricht Nummer 12 an Mara");
    ASSERT_FALSE(mail.empty()) << s_->server->log();
    EXPECT_NE(mail.find("angesehen"), std::string::npos) << mail;   // the twelfth status: seen
    EXPECT_EQ(mail.find("Nachricht Nummer 11"), std::string::npos) << mail;
    std::this_thread::sleep_for(1s);
    EXPECT_EQ(status_mails_in_sink(), 1u);
    // The candidate sees the latest status.
    auto mine = call(port(), "GET", "/api/applications/my", {}, bearer(candidate_));
    EXPECT_NE(mine.body.find("\"status\":\"seen\""), std::string::npos) << mine.body;
}

// Opening an application marks it "Gesehen": shown to the candidate, not mailed, so it spends none
// of the day's three status mails (issue 41, item 5); "Gesehen" with a message is a message and is mailed.
TEST_F(MailBounds, SeenIsShownNotMailed) {
    const std::string& application = applications_[2];
    auto seen = set_status(application, "seen", "");
    ASSERT_EQ(seen.status, 200) << seen.body;
    EXPECT_EQ(field(seen.body, "status"), "seen");
    EXPECT_EQ(field(seen.body, "/statusMail/state"), "none") << seen.body;
    EXPECT_NE(field(seen.body, "/statusMail/message").find("keine E-Mail"), std::string::npos) << seen.body;
    EXPECT_EQ(queued_status_mails(application), "0");
    auto mine = call(port(), "GET", "/api/applications/my", {}, bearer(candidate_));
    EXPECT_NE(mine.body.find("\"status\":\"seen\""), std::string::npos) << mine.body;
    // The three mails of the day are all still there for the provider's answers.
    for (const char* status : {"shortlisted", "invited", "hired"}) {
        auto r = set_status(application, status, "");
        ASSERT_EQ(r.status, 200) << r.body;
        EXPECT_EQ(field(r.body, "/statusMail/state"), "queued") << status << ": " << r.body;
        pretend_sent(application);
    }
    EXPECT_EQ(queued_status_mails(application), "3");
}

TEST_F(MailBounds, CandidateGetsAtMostThreeStatusMailsPerApplicationADay) {
    const std::string& application = applications_[1];
    const char* statuses[] = {"shortlisted", "invited", "declined"};
    for (const char* status : statuses) {
        auto r = set_status(application, status, "");
        ASSERT_EQ(r.status, 200) << r.body;
        EXPECT_EQ(field(r.body, "/statusMail/state"), "queued") << r.body;
        pretend_sent(application);
    }
    // The fourth change of the day is saved and visible to the candidate, but mails nobody; the
    // provider is told so in its own words.
    auto fourth = set_status(application, "hired", "Willkommen im Team!");
    ASSERT_EQ(fourth.status, 200) << fourth.body;
    EXPECT_EQ(field(fourth.body, "status"), "hired");
    EXPECT_EQ(field(fourth.body, "/statusMail/state"), "limit") << fourth.body;
    std::string notice = field(fourth.body, "/statusMail/message");
    EXPECT_NE(notice.find("Meine Bewerbungen"), std::string::npos) << notice;
    EXPECT_NE(notice.find("heute"), std::string::npos) << notice;
    EXPECT_EQ(queued_status_mails(application), "3");
    EXPECT_EQ(sql("SELECT status || ' ' || status_message FROM applications WHERE id = " + application), "hired Willkommen im Team!");
    auto mine = call(port(), "GET", "/api/applications/my", {}, bearer(candidate_));
    EXPECT_NE(mine.body.find("\"status\":\"hired\""), std::string::npos) << mine.body;
    // The same status again without a message is no change: no mail, and the provider hears that.
    auto same = set_status(application, "hired", "");
    ASSERT_EQ(same.status, 200) << same.body;
    EXPECT_EQ(field(same.body, "/statusMail/state"), "none");
}

TEST_F(MailBounds, OrganizationIsNotFloodedThroughItsContactForm) {
    // Thirty different (unconfirmed) sender addresses reach the organization ...
    for (int i = 1; i <= 30; ++i) {
        auto r = call(port(), "POST", "/api/organizations/9602/contact/visitor",
                      R"({"name":"Besucher )" + std::to_string(i) + R"(","email":"besucher)" + std::to_string(i) +
                          R"(@example.de","message":"Hallo!"})");
        ASSERT_EQ(r.status, 201) << i << ": " << r.body;
    }
    // ... the thirty-first is refused with a German message, and nothing more is queued for it.
    std::string before = sql("SELECT count(*) FROM queue_jobs WHERE payload->>'to' = 'jobs@beliebte-agentur.example'");
    auto refused = call(port(), "POST", "/api/organizations/9602/contact/visitor",
                        R"({"name":"Noch einer","email":"noch.einer@example.de","message":"Hallo!"})");
    EXPECT_EQ(refused.status, 429) << refused.body;
    EXPECT_EQ(field(refused.body, "message"),
              "Dieses Unternehmen hat heute schon sehr viele Anfragen über Jobhafen bekommen. Bitte versuche es morgen noch einmal.");
    EXPECT_EQ(sql("SELECT count(*) FROM queue_jobs WHERE payload->>'to' = 'jobs@beliebte-agentur.example'"), before);
    EXPECT_EQ(before, "30");
    // Another organization is not affected.
    auto elsewhere = call(port(), "POST", "/api/organizations/9601/contact/visitor",
                          R"({"name":"Noch einer","email":"noch.einer@example.de","message":"Hallo!"})");
    EXPECT_EQ(elsewhere.status, 201) << elsewhere.body;
}

}  // namespace
}  // namespace jh::test
