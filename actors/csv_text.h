// csv_text.h: CSV files the way Excel in Germany opens them (UTF-8 with BOM, `;` between cells,
// CRLF between rows), safe against CSV injection. Shared by every CSV download (a job's applicants,
// actors/applications/applicants_csv.h; the § 17 MiLoG record, actors/shifts/time_records_actor.h)
// so the escaping is written once.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace jh::csv {

// The BOM: Excel reads the file as UTF-8 only with it.
inline constexpr std::string_view bom = "\xEF\xBB\xBF";

// One cell: quoted when it holds `;`, `"`, a line break or leading/trailing space. A cell that a
// spreadsheet could run as a formula gets a leading `'`: one that starts with a tab or carriage
// return, or whose first sign after blanks (white space, no-break, ideographic or zero-width space)
// is = + - @ or a full-width ＝ ＋ － ＠ (review 26).
std::string cell(std::string_view value);

// Appends one row: the cells separated by `;`, ended by CRLF.
void append_row(std::string& out, const std::vector<std::string_view>& cells);

}  // namespace jh::csv
