// Unit tests of the access token (reactor/auth.h): HS256 only, signature before claims, expiry.
#include <gtest/gtest.h>
#include <sodium.h>

#include <array>

#include "reactor/auth.h"

namespace jh::auth {
namespace {

const signing_key key = derive_signing_key("unit-test-secret-0123456789-abcdefghij");
constexpr std::int64_t now = 1'800'000'000;

// The reactor knows no role: these tests name their own, as app/ names accounts' (actors/roles.h).
constexpr std::array<std::string_view, 3> test_role_names{"candidate", "organization_member", "admin"};
constexpr role_id first_role{0};

class AuthJwt : public ::testing::Test {
protected:
    void SetUp() override { use_role_names(test_role_names); }
};

access_claims sample() {
    access_claims c;
    c.account_id = 42;
    c.account_role = first_role;
    c.session = "family-abc";
    c.issued_at = now - 10;
    c.expires_at = now + 890;
    return c;
}

// header.payload signed with `k` by HMAC-SHA256, whatever the header says.
std::string sign_raw(std::string_view header_json, std::string_view payload_json, const signing_key& k = key) {
    std::string t = base64url_encode(header_json) + "." + base64url_encode(payload_json);
    unsigned char mac[crypto_auth_hmacsha256_BYTES];
    crypto_auth_hmacsha256_state st;
    crypto_auth_hmacsha256_init(&st, k.bytes.data(), k.bytes.size());
    crypto_auth_hmacsha256_update(&st, reinterpret_cast<const unsigned char*>(t.data()), t.size());
    crypto_auth_hmacsha256_final(&st, mac);
    return t + "." + base64url_encode(std::string_view(reinterpret_cast<const char*>(mac), sizeof mac));
}

constexpr std::string_view good_payload = R"({"sub":"42","sid":"family-abc","role":"candidate","iat":1799999990,"exp":1800000890})";

TEST_F(AuthJwt, SignedTokenVerifiesWithItsClaims) {
    auto t = sign_access_token(sample(), key);
    auto c = verify_access_token(t, key, now);
    ASSERT_TRUE(c.has_value()) << describe(c.error());
    EXPECT_EQ(c->account_id, 42);
    EXPECT_EQ(c->account_role, first_role);
    EXPECT_EQ(c->session, "family-abc");
    EXPECT_EQ(c->expires_at, now + 890);
}

TEST_F(AuthJwt, HeaderIsHs256Jwt) {
    auto t = sign_access_token(sample(), key);
    auto header = base64url_decode(t.substr(0, t.find('.')));
    ASSERT_TRUE(header);
    EXPECT_EQ(*header, R"({"alg":"HS256","typ":"JWT"})");
}

TEST_F(AuthJwt, TamperedPayloadIsRejected) {
    auto t = sign_access_token(sample(), key);
    auto dot1 = t.find('.'), dot2 = t.rfind('.');
    std::string forged = base64url_encode(R"({"sub":"1","sid":"family-abc","role":"admin","iat":1799999990,"exp":1800000890})");
    std::string tampered = t.substr(0, dot1 + 1) + forged + t.substr(dot2);
    EXPECT_EQ(verify_access_token(tampered, key, now).error(), token_error::bad_signature);
}

TEST_F(AuthJwt, TamperedSignatureIsRejected) {
    auto t = sign_access_token(sample(), key);
    t.back() = t.back() == 'A' ? 'B' : 'A';
    EXPECT_FALSE(verify_access_token(t, key, now).has_value());
}

TEST_F(AuthJwt, OtherKeyIsRejected) {
    auto t = sign_access_token(sample(), derive_signing_key("another-secret-0123456789-abcdefghijk"));
    EXPECT_EQ(verify_access_token(t, key, now).error(), token_error::bad_signature);
}

TEST_F(AuthJwt, AlgNoneIsRejected) {
    std::string none = base64url_encode(R"({"alg":"none","typ":"JWT"})") + "." + base64url_encode(good_payload) + ".";
    EXPECT_EQ(verify_access_token(none, key, now).error(), token_error::unsupported_algorithm);
    // Also with a (valid-looking) signature part and in other spellings.
    EXPECT_EQ(verify_access_token(sign_raw(R"({"alg":"none"})", good_payload), key, now).error(), token_error::unsupported_algorithm);
    EXPECT_EQ(verify_access_token(sign_raw(R"({"alg":"None"})", good_payload), key, now).error(), token_error::unsupported_algorithm);
    EXPECT_EQ(verify_access_token(sign_raw(R"({"typ":"JWT"})", good_payload), key, now).error(), token_error::unsupported_algorithm);
}

TEST_F(AuthJwt, EveryOtherAlgorithmIsRejectedEvenWithAValidMac) {
    for (std::string_view alg : {"HS384", "HS512", "RS256", "ES256", "PS256", "hs256", "HS256 "}) {
        std::string header = R"({"alg":")" + std::string(alg) + R"(","typ":"JWT"})";
        EXPECT_EQ(verify_access_token(sign_raw(header, good_payload), key, now).error(), token_error::unsupported_algorithm) << alg;
    }
    // The same HMAC under the pinned header is fine: only the algorithm name was wrong above.
    EXPECT_TRUE(verify_access_token(sign_raw(R"({"alg":"HS256","typ":"JWT"})", good_payload), key, now).has_value());
}

TEST_F(AuthJwt, CriticalHeaderAndOtherTypesAreRejected) {
    EXPECT_EQ(verify_access_token(sign_raw(R"({"alg":"HS256","crit":["exp"]})", good_payload), key, now).error(),
              token_error::unsupported_algorithm);
    EXPECT_EQ(verify_access_token(sign_raw(R"({"alg":"HS256","typ":"JWE"})", good_payload), key, now).error(),
              token_error::unsupported_algorithm);
}

TEST_F(AuthJwt, ExpiredTokenIsRejected) {
    auto c = sample();
    c.expires_at = now;   // exp == now is already too late
    EXPECT_EQ(verify_access_token(sign_access_token(c, key), key, now).error(), token_error::expired);
    c.expires_at = now - 1;
    EXPECT_EQ(verify_access_token(sign_access_token(c, key), key, now).error(), token_error::expired);
    // Logout may still read the session of an expired token.
    EXPECT_TRUE(verify_access_token(sign_access_token(c, key), key, now, false).has_value());
}

TEST_F(AuthJwt, TokenFromTheFutureIsRejected) {
    auto c = sample();
    c.issued_at = now + 3600;
    c.expires_at = now + 4500;
    EXPECT_EQ(verify_access_token(sign_access_token(c, key), key, now).error(), token_error::invalid_claims);
}

TEST_F(AuthJwt, MissingOrWrongClaimsAreRejected) {
    const std::string_view header = R"({"alg":"HS256","typ":"JWT"})";
    for (std::string_view payload : {
             R"({"sid":"f","role":"candidate","iat":1799999990,"exp":1800000890})",               // no sub
             R"({"sub":42,"sid":"f","role":"candidate","iat":1799999990,"exp":1800000890})",      // sub not a string
             R"({"sub":"x1","sid":"f","role":"candidate","iat":1799999990,"exp":1800000890})",    // sub not a number
             R"({"sub":"42","role":"candidate","iat":1799999990,"exp":1800000890})",              // no sid
             R"({"sub":"42","sid":"f","role":"root","iat":1799999990,"exp":1800000890})",         // unknown role
             R"({"sub":"42","sid":"f","role":"candidate","iat":1799999990})",                     // no exp
             R"({"sub":"42","sid":"f","role":"candidate","iat":1799999990,"exp":"1800000890"})",  // exp a string
         }) {
        EXPECT_EQ(verify_access_token(sign_raw(header, payload), key, now).error(), token_error::invalid_claims) << payload;
    }
}

TEST_F(AuthJwt, MalformedTokensAreRejected) {
    for (std::string_view t : {"", "abc", "a.b", "a.b.c.d", "...", "!!!.###.$$$", "eyJhbGciOiJIUzI1NiJ9..", "a b.c d.e f"})
        EXPECT_FALSE(verify_access_token(t, key, now).has_value()) << t;
    auto good = sign_access_token(sample(), key);
    EXPECT_FALSE(verify_access_token(good + "=", key, now).has_value());
    EXPECT_FALSE(verify_access_token(std::string(5000, 'a'), key, now).has_value());
}

TEST_F(AuthJwt, Base64UrlIsStrict) {
    EXPECT_EQ(base64url_encode("\xfb\xff"), "-_8");
    EXPECT_EQ(base64url_decode("-_8").value(), "\xfb\xff");
    EXPECT_FALSE(base64url_decode("+/8").has_value());
    EXPECT_FALSE(base64url_decode("-_8=").has_value());
    EXPECT_FALSE(base64url_decode("ab c").has_value());
    EXPECT_EQ(base64url_decode("").value(), "");
}

TEST_F(AuthJwt, RandomTokensAreLongAndDistinct) {
    auto a = random_token(), b = random_token();
    EXPECT_EQ(a.size(), 43u);
    EXPECT_NE(a, b);
    EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

}  // namespace
}  // namespace jh::auth
