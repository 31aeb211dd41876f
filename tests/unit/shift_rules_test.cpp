// The pure rules of shifts (actors/shifts/shift_rules.h): dates and times as the API takes them,
// the field bounds with their members, and the calendar text (RFC 5545: escaping, CRLF lines
// folded at 75 octets without splitting a UTF-8 character, one VEVENT per shift).
#include <gtest/gtest.h>

#include "actors/shifts/shift_rules.h"

namespace jh::shifts {
namespace {

TEST(ShiftRules, DatesAndTimes) {
    EXPECT_TRUE(valid_date("2026-12-05"));
    EXPECT_TRUE(valid_date("2028-02-29"));
    EXPECT_FALSE(valid_date("2026-02-29"));
    EXPECT_FALSE(valid_date("2026-13-01"));
    EXPECT_FALSE(valid_date("2026-1-01"));
    EXPECT_FALSE(valid_date("05.12.2026"));
    EXPECT_FALSE(valid_date("1999-12-31"));
    EXPECT_TRUE(valid_hhmm("00:00"));
    EXPECT_TRUE(valid_hhmm("23:59"));
    EXPECT_FALSE(valid_hhmm("24:00"));
    EXPECT_FALSE(valid_hhmm("9:30"));
    EXPECT_FALSE(valid_hhmm("09:60"));
    EXPECT_FALSE(valid_hhmm("09-30"));
}

// The portal calendar's window: 42 days at most, both ends counted, across a leap day and a year.
TEST(ShiftRules, TheCalendarWindow) {
    auto paths = [](std::optional<std::string> from, std::optional<std::string> to) {
        auto r = read_date_window(from, to);
        std::vector<std::string> out;
        if (!r)
            for (const auto& v : r.error().violations) out.push_back(v.property_path);
        return out;
    };
    EXPECT_TRUE(paths("2028-02-01", "2028-03-13").empty());   // 42 days with 29 February
    EXPECT_EQ(paths("2028-02-01", "2028-03-14"), std::vector<std::string>{"to"});
    EXPECT_TRUE(paths("2026-12-28", "2027-01-03").empty());
    EXPECT_TRUE(paths("2026-12-05", "2026-12-05").empty());
    EXPECT_EQ(paths("2026-12-05", "2026-12-04"), std::vector<std::string>{"to"});
    EXPECT_EQ(paths(std::nullopt, std::nullopt), (std::vector<std::string>{"from", "to"}));
    EXPECT_EQ(paths("2026-02-30", "2026-03-01"), std::vector<std::string>{"from"});
    EXPECT_EQ(paths(std::string(100000, '2'), "2026-03-01"), std::vector<std::string>{"from"});
}

std::vector<std::string> paths_of(const std::string& json, bool creating) {
    simdjson::dom::parser p;
    auto r = read_shift_fields(p.parse(json).get_object().value(), creating);
    std::vector<std::string> out;
    if (!r)
        for (const auto& v : r.error().violations) out.push_back(v.property_path);
    return out;
}

TEST(ShiftRules, FieldsAreBoundedPerMember) {
    EXPECT_TRUE(paths_of(R"({"date":"2026-12-05","start":"10:00","end":"02:00","staffNeeded":3,"baseSalary":14.5})", true).empty());
    EXPECT_EQ(paths_of(R"({})", true), (std::vector<std::string>{"date", "start", "end", "staffNeeded"}));
    EXPECT_TRUE(paths_of(R"({})", false).empty());
    EXPECT_EQ(paths_of(R"({"staffNeeded":0})", false), std::vector<std::string>{"staffNeeded"});
    EXPECT_EQ(paths_of(R"({"staffNeeded":"3"})", false), std::vector<std::string>{"staffNeeded"});
    EXPECT_EQ(paths_of(R"({"start":"10:00","end":"10:00"})", false), std::vector<std::string>{"end"});
    EXPECT_EQ(paths_of(R"({"baseSalary":-1})", false), std::vector<std::string>{"baseSalary"});
    EXPECT_EQ(paths_of(R"({"date":12})", false), std::vector<std::string>{"date"});
    EXPECT_EQ(paths_of(R"({"note":")" + std::string(501, 'x') + R"("})", false), std::vector<std::string>{"note"});
    EXPECT_TRUE(paths_of(R"({"note":")" + std::string(250, 'x') + "äöü" + R"("})", false).empty());
}

TEST(ShiftRules, ShiftIdsOfAnApplication) {
    simdjson::dom::parser p;
    auto ids = read_shift_ids(p.parse(std::string(R"({"shifts":[3,"/api/shifts/1",{"id":3}]})")).get_object().value());
    ASSERT_TRUE(ids && *ids);
    EXPECT_EQ(**ids, (std::vector<std::int64_t>{1, 3}));
    EXPECT_FALSE(*read_shift_ids(p.parse(std::string(R"({})")).get_object().value()));
    EXPECT_FALSE(read_shift_ids(p.parse(std::string(R"({"shifts":["x"]})")).get_object().value()));
    EXPECT_FALSE(read_shift_ids(p.parse(std::string(R"({"shifts":5})")).get_object().value()));
}

TEST(ShiftRules, CalendarLinesAreEscapedAndFolded) {
    EXPECT_EQ(ics_escape("a;b,c\\d\ne"), "a\\;b\\,c\\\\d\\ne");
    std::string folded = ics_line("SUMMARY:" + std::string(100, 'x'));
    EXPECT_EQ(folded, "SUMMARY:" + std::string(67, 'x') + "\r\n " + std::string(33, 'x') + "\r\n");
    // "ä" is two octets: the fold never splits it.
    std::string umlauts = ics_line("DESCRIPTION:" + std::string(61, 'x') + "äääää");
    auto first = umlauts.substr(0, umlauts.find("\r\n"));
    EXPECT_EQ(first.size(), 75u);
    EXPECT_EQ(static_cast<unsigned char>(first.back()) & 0xC0, 0x80);   // ends after a whole "ä"
}

TEST(ShiftRules, CalendarHoldsOneEventPerShift) {
    std::vector<calendar_event> events{{7, "20261205T100000", "20261205T180000", "Promoter, Verkostung", "Hamburg", "Agentur\nNotiz",
                                        "20261126T120000Z"}};
    std::string ics = calendar_ics(events, "jobhafen.de");
    EXPECT_EQ(ics.rfind("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n", 0), 0u);
    EXPECT_NE(ics.find("UID:shift-7@jobhafen.de\r\n"), std::string::npos);
    EXPECT_NE(ics.find("DTSTART;TZID=Europe/Berlin:20261205T100000\r\n"), std::string::npos);
    EXPECT_NE(ics.find("SUMMARY:Promoter\\, Verkostung\r\n"), std::string::npos);
    EXPECT_NE(ics.find("DESCRIPTION:Agentur\\nNotiz\r\n"), std::string::npos);
    EXPECT_NE(ics.find("TZID:Europe/Berlin\r\n"), std::string::npos);
    EXPECT_EQ(ics.substr(ics.size() - 15), "END:VCALENDAR\r\n");
    EXPECT_EQ(calendar_ics({}, "x").find("BEGIN:VEVENT"), std::string::npos);
}

// The organization's feed (issue 43, item 8): its own name, escaped, and UIDs of its own.
TEST(ShiftRules, CalendarHeadNamesTheFeedAndItsUids) {
    std::vector<calendar_event> events{{7, "20261205T100000", "20261205T180000", "Promoter – 1 von 2 besetzt", "", "", "20261126T120000Z"}};
    std::string ics = calendar_ics(events, "jobhafen.de", {"Jobhafen – Einsätze Müller, Events; GmbH", "org-shift-"});
    EXPECT_NE(ics.find("X-WR-CALNAME:Jobhafen – Einsätze Müller\\, Events\\; GmbH\r\n"), std::string::npos) << ics;
    EXPECT_NE(ics.find("UID:org-shift-7@jobhafen.de\r\n"), std::string::npos);
    EXPECT_EQ(ics.find("UID:shift-7@"), std::string::npos);
    EXPECT_NE(calendar_ics(events, "jobhafen.de").find("X-WR-CALNAME:Jobhafen – Meine Einsätze\r\n"), std::string::npos);
}

}  // namespace
}  // namespace jh::shifts
