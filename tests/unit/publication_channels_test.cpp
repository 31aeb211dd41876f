// publication_channels_test.cpp: a job body's `channels` (actors/jobs/publication_channels.h) read
// against the channels offered: the slugs written in the offered order with Jobhafen always, each
// once; an unknown or retired slug a violation at its index; the list's own bounds first.
#include <gtest/gtest.h>

#include <simdjson.h>

#include "actors/jobs/publication_channels.h"
#include "reactor/json_writer.h"

namespace jh::jobs::channels {
namespace {

struct read_result {
    std::string doc;   // the reader's document: {"channels":[…]} or {} after a violation
    std::vector<violation> violations;
};

read_result read_channels(const std::string& json) {
    static const std::vector<std::string> offered = {"jobhafen", "google", "indeed", "stadtanzeiger"};
    static simdjson::dom::parser parser;
    simdjson::dom::element e;
    EXPECT_EQ(parser.parse(json).get(e), simdjson::SUCCESS) << json;
    read_result out;
    json_writer w(out.doc);
    patch::reader rd(out.violations, w);
    w.begin_object();
    read(e, rd, offered);
    w.end_object();
    return out;
}

TEST(PublicationChannelsRead, TheChosenSlugsInTheOfferedOrderWithJobhafenAlways) {
    EXPECT_EQ(read_channels(R"(["indeed","google"])").doc, R"({"channels":["jobhafen","google","indeed"]})");
    EXPECT_EQ(read_channels(R"(["stadtanzeiger","indeed","indeed","jobhafen"])").doc,
              R"({"channels":["jobhafen","indeed","stadtanzeiger"]})");
    EXPECT_EQ(read_channels("[]").doc, R"({"channels":["jobhafen"]})");
    EXPECT_EQ(read_channels("null").doc, R"({"channels":["jobhafen"]})");
}

TEST(PublicationChannelsRead, AnUnknownSlugIsAViolationAtItsIndexAndNothingIsWritten) {
    auto r = read_channels(R"(["google","tiktok","indeed","Google"])");
    EXPECT_EQ(r.doc, "{}");
    ASSERT_EQ(r.violations.size(), 2u);
    EXPECT_EQ(r.violations[0].property_path, "channels[1]");
    EXPECT_EQ(r.violations[0].message, msg_unknown);
    EXPECT_EQ(r.violations[1].property_path, "channels[3]");   // slugs are compared as they are
}

TEST(PublicationChannelsRead, TheListsBoundsComeFirst) {
    std::string many = "[";
    for (std::size_t i = 0; i <= max_chosen; ++i) many += std::string(i ? "," : "") + "\"indeed\"";
    many += "]";
    auto r = read_channels(many);
    ASSERT_EQ(r.violations.size(), 1u);
    EXPECT_EQ(r.violations[0].property_path, "channels");
    r = read_channels("[\"" + std::string(max_slug_chars + 1, 'a') + "\"]");
    ASSERT_EQ(r.violations.size(), 1u);
    EXPECT_EQ(r.violations[0].property_path, "channels[0]");
    r = read_channels(R"("indeed")");
    ASSERT_EQ(r.violations.size(), 1u);
    EXPECT_EQ(r.violations[0].property_path, "channels");
    EXPECT_EQ(read_channels(R"([1])").violations.size(), 1u);   // a number is no slug
}

}  // namespace
}  // namespace jh::jobs::channels
