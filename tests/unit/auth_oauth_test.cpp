// Unit tests of the pure parts of social sign-in (actors/accounts/oauth.h): PKCE, the
// authorization URL, the id_token checks, the campaign query, the provider table.
#include <gtest/gtest.h>

#include "actors/accounts/oauth.h"
#include "reactor/auth.h"
#include "reactor/config.h"

namespace jh::accounts {
namespace {

oauth_provider test_provider() {
    oauth_provider p;
    p.name = "google";
    p.client_id = "client-1";
    p.client_secret = "s3cret";
    p.authorize_url = "https://id.example/authorize";
    p.issuer = "https://id.example";
    p.scope = "openid email profile";
    return p;
}

std::string id_token(std::string_view payload) {
    return auth::base64url_encode(R"({"alg":"RS256"})") + "." + auth::base64url_encode(payload) + ".c2ln";
}

constexpr std::int64_t now = 1'800'000'000;

TEST(AuthOauth, PkceChallengeIsRfc7636) {
    // RFC 7636, appendix B.
    EXPECT_EQ(pkce_challenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"), "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
}

TEST(AuthOauth, AuthorizationUrlCarriesStateNonceAndChallenge) {
    auto url = authorization_url(test_provider(), "https://www.jobhafen.de/api/oauth/callback/google", "st4te", "ch4llenge", "n0nce");
    EXPECT_TRUE(url.starts_with("https://id.example/authorize?response_type=code&client_id=client-1&"));
    EXPECT_NE(url.find("redirect_uri=https%3A%2F%2Fwww.jobhafen.de%2Fapi%2Foauth%2Fcallback%2Fgoogle"), std::string::npos);
    EXPECT_NE(url.find("scope=openid%20email%20profile"), std::string::npos);
    EXPECT_NE(url.find("state=st4te"), std::string::npos);
    EXPECT_NE(url.find("nonce=n0nce"), std::string::npos);
    EXPECT_NE(url.find("code_challenge=ch4llenge&code_challenge_method=S256"), std::string::npos);
    EXPECT_EQ(url.find("response_mode"), std::string::npos);
    auto apple = test_provider();
    apple.form_post = true;
    EXPECT_NE(authorization_url(apple, "x", "s", "c", "n").find("response_mode=form_post"), std::string::npos);
}

TEST(AuthOauth, IdTokenClaimsAreRead) {
    auto id = read_id_token(id_token(R"({"iss":"https://id.example","aud":"client-1","exp":1800000100,"nonce":"n0nce",
        "sub":"1234","email":"jana@example.de","email_verified":true,"given_name":"Jana","family_name":"Müller"})"),
                            test_provider(), "n0nce", now);
    ASSERT_TRUE(id.has_value()) << id.error();
    EXPECT_EQ(id->subject, "1234");
    EXPECT_EQ(id->email, "jana@example.de");
    EXPECT_TRUE(id->email_verified);
    EXPECT_EQ(id->given_name, "Jana");
    EXPECT_EQ(id->family_name, "Müller");
}

TEST(AuthOauth, IdTokenChecksIssuerAudienceExpiryAndNonce) {
    auto p = test_provider();
    EXPECT_FALSE(read_id_token(id_token(R"({"iss":"https://evil.example","aud":"client-1","exp":1800000100,"nonce":"n","sub":"1"})"), p, "n", now));
    EXPECT_FALSE(read_id_token(id_token(R"({"iss":"https://id.example","aud":"other","exp":1800000100,"nonce":"n","sub":"1"})"), p, "n", now));
    EXPECT_FALSE(read_id_token(id_token(R"({"iss":"https://id.example","aud":"client-1","exp":1799999999,"nonce":"n","sub":"1"})"), p, "n", now));
    EXPECT_FALSE(read_id_token(id_token(R"({"iss":"https://id.example","aud":"client-1","exp":1800000100,"nonce":"x","sub":"1"})"), p, "n", now));
    EXPECT_FALSE(read_id_token(id_token(R"({"iss":"https://id.example","aud":"client-1","exp":1800000100,"nonce":"n"})"), p, "n", now));
    // aud as a list; Apple's email_verified as a string.
    auto ok = read_id_token(id_token(R"({"iss":"https://id.example","aud":["x","client-1"],"exp":1800000100,"nonce":"n","sub":"1",
        "email":"a@b.de","email_verified":"true"})"), p, "n", now);
    ASSERT_TRUE(ok.has_value());
    EXPECT_TRUE(ok->email_verified);
    EXPECT_FALSE(read_id_token("not-a-jwt", p, "n", now));
}

TEST(AuthOauth, UserinfoWithOneName) {
    auto p = test_provider();
    p.email_trusted_without_flag = true;   // Facebook
    auto id = read_userinfo(R"({"id":"998","name":"Jana Maria Müller","email":"jana@example.de"})", p);
    ASSERT_TRUE(id.has_value());
    EXPECT_EQ(id->subject, "998");
    EXPECT_EQ(id->given_name, "Jana Maria");
    EXPECT_EQ(id->family_name, "Müller");
    EXPECT_TRUE(id->email_verified);
}

TEST(AuthOauth, CampaignQueryKeepsOnlyCampaignParameters) {
    EXPECT_EQ(campaign_query("utm_source=news%20letter&foo=bar&mtm_cid=7&gclid=x&token=secret"),
              "utm_source=news%20letter&mtm_cid=7&gclid=x");
    EXPECT_EQ(campaign_query(""), "");
    EXPECT_EQ(campaign_query("a=1&b=2"), "");
}

TEST(AuthOauth, ProviderWithoutClientIdIsNotOffered) {
    oauth_settings c;
    EXPECT_TRUE(oauth_providers(c).names().empty());
    c.google.client_id = "g";
    c.apple.client_id = "a";
    oauth_providers p(c);
    EXPECT_EQ(p.names(), (std::vector<std::string_view>{"apple", "google"}));
    ASSERT_NE(p.find("apple"), nullptr);
    EXPECT_TRUE(p.find("apple")->form_post);
    EXPECT_EQ(p.find("google")->token_url, "https://oauth2.googleapis.com/token");
    EXPECT_EQ(p.find("facebook"), nullptr);
    EXPECT_EQ(p.find("microsoft"), nullptr);
}

}  // namespace
}  // namespace jh::accounts
