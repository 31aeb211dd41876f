// Unit tests of the pure pieces of the wire layer's limits: what the access log keeps of a
// target, Range headers, Content-Disposition names, header checks, and how clients are counted.
#include <arpa/inet.h>
#include <gtest/gtest.h>

#include "reactor/connection_limits.h"
#include "reactor/file_response.h"
#include "reactor/log_redaction.h"
#include "reactor/router.h"

namespace jh {
namespace {

TEST(LogRedaction, QueryValuesOfListedKeysAndAddressesAreReplaced) {
    EXPECT_EQ(redacted_target("/api/x?token=secret&email=a@b.de&page=2", {true, 0}),
              "/api/x?token=[redacted]&email=[redacted]&page=2");
    EXPECT_EQ(redacted_target("/api/xhr-cache/refresh/3?apiKey=k1&APIKEY=k2", {true, 0}),
              "/api/xhr-cache/refresh/3?apiKey=[redacted]&APIKEY=[redacted]");
    EXPECT_EQ(redacted_target("/api/oauth/google/callback?code=c0de&state=s7&scope=openid", {true, 0}),
              "/api/oauth/google/callback?code=[redacted]&state=[redacted]&scope=openid");
    // Whatever the name: a value with an address; encoded names and list brackets do not hide a key.
    EXPECT_EQ(redacted_target("/jobs?q=anna%40example.de&e%6Dail[]=x&refresh_token=r", {}),
              "/jobs?q=[redacted]&e%6Dail[]=[redacted]&refresh_token=[redacted]");
    EXPECT_EQ(redacted_target("/api/job_postings?page=2&q=Promotion+Hamburg&flag", {true, 0}),
              "/api/job_postings?page=2&q=Promotion+Hamburg&flag");
}

TEST(LogRedaction, SecretRouteParametersAndTokenPagesAreReplaced) {
    router r;
    const route_policy open_route{.who = access::anyone, .body = body_kind::none, .cache = cache_kind::no_store, .rate = no_rate_limit};
    r.add(http_method::get, "/api/job_alerts/unsubscribe/{token}", open_route, nullptr);
    r.add(http_method::get, "/api/job_postings/{id}", open_route, nullptr);
    std::uint32_t unsubscribe = r.routes()[0]->secret_segments;
    EXPECT_EQ(unsubscribe, 1u << 3);
    EXPECT_EQ(r.routes()[1]->secret_segments, 0u);
    EXPECT_EQ(redacted_target("/api/job_alerts/unsubscribe/abc123?x=1", {true, unsubscribe}),
              "/api/job_alerts/unsubscribe/[redacted]?x=1");
    // A routed path without secret parameters is copied as it is.
    EXPECT_EQ(redacted_target("/api/job_postings/42", {true, 0}), "/api/job_postings/42");
    // App pages that carry a token, and anything that looks like one.
    EXPECT_EQ(redacted_target("/passwort-zuruecksetzen/Zm9vYmFy"), "/passwort-zuruecksetzen/[redacted]");
    EXPECT_EQ(redacted_target("/job-alert-bestaetigen/17/Zm9vYmFy"), "/job-alert-bestaetigen/[redacted]/[redacted]");
    EXPECT_EQ(redacted_target("/irgendwo/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-"), "/irgendwo/[redacted]");
    EXPECT_EQ(redacted_target("/x/0123456789abcdef0123456789abcdef"), "/x/[redacted]");
    // Our slugs stay readable.
    EXPECT_EQ(redacted_target("/jobs/promoter-in-berlin-fuer-den-sommer-2026-123"), "/jobs/promoter-in-berlin-fuer-den-sommer-2026-123");
}

TEST(LogRedaction, SecretNames) {
    for (auto n : {"token", "Token", "code", "state", "email", "apiKey", "password", "refresh_token", "access_token"})
        EXPECT_TRUE(is_secret_name(n)) << n;
    for (auto n : {"id", "page", "q", "filter", "width", "tokens_total", ""}) EXPECT_FALSE(is_secret_name(n)) << n;
}

TEST(RangeHeader, OneRangeOfEachForm) {
    using k = range_request::kind;
    auto r = parse_range("bytes=4-11", 100);
    EXPECT_EQ(r.k, k::part);
    EXPECT_EQ(r.first, 4u);
    EXPECT_EQ(r.last, 11u);
    r = parse_range("bytes=90-", 100);
    EXPECT_EQ(r.k, k::part);
    EXPECT_EQ(r.last, 99u);
    r = parse_range("bytes=-10", 100);
    EXPECT_EQ(r.k, k::part);
    EXPECT_EQ(r.first, 90u);
    r = parse_range("bytes=-1000", 100);
    EXPECT_EQ(r.first, 0u);
    r = parse_range("bytes=50-5000", 100);
    EXPECT_EQ(r.last, 99u);
    EXPECT_EQ(parse_range("bytes=100-", 100).k, k::unsatisfiable);
    EXPECT_EQ(parse_range("bytes=-0", 100).k, k::unsatisfiable);
    // Ignored (the whole file): absent, other units, lists, malformed, reversed.
    for (auto h : {"items=1-2", "bytes=1-2,5-6", "bytes=a-b", "bytes=5-1", "bytes=", "bytes=-", "bytes=1--2"})
        EXPECT_EQ(parse_range(std::string_view(h), 100).k, k::whole) << h;
    EXPECT_EQ(parse_range(std::nullopt, 100).k, k::whole);
}

TEST(ContentDisposition, AsciiFallbackAndUtf8Name) {
    EXPECT_EQ(content_disposition("Zeugnis.pdf"), "attachment; filename=\"Zeugnis.pdf\"; filename*=UTF-8''Zeugnis.pdf");
    EXPECT_EQ(content_disposition("Sedcard Jürgen Müller.pdf"),
              "attachment; filename=\"Sedcard Juergen Mueller.pdf\"; filename*=UTF-8''Sedcard%20J%C3%BCrgen%20M%C3%BCller.pdf");
}

TEST(ContentDisposition, NoQuotesControlsSlashesOrLeadingDots) {
    std::string h = content_disposition("../\"a\"\r\nSet-Cookie: x=1;\\b/c%.pdf");
    EXPECT_TRUE(header_is_safe(h)) << h;
    EXPECT_EQ(h, "attachment; filename=\"aSet-Cookie: x=1_bc_.pdf\"; filename*=UTF-8''aSet-Cookie%3A%20x%3D1%3Bbc%25.pdf");
    EXPECT_EQ(content_disposition("\r\n..."), "attachment; filename=\"datei\"; filename*=UTF-8''datei");
    // Invalid UTF-8 and a right-to-left override are dropped.
    EXPECT_EQ(content_disposition("a\xC3(b\xE2\x80\xAEgpj.exe"), "attachment; filename=\"a(bgpj.exe\"; filename*=UTF-8''a%28bgpj.exe");
}

TEST(HeaderCheck, CrLfAndNulAreUnsafe) {
    EXPECT_TRUE(header_is_safe("attachment; filename=\"a.pdf\""));
    EXPECT_FALSE(header_is_safe("a\r\nSet-Cookie: x"));
    EXPECT_FALSE(header_is_safe("a\nb"));
    EXPECT_FALSE(header_is_safe("a\rb"));
    EXPECT_FALSE(header_is_safe(std::string_view("a\0b", 3)));
}

sockaddr_storage address(const char* text) {
    sockaddr_storage s{};
    if (inet_pton(AF_INET, text, &reinterpret_cast<sockaddr_in*>(&s)->sin_addr) == 1) s.ss_family = AF_INET;
    else if (inet_pton(AF_INET6, text, &reinterpret_cast<sockaddr_in6*>(&s)->sin6_addr) == 1) s.ss_family = AF_INET6;
    return s;
}

TEST(ConnectionLimits, ClientsAreIpv4AddressesAndIpv6Slash64) {
    EXPECT_EQ(client_of(address("10.0.0.1")), client_of(address("::ffff:10.0.0.1")));
    EXPECT_NE(client_of(address("10.0.0.1")), client_of(address("10.0.0.2")));
    EXPECT_EQ(client_of(address("2001:db8:1:2::1")), client_of(address("2001:db8:1:2:ffff::9")));
    EXPECT_NE(client_of(address("2001:db8:1:2::1")), client_of(address("2001:db8:1:3::1")));
}

TEST(ConnectionLimits, PerClientAndTotal) {
    connection_limits l(3, 2);
    auto a = client_of(address("10.0.0.1")), b = client_of(address("10.0.0.2"));
    using v = connection_limits::verdict;
    EXPECT_EQ(l.admit(a), v::admitted);
    EXPECT_EQ(l.admit(a), v::admitted);
    EXPECT_EQ(l.admit(a), v::too_many_from_client);
    EXPECT_EQ(l.admit(b), v::admitted);
    EXPECT_EQ(l.admit(b), v::too_many_in_total);
    l.release(a);
    EXPECT_EQ(l.open(), 2);
    EXPECT_EQ(l.admit(b), v::admitted);
    connection_limits unlimited(0, 0);
    for (int i = 0; i < 1000; ++i) EXPECT_EQ(unlimited.admit(a), v::admitted);
}

}  // namespace
}  // namespace jh
