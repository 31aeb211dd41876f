// The administrators' review of provider registrations through the API, from outside against
// the real server, PostgreSQL and Redis: a registration waits in the queue; an administrator
// approves it (the organization is live, its confirmed member may act) or rejects it; providers,
// candidates and visitors cannot see or change the queue.
#include "tests/integration/provider_fixture.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;

class OrganizationReview : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_ = new stack;
        s_->start("organization_review", true, {}, schema::migrated);
        if (::testing::Test::HasFatalFailure()) return;
        auto [id, token] = register_candidate(port(), "admin@jobhafen.example");
        exec_sql(s_->db->url(), "UPDATE accounts SET role = 'admin', email_verified_at = now() WHERE id = " + id +
                                    "; DELETE FROM candidate_profiles WHERE account_id = " + id);
        auto l = login(port(), "admin@jobhafen.example", "Geheim123!");
        ASSERT_EQ(l.status, 200) << l.body;
        admin_ = new std::string(l.token);
        auto [cid, ctoken] = register_candidate(port(), "kandidat@example.de");
        candidate_ = new std::string(ctoken);
    }
    static void TearDownTestSuite() {
        s_->stop();
        delete s_;
        delete admin_;
        delete candidate_;
    }
    static int port() { return s_->port; }
    static std::string sql(const std::string& q) { return s_->sql(q); }
    // A provider registration (its member confirmed); the organization's id.
    static std::string registration(const std::string& email, const std::string& company) {
        auto r = call(port(), "POST", "/api/organization_member/register",
                      R"({"email":")" + email + R"(","password":"Geheim123!","passwordConfirmation":"Geheim123!","firstName":"Nora","lastName":"Neu","company":")" +
                          company + "\"}",
                      json_type);
        EXPECT_EQ(r.status, 201) << r.body;
        exec_sql(s_->db->url(), "UPDATE accounts SET email_verified_at = now() WHERE email = '" + email + "'");
        return sql("SELECT organization_id FROM accounts WHERE email = '" + email + "'");
    }
    static stack* s_;
    static std::string *admin_, *candidate_;
};
stack* OrganizationReview::s_ = nullptr;
std::string* OrganizationReview::admin_ = nullptr;
std::string* OrganizationReview::candidate_ = nullptr;

TEST_F(OrganizationReview, AnAdministratorApprovesAndRejects) {
    std::string good = registration("chefin@gute-agentur.example", "Gute Agentur GmbH");
    std::string bad = registration("spam@zweifel.example", "Zweifelhafte Firma");
    auto queue = call(port(), "GET", "/api/admin/organizations", {}, bearer(*admin_));
    ASSERT_EQ(queue.status, 200) << queue.body;
    EXPECT_EQ(field(queue.body, "hydra:totalItems"), "2");
    EXPECT_EQ(field(queue.body, "/hydra:member/0/id"), good);
    EXPECT_EQ(field(queue.body, "/hydra:member/0/name"), "Gute Agentur GmbH");
    EXPECT_EQ(field(queue.body, "/hydra:member/0/state"), "pending");
    EXPECT_EQ(field(queue.body, "/hydra:member/0/members/0/email"), "chefin@gute-agentur.example");
    EXPECT_EQ(field(queue.body, "/hydra:member/0/members/0/emailVerified"), "true");

    auto member = login(port(), "chefin@gute-agentur.example", "Geheim123!");
    ASSERT_EQ(member.status, 200) << member.body;
    EXPECT_EQ(field(call(port(), "GET", "/api/organization_members/me", {}, bearer(member.token)).body, "canAct"), "false");
    auto approved = call(port(), "POST", "/api/admin/organizations/" + good + "/approve", {}, bearer(*admin_));
    ASSERT_EQ(approved.status, 200) << approved.body;
    EXPECT_EQ(field(approved.body, "state"), "approved");
    EXPECT_EQ(field(call(port(), "GET", "/api/organization_members/me", {}, bearer(member.token)).body, "canAct"), "true");
    EXPECT_EQ(call(port(), "GET", "/api/organizations/" + good).status, 200);   // public now

    auto rejected = call(port(), "POST", "/api/admin/organizations/" + bad + "/reject", {}, bearer(*admin_));
    ASSERT_EQ(rejected.status, 200) << rejected.body;
    EXPECT_EQ(field(rejected.body, "state"), "rejected");
    EXPECT_EQ(call(port(), "GET", "/api/organizations/" + bad).status, 404);
    EXPECT_EQ(field(call(port(), "GET", "/api/admin/organizations", {}, bearer(*admin_)).body, "hydra:totalItems"), "0");
    EXPECT_EQ(call(port(), "POST", "/api/admin/organizations/99999/approve", {}, bearer(*admin_)).status, 404);
}

// Issue 41 item 3: a new provider learns of the approval by mail (once per owner, even when 20
// approvals race), a rejection mails nothing, and the confirmation link tells the page the review's
// state so it can say what happens next.
TEST_F(OrganizationReview, TheApprovalIsMailedToTheOwnerOnce) {
    std::string org = registration("inhaberin@neue-agentur.example", "Neue Agentur GmbH");
    // The confirmation link's answer names the role and the review's state.
    std::string account = sql("SELECT id FROM accounts WHERE email = 'inhaberin@neue-agentur.example'");
    exec_sql(s_->db->url(), "UPDATE accounts SET email_verified_at = NULL WHERE id = " + account +
                                "; INSERT INTO account_tokens (account_id, purpose, token_hash, expires_at) VALUES (" + account +
                                ", 'verify_email', encode(sha256('bestaetigt-neue-agentur'::bytea), 'hex'), now() + interval '1 day')");
    auto confirmed = call(port(), "GET", "/api/candidate_accounts/validate_email_verification_token/bestaetigt-neue-agentur");
    ASSERT_EQ(confirmed.status, 200) << confirmed.body;
    EXPECT_EQ(field(confirmed.body, "role"), "organization_member");
    EXPECT_EQ(field(confirmed.body, "organizationState"), "pending");
    EXPECT_EQ(field(confirmed.body, "token"), "<missing>") << "a provider's link does not sign in";
    exec_sql(s_->db->url(), "INSERT INTO job_postings (organization_id, title, description, slug) VALUES (" + org +
                                ", 'Messehostess (m/w/d)', 'Drei Tage am Stand.', 'messehostess-neue-agentur')");

    auto statuses = at_once(20, [&](int) { return call(port(), "POST", "/api/admin/organizations/" + org + "/approve", {}, bearer(*admin_)).status; });
    for (int st : statuses) EXPECT_EQ(st, 200);
    const std::string mails = "SELECT count(*) FROM queue_jobs WHERE kind = 'mail' AND payload->>'template' = 'organization_approved' "
                              "AND payload->>'to' = 'inhaberin@neue-agentur.example'";
    EXPECT_EQ(sql(mails), "1");
    // The approval's subject: the registration's welcome mail to the same address says "freigeschaltet" too.
    std::string mail = wait_for_mail_to(*s_->sink, "inhaberin@neue-agentur.example", 20s, "Ihr Unternehmen ist bei Jobhafen freigeschaltet");
    ASSERT_FALSE(mail.empty()) << "no approval mail";
    EXPECT_NE(mail.find("Neue Agentur GmbH"), std::string::npos) << mail;
    EXPECT_NE(mail.find("Messehostess (m/w/d)"), std::string::npos) << mail;
    EXPECT_NE(mail.find("liegt als Entwurf in Ihrem Portal"), std::string::npos) << mail;
    EXPECT_NE(mail.find("/recruiting/portal"), std::string::npos) << mail;

    // Rejected, nothing is mailed; approved again later, the owner hears of it again.
    ASSERT_EQ(call(port(), "POST", "/api/admin/organizations/" + org + "/reject", {}, bearer(*admin_)).status, 200);
    EXPECT_EQ(sql(mails), "1");
    ASSERT_EQ(call(port(), "POST", "/api/admin/organizations/" + org + "/approve", {}, bearer(*admin_)).status, 200);
    EXPECT_EQ(sql(mails), "2");
}

TEST_F(OrganizationReview, OnlyAdministratorsReview) {
    std::string org = registration("wartet@agentur.example", "Wartende Agentur");
    std::string provider = organization_member(*s_, "anderer@anbieter.example", std::stoi(org));
    for (const std::string* token : {&provider, candidate_}) {
        auto queue = call(port(), "GET", "/api/admin/organizations", {}, bearer(*token));
        EXPECT_EQ(queue.status, 403);
        EXPECT_EQ(field(queue.body, "message"), "Dieser Bereich ist nur für Administratoren.");
        EXPECT_EQ(call(port(), "POST", "/api/admin/organizations/" + org + "/approve", {}, bearer(*token)).status, 403);
        EXPECT_EQ(call(port(), "POST", "/api/admin/organizations/" + org + "/reject", {}, bearer(*token)).status, 403);
    }
    EXPECT_EQ(call(port(), "GET", "/api/admin/organizations").status, 401);
    EXPECT_EQ(call(port(), "POST", "/api/admin/organizations/" + org + "/approve").status, 401);
    EXPECT_EQ(sql("SELECT review_pending AND approved_at IS NULL AND rejected_at IS NULL FROM organizations WHERE id = " + org), "t");
}

}  // namespace
}  // namespace jh::test
