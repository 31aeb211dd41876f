// csv_text.cpp: see csv_text.h.
#include "actors/csv_text.h"

#include <span>

namespace jh::csv {

namespace {

// The blanks a spreadsheet may skip before a formula: ASCII white space (LibreOffice's "Trim
// spaces" on import), the no-break space, the ideographic space, the zero-width space and a BOM.
constexpr std::string_view csv_blanks[] = {" ", "\t", "\r", "\n", "\v", "\f", "\xC2\xA0", "\xE3\x80\x80", "\xE2\x80\x8B", "\xEF\xBB\xBF"};
// The signs that start a formula: = + - @ and their full-width forms, which Japanese Excel reads
// as the ASCII ones.
constexpr std::string_view csv_formula_signs[] = {"=", "+", "-", "@", "\xEF\xBC\x9D", "\xEF\xBC\x8B", "\xEF\xBC\x8D", "\xEF\xBC\xA0"};

bool csv_starts_with_any(std::string_view v, std::span<const std::string_view> prefixes, std::size_t& length) {
    for (auto p : prefixes)
        if (v.starts_with(p)) {
            length = p.size();
            return true;
        }
    return false;
}

// A spreadsheet runs a cell as a formula (OWASP "CSV Injection") that starts with a tab or a carriage
// return, or whose first sign after blanks is a formula sign (review 26: " =1+1", "\u00A0=1+1",
// "＝1+1").
bool formula_start(std::string_view v) {
    if (v.starts_with('\t') || v.starts_with('\r')) return true;
    std::size_t n = 0;
    while (csv_starts_with_any(v, csv_blanks, n)) v.remove_prefix(n);
    return csv_starts_with_any(v, csv_formula_signs, n);
}

bool needs_quotes(std::string_view v) {
    if (v.empty()) return false;
    if (v.front() == ' ' || v.back() == ' ') return true;
    return v.find_first_of(";\"\r\n") != std::string_view::npos;
}

}  // namespace

std::string cell(std::string_view value) {
    std::string v;
    if (formula_start(value)) v += '\'';
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
