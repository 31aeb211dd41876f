// Applicants as their organization handles them, from outside against the real server,
// PostgreSQL, Redis, the SMTP sink and the mail worker: an active member of the organization
// applied to lists its applications (by job and status), opens one with the candidate's sedcard
// fields (each view logged), and sets a status with a message that the candidate gets by mail and
// sees in the own list; a member of another organization, a candidate and an anonymous caller
// get nothing, and an application held until the candidate confirms the address is not there yet.
#include "tests/integration/provider_fixture.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;

constexpr const char* applicants_seed_sql = R"sql(
INSERT INTO organizations (id, slug, name, contact_email) VALUES
 (9201, 'eigene-agentur', 'Eigene Agentur GmbH', 'jobs@eigene-agentur.example'),
 (9202, 'andere-agentur', 'Andere Agentur KG', 'jobs@andere-agentur.example');
INSERT INTO job_postings (id, slug, organization_id, title, is_published, active, published_at) VALUES
 (9301, 'promoter-9301', 9201, 'Promoter (m/w/d) in Berlin', true, true, now() - interval '1 day'),
 (9302, 'hostess-9302', 9201, 'Messehostess (m/w/d) in Köln', true, true, now() - interval '1 day'),
 (9303, 'fahrer-9303', 9202, 'Fahrer (m/w/d) in Hamburg', true, true, now() - interval '1 day');
)sql";

class Applicants : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_ = new stack;
        // The status mail waits 300 s in production (a newer status replaces it); here one second.
        s_->start("applicants", true, {{"JOBHAFEN_APPLICATIONS_STATUS_MAIL_DELAY_S", "1"}}, schema::migrated);
        if (::testing::Test::HasFatalFailure()) return;
        exec_sql(s_->db->url(), applicants_seed_sql);
        // The candidate: confirmed, ready to apply, speaks German; applied to job 9301.
        auto [id, token] = register_candidate(port(), "jana@bewerberin.example");
        candidate_id_ = new std::string(id);
        candidate_token_ = new std::string(token);
        exec_sql(s_->db->url(), "UPDATE accounts SET email_verified_at = now() WHERE id = " + id +
                                    "; UPDATE candidate_profiles SET has_relevant_data_for_application = true, "
                                    "sedcard = '{\"languages\":[{\"language\":\"de\",\"level\":\"native\"}],\"gender\":\"female\"}' "
                                    "WHERE account_id = " + id);
        auto applied = call(port(), "POST", "/api/job_postings/9301/apply", R"({"notes":"Ich freue mich!"})", bearer(token));
        ASSERT_EQ(applied.status, 201) << applied.body;
        application_ = new std::string(field(applied.body, "id"));
        // Another candidate's application to 9302, still held (the address is not confirmed).
        auto [held_id, unused] = register_candidate(port(), "noch@unbestaetigt.example");
        held_ = new std::string(sql("INSERT INTO applications (job_posting_id, candidate_account_id) VALUES (9302, " + held_id +
                                    ") RETURNING id"));
        own_ = new std::string(organization_member(*s_, "chefin@eigene-agentur.example", 9201));
        other_ = new std::string(organization_member(*s_, "chef@andere-agentur.example", 9202));
    }
    static void TearDownTestSuite() {
        s_->stop();
        delete s_;
        for (auto* p : {candidate_id_, candidate_token_, application_, held_, own_, other_}) delete p;
    }
    static int port() { return s_->port; }
    static std::string sql(const std::string& q) { return s_->sql(q); }
    static std::string views() { return sql("SELECT count(*) FROM application_views WHERE application_id = " + *application_); }
    static stack* s_;
    static std::string *candidate_id_, *candidate_token_, *application_, *held_, *own_, *other_;
};
stack* Applicants::s_ = nullptr;
std::string* Applicants::candidate_id_ = nullptr;
std::string* Applicants::candidate_token_ = nullptr;
std::string* Applicants::application_ = nullptr;
std::string* Applicants::held_ = nullptr;
std::string* Applicants::own_ = nullptr;
std::string* Applicants::other_ = nullptr;

TEST_F(Applicants, TheOrganizationListsOpensAndReviewsItsApplications) {
    // The list: the forwarded application only, filtered by job and status, without sedcard data.
    auto list = call(port(), "GET", "/api/organizations/9201/applications", {}, bearer(*own_));
    ASSERT_EQ(list.status, 200) << list.body;
    EXPECT_EQ(field(list.body, "hydra:totalItems"), "1") << list.body;
    EXPECT_EQ(field(list.body, "/hydra:member/0/id"), *application_);
    EXPECT_EQ(field(list.body, "/hydra:member/0/candidate/firstName"), "Jana");
    EXPECT_EQ(field(list.body, "/hydra:member/0/notes"), "Ich freue mich!");
    EXPECT_EQ(field(list.body, "/hydra:member/0/candidate/sedcard"), "<missing>");
    EXPECT_EQ(field(call(port(), "GET", "/api/organizations/9201/applications?jobPosting=9302", {}, bearer(*own_)).body,
                    "hydra:totalItems"),
              "0");
    EXPECT_EQ(field(call(port(), "GET", "/api/organizations/9201/applications?jobPosting=/api/job_postings/9301&status=sent", {},
                         bearer(*own_))
                        .body,
                    "hydra:totalItems"),
              "1");
    EXPECT_EQ(field(call(port(), "GET", "/api/organizations/9201/applications?status=hired", {}, bearer(*own_)).body, "hydra:totalItems"),
              "0");
    EXPECT_EQ(call(port(), "GET", "/api/organizations/9201/applications?status=irgendwas", {}, bearer(*own_)).status, 422);
    EXPECT_EQ(call(port(), "GET", "/api/organizations/9201/applications?jobPosting=abc", {}, bearer(*own_)).status, 400);

    // One application: the candidate's sedcard fields for applying, and the view is logged.
    std::string before = views();
    auto one = call(port(), "GET", "/api/applications/" + *application_, {}, bearer(*own_));
    ASSERT_EQ(one.status, 200) << one.body;
    EXPECT_EQ(field(one.body, "/candidate/email"), "jana@bewerberin.example");
    EXPECT_EQ(field(one.body, "/candidate/sedcard/languages/0/language"), "de");
    EXPECT_EQ(field(one.body, "/candidate/sedcard/gender"), "female");
    EXPECT_EQ(std::stoi(views()), std::stoi(before) + 1);

    // Bad input: a status of the admin route, an over-long message.
    EXPECT_EQ(call(port(), "PATCH", "/api/applications/" + *application_ + "/status", R"({"status":"accepted"})", bearer(*own_)).status, 422);
    EXPECT_EQ(call(port(), "PATCH", "/api/applications/" + *application_ + "/status",
                   R"({"status":"seen","message":")" + std::string(2001, 'x') + R"("})", bearer(*own_))
                  .status,
              422);
    // Invited with a message: the candidate gets it by mail and sees the status.
    auto invited = call(port(), "PATCH", "/api/applications/" + *application_ + "/status",
                        R"({"status":"invited","message":"Kommen Sie gern am Montag um 10 Uhr vorbei."})", bearer(*own_));
    ASSERT_EQ(invited.status, 200) << invited.body;
    EXPECT_EQ(field(invited.body, "status"), "invited");
    EXPECT_EQ(field(invited.body, "statusMessage"), "Kommen Sie gern am Montag um 10 Uhr vorbei.");
    std::string mail = wait_for_mail_to(*s_->sink, "jana@bewerberin.example", 15s, "Neuigkeiten zu deiner Bewerbung");
    ASSERT_FALSE(mail.empty());
    EXPECT_NE(mail.find("Promoter (m/w/d) in Berlin"), std::string::npos) << mail;
    EXPECT_NE(mail.find("zu einem Gespräch ein"), std::string::npos) << mail;
    EXPECT_NE(mail.find("Kommen Sie gern am Montag um 10 Uhr vorbei."), std::string::npos) << mail;
    auto mine = call(port(), "GET", "/api/applications/my", {}, bearer(*candidate_token_));
    ASSERT_EQ(mine.status, 200) << mine.body;
    EXPECT_EQ(field(mine.body, "/hydra:member/0/status"), "invited");
    EXPECT_EQ(field(call(port(), "GET", "/api/organizations/9201/applications?status=invited", {}, bearer(*own_)).body,
                    "hydra:totalItems"),
              "1");
}

TEST_F(Applicants, AnotherOrganizationACandidateAndVisitorsGetNothing) {
    std::string before = views();
    std::string status_before = sql("SELECT status FROM applications WHERE id = " + *application_);
    std::string path = "/api/applications/" + *application_;
    // A confirmed member of an approved other organization: as if nothing existed.
    EXPECT_EQ(call(port(), "GET", "/api/organizations/9201/applications", {}, bearer(*other_)).status, 404);
    EXPECT_EQ(call(port(), "GET", path, {}, bearer(*other_)).status, 404);
    EXPECT_EQ(call(port(), "PATCH", path + "/status", R"({"status":"declined"})", bearer(*other_)).status, 404);
    auto theirs = call(port(), "GET", "/api/organizations/9202/applications", {}, bearer(*other_));
    ASSERT_EQ(theirs.status, 200) << theirs.body;
    EXPECT_EQ(field(theirs.body, "hydra:totalItems"), "0");
    // The candidate, even the one who applied: providers only.
    EXPECT_EQ(call(port(), "GET", "/api/organizations/9201/applications", {}, bearer(*candidate_token_)).status, 403);
    EXPECT_EQ(call(port(), "GET", path, {}, bearer(*candidate_token_)).status, 403);
    EXPECT_EQ(call(port(), "PATCH", path + "/status", R"({"status":"hired"})", bearer(*candidate_token_)).status, 403);
    // Not logged in.
    EXPECT_EQ(call(port(), "GET", "/api/organizations/9201/applications").status, 401);
    EXPECT_EQ(call(port(), "GET", path).status, 401);
    // An application held until its candidate confirms the address: not there yet, for its own
    // organization too.
    EXPECT_EQ(call(port(), "GET", "/api/applications/" + *held_, {}, bearer(*own_)).status, 404);
    EXPECT_EQ(call(port(), "PATCH", "/api/applications/" + *held_ + "/status", R"({"status":"seen"})", bearer(*own_)).status, 404);
    // Nothing was logged or changed by any of these.
    EXPECT_EQ(views(), before);
    EXPECT_EQ(sql("SELECT status FROM applications WHERE id = " + *application_), status_before);
}

}  // namespace
}  // namespace jh::test
