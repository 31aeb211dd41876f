// sedcard_contract_test.cpp: the sedcard model the server builds (actors/profiles/sedcard_model.h)
// is the JSON of messages::sedcard_document (messages/render.h), which the render worker reads:
// read back and written again, it gives the same bytes, and nothing of it is lost on the way.
#include <gtest/gtest.h>
#include <simdjson.h>

#include "actors/profiles/sedcard_model.h"
#include "messages/render.h"

namespace {

std::string contract_model_of(std::string_view json) {
    simdjson::dom::parser parser;
    simdjson::dom::object o;
    EXPECT_EQ(parser.parse(json).get(o), simdjson::SUCCESS);
    jh::profiles::reference_names names{{"l:de", "Deutsch"}, {"a:promotion", "Promotion"}};
    return jh::profiles::sedcard_model(o, names, "2026-11-21");
}

TEST(SedcardContract, TheServersModelIsTheWorkersDocument) {
    std::string json = contract_model_of(R"({"firstName":"Jördis","lastName":"Weiß","birthDate":"1998-11-22",
        "profileSummary":"Erfahrene Promoterin <mit> \"Herz\"",
        "appearance":{"bodyHeight":172,"eyeColor":"green"},
        "languages":[{"language":"de","level":"native"}],
        "activitySkills":[{"skill":"promotion","level":"expert"}],
        "workExperiences":[{"title":"Messehostess","organization":"Messe Hamburg","description":"Empfang"}],
        "schoolings":[{"title":"Abitur","degree":"abitur","date":"2017-06-01","organization":"Gymnasium"}]})");
    auto doc = jh::messages::parse_sedcard_model(json);
    ASSERT_TRUE(doc) << doc.error();
    EXPECT_EQ(jh::messages::to_json(*doc), json);
    EXPECT_EQ(doc->name, "Jördis Weiß");
    EXPECT_EQ(doc->summary, "Erfahrene Promoterin <mit> \"Herz\"");
    bool rows = false, entries = false;
    for (const auto& s : doc->sections) {
        rows = rows || (!s.has_entries && !s.rows.empty());
        entries = entries || (s.has_entries && !s.entries.empty());
    }
    EXPECT_TRUE(rows) << json;
    EXPECT_TRUE(entries) << json;
}

TEST(SedcardContract, AnEmptyProfileIsAnEmptyCard) {
    std::string json = contract_model_of(R"({"firstName":"Jana","lastName":"Müller"})");
    auto doc = jh::messages::parse_sedcard_model(json);
    ASSERT_TRUE(doc) << doc.error();
    EXPECT_EQ(jh::messages::to_json(*doc), json);
    EXPECT_TRUE(doc->sections.empty());
    EXPECT_FALSE(jh::messages::parse_sedcard_model("[]"));
}

}  // namespace
