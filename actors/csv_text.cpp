// csv_text.cpp: see csv_text.h.
#include "actors/csv_text.h"

namespace jh::csv {

namespace {

// A spreadsheet runs a cell that starts with one of these as a formula (OWASP "CSV Injection").
bool formula_start(char c) { return c == '=' || c == '+' || c == '-' || c == '@' || c == '\t' || c == '\r'; }

bool needs_quotes(std::string_view v) {
    if (v.empty()) return false;
    if (v.front() == ' ' || v.back() == ' ') return true;
    return v.find_first_of(";\"\r\n") != std::string_view::npos;
}

}  // namespace

std::string cell(std::string_view value) {
    std::string v;
    if (!value.empty() && formula_start(value.front())) v += '\'';
    v += value;
    if (!needs_quotes(v)) return v;
    std::string quoted = "\"";
    for (char c : v) {
        if (c == '"') quoted += '"';
        quoted += c;
    }
    quoted += '"';
    return quoted;
}

void append_row(std::string& out, const std::vector<std::string_view>& cells) {
    for (std::size_t i = 0; i < cells.size(); ++i) {
        if (i) out += ';';
        out += cell(cells[i]);
    }
    out += "\r\n";
}

}  // namespace jh::csv
