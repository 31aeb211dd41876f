// Integration tests of social sign-in, end to end against a small OpenID Connect provider on
// loopback (tests/support/oidc_provider.py): authorization code with PKCE and state, account
// creation, code 100 and 101, campaign parameters carried through, a provider without
// configuration not offered.
#include "tests/integration/accounts_fixture.h"
#include "tests/integration/accounts_oauth_flow.h"
#include "tests/support/oidc_provider.h"

namespace jh::test {
namespace {

using namespace accounts_fixture;

class AccountsSocial : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        provider_ = new oidc_provider();
        s_ = new stack;
        s_->start("accsocial", false, provider_->env("google"));
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
stack* AccountsSocial::s_ = nullptr;
oidc_provider* AccountsSocial::provider_ = nullptr;

std::string query_value(const std::string& url, const std::string& key) {
    auto q = url.find('?');
    std::string_view rest = q == std::string::npos ? std::string_view{} : std::string_view(url).substr(q + 1);
    while (!rest.empty()) {
        auto amp = rest.find('&');
        std::string_view pair = rest.substr(0, amp);
        rest = amp == std::string_view::npos ? std::string_view{} : rest.substr(amp + 1);
        auto eq = pair.find('=');
        if (pair.substr(0, eq) == key) return std::string(eq == std::string_view::npos ? "" : pair.substr(eq + 1));
    }
    return {};
}

TEST_F(AccountsSocial, OnlyConfiguredProvidersAreOffered) {
    auto r = call(port(), "GET", "/api/oauth/providers");
    EXPECT_EQ(r.status, 200);
    EXPECT_EQ(field(r.body, "providers"), R"(["google"])");
    for (const char* p : {"apple", "facebook", "microsoft", "myspace"}) {
        EXPECT_EQ(call(port(), "GET", std::string("/api/oauth/login/") + p).status, 404) << p;
        EXPECT_EQ(call(port(), "GET", std::string("/api/oauth/register/") + p).status, 404) << p;
    }
}

TEST_F(AccountsSocial, StartUsesPkceStateAndNonce) {
    std::string start = raw_call(port(), "GET", "/api/oauth/login/google");
    std::string url = header_of(start, "Location");
    EXPECT_TRUE(url.starts_with(provider_->base_url() + "/authorize?")) << url;
    EXPECT_EQ(query_value(url, "response_type"), "code");
    EXPECT_EQ(query_value(url, "client_id"), "jobhafen-test");
    EXPECT_EQ(query_value(url, "code_challenge_method"), "S256");
    EXPECT_EQ(query_value(url, "code_challenge").size(), 43u);
    EXPECT_GE(query_value(url, "state").size(), 32u);
    EXPECT_FALSE(query_value(url, "nonce").empty());
    EXPECT_EQ(query_value(url, "redirect_uri"), "http%3A%2F%2F127.0.0.1%3A" + std::to_string(port()) + "%2Fapi%2Foauth%2Fcallback%2Fgoogle");
    auto cookie = set_cookies(start);
    ASSERT_EQ(cookie.size(), 1u);
    EXPECT_NE(cookie[0].find("HttpOnly"), std::string::npos);
    EXPECT_EQ(cookie_from(cookie, "auth_oauth_state"), query_value(url, "state"));
}

TEST_F(AccountsSocial, RegisterCreatesAnAccountAndASecondSignInAnswers101) {
    auto first = sign_in(port(), "register", "sozial@example.de", "?utm_source=insta&utm_campaign=herbst&secret=x");
    EXPECT_EQ(first.location, s_->origin + "/?success=1&utm_source=insta&utm_campaign=herbst") << first.location;
    std::string token = cookie_from(first.cookies, "auth_token");
    ASSERT_FALSE(token.empty());
    EXPECT_FALSE(cookie_from(first.cookies, "auth_refresh_token").empty());
    auto me = call(port(), "GET", "/api/candidate_accounts/me", {}, bearer(token));
    ASSERT_EQ(me.status, 200) << me.body;
    EXPECT_EQ(field(me.body, "email"), "sozial@example.de");
    EXPECT_EQ(field(me.body, "emailVerified"), "true");
    EXPECT_EQ(field(me.body, "hasPassword"), "false");
    EXPECT_EQ(field(me.body, "socialProviders"), R"(["google"])");
    EXPECT_EQ(field(me.body, "/candidateProfile/firstName"), "Sina");
    EXPECT_EQ(s_->sql("SELECT registered_via || ' ' || (registration_query->>'utm_campaign') FROM accounts WHERE email = 'sozial@example.de'"),
              "google herbst");
    // The provider saw the PKCE verifier and our client secret.
    EXPECT_NE(provider_->token_log().find("code_verifier"), std::string::npos);

    // The same email again (another identity at the provider): an account exists → code 101.
    auto second = sign_in(port(), "register", "sozial@example.de", "", "another-subject");
    EXPECT_EQ(second.location, s_->origin + "/oauthError?provider=google&code=101") << second.location;
    EXPECT_EQ(cookie_from(second.cookies, "auth_token"), "");
    EXPECT_EQ(s_->sql("SELECT count(*) FROM accounts WHERE email = 'sozial@example.de'"), "1");
    // And an account registered with a password answers 101 as well.
    register_candidate(port(), "mitpasswort@example.de");
    EXPECT_EQ(sign_in(port(), "register", "mitpasswort@example.de").location, s_->origin + "/oauthError?provider=google&code=101");
}

TEST_F(AccountsSocial, LoginWithoutAccountAnswers100) {
    auto r = sign_in(port(), "login", "unbekannt.sozial@example.de", "?utm_source=x");
    EXPECT_EQ(r.location, s_->origin + "/oauthError?provider=google&code=100&utm_source=x");
    EXPECT_EQ(s_->sql("SELECT count(*) FROM accounts WHERE email = 'unbekannt.sozial@example.de'"), "0");
}

TEST_F(AccountsSocial, LoginAfterRegistrationLogsIn) {
    sign_in(port(), "register", "wieder@example.de");
    auto r = sign_in(port(), "login", "wieder@example.de");
    EXPECT_EQ(r.location, s_->origin + "/");
    std::string token = cookie_from(r.cookies, "auth_token");
    EXPECT_EQ(field(call(port(), "GET", "/api/candidate_accounts/me", {}, bearer(token)).body, "email"), "wieder@example.de");
    EXPECT_EQ(s_->sql("SELECT num_logins FROM accounts WHERE email = 'wieder@example.de'"), "2");
}

TEST_F(AccountsSocial, LoginLinksAVerifiedAddressToAnExistingAccount) {
    register_candidate(port(), "verknuepfen@example.de");
    auto r = sign_in(port(), "login", "verknuepfen@example.de");
    EXPECT_EQ(r.location, s_->origin + "/");
    EXPECT_EQ(s_->sql("SELECT count(*) FROM social_identities s JOIN accounts a ON a.id = s.account_id "
                      "WHERE a.email = 'verknuepfen@example.de' AND s.provider = 'google'"),
              "1");
}

TEST_F(AccountsSocial, CallbackWithoutTheBrowsersStateFails) {
    std::string start = raw_call(port(), "GET", "/api/oauth/login/google");
    std::string url = header_of(start, "Location");
    auto path_start = url.find('/', url.find("//") + 2);
    std::string at_provider = raw_call(provider_->port(), "GET", url.substr(path_start) + "&test_email=x@example.de");
    std::string callback = header_of(at_provider, "Location");
    std::string path = callback.substr(callback.find('/', callback.find("//") + 2));
    // No state cookie (another browser): refused, and the code is not spent on it.
    std::string done = raw_call(port(), "GET", path);
    EXPECT_TRUE(done.starts_with("HTTP/1.1 302")) << done;
    EXPECT_TRUE(header_of(done, "Location").starts_with(s_->origin + "/oauthError?provider=google&message=")) << done;
    EXPECT_EQ(cookie_from(set_cookies(done), "auth_token"), "");
    // The provider reporting an error (the user said no).
    std::string denied = raw_call(port(), "GET", "/api/oauth/callback/google?error=access_denied&state=x");
    EXPECT_EQ(header_of(denied, "Location"), s_->origin + "/oauthError?provider=google&error=access_denied");
}

}  // namespace
}  // namespace jh::test
