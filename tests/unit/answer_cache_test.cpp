// Unit tests of the answer cache's rules (reactor/answer_cache.h): which kept answer is still
// fresh for a version, a grace and a time to live; what is never kept; the bound; ETags and 304.
#include <gtest/gtest.h>

#include "reactor/answer_cache.h"
#include "reactor/http_message.h"

namespace jh {
namespace {

using namespace std::chrono_literals;
using clock = std::chrono::steady_clock;

constexpr answer_freshness rule{60s, 200ms};

http_response answer(int status, std::string body) {
    http_response r;
    r.status = status;
    r.body = std::move(body);
    return r;
}

// Bytes that gzip cannot shrink (a fixed pseudo-random sequence).
std::string incompressible(std::size_t n) {
    std::string s(n, '\0');
    std::uint32_t x = 2463534242u;
    for (auto& c : s) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        c = static_cast<char>(x & 0xff);
    }
    return s;
}

http_request request_with(std::vector<http_header> headers) {
    http_request req;
    req.headers = std::move(headers);
    return req;
}

TEST(AnswerCache, AnAnswerOfTheCurrentVersionIsKeptUntilItsTimeToLive) {
    answer_cache c(1 << 20);
    auto t0 = clock::now();
    ASSERT_NE(c.keep("a", 7, answer(200, "{\"title\":\"Promoter\"}"), t0), nullptr);
    EXPECT_NE(c.find("a", 7, rule, t0 + 59s), nullptr);
    EXPECT_EQ(c.find("a", 7, rule, t0 + 60s), nullptr) << "past its time to live";
    EXPECT_EQ(c.find("b", 7, rule, t0), nullptr);
}

TEST(AnswerCache, AnotherVersionMakesItStaleOnceTheGraceIsOver) {
    answer_cache c(1 << 20);
    auto t0 = clock::now();
    c.keep("a", 7, answer(200, "x"), t0);
    EXPECT_NE(c.find("a", 8, rule, t0 + 199ms), nullptr) << "within the grace";
    EXPECT_EQ(c.find("a", 8, rule, t0 + 200ms), nullptr);
    EXPECT_NE(c.find("a", 7, rule, t0 + 200ms), nullptr);
}

TEST(AnswerCache, WithoutAVersionNothingIsKept) {
    answer_cache c(1 << 20);
    auto t0 = clock::now();
    EXPECT_EQ(c.keep("a", std::nullopt, answer(200, "x"), t0), nullptr);
    EXPECT_EQ(c.find("a", std::nullopt, rule, t0), nullptr);
    // An owner's own parts (a page's head) may still use the grace without a version.
    EXPECT_TRUE(still_fresh(t0, std::nullopt, std::nullopt, rule, t0 + 100ms));
    EXPECT_FALSE(still_fresh(t0, std::nullopt, std::nullopt, rule, t0 + 200ms));
    EXPECT_FALSE(still_fresh(t0, 3, 4, rule, t0 + 200ms));
    EXPECT_TRUE(still_fresh(t0, 4, 4, rule, t0 + 59s));
}

TEST(AnswerCache, ItsUntilEndsItWhateverTheVersion) {
    answer_cache c(1 << 20);
    auto t0 = clock::now();
    c.keep("a", 7, answer(200, "x"), t0, t0 + 5s);
    EXPECT_NE(c.find("a", 7, rule, t0 + 4s), nullptr);
    EXPECT_EQ(c.find("a", 7, rule, t0 + 5s), nullptr) << "a job that ends by its date";
}

TEST(AnswerCache, OnlyEveryonesAnswersAreKept) {
    answer_cache c(1 << 20);
    auto t0 = clock::now();
    EXPECT_EQ(c.keep("e", 1, answer(503, "{}"), t0), nullptr);
    EXPECT_EQ(c.keep("e", 1, answer(400, "{}"), t0), nullptr);
    http_response with_cookie = answer(200, "x");
    with_cookie.header("Set-Cookie", "a=b");
    EXPECT_EQ(c.keep("e", 1, with_cookie, t0), nullptr) << "an answer with a cookie is someone's";
    EXPECT_NE(c.keep("n", 1, answer(404, "{}"), t0), nullptr);
    EXPECT_NE(c.keep("g", 1, answer(410, "{}"), t0), nullptr);
}

TEST(AnswerCache, ItEmptiesWhenFullAndRefusesAnAnswerTooLargeForIt) {
    answer_cache c(64 * 1024);
    auto t0 = clock::now();
    EXPECT_EQ(c.keep("huge", 1, answer(200, incompressible(20 * 1024)), t0), nullptr) << "more than a quarter";
    for (int i = 0; i < 40; ++i) c.keep("k" + std::to_string(i), 1, answer(200, incompressible(4000 + i)), t0);
    EXPECT_LE(c.bytes(), 64u * 1024);
    EXPECT_NE(c.find("k39", 1, rule, t0), nullptr) << "the newest is kept";
}

TEST(AnswerCache, TheAnswerIsGzippedOnceAnd304ForItsTag) {
    answer_cache c(1 << 20);
    auto t0 = clock::now();
    std::string body(5000, 'j');
    const kept_answer* kept = c.keep("a", 1, answer(200, body), t0);
    ASSERT_NE(kept, nullptr);
    ASSERT_NE(kept->gzip, nullptr);
    EXPECT_LT(kept->gzip->size(), body.size());
    EXPECT_EQ(kept->etag, weak_etag(body));

    auto zipped = answer_from(*kept, request_with({{"accept-encoding", "gzip, br"}}));
    EXPECT_EQ(zipped.status, 200);
    EXPECT_EQ(zipped.shared_body, kept->gzip);
    EXPECT_EQ(kept->body, nullptr) << "only the smaller form is kept";
    auto plain = answer_from(*kept, request_with({}));
    EXPECT_EQ(plain.status, 200);
    EXPECT_EQ(plain.body_view(), body) << "unpacked for a client without gzip";
    for (const auto& h : plain.headers) EXPECT_NE(h.name, "Content-Encoding");
    // A small answer is kept as it is.
    const kept_answer* small = c.keep("s", 1, answer(200, "{\"total\":3}"), t0);
    ASSERT_NE(small, nullptr);
    EXPECT_EQ(small->gzip, nullptr);
    EXPECT_EQ(answer_from(*small, request_with({{"accept-encoding", "gzip"}})).body_view(), "{\"total\":3}");
    auto not_modified = answer_from(*kept, request_with({{"if-none-match", kept->etag}}));
    EXPECT_EQ(not_modified.status, 304);
    EXPECT_EQ(not_modified.body_view(), "");
    // A tag sent back without its W/ matches too (weak comparison); another does not.
    auto strong = answer_from(*kept, request_with({{"if-none-match", kept->etag.substr(2)}}));
    EXPECT_EQ(strong.status, 304);
    EXPECT_EQ(answer_from(*kept, request_with({{"if-none-match", "W/\"0000\""}})).status, 200);
    // One of a list counts; a tag with more after it, or inside another, does not.
    EXPECT_EQ(answer_from(*kept, request_with({{"if-none-match", "\"a\", " + kept->etag + " , \"b\""}})).status, 304);
    EXPECT_EQ(answer_from(*kept, request_with({{"if-none-match", kept->etag + "x"}})).status, 200);
    EXPECT_EQ(answer_from(*kept, request_with({{"if-none-match", "*"}})).status, 304);
}

TEST(AnswerCache, TheSameBytesGiveTheSameTag) {
    EXPECT_EQ(weak_etag("abc"), weak_etag("abc"));
    EXPECT_NE(weak_etag("abc"), weak_etag("abd"));
    EXPECT_TRUE(weak_etag("abc").starts_with("W/\""));
}

}  // namespace
}  // namespace jh
