// report_csv.cpp: the monthly report as a CSV file (reports_actor.h), the way Excel in Germany opens
// it (actors/csv_text.h: UTF-8 with BOM, `;` between cells, CRLF, a cell that a spreadsheet would run
// as a formula starts with an apostrophe: job titles come from providers). Numbers as German
// spreadsheets read them: whole numbers plain, the median hours with a decimal comma.
#include <cmath>
#include <cstdio>

#include "actors/csv_text.h"
#include "actors/reports/reports_actor.h"

namespace jh::reports {

namespace {

// "12,5", or empty when no application was answered.
std::string hours(const std::optional<double>& seconds) {
    if (!seconds) return {};
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", std::round(*seconds / 360.0) / 10.0);
    std::string out(buf);
    for (char& c : out)
        if (c == '.') c = ',';
    return out;
}

std::int64_t count_of(const figures& f, const std::string& source) {
    for (const auto& s : f.sources)
        if (s.source == source) return s.applications;
    return 0;
}

void append_figures(std::string& out, std::string_view label, const figures& f, const std::vector<source_count>& columns) {
    std::vector<std::string> cells{std::string(label),         std::to_string(f.views),  std::to_string(f.applications),
                                   std::to_string(f.answered), hours(f.median_seconds),  std::to_string(f.shifts),
                                   std::to_string(f.shifts_filled), std::to_string(f.places), std::to_string(f.places_filled)};
    for (const auto& c : columns) cells.push_back(std::to_string(count_of(f, c.source)));
    std::vector<std::string_view> views(cells.begin(), cells.end());
    csv::append_row(out, views);
}

}  // namespace

std::string csv_file(const monthly_report& r) {
    std::string out(csv::bom);
    std::vector<std::string> head{"Stellenanzeige", "Aufrufe", "Bewerbungen", "Beantwortet", "Antwortzeit (Median, Stunden)",
                                  "Einsätze", "Einsätze voll besetzt", "Plätze", "Plätze besetzt"};
    // One column per source of the month (the totals' order: most applications first).
    for (const auto& c : r.total.sources) head.push_back("Bewerbungen: " + c.source);
    std::vector<std::string_view> head_views(head.begin(), head.end());
    csv::append_row(out, head_views);
    for (const auto& j : r.jobs) append_figures(out, j.title, j.f, r.total.sources);
    append_figures(out, "Gesamt", r.total, r.total.sources);
    return out;
}

std::string csv_file_name(const monthly_report& r) { return "monatsbericht-" + r.month + ".csv"; }

}  // namespace jh::reports
