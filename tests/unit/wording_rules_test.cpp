// Unit tests of the AGG wording check (actors/jobs/wording_rules.h; issue 42 item 3,
// docs/fair-play.md "Wording") over the shipped list config/agg_wording.json: what each category
// finds, what it leaves alone (a neutral ad, a title with "(m/w/d)", a model's measurements as its
// requirement), and that a broken list is refused with a message naming what is wrong.
#include <gtest/gtest.h>

#include "actors/jobs/wording_rules.h"

namespace jh::wording {
namespace {

std::vector<finding> check_fields(std::vector<std::pair<std::string, std::string>> fields, std::vector<std::string> activities = {}) {
    job_text t;
    t.fields = std::move(fields);
    t.activities = std::move(activities);
    return check(shipped_rules(), t);
}

// "rule:field:words" of every finding, for readable comparisons.
std::vector<std::string> summary(const std::vector<finding>& found) {
    std::vector<std::string> out;
    for (const auto& f : found) out.push_back(f.rule + ":" + f.field + ":" + f.words);
    return out;
}

using V = std::vector<std::string>;

TEST(WordingRules, TheShippedListLoads) {
    const rule_set& r = shipped_rules();
    EXPECT_FALSE(r.version.empty());
    EXPECT_GE(r.rules.size(), 9u);
    for (const auto& rule : r.rules) {
        EXPECT_FALSE(rule.why.empty()) << rule.id;
        EXPECT_FALSE(rule.suggestion.empty()) << rule.id;
        EXPECT_NE(rule.source.find("AGG"), std::string::npos) << rule.id << " names no AGG section";
    }
}

TEST(WordingRules, MotherTongueAndOrigin) {
    auto f = check_fields({{"requirement", "Deutsch als Muttersprache, deutsche Staatsangehörigkeit"}});
    EXPECT_EQ(summary(f), (V{"muttersprache:requirement:Muttersprache", "staatsangehoerigkeit:requirement:deutsche Staatsangehörigkeit"}));
    EXPECT_EQ(f[0].category, "Herkunft und Sprache");
    EXPECT_NE(f[0].suggestion.find("C1"), std::string::npos);
    EXPECT_EQ(summary(check_fields({{"description", "Du bist NATIVE SPEAKER und sprichst akzentfrei."}})),
              (V{"muttersprache:description:NATIVE SPEAKER", "muttersprache:description:akzentfrei"}));
}

TEST(WordingRules, Age) {
    EXPECT_EQ(summary(check_fields({{"description", "Verstärke unser junges, dynamisches Team!"}})),
              (V{"junges-team:description:junges, dynamisches Team"}));
    EXPECT_EQ(summary(check_fields({{"requirement", "Alter: max. 30 Jahre"}})), (V{"altersgrenze:requirement:max. 30 Jahre"}));
    EXPECT_EQ(summary(check_fields({{"requirement", "zwischen 18 und 25 Jahren alt"}})),
              (V{"altersgrenze:requirement:zwischen 18 und 25 Jahren"}));
    EXPECT_EQ(summary(check_fields({{"requirement", "18-25 Jahre"}})), (V{"altersgrenze:requirement:18-25 Jahre"}));
    EXPECT_EQ(summary(check_fields({{"requirement", "Wir suchen nur Berufseinsteiger."}})),
              (V{"berufseinsteiger:requirement:nur Berufseinsteiger"}));
    // Experience welcome, an hour count, a minimum age the law names: nothing.
    EXPECT_TRUE(check_fields({{"requirement", "Auch Berufseinsteiger sind willkommen. Schichten bis 8 Stunden."}}).empty());
}

TEST(WordingRules, TitleNeedsEveryGender) {
    EXPECT_EQ(summary(check_fields({{"title", "Promoter für Kaffee-Verkostung"}})), (V{"titel-ohne-geschlechter:title:Promoter"}));
    EXPECT_EQ(summary(check_fields({{"title", "Messehostess Hannover"}})), (V{"titel-ohne-geschlechter:title:Messehostess"}));
    for (const char* ok : {"Promoter (m/w/d)", "Promoter (w/m/d) Köln", "Messehostess (M / W / D)", "Promoter*in", "Kellner:innen",
                           "Promotionkraft für Kaffee", "Model (all genders)", "Servicekraft"})
        EXPECT_TRUE(check_fields({{"title", ok}}).empty()) << ok;
}

TEST(WordingRules, SexReligionDisabilityPhoto) {
    EXPECT_EQ(summary(check_fields({{"requirement", "Nur weibliche Bewerberinnen, kein Kopftuch, voll belastbar, Bewerbung mit Foto"}})),
              (V{"nur-ein-geschlecht:requirement:Nur weibliche", "religion:requirement:kein Kopftuch",
                 "behinderung:requirement:voll belastbar", "foto-pflicht:requirement:mit Foto"}));
}

TEST(WordingRules, AModelsMeasurementsAsItsRequirementAreNotFlagged) {
    std::pair<std::string, std::string> req{"requirement", "Körpergröße ab 1,75 m, Konfektionsgröße 36, Bewerbung mit Foto"};
    EXPECT_TRUE(check_fields({req}, {"model"}).empty());
    EXPECT_TRUE(check_fields({req}, {"hostess", "promotion"}).empty());
    // The same words for a job that does not need them, or outside the requirement: flagged.
    EXPECT_EQ(summary(check_fields({req}, {"promotion"})),
              (V{"foto-pflicht:requirement:mit Foto", "aussehen:requirement:Körpergröße", "aussehen:requirement:Konfektionsgröße",
                 "aussehen:requirement:ab 1,75 m"}));
    EXPECT_EQ(summary(check_fields({{"description", "Körpergröße ab 1,75 m"}}, {"model"})),
              (V{"aussehen:description:Körpergröße", "aussehen:description:ab 1,75 m"}));
}

TEST(WordingRules, ACleanAdHasNoFindings) {
    EXPECT_TRUE(check_fields({{"title", "Promoter (m/w/d) für Kaffee-Verkostung"},
                              {"description", "<p>Du stellst im Markt unseren Kaffee vor. Unser Team freut sich auf dich.</p>"},
                              {"requirement", "Sehr gute Deutschkenntnisse (C1), Freude am Gespräch, gültige Arbeitserlaubnis"}})
                    .empty());
}

TEST(WordingRules, EachFindingOnceWithAStableKey) {
    auto f = check_fields({{"requirement", "Muttersprache. Muttersprache! muttersprache"}});
    ASSERT_EQ(f.size(), 1u);
    EXPECT_EQ(f[0].key(), "muttersprache|requirement|muttersprache");
    EXPECT_NE(to_json(f, true).find("\"key\":\"muttersprache|requirement|muttersprache\""), std::string::npos);
    EXPECT_EQ(to_json(f).find("\"key\""), std::string::npos);
}

TEST(WordingRules, ABrokenListIsRefusedNamingWhy) {
    EXPECT_FALSE(parse_rules("[]"));
    auto title = R"({"id":"t","category":"c","why":"w","suggestion":"s","source":"AGG","titles":["x"],"markers":["m/w/d"]})";
    auto r = parse_rules(std::string(R"({"version":"1","title":)") + title + R"(,"rules":[{"id":"a","category":"c","why":"w","suggestion":"s","source":"AGG","patterns":["~ foo"]}]})");
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("~ foo"), std::string::npos) << r.error();
    auto twice = parse_rules(std::string(R"({"version":"1","title":)") + title +
                             R"(,"rules":[{"id":"a","category":"c","why":"w","suggestion":"s","source":"AGG","patterns":["x"]},)"
                             R"({"id":"a","category":"c","why":"w","suggestion":"s","source":"AGG","patterns":["y"]}]})");
    ASSERT_FALSE(twice);
    EXPECT_NE(twice.error().find("twice"), std::string::npos);
}

}  // namespace
}  // namespace jh::wording
