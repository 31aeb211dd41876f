// The calendar feed ends where the account's sessions end (issue 39, item 4), from outside against
// the real server, PostgreSQL, Redis, the SMTP sink and the mail worker: a password change, a
// reset, a change of address and its undo, a block (for good: unblocking does not bring the old
// address back); "Kalender-Abo beenden" (DELETE /api/me/calendar_token); an impersonating
// administrator can neither make nor end a link; a single logout leaves the feed alone.
// docs/shifts.md, "Calendar feed"; docs/accounts.md, "Ending every session".
#include "tests/integration/accounts_fixture.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;

class CalendarFeedRevocation : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_ = new stack;
        s_->start("calfeed", true, {{"JOBHAFEN_AUTH_MAIL_RESEND_S", "0"}});
    }
    static void TearDownTestSuite() {
        s_->stop();
        delete s_;
    }
    static int port() { return s_->port; }
    static std::string sql(const std::string& q) { return s_->sql(q); }
    // A new private feed address of the signed-in candidate: its path (/api/calendar/….ics).
    static std::string mint(const std::string& token) {
        auto r = call(port(), "POST", "/api/me/calendar_token", "{}", bearer(token));
        EXPECT_EQ(r.status, 201) << r.body;
        std::string url = field(r.body, "url");
        auto at = url.find("/api/calendar/");
        return at == std::string::npos ? std::string("/api/calendar/none.ics") : url.substr(at);
    }
    static int feed(const std::string& path) { return call(port(), "GET", path).status; }
    // The link of the newest mail to `to` that contains `path` (waits for it): its token.
    static std::string mailed_token(const std::string& to, const std::string& path) {
        return token_after(wait_for_mail_to(*s_->sink, to, 15s, path), path);
    }
    static stack* s_;
};
stack* CalendarFeedRevocation::s_ = nullptr;

TEST_F(CalendarFeedRevocation, APasswordChangeEndsTheFeedAndANewLinkWorks) {
    auto [id, token] = register_candidate(port(), "kalender-pw@example.de", "Geheim123!");
    std::string path = mint(token);
    ASSERT_EQ(feed(path), 200);
    auto changed = call(port(), "PATCH", "/api/candidate_accounts/" + id + "/change_password",
                        R"({"oldPassword":"Geheim123!","password":"Anders456?","passwordConfirmation":"Anders456?"})", bearer(token));
    ASSERT_EQ(changed.status, 200) << changed.body;
    EXPECT_EQ(feed(path), 404);
    // The session that changed it stays, and a link made now works.
    std::string fresh = mint(token);
    EXPECT_EQ(feed(fresh), 200);
    EXPECT_EQ(feed(path), 404);
}

TEST_F(CalendarFeedRevocation, APasswordResetEndsTheFeed) {
    auto [id, token] = register_candidate(port(), "kalender-reset@example.de", "Geheim123!");
    std::string path = mint(token);
    ASSERT_EQ(feed(path), 200);
    ASSERT_EQ(call(port(), "POST", "/api/candidate_accounts_request_password_reset", R"({"email":"kalender-reset@example.de"})").status, 200);
    std::string reset = mailed_token("kalender-reset@example.de", "/passwort-zuruecksetzen/");
    ASSERT_FALSE(reset.empty());
    auto done = call(port(), "PATCH", "/api/candidate_accounts/" + id + "/password",
                     R"({"token":")" + reset + R"(","password":"Neues-Pass1","passwordConfirmation":"Neues-Pass1"})");
    ASSERT_EQ(done.status, 200) << done.body;
    EXPECT_EQ(feed(path), 404);
}

// The thief who changed the address and made a link of his own loses it when the owner undoes the
// change from the old address; the owner's link had already ended with the change itself.
TEST_F(CalendarFeedRevocation, AChangeOfAddressAndItsUndoEndTheFeed) {
    auto [id, token] = register_candidate(port(), "kalender-alt@example.de", "Geheim123!");
    std::string owners = mint(token);
    ASSERT_EQ(feed(owners), 200);
    auto changed = call(port(), "PATCH", "/api/candidate_accounts/" + id + "/change_email",
                        R"({"email":"kalender-dieb@example.de","emailConfirmation":"kalender-dieb@example.de","password":"Geheim123!"})",
                        bearer(token));
    ASSERT_EQ(changed.status, 202) << changed.body;
    EXPECT_EQ(feed(owners), 404);
    std::string confirm = mailed_token("kalender-dieb@example.de", "/email-bestaetigen/");
    ASSERT_FALSE(confirm.empty());
    ASSERT_EQ(call(port(), "GET", "/api/candidate_accounts/validate_email_verification_token/" + confirm).status, 200);
    std::string thiefs = mint(token);
    ASSERT_EQ(feed(thiefs), 200);

    std::string undo = mailed_token("kalender-alt@example.de", "/email-aenderung-widerrufen/");
    ASSERT_FALSE(undo.empty());
    auto undone = call(port(), "POST", "/api/candidate_accounts_undo_email_change", R"({"token":")" + undo + R"("})");
    ASSERT_EQ(undone.status, 200) << undone.body;
    EXPECT_EQ(feed(thiefs), 404);
}

TEST_F(CalendarFeedRevocation, ABlockEndsTheFeedForGood) {
    auto [id, token] = register_candidate(port(), "kalender-block@example.de", "Geheim123!");
    std::string path = mint(token);
    ASSERT_EQ(feed(path), 200);
    exec_sql(s_->db->url(), "UPDATE accounts SET blocked = true WHERE id = " + id);
    EXPECT_EQ(feed(path), 404);
    // Unblocked, the account needs a new link: the old address stays dead.
    exec_sql(s_->db->url(), "UPDATE accounts SET blocked = false WHERE id = " + id);
    EXPECT_EQ(feed(path), 404);
    auto again = login(port(), "kalender-block@example.de", "Geheim123!");
    ASSERT_EQ(again.status, 200) << again.body;
    EXPECT_EQ(feed(mint(again.token)), 200);
}

// "Auf allen Geräten abmelden" (DELETE /api/me/sessions): every session of the account ends, the
// one that asked too, and with them the feed; another account's sessions stay.
TEST_F(CalendarFeedRevocation, SigningOutEverywhereEndsEverySessionAndTheFeed) {
    auto [id, token] = register_candidate(port(), "kalender-ueberall@example.de", "Geheim123!");
    auto [other_id, bystander] = register_candidate(port(), "kalender-nachbar@example.de", "Geheim123!");
    std::string path = mint(token);
    ASSERT_EQ(feed(path), 200);
    auto phone = login(port(), "kalender-ueberall@example.de", "Geheim123!");
    ASSERT_EQ(phone.status, 200);

    EXPECT_EQ(call(port(), "DELETE", "/api/me/sessions").status, 401);
    std::string ended = raw_call(port(), "DELETE", "/api/me/sessions", {}, bearer(token));
    ASSERT_EQ(ended.substr(0, 12), "HTTP/1.1 204") << ended;
    EXPECT_NE(ended.find("Max-Age=0"), std::string::npos) << ended;   // the cookies go
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/me", {}, bearer(token)).status, 401);
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/me", {}, bearer(phone.token)).status, 401);
    EXPECT_EQ(call(port(), "POST", "/api/token/refresh", R"({"refresh_token":")" + phone.refresh + R"("})").status, 401);
    EXPECT_EQ(feed(path), 404);
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/me", {}, bearer(bystander)).status, 200);
    // Signed in again, all works as before.
    auto again = login(port(), "kalender-ueberall@example.de", "Geheim123!");
    ASSERT_EQ(again.status, 200);
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/me", {}, bearer(again.token)).status, 200);
}

TEST_F(CalendarFeedRevocation, EndingTheSubscriptionAndWhoMayMakeOrEndALink) {
    auto [id, token] = register_candidate(port(), "kalender-ende@example.de", "Geheim123!");
    std::string path = mint(token);
    ASSERT_EQ(feed(path), 200);
    // A logout of another device ends that session only, not the feed.
    auto other = login(port(), "kalender-ende@example.de", "Geheim123!");
    ASSERT_EQ(other.status, 200);
    EXPECT_EQ(call(port(), "POST", "/api/logout", "{}", bearer(other.token)).status, 204);
    EXPECT_EQ(feed(path), 200);

    // "Kalender-Abo beenden": 204, the address is dead at once; again is 204 too.
    EXPECT_EQ(call(port(), "DELETE", "/api/me/calendar_token", {}, bearer(token)).status, 204);
    EXPECT_EQ(feed(path), 404);
    EXPECT_EQ(sql("SELECT count(*) FROM calendar_tokens WHERE account_id = " + id), "0");
    EXPECT_EQ(call(port(), "DELETE", "/api/me/calendar_token", {}, bearer(token)).status, 204);
    // Nobody 401.
    EXPECT_EQ(call(port(), "DELETE", "/api/me/calendar_token").status, 401);

    // An administrator acting as the candidate may neither make a link (it would outlive the
    // impersonation) nor end hers: 403 with the impersonation's message, nothing stored.
    auto [code, out] = run_jobhafen({{"JOBHAFEN_DATABASE_URL", s_->db->url()}}, {"admin", "create-admin", "kalender-admin@jobhafen.example"});
    ASSERT_EQ(code, 0) << out;
    auto pos = out.find("password (shown once): ");
    ASSERT_NE(pos, std::string::npos) << out;
    auto admin = login(port(), "kalender-admin@jobhafen.example", out.substr(pos + 23, 20));
    ASSERT_EQ(admin.status, 200) << admin.body;
    auto grant = call(port(), "POST", "/api/admin/impersonations", R"({"email":"kalender-ende@example.de"})", bearer(admin.token));
    ASSERT_EQ(grant.status, 201) << grant.body;
    std::string as_candidate = bearer(admin.token) + "_switch_user: " + field(grant.body, "grant") + "\r\n";
    ASSERT_EQ(call(port(), "GET", "/api/me/shifts", {}, as_candidate).status, 200);   // the impersonation works
    auto minted = call(port(), "POST", "/api/me/calendar_token", "{}", as_candidate);
    EXPECT_EQ(minted.status, 403) << minted.body;
    EXPECT_EQ(field(minted.body, "message"), "Das ist während der Übernahme eines Kontos nicht möglich.");
    EXPECT_EQ(sql("SELECT count(*) FROM calendar_tokens WHERE account_id = " + id), "0");
    std::string own = mint(token);
    EXPECT_EQ(call(port(), "DELETE", "/api/me/calendar_token", {}, as_candidate).status, 403);
    EXPECT_EQ(feed(own), 200);
}

}  // namespace
}  // namespace jh::test
