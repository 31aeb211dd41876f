// An organization's team, from outside against the real server, PostgreSQL, Redis, the mail
// worker and the SMTP sink: the owner invites a colleague by e-mail ("Sie"), the colleague sets a
// password through the mailed link and acts for the organization; the owner lists and removes
// members but never the last owner; a plain member, a member of another organization, a
// candidate and a visitor get nothing. Also the providers' password reset ("Sie", portal link).
#include "tests/integration/provider_fixture.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;

constexpr const char* seed_sql = R"sql(
INSERT INTO organizations (id, slug, name, contact_email) VALUES
 (9801, 'team-agentur', 'Team Agentur GmbH', 'jobs@team-agentur.example'),
 (9802, 'fremde-agentur', 'Fremde Agentur KG', 'jobs@fremde-agentur.example');
)sql";

class OrganizationTeam : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_ = new stack;
        s_->start("organization_team", true, {}, schema::migrated);
        if (::testing::Test::HasFatalFailure()) return;
        exec_sql(s_->db->url(), seed_sql);
        owner_ = new std::string(organization_member(*s_, "inhaberin@team-agentur.example", 9801));
        other_ = new std::string(organization_member(*s_, "chef@fremde-agentur.example", 9802));
        auto [id, token] = register_candidate(port(), "kandidatin@example.de");
        candidate_ = new std::string(token);
    }
    static void TearDownTestSuite() {
        s_->stop();
        delete s_;
        for (auto* p : {owner_, other_, candidate_}) delete p;
    }
    static int port() { return s_->port; }
    static std::string sql(const std::string& q) { return s_->sql(q); }
    static http_reply invite(const std::string& token, const std::string& email, int org = 9801) {
        return call(port(), "POST", "/api/organizations/" + std::to_string(org) + "/members", R"({"email":")" + email + "\"}",
                    std::string(json_type) + bearer(token));
    }
    // Follows the invitation mail's link as the web page does.
    static void accept(const std::string& email) {
        std::string mail = wait_for_mail_to(*s_->sink, email, 15s, "Einladung in das Team");
        ASSERT_FALSE(mail.empty());
        EXPECT_NE(mail.find("Team Agentur GmbH"), std::string::npos) << mail;
        EXPECT_NE(mail.find("inhaberin@team-agentur.example"), std::string::npos) << mail;
        EXPECT_NE(mail.find("Sie"), std::string::npos) << mail;
        set_password_from(mail, "/recruiting/portal/einladung/", "Teamwork123!");
    }
    // What the portal's page behind a mailed link does: checks the token, sets the password.
    static void set_password_from(const std::string& mail, const std::string& path, const std::string& password) {
        std::string token = token_after(mail, path);
        ASSERT_FALSE(token.empty()) << mail;
        auto valid = call(port(), "GET", "/api/candidate_accounts/validate_password_reset_token/" + token);
        ASSERT_EQ(valid.status, 200) << valid.body;
        auto set = call(port(), "PATCH", "/api/candidate_accounts/" + field(valid.body, "id") + "/password",
                        R"({"token":")" + token + R"(","password":")" + password + R"(","passwordConfirmation":")" + password + "\"}",
                        "Content-Type: application/merge-patch+json\r\n");
        ASSERT_EQ(set.status, 200) << set.body;
    }
    static stack* s_;
    static std::string *owner_, *other_, *candidate_;
};
stack* OrganizationTeam::s_ = nullptr;
std::string* OrganizationTeam::owner_ = nullptr;
std::string* OrganizationTeam::other_ = nullptr;
std::string* OrganizationTeam::candidate_ = nullptr;

TEST_F(OrganizationTeam, TheOwnerInvitesListsAndRemoves) {
    auto invited = invite(*owner_, "kollege@team-agentur.example");
    ASSERT_EQ(invited.status, 201) << invited.body;
    EXPECT_EQ(field(invited.body, "role"), "member");
    EXPECT_EQ(field(invited.body, "invitationPending"), "true");
    std::string member_id = field(invited.body, "id");

    // Bad input and duplicates.
    EXPECT_EQ(invite(*owner_, "keine-adresse").status, 422);
    EXPECT_EQ(invite(*owner_, "").status, 422);
    EXPECT_EQ(call(port(), "POST", "/api/organizations/9801/members", "{nope", std::string(json_type) + bearer(*owner_)).status, 400);
    auto twice = invite(*owner_, "kollege@team-agentur.example");
    EXPECT_EQ(twice.status, 409);
    EXPECT_EQ(field(twice.body, "message"), "Diese Person gehört bereits zu Ihrem Team.");
    EXPECT_EQ(invite(*owner_, "kandidatin@example.de").status, 409);   // an existing account is not taken over

    // Before the password is set, the invited person cannot sign in.
    EXPECT_EQ(login(port(), "kollege@team-agentur.example", "Teamwork123!").status, 401);
    accept("kollege@team-agentur.example");
    auto colleague = login(port(), "kollege@team-agentur.example", "Teamwork123!");
    ASSERT_EQ(colleague.status, 200) << colleague.body;
    auto me = call(port(), "GET", "/api/organization_members/me", {}, bearer(colleague.token));
    ASSERT_EQ(me.status, 200) << me.body;
    EXPECT_EQ(field(me.body, "role"), "member");
    EXPECT_EQ(field(me.body, "canAct"), "true");
    EXPECT_EQ(field(me.body, "/organization/id"), "9801");
    // A member acts for the organization (writes a job) ...
    EXPECT_EQ(call(port(), "POST", "/api/job_postings", R"json({"title":"Promoter (m/w/d)"})json", std::string(json_type) + bearer(colleague.token))
                  .status,
              201);

    // ... and sees the team, the owner first.
    auto team = call(port(), "GET", "/api/organizations/9801/members", {}, bearer(colleague.token));
    ASSERT_EQ(team.status, 200) << team.body;
    EXPECT_EQ(field(team.body, "hydra:totalItems"), "2");
    EXPECT_EQ(field(team.body, "/hydra:member/0/email"), "inhaberin@team-agentur.example");
    EXPECT_EQ(field(team.body, "/hydra:member/0/role"), "owner");
    EXPECT_EQ(field(team.body, "/hydra:member/1/invitationPending"), "false");
    EXPECT_EQ(field(team.body, "/hydra:member/1/isMe"), "true");

    // A member may neither invite nor remove.
    auto by_member = invite(colleague.token, "dritte@team-agentur.example");
    EXPECT_EQ(by_member.status, 403);
    EXPECT_NE(field(by_member.body, "message").find("Inhaber"), std::string::npos) << by_member.body;
    std::string owner_id = sql("SELECT id FROM accounts WHERE email = 'inhaberin@team-agentur.example'");
    EXPECT_EQ(call(port(), "DELETE", "/api/organizations/9801/members/" + owner_id, {}, bearer(colleague.token)).status, 403);

    // The last owner stays, even by the own hand.
    auto last = call(port(), "DELETE", "/api/organizations/9801/members/" + owner_id, {}, bearer(*owner_));
    EXPECT_EQ(last.status, 409);
    EXPECT_EQ(field(last.body, "message"), "Das Inhaberkonto kann nicht entfernt werden, solange es das einzige ist.");

    // The owner removes the colleague: the account and its sessions are gone.
    EXPECT_EQ(call(port(), "DELETE", "/api/organizations/9801/members/" + member_id, {}, bearer(*owner_)).status, 204);
    EXPECT_EQ(call(port(), "GET", "/api/organization_members/me", {}, bearer(colleague.token)).status, 401);
    EXPECT_EQ(login(port(), "kollege@team-agentur.example", "Teamwork123!").status, 401);
    EXPECT_EQ(call(port(), "DELETE", "/api/organizations/9801/members/" + member_id, {}, bearer(*owner_)).status, 404);
    EXPECT_EQ(field(call(port(), "GET", "/api/organizations/9801/members", {}, bearer(*owner_)).body, "hydra:totalItems"), "1");
    // Removed, the address may be invited again.
    EXPECT_EQ(invite(*owner_, "kollege@team-agentur.example").status, 201);
}

TEST_F(OrganizationTeam, OthersGetNothing) {
    std::string owner_id = sql("SELECT id FROM accounts WHERE email = 'inhaberin@team-agentur.example'");
    std::string before = sql("SELECT count(*) FROM accounts WHERE organization_id = 9801");
    // A member (owner) of another organization.
    EXPECT_EQ(call(port(), "GET", "/api/organizations/9801/members", {}, bearer(*other_)).status, 403);
    EXPECT_EQ(invite(*other_, "spion@fremde-agentur.example", 9801).status, 403);
    EXPECT_EQ(call(port(), "DELETE", "/api/organizations/9801/members/" + owner_id, {}, bearer(*other_)).status, 403);
    // A candidate.
    auto as_candidate = call(port(), "GET", "/api/organizations/9801/members", {}, bearer(*candidate_));
    EXPECT_EQ(as_candidate.status, 403);
    EXPECT_EQ(field(as_candidate.body, "message"), "Dieser Bereich ist nur für Jobanbieter.");
    EXPECT_EQ(invite(*candidate_, "freund@example.de", 9801).status, 403);
    EXPECT_EQ(call(port(), "DELETE", "/api/organizations/9801/members/" + owner_id, {}, bearer(*candidate_)).status, 403);
    // A visitor.
    EXPECT_EQ(call(port(), "GET", "/api/organizations/9801/members").status, 401);
    EXPECT_EQ(call(port(), "POST", "/api/organizations/9801/members", R"({"email":"x@example.de"})", json_type).status, 401);
    EXPECT_EQ(call(port(), "DELETE", "/api/organizations/9801/members/" + owner_id).status, 401);
    // The owner of an organization still under review cannot invite yet.
    exec_sql(s_->db->url(), "UPDATE organizations SET review_pending = true, approved_at = NULL WHERE id = 9802");
    auto pending = invite(*other_, "neu@fremde-agentur.example", 9802);
    EXPECT_EQ(pending.status, 403) << pending.body;
    exec_sql(s_->db->url(), "UPDATE organizations SET review_pending = false, approved_at = now() WHERE id = 9802");
    EXPECT_EQ(sql("SELECT count(*) FROM accounts WHERE organization_id = 9801"), before);
    EXPECT_EQ(sql("SELECT count(*) FROM accounts WHERE email IN ('spion@fremde-agentur.example', 'freund@example.de', "
                  "'x@example.de', 'neu@fremde-agentur.example')"),
              "0");
}

TEST_F(OrganizationTeam, ProvidersResetTheirPasswordInTheirOwnWords) {
    auto asked = call(port(), "POST", "/api/candidate_accounts_request_password_reset", R"({"email":"chef@fremde-agentur.example"})",
                      json_type);
    ASSERT_EQ(asked.status, 200) << asked.body;
    std::string mail = wait_for_mail_to(*s_->sink, "chef@fremde-agentur.example", 15s, "Ihr neues Passwort");
    ASSERT_FALSE(mail.empty());
    EXPECT_NE(mail.find("Unternehmenskonto"), std::string::npos) << mail;
    EXPECT_EQ(mail.find(" du "), std::string::npos) << mail;
    set_password_from(mail, "/recruiting/portal/passwort-zuruecksetzen/", "NeuesPasswort9!");
    ASSERT_FALSE(HasFatalFailure());
    auto signed_in = login(port(), "chef@fremde-agentur.example", "NeuesPasswort9!");
    ASSERT_EQ(signed_in.status, 200) << signed_in.body;
    EXPECT_EQ(call(port(), "GET", "/api/organization_members/me", {}, bearer(signed_in.token)).status, 200);
    // The old session ended with the reset; the other tests' token is renewed.
    *other_ = signed_in.token;
}

}  // namespace
}  // namespace jh::test
