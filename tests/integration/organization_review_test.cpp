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
