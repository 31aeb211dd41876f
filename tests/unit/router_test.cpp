// Unit tests of the router: parameters, literal-before-parameter, 404 and 405 with Allow.
#include <gtest/gtest.h>

#include "reactor/router.h"

namespace jh {
namespace {

task<http_response> handler_a(request_context&) { co_return http_response::json(200, "a"); }
task<http_response> handler_b(request_context&) { co_return http_response::json(200, "b"); }

const route_policy open_route{.who = access::anyone, .body = body_kind::none, .cache = cache_kind::no_store, .rate = no_rate_limit};

router make_router() {
    router r;
    r.add(http_method::get, "/api/job_postings/{id}", open_route, handler_a);
    r.add(http_method::get, "/api/job_postings/slug/{slug}", open_route, handler_b);
    r.add(http_method::post, "/api/job_postings/{id}/apply", open_route, handler_a);
    r.add(http_method::patch, "/api/candidate_accounts/{id}", open_route, handler_a);
    r.add(http_method::get, "/api/candidate_accounts/{id}", open_route, handler_b);
    return r;
}

// An upload reaches the disk only after its caller passed the route's `who`: a table that opens
// one to callers without an account stops the server at start.
TEST(Router, RefusesAnUploadRouteOpenToCallersWithoutAnAccount) {
    router r;
    for (const access_level& who : {access::anyone, access::anyone_or_account, access::account_on_demand})
        EXPECT_THROW(r.add(http_method::post, "/api/uploads", {.who = who, .body = body_kind::upload, .cache = cache_kind::no_store, .rate = no_rate_limit}, handler_a),
                     std::logic_error);
    EXPECT_NO_THROW(r.add(http_method::post, "/api/uploads", {.who = access::account, .body = body_kind::upload, .cache = cache_kind::no_store, .rate = no_rate_limit}, handler_a));
}

// The policy's names are what `jobhafen routes` prints and docs/routes.md lists.
TEST(RoutePolicy, CacheKindsNameTheirHeader) {
    EXPECT_EQ(cache_control(cache_kind::no_store), "no-store");
    EXPECT_EQ(cache_control(cache_kind::private_no_store), "private, no-store");
    EXPECT_EQ(cache_control(cache_kind::public_day), "public, max-age=86400");
    EXPECT_EQ(cache_control(cache_kind::by_handler), "");
    EXPECT_FALSE(reads_credentials(access::account_on_demand));
    EXPECT_TRUE(requires_account(access::account_first_party));
    EXPECT_FALSE(requires_account(access::anyone_or_account));
}

// A level that names roles admits only those; one that names none admits every role. The roles
// here are numbers of the test's own: the reactor knows none (actors/roles.h defines them).
TEST(RoutePolicy, ALevelAdmitsItsRoles) {
    constexpr access_level second_only{.reads = credentials::required, .roles = {auth::role_id{1}}, .name = "second"};
    EXPECT_TRUE(admits(second_only, auth::role_id{1}));
    EXPECT_FALSE(admits(second_only, auth::role_id{0}));
    EXPECT_TRUE(admits(access::account, auth::role_id{0}));
    EXPECT_TRUE(admits(access::account, auth::role_id{2}));
    EXPECT_TRUE(requires_account(second_only));
}

TEST(Router, MatchesParameters) {
    router r = make_router();
    http_request req;
    auto m = r.match(http_method::get, "/api/job_postings/42", req);
    ASSERT_NE(m.found, nullptr);
    EXPECT_EQ(m.found->pattern, "/api/job_postings/{id}");
    EXPECT_EQ(req.param("id"), "42");
}

TEST(Router, LiteralSegmentWinsOverParameter) {
    router r = make_router();
    http_request req;
    auto m = r.match(http_method::get, "/api/job_postings/slug/promoter-berlin", req);
    ASSERT_NE(m.found, nullptr);
    EXPECT_EQ(m.found->pattern, "/api/job_postings/slug/{slug}");
    EXPECT_EQ(req.param("slug"), "promoter-berlin");
}

TEST(Router, ParametersAreDecodedButAnEncodedSlashStaysInside) {
    router r = make_router();
    http_request req;
    auto m = r.match(http_method::get, "/api/job_postings/slug/k%C3%B6ln%2Fmitte", req);
    ASSERT_NE(m.found, nullptr);
    EXPECT_EQ(req.param("slug"), "köln/mitte");
}

TEST(Router, UnknownPathIsNotFound) {
    router r = make_router();
    http_request req;
    auto m = r.match(http_method::get, "/api/nothing/here", req);
    EXPECT_EQ(m.found, nullptr);
    EXPECT_FALSE(m.path_known);
}

TEST(Router, WrongMethodListsAllowedMethods) {
    router r = make_router();
    http_request req;
    auto m = r.match(http_method::del, "/api/candidate_accounts/7", req);
    EXPECT_EQ(m.found, nullptr);
    EXPECT_TRUE(m.path_known);
    EXPECT_NE(m.allow.find("PATCH"), std::string::npos);
    EXPECT_NE(m.allow.find("GET"), std::string::npos);
    EXPECT_NE(m.allow.find("HEAD"), std::string::npos);
}

TEST(Router, HeadUsesTheGetHandler) {
    router r = make_router();
    http_request req;
    auto m = r.match(http_method::head, "/api/job_postings/1", req);
    ASSERT_NE(m.found, nullptr);
    EXPECT_EQ(m.found->method, http_method::get);
}

TEST(Router, TrailingSlashAndDoubleSlashesMatchTheSameRoute) {
    router r = make_router();
    http_request req;
    EXPECT_NE(r.match(http_method::get, "/api/job_postings/5/", req).found, nullptr);
    EXPECT_NE(r.match(http_method::get, "//api//job_postings/5", req).found, nullptr);
}

}  // namespace
}  // namespace jh
