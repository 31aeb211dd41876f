// Integration tests of login and sessions: tokens and cookies, refresh rotation and reuse
// detection, expired / tampered / alg-none tokens, the same-origin rule for cookie requests,
// login throttling per account and per address, logout, blocked accounts.
#include <sodium.h>

#include <algorithm>

#include "actors/roles.h"
#include "reactor/auth.h"
#include "tests/integration/accounts_fixture.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;

class AccountsSession : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        // This process signs tokens too (ExpiredAccessTokenIs401): with the server's role names.
        auth::use_role_names(auth::role_names);
        s_ = new stack;
        s_->start("accsess", false);
    }
    static void TearDownTestSuite() {
        s_->stop();
        delete s_;
    }
    // Every test starts with empty login windows (all its logins come from 127.0.0.1).
    void SetUp() override { s_->flush_redis(); }
    static int port() { return s_->port; }
    static stack* s_;
};
stack* AccountsSession::s_ = nullptr;

// The claims of a token as JSON (its middle part).
std::string claims_of(const std::string& token) {
    auto a = token.find('.'), b = token.rfind('.');
    return auth::base64url_decode(token.substr(a + 1, b - a - 1)).value_or("");
}

TEST_F(AccountsSession, LoginAnswersTokensAndSetsCookies) {
    register_candidate(port(), "login@example.de");
    std::string raw = raw_call(port(), "POST", "/api/login", R"({"email":"login@example.de","password":"Geheim123!"})");
    ASSERT_TRUE(raw.starts_with("HTTP/1.1 200")) << raw;
    auto cookies = set_cookies(raw);
    ASSERT_EQ(cookies.size(), 2u) << raw;
    for (const auto& c : cookies) {
        EXPECT_TRUE(c.starts_with("auth")) << c;
        EXPECT_NE(c.find("; Max-Age=2592000"), std::string::npos) << c;
        EXPECT_NE(c.find("; Path=/"), std::string::npos) << c;
        EXPECT_NE(c.find("; HttpOnly"), std::string::npos) << c;
        EXPECT_NE(c.find("; Secure"), std::string::npos) << c;
        EXPECT_NE(c.find("; SameSite=Lax"), std::string::npos) << c;
    }
    std::string body = raw.substr(raw.find("\r\n\r\n") + 4);
    std::string token = field(body, "token");
    EXPECT_EQ(cookie_from(cookies, "auth_token"), token);
    // The refresh token only as the HttpOnly cookie, never where a script could read it.
    EXPECT_FALSE(cookie_from(cookies, "auth_refresh_token").empty());
    EXPECT_EQ(body.find("refresh_token"), std::string::npos) << body;
    // 900 seconds, HS256.
    std::string claims = claims_of(token);
    EXPECT_EQ(std::stoll(field(claims, "exp")) - std::stoll(field(claims, "iat")), 900);
    EXPECT_EQ(auth::base64url_decode(token.substr(0, token.find('.'))).value(), R"({"alg":"HS256","typ":"JWT"})");
    // Bearer and cookie both work for reading.
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/me", {}, bearer(token)).status, 200);
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/me", {}, "Cookie: auth_token=" + token + "\r\n").status, 200);
    // The refresh token is stored only as a hash.
    EXPECT_EQ(s_->redis_cli("exists auth:rt:" + cookie_from(cookies, "auth_refresh_token")), "0");
}

TEST_F(AccountsSession, WrongPasswordIs401WithTheMessage) {
    register_candidate(port(), "falsch@example.de");
    auto l = login(port(), "falsch@example.de", "Geheim123?");
    EXPECT_EQ(l.status, 401);
    EXPECT_EQ(field(l.body, "message"), "E-Mail-Adresse oder Passwort ist falsch.");
    auto unknown = login(port(), "gibtsnicht@example.de", "Geheim123?");
    EXPECT_EQ(unknown.status, 401);
    EXPECT_EQ(unknown.body, l.body);
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/me").status, 401);
}

TEST_F(AccountsSession, BlockedAccountIs401Inactive) {
    register_candidate(port(), "gesperrt@example.de");
    exec_sql(s_->db->url(), "UPDATE accounts SET blocked = true WHERE email = 'gesperrt@example.de'");
    auto l = login(port(), "gesperrt@example.de", "Geheim123!");
    EXPECT_EQ(l.status, 401);
    EXPECT_EQ(field(l.body, "message"), "Dein Konto ist gesperrt. Bitte wende dich an unseren Support.");
    // With a wrong password it says nothing about the block.
    EXPECT_EQ(field(login(port(), "gesperrt@example.de", "Falsch123!").body, "message"), "E-Mail-Adresse oder Passwort ist falsch.");
}

TEST_F(AccountsSession, RefreshRotatesAndReuseRevokesTheWholeFamily) {
    register_candidate(port(), "rotation@example.de");
    auto l = login(port(), "rotation@example.de", "Geheim123!");
    ASSERT_EQ(l.status, 200);
    std::string raw1 = raw_call(port(), "POST", "/api/token/refresh", R"({"refresh_token":")" + l.refresh + R"("})");
    ASSERT_TRUE(raw1.starts_with("HTTP/1.1 200")) << raw1;
    std::string newest_refresh = cookie_from(set_cookies(raw1), "auth_refresh_token");
    std::string newest_access = field(raw1.substr(raw1.find("\r\n\r\n") + 4), "token");
    EXPECT_NE(newest_refresh, l.refresh);
    EXPECT_EQ(field(claims_of(newest_access), "sid"), field(claims_of(l.token), "sid"));
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/me", {}, bearer(newest_access)).status, 200);

    // The old refresh token again: refused, and the family is gone.
    auto reuse = call(port(), "POST", "/api/token/refresh", R"({"refresh_token":")" + l.refresh + R"("})");
    EXPECT_EQ(reuse.status, 401);
    auto newest = call(port(), "POST", "/api/token/refresh", R"({"refresh_token":")" + newest_refresh + R"("})");
    EXPECT_EQ(newest.status, 401);
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/me", {}, bearer(newest_access)).status, 401);
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/me", {}, bearer(l.token)).status, 401);
    // Another login of the same account is not affected.
    auto other = login(port(), "rotation@example.de", "Geheim123!");
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/me", {}, bearer(other.token)).status, 200);
    // Garbage is simply 401.
    EXPECT_EQ(call(port(), "POST", "/api/token/refresh", R"({"refresh_token":"nope"})").status, 401);
    EXPECT_EQ(call(port(), "POST", "/api/token/refresh", "").status, 401);
}

TEST_F(AccountsSession, RefreshByCookieNeedsSameOrigin) {
    register_candidate(port(), "cookierefresh@example.de");
    auto l = login(port(), "cookierefresh@example.de", "Geheim123!");
    std::string cookie = "Cookie: auth_refresh_token=" + l.refresh + "\r\n";
    EXPECT_EQ(call(port(), "POST", "/api/token/refresh", "", cookie + "Origin: https://evil.example\r\n").status, 403);
    std::string raw = raw_call(port(), "POST", "/api/token/refresh", "", cookie + "Origin: " + s_->origin + "\r\n");
    EXPECT_TRUE(raw.starts_with("HTTP/1.1 200")) << raw;
    EXPECT_EQ(set_cookies(raw).size(), 2u);
}

TEST_F(AccountsSession, ExpiredAccessTokenIs401) {
    auto [id, token] = register_candidate(port(), "abgelaufen@example.de");
    // The same session, signed with the server's key, but 16 minutes old.
    auth::access_claims c;
    c.account_id = std::stoll(id);
    c.session = field(claims_of(token), "sid");
    c.issued_at = auth::unix_now() - 960;
    c.expires_at = c.issued_at + 900;
    std::string expired = auth::sign_access_token(c, auth::derive_signing_key(test_secret));
    auto r = call(port(), "GET", "/api/candidate_accounts/me", {}, bearer(expired));
    EXPECT_EQ(r.status, 401);
    // Proof that only the time was wrong: the same claims with a future expiry pass.
    c.expires_at = auth::unix_now() + 60;
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/me", {}, bearer(auth::sign_access_token(c, auth::derive_signing_key(test_secret)))).status,
              200);
}

TEST_F(AccountsSession, TamperedAndAlgNoneTokensAre401) {
    auto [id, token] = register_candidate(port(), "manipuliert@example.de");
    ASSERT_EQ(call(port(), "GET", "/api/candidate_accounts/me", {}, bearer(token)).status, 200);
    auto dot1 = token.find('.'), dot2 = token.rfind('.');
    std::string payload = claims_of(token);
    // Another account id in the payload, the old signature.
    std::string other = payload;
    other.replace(other.find("\"sub\":\"" + id + "\""), 8 + id.size(), "\"sub\":\"" + std::to_string(std::stoll(id) + 1) + "\"");
    std::string tampered = token.substr(0, dot1 + 1) + auth::base64url_encode(other) + token.substr(dot2);
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/me", {}, bearer(tampered)).status, 401);
    // alg: none with the genuine payload and no signature.
    std::string none = auth::base64url_encode(R"({"alg":"none","typ":"JWT"})") + "." + auth::base64url_encode(payload) + ".";
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/me", {}, bearer(none)).status, 401);
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/me", {}, "Cookie: auth_token=" + none + "\r\n").status, 401);
    // HS512 over the genuine payload with the right key: the algorithm alone is enough to refuse.
    std::string hs512 = auth::base64url_encode(R"({"alg":"HS512","typ":"JWT"})") + "." + auth::base64url_encode(payload);
    unsigned char mac[crypto_auth_hmacsha512_BYTES];
    auto key = auth::derive_signing_key(test_secret);
    crypto_auth_hmacsha512_state st;
    crypto_auth_hmacsha512_init(&st, key.bytes.data(), key.bytes.size());
    crypto_auth_hmacsha512_update(&st, reinterpret_cast<const unsigned char*>(hs512.data()), hs512.size());
    crypto_auth_hmacsha512_final(&st, mac);
    hs512 += "." + auth::base64url_encode(std::string_view(reinterpret_cast<const char*>(mac), sizeof mac));
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/me", {}, bearer(hs512)).status, 401);
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/me", {}, bearer("kein.jwt")).status, 401);
}

TEST_F(AccountsSession, CrossSitePostWithCookiesIs403) {
    auto [id, token] = register_candidate(port(), "csrf@example.de");
    std::string path = "/api/candidate_accounts/" + id;
    std::string cookie = "Cookie: auth_token=" + token + "\r\n";
    const std::string body = R"({"newsletter":true})";
    auto evil = call(port(), "PATCH", path, body, cookie + "Origin: https://evil.example\r\n");
    EXPECT_EQ(evil.status, 403);
    EXPECT_EQ(call(port(), "PATCH", path, body, cookie).status, 403);   // no Origin, no Sec-Fetch-Site
    EXPECT_EQ(call(port(), "PATCH", path, body, cookie + "Sec-Fetch-Site: cross-site\r\n").status, 403);
    EXPECT_EQ(call(port(), "POST", "/api/logout", "", cookie + "Origin: https://evil.example\r\n").status, 403);
    EXPECT_EQ(s_->sql("SELECT newsletter FROM accounts WHERE id = " + id), "f");
    // From our own pages, and with a bearer token from anywhere, it works.
    EXPECT_EQ(call(port(), "PATCH", path, body, cookie + "Origin: " + s_->origin + "\r\n").status, 200);
    EXPECT_EQ(call(port(), "PATCH", path, R"({"jobletter":true})", cookie + "Sec-Fetch-Site: same-origin\r\n").status, 200);
    EXPECT_EQ(call(port(), "PATCH", path, R"({"profilePublic":true})", bearer(token) + "Origin: https://evil.example\r\n").status, 200);
    EXPECT_EQ(s_->sql("SELECT newsletter AND jobletter AND profile_public FROM accounts WHERE id = " + id), "t");
    // Logging in from a foreign page is refused too (it would set our cookies: login CSRF).
    EXPECT_EQ(call(port(), "POST", "/api/login", R"({"email":"csrf@example.de","password":"Geheim123!"})",
                   "Origin: https://evil.example\r\n")
                  .status,
              403);
    EXPECT_EQ(call(port(), "POST", "/api/login", R"({"email":"csrf@example.de","password":"Geheim123!"})",
                   "Origin: " + s_->origin + "\r\n")
                  .status,
              200);
    // Safe methods with cookies are fine from anywhere.
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/me", {}, cookie + "Origin: https://evil.example\r\n").status, 200);
}

TEST_F(AccountsSession, EleventhWrongPasswordIs429AlsoForUnknownAddresses) {
    register_candidate(port(), "ratelimit@example.de");
    std::vector<double> known_ms, unknown_ms;
    for (int i = 0; i < 10; ++i) {
        auto t0 = std::chrono::steady_clock::now();
        auto k = login(port(), "ratelimit@example.de", "Falsch123!");
        auto t1 = std::chrono::steady_clock::now();
        auto u = login(port(), "niemand@example.de", "Falsch123!");
        auto t2 = std::chrono::steady_clock::now();
        EXPECT_EQ(k.status, 401) << i;
        EXPECT_EQ(u.status, 401) << i;
        EXPECT_EQ(k.body, u.body);
        known_ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
        unknown_ms.push_back(std::chrono::duration<double, std::milli>(t2 - t1).count());
    }
    auto k = login(port(), "ratelimit@example.de", "Falsch123!");
    auto u = login(port(), "niemand@example.de", "Falsch123!");
    EXPECT_EQ(k.status, 429);
    EXPECT_EQ(u.status, 429);
    EXPECT_EQ(k.body, u.body);
    EXPECT_TRUE(field(k.body, "message").starts_with("Zu viele fehlgeschlagene Anmeldeversuche. Bitte warte ")) << k.body;
    EXPECT_FALSE(k.retry_after.empty());
    // Now even the right password from this client waits.
    EXPECT_EQ(login(port(), "ratelimit@example.de", "Geheim123!").status, 429);
    // An unknown address costs a password hash check too (the dummy hash): not a fraction of a
    // known one. Loose on purpose: this guards the dummy hash, it is not a benchmark.
    std::sort(known_ms.begin(), known_ms.end());
    std::sort(unknown_ms.begin(), unknown_ms.end());
    EXPECT_GT(unknown_ms[5], known_ms[5] / 3) << "median known " << known_ms[5] << " ms, unknown " << unknown_ms[5] << " ms";
}

TEST_F(AccountsSession, RightPasswordForgetsTheAccountsFailures) {
    register_candidate(port(), "vergesslich@example.de");
    for (int i = 0; i < 9; ++i) EXPECT_EQ(login(port(), "vergesslich@example.de", "Falsch123!").status, 401);
    EXPECT_EQ(login(port(), "vergesslich@example.de", "Geheim123!").status, 200);
    for (int i = 0; i < 9; ++i) EXPECT_EQ(login(port(), "vergesslich@example.de", "Falsch123!").status, 401);
    EXPECT_EQ(login(port(), "vergesslich@example.de", "Geheim123!").status, 200);
}

TEST_F(AccountsSession, FiftyFailuresFromOneAddressAre429) {
    register_candidate(port(), "adresse@example.de");
    for (int i = 0; i < 50; ++i)
        EXPECT_EQ(login(port(), "raten" + std::to_string(i) + "@example.de", "Falsch123!").status, 401) << i;
    EXPECT_EQ(login(port(), "raten-neu@example.de", "Falsch123!").status, 429);
    EXPECT_EQ(login(port(), "adresse@example.de", "Geheim123!").status, 429);
}

TEST_F(AccountsSession, LogoutEndsTheSessionAndClearsCookies) {
    register_candidate(port(), "logout@example.de");
    auto l = login(port(), "logout@example.de", "Geheim123!");
    auto keep = login(port(), "logout@example.de", "Geheim123!");
    ASSERT_EQ(l.status, 200) << l.body;
    ASSERT_EQ(keep.status, 200) << keep.body;
    std::string raw = raw_call(port(), "POST", "/api/logout", "", bearer(l.token));
    EXPECT_TRUE(raw.starts_with("HTTP/1.1 204")) << raw;
    auto cookies = set_cookies(raw);
    ASSERT_EQ(cookies.size(), 2u);
    for (const auto& c : cookies) EXPECT_NE(c.find("Max-Age=0"), std::string::npos) << c;
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/me", {}, bearer(l.token)).status, 401);
    EXPECT_EQ(call(port(), "POST", "/api/token/refresh", R"({"refresh_token":")" + l.refresh + R"("})").status, 401);
    auto kept = call(port(), "GET", "/api/candidate_accounts/me", {}, bearer(keep.token));
    EXPECT_EQ(kept.status, 200) << kept.body;
    // Logging out by refresh token (cookie, same origin) works too; twice is harmless.
    EXPECT_EQ(call(port(), "POST", "/api/logout", "", "Cookie: auth_refresh_token=" + keep.refresh + "\r\nOrigin: " + s_->origin + "\r\n").status,
              204);
    EXPECT_EQ(call(port(), "GET", "/api/candidate_accounts/me", {}, bearer(keep.token)).status, 401);
    EXPECT_EQ(call(port(), "POST", "/api/logout", "").status, 204);
}

}  // namespace
}  // namespace jh::test
