// The texts and the birth-date check of the working time across employers
// (actors/shifts/working_time.h, docs/fair-play.md "Working time across employers"): each rule's
// German message names its paragraph, a minor's "du" and a provider's "Sie", and never an employer.
#include <gtest/gtest.h>

#include "actors/shifts/working_time.h"

namespace jh::working_time {
namespace {

breach make(std::string rule, bool minor, std::optional<int> value, int limit) {
    breach b;
    b.rule = std::move(rule);
    b.minor = minor;
    b.day = "2026-12-09";
    b.value = value;
    b.limit = limit;
    return b;
}

TEST(WorkingTimeRules, EachRuleNamesItsParagraphAndTheFigures) {
    EXPECT_EQ(candidate_message(make("night", true, std::nullopt, 1200)),
              "Du bist unter 18, deshalb gilt das Jugendarbeitsschutzgesetz: Du darfst nur zwischen 6 und 20 Uhr arbeiten "
              "(§ 14 JArbSchG). Der Einsatz am 09.12.2026 liegt außerhalb dieser Zeit.");
    EXPECT_NE(candidate_message(make("night", true, std::nullopt, 1320)).find("zwischen 6 und 22 Uhr"), std::string::npos);
    EXPECT_NE(candidate_message(make("day", true, 510, 480)).find("Am 09.12.2026 wären es 8,5 Stunden."), std::string::npos);
    EXPECT_NE(candidate_message(make("week", true, 2460, 2400)).find("41 Stunden"), std::string::npos);
    EXPECT_NE(candidate_message(make("five_days", true, 6, 5)).find("6 Tage"), std::string::npos);
    EXPECT_NE(candidate_message(make("weekend", true, std::nullopt, 0)).find("§§ 16, 17 JArbSchG"), std::string::npos);
    EXPECT_NE(candidate_message(make("rest", true, 600, 720)).find("12 Stunden frei (§ 13 JArbSchG)"), std::string::npos);
    EXPECT_NE(candidate_message(make("rest", false, 480, 660)).find("nur 8 Stunden"), std::string::npos);
    EXPECT_NE(candidate_message(make("day", false, 660, 600)).find("(§ 3 ArbZG). Am 09.12.2026 wären es 11 Stunden."), std::string::npos);
    EXPECT_NE(candidate_message(make("week", false, 3000, 2880)).find("50 Stunden"), std::string::npos);
    for (const char* rule : {"night", "weekend", "day", "week", "five_days", "rest"}) {
        std::string m = provider_message(make(rule, true, 1, 1200));
        EXPECT_EQ(m.rfind("Diesen Einsatz können Sie nicht bestätigen", 0), 0u) << rule;
        EXPECT_NE(m.find("JArbSchG"), std::string::npos) << rule;
        EXPECT_EQ(m.find("09.12.2026"), std::string::npos) << "no date or figure of the other shifts: " << rule;
    }
}

TEST(WorkingTimeRules, ABirthDateIsARealDate) {
    EXPECT_TRUE(plausible_birth_date("2010-05-17"));
    EXPECT_TRUE(plausible_birth_date("2008-02-29"));
    EXPECT_FALSE(plausible_birth_date("2009-02-29"));
    EXPECT_FALSE(plausible_birth_date("2010-13-01"));
    EXPECT_FALSE(plausible_birth_date("17.05.2010"));
    EXPECT_FALSE(plausible_birth_date("2010-5-17"));
    EXPECT_FALSE(plausible_birth_date("1899-12-31"));
    EXPECT_FALSE(plausible_birth_date(""));
}

}  // namespace
}  // namespace jh::working_time
