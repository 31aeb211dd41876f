// Unit tests of content placeholders and section rendering (actors/content/sections.h).
#include <gtest/gtest.h>
#include <simdjson.h>

#include "actors/content/sections.h"

namespace jh::content {
namespace {

placeholders koeln() {
    placeholders p;
    p.name = "Köln";
    p.slug = "koeln";
    p.description = "Messestadt am Rhein";
    p.content = "Viel los.";
    return p;
}

TEST(ContentSections, FillReplacesEveryPlaceholder) {
    EXPECT_EQ(fill("Jobs in {name} ({slug}): {description}. {content}", koeln()), "Jobs in Köln (koeln): Messestadt am Rhein. Viel los.");
    EXPECT_EQ(fill("Ohne Platzhalter {x}", koeln()), "Ohne Platzhalter {x}");
    EXPECT_EQ(fill("{name}{name}", koeln()), "KölnKöln");
    EXPECT_EQ(fill("Jobs in {name}", koeln(), true), "Jobs in KÖLN");
}

TEST(ContentSections, UpperCaseKnowsGermanLetters) {
    EXPECT_EQ(upper_de("düsseldorf"), "DÜSSELDORF");
    EXPECT_EQ(upper_de("Straße"), "STRASSE");
    EXPECT_EQ(upper_de("Café & Bar"), "CAFÉ & BAR");
    EXPECT_EQ(upper_de("München 2026"), "MÜNCHEN 2026");
}

TEST(ContentSections, BaseDataTitleGetsTheNameInUpperCaseOtherTextsAsWritten) {
    simdjson::dom::parser parser;
    simdjson::dom::object section;
    ASSERT_FALSE(parser.parse(std::string(R"({"__component":"landing-page-hero","base_data":{"title":"Jobs in {name}","intro_text":"In {name}"},)"
                                          R"("title":"Jobs in {name}","cards":[{"title":"{slug}","n":3,"ok":true,"x":null}]})"))
                     .get(section));
    std::string out;
    json_writer w(out);
    begin_filled_object(w, section, koeln(), {"cards"});
    w.key("extra").value(1).end_object();
    EXPECT_EQ(out, R"({"__component":"landing-page-hero","base_data":{"title":"Jobs in KÖLN","intro_text":"In Köln"},)"
                   R"("title":"Jobs in Köln","extra":1})");
    std::string all;
    json_writer w2(all);
    write_filled(w2, section["cards"].value(), koeln());
    EXPECT_EQ(all, R"([{"title":"koeln","n":3,"ok":true,"x":null}])");
}

TEST(ContentSections, KnownComponents) {
    EXPECT_TRUE(known_component("homepage-hero"));
    EXPECT_TRUE(known_component("job-listing-with-typesense"));
    EXPECT_TRUE(known_component("account-videos"));
    EXPECT_FALSE(known_component("zauberei"));
    EXPECT_FALSE(known_component(""));
    EXPECT_TRUE(is_job_section("job-box-with-tabs"));
    EXPECT_FALSE(is_job_section("homepage-hero"));
}

}  // namespace
}  // namespace jh::content
