// job_import_rows.h: the rows of an import file (job_import_files.h) turned into the bodies the
// job editor checks (job_postings_editor: the same members as POST /api/job_postings), with the
// file's column names (German headers of the CSV template, Indeed's element names) and back: an
// editor's violation ("locations[0].zipcode") is reported under the column it came from ("PLZ").
//
// Pure (no loop, no database): it runs on a thread-pool thread with the reading of the file, and
// its unit tests and the fuzz target call it directly. docs/reach.md "Import" lists the columns.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "actors/jobs/job_import_files.h"
#include "reactor/app_error.h"

namespace jh::jobs::import_rows {

enum class format { csv, indeed_xml };

// Bound of a reference number, as the column of migration 0390.
inline constexpr std::size_t max_reference_chars = 100;

// One row, ready for the editor: its body (JSON text, the members given in the file) or the
// violations found before the editor runs (keyed by column), never both.
struct row {
    std::size_t number = 0;            // job_import_files::record::row
    std::string reference;             // trimmed, may be empty (then a violation says so)
    bool publish = true;               // "Veröffentlichen: ja" (the default), always for Indeed XML
    std::string body;                  // JSON object text
    std::vector<violation> errors;     // property_path = the column's name in the file
};

struct mapped {
    std::vector<row> rows;
    std::vector<std::string> unknown_columns;   // named in the file, not imported (reported)
    std::vector<std::string> missing_columns;   // required and not in the header (CSV: 422)
};

mapped map(const import_files::table& t, format f);

// The column of the file an editor's property path comes from ("locations[0].city" → "Ort" in a
// CSV, "city" in Indeed XML); the path itself when none does.
std::string column_of(std::string_view property_path, format f);

// The template the portal offers: the header and one example row, in the CSV of the monthly
// report (UTF-8 with BOM, `;`, CRLF; actors/csv_text.h).
std::string template_csv();

}  // namespace jh::jobs::import_rows
