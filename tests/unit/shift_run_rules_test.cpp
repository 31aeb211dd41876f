// The pure rules of running a shift (issue 43): a shift series as the API reads it
// (actors/shifts/shift_series.h: each slot named, overlap, at most 200 shifts) and worked times
// (actors/shifts/time_record_rules.h: the entry, the decision, the checks on instants, the hours).
#include <gtest/gtest.h>

#include <simdjson.h>

#include "actors/shifts/shift_series.h"
#include "actors/shifts/time_record_rules.h"

namespace jh::shifts {
namespace {

// The members named by a refusal, in order; empty when accepted.
template <typename R>
std::vector<std::string> paths(const R& r) {
    std::vector<std::string> out;
    if (!r)
        for (const auto& v : r.error().violations) out.push_back(v.property_path);
    return out;
}

std::vector<std::string> series_paths(const std::string& json) {
    simdjson::dom::parser p;
    simdjson::dom::object o = p.parse(json).get_object().value();
    return paths(read_shift_series(o));
}

TEST(ShiftRunRules, ASeriesNamesEachBadSlot) {
    EXPECT_TRUE(series_paths(R"({"dates":["2026-12-05","2026-12-06"],"slots":[{"start":"08:00","end":"14:00","staffNeeded":3},)"
                             R"({"start":"14:00","end":"20:00","staffNeeded":2}]})")
                    .empty());
    EXPECT_EQ(series_paths(R"({"dates":["2026-12-05"],"slots":[{"start":"08:00","end":"14:00","staffNeeded":1},)"
                           R"({"start":"8:00","end":"14:00","staffNeeded":501}]})"),
              (std::vector<std::string>{"slots[1].start", "slots[1].staffNeeded"}));
    EXPECT_EQ(series_paths(R"({"dates":["2026-12-05","2026-12-05","x"],"slots":[{"start":"08:00","end":"09:00","staffNeeded":1}]})"),
              (std::vector<std::string>{"dates[1]", "dates[2]"}));
    EXPECT_EQ(series_paths(R"({"slots":[{"start":"08:00","end":"09:00","staffNeeded":1}]})"), std::vector<std::string>{"dates"});
    EXPECT_EQ(series_paths(R"({"dates":["2026-12-05"],"slots":[],"note":")" + std::string(501, 'x') + R"("})"),
              (std::vector<std::string>{"slots", "note"}));
}

TEST(ShiftRunRules, SlotsMustNotOverlap) {
    auto slots = [](std::vector<std::pair<std::string, std::string>> s) {
        std::vector<series_slot> out;
        for (auto& [a, b] : s) out.push_back({a, b, 1});
        return out;
    };
    EXPECT_TRUE(overlapping_slots(slots({{"08:00", "14:00"}, {"14:00", "20:00"}}), true).empty());   // touching is fine
    auto o = overlapping_slots(slots({{"08:00", "14:00"}, {"14:00", "20:00"}, {"13:59", "15:00"}}), false);
    ASSERT_EQ(o.size(), 1u);
    EXPECT_EQ(o[0].slot, 2u);
    EXPECT_EQ(o[0].earlier, 0u);
    // A night slot reaches into the next date only when the series has consecutive dates.
    EXPECT_TRUE(overlapping_slots(slots({{"22:00", "06:00"}, {"05:00", "09:00"}}), false).empty());
    EXPECT_EQ(overlapping_slots(slots({{"22:00", "06:00"}, {"05:00", "09:00"}}), true).size(), 1u);
    EXPECT_EQ(overlapping_slots(slots({{"22:00", "06:00"}, {"23:00", "01:00"}}), false).size(), 1u);
}

TEST(ShiftRunRules, AtMostTwoHundredShifts) {
    std::string dates = "[";
    for (int i = 1; i <= 20; ++i) dates += (i > 1 ? ",\"2026-12-" : "\"2026-12-") + std::string(i < 10 ? "0" : "") + std::to_string(i) + "\"";
    dates += "]";
    auto body = [&](int n_slots) {
        std::string s = "[";
        for (int i = 0; i < n_slots; ++i) {
            char buf[80];
            std::snprintf(buf, sizeof buf, R"(%s{"start":"%02d:00","end":"%02d:30","staffNeeded":1})", i ? "," : "", i, i);
            s += buf;
        }
        return R"({"dates":)" + dates + R"(,"slots":)" + s + "]}";
    };
    EXPECT_TRUE(series_paths(body(10)).empty());                                   // 200
    EXPECT_EQ(series_paths(body(11)), std::vector<std::string>{"slots"});          // 220
}

std::vector<std::string> entry_paths(const std::string& json) {
    simdjson::dom::parser p;
    return paths(read_time_entry(p.parse(json).get_object().value()));
}

TEST(ShiftRunRules, TheCandidatesEntry) {
    EXPECT_TRUE(entry_paths(R"({"start":"10:05","end":"18:20","breakMinutes":30})").empty());
    EXPECT_TRUE(entry_paths(R"({"start":"2026-12-05T22:00","end":"2026-12-06T02:00","breakMinutes":0})").empty());
    EXPECT_EQ(entry_paths(R"({"start":"10","end":"18:20:00","breakMinutes":1441})"),
              (std::vector<std::string>{"start", "end", "breakMinutes"}));
    EXPECT_EQ(entry_paths(R"({"start":"2026-02-30T10:00","end":"18:00","breakMinutes":0})"), std::vector<std::string>{"start"});
    EXPECT_EQ(entry_paths(R"({})"), (std::vector<std::string>{"start", "end", "breakMinutes"}));
}

TEST(ShiftRunRules, TheProvidersDecision) {
    simdjson::dom::parser p;
    auto read = [&](const std::string& json) { return read_time_decision(p.parse(json).get_object().value()); };
    EXPECT_EQ(read(R"({"status":"approved"})")->kind, time_decision_kind::approved);
    EXPECT_EQ(read(R"({"status":"no_show"})")->kind, time_decision_kind::no_show);
    auto c = read(R"({"status":"corrected","end":"18:00"})");
    ASSERT_TRUE(c);
    EXPECT_EQ(c->end->hhmm, "18:00");
    EXPECT_FALSE(c->start);
    EXPECT_EQ(paths(read(R"({"status":"corrected"})")), std::vector<std::string>{"start"});
    EXPECT_EQ(paths(read(R"({"status":"fine"})")), std::vector<std::string>{"status"});
    EXPECT_EQ(paths(read(R"({"status":"corrected","breakMinutes":-1})")), std::vector<std::string>{"breakMinutes"});
}

TEST(ShiftRunRules, WorkedTimesAgainstEachOtherThePlanAndNow) {
    const std::int64_t planned = 1000000, now = planned + 24 * 60;
    auto members = [](const std::vector<violation>& v) {
        std::vector<std::string> out;
        for (const auto& x : v) out.push_back(x.property_path);
        return out;
    };
    EXPECT_TRUE(check_worked_times(planned + 5, planned + 500, 30, planned, now, writer::candidate).empty());
    EXPECT_EQ(members(check_worked_times(planned, planned - 1, 0, planned, now, writer::candidate)), std::vector<std::string>{"end"});
    EXPECT_EQ(members(check_worked_times(planned, planned + 480, 480, planned, now, writer::candidate)),
              std::vector<std::string>{"breakMinutes"});
    EXPECT_EQ(members(check_worked_times(planned, now + 1, 0, planned, now, writer::candidate)), std::vector<std::string>{"end"});
    EXPECT_EQ(members(check_worked_times(planned - 13 * 60, planned, 0, planned, now, writer::provider)),
              std::vector<std::string>{"start"});
    EXPECT_EQ(members(check_worked_times(planned - 60, planned + 24 * 60, 0, planned, now + 60, writer::provider)),
              std::vector<std::string>{"end"});   // 25 hours
}

TEST(ShiftRunRules, HoursAsGermanDecimals) {
    EXPECT_EQ(hours_text(445), "7,42");
    EXPECT_EQ(hours_text(480), "8,00");
    EXPECT_EQ(hours_text(465), "7,75");
    EXPECT_EQ(hours_text(0), "0,00");
    EXPECT_EQ(hours_text(5), "0,08");
}

std::vector<std::string> reliability_paths(const std::string& json) {
    simdjson::dom::parser p;
    simdjson::dom::object o = p.parse(json).get_object().value();
    return paths(read_reliability_rating(o));
}

// The organization's reliability rating (issue 43, item 5): 1..5 whole stars, an optional text
// of at most 500 characters (counted as characters, not bytes).
TEST(ShiftRunRules, AReliabilityRatingIsOneToFiveStarsAndAShortText) {
    EXPECT_TRUE(reliability_paths(R"({"stars":1})").empty());
    EXPECT_TRUE(reliability_paths(R"({"stars":5,"comment":null})").empty());
    EXPECT_EQ(reliability_paths(R"({"stars":0})"), std::vector<std::string>{"stars"});
    EXPECT_EQ(reliability_paths(R"({"stars":6})"), std::vector<std::string>{"stars"});
    EXPECT_EQ(reliability_paths(R"({"stars":4.5})"), std::vector<std::string>{"stars"});
    EXPECT_EQ(reliability_paths(R"({"stars":"5"})"), std::vector<std::string>{"stars"});
    EXPECT_EQ(reliability_paths(R"({})"), std::vector<std::string>{"stars"});
    EXPECT_EQ(reliability_paths(R"({"stars":3,"comment":7})"), std::vector<std::string>{"comment"});
    std::string umlauts;
    for (int i = 0; i < 500; ++i) umlauts += "ü";
    EXPECT_TRUE(reliability_paths(R"({"stars":3,"comment":")" + umlauts + R"("})").empty());
    EXPECT_EQ(reliability_paths(R"({"stars":3,"comment":")" + umlauts + R"(x"})"), std::vector<std::string>{"comment"});
    simdjson::dom::parser p;
    auto ok = read_reliability_rating(p.parse(std::string(R"({"stars":4,"comment":"  Pünktlich  "})")).get_object().value());
    ASSERT_TRUE(ok);
    EXPECT_EQ(ok->stars, 4);
    EXPECT_EQ(ok->comment, "Pünktlich");
}

}  // namespace
}  // namespace jh::shifts
