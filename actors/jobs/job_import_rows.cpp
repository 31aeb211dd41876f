// job_import_rows.cpp: see job_import_rows.h.
#include "actors/jobs/job_import_rows.h"

#include <algorithm>
#include <cctype>

#include "actors/csv_text.h"
#include "reactor/json_writer.h"

namespace jh::jobs::import_rows {

namespace {

// How a cell becomes a member of the editor's body.
enum class cell_kind {
    reference,     // the row's reference number (not a member)
    publish,       // "ja" / "nein" (not a member)
    text,          // a text member as it is
    list,          // comma-separated slugs or words → a list
    employment,    // like list, Indeed's <jobtype> values mapped to our employment types
    amount,        // "14,50" → 14.50
    salary_text,   // Indeed's <salary> ("14,50 € pro Stunde") → amount and unit, else the pay text
    unit,          // Stunde / Tag / Monat / Projekt
    currency,      // EUR / CHF
    exemption,     // the minimum-wage exemption
    date,          // TT.MM.JJJJ or ISO 8601 → validThrough
    location,      // a member of the one place of work (locations[0].…)
};

struct import_column {
    std::string_view csv;      // the template's German header; empty: not in the CSV
    std::string_view xml;      // Indeed's element; empty: not in the XML
    std::string_view member;   // the editor's member ("locations.city" for a place's member)
    cell_kind kind;
    std::string_view example;  // the template's example row
};

// The editor's fields (job_postings_editor.cpp, `writable`), in the order of the editor's form.
// Not importable: the contact person, the publication channels (the editor's defaults apply) and
// further places of work (one per row).
constexpr import_column import_columns[] = {
    {"Referenznummer", "referencenumber", "", cell_kind::reference, "ST-2026-001"},
    {"Titel", "title", "title", cell_kind::text, "Promoter (m/w/d) für Verkostungen"},
    {"Beschreibung", "description", "description", cell_kind::text,
     "Sie stellen an unserem Stand neue Produkte vor und beraten Kundinnen und Kunden."},
    {"Tätigkeiten", "category", "activities", cell_kind::list, "promotion"},
    {"Beschäftigungsarten", "jobtype", "employmentTypes", cell_kind::employment, "part_time"},
    {"Branchen", "", "industries", cell_kind::list, ""},
    {"Straße", "", "locations.street", cell_kind::location, "Alexanderplatz 1"},
    {"PLZ", "postalcode", "locations.zipcode", cell_kind::location, "10178"},
    {"Ort", "city", "locations.city", cell_kind::location, "Berlin"},
    {"Land", "country", "locations.country", cell_kind::location, "DE"},
    {"Vergütung", "", "baseSalary", cell_kind::amount, "15,00"},
    {"", "salary", "baseSalary", cell_kind::salary_text, ""},
    {"Vergütung bis", "", "baseSalaryMax", cell_kind::amount, ""},
    {"Vergütung pro", "", "salaryUnit", cell_kind::unit, "Stunde"},
    {"Währung", "", "salaryCurrency", cell_kind::currency, "EUR"},
    {"Vergütungstext", "", "salaryDescription", cell_kind::text, ""},
    {"Mindestlohn-Ausnahme", "", "wageExemption", cell_kind::exemption, ""},
    {"Einsatzort", "", "locationDescription", cell_kind::text, "Im Eingangsbereich des Markts"},
    {"Zeitraum", "", "periodDescription", cell_kind::text, "ab sofort, freitags und samstags"},
    {"Arbeitszeiten", "", "workingTime", cell_kind::text, "10 bis 18 Uhr"},
    {"Anforderungen", "", "requirement", cell_kind::text, "Freude am Umgang mit Menschen"},
    {"Vorteile", "", "benefits", cell_kind::text, ""},
    {"Übernachtung", "", "overnightStayAllowance", cell_kind::text, ""},
    {"Reisekosten", "", "travelExpenses", cell_kind::text, ""},
    {"Sonderzahlungen", "", "specialPayments", cell_kind::text, ""},
    {"Marken", "", "brands", cell_kind::list, ""},
    {"Schlagwörter", "", "tags", cell_kind::list, ""},
    {"Gültig bis", "expirationdate", "validThrough", cell_kind::date, "31.12.2026"},
    {"Veröffentlichen", "", "", cell_kind::publish, "ja"},
};

constexpr std::size_t max_cell_chars_kept = 60'000;   // longer than the editor's longest text (50,000)
constexpr std::size_t max_list_items = 50;

std::string_view name_in(const import_column& c, format f) { return f == format::csv ? c.csv : c.xml; }

std::string row_trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return std::string(s);
}

std::string row_lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

std::size_t utf8_chars(std::string_view s) {
    return static_cast<std::size_t>(std::count_if(s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

std::vector<std::string> split_list(std::string_view s) {
    std::vector<std::string> out;
    while (!s.empty() && out.size() <= max_list_items) {
        auto at = s.find(',');
        std::string item = row_trim(s.substr(0, at));
        if (!item.empty()) out.push_back(std::move(item));
        if (at == std::string_view::npos) break;
        s.remove_prefix(at + 1);
    }
    return out;
}

// "14,50", "14.50", "1.234,56", "15 €" → "14.50" (a JSON number); nullopt when it is none.
std::optional<std::string> amount_of(std::string_view s) {
    std::string t;
    for (char c : s)
        if (c != ' ') t += c;
    for (std::string_view unit : {"€", "EUR", "CHF", "Fr."})
        if (t.size() >= unit.size() && t.compare(t.size() - unit.size(), unit.size(), unit) == 0) t.resize(t.size() - unit.size());
    if (t.empty() || t.size() > 15) return std::nullopt;
    bool comma = t.find(',') != std::string::npos;
    std::string n;
    for (char c : t) {
        if (c == '.' && comma) continue;   // "1.234,56": the dots group thousands
        n += c == ',' ? '.' : c;
    }
    auto dot = n.find('.');
    if (dot != std::string::npos && (n.find('.', dot + 1) != std::string::npos || n.size() - dot - 1 > 2 || dot == 0 || dot + 1 == n.size()))
        return std::nullopt;
    for (char c : n)
        if (c != '.' && !std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
    // JSON allows no leading zero ("07,00" → 7.00; found by the fuzz target).
    std::size_t zeros = 0;
    while (zeros + 1 < n.size() && n[zeros] == '0' && n[zeros + 1] != '.') ++zeros;
    return n.substr(zeros);
}

std::optional<std::string> unit_of(std::string_view s) {
    std::string l = row_lower(row_trim(s));
    if (l.starts_with("pro ")) l = l.substr(4);
    if (l == "stunde" || l == "hour" || l == "std." || l == "h") return "hour";
    if (l == "tag" || l == "einsatz" || l == "einsatz/tag" || l == "day") return "day";
    if (l == "monat" || l == "month") return "month";
    if (l == "projekt" || l == "project") return "project";
    return std::nullopt;
}

std::optional<std::string> exemption_of(std::string_view s) {
    std::string l = row_lower(row_trim(s));
    if (l == "freiberuflich" || l == "freelance") return "freelance";
    if (l == "minderjährig" || l == "minor") return "minor";
    if (l == "pflichtpraktikum" || l == "mandatory_internship") return "mandatory_internship";
    return std::nullopt;
}

// Indeed's <jobtype> value as our employment type (the reverse of indeed_feed.cpp's job_types);
// anything else is taken as our slug, which the editor then checks.
std::string employment_of(const std::string& v) {
    std::string l = row_lower(v);
    if (l == "fulltime" || l == "full-time" || l == "vollzeit") return "full_time";
    if (l == "parttime" || l == "part-time" || l == "teilzeit") return "part_time";
    if (l == "contract" || l == "freiberuflich") return "contractor";
    if (l == "internship" || l == "praktikum") return "training";
    if (l == "temporary" || l == "aushilfe") return "temporary";
    return v;
}

// "TT.MM.JJJJ" → "JJJJ-MM-TT"; anything else as it is (the editor checks ISO 8601).
std::string date_of(const std::string& s) {
    if (s.size() == 10 && s[2] == '.' && s[5] == '.') return s.substr(6, 4) + "-" + s.substr(3, 2) + "-" + s.substr(0, 2);
    return s;
}

std::optional<bool> publish_of(std::string_view s) {
    std::string l = row_lower(row_trim(s));
    if (l.empty() || l == "ja" || l == "j" || l == "yes" || l == "1" || l == "x") return true;
    if (l == "nein" || l == "n" || l == "no" || l == "0") return false;
    return std::nullopt;
}

void write_list(json_writer& w, std::string_view member, const std::vector<std::string>& items) {
    w.key(member).begin_array();
    for (const auto& i : items) w.value(i);
    w.end_array();
}

// Indeed's <salary> as the feed writes it ("14,50 € pro Stunde", "14,00–16,50 € pro Einsatz/Tag"):
// amount, upper end and unit; else the whole text is the pay text.
void write_salary_text(json_writer& w, const std::string& s) {
    auto pro = s.find(" pro ");
    std::optional<std::string> unit = pro == std::string::npos ? std::nullopt : unit_of(s.substr(pro + 5));
    if (unit) {
        std::string amounts = s.substr(0, pro);
        std::string low = amounts, high;
        for (std::string_view dash : {"–", "-"})
            if (auto d = amounts.find(dash); d != std::string::npos) {
                low = amounts.substr(0, d);
                high = amounts.substr(d + dash.size());
                break;
            }
        auto a = amount_of(low);
        auto b = high.empty() ? std::optional<std::string>{} : amount_of(high);
        if (a && (high.empty() || b)) {
            w.key("baseSalary").raw(*a);
            if (b) w.key("baseSalaryMax").raw(*b);
            w.member("salaryUnit", *unit);
            return;
        }
    }
    w.member("salaryDescription", s);
}

// One record → its row: the cells by kind, the place's members gathered into one location.
row map_record(const import_files::record& rec, const std::vector<const import_column*>& by_cell, format f) {
    row out;
    out.number = rec.row;
    std::string body;
    json_writer w(body);
    w.begin_object();
    std::optional<std::string> street, zipcode, city, country;
    bool reference_refused = false;   // its cell had an error of its own: no "missing" besides
    for (std::size_t i = 0; i < rec.cells.size() && i < by_cell.size(); ++i) {
        const import_column* col = by_cell[i];
        if (!col) continue;
        std::string v = row_trim(rec.cells[i]);
        if (v.empty()) continue;   // an empty cell leaves the field as it is (docs/decisions.md)
        std::string name(name_in(*col, f));
        if (v.size() > max_cell_chars_kept) {
            out.errors.push_back({name, "Dieser Text ist zu lang."});
            continue;
        }
        // PostgreSQL stores no NUL; the JSON body's check (reactor/json_body.cpp) refuses it for the
        // editor's own requests, and the import builds its bodies itself (review 26b: it was a 500).
        if (v.find('\0') != std::string::npos) {
            out.errors.push_back({name, "Diese Zelle enthält ein unzulässiges Steuerzeichen (Nullzeichen)."});
            reference_refused = reference_refused || col->kind == cell_kind::reference;
            continue;
        }
        switch (col->kind) {
            case cell_kind::reference: out.reference = v; break;
            case cell_kind::publish:
                if (auto p = publish_of(v)) out.publish = *p;
                else out.errors.push_back({name, "Bitte geben Sie „ja“ oder „nein“ an."});
                break;
            case cell_kind::text: w.member(col->member, v); break;
            case cell_kind::list: write_list(w, col->member, split_list(v)); break;
            case cell_kind::employment: {
                std::vector<std::string> types;
                for (const auto& t : split_list(v))
                    if (auto e = employment_of(t); std::find(types.begin(), types.end(), e) == types.end()) types.push_back(e);
                write_list(w, col->member, types);
                break;
            }
            case cell_kind::amount:
                if (auto a = amount_of(v)) w.key(col->member).raw(*a);
                else out.errors.push_back({name, "Bitte geben Sie einen Betrag an, z. B. 14,50."});
                break;
            case cell_kind::salary_text: write_salary_text(w, v); break;
            case cell_kind::unit:
                if (auto u = unit_of(v)) w.member(col->member, *u);
                else out.errors.push_back({name, "Bitte geben Sie Stunde, Tag, Monat oder Projekt an."});
                break;
            case cell_kind::currency: w.member(col->member, row_lower(v) == "chf" ? std::string("CHF") : v == "€" ? std::string("EUR") : v); break;
            case cell_kind::exemption:
                if (auto x = exemption_of(v)) w.member(col->member, *x);
                else out.errors.push_back({name, "Bitte geben Sie Freiberuflich, Minderjährig oder Pflichtpraktikum an."});
                break;
            case cell_kind::date: w.member(col->member, date_of(v)); break;
            case cell_kind::location:
                if (col->member == "locations.street") street = v;
                else if (col->member == "locations.zipcode") zipcode = v;
                else if (col->member == "locations.city") city = v;
                else country = v;
                break;
        }
    }
    if (street || zipcode || city || country) {
        std::string c = country ? row_lower(*country) : "de";
        if (c == "deutschland") c = "de";
        else if (c == "österreich") c = "at";
        else if (c == "schweiz") c = "ch";
        w.key("locations").begin_array().begin_object();
        if (street) w.member("street", *street);
        if (zipcode) w.member("zipcode", *zipcode);
        if (city) w.member("city", *city);
        w.member("country", c).end_object().end_array();
    }
    w.end_object();
    std::string ref_name(name_in(import_columns[0], f));
    if (out.reference.empty()) {
        if (!reference_refused) out.errors.push_back({ref_name, "Bitte geben Sie eine Referenznummer an."});
    } else if (utf8_chars(out.reference) > max_reference_chars)
        out.errors.push_back({ref_name, "Die Referenznummer darf höchstens 100 Zeichen lang sein."});
    if (out.errors.empty()) out.body = std::move(body);
    return out;
}

const import_column* column_named(std::string_view name, format f) {
    std::string l = row_lower(row_trim(name));
    for (const auto& c : import_columns)
        if (!name_in(c, f).empty() && row_lower(name_in(c, f)) == l) return &c;
    return nullptr;
}

}  // namespace

mapped map(const import_files::table& t, format f) {
    mapped out;
    std::vector<const import_column*> by_cell;
    for (const auto& name : t.columns) {
        const import_column* c = column_named(name, f);
        // A column named twice is read once (the first).
        if (c && std::find(by_cell.begin(), by_cell.end(), c) != by_cell.end()) c = nullptr;
        if (!c && !name.empty()) out.unknown_columns.push_back(name);
        by_cell.push_back(c);
    }
    if (f == format::csv)
        for (std::string_view required : {"Referenznummer", "Titel"})
            if (std::find(by_cell.begin(), by_cell.end(), column_named(required, f)) == by_cell.end())
                out.missing_columns.emplace_back(required);
    // A reference twice in one file: the later row is refused (which one is meant cannot be told).
    std::vector<std::pair<std::string, std::size_t>> seen;
    for (const auto& rec : t.records) {
        row r = map_record(rec, by_cell, f);
        if (!r.reference.empty()) {
            auto it = std::find_if(seen.begin(), seen.end(), [&](const auto& s) { return s.first == r.reference; });
            if (it != seen.end()) {
                r.errors.push_back({std::string(name_in(import_columns[0], f)),
                                    "Diese Referenznummer steht schon in Zeile " + std::to_string(it->second) + "."});
                r.body.clear();
            } else {
                seen.emplace_back(r.reference, r.number);
            }
        }
        out.rows.push_back(std::move(r));
    }
    return out;
}

std::string column_of(std::string_view property_path, format f) {
    std::string_view head = property_path.substr(0, property_path.find_first_of("[."));
    std::string member(head);
    if (head == "locations") {
        auto dot = property_path.rfind('.');
        member = dot == std::string_view::npos ? "locations.city" : "locations" + std::string(property_path.substr(dot));
    }
    for (const auto& c : import_columns)
        if (c.member == member && !name_in(c, f).empty()) return std::string(name_in(c, f));
    // The pay members of an Indeed <salary>.
    if (f == format::indeed_xml && (member == "baseSalaryMax" || member == "salaryUnit" || member == "salaryDescription")) return "salary";
    return std::string(property_path);
}

std::string template_csv() {
    std::string out(csv::bom);
    std::vector<std::string_view> header, example;
    for (const auto& c : import_columns) {
        if (c.csv.empty()) continue;
        header.push_back(c.csv);
        example.push_back(c.example);
    }
    csv::append_row(out, header);
    csv::append_row(out, example);
    return out;
}

}  // namespace jh::jobs::import_rows
