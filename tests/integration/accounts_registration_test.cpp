// Integration tests of registration and the mail flows: email check, the form rules over HTTP,
// register → verification mail in a real SMTP sink → token → verified, registration without a
// password, password reset (and that an unknown address answers like a known one), change of
// email address. The real `jobhafen serve` and `jobhafen worker mail`.
#include "tests/integration/accounts_fixture.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;

class AccountsRegistration : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_ = new stack;
        // "Already sent" windows of one second, so the tests can also see the "sent again" answers.
        s_->start("accreg", true, {{"JOBHAFEN_AUTH_MAIL_RESEND_S", "1"}});
    }
    static void TearDownTestSuite() {
        s_->stop();
        delete s_;
    }
    static int port() { return s_->port; }
    static stack* s_;
};
stack* AccountsRegistration::s_ = nullptr;

std::vector<std::string> violation_messages(const std::string& body, const std::string& path) {
    std::vector<std::string> out;
    simdjson::dom::parser parser;
    simdjson::dom::element root;
    if (parser.parse(body).get(root)) return out;
    simdjson::dom::array v;
    if (root["violations"].get(v)) return out;
    for (auto e : v) {
        std::string_view p, m;
        if (!e["propertyPath"].get(p) && !e["message"].get(m) && p == path) out.emplace_back(m);
    }
    return out;
}

TEST_F(AccountsRegistration, EmailCheckTellsLoginOrRegistration) {
    auto r = call(port(), "POST", "/api/candidate_profiles/email_check", R"({"email":"neu@example.de"})");
    EXPECT_EQ(r.status, 200);
    EXPECT_EQ(field(r.body, "exists"), "false");
    EXPECT_EQ(field(r.body, "next"), "registration");
    register_candidate(port(), "vorhanden@example.de");
    r = call(port(), "POST", "/api/candidate_profiles/email_check", R"({"email":"VORHANDEN@example.de"})");
    EXPECT_EQ(field(r.body, "exists"), "true");
    EXPECT_EQ(field(r.body, "accountType"), "candidate");
    EXPECT_EQ(field(r.body, "next"), "login");
    r = call(port(), "POST", "/api/candidate_profiles/email_check", R"({"email":"kaputt@"})");
    EXPECT_EQ(r.status, 422);
    EXPECT_EQ(violation_messages(r.body, "email"), std::vector<std::string>{"Dieses Feld muss eine gültige E-Mail Adresse sein"});
}

TEST_F(AccountsRegistration, EachPasswordRuleHasItsMessage) {
    struct rule {
        const char* password;
        const char* message;
    };
    for (auto [password, message] : {
             rule{"", "Dieses Feld darf nicht leer sein"},
             rule{"Ge1!xyz", "Dieses Feld muss mindestens 8 lang sein"},
             rule{"GEHEIM123!", "Das Passwort muss mindestens einen Kleinbuchstaben enthalten"},
             rule{"geheim123!", "Das Passwort muss mindestens einen Großbuchstaben enthalten"},
             rule{"Geheimnis!", "Das Passwort muss mindestens eine Ziffer enthalten"},
             rule{"Geheim1234", "Das Passwort muss mindestens ein Sonderzeichen enthalten, z. B. ! ? # ( ) [ ] { } . , ; : - _"},
         }) {
        auto r = call(port(), "POST", "/api/candidate_profiles/register", registration_body("regel@example.de", password));
        EXPECT_EQ(r.status, 422) << password;
        EXPECT_EQ(violation_messages(r.body, "password"), std::vector<std::string>{message}) << password << r.body;
    }
    // The confirmation must match.
    auto r = call(port(), "POST", "/api/candidate_profiles/register",
                  R"({"email":"regel@example.de","password":"Geheim123!","passwordConfirmation":"Geheim123?","firstName":"A","lastName":"B"})");
    EXPECT_EQ(r.status, 422);
    EXPECT_EQ(violation_messages(r.body, "passwordConfirmation"), std::vector<std::string>{"Passwort muss gleich sein"});
    // Every field at once; nothing was stored.
    r = call(port(), "POST", "/api/candidate_profiles/register", R"({"email":"jürgen@example.de","password":"x"})");
    EXPECT_EQ(r.status, 422);
    EXPECT_EQ(violation_messages(r.body, "email"), std::vector<std::string>{"Dieses Feld muss eine gültige E-Mail Adresse sein"});
    EXPECT_EQ(violation_messages(r.body, "firstName"), std::vector<std::string>{"Dieses Feld darf nicht leer sein"});
    EXPECT_EQ(violation_messages(r.body, "lastName"), std::vector<std::string>{"Dieses Feld darf nicht leer sein"});
    EXPECT_EQ(violation_messages(r.body, "password").size(), 4u);
    EXPECT_EQ(s_->sql("SELECT count(*) FROM accounts WHERE email = 'regel@example.de'"), "0");
}

TEST_F(AccountsRegistration, RegisterThenVerificationMailThenTokenVerifies) {
    auto r = call(port(), "POST", "/api/candidate_profiles/register?utm_source=newsletter",
                  registration_body("verify.me@example.de", "Geheim123!", "Jürgen", "Müller"));
    ASSERT_EQ(r.status, 201) << r.body;
    // Registration answers alike for known addresses, so it carries no account and signs no one in.
    EXPECT_EQ(r.body.find("token"), std::string::npos) << r.body;
    std::string id = s_->sql("SELECT id FROM accounts WHERE email = 'verify.me@example.de'");
    std::string token = login(port(), "verify.me@example.de", "Geheim123!").token;
    auto me = call(port(), "GET", "/api/candidate_accounts/me", {}, bearer(token));
    EXPECT_EQ(field(me.body, "emailVerified"), "false");
    EXPECT_EQ(s_->sql("SELECT registration_query->>'utm_source' FROM accounts WHERE id = " + id), "newsletter");

    std::string mail = wait_for_mail_to(*s_->sink, "verify.me@example.de");
    ASSERT_FALSE(mail.empty()) << s_->worker->log();
    EXPECT_NE(mail.find("Bitte bestätige deine E-Mail-Adresse"), std::string::npos) << mail;
    EXPECT_NE(mail.find("Hallo Jürgen,"), std::string::npos) << mail;
    std::string link_token = token_after(mail, s_->origin + "/email-bestaetigen/");
    ASSERT_EQ(link_token.size(), 43u) << mail;
    // Only the hash is stored.
    EXPECT_EQ(s_->sql("SELECT count(*) FROM account_tokens WHERE token_hash LIKE '%" + link_token + "%'"), "0");

    auto v = call(port(), "GET", "/api/candidate_accounts/validate_email_verification_token/" + link_token);
    EXPECT_EQ(v.status, 200) << v.body;
    EXPECT_EQ(field(v.body, "status"), "confirmed");
    // The link signs in.
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/me", {}, bearer(field(v.body, "token"))).status, 200);
    me = call(port(), "GET", "/api/candidate_accounts/me", {}, bearer(token));
    EXPECT_EQ(field(me.body, "emailVerified"), "true");
    // Single use: the second time it is "already confirmed"; a made-up token is invalid.
    v = call(port(), "GET", "/api/candidate_accounts/validate_email_verification_token/" + link_token);
    EXPECT_EQ(v.status, 409);
    EXPECT_EQ(field(v.body, "message"), "Deine E-Mail-Adresse ist bereits bestätigt.");
    v = call(port(), "GET", "/api/candidate_accounts/validate_email_verification_token/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    EXPECT_EQ(v.status, 404);
    // Requesting another mail now: already verified.
    auto again = call(port(), "GET", "/api/candidate_accounts_request_email_verification", {}, bearer(token));
    EXPECT_EQ(again.status, 409);
    // Verifying earned the coins of the spec's dashboard.
    // (25 for registering, 5 for the first login of the day.)
    EXPECT_EQ(s_->sql("SELECT sum(amount) FROM pb_coin_ledger WHERE account_id = " + id), "80");
}

TEST_F(AccountsRegistration, VerificationRequestAnswersSentAndAlreadySent) {
    auto [id, token] = register_candidate(port(), "nochmal@example.de");
    // The registration mail was sent a moment ago.
    auto r = call(port(), "GET", "/api/candidate_accounts_request_email_verification", {}, bearer(token));
    EXPECT_EQ(r.status, 429);
    EXPECT_NE(field(r.body, "message").find("gerade schon"), std::string::npos);
    std::this_thread::sleep_for(1100ms);
    r = call(port(), "GET", "/api/candidate_accounts_request_email_verification", {}, bearer(token));
    EXPECT_EQ(r.status, 200) << r.body;
    ASSERT_TRUE(wait_until([&] { return mails_to(*s_->sink, "nochmal@example.de") == 2; }, 15s)) << s_->worker->log();
    // A new mail replaces the link of the old one.
    std::vector<std::string> links;
    for (const auto& f : s_->sink->message_files()) {
        auto m = read_mail(f);
        if (m.to.find("nochmal@example.de") != std::string::npos) links.push_back(token_after(m.text, s_->origin + "/email-bestaetigen/"));
    }
    ASSERT_EQ(links.size(), 2u);
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/validate_email_verification_token/" + links[0]).status, 404);
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/validate_email_verification_token/" + links[1]).status, 200);
    // Without a login there is nothing to verify.
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts_request_email_verification").status, 401);
}

TEST_F(AccountsRegistration, EmailsAreUniqueWithoutRegardToCase) {
    register_candidate(port(), "Einmalig@Example.de");
    auto r = call(port(), "POST", "/api/candidate_profiles/register", registration_body("einmalig@EXAMPLE.de", "Anders123!"));
    EXPECT_EQ(r.status, 201);   // the same answer as for a new address; the owner is told by mail
    EXPECT_EQ(s_->sql("SELECT count(*) FROM accounts WHERE email = 'einmalig@example.de'"), "1");
    EXPECT_EQ(login(port(), "EINMALIG@example.DE", "Geheim123!").status, 200);
    EXPECT_EQ(login(port(), "einmalig@example.de", "Anders123!").status, 401);
}

TEST_F(AccountsRegistration, OrganizationEmailCannotRegisterAsCandidate) {
    exec_sql(s_->db->url(), "INSERT INTO accounts (email, role) VALUES ('hr@agentur.example', 'organization_member')");
    auto r = call(port(), "POST", "/api/candidate_profiles/register", registration_body("HR@agentur.example", "Geheim123!"));
    EXPECT_EQ(r.status, 201);   // answered like any registration; no candidate account is made
    EXPECT_EQ(s_->sql("SELECT role FROM accounts WHERE email = 'hr@agentur.example'"), "organization_member");
    std::string mail = wait_for_mail_to(*s_->sink, "hr@agentur.example");
    EXPECT_NE(mail.find("Jemand wollte sich mit Ihrer Adresse registrieren"), std::string::npos) << mail;
    auto c = call(port(), "POST", "/api/candidate_profiles/email_check", R"({"email":"hr@agentur.example"})");
    EXPECT_EQ(field(c.body, "accountType"), "organization");
}

TEST_F(AccountsRegistration, RegisterWithoutPasswordGetsOneThroughTheResetFlow) {
    auto r = call(port(), "POST", "/api/candidate_profiles/register_without_password",
                  R"({"email":"ohne.passwort@example.de","firstName":"Ole","lastName":"Ohne"})");
    ASSERT_EQ(r.status, 201) << r.body;
    std::string id = s_->sql("SELECT id FROM accounts WHERE email = 'ohne.passwort@example.de'");
    EXPECT_EQ(s_->sql("SELECT password_hash IS NULL FROM accounts WHERE id = " + id), "t");
    EXPECT_EQ(login(port(), "ohne.passwort@example.de", "Irgendwas1!").status, 401);

    std::string mail = wait_for_mail_to(*s_->sink, "ohne.passwort@example.de");
    std::string token = token_after(mail, s_->origin + "/passwort-festlegen/");
    ASSERT_FALSE(token.empty()) << mail;
    auto v = call(port(), "GET", "/api/candidate_accounts/validate_password_reset_token/" + token);
    EXPECT_EQ(v.status, 200);
    EXPECT_EQ(field(v.body, "id"), id);
    auto bad = call(port(), "PATCH", "/api/candidate_accounts/" + id + "/password",
                    R"({"token":")" + token + R"(","password":"kurz","passwordConfirmation":"kurz"})");
    EXPECT_EQ(bad.status, 422);
    auto set = call(port(), "PATCH", "/api/candidate_accounts/" + id + "/password",
                    R"({"token":")" + token + R"(","password":"Neues-Pass1","passwordConfirmation":"Neues-Pass1"})");
    EXPECT_EQ(set.status, 200) << set.body;
    auto l = login(port(), "ohne.passwort@example.de", "Neues-Pass1");
    EXPECT_EQ(l.status, 200);
    // The mail reached its owner, so the address is confirmed as well.
    EXPECT_EQ(field(call(port(), "GET", "/api/candidate_accounts/me", {}, bearer(l.token)).body, "emailVerified"), "true");
    // The token was single-use.
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/validate_password_reset_token/" + token).status, 404);
}

TEST_F(AccountsRegistration, ResetForUnknownEmailAnswersLikeAKnownOne) {
    register_candidate(port(), "bekannt@example.de");
    auto reset = [&](std::string_view email) {
        return call(port(), "POST", "/api/candidate_accounts_request_password_reset", R"({"email":")" + std::string(email) + R"("})");
    };
    auto known = reset("bekannt@example.de");
    auto unknown = reset("unbekannt@example.de");
    EXPECT_EQ(known.status, 200);
    EXPECT_EQ(unknown.status, known.status);
    EXPECT_EQ(unknown.body, known.body);
    // A second request at once: "already requested" for both, again the same.
    auto known2 = reset("bekannt@example.de");
    auto unknown2 = reset("unbekannt@example.de");
    EXPECT_EQ(known2.status, 429);
    EXPECT_EQ(unknown2.status, known2.status);
    EXPECT_EQ(unknown2.body, known2.body);
    // Missing or broken address: the form rule.
    EXPECT_EQ(reset("").status, 422);
    EXPECT_EQ(reset("nix").status, 422);
    // Only the real account got a mail.
    EXPECT_TRUE(wait_until([&] { return mails_to(*s_->sink, "bekannt@example.de") == 2; }, 15s));   // verification + reset
    std::this_thread::sleep_for(500ms);
    EXPECT_EQ(mails_to(*s_->sink, "unbekannt@example.de"), 0u);
}

TEST_F(AccountsRegistration, PasswordResetFlow) {
    auto [id, token] = register_candidate(port(), "vergessen@example.de", "Altes-Pass1");
    ASSERT_EQ(call(port(), "POST", "/api/candidate_accounts_request_password_reset", R"({"email":"vergessen@example.de"})").status, 200);
    std::string link;
    ASSERT_TRUE(wait_until(
        [&] {
            for (const auto& f : s_->sink->message_files()) {
                auto m = read_mail(f);
                if (m.to.find("vergessen@example.de") != std::string::npos && m.subject.find("Passwort") != std::string::npos)
                    link = token_after(m.text, s_->origin + "/passwort-zuruecksetzen/");
            }
            return !link.empty();
        },
        15s));
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/validate_password_reset_token/" + link).status, 200);
    // The token belongs to this account only.
    std::string other_id = register_candidate(port(), "anderer@example.de").first;
    auto wrong = call(port(), "PATCH", "/api/candidate_accounts/" + other_id + "/password",
                      R"({"token":")" + link + R"(","password":"Neues-Pass1","passwordConfirmation":"Neues-Pass1"})");
    EXPECT_EQ(wrong.status, 404);
    auto r = call(port(), "PATCH", "/api/candidate_accounts/" + id + "/password",
                  R"({"token":")" + link + R"(","password":"Neues-Pass1","passwordConfirmation":"Neues-Pass1"})");
    EXPECT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(login(port(), "vergessen@example.de", "Altes-Pass1").status, 401);
    EXPECT_EQ(login(port(), "vergessen@example.de", "Neues-Pass1").status, 200);
    // Sessions from before the reset are over.
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/me", {}, bearer(token)).status, 401);
    // Used once, gone.
    auto again = call(port(), "PATCH", "/api/candidate_accounts/" + id + "/password",
                      R"({"token":")" + link + R"(","password":"Drittes-Pass1","passwordConfirmation":"Drittes-Pass1"})");
    EXPECT_EQ(again.status, 404);
}

TEST_F(AccountsRegistration, ChangeEmailTakesEffectOnlyAfterConfirmation) {
    auto [id, token] = register_candidate(port(), "alt@example.de");
    auto path = "/api/candidate_accounts/" + id + "/change_email";
    auto mismatch = call(port(), "PATCH", path, R"({"email":"neu@example.org","emailConfirmation":"neu@example.com","password":"Geheim123!"})",
                         bearer(token));
    EXPECT_EQ(mismatch.status, 422);
    EXPECT_EQ(violation_messages(mismatch.body, "emailConfirmation"), std::vector<std::string>{"E-Mail-Feld stimmt nicht überein"});
    auto r = call(port(), "PATCH", path, R"({"email":"neu@example.org","emailConfirmation":"neu@example.org","password":"Geheim123!"})",
                  bearer(token));
    EXPECT_EQ(r.status, 202) << r.body;
    auto me = call(port(), "GET", "/api/candidate_accounts/me", {}, bearer(token));
    EXPECT_EQ(field(me.body, "email"), "alt@example.de");
    EXPECT_EQ(field(me.body, "pendingEmail"), "neu@example.org");

    std::string mail = wait_for_mail_to(*s_->sink, "neu@example.org");
    std::string link = token_after(mail, s_->origin + "/email-bestaetigen/");
    ASSERT_FALSE(link.empty()) << mail;
    EXPECT_NE(mail.find("neu@example.org"), std::string::npos);
    auto v = call(port(), "GET", "/api/candidate_accounts/validate_email_verification_token/" + link);
    EXPECT_EQ(v.status, 200) << v.body;
    me = call(port(), "GET", "/api/candidate_accounts/me", {}, bearer(token));
    EXPECT_EQ(field(me.body, "email"), "neu@example.org");
    EXPECT_EQ(field(me.body, "emailVerified"), "true");
    EXPECT_EQ(login(port(), "neu@example.org", "Geheim123!").status, 200);
    EXPECT_EQ(login(port(), "alt@example.de", "Geheim123!").status, 401);
}

}  // namespace
}  // namespace jh::test
