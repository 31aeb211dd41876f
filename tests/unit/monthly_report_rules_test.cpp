// The monthly report's pure rules (actors/reports/reports_actor.h): the month's format and range
// with their German messages, and the CSV file's layout (columns per source, decimal comma, empty
// median, formula cells neutralised) for a report made by hand.
#include <gtest/gtest.h>

#include "actors/reports/reports_actor.h"

namespace jh::reports {
namespace {

std::string message_of(const result<void>& r) {
    if (r) return "ok";
    return r.error().violations.empty() ? r.error().message : r.error().violations[0].property_path + ": " + r.error().violations[0].message;
}

TEST(MonthlyReportRules, TheMonthIsYyyyMmWithinTheYearsWeServe) {
    EXPECT_EQ(message_of(check_month_format("2026-10")), "ok");
    EXPECT_EQ(message_of(check_month_format("2000-01")), "ok");
    EXPECT_EQ(message_of(check_month_format("2199-12")), "ok");
    for (const char* bad : {"", "2026-1", "2026-13", "2026-00", "1999-12", "2200-01", "2026/10", "２026-10", "2026-1a", "+026-10",
                            "2026-10-01"})
        EXPECT_EQ(message_of(check_month_format(bad)), "month: Bitte geben Sie den Monat als JJJJ-MM an, zum Beispiel 2026-10.") << bad;
}

TEST(MonthlyReportRules, NotAfterTheCurrentMonthNorBeforeTheOrganization) {
    EXPECT_EQ(message_of(check_month_range("2026-11", "2026-11", "2026-01")), "ok");
    EXPECT_EQ(message_of(check_month_range("2026-01", "2026-11", "2026-01")), "ok");
    EXPECT_EQ(message_of(check_month_range("2026-12", "2026-11", "2026-01")),
              "month: Für einen Monat in der Zukunft gibt es noch keinen Bericht.");
    EXPECT_EQ(message_of(check_month_range("2025-12", "2026-11", "2026-01")),
              "month: Für diesen Monat gibt es keinen Bericht: Ihr Unternehmen war damals noch nicht bei Jobhafen registriert.");
}

TEST(MonthlyReportRules, CsvHasAColumnPerSourceAndNeutralisesFormulas) {
    monthly_report r;
    r.month = "2026-10";
    r.total.views = 12;
    r.total.applications = 3;
    r.total.answered = 2;
    r.total.median_seconds = 5400;   // 1.5 hours
    r.total.sources = {{"Indeed", 2}, {"Direkt", 1}};
    job_figures a{1, "@SUM(A1)", {}};
    a.f.applications = 2;
    a.f.sources = {{"Indeed", 2}};
    job_figures b{2, "Koch \"Chef\"", {}};
    b.f.applications = 1;
    b.f.answered = 1;
    b.f.median_seconds = 36000;
    b.f.shifts = 2;
    b.f.shifts_filled = 1;
    b.f.places = 3;
    b.f.places_filled = 2;
    b.f.sources = {{"Direkt", 1}};
    r.jobs = {a, b};
    EXPECT_EQ(csv_file(r),
              "\xEF\xBB\xBF"
              "Stellenanzeige;Aufrufe;Bewerbungen;Beantwortet;Antwortzeit (Median, Stunden);Einsätze;Einsätze voll besetzt;Plätze;"
              "Plätze besetzt;Bewerbungen: Indeed;Bewerbungen: Direkt\r\n"
              "'@SUM(A1);0;2;0;;0;0;0;0;2;0\r\n"
              "\"Koch \"\"Chef\"\"\";0;1;1;10,0;2;1;3;2;0;1\r\n"
              "Gesamt;12;3;2;1,5;0;0;0;0;2;1\r\n");
    EXPECT_EQ(csv_file_name(r), "monatsbericht-2026-10.csv");
}

}  // namespace
}  // namespace jh::reports
