// applicants_csv.cpp: the CSV file of a job's applicants (see applicants_csv.h for what it holds
// and why it is written this way).
#include "actors/applications/applicants_csv.h"

namespace jh::applications_csv {

namespace {

// A spreadsheet runs a cell that starts with one of these as a formula (OWASP "CSV Injection").
bool formula_start(char c) { return c == '=' || c == '+' || c == '-' || c == '@' || c == '\t' || c == '\r'; }

bool needs_quotes(std::string_view v) {
    if (v.empty()) return false;
    if (v.front() == ' ' || v.back() == ' ') return true;
    return v.find_first_of(";\"\r\n") != std::string_view::npos;
}

void append_row(std::string& out, const std::vector<std::string_view>& cells) {
    for (std::size_t i = 0; i < cells.size(); ++i) {
        if (i) out += ';';
        out += cell(cells[i]);
    }
    out += "\r\n";
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

std::string file(const std::vector<applicant_row>& rows) {
    std::string out = "\xEF\xBB\xBF";   // the BOM: Excel reads the file as UTF-8 only with it
    append_row(out, {"Vorname", "Nachname", "E-Mail", "Telefon", "Adresse", "Status", "Beworben am", "Einsatzorte", "Einsätze", "Lohn"});
    for (const applicant_row& r : rows)
        append_row(out, {r.first_name, r.last_name, r.email, r.phones, r.address, r.status, r.applied_at, r.locations, r.shifts, r.pay});
    return out;
}

std::string file_name(std::string_view job_slug) {
    std::string name = "bewerbungen-";
    for (char c : job_slug) {
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-') name += c;
        else if (c >= 'A' && c <= 'Z') name += static_cast<char>(c - 'A' + 'a');
    }
    if (name.size() > 80) name.resize(80);
    return name + ".csv";
}

}  // namespace jh::applications_csv
