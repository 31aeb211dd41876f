// applicants_csv.h: a job's (or an organization's) applicants as a CSV file for the organization (issue 29, "Pipeline
// tools"): the rows are what applying shares with the organization, written the way Excel in
// Germany opens them (UTF-8 with BOM, `;` between cells, CRLF between rows), and safe against CSV
// injection (a cell that a spreadsheet would read as a formula starts with an apostrophe).
// Pure formatting: the applications actor reads the rows (applicant_pipeline).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace jh::applications_csv {

// One applicant's row, already in the organization's words (German status name, dates as shown).
struct applicant_row {
    std::string first_name, last_name, email, phones, address, status, applied_at, locations;
    std::string shifts;             // the chosen shifts, each with its state ("… (bestätigt)")
    std::string confirmed_shifts;   // only the confirmed ones that are not cancelled (issue 41)
    std::string pay;                // the job's pay in words (pay::pay_text; issue 42)
    std::string job_title;          // which job (the organization's file holds all of them)
};

// One cell: quoted when it holds `;`, `"`, a line break or leading/trailing space; a leading
// = + - @ (or a tab or carriage return, which some spreadsheets skip before a formula) gets a `'`.
std::string cell(std::string_view value);

// The whole file: BOM, the German header line, one line per row.
std::string file(const std::vector<applicant_row>& rows);

// "bewerbungen-<slug>.csv" with the job's slug reduced to [a-z0-9-] (a header-safe file name).
std::string file_name(std::string_view job_slug);

}  // namespace jh::applications_csv
