// The pure rules of the work limits (actors/shifts/work_limits.h, docs/shifts.md "Work limits"):
// the per-year figure tables the configuration holds, the sums per month, calendar year and week,
// the warnings for shifts about to be applied for, and their German texts.
#include <gtest/gtest.h>

#include "actors/shifts/work_limits.h"
#include "reactor/per_year.h"

namespace jh {
namespace {

using namespace work_limits;

figures official() {
    return {*parse_per_year({"2025=556", "2026=603"}, 1, 100000), *parse_per_year({"2026=70"}, 1, 366),
            *parse_per_year({"2026=20"}, 1, 168)};
}

counted_shift shift(std::string day, std::string week, int minutes, std::optional<std::int64_t> cents, bool extra = false,
                    int months_ago = -1) {
    counted_shift s;
    s.day = day;
    s.month = day.substr(0, 7);
    s.year = std::stoi(day.substr(0, 4));
    s.week_start = std::move(week);
    s.minutes = minutes;
    s.pay_cents = cents;
    s.extra = extra;
    s.months_ago = months_ago;
    return s;
}

const today nov26{"2026-11-27", "2026-11", "2026-11-23", 2026};

TEST(WorkLimitRules, PerYearFiguresAreCheckedAndTheLatestEarlierYearApplies) {
    auto t = parse_per_year({"2026=603", "2025=556"}, 1, 100000);
    ASSERT_TRUE(t);
    EXPECT_EQ(t->for_year(2026).value, 603);
    EXPECT_EQ(t->for_year(2025).value, 556);
    EXPECT_EQ(t->for_year(2031).value, 603);   // not configured yet: the newest figure
    EXPECT_EQ(t->for_year(2031).year, 2026);
    EXPECT_EQ(t->for_year(2020).value, 556);   // before the table: its earliest
    for (std::vector<std::string> bad : {std::vector<std::string>{}, {"2026"}, {"2026=0"}, {"2026=abc"}, {"1999=5"},
                                         {"2026=5", "2026=6"}, {"2026=100001"}, {"=5"}, {"2026=5x"}})
        EXPECT_FALSE(parse_per_year(bad, 1, 100000)) << (bad.empty() ? "" : bad[0]);
}

TEST(WorkLimitRules, AMinijobCrossing603EurosInOneMonthWarns) {
    // Confirmed in December: 2 × 240 € = 480 €. One more shift of 160 € makes 640 € > 603 €.
    std::vector<counted_shift> s{shift("2026-12-03", "2026-11-30", 480, 24000), shift("2026-12-10", "2026-12-07", 480, 24000),
                                 shift("2026-12-17", "2026-12-14", 480, 16000, true)};
    auto e = evaluate(status::minijob, true, official(), nov26, s);
    ASSERT_EQ(e.what, measure::minijob_month);
    ASSERT_EQ(e.periods.size(), 2u);   // this month (nothing) and December
    EXPECT_TRUE(e.periods[0].current);
    EXPECT_EQ(e.periods[0].value, 0);
    EXPECT_EQ(e.periods[1].confirmed, 48000);
    EXPECT_EQ(e.periods[1].value, 64000);
    EXPECT_EQ(e.periods[1].limit, 60300);
    ASSERT_EQ(e.warnings.size(), 1u);
    EXPECT_EQ(warning_message(e.warnings[0]),
              "Damit würdest du im Dezember 2026 voraussichtlich 640,00 € verdienen und die Minijob-Grenze "
              "von 603 € im Monat überschreiten. Erlaubt ist nur ein gelegentliches, nicht vorhersehbares Überschreiten "
              "(bis 1.206 €, in höchstens zwei Monaten eines Zeitjahres) – ein geplanter Einsatz ist vorhersehbar.");
    // Exactly at the limit is not over it; a shift of unknown pay counts 0 and is reported.
    s[2].pay_cents = 12300;
    EXPECT_TRUE(evaluate(status::minijob, true, official(), nov26, s).warnings.empty());
    s[2].pay_cents.reset();
    auto unknown = evaluate(status::minijob, true, official(), nov26, s);
    EXPECT_TRUE(unknown.warnings.empty());
    EXPECT_EQ(unknown.periods[1].unknown_pay, 1);
    // More than twice the limit says so.
    s[2].pay_cents = 80000;
    EXPECT_NE(warning_message(evaluate(status::minijob, true, official(), nov26, s).warnings.at(0)).find("mehr als das Doppelte"),
              std::string::npos);
}

TEST(WorkLimitRules, MinijobOverrunMonthsOfTheZeitjahrAreCounted) {
    // Confirmed pay above 603 € in two of the last twelve months (2025's figure 556 € for 2025).
    std::vector<counted_shift> s{shift("2026-11-02", "2026-11-02", 600, 61000, false, 0),
                                 shift("2025-12-02", "2025-12-01", 600, 56000, false, 11),
                                 shift("2025-11-02", "2025-11-02", 600, 90000, false, 12)};   // outside the Zeitjahr
    auto e = evaluate(status::minijob, true, official(), nov26, s);
    EXPECT_EQ(e.overrun_months, 2);
}

TEST(WorkLimitRules, ShortTermCountsWorkingDaysPerCalendarYear) {
    std::vector<counted_shift> s;
    for (int i = 0; i < 70; ++i) {
        char day[11];
        std::snprintf(day, sizeof day, "2027-%02d-%02d", 1 + i / 28, 1 + i % 28);
        s.push_back(shift(day, "2027-01-04", 240, 5000));
    }
    // A second shift on a day already worked adds no day; a new day makes 71.
    s.push_back(shift("2027-01-01", "2026-12-28", 120, 1000, true));
    auto same_day = evaluate(status::short_term, true, official(), nov26, s);
    EXPECT_TRUE(same_day.warnings.empty());
    EXPECT_EQ(same_day.periods.back().value, 70);
    s.push_back(shift("2027-06-01", "2027-05-31", 120, 1000, true));
    auto e = evaluate(status::short_term, true, official(), nov26, s);
    ASSERT_EQ(e.warnings.size(), 1u);
    EXPECT_EQ(e.warnings[0].key, "2027");
    EXPECT_EQ(e.warnings[0].value, 71);
    EXPECT_EQ(e.warnings[0].limit, 70);   // 2027 takes 2026's figure
    EXPECT_EQ(warning_message(e.warnings[0]),
              "Damit würdest du 2027 an 71 Tagen arbeiten und die Grenze von 70 Arbeitstagen für eine "
              "kurzfristige Beschäftigung im Kalenderjahr überschreiten.");
}

TEST(WorkLimitRules, AWorkingStudentsWeekInTheLecturePeriod) {
    std::vector<counted_shift> s{shift("2026-11-30", "2026-11-30", 480, 0), shift("2026-12-01", "2026-12-01", 480, 0),
                                 shift("2026-12-02", "2026-11-30", 330, 0, true)};
    s[1].week_start = "2026-11-30";
    auto e = evaluate(status::working_student, true, official(), nov26, s);
    ASSERT_EQ(e.warnings.size(), 1u);
    EXPECT_EQ(e.warnings[0].value, 1290);
    EXPECT_EQ(e.warnings[0].limit, 1200);
    EXPECT_EQ(warning_message(e.warnings[0]),
              "Damit würdest du in der Woche vom 30.11.2026 21,5 Stunden arbeiten und die Grenze von 20 "
              "Stunden pro Woche für Werkstudenten in der Vorlesungszeit überschreiten.");
    // In the semester break, and for pupils, pensioners and no statement, nothing is counted.
    EXPECT_FALSE(evaluate(status::working_student, false, official(), nov26, s).what);
    for (auto st : {status::pupil, status::pensioner, status::none}) {
        auto none = evaluate(st, true, official(), nov26, s);
        EXPECT_FALSE(none.what);
        EXPECT_TRUE(none.periods.empty() && none.warnings.empty());
    }
}

TEST(WorkLimitRules, StatusNamesAndShiftIds) {
    for (auto st : {status::none, status::minijob, status::short_term, status::working_student, status::pupil, status::pensioner})
        EXPECT_EQ(parse_status(status_name(st)), st);
    EXPECT_FALSE(parse_status("Minijob"));
    EXPECT_EQ(parse_shift_ids("3,1,3").value(), (std::vector<std::int64_t>{3, 1}));
    EXPECT_EQ(parse_shift_ids("").value(), std::vector<std::int64_t>{});
    for (auto bad : {"1,", ",1", "0", "-2", "1;2", "x", "99999999999999999999"}) EXPECT_FALSE(parse_shift_ids(bad)) << bad;
    std::string many;
    for (int i = 1; i <= 51; ++i) many += (i > 1 ? "," : "") + std::to_string(i);
    EXPECT_FALSE(parse_shift_ids(many));
    EXPECT_EQ(amount_text(measure::minijob_month, 120650), "1.206,50 €");
    EXPECT_EQ(amount_text(measure::student_week, 60), "1 Stunde");
    EXPECT_EQ(amount_text(measure::student_week, 1245), "20,75 Stunden");
}

}  // namespace
}  // namespace jh
