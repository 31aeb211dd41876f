// job_import_files.h: the two file formats of the job import (issue 44 item 7, docs/reach.md
// "Import") read into one table of text cells: a CSV file (the template the portal offers: UTF-8
// with or without BOM, `;` or `,` between cells, quoted cells with doubled quotes and line breaks)
// and an XML file in Indeed's job feed format (<source><job><title>…</title>…</job></source>).
//
// Both readers are pure and bounded: they never allocate more than a bounded multiple of their
// input, stop at the first row beyond `max_rows`, and keep at most `max_cell_bytes` + 1 bytes of a
// cell (the import reports a longer cell as too long, the editor's bounds then run on the rest).
// The XML reader is a small strict reader of the subset Indeed's format uses (elements, attributes
// that are read and ignored, CDATA, comments, the five predefined entities and numeric character
// references); a DOCTYPE or ENTITY declaration is refused outright, so no entity is ever expanded
// (no XXE, no "billion laughs"). They run on a thread-pool thread (job_imports.cpp), never on a loop.
#pragma once

#include <cstddef>
#include <expected>
#include <string>
#include <string_view>
#include <vector>

namespace jh::jobs::import_files {

struct limits {
    std::size_t max_rows = 2000;          // data rows (CSV) or <job> elements (XML)
    std::size_t max_columns = 60;         // CSV header cells, distinct element names of a job (XML)
    std::size_t max_cell_bytes = 200'000; // kept of a cell: this + 1 bytes, so "too long" is seen
    std::size_t max_depth = 8;            // XML element nesting
};

// One data row: its number as the provider sees it (the spreadsheet's row: the header is row 1;
// for XML the job's position, from 1) and one cell per column.
struct record {
    std::size_t row = 0;
    std::vector<std::string> cells;
};

struct table {
    std::vector<std::string> columns;   // CSV: the header cells, trimmed; XML: the job's element names
    std::vector<record> records;
};

enum class failure_kind {
    malformed,          // not readable as the format (the message says where)
    too_many_rows,      // more than limits::max_rows
    not_utf8,           // bytes that are not UTF-8 (an Excel "CSV (Trennzeichen-getrennt)" file in Windows-1252)
    declaration,        // XML with a DOCTYPE or ENTITY declaration
};

struct failure {
    failure_kind kind;
    std::string message;   // German, for the provider ("Zeile 7: …")
};

// "Eine Datei darf höchstens 2.000 Zeilen enthalten." (with the bound written the German way)
std::string too_many_rows_message(std::size_t max_rows);

std::expected<table, failure> read_csv(std::string_view bytes, const limits& lim = {});
std::expected<table, failure> read_indeed_xml(std::string_view bytes, const limits& lim = {});

// Whether the bytes look like XML (after a BOM and white space the first character is `<`): the
// import then reads them as Indeed XML, else as CSV.
bool looks_like_xml(std::string_view bytes);

}  // namespace jh::jobs::import_files
