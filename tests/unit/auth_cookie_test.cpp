// Unit tests of cookies, where the access token is taken from, and the same-origin check
// (reactor/auth.h).
#include <gtest/gtest.h>

#include <array>

#include "reactor/auth.h"

namespace jh::auth {
namespace {

http_request request(http_method m, std::vector<http_header> headers) {
    http_request r;
    r.method = m;
    r.headers = std::move(headers);
    return r;
}

TEST(AuthCookie, ValueIsFoundAmongOthers) {
    std::string_view h = "pb_visitor_id=abc; auth_token=tok.en.x ;  auth_refresh_token=r1;consent=2";
    EXPECT_EQ(cookie_value(h, "auth_token").value(), "tok.en.x");
    EXPECT_EQ(cookie_value(h, "auth_refresh_token").value(), "r1");
    EXPECT_EQ(cookie_value(h, "consent").value(), "2");
    EXPECT_FALSE(cookie_value(h, "auth").has_value());
    EXPECT_FALSE(cookie_value("", "auth_token").has_value());
    EXPECT_EQ(cookie_value(R"(auth_token="quoted")", "auth_token").value(), "quoted");
    EXPECT_EQ(cookie_value("auth_token=a; auth_token=b", "auth_token").value(), "a");
    EXPECT_EQ(cookie_value("garbage; auth_token=x", "auth_token").value(), "x");
}

TEST(AuthCookie, SetCookieCarriesEveryAttribute) {
    EXPECT_EQ(set_cookie("auth_token", "v", 2592000), "auth_token=v; Max-Age=2592000; Path=/; HttpOnly; Secure; SameSite=Lax");
    EXPECT_EQ(clear_cookie("auth_refresh_token"), "auth_refresh_token=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax");
    EXPECT_TRUE(std::string(access_cookie).starts_with("auth"));
    EXPECT_TRUE(std::string(refresh_cookie).starts_with("auth"));
}

TEST(AuthCookie, BearerWinsOverCookie) {
    auto r = request(http_method::get, {{"authorization", "Bearer abc.def.ghi"}, {"cookie", "auth_token=from.cookie.x"}});
    auto t = find_access_token(r);
    ASSERT_TRUE(t);
    EXPECT_EQ(t->token, "abc.def.ghi");
    EXPECT_FALSE(t->from_cookie);

    // The token points into the request: keep the request alive while reading it.
    auto with_cookie = request(http_method::get, {{"cookie", "auth_token=from.cookie.x"}});
    auto c = find_access_token(with_cookie);
    ASSERT_TRUE(c);
    EXPECT_EQ(c->token, "from.cookie.x");
    EXPECT_TRUE(c->from_cookie);

    auto lower = request(http_method::get, {{"authorization", "bearer  lower.case.ok "}});
    EXPECT_EQ(find_access_token(lower)->token, "lower.case.ok");
    EXPECT_FALSE(find_access_token(request(http_method::get, {{"authorization", "Basic dXNlcjpwdw=="}})));
    EXPECT_FALSE(find_access_token(request(http_method::get, {{"cookie", "auth_token="}})));
    EXPECT_FALSE(find_access_token(request(http_method::get, {})));
}

TEST(AuthOrigin, UnsafeMethods) {
    EXPECT_FALSE(is_unsafe_method(http_method::get));
    EXPECT_FALSE(is_unsafe_method(http_method::head));
    EXPECT_FALSE(is_unsafe_method(http_method::options));
    EXPECT_TRUE(is_unsafe_method(http_method::post));
    EXPECT_TRUE(is_unsafe_method(http_method::patch));
    EXPECT_TRUE(is_unsafe_method(http_method::put));
    EXPECT_TRUE(is_unsafe_method(http_method::del));
}

TEST(AuthOrigin, OwnOriginOrSameOriginFetchPasses) {
    const std::string_view site = "https://www.jobhafen.de";
    EXPECT_TRUE(is_same_origin(request(http_method::post, {{"origin", "https://www.jobhafen.de"}}), site));
    EXPECT_TRUE(is_same_origin(request(http_method::post, {{"origin", "HTTPS://WWW.JOBHAFEN.DE"}}), site));
    EXPECT_TRUE(is_same_origin(request(http_method::post, {{"origin", "https://www.jobhafen.de"}}), "https://www.jobhafen.de/"));
    EXPECT_TRUE(is_same_origin(request(http_method::post, {{"sec-fetch-site", "same-origin"}}), site));
}

TEST(AuthOrigin, ForeignOrMissingOriginFails) {
    const std::string_view site = "https://www.jobhafen.de";
    EXPECT_FALSE(is_same_origin(request(http_method::post, {{"origin", "https://evil.example"}}), site));
    EXPECT_FALSE(is_same_origin(request(http_method::post, {{"origin", "https://www.jobhafen.de.evil.example"}}), site));
    EXPECT_FALSE(is_same_origin(request(http_method::post, {{"origin", "http://www.jobhafen.de"}}), site));
    EXPECT_FALSE(is_same_origin(request(http_method::post, {{"origin", "null"}}), site));
    EXPECT_FALSE(is_same_origin(request(http_method::post, {{"sec-fetch-site", "same-site"}}), site));
    EXPECT_FALSE(is_same_origin(request(http_method::post, {{"sec-fetch-site", "cross-site"}}), site));
    EXPECT_FALSE(is_same_origin(request(http_method::post, {}), site));
    EXPECT_FALSE(is_same_origin(request(http_method::post, {{"origin", "https://evil.example"}, {"sec-fetch-site", "cross-site"}}), site));
}

// The names app/ registers (actors/roles.h) are a role's only spelling: its number is its index.
TEST(AuthRole, RegisteredNamesRoundTrip) {
    static constexpr std::array<std::string_view, 3> names{"candidate", "organization_member", "admin"};
    use_role_names(names);
    for (std::uint8_t i = 0; i < names.size(); ++i) {
        EXPECT_EQ(role_name(role_id{i}), names[i]);
        EXPECT_EQ(parse_role(names[i]), role_id{i});
    }
    EXPECT_FALSE(parse_role("root").has_value());
    EXPECT_FALSE(parse_role("").has_value());
    EXPECT_EQ(role_name(role_id{3}), "");
}

TEST(AuthRole, ASetAdmitsItsRoles) {
    constexpr role_set some{role_id{0}, role_id{2}};
    EXPECT_TRUE(some.contains(role_id{0}));
    EXPECT_FALSE(some.contains(role_id{1}));
    EXPECT_TRUE(some.contains(role_id{2}));
    EXPECT_TRUE(role_set{}.empty());
}

}  // namespace
}  // namespace jh::auth
