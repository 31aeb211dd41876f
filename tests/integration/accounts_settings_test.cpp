// Integration tests of the account area: /me, settings by merge-patch, another user's id → 404,
// change password, counters and coins, the data export, deletion (data gone from every table),
// impersonation by an administrator (set up with `jobhafen admin create-admin`).
#include "tests/integration/accounts_fixture.h"
#include "tests/integration/export_fixture.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;

class AccountsSettings : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        s_ = new stack;
        s_->start("accset", false);
    }
    static void TearDownTestSuite() {
        s_->stop();
        delete s_;
    }
    static int port() { return s_->port; }
    static stack* s_;
};
stack* AccountsSettings::s_ = nullptr;

TEST_F(AccountsSettings, MeCarriesTheProfile) {
    auto [id, token] = register_candidate(port(), "ich@example.de");
    auto me = call(port(), "GET", "/api/candidate_accounts/me", {}, bearer(token));
    ASSERT_EQ(me.status, 200) << me.body;
    EXPECT_EQ(field(me.body, "@id"), "/api/candidate_accounts/" + id);
    EXPECT_EQ(field(me.body, "@type"), "CandidateAccount");
    EXPECT_EQ(field(me.body, "email"), "ich@example.de");
    EXPECT_EQ(field(me.body, "/candidateProfile/firstName"), "Jana");
    EXPECT_EQ(field(me.body, "/candidateProfile/lastName"), "Müller");
    EXPECT_EQ(field(me.body, "/candidateProfile/profileImagePortrait"), "null");
    EXPECT_EQ(field(me.body, "impersonatorId"), "null");
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/" + id, {}, bearer(token)).body, me.body);
}

TEST_F(AccountsSettings, AnotherUsersIdIs404) {
    auto [a, token_a] = register_candidate(port(), "kandidatin.a@example.de");
    auto [b, token_b] = register_candidate(port(), "kandidat.b@example.de");
    const std::string h = bearer(token_a);
    auto get = call(port(), "GET", "/api/candidate_accounts/" + b, {}, h);
    EXPECT_EQ(get.status, 404);
    EXPECT_EQ(get.body.find("kandidat.b"), std::string::npos);
    EXPECT_EQ(call(port(), "PATCH", "/api/candidate_accounts/" + b, R"({"newsletter":true})", h).status, 404);
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/" + b + "/export", {}, h).status, 404);
    EXPECT_EQ(call(port(), "GET", "/api/candidate_account/" + b + "/pb_coins/dashboard", {}, h).status, 404);
    EXPECT_EQ(call(port(), "GET", "/api/candidate_account/" + b + "/num_logins", {}, h).status, 404);
    EXPECT_EQ(call(port(), "GET", "/api/candidate_account/" + b + "/last_login", {}, h).status, 404);
    EXPECT_EQ(call(port(), "PATCH", "/api/candidate_accounts/" + b + "/change_password",
                   R"({"oldPassword":"Geheim123!","password":"Anders123!","passwordConfirmation":"Anders123!"})", h)
                  .status,
              404);
    EXPECT_EQ(call(port(), "PATCH", "/api/candidate_accounts/" + b + "/change_email",
                   R"({"email":"x@example.de","emailConfirmation":"x@example.de"})", h)
                  .status,
              404);
    EXPECT_EQ(call(port(), "PATCH", "/api/candidate_accounts/" + b + "/delete", R"({"confirmation":"delete"})", h).status, 404);
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/999999", {}, h).status, 404);
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/abc", {}, h).status, 404);
    // B is untouched.
    EXPECT_EQ(s_->sql("SELECT newsletter FROM accounts WHERE id = " + b), "f");
    EXPECT_EQ(login(port(), "kandidat.b@example.de", "Geheim123!").status, 200);
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/" + b, {}, bearer(token_b)).status, 200);
}

TEST_F(AccountsSettings, SettingsAreMergePatched) {
    auto [id, token] = register_candidate(port(), "einstellungen@example.de");
    std::string path = "/api/candidate_accounts/" + id;
    auto r = http_request(port(), "PATCH", path, R"({"profilePublic":true,"newsletter":true})",
                          "Content-Type: application/merge-patch+json\r\n" + bearer(token));
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(field(r.body, "profilePublic"), "true");
    EXPECT_EQ(field(r.body, "newsletter"), "true");
    EXPECT_EQ(field(r.body, "searchableByProviders"), "false");
    r = call(port(), "PATCH", path, R"({"newsletter":false})", bearer(token));
    EXPECT_EQ(field(r.body, "profilePublic"), "true");
    EXPECT_EQ(field(r.body, "newsletter"), "false");
    r = call(port(), "PATCH", path, R"({"email":"anders@example.de","jobletter":"ja","newsletter":null})", bearer(token));
    EXPECT_EQ(r.status, 422);
    EXPECT_NE(r.body.find(R"("propertyPath":"email")"), std::string::npos);
    EXPECT_NE(r.body.find(R"("propertyPath":"jobletter")"), std::string::npos);
    EXPECT_EQ(s_->sql("SELECT email FROM accounts WHERE id = " + id), "einstellungen@example.de");
    EXPECT_EQ(call(port(), "PATCH", path, "{kaputt", bearer(token)).status, 400);
}

TEST_F(AccountsSettings, ChangePasswordRules) {
    auto [id, token] = register_candidate(port(), "wechsel@example.de");
    auto other_device = login(port(), "wechsel@example.de", "Geheim123!");
    std::string path = "/api/candidate_accounts/" + id + "/change_password";
    auto r = call(port(), "PATCH", path, R"({"oldPassword":"Falsch123!","password":"Anders123!","passwordConfirmation":"Anders123!"})",
                  bearer(token));
    EXPECT_EQ(r.status, 422);
    EXPECT_NE(r.body.find(R"({"propertyPath":"oldPassword","message":"Altes Passwort falsch"})"), std::string::npos) << r.body;
    r = call(port(), "PATCH", path, R"({"oldPassword":"Geheim123!","password":"Geheim123!","passwordConfirmation":"Geheim123!"})",
             bearer(token));
    EXPECT_EQ(r.status, 422);
    EXPECT_NE(r.body.find(R"({"propertyPath":"password","message":"Passwort muss anders als das alte sein"})"), std::string::npos) << r.body;
    r = call(port(), "PATCH", path, R"({"oldPassword":"Geheim123!","password":"Anders123!","passwordConfirmation":"Anders124!"})",
             bearer(token));
    EXPECT_NE(r.body.find(R"({"propertyPath":"passwordConfirmation","message":"Passwörter müssen übereinstimmen"})"), std::string::npos)
        << r.body;
    r = call(port(), "PATCH", path, R"({"oldPassword":"Geheim123!","password":"anders","passwordConfirmation":"anders"})", bearer(token));
    EXPECT_NE(r.body.find("Dieses Feld muss mindestens 8 lang sein"), std::string::npos) << r.body;
    r = call(port(), "PATCH", path, R"({"oldPassword":"Geheim123!","password":"Anders123!","passwordConfirmation":"Anders123!"})",
             bearer(token));
    EXPECT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(login(port(), "wechsel@example.de", "Geheim123!").status, 401);
    EXPECT_EQ(login(port(), "wechsel@example.de", "Anders123!").status, 200);
    // This session stays, the other device is logged out.
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/me", {}, bearer(token)).status, 200);
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/me", {}, bearer(other_device.token)).status, 401);
}

TEST_F(AccountsSettings, CountersAndCoins) {
    auto [id, token] = register_candidate(port(), "zaehler@example.de");
    auto n = call(port(), "GET", "/api/candidate_account/" + id + "/num_logins", {}, bearer(token));
    EXPECT_EQ(n.status, 200);
    EXPECT_EQ(field(n.body, "numLogins"), "1");   // registration does not sign in; the helper's login does
    login(port(), "zaehler@example.de", "Geheim123!");
    auto l = login(port(), "zaehler@example.de", "Geheim123!");
    EXPECT_EQ(field(call(port(), "GET", "/api/candidate_account/" + id + "/num_logins", {}, bearer(l.token)).body, "numLogins"), "3");
    std::string last = field(call(port(), "GET", "/api/candidate_account/" + id + "/last_login", {}, bearer(l.token)).body, "lastLogin");
    EXPECT_EQ(last.size(), 20u) << last;   // 2026-11-21T10:00:00Z
    // Registration 25, the first login of the day 5 (the second login that day earns nothing).
    auto c = call(port(), "GET", "/api/candidate_account/" + id + "/pb_coins/dashboard", {}, bearer(l.token));
    EXPECT_EQ(c.status, 200);
    EXPECT_EQ(field(c.body, "total"), "30");
    EXPECT_EQ(field(c.body, "currentMonth"), "30");
    EXPECT_EQ(field(c.body, "lastMonth"), "0");
    // An award of last month counts there.
    exec_sql(s_->db->url(), "INSERT INTO pb_coin_ledger (account_id, amount, reason, award_key, created_at) VALUES (" + id +
                                ", 10, 'test', 'test', date_trunc('month', now() AT TIME ZONE 'Europe/Berlin') AT TIME ZONE 'Europe/Berlin' - interval '1 day')");
    c = call(port(), "GET", "/api/candidate_account/" + id + "/pb_coins/dashboard", {}, bearer(l.token));
    EXPECT_EQ(field(c.body, "total"), "40");
    EXPECT_EQ(field(c.body, "lastMonth"), "10");
}

TEST_F(AccountsSettings, ExportHoldsWhatIsStored) {
    auto [id, token] = register_candidate(port(), "auskunft@example.de");
    auto r = call(port(), "GET", "/api/candidate_accounts/" + id + "/export", {}, bearer(token));
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_NE(r.header("content-disposition").find("attachment"), std::string::npos);
    EXPECT_EQ(r.header("content-type"), "application/zip");
    std::string doc = export_fixture::entry(r.body, "daten.json");
    EXPECT_EQ(field(doc, "/account/email"), "auskunft@example.de");
    EXPECT_EQ(field(doc, "/candidateProfile/lastName"), "Müller");
    EXPECT_EQ(field(doc, "/pbCoins/0/reason"), "registered");
    EXPECT_EQ(field(doc, "/mailTokens/0/purpose"), "verify_email");
    EXPECT_EQ(field(doc, "applications"), "[]");
    EXPECT_EQ(field(doc, "favorites"), "[]");
    EXPECT_EQ(doc.find("password_hash"), std::string::npos);
    EXPECT_EQ(doc.find("argon2"), std::string::npos);
}

TEST_F(AccountsSettings, DeleteNeedsTheWordThenRemovesEverything) {
    auto [id, token] = register_candidate(port(), "loeschen@example.de");
    auto [other, other_token] = register_candidate(port(), "bleibt@example.de");
    // Data in other tables: a favourite and an application to a job.
    exec_sql(s_->db->url(),
             "INSERT INTO organizations (id, slug, name) VALUES (9001, 'testfirma', 'Testfirma');"
             "INSERT INTO job_postings (id, slug, organization_id, title) VALUES (9001, 'testjob', 9001, 'Promoter (m/w/d)');"
             "INSERT INTO favorites (candidate_account_id, job_posting_id) VALUES (" + id + ", 9001), (" + other + ", 9001);"
             "INSERT INTO applications (job_posting_id, candidate_account_id, notes) VALUES (9001, " + id + ", 'Hallo, ich bin Jana');"
             "INSERT INTO applications (job_posting_id, candidate_account_id, notes) VALUES (9001, " + other + ", 'Hallo')");
    std::string path = "/api/candidate_accounts/" + id + "/delete";
    auto r = call(port(), "PATCH", path, R"({"confirmation":"löschen"})", bearer(token));
    EXPECT_EQ(r.status, 422);
    EXPECT_NE(r.body.find(R"({"propertyPath":"confirmation","message":"Bestätigung erforderlich"})"), std::string::npos) << r.body;
    EXPECT_EQ(call(port(), "PATCH", path, "", bearer(token)).status, 422);
    EXPECT_EQ(s_->sql("SELECT count(*) FROM accounts WHERE id = " + id), "1");

    std::string raw = raw_call(port(), "PATCH", path, R"({"confirmation":"delete"})", bearer(token));
    EXPECT_TRUE(raw.starts_with("HTTP/1.1 200")) << raw;
    for (const auto& c : set_cookies(raw)) EXPECT_NE(c.find("Max-Age=0"), std::string::npos);

    EXPECT_EQ(login(port(), "loeschen@example.de", "Geheim123!").status, 401);
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/me", {}, bearer(token)).status, 401);
    for (const std::string& q : {
             "SELECT count(*) FROM accounts WHERE id = " + id + " OR email = 'loeschen@example.de'",
             "SELECT count(*) FROM candidate_profiles WHERE account_id = " + id,
             "SELECT count(*) FROM account_tokens WHERE account_id = " + id,
             "SELECT count(*) FROM social_identities WHERE account_id = " + id,
             "SELECT count(*) FROM pb_coin_ledger WHERE account_id = " + id,
             "SELECT count(*) FROM favorites WHERE candidate_account_id = " + id,
             "SELECT count(*) FROM applications WHERE candidate_account_id = " + id,
             std::string("SELECT count(*) FROM applications WHERE notes LIKE '%Jana%'"),
         })
        EXPECT_EQ(s_->sql(q), "0") << q;
    // The application stays for the provider, without a person behind it.
    EXPECT_EQ(s_->sql("SELECT count(*) FROM applications WHERE job_posting_id = 9001"), "2");
    EXPECT_EQ(s_->sql("SELECT count(*) FROM applications WHERE job_posting_id = 9001 AND candidate_account_id < 0 AND notes = ''"), "1");
    // Sessions are gone from Redis, the other candidate keeps everything.
    EXPECT_EQ(s_->redis_cli("exists auth:acct:" + id), "0");
    EXPECT_EQ(s_->sql("SELECT count(*) FROM favorites WHERE candidate_account_id = " + other), "1");
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/me", {}, bearer(other_token)).status, 200);
    // The address is free again.
    EXPECT_EQ(call(port(), "POST", "/api/candidate_profiles/register", registration_body("loeschen@example.de", "Geheim123!")).status, 201);
}

TEST_F(AccountsSettings, ImpersonationOnlyByAdministrators) {
    auto [victim, victim_token] = register_candidate(port(), "uebernahme@example.de");
    auto [other, other_token] = register_candidate(port(), "neugierig@example.de");
    // A candidate sending _switch_user: 403, with any target.
    auto r = call(port(), "GET", "/api/candidate_accounts/me", {}, bearer(other_token) + "_switch_user: uebernahme@example.de\r\n");
    EXPECT_EQ(r.status, 403);
    EXPECT_EQ(call(port(), "PATCH", "/api/candidate_accounts/" + victim, R"({"newsletter":true})",
                   bearer(other_token) + "_switch_user: uebernahme@example.de\r\n")
                  .status,
              403);
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/me", {}, "_switch_user: uebernahme@example.de\r\n").status, 401);

    // An administrator, made by the CLI.
    auto [code, out] = run_jobhafen({{"JOBHAFEN_DATABASE_URL", s_->db->url()}}, {"admin", "create-admin", "chefin@jobhafen.example"});
    ASSERT_EQ(code, 0) << out;
    auto pos = out.find("password (shown once): ");
    ASSERT_NE(pos, std::string::npos) << out;
    std::string password = out.substr(pos + 23, 20);
    auto twice = run_jobhafen({{"JOBHAFEN_DATABASE_URL", s_->db->url()}}, {"admin", "create-admin", "chefin@jobhafen.example"});
    EXPECT_EQ(twice.first, 1) << twice.second;
    auto admin = login(port(), "chefin@jobhafen.example", password);
    ASSERT_EQ(admin.status, 200) << admin.body;
    std::string admin_id = s_->sql("SELECT id FROM accounts WHERE email = 'chefin@jobhafen.example'");
    EXPECT_EQ(s_->sql("SELECT role FROM accounts WHERE id = " + admin_id), "admin");

    // A bare address in the header is no longer enough: the grant of an administrator's POST is.
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/me", {}, bearer(admin.token) + "_switch_user: uebernahme@example.de\r\n").status,
              403);
    auto grant = call(port(), "POST", "/api/admin/impersonations", R"({"email":"uebernahme@example.de"})", bearer(admin.token));
    ASSERT_EQ(grant.status, 201) << grant.body;
    std::string as_victim = bearer(admin.token) + "_switch_user: " + field(grant.body, "grant") + "\r\n";
    auto me = call(port(), "GET", "/api/candidate_accounts/me", {}, as_victim);
    ASSERT_EQ(me.status, 200) << me.body;
    EXPECT_EQ(field(me.body, "id"), victim);
    EXPECT_EQ(field(me.body, "email"), "uebernahme@example.de");
    EXPECT_EQ(field(me.body, "impersonatorId"), admin_id);
    EXPECT_EQ(call(port(), "PATCH", "/api/candidate_accounts/" + victim, R"({"newsletter":true})", as_victim).status, 200);
    // Credentials and the account itself stay the candidate's.
    EXPECT_EQ(call(port(), "PATCH", "/api/candidate_accounts/" + victim + "/delete", R"({"confirmation":"delete"})", as_victim).status, 403);
    EXPECT_EQ(call(port(), "PATCH", "/api/candidate_accounts/" + victim + "/change_password",
                   R"({"oldPassword":"x","password":"Anders123!","passwordConfirmation":"Anders123!"})", as_victim)
                  .status,
              403);
    // An unknown target: 404.
    EXPECT_EQ(call(port(), "POST", "/api/admin/impersonations", R"({"email":"niemand@example.de"})", bearer(admin.token)).status, 404);
    // Without the header the administrator is themself.
    auto self = call(port(), "GET", "/api/candidate_accounts/me", {}, bearer(admin.token));
    EXPECT_EQ(field(self.body, "id"), admin_id);
    EXPECT_EQ(field(self.body, "impersonatorId"), "null");
}

}  // namespace
}  // namespace jh::test
