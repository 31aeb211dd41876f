// application_source_test.cpp: where an application came from (actors/applications/
// application_source.h): the label of a utm_source or a referrer's host, and the bounds of `source`
// in an apply body (refused before any rule, a referrer only as a host name).
#include <gtest/gtest.h>

#include <simdjson.h>

#include "actors/applications/application_source.h"

namespace jh::actions {
namespace {

result<application_source> read_source_body(const std::string& json) {
    static simdjson::dom::parser parser;
    simdjson::dom::object body;
    EXPECT_EQ(parser.parse(json).get(body), simdjson::SUCCESS) << json;
    return read_application_source(body);
}

TEST(ApplicationSource, KnownNamesGetTheirLabel) {
    EXPECT_EQ(known_source_label("indeed"), "Indeed");
    EXPECT_EQ(known_source_label("Indeed.com"), "Indeed");
    EXPECT_EQ(known_source_label("de.indeed.com"), "Indeed");
    EXPECT_EQ(known_source_label("google_jobs_apply"), "Google");
    EXPECT_EQ(known_source_label("www.google.de"), "Google");
    EXPECT_EQ(known_source_label("www.bing.com"), "Bing");
    EXPECT_EQ(known_source_label("l.facebook.com"), "Facebook");
    EXPECT_EQ(known_source_label("l.instagram.com"), "Instagram");
    EXPECT_EQ(known_source_label("www.linkedin.com"), "LinkedIn");
    EXPECT_EQ(known_source_label("lnkd.in"), "LinkedIn");
    EXPECT_EQ(known_source_label("www.xing.com"), "XING");
    EXPECT_EQ(known_source_label("TikTok"), "TikTok");
    // A longer word that merely starts like a known one is not that source.
    EXPECT_EQ(known_source_label("googleplex"), std::nullopt);
    EXPECT_EQ(known_source_label("bingo.de"), std::nullopt);
    EXPECT_EQ(known_source_label("newsletter"), std::nullopt);
    EXPECT_EQ(known_source_label(""), std::nullopt);
}

TEST(ApplicationSource, UtmSourceBeforeReferrerElseDirekt) {
    application_source s;
    EXPECT_EQ(source_label(s), "Direkt");
    s.referrer_host = "www.karriere-blog.de";
    EXPECT_EQ(source_label(s), "karriere-blog.de");
    s.referrer_host = "www.google.com";
    EXPECT_EQ(source_label(s), "Google");
    s.utm_source = "newsletter";
    EXPECT_EQ(source_label(s), "newsletter");
    s.utm_source = "indeed";
    EXPECT_EQ(source_label(s), "Indeed");
}

TEST(ApplicationSource, ReadsTheBodysSourceAndLabelsIt) {
    auto none = read_source_body(R"({"notes":"x"})");
    ASSERT_TRUE(none);
    EXPECT_EQ(none->label, "Direkt");
    EXPECT_FALSE(none->utm_source);
    auto given = read_source_body(R"({"source":{"utm_source":" indeed ","utm_medium":"cpc","utm_campaign":"sommer-2026","referrerHost":"De.Indeed.COM"}})");
    ASSERT_TRUE(given);
    EXPECT_EQ(given->label, "Indeed");
    EXPECT_EQ(given->utm_source, "indeed");
    EXPECT_EQ(given->utm_medium, "cpc");
    EXPECT_EQ(given->utm_campaign, "sommer-2026");
    EXPECT_EQ(given->referrer_host, "de.indeed.com");
    auto empty = read_source_body(R"({"source":{"utm_source":"","referrerHost":null}})");
    ASSERT_TRUE(empty);
    EXPECT_EQ(empty->label, "Direkt");
}

// A campaign named like one of the portal's own rows is counted under "Sonstige", never beside them.
TEST(ApplicationSource, TheSystemsOwnLabelsAreNotACampaignsToTake) {
    for (const char* own : {"Direkt", "direkt", "Nicht erfasst", "NICHT ERFASST", "Sonstige"}) {
        auto given = read_source_body(std::string(R"({"source":{"utm_source":")") + own + R"("}})");
        ASSERT_TRUE(given) << own;
        EXPECT_EQ(given->label, "Sonstige") << own;
    }
    EXPECT_EQ(read_source_body(R"({"source":{"utm_source":"Direktmarketing"}})")->label, "Direktmarketing");
}

TEST(ApplicationSource, OverlongValuesAndAddressesAre422MalformedOnes400) {
    auto overlong = read_source_body(R"({"source":{"utm_campaign":")" + std::string(101, 'x') + R"("}})");
    ASSERT_FALSE(overlong);
    EXPECT_EQ(overlong.error().kind, error_kind::validation);
    EXPECT_EQ(overlong.error().violations.at(0).property_path, "source.utm_campaign");
    EXPECT_TRUE(read_source_body(R"({"source":{"utm_campaign":")" + std::string(100, 'x') + R"("}})"));
    // 100 characters of two bytes each are still 100 characters.
    std::string umlauts;
    for (int i = 0; i < 100; ++i) umlauts += "ä";
    EXPECT_TRUE(read_source_body(R"({"source":{"utm_source":")" + umlauts + R"("}})"));
    for (const char* host : {"https://www.google.de/", "www.google.de/search?q=jana", "google.de:443", "-x.de", "ein host.de"}) {
        auto refused = read_source_body(std::string(R"({"source":{"referrerHost":")") + host + R"("}})");
        ASSERT_FALSE(refused) << host;
        EXPECT_EQ(refused.error().violations.at(0).property_path, "source.referrerHost") << host;
    }
    auto control = read_source_body(R"({"source":{"utm_source":"in\u0000deed"}})");
    ASSERT_FALSE(control);
    EXPECT_EQ(control.error().kind, error_kind::validation);
    // Marks that turn or hide text, and C1 controls, cannot disguise a label (review 22, code finding 9).
    for (const char* sneaky : {R"(\u202Edeedni)", R"(Ind\u200Beed)", R"(\u2066Indeed\u2069)", R"(\uFEFFIndeed)", R"(In\u0085deed)"}) {
        auto refused = read_source_body(std::string(R"({"source":{"utm_source":")") + sneaky + R"("}})");
        ASSERT_FALSE(refused) << sneaky;
        EXPECT_EQ(refused.error().violations.at(0).property_path, "source.utm_source") << sneaky;
    }
    // Nor can the characters that show nothing (review 24, finding 4): a soft hyphen, a combining
    // grapheme joiner, a Hangul filler, a tag character, a variation selector, a Braille blank.
    for (const char* invisible : {R"(Ind\u00ADeed)", R"(Ind\u034Feed)", R"(\u3164Indeed)", R"(Ind\uDB40\uDC65eed)", R"(Indeed\uFE0F)",
                                  R"(Ind\u2800eed)", R"(Ind\u2028eed)"}) {
        auto refused = read_source_body(std::string(R"({"source":{"utm_medium":")") + invisible + R"("}})");
        ASSERT_FALSE(refused) << invisible;
        EXPECT_EQ(refused.error().violations.at(0).property_path, "source.utm_medium") << invisible;
    }
    EXPECT_TRUE(read_source_body(R"({"source":{"utm_campaign":"Sommer – Köln ✓"}})"));
    EXPECT_TRUE(read_source_body(R"({"source":{"utm_campaign":"Straße 😀 日本"}})"));
    EXPECT_EQ(read_source_body(R"({"source":"indeed"})").error().kind, error_kind::bad_request);
    EXPECT_EQ(read_source_body(R"({"source":{"utm_source":42}})").error().kind, error_kind::bad_request);
}

}  // namespace
}  // namespace jh::actions
