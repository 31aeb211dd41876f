// An organization's team, from outside against the real server, PostgreSQL, Redis, the mail
// worker and the SMTP sink: the owner invites a colleague by e-mail ("Sie"); no account exists until
// the colleague accepts through the mailed link (then it is made, its address confirmed) or declines;
// an invited address stays free (its owner registers as a candidate); the owner sees, re-sends and
// withdraws open invitations, within daily bounds; the owner lists and removes members but never
// the last owner; a plain member, a member of another organization, a candidate and a visitor get
// nothing. Also the providers' password reset ("Sie", portal link).
#include "tests/integration/provider_fixture.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;

constexpr const char* organization_team_seed_sql = R"sql(
INSERT INTO organizations (id, slug, name, contact_email) VALUES
 (9801, 'team-agentur', 'Team Agentur GmbH', 'jobs@team-agentur.example'),
 (9802, 'fremde-agentur', 'Fremde Agentur KG', 'jobs@fremde-agentur.example');
)sql";

class OrganizationTeam : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_ = new stack;
        // More invitations than one client may ask for in an hour (the rate class has its own test).
        s_->start("organization_team", true, {{"JOBHAFEN_AUTH_INVITATIONS_PER_CLIENT_PER_HOUR", "1000"}}, schema::migrated);
        if (::testing::Test::HasFatalFailure()) return;
        exec_sql(s_->db->url(), organization_team_seed_sql);
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
    // The token of the newest invitation mail to `email` (waits for it).
    static std::string invitation_token(const std::string& email, const std::string& after = {}) {
        std::string token;
        wait_until(
            [&] {
                std::string mail = wait_for_mail_to(*s_->sink, email, 1s, "Einladung in das Team");
                token = token_after(mail, "/recruiting/portal/einladung/");
                return !token.empty() && token != after;
            },
            15s);
        return token;
    }
    // What the acceptance page does: shows the invitation, then accepts it with a password.
    static http_reply accept_with(const std::string& token, const std::string& password) {
        return call(port(), "POST", "/api/organization_invitations/" + token + "/accept",
                    R"({"password":")" + password + R"(","passwordConfirmation":")" + password + "\"}");
    }
    // The owner withdraws the open invitation of `email`: the status of the answer.
    static int withdraw(const std::string& email) {
        std::string id = sql("SELECT id FROM organization_invitations WHERE organization_id = 9801 AND email = '" + email + "'");
        return call(port(), "DELETE", "/api/organizations/9801/invitations/" + id, {}, bearer(*owner_)).status;
    }
    static std::string accounts_with(const std::string& email) { return sql("SELECT count(*) FROM accounts WHERE email = '" + email + "'"); }
    static std::string open_invitations(int org = 9801) {
        return sql("SELECT count(*) FROM organization_invitations WHERE organization_id = " + std::to_string(org));
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

TEST_F(OrganizationTeam, TheOwnerInvitesAndTheColleagueJoinsOnlyByAccepting) {
    auto invited = invite(*owner_, "kollege@team-agentur.example");
    ASSERT_EQ(invited.status, 201) << invited.body;
    EXPECT_EQ(field(invited.body, "@type"), "OrganizationInvitation");
    EXPECT_EQ(field(invited.body, "email"), "kollege@team-agentur.example");
    EXPECT_EQ(field(invited.body, "invitedBy"), "inhaberin@team-agentur.example");
    EXPECT_EQ(field(invited.body, "sentCount"), "1");
    // No account for the address until the colleague accepts.
    EXPECT_EQ(accounts_with("kollege@team-agentur.example"), "0");
    auto open = call(port(), "GET", "/api/organizations/9801/invitations", {}, bearer(*owner_));
    ASSERT_EQ(open.status, 200) << open.body;
    EXPECT_EQ(field(open.body, "hydra:totalItems"), "1");
    EXPECT_EQ(field(open.body, "/hydra:member/0/email"), "kollege@team-agentur.example");
    EXPECT_EQ(field(call(port(), "GET", "/api/organizations/9801/members", {}, bearer(*owner_)).body, "hydra:totalItems"), "1");

    // Bad input and duplicates.
    EXPECT_EQ(invite(*owner_, "keine-adresse").status, 422);
    EXPECT_EQ(invite(*owner_, "").status, 422);
    EXPECT_EQ(invite(*owner_, std::string(250, 'a') + "@example.de").status, 422);
    EXPECT_EQ(call(port(), "POST", "/api/organizations/9801/members", "{nope", std::string(json_type) + bearer(*owner_)).status, 400);
    auto twice = invite(*owner_, "kollege@team-agentur.example");
    EXPECT_EQ(twice.status, 409);
    EXPECT_EQ(field(twice.body, "message"), "Diese Adresse ist bereits eingeladen. Sie können die Einladung in der Liste erneut senden.");
    EXPECT_EQ(invite(*owner_, "kandidatin@example.de").status, 409);   // an existing account is not taken over
    EXPECT_EQ(invite(*owner_, "inhaberin@team-agentur.example").status, 409);

    // Before accepting, the invited person cannot sign in.
    EXPECT_EQ(login(port(), "kollege@team-agentur.example", "Teamwork123!").status, 401);
    std::string mail = wait_for_mail_to(*s_->sink, "kollege@team-agentur.example", 15s, "Einladung in das Team");
    ASSERT_FALSE(mail.empty());
    EXPECT_NE(mail.find("Team Agentur GmbH"), std::string::npos) << mail;
    EXPECT_NE(mail.find("inhaberin@team-agentur.example"), std::string::npos) << mail;
    EXPECT_NE(mail.find("ablehnen"), std::string::npos) << mail;
    std::string token = token_after(mail, "/recruiting/portal/einladung/");
    ASSERT_FALSE(token.empty()) << mail;
    // The acceptance page shows whose invitation it is.
    auto shown = call(port(), "GET", "/api/organization_invitations/" + token);
    ASSERT_EQ(shown.status, 200) << shown.body;
    EXPECT_EQ(field(shown.body, "organizationName"), "Team Agentur GmbH");
    EXPECT_EQ(field(shown.body, "email"), "kollege@team-agentur.example");
    EXPECT_EQ(call(port(), "GET", "/api/organization_invitations/falsch").status, 404);
    // A weak password is refused per field; the invitation stays.
    auto weak = accept_with(token, "kurz");
    EXPECT_EQ(weak.status, 422) << weak.body;
    EXPECT_EQ(field(weak.body, "/violations/0/propertyPath"), "password");
    EXPECT_EQ(open_invitations(), "1");

    auto accepted = accept_with(token, "Teamwork123!");
    ASSERT_EQ(accepted.status, 201) << accepted.body;
    EXPECT_EQ(field(accepted.body, "email"), "kollege@team-agentur.example");
    EXPECT_EQ(open_invitations(), "0");
    EXPECT_EQ(accept_with(token, "Teamwork123!").status, 404);   // used
    auto colleague = login(port(), "kollege@team-agentur.example", "Teamwork123!");
    ASSERT_EQ(colleague.status, 200) << colleague.body;
    auto me = call(port(), "GET", "/api/organization_members/me", {}, bearer(colleague.token));
    ASSERT_EQ(me.status, 200) << me.body;
    EXPECT_EQ(field(me.body, "role"), "member");
    EXPECT_EQ(field(me.body, "emailVerified"), "true");   // the token came by mail
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
    std::string member_id = sql("SELECT id FROM accounts WHERE email = 'kollege@team-agentur.example'");
    EXPECT_EQ(call(port(), "DELETE", "/api/organizations/9801/members/" + member_id, {}, bearer(*owner_)).status, 204);
    EXPECT_EQ(call(port(), "GET", "/api/organization_members/me", {}, bearer(colleague.token)).status, 401);
    EXPECT_EQ(login(port(), "kollege@team-agentur.example", "Teamwork123!").status, 401);
    EXPECT_EQ(call(port(), "DELETE", "/api/organizations/9801/members/" + member_id, {}, bearer(*owner_)).status, 404);
    EXPECT_EQ(field(call(port(), "GET", "/api/organizations/9801/members", {}, bearer(*owner_)).body, "hydra:totalItems"), "1");
    // Removed, the address may be invited again.
    EXPECT_EQ(invite(*owner_, "kollege@team-agentur.example").status, 201);
    EXPECT_EQ(withdraw("kollege@team-agentur.example"), 204);
}

TEST_F(OrganizationTeam, InvitedAddressCanStillRegisterAsCandidate) {
    ASSERT_EQ(invite(*owner_, "fremde.person@example.de").status, 201);
    std::string token = invitation_token("fremde.person@example.de");
    ASSERT_FALSE(token.empty());
    // The address's real owner registers as a candidate: an ordinary registration, no notice mail.
    auto [id, candidate] = register_candidate(port(), "fremde.person@example.de");
    ASSERT_FALSE(id.empty());
    EXPECT_EQ(sql("SELECT role || ' ' || coalesce(organization_id::text, '-') FROM accounts WHERE email = 'fremde.person@example.de'"),
              "candidate -");
    // A password reset for the address now leads into the candidate's own account, not into the team.
    auto asked = call(port(), "POST", "/api/candidate_accounts_request_password_reset", R"({"email":"fremde.person@example.de"})", json_type);
    EXPECT_EQ(asked.status, 200) << asked.body;
    EXPECT_FALSE(wait_for_mail_to(*s_->sink, "fremde.person@example.de", 15s, "Dein neues Passwort").empty());
    // The invitation can no longer be accepted; the owner still sees it and may withdraw it.
    auto late = accept_with(token, "Teamwork123!");
    EXPECT_EQ(late.status, 409) << late.body;
    EXPECT_NE(field(late.body, "message").find("inzwischen ein Konto"), std::string::npos) << late.body;
    EXPECT_EQ(sql("SELECT role FROM accounts WHERE email = 'fremde.person@example.de'"), "candidate");
    EXPECT_EQ(sql("SELECT count(*) FROM organization_invitations WHERE email = 'fremde.person@example.de'"), "1");
    EXPECT_EQ(withdraw("fremde.person@example.de"), 204);
}

TEST_F(OrganizationTeam, InvitedPersonDeclinesAndNoAccountIsLeft) {
    ASSERT_EQ(invite(*owner_, "will.nicht@example.de").status, 201);
    std::string token = invitation_token("will.nicht@example.de");
    ASSERT_FALSE(token.empty());
    EXPECT_EQ(call(port(), "POST", "/api/organization_invitations/" + token + "/decline", "{}").status, 204);
    EXPECT_EQ(call(port(), "GET", "/api/organization_invitations/" + token).status, 404);
    EXPECT_EQ(accept_with(token, "Teamwork123!").status, 404);
    EXPECT_EQ(call(port(), "POST", "/api/organization_invitations/" + token + "/decline", "{}").status, 404);
    EXPECT_EQ(accounts_with("will.nicht@example.de"), "0");
    EXPECT_EQ(field(call(port(), "GET", "/api/organizations/9801/invitations", {}, bearer(*owner_)).body, "hydra:totalItems"), "0");
}

TEST_F(OrganizationTeam, OwnerResendsAndWithdrawsInvitationsWithinBounds) {
    auto invited = invite(*owner_, "vergesslich@example.de");
    ASSERT_EQ(invited.status, 201) << invited.body;
    std::string id = field(invited.body, "id");
    std::string first = invitation_token("vergesslich@example.de");
    ASSERT_FALSE(first.empty());
    const std::string path = "/api/organizations/9801/invitations/" + id;
    // A re-send mails a new link; the old one stops working.
    auto again = call(port(), "POST", path + "/resend", "{}", bearer(*owner_));
    ASSERT_EQ(again.status, 200) << again.body;
    EXPECT_EQ(field(again.body, "sentCount"), "2");
    std::string second = invitation_token("vergesslich@example.de", first);
    ASSERT_FALSE(second.empty());
    EXPECT_NE(second, first);
    EXPECT_EQ(call(port(), "GET", "/api/organization_invitations/" + first).status, 404);
    EXPECT_EQ(call(port(), "GET", "/api/organization_invitations/" + second).status, 200);
    // Three mails per invitation in all.
    EXPECT_EQ(call(port(), "POST", path + "/resend", "{}", bearer(*owner_)).status, 200);
    auto fourth = call(port(), "POST", path + "/resend", "{}", bearer(*owner_));
    EXPECT_EQ(fourth.status, 429) << fourth.body;
    EXPECT_NE(field(fourth.body, "message").find("dreimal"), std::string::npos) << fourth.body;
    EXPECT_EQ(sql("SELECT sent_count FROM organization_invitations WHERE id = " + id), "3");
    // Only the owner of this organization re-sends or withdraws.
    EXPECT_EQ(call(port(), "POST", path + "/resend", "{}", bearer(*other_)).status, 403);
    EXPECT_EQ(call(port(), "DELETE", path, {}, bearer(*other_)).status, 403);
    EXPECT_EQ(call(port(), "DELETE", path, {}, bearer(*candidate_)).status, 403);
    EXPECT_EQ(call(port(), "DELETE", path).status, 401);
    EXPECT_EQ(call(port(), "DELETE", path, {}, bearer(*owner_)).status, 204);
    EXPECT_EQ(call(port(), "DELETE", path, {}, bearer(*owner_)).status, 404);
    EXPECT_EQ(call(port(), "POST", path + "/resend", "{}", bearer(*owner_)).status, 404);
    EXPECT_EQ(call(port(), "GET", "/api/organization_invitations/" + second).status, 404);
}

TEST_F(OrganizationTeam, StrangersGetAtMostTwentyInvitationsFromOneOrganizationADay) {
    // Organization 9802 has sent nothing today: twenty invitations go out ...
    for (int i = 1; i <= 20; ++i) {
        auto r = invite(*other_, "person" + std::to_string(i) + "@liste.example", 9802);
        ASSERT_EQ(r.status, 201) << i << ": " << r.body;
    }
    // ... the twenty-first is refused in the owner's words, and nothing of it is kept.
    auto refused = invite(*other_, "person21@liste.example", 9802);
    EXPECT_EQ(refused.status, 429) << refused.body;
    EXPECT_EQ(field(refused.body, "message"),
              "Ihr Unternehmen hat heute schon 20 Einladungen verschickt. Morgen können Sie weitere Personen einladen.");
    EXPECT_EQ(open_invitations(9802), "20");
    EXPECT_EQ(sql("SELECT count(*) FROM organization_invitations WHERE email = 'person21@liste.example'"), "0");
    // Re-sends count against the same day.
    std::string some = sql("SELECT id FROM organization_invitations WHERE email = 'person1@liste.example'");
    EXPECT_EQ(call(port(), "POST", "/api/organizations/9802/invitations/" + some + "/resend", "{}", bearer(*other_)).status, 429);
    exec_sql(s_->db->url(), "DELETE FROM organization_invitations WHERE organization_id = 9802");
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
    // Nobody but the team sees its invitations.
    EXPECT_EQ(call(port(), "GET", "/api/organizations/9801/invitations", {}, bearer(*other_)).status, 403);
    EXPECT_EQ(call(port(), "GET", "/api/organizations/9801/invitations", {}, bearer(*candidate_)).status, 403);
    EXPECT_EQ(call(port(), "GET", "/api/organizations/9801/invitations").status, 401);
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
    EXPECT_EQ(sql("SELECT count(*) FROM organization_invitations WHERE email IN ('spion@fremde-agentur.example', "
                  "'freund@example.de', 'x@example.de', 'neu@fremde-agentur.example')"),
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


// Every list a provider can ask for is capped: the team page gets the newest 200 open invitations,
// however many there are.
TEST_F(OrganizationTeam, TheInvitationsListIsCappedAtTheNewest200) {
    sql("INSERT INTO organizations (id, slug, name, contact_email) VALUES "
        "(9803, 'viele-einladungen', 'Viele Einladungen GmbH', 'jobs@viele-einladungen.example') RETURNING id");
    std::string owner = organization_member(*s_, "inhaber@viele-einladungen.example", 9803);
    sql("INSERT INTO organization_invitations (organization_id, email, token_hash, expires_at, created_at) "
        "SELECT 9803, 'person' || i || '@viele-einladungen.example', encode(sha256(('t' || i)::bytea), 'hex'), "
        "       now() + interval '7 days', now() - (205 - i) * interval '1 minute' "
        "  FROM generate_series(1, 205) AS i RETURNING id");
    auto listed = call(port(), "GET", "/api/organizations/9803/invitations", {}, bearer(owner));
    ASSERT_EQ(listed.status, 200) << listed.body.substr(0, 300);
    EXPECT_EQ(field(listed.body, "hydra:totalItems"), "200");
    EXPECT_EQ(field(listed.body, "/hydra:member/0/email"), "person205@viele-einladungen.example");
    EXPECT_EQ(field(listed.body, "/hydra:member/199/email"), "person6@viele-einladungen.example");
}

}  // namespace
}  // namespace jh::test
