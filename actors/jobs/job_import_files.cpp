// job_import_files.cpp: see job_import_files.h.
#include "actors/jobs/job_import_files.h"

#include <simdjson.h>

#include <cctype>
#include <cstdint>
#include <optional>

namespace jh::jobs::import_files {

namespace {

constexpr std::string_view import_bom = "\xEF\xBB\xBF";

std::string_view import_without_bom(std::string_view s) {
    if (s.substr(0, import_bom.size()) == import_bom) s.remove_prefix(import_bom.size());
    return s;
}

std::unexpected<failure> import_fail(failure_kind k, std::string message) { return std::unexpected(failure{k, std::move(message)}); }

std::string import_trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r' || s.front() == '\n')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n')) s.remove_suffix(1);
    return std::string(s);
}

// Appends to a cell, keeping at most max + 1 bytes (job_import_files.h).
void import_append_bounded(std::string& cell, std::string_view more, std::size_t max) {
    if (cell.size() > max) return;
    cell.append(more.substr(0, max + 1 - cell.size()));
}

std::unexpected<failure> import_not_utf8() {
    return import_fail(failure_kind::not_utf8,
                       "Die Datei ist nicht in UTF-8 gespeichert. Bitte speichern Sie sie in Excel als „CSV UTF-8 (durch Trennzeichen "
                       "getrennt)“ oder wählen Sie beim Speichern die Kodierung UTF-8.");
}

// ---- CSV ------------------------------------------------------------------------------------------

// The separator of the file: `;` (German Excel, our template) when the header line has one outside
// quotes, else `,`.
char import_csv_separator(std::string_view s) {
    bool quoted = false;
    std::size_t semicolons = 0, commas = 0;
    for (char c : s) {
        if (c == '"') quoted = !quoted;
        else if (!quoted && (c == '\n' || c == '\r')) break;
        else if (!quoted && c == ';') ++semicolons;
        else if (!quoted && c == ',') ++commas;
    }
    return semicolons > 0 || commas == 0 ? ';' : ',';
}

bool import_blank_row(const std::vector<std::string>& cells) {
    for (const auto& c : cells)
        if (!import_trim(c).empty()) return false;
    return true;
}

}  // namespace

std::string too_many_rows_message(std::size_t max_rows) {
    // The German way: a dot between thousands (2.000).
    std::string digits = std::to_string(max_rows), n;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) n += '.';
        n += digits[i];
    }
    return "Eine Datei darf höchstens " + n + " Zeilen enthalten.";
}

bool looks_like_xml(std::string_view bytes) {
    bytes = import_without_bom(bytes);
    for (char c : bytes) {
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n') continue;
        return c == '<';
    }
    return false;
}

std::expected<table, failure> read_csv(std::string_view bytes, const limits& lim) {
    std::string_view s = import_without_bom(bytes);
    if (!simdjson::validate_utf8(s.data(), s.size())) return import_not_utf8();
    const char sep = import_csv_separator(s);
    table out;
    std::vector<std::string> cells;
    std::string cell;
    bool header_done = false;
    std::size_t record_no = 0;   // records read so far, the header included
    std::size_t line = 1;        // the file's line, for a message about an open quote

    // Ends one record: the header becomes the columns, a blank row is skipped (Excel leaves some at
    // the end), every other is a data row of the spreadsheet row record_no.
    auto end_record = [&]() -> std::optional<failure> {
        cells.push_back(std::move(cell));
        cell.clear();
        ++record_no;
        if (!header_done) {
            header_done = true;
            if (cells.size() > lim.max_columns)
                return failure{failure_kind::malformed, "Die Kopfzeile hat mehr als " + std::to_string(lim.max_columns) + " Spalten."};
            for (auto& c : cells) out.columns.push_back(import_trim(c));
        } else if (!import_blank_row(cells)) {
            if (out.records.size() >= lim.max_rows) return failure{failure_kind::too_many_rows, too_many_rows_message(lim.max_rows)};
            cells.resize(out.columns.size());   // missing cells are empty; cells beyond the header are dropped
            out.records.push_back(record{record_no, std::move(cells)});
        }
        cells.clear();
        return std::nullopt;
    };

    std::size_t i = 0;
    while (i < s.size()) {
        char c = s[i];
        if (c == '"' && cell.empty()) {
            // A quoted cell: up to the quote that is not doubled.
            std::size_t start_line = line;
            ++i;
            bool closed = false;
            while (i < s.size()) {
                std::size_t q = s.find('"', i);
                if (q == std::string_view::npos) break;
                std::string_view part = s.substr(i, q - i);
                for (char p : part)
                    if (p == '\n') ++line;
                import_append_bounded(cell, part, lim.max_cell_bytes);
                if (q + 1 < s.size() && s[q + 1] == '"') {
                    import_append_bounded(cell, "\"", lim.max_cell_bytes);
                    i = q + 2;
                    continue;
                }
                i = q + 1;
                closed = true;
                break;
            }
            if (!closed)
                return import_fail(failure_kind::malformed,
                                   "Zeile " + std::to_string(start_line) + ": Ein Anführungszeichen wird nicht geschlossen.");
            // After the closing quote comes the separator or the line's end; text there ("a"b) is
            // appended to the cell, as spreadsheets read it.
            continue;
        }
        if (c == sep) {
            cells.push_back(std::move(cell));
            cell.clear();
            if (cells.size() > lim.max_columns)
                return import_fail(failure_kind::malformed, "Zeile " + std::to_string(line) + ": Die Zeile hat zu viele Spalten.");
            ++i;
            continue;
        }
        if (c == '\r' || c == '\n') {
            if (c == '\r' && i + 1 < s.size() && s[i + 1] == '\n') ++i;
            ++i;
            ++line;
            if (auto f = end_record()) return std::unexpected(std::move(*f));
            continue;
        }
        std::size_t next = s.find_first_of(std::string{sep, '\r', '\n'}, i);
        if (next == std::string_view::npos) next = s.size();
        import_append_bounded(cell, s.substr(i, next - i), lim.max_cell_bytes);
        i = next;
    }
    if (!cell.empty() || !cells.empty())
        if (auto f = end_record()) return std::unexpected(std::move(*f));
    if (!header_done) return import_fail(failure_kind::malformed, "Die Datei ist leer.");
    return out;
}

// ---- XML (the Indeed subset) ----------------------------------------------------------------------

namespace {

bool import_xml_name_char(char c) {
    unsigned char u = static_cast<unsigned char>(c);
    return std::isalnum(u) || c == '_' || c == '-' || c == '.' || c == ':' || u >= 0x80;
}

void import_append_utf8(std::string& out, std::uint32_t cp) {
    if (cp < 0x80) out += static_cast<char>(cp);
    else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

// A character XML 1.0 allows (its production Char).
bool import_xml_char(std::uint32_t cp) {
    return cp == 0x9 || cp == 0xA || cp == 0xD || (cp >= 0x20 && cp <= 0xD7FF) || (cp >= 0xE000 && cp <= 0xFFFD) ||
           (cp >= 0x10000 && cp <= 0x10FFFF);
}

// The reader: a cursor over the document, the open elements and the table being filled.
class import_xml_reader {
public:
    import_xml_reader(std::string_view s, const limits& lim) : s_(s), lim_(lim) {}

    std::expected<table, failure> run() {
        skip_prolog();
        if (failed_) return std::unexpected(*failed_);
        while (pos_ < s_.size() && !failed_) step();
        if (failed_) return std::unexpected(*failed_);
        if (!root_seen_) return import_fail(failure_kind::malformed, "Die Datei enthält kein Element <source>.");
        if (!open_.empty()) return import_fail(failure_kind::malformed, "Das Element <" + open_.back() + "> wird nicht geschlossen.");
        for (auto& r : out_.records) r.cells.resize(out_.columns.size());
        return std::move(out_);
    }

private:
    void fail(failure_kind k, std::string message) {
        if (!failed_) failed_ = failure{k, std::move(message)};
    }
    void malformed(std::string_view what) { fail(failure_kind::malformed, "Zeile " + std::to_string(line_at(pos_)) + ": " + std::string(what)); }

    std::size_t line_at(std::size_t p) {
        // Counted incrementally: every call moves forward (p only grows).
        for (; counted_ < p && counted_ < s_.size(); ++counted_)
            if (s_[counted_] == '\n') ++line_;
        return line_;
    }

    bool starts(std::string_view what) const { return s_.substr(pos_, what.size()) == what; }

    void skip_space() {
        while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\t' || s_[pos_] == '\r' || s_[pos_] == '\n')) ++pos_;
    }

    // The XML declaration, comments and white space before the root; a DOCTYPE is refused.
    void skip_prolog() {
        if (starts("<?xml")) {
            auto end = s_.find("?>", pos_);
            if (end == std::string_view::npos) return malformed("Die XML-Deklaration wird nicht geschlossen.");
            pos_ = end + 2;
        }
    }

    void refuse_declaration() {
        fail(failure_kind::declaration,
             "Die Datei enthält eine DOCTYPE- oder ENTITY-Deklaration. Aus Sicherheitsgründen lesen wir nur XML ohne solche "
             "Deklarationen.");
    }

    // One step: markup or text at pos_.
    void step() {
        if (s_[pos_] != '<') return text();
        if (starts("<!--")) {
            auto end = s_.find("-->", pos_ + 4);
            if (end == std::string_view::npos) return malformed("Ein Kommentar wird nicht geschlossen.");
            pos_ = end + 3;
            return;
        }
        if (starts("<![CDATA[")) return cdata();
        if (starts("<!")) return refuse_declaration();   // <!DOCTYPE, <!ENTITY, <!ELEMENT, <!ATTLIST, …
        if (starts("<?")) return malformed("Verarbeitungsanweisungen (<?…?>) sind nur am Anfang der Datei erlaubt.");
        if (starts("</")) return close_tag();
        open_tag();
    }

    std::string name() {
        std::size_t start = pos_;
        while (pos_ < s_.size() && import_xml_name_char(s_[pos_]) && pos_ - start < 100) ++pos_;
        return std::string(s_.substr(start, pos_ - start));
    }

    void open_tag() {
        ++pos_;
        std::string n = name();
        if (n.empty()) return malformed("Ein Element hat keinen Namen.");
        // Attributes: name="value" or name='value', read and ignored (their values may not hold `<`).
        for (;;) {
            skip_space();
            if (pos_ >= s_.size()) return malformed("Ein Element wird nicht geschlossen.");
            if (s_[pos_] == '>' || starts("/>")) break;
            if (name().empty()) return malformed("Ein Attribut ist nicht lesbar.");
            skip_space();
            if (pos_ >= s_.size() || s_[pos_] != '=') return malformed("Ein Attribut hat keinen Wert.");
            ++pos_;
            skip_space();
            if (pos_ >= s_.size() || (s_[pos_] != '"' && s_[pos_] != '\'')) return malformed("Ein Attributwert steht nicht in Anführungszeichen.");
            char q = s_[pos_++];
            auto end = s_.find(q, pos_);
            if (end == std::string_view::npos || s_.substr(pos_, end - pos_).find('<') != std::string_view::npos)
                return malformed("Ein Attributwert wird nicht geschlossen.");
            pos_ = end + 1;
        }
        bool empty = starts("/>");
        pos_ += empty ? 2 : 1;
        enter(n);
        if (!empty && !failed_) open_.push_back(std::move(n));
        else if (empty && !failed_) leave_field_or_job(n);
    }

    void close_tag() {
        pos_ += 2;
        std::string n = name();
        skip_space();
        if (pos_ >= s_.size() || s_[pos_] != '>') return malformed("Ein schließendes Element ist nicht lesbar.");
        ++pos_;
        if (open_.empty() || open_.back() != n)
            return malformed("</" + n + "> passt nicht zum offenen Element" + (open_.empty() ? std::string(".") : " <" + open_.back() + ">."));
        open_.pop_back();
        leave_field_or_job(n);
    }

    // What an element means by its depth: 1 the root <source>, 2 a <job> (other children of the
    // root, such as <publisher>, are read and ignored), 3 a field of the job.
    void enter(const std::string& n) {
        std::size_t depth = open_.size() + 1;
        if (depth > lim_.max_depth) return malformed("Die Elemente sind zu tief verschachtelt.");
        if (depth == 1) {
            if (root_seen_) return malformed("Nach </source> darf kein weiteres Element stehen.");
            if (n != "source") return malformed("Das äußerste Element muss <source> sein (Indeed-Format).");
            root_seen_ = true;
            return;
        }
        if (depth == 2 && n == "job") {
            if (out_.records.size() >= lim_.max_rows) return fail(failure_kind::too_many_rows, too_many_rows_message(lim_.max_rows));
            out_.records.push_back(record{out_.records.size() + 1, {}});
            in_job_ = true;
            return;
        }
        if (depth == 3 && in_job_) {
            field_ = column_of(n);
            if (failed_) return;
            auto& cells = out_.records.back().cells;
            if (cells.size() <= field_) cells.resize(field_ + 1);
            // A repeated element (two <jobtype>) adds its text after ", ".
            if (!cells[field_].empty()) import_append_bounded(cells[field_], ", ", lim_.max_cell_bytes);
            in_field_ = true;
            return;
        }
        if (depth > 3 && in_job_) return malformed("Ein Feld einer Stelle (<" + open_.back() + ">) darf keine Elemente enthalten.");
    }

    void leave_field_or_job(const std::string& n) {
        std::size_t depth = open_.size() + 1;   // the depth the element had
        if (depth == 3 && in_field_) in_field_ = false;
        else if (depth == 2 && n == "job") in_job_ = false;
    }

    std::size_t column_of(const std::string& n) {
        for (std::size_t i = 0; i < out_.columns.size(); ++i)
            if (out_.columns[i] == n) return i;
        if (out_.columns.size() >= lim_.max_columns) {
            malformed("Eine Stelle hat zu viele verschiedene Elemente.");
            return 0;
        }
        out_.columns.push_back(n);
        return out_.columns.size() - 1;
    }

    // Text up to the next `<`, its references replaced. Outside a field only white space is kept
    // out of the table (text elsewhere is read and dropped).
    void text() {
        auto end = s_.find('<', pos_);
        if (end == std::string_view::npos) end = s_.size();
        std::string_view raw = s_.substr(pos_, end - pos_);
        std::string decoded;
        for (std::size_t i = 0; i < raw.size();) {
            if (raw[i] != '&') {
                auto amp = raw.find('&', i);
                if (amp == std::string_view::npos) amp = raw.size();
                if (in_field_) decoded.append(raw.substr(i, amp - i));
                i = amp;
                continue;
            }
            auto semi = raw.find(';', i);
            if (semi == std::string_view::npos || semi - i > 12) return malformed("Ein & ist nicht als &amp; geschrieben.");
            std::string_view ref = raw.substr(i + 1, semi - i - 1);
            auto cp = reference(ref);
            if (!cp) return malformed("Den Verweis &" + std::string(ref) + "; kennen wir nicht (nur &lt; &gt; &amp; &quot; &apos; und &#…;).");
            if (in_field_) import_append_utf8(decoded, *cp);
            i = semi + 1;
        }
        if (in_field_) import_append_bounded(out_.records.back().cells[field_], decoded, lim_.max_cell_bytes);
        else if (open_.empty() && !import_trim(raw).empty()) return malformed("Text außerhalb von <source>.");
        pos_ = end;
    }

    static std::optional<std::uint32_t> reference(std::string_view ref) {
        if (ref == "lt") return '<';
        if (ref == "gt") return '>';
        if (ref == "amp") return '&';
        if (ref == "quot") return '"';
        if (ref == "apos") return '\'';
        if (ref.size() < 2 || ref[0] != '#') return std::nullopt;
        bool hex = ref[1] == 'x';
        std::string_view digits = ref.substr(hex ? 2 : 1);
        if (digits.empty() || digits.size() > 8) return std::nullopt;
        std::uint32_t v = 0;
        for (char c : digits) {
            int d;
            if (c >= '0' && c <= '9') d = c - '0';
            else if (hex && c >= 'a' && c <= 'f') d = c - 'a' + 10;
            else if (hex && c >= 'A' && c <= 'F') d = c - 'A' + 10;
            else return std::nullopt;
            v = v * (hex ? 16 : 10) + static_cast<std::uint32_t>(d);
            if (v > 0x10FFFF) return std::nullopt;
        }
        if (!import_xml_char(v)) return std::nullopt;
        return v;
    }

    void cdata() {
        std::size_t start = pos_ + 9;
        auto end = s_.find("]]>", start);
        if (end == std::string_view::npos) return malformed("Ein CDATA-Abschnitt wird nicht geschlossen.");
        if (in_field_) import_append_bounded(out_.records.back().cells[field_], s_.substr(start, end - start), lim_.max_cell_bytes);
        else if (open_.empty()) return malformed("CDATA außerhalb von <source>.");
        pos_ = end + 3;
    }

    std::string_view s_;
    const limits& lim_;
    std::size_t pos_ = 0, counted_ = 0, line_ = 1, field_ = 0;
    std::vector<std::string> open_;
    bool root_seen_ = false, in_job_ = false, in_field_ = false;
    table out_;
    std::optional<failure> failed_;
};

}  // namespace

std::expected<table, failure> read_indeed_xml(std::string_view bytes, const limits& lim) {
    std::string_view s = import_without_bom(bytes);
    if (!simdjson::validate_utf8(s.data(), s.size())) return import_not_utf8();
    // Leading white space before the declaration is tolerated (some writers put a line break first).
    std::size_t first = s.find_first_not_of(" \t\r\n");
    if (first != std::string_view::npos && s.substr(first, 5) == "<?xml") s.remove_prefix(first);
    import_xml_reader reader(s, lim);
    return reader.run();
}

}  // namespace jh::jobs::import_files
