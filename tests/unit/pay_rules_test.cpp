// Unit tests of the pay rules (actors/pay_rules.h; issue 42, docs/fair-play.md): the minimum wage
// per year, a pay per shift divided by the shift's paid length, the bounds, the range and the
// exemptions, and the German words of each refusal.
#include <gtest/gtest.h>

#include "actors/pay_rules.h"
#include "actors/pay_settings.h"

namespace jh::pay {
namespace {

per_year_figures wage() { return minimum_wage_figures(pay_settings{}); }

job_pay hourly(std::int64_t cents) {
    job_pay p;
    p.amount = cents;
    p.unit = "hour";
    return p;
}

TEST(PayRules, TheMinimumWageIsTheYearsFigure) {
    EXPECT_EQ(wage().for_year(2026).value, 1390);
    EXPECT_EQ(wage().for_year(2027).value, 1460);
    EXPECT_EQ(wage().for_year(2030).value, 1460);   // a later year keeps the latest figure
    EXPECT_EQ(euros(1390), "13,90 €");
    EXPECT_EQ(euros(500000), "5.000,00 €");
    EXPECT_EQ(cents_of("13.9"), 1390);
    EXPECT_EQ(cents_of("12.00"), 1200);
    EXPECT_EQ(cents_of("-1"), -100);
    EXPECT_FALSE(cents_of("zwölf"));
}

TEST(PayRules, AnHourlyPayBelowTheFigureIsRefusedWithTheFigureAndTheYear) {
    auto v = check_publishable(hourly(1200), {}, {2026}, wage());
    ASSERT_EQ(v.size(), 1u);
    EXPECT_EQ(v[0].property_path, "baseSalary");
    EXPECT_EQ(v[0].message, "Der Lohn von 12,00 € pro Stunde liegt unter dem Mindestlohn von 13,90 € pro Stunde (2026).");
    EXPECT_TRUE(check_publishable(hourly(1400), {}, {2026}, wage()).empty());
    // A job that runs into 2027 must reach 2027's figure too.
    auto later = check_publishable(hourly(1400), {}, {2026, 2027}, wage());
    ASSERT_EQ(later.size(), 1u);
    EXPECT_NE(later[0].message.find("14,60 € pro Stunde (2027)"), std::string::npos) << later[0].message;
}

TEST(PayRules, APayPerShiftIsDividedByThePaidLength) {
    job_pay p;
    p.amount = 10000;
    p.unit = "day";
    shift_pay night{2026, "05.12.2026, 22:00–06:00", 7 * 60, std::nullopt};   // 8 h less 1 h break
    EXPECT_FALSE(check_shift(p, night, wage()));                               // 14,28 €/h
    shift_pay long_night{2026, "05.12.2026, 20:00–06:00", 10 * 60, std::nullopt};
    auto bad = check_shift(p, long_night, wage());
    ASSERT_TRUE(bad);
    EXPECT_EQ(bad->message, "Der Lohn von 100,00 € pro Einsatz entspricht beim Einsatz am 05.12.2026, 20:00–06:00 (10 Stunden ohne "
                            "Pause) 10,00 € pro Stunde und liegt unter dem Mindestlohn von 13,90 € pro Stunde (2026).");
    // Rounded down, never in the provider's favour: 13,899… is below 13,90.
    p.amount = 11119;   // 111,19 € for 8 hours = 13,89875 €/h
    EXPECT_TRUE(check_shift(p, {2026, "x", 480, std::nullopt}, wage()));
    shift_pay all_break{2026, "x", 0, std::nullopt};
    EXPECT_EQ(check_shift(p, all_break, wage())->property_path, "breakMinutes");
    // The shift's own hourly pay.
    EXPECT_TRUE(check_shift(hourly(2000), {2026, "x", 240, 1100}, wage()));
    // Without a pay a day's pay is checked as 8 hours: 100 € a day is 12,50 €/h.
    job_pay day;
    day.amount = 10000;
    day.unit = "day";
    auto v = check_publishable(day, {}, {2026}, wage());
    ASSERT_EQ(v.size(), 1u);
    EXPECT_NE(v[0].message.find("entspricht bei 8 Stunden 12,50 € pro Stunde"), std::string::npos) << v[0].message;
}

TEST(PayRules, BadFieldsAndExemptionsAreRefusedAtTheirField) {
    auto path = [](const std::vector<violation>& v) { return v.empty() ? std::string() : v[0].property_path; };
    EXPECT_EQ(path(check_fields(hourly(0))), "baseSalary");
    EXPECT_EQ(path(check_fields(hourly(-100))), "baseSalary");
    EXPECT_EQ(path(check_fields(hourly(50001))), "baseSalary");   // more than 500 € an hour
    job_pay range = hourly(1600);
    range.max = 1500;
    EXPECT_EQ(path(check_fields(range)), "baseSalaryMax");
    range.max = 1800;
    EXPECT_TRUE(check_fields(range).empty());
    EXPECT_EQ(pay_text(range), "16,00–18,00 € pro Stunde");

    job_pay intern = hourly(500);
    intern.exemption = "mandatory_internship";
    intern.employment_types = {"part_time_mini"};
    EXPECT_EQ(path(check_fields(intern)), "wageExemption");
    intern.employment_types = {"training"};
    EXPECT_TRUE(check_fields(intern).empty());
    EXPECT_TRUE(check_publishable(intern, {}, {2026}, wage()).empty());   // exempt: 5 € is allowed

    job_pay fee;
    fee.amount = 30000;
    fee.unit = "project";
    fee.employment_types = {"contractor"};
    EXPECT_EQ(path(check_publishable(fee, {}, {2026}, wage())), "wageExemption");   // a fee needs "freelance"
    fee.exemption = "freelance";
    EXPECT_TRUE(check_publishable(fee, {}, {2026}, wage()).empty());
    fee.exemption = "minor";
    EXPECT_EQ(path(check_fields(fee)), "wageExemption");
    EXPECT_EQ(pay_text(fee), "300,00 € als Honorar");

    job_pay none;
    EXPECT_EQ(path(check_publishable(none, {}, {2026}, wage())), "baseSalary");
    EXPECT_EQ(pay_text(none), "Lohnangabe fehlt");
    job_pay month = hourly(300000);
    month.unit = "month";
    EXPECT_EQ(path(check_publishable(month, {}, {2026}, wage())), "salaryUnit");
}

}  // namespace
}  // namespace jh::pay
