// Hostile integration tests of account takeover and abuse, from outside against the real server
// (with the SMTP sink and the loopback OpenID Connect provider): pre-hijacking an address before
// its owner signs in socially, changing the address without the password, undoing a change from
// the old address, sessions after a password change, registration that enumerates no one, a login
// flood from one client while the owner signs in from another, the absolute lifetime of refresh
// tokens, mail floods to one address, the role read from the account, the reset request as POST.
#include "tests/integration/accounts_fixture.h"
#include "tests/integration/accounts_oauth_flow.h"
#include "tests/support/oidc_provider.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;

constexpr int mails_per_hour = 4;

class AccountsTakeover : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        provider_ = new oidc_provider();
        s_ = new stack;
        auto env = provider_->env("google");
        env["JOBHAFEN_AUTH_MAILS_PER_ADDRESS_PER_HOUR"] = std::to_string(mails_per_hour);
        env["JOBHAFEN_AUTH_MAIL_RESEND_S"] = "0";
        env["JOBHAFEN_AUTH_LOGIN_FAIL_LIMIT_ACCOUNT"] = "3";
        env["JOBHAFEN_AUTH_LOGIN_DELAY_BASE_S"] = "60";
        env["JOBHAFEN_AUTH_REGISTRATIONS_PER_CLIENT_PER_HOUR"] = "1000";
        s_->start("acctakeover", true, env);
    }
    static void TearDownTestSuite() {
        s_->stop();
        delete s_;
        delete provider_;
    }
    static int port() { return s_->port; }
    static stack* s_;
    static oidc_provider* provider_;
};
stack* AccountsTakeover::s_ = nullptr;
oidc_provider* AccountsTakeover::provider_ = nullptr;

int status_of(const std::string& raw) { return raw.size() > 12 ? std::atoi(raw.substr(9, 3).c_str()) : 0; }
std::string body_of(const std::string& raw) {
    auto sep = raw.find("\r\n\r\n");
    return sep == std::string::npos ? std::string() : raw.substr(sep + 4);
}
int refresh_status(int port, const std::string& refresh) {
    return call(port, "POST", "/api/token/refresh", R"({"refresh_token":")" + refresh + R"("})").status;
}
// The text of a mail to `to` that contains `needle` (waits for it); "" when none came.
std::string mail_with(const smtp_sink& sink, const std::string& to, const std::string& needle) {
    return wait_for_mail_to(sink, to, 15s, needle);
}

int me_status(int port, const std::string& token) { return call(port, "GET", "/api/candidate_accounts/me", {}, bearer(token)).status; }

// The attacker registers the victim's address with a password and keeps a session; then the victim
// signs in with a provider that vouches for the address. The victim gets the account; the
// attacker's password and session are dead.
TEST_F(AccountsTakeover, SocialSignInTakesAnUnverifiedAccountAwayFromWhoeverRegisteredIt) {
    const std::string victim = "opfer@example.de";
    ASSERT_EQ(call(port(), "POST", "/api/candidate_profiles/register", registration_body(victim, "Angreifer-123!")).status, 201);
    auto attacker = login(port(), victim, "Angreifer-123!");
    ASSERT_EQ(attacker.status, 200) << attacker.body;
    ASSERT_EQ(me_status(port(), attacker.token), 200);

    auto flow = sign_in(port(), "login", victim);
    EXPECT_TRUE(flow.location.ends_with("/")) << flow.location;
    std::string victim_token = cookie_from(flow.cookies, "auth_token");
    ASSERT_FALSE(victim_token.empty());

    EXPECT_EQ(login(port(), victim, "Angreifer-123!").status, 401);
    EXPECT_EQ(me_status(port(), attacker.token), 401);
    EXPECT_EQ(refresh_status(port(), attacker.refresh), 401);
    auto me = call(port(), "GET", "/api/candidate_accounts/me", {}, bearer(victim_token));
    ASSERT_EQ(me.status, 200) << me.body;
    EXPECT_EQ(field(me.body, "emailVerified"), "true");
    EXPECT_EQ(field(me.body, "hasPassword"), "false");
    EXPECT_EQ(field(me.body, "socialProviders"), R"(["google"])");
}

TEST_F(AccountsTakeover, ChangingTheAddressNeedsThePasswordAndEndsOtherSessions) {
    auto [id, token] = register_candidate(port(), "umzug@example.de", "Geheim123!");
    auto other = login(port(), "umzug@example.de", "Geheim123!");
    ASSERT_EQ(other.status, 200);
    const std::string path = "/api/candidate_accounts/" + id + "/change_email";
    auto without = call(port(), "PATCH", path, R"({"email":"dieb@example.de","emailConfirmation":"dieb@example.de"})", bearer(token));
    EXPECT_EQ(without.status, 422) << without.body;
    EXPECT_NE(without.body.find(R"("propertyPath":"password")"), std::string::npos) << without.body;
    auto wrong = call(port(), "PATCH", path, R"({"email":"dieb@example.de","emailConfirmation":"dieb@example.de","password":"Falsch123!"})",
                      bearer(token));
    EXPECT_EQ(wrong.status, 422) << wrong.body;
    EXPECT_EQ(s_->sql("SELECT count(*) FROM account_tokens WHERE purpose = 'change_email'"), "0");
    EXPECT_EQ(me_status(port(), other.token), 200);

    auto right = call(port(), "PATCH", path, R"({"email":"neu@example.de","emailConfirmation":"neu@example.de","password":"Geheim123!"})",
                      bearer(token));
    EXPECT_EQ(right.status, 202) << right.body;
    EXPECT_EQ(me_status(port(), token), 200);          // this session stays
    EXPECT_EQ(me_status(port(), other.token), 401);    // the other one ended
    EXPECT_EQ(refresh_status(port(), other.refresh), 401);
}

// The owner's session was stolen together with the password: the thief changes the address and
// confirms it. The mail to the old address undoes it: old address back, every session ended, the
// known password gone, a link to set a new one mailed to the old address.
TEST_F(AccountsTakeover, TheLinkMailedToTheOldAddressUndoesAChange) {
    auto [id, token] = register_candidate(port(), "besitzer@example.de", "Geheim123!");
    auto r = call(port(), "PATCH", "/api/candidate_accounts/" + id + "/change_email",
                  R"({"email":"dieb2@example.de","emailConfirmation":"dieb2@example.de","password":"Geheim123!"})", bearer(token));
    ASSERT_EQ(r.status, 202) << r.body;
    std::string confirm = token_after(mail_with(*s_->sink, "dieb2@example.de", "/email-bestaetigen/"), "/email-bestaetigen/");
    ASSERT_FALSE(confirm.empty());
    ASSERT_EQ(call(port(), "GET", "/api/candidate_accounts/validate_email_verification_token/" + confirm).status, 200);
    EXPECT_EQ(s_->sql("SELECT email FROM accounts WHERE id = " + id), "dieb2@example.de");

    std::string notice = mail_with(*s_->sink, "besitzer@example.de", "/email-aenderung-widerrufen/");
    EXPECT_NE(notice.find("dieb2@example.de"), std::string::npos) << notice;
    std::string undo = token_after(notice, "/email-aenderung-widerrufen/");
    ASSERT_FALSE(undo.empty()) << notice;
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts_undo_email_change").status, 405);
    auto done = call(port(), "POST", "/api/candidate_accounts_undo_email_change", R"({"token":")" + undo + R"("})");
    EXPECT_EQ(done.status, 200) << done.body;
    EXPECT_EQ(s_->sql("SELECT email FROM accounts WHERE id = " + id), "besitzer@example.de");
    EXPECT_EQ(me_status(port(), token), 401);
    EXPECT_EQ(login(port(), "besitzer@example.de", "Geheim123!").status, 401);
    EXPECT_EQ(login(port(), "dieb2@example.de", "Geheim123!").status, 401);
    std::string reset = token_after(mail_with(*s_->sink, "besitzer@example.de", "/passwort-zuruecksetzen/"), "/passwort-zuruecksetzen/");
    EXPECT_FALSE(reset.empty());
    // Single use.
    EXPECT_EQ(call(port(), "POST", "/api/candidate_accounts_undo_email_change", R"({"token":")" + undo + R"("})").status, 404);
}

TEST_F(AccountsTakeover, AChangedPasswordEndsEveryOtherSession) {
    auto [id, token] = register_candidate(port(), "passwort@example.de", "Geheim123!");
    auto other = login(port(), "passwort@example.de", "Geheim123!");
    ASSERT_EQ(other.status, 200);
    auto r = call(port(), "PATCH", "/api/candidate_accounts/" + id + "/change_password",
                  R"({"oldPassword":"Geheim123!","password":"Anders456?","passwordConfirmation":"Anders456?"})", bearer(token));
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(me_status(port(), token), 200);
    EXPECT_EQ(me_status(port(), other.token), 401);
    EXPECT_EQ(refresh_status(port(), other.refresh), 401);
}

TEST_F(AccountsTakeover, RegistrationWithAKnownAddressLooksLikeANewOne) {
    auto [id, token] = register_candidate(port(), "bekannt@example.de", "Geheim123!");
    std::string fresh = raw_call(port(), "POST", "/api/candidate_profiles/register", registration_body("unbekannt@example.de", "Fremd-123!"));
    std::string known = raw_call(port(), "POST", "/api/candidate_profiles/register", registration_body("bekannt@example.de", "Fremd-123!"));
    EXPECT_EQ(status_of(fresh), 201) << fresh;
    EXPECT_EQ(status_of(known), status_of(fresh)) << known;
    EXPECT_EQ(body_of(known), body_of(fresh));
    EXPECT_TRUE(set_cookies(fresh).empty()) << fresh;   // registration signs no one in
    EXPECT_TRUE(set_cookies(known).empty()) << known;
    std::string mail = mail_with(*s_->sink, "bekannt@example.de", "Jemand wollte");
    EXPECT_NE(mail.find("Jemand wollte sich mit deiner Adresse registrieren"), std::string::npos) << mail;
    EXPECT_EQ(login(port(), "bekannt@example.de", "Fremd-123!").status, 401);
    EXPECT_EQ(login(port(), "bekannt@example.de", "Geheim123!").status, 200);
    // The new address's link confirms it and signs in.
    std::string verify = token_after(mail_with(*s_->sink, "unbekannt@example.de", "/email-bestaetigen/"), "/email-bestaetigen/");
    std::string confirmed = raw_call(port(), "GET", "/api/candidate_accounts/validate_email_verification_token/" + verify);
    EXPECT_EQ(status_of(confirmed), 200) << confirmed;
    EXPECT_FALSE(cookie_from(set_cookies(confirmed), "auth_refresh_token").empty());
    EXPECT_EQ(body_of(confirmed).find("refresh_token"), std::string::npos);

    // Provider registration, the same way.
    auto provider_body = [](const std::string& email) {
        return R"({"email":")" + email + R"(","password":"Firma-123!","passwordConfirmation":"Firma-123!","firstName":"Frank",)"
               R"("lastName":"Firma","company":"Firma GmbH"})";
    };
    auto p_fresh = call(port(), "POST", "/api/organization_member/register", provider_body("chef-neu@firma.example"));
    auto p_known = call(port(), "POST", "/api/organization_member/register", provider_body("bekannt@example.de"));
    EXPECT_EQ(p_fresh.status, 201) << p_fresh.body;
    EXPECT_EQ(p_known.status, p_fresh.status);
    EXPECT_EQ(p_known.body, p_fresh.body);
    EXPECT_EQ(s_->sql("SELECT role FROM accounts WHERE email = 'bekannt@example.de'"), "candidate");
}

// Client A (127.0.0.2) floods the owner's account with wrong passwords: A is slowed down with 429
// and Retry-After; the owner on client B (127.0.0.3) signs in at once.
TEST_F(AccountsTakeover, ALoginFloodFromOneClientDoesNotLockTheOwnerOut) {
    register_candidate(port(), "ziel@example.de", "Geheim123!");
    int refused = 0;
    std::string retry_after, message;
    for (int i = 0; i < 8; ++i) {
        auto r = login(port(), "ziel@example.de", "Falsch-" + std::to_string(i), {}, "127.0.0.2");
        ASSERT_TRUE(r.status == 401 || r.status == 429) << r.status << r.body;
        if (r.status == 429) {
            ++refused;
            retry_after = r.retry_after;
            message = field(r.body, "message");
        }
    }
    EXPECT_EQ(refused, 5);   // 3 free failures, then each attempt waits
    EXPECT_GT(std::atoi(retry_after.c_str()), 0);
    EXPECT_NE(message.find("Bitte warte"), std::string::npos) << message;
    // A is slowed down even with the right password now …
    EXPECT_EQ(login(port(), "ziel@example.de", "Geheim123!", {}, "127.0.0.2").status, 429);
    // … the owner elsewhere is not.
    EXPECT_EQ(login(port(), "ziel@example.de", "Geheim123!", {}, "127.0.0.3").status, 200);
}

TEST_F(AccountsTakeover, MailsToOneAddressAreLimitedPerHour) {
    // Registration notices to a known address.
    register_candidate(port(), "postfach@example.de", "Geheim123!");   // 1: its verification mail
    int ok = 0, limited = 0;
    std::string message;
    for (int i = 0; i < mails_per_hour + 2; ++i) {
        auto r = call(port(), "POST", "/api/candidate_profiles/register", registration_body("postfach@example.de", "Fremd-123!"));
        if (r.status == 201) ++ok;
        if (r.status == 429) {
            ++limited;
            message = field(r.body, "message");
        }
    }
    EXPECT_EQ(ok, mails_per_hour - 1);
    EXPECT_EQ(limited, 3);
    EXPECT_NE(message.find("in der letzten Stunde"), std::string::npos) << message;
    // Reset requests count against the same address, known or not, with the same answers.
    EXPECT_EQ(call(port(), "POST", "/api/candidate_accounts_request_password_reset", R"({"email":"postfach@example.de"})").status, 429);
    for (int i = 0; i < mails_per_hour; ++i)
        EXPECT_EQ(call(port(), "POST", "/api/candidate_accounts_request_password_reset", R"({"email":"niemand@example.de"})").status, 200);
    EXPECT_EQ(call(port(), "POST", "/api/candidate_accounts_request_password_reset", R"({"email":"niemand@example.de"})").status, 429);
    std::this_thread::sleep_for(1500ms);   // give the worker time to send whatever was queued
    EXPECT_EQ(mails_to(*s_->sink, "postfach@example.de"), static_cast<std::size_t>(mails_per_hour));
}

TEST_F(AccountsTakeover, TheResetRequestIsAPostAndAnswersAlikeForKnownAndUnknownAddresses) {
    register_candidate(port(), "vergessen@example.de", "Geheim123!");
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts_request_password_reset?email=vergessen@example.de").status, 405);
    auto known = call(port(), "POST", "/api/candidate_accounts_request_password_reset", R"({"email":"vergessen@example.de"})");
    auto unknown = call(port(), "POST", "/api/candidate_accounts_request_password_reset", R"({"email":"nie-gesehen@example.de"})");
    EXPECT_EQ(known.status, 200) << known.body;
    EXPECT_EQ(unknown.status, known.status);
    EXPECT_EQ(unknown.body, known.body);
    EXPECT_FALSE(token_after(mail_with(*s_->sink, "vergessen@example.de", "/passwort-zuruecksetzen/"), "/passwort-zuruecksetzen/").empty());
}

// An access token issued while the account was an administrator does not keep that role.
TEST_F(AccountsTakeover, TheRoleComesFromTheAccountNotFromTheToken) {
    auto [id, token] = register_candidate(port(), "ex-admin@example.de", "Geheim123!");
    register_candidate(port(), "kandidatin@example.de", "Geheim123!");
    exec_sql(s_->db->url(), "UPDATE accounts SET role = 'admin' WHERE id = " + id);
    auto admin = login(port(), "ex-admin@example.de", "Geheim123!");
    ASSERT_EQ(admin.status, 200);
    auto grant = call(port(), "POST", "/api/admin/impersonations", R"({"email":"kandidatin@example.de"})", bearer(admin.token));
    ASSERT_EQ(grant.status, 201) << grant.body;
    const std::string as_her = bearer(admin.token) + "_switch_user: " + field(grant.body, "grant") + "\r\n";
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/me", {}, as_her).status, 200);
    exec_sql(s_->db->url(), "UPDATE accounts SET role = 'candidate' WHERE id = " + id);
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/me", {}, as_her).status, 403);
    exec_sql(s_->db->url(), "UPDATE accounts SET blocked = true WHERE id = " + id);
    EXPECT_EQ(me_status(port(), admin.token), 401);
}

// A refresh token lives 30 days from the login, however often it is rotated. Here the lifetime is
// configured to 4 seconds.
class AccountsRefreshLifetime : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_ = new stack;
        s_->start("accrefresh", false, {{"JOBHAFEN_AUTH_REFRESH_TOKEN_TTL_S", "4"}, {"JOBHAFEN_AUTH_REGISTRATIONS_PER_CLIENT_PER_HOUR", "3"}});
    }
    static void TearDownTestSuite() {
        s_->stop();
        delete s_;
    }
    static stack* s_;
};
stack* AccountsRefreshLifetime::s_ = nullptr;

TEST_F(AccountsRefreshLifetime, RotationDoesNotExtendTheSessionAndTheBodyNeverCarriesTheRefreshToken) {
    const int port = s_->port;
    ASSERT_EQ(call(port, "POST", "/api/candidate_profiles/register", registration_body("lang@example.de", "Geheim123!")).status, 201);
    auto l = login(port, "lang@example.de", "Geheim123!");
    ASSERT_EQ(l.status, 200);
    EXPECT_EQ(l.body.find("refresh_token"), std::string::npos) << l.body;
    ASSERT_FALSE(l.refresh.empty());
    std::string refresh = l.refresh;
    for (int i = 0; i < 2; ++i) {
        std::this_thread::sleep_for(1200ms);
        std::string raw = raw_call(port, "POST", "/api/token/refresh", R"({"refresh_token":")" + refresh + R"("})");
        ASSERT_EQ(status_of(raw), 200) << raw;
        EXPECT_EQ(body_of(raw).find("refresh_token"), std::string::npos) << raw;
        refresh = cookie_from(set_cookies(raw), "auth_refresh_token");
        ASSERT_FALSE(refresh.empty());
    }
    std::this_thread::sleep_for(2000ms);   // 4.4 s after the login, 2 s after the last rotation
    EXPECT_EQ(refresh_status(port, refresh), 401);
    EXPECT_EQ(me_status(port, l.token), 401);
}

// Registrations per client address and hour (here 3): one client is stopped, another is not.
TEST_F(AccountsRefreshLifetime, RegistrationsPerClientAreLimited) {
    const int port = s_->port;
    int last = 0;
    std::string body;
    for (int i = 0; i < 5 && last != 429; ++i) {
        std::string raw = raw_call(port, "POST", "/api/candidate_profiles/register",
                                   registration_body("viele" + std::to_string(i) + "@example.de", "Geheim123!"), {}, "127.0.0.4");
        last = status_of(raw);
        body = body_of(raw);
    }
    EXPECT_EQ(last, 429) << body;
    EXPECT_EQ(field(body, "message"), "Zu viele Anfragen. Bitte warte eine Weile und versuche es dann noch einmal.");
    EXPECT_EQ(status_of(raw_call(port, "POST", "/api/candidate_profiles/register", registration_body("andere@example.de", "Geheim123!"), {},
                                 "127.0.0.5")),
              201);
}

}  // namespace
}  // namespace jh::test
