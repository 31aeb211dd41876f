// input_bounds_test.cpp: the pure parts of the input bounds: the JSON body's string bound
// (reactor/json_body.h), the query-string bounds (search/query_values.h), the short
// patterns of postal codes and VAT ids, the xhr-cache key and the stored tracking address.
#include <gtest/gtest.h>
#include <simdjson.h>

#include <stdexcept>

#include "actors/content/xhr_cache_key.h"
#include "actors/short_pattern.h"
#include "search/query_values.h"
#include "actors/tracking/tracking_actor.h"
#include "reactor/json_body.h"

namespace jh {
namespace {

TEST(JsonBodyBound, CountsCharactersNotBytes) {
    EXPECT_EQ(utf8_length("abc"), 3u);
    EXPECT_EQ(utf8_length("Größe"), 5u);
    EXPECT_EQ(too_long_message(255), "Diese Eingabe ist zu lang. Erlaubt sind höchstens 255 Zeichen.");
}

TEST(JsonBodyBound, NamesTheFieldPathOfEveryOverlongString) {
    simdjson::dom::parser parser;
    std::string json = R"({"firstName":"Jana","addresses":[{"street":"ok"},{"street":")" + std::string(20, 'x') +
                       R"("}],"website":")" + std::string(11, 'w') + R"(","tags":["a",")" + std::string(30, 'y') + R"("]})";
    simdjson::dom::element root;
    ASSERT_EQ(parser.parse(json).get(root), simdjson::SUCCESS);
    auto v = overlong_strings(root, 10);
    ASSERT_EQ(v.size(), 3u);
    EXPECT_EQ(v[0].property_path, "addresses[1].street");
    EXPECT_EQ(v[1].property_path, "website");
    EXPECT_EQ(v[2].property_path, "tags[1]");
    EXPECT_EQ(v[0].message, "Diese Eingabe ist zu lang. Erlaubt sind höchstens 10 Zeichen.");
    // Ten umlauts are ten characters (twenty bytes): within the bound.
    ASSERT_EQ(parser.parse(std::string(R"({"n":"ääääääääää"})")).get(root), simdjson::SUCCESS);
    EXPECT_TRUE(overlong_strings(root, 10).empty());
    // A member name over the bound is reported, not echoed.
    ASSERT_EQ(parser.parse(R"({")" + std::string(50, 'k') + R"(":1})").get(root), simdjson::SUCCESS);
    v = overlong_strings(root, 10);
    ASSERT_EQ(v.size(), 1u);
    EXPECT_EQ(v[0].property_path, "(Feldname)");
}

TEST(QueryBounds, CountsParametersAndDecodedValueLength) {
    EXPECT_FALSE(search::query_bounds_violation("a=1&b=2", 2, 10));
    EXPECT_TRUE(search::query_bounds_violation("a=1&b=2&c=3", 2, 10));
    EXPECT_FALSE(search::query_bounds_violation("q=%C3%A4%C3%A4%C3%A4", 5, 3));   // "äää": three characters
    EXPECT_TRUE(search::query_bounds_violation("q=" + std::string(11, 'x'), 5, 10));
    EXPECT_FALSE(search::query_bounds_violation("&&&a=1&&", 1, 10));
    auto message = search::query_bounds_violation("q=" + std::string(11, 'x'), 5, 10);
    ASSERT_TRUE(message);
    EXPECT_EQ(*message, "Ein Parameter der Anfrage ist zu lang. Erlaubt sind höchstens 10 Zeichen.");
}

TEST(ShortPattern, MatchesLikeTheRegularExpressionSubset) {
    fields::short_pattern gb("(GIR ?0AA|[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2})");
    EXPECT_TRUE(gb.matches("SW1A 1AA"));
    EXPECT_TRUE(gb.matches("GIR0AA"));
    EXPECT_TRUE(gb.matches("M1 1AE"));
    EXPECT_FALSE(gb.matches("SW1A 1A"));
    EXPECT_FALSE(gb.matches(""));
    fields::short_pattern es("(0[1-9]|[1-4][0-9]|5[0-2])[0-9]{3}");
    EXPECT_TRUE(es.matches("28001"));
    EXPECT_FALSE(es.matches("53001"));
    EXPECT_FALSE(es.matches("00001"));
    fields::short_pattern mt("[A-Z]{3} ?[0-9]{2,4}");
    EXPECT_TRUE(mt.matches("VLT 1117"));
    EXPECT_TRUE(mt.matches("VLT11"));
    EXPECT_FALSE(mt.matches("VLT 11171"));
    EXPECT_FALSE(mt.matches(std::string(100000, 'A')));
}

TEST(ShortPattern, RefusesUnboundedSyntax) {
    EXPECT_THROW(fields::short_pattern("a*"), std::invalid_argument);
    EXPECT_THROW(fields::short_pattern("a+"), std::invalid_argument);
    EXPECT_THROW(fields::short_pattern("a{2,}"), std::invalid_argument);
    EXPECT_THROW(fields::short_pattern("(a"), std::invalid_argument);
    EXPECT_THROW(fields::short_pattern("[a"), std::invalid_argument);
}

TEST(XhrCacheKey, KeepsOnlyTheParametersTheResourceReads) {
    EXPECT_EQ(content::xhr_cache_query("content/articles", "pageSize=10&x=1&page=2&y=2&page=3"), "page=2&pageSize=10");
    EXPECT_EQ(content::xhr_cache_query("content/articles", "page=2&pageSize=10"),
              content::xhr_cache_query("content/articles", "zzz=9&pageSize=10&page=2&utm_source=a"));
    EXPECT_EQ(content::xhr_cache_query("content/articles/count", "tag=a&b=c"), "tag=a");
    EXPECT_EQ(content::xhr_cache_query("content/articles/12", "page=2"), "");
    EXPECT_EQ(content::xhr_cache_query("content/pages/by-slug/home", "city=berlin&page=2"), "city=berlin");
    EXPECT_EQ(content::xhr_cache_query("job_postings_totals", "a=1&b=2"), "");
    EXPECT_EQ(content::xhr_cache_query("features", "visitorId=abc&random=1"), "visitorId=abc");
}

TEST(TrackingAddress, IsTruncatedBeforeStorage) {
    EXPECT_EQ(truncate_ip("203.0.113.77"), "203.0.113.0");
    EXPECT_EQ(truncate_ip("::ffff:198.51.100.9"), "198.51.100.0");
    EXPECT_EQ(truncate_ip("2001:db8:1234:5678:9abc:def0:1:2"), "2001:db8:1234::");
    EXPECT_EQ(truncate_ip("::1"), "::");
    EXPECT_EQ(truncate_ip("not an address"), "");
}

}  // namespace
}  // namespace jh
