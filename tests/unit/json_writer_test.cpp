// Unit tests of the streaming JSON writer: escaping and structure must always give valid JSON.
#include <gtest/gtest.h>
#include <simdjson.h>

#include <cmath>
#include <limits>

#include "reactor/json_writer.h"

namespace jh {
namespace {

std::string escaped(std::string_view s) {
    std::string out;
    json_writer::escape_into(out, s);
    return out;
}

TEST(JsonWriter, EscapesQuotesBackslashesAndControlCharacters) {
    EXPECT_EQ(escaped("say \"hi\""), "say \\\"hi\\\"");
    EXPECT_EQ(escaped("C:\\temp"), "C:\\\\temp");
    EXPECT_EQ(escaped("a\nb\tc\r"), "a\\nb\\tc\\r");
    EXPECT_EQ(escaped(std::string_view("\x01\x1f", 2)), "\\u0001\\u001f");
    EXPECT_EQ(escaped(std::string_view("nul\0byte", 8)), "nul\\u0000byte");
}

TEST(JsonWriter, KeepsValidUtf8AndReplacesInvalidBytes) {
    EXPECT_EQ(escaped("Köln, München, Straße 😀"), "Köln, München, Straße 😀");
    EXPECT_EQ(escaped("bad\xff"), "bad\xEF\xBF\xBD");
    EXPECT_EQ(escaped("\xC3"), "\xEF\xBF\xBD");                 // truncated sequence
    EXPECT_EQ(escaped("\xED\xA0\x80"), "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");  // a surrogate is not UTF-8
    EXPECT_EQ(escaped("\xC0\xAF"), "\xEF\xBF\xBD\xEF\xBF\xBD"); // overlong '/'
}

TEST(JsonWriter, BuildsNestedDocumentsThatParse) {
    std::string out;
    json_writer w(out);
    w.begin_object()
        .member("name", "Jobhafen \"Test\"")
        .member("count", 3)
        .member("ratio", 0.5)
        .member("ok", true)
        .key("none").null()
        .key("list").begin_array().value(1).value("zwei").begin_object().member("drei", 3).end_object().end_array()
        .key("empty").begin_array().end_array()
        .end_object();
    EXPECT_EQ(out, R"({"name":"Jobhafen \"Test\"","count":3,"ratio":0.5,"ok":true,"none":null,"list":[1,"zwei",{"drei":3}],"empty":[]})");
    simdjson::dom::parser p;
    EXPECT_EQ(p.parse(out).error(), simdjson::SUCCESS);
}

TEST(JsonWriter, NonFiniteNumbersBecomeNull) {
    std::string out;
    json_writer w(out);
    w.begin_array().value(std::numeric_limits<double>::infinity()).value(std::nan("")).end_array();
    EXPECT_EQ(out, "[null,null]");
}

TEST(JsonWriter, HugeNumbersReadBackAsNumbers) {
    // 1e20 once came out as "100000000000000000000", an integer simdjson refuses to read back
    // (found by fuzz/json_body_fuzz.cpp). Every finite double must survive a round trip.
    for (double d : {1e20, -1e20, 18446744073709551615.0, 1e18, 9.5e18, 1.7976931348623157e308, 123456789.0, 0.5}) {
        std::string out;
        json_writer w(out);
        w.begin_array().value(d).end_array();
        simdjson::dom::parser parser;
        simdjson::dom::element doc;
        ASSERT_EQ(parser.parse(out).get(doc), simdjson::SUCCESS) << out;
        double back = 0;
        simdjson::dom::element first = doc.at(0);
        if (first.is_int64()) back = static_cast<double>(first.get_int64().value());
        else ASSERT_EQ(first.get_double().get(back), simdjson::SUCCESS) << out;
        EXPECT_EQ(back, d) << out;
    }
}

// The eight-bytes-at-a-time scan must escape exactly what a byte-by-byte look escapes: every
// special byte at every offset of a word, in strings of every length around the word size.
TEST(JsonWriter, EscapingIsTheSameAtEveryOffset) {
    auto one_by_one = [](std::string_view s) {
        std::string out;
        for (std::size_t i = 0; i < s.size(); ++i) {
            std::string piece;
            json_writer::escape_into(piece, s.substr(i, 1));
            out += piece;
        }
        return out;
    };
    const std::string specials[] = {"\"", "\\", "\n", std::string(1, '\0'), "\x1f", "\x7f", "\xc3\xa4", "\xff", " ", "~"};
    for (std::size_t len = 1; len <= 19; ++len)
        for (std::size_t at = 0; at < len; ++at)
            for (const auto& sp : specials) {
                std::string s(len, 'a');
                s.replace(at, 1, sp);
                std::string got;
                json_writer::escape_into(got, s);
                if (sp == "\xc3\xa4") {   // a sequence of two bytes: cut as a whole, not byte by byte
                    std::string want = s;
                    EXPECT_EQ(got, want) << len << " " << at;
                } else {
                    EXPECT_EQ(got, one_by_one(s)) << len << " " << at << " " << static_cast<int>(static_cast<unsigned char>(sp[0]));
                }
            }
}

TEST(JsonWriter, EveryByteStringGivesValidJson) {
    // All 256 single bytes and some pairs: the output must always parse.
    simdjson::dom::parser p;
    for (int a = 0; a < 256; ++a) {
        for (int b : {0, 0x41, 0x80, 0xBF, 0xC3, 0xFF}) {
            std::string in{static_cast<char>(a), static_cast<char>(b)};
            std::string out;
            json_writer(out).value(in);
            ASSERT_EQ(p.parse(out).error(), simdjson::SUCCESS) << "bytes " << a << "," << b;
        }
    }
}

}  // namespace
}  // namespace jh
