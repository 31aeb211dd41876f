// wording_rules.cpp: see wording_rules.h.
#include "actors/jobs/wording_rules.h"

#include <simdjson.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>

#include "reactor/json_writer.h"
#include "reactor/source_dir.h"

namespace jh::wording {

namespace {

// A word of a text: its lower-case form and where it stands in the original (for "the words found").
struct word {
    std::string lower;
    std::size_t begin = 0, end = 0;
    bool number = false;
};

bool ascii_alpha(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool ascii_digit(unsigned char c) { return c >= '0' && c <= '9'; }

// How many bytes the non-ASCII character at `i` has, and whether it is a letter. German text needs
// the Latin-1 supplement as letters (ä, ö, ü, ß, é …); the general punctuation block (dashes,
// quotes „“, …, €) and the no-break space separate words.
std::pair<std::size_t, bool> non_ascii(std::string_view s, std::size_t i) {
    auto c = static_cast<unsigned char>(s[i]);
    std::size_t n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
    n = std::min(n, s.size() - i);
    if (c == 0xC2) return {n, false};                       // U+0080–U+00BF: no-break space, «, », ·, §
    if (c == 0xE2) return {n, false};                       // U+2000–U+2FFF: punctuation, currency, arrows
    if (c == 0xC3 && n == 2 && (static_cast<unsigned char>(s[i + 1]) == 0x97 || static_cast<unsigned char>(s[i + 1]) == 0xB7))
        return {n, false};                                  // × and ÷
    return {n, c >= 0xC3};
}

// Whether the character at `i` (n bytes) is invisible and joins what stands around it: the soft
// hyphen U+00AD, the zero-width space, non-joiner and joiner U+200B–U+200D, the word joiner U+2060
// and U+FEFF. A reader sees "Mut\u00ADter\u00ADspra\u00ADche" as "Muttersprache", so the check must
// read one word there too, not four (else the AGG check and its review are bypassed by an
// invisible character; docs/decisions.md "Invisible characters in the wording check").
bool invisible_joiner(std::string_view s, std::size_t i, std::size_t n) {
    auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[i + k]); };
    if (n == 2) return b(0) == 0xC2 && b(1) == 0xAD;
    if (n != 3) return false;
    if (b(0) == 0xE2 && b(1) == 0x80) return b(2) >= 0x8B && b(2) <= 0x8D;
    if (b(0) == 0xE2 && b(1) == 0x81) return b(2) == 0xA0;
    return b(0) == 0xEF && b(1) == 0xBB && b(2) == 0xBF;
}

// Appends the character at `i` (n bytes) in lower case: ASCII and À–Þ (Ä, Ö, Ü among them).
void append_lower(std::string& out, std::string_view s, std::size_t i, std::size_t n) {
    if (n == 1) {
        auto c = static_cast<unsigned char>(s[i]);
        out += static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
        return;
    }
    if (n == 2 && static_cast<unsigned char>(s[i]) == 0xC3) {
        auto c = static_cast<unsigned char>(s[i + 1]);
        out += s[i];
        out += static_cast<char>(c >= 0x80 && c <= 0x9E && c != 0x97 ? c + 0x20 : c);
        return;
    }
    out.append(s.substr(i, n));
}

// The words of `s`: runs of letters, or runs of digits (a change between them starts a new word,
// so "30jährige" is 30, jährige). An HTML tag is skipped (the description may carry markup).
std::vector<word> words_of(std::string_view s) {
    std::vector<word> out;
    std::size_t i = 0;
    word cur;
    int kind = 0;   // 0 none, 1 letters, 2 digits
    auto flush = [&](std::size_t at) {
        if (kind != 0) {
            cur.end = at;
            cur.number = kind == 2;
            out.push_back(std::move(cur));
            cur = word{};
        }
        kind = 0;
    };
    while (i < s.size()) {
        auto c = static_cast<unsigned char>(s[i]);
        if (c == '<' && i + 1 < s.size() && (ascii_alpha(static_cast<unsigned char>(s[i + 1])) || s[i + 1] == '/')) {
            auto close = s.find('>', i);
            if (close != std::string_view::npos && close - i < 200) {
                flush(i);
                i = close + 1;
                continue;
            }
        }
        std::size_t n = 1;
        int k = 0;
        if (c < 0x80) k = ascii_alpha(c) ? 1 : ascii_digit(c) ? 2 : 0;
        else {
            auto [len, letter] = non_ascii(s, i);
            if (invisible_joiner(s, i, len)) {   // neither a letter nor a separator: skipped
                i += len;
                continue;
            }
            n = len;
            k = letter ? 1 : 0;
        }
        if (k != kind) {
            flush(i);
            if (k != 0) {
                kind = k;
                cur.begin = i;
            }
        }
        if (k != 0) append_lower(cur.lower, s, i, n);
        i += n;
    }
    flush(s.size());
    return out;
}

bool word_matches(const std::vector<std::string>& alternatives, const word& w) {
    for (const auto& a : alternatives) {
        if (a == "#") {
            if (w.number) return true;
        } else if (!a.empty() && a.back() == '*') {
            if (w.lower.size() >= a.size() - 1 && w.lower.compare(0, a.size() - 1, a, 0, a.size() - 1) == 0) return true;
        } else if (w.lower == a) {
            return true;
        }
    }
    return false;
}

constexpr std::size_t max_skip = 3;   // what '~' may pass over

// Whether pattern words p[k…] match the text from word i; `last` is the text's last matched word.
bool match_from(const std::vector<std::vector<std::string>>& p, std::size_t k, const std::vector<word>& ws, std::size_t i,
                std::size_t& last) {
    if (k == p.size()) return true;
    if (p[k].size() == 1 && p[k][0] == "~") {
        for (std::size_t skip = 0; skip <= max_skip && i + skip <= ws.size(); ++skip)
            if (match_from(p, k + 1, ws, i + skip, last)) return true;
        return false;
    }
    if (i >= ws.size() || !word_matches(p[k], ws[i])) return false;
    last = i;
    return match_from(p, k + 1, ws, i + 1, last);
}

bool contains(const std::vector<std::string>& list, std::string_view s) { return std::find(list.begin(), list.end(), s) != list.end(); }

std::string lower_text(std::string_view s) {
    std::string out;
    for (std::size_t i = 0; i < s.size();) {
        auto c = static_cast<unsigned char>(s[i]);
        std::size_t n = c < 0x80 ? 1 : non_ascii(s, i).first;
        if (!invisible_joiner(s, i, n)) append_lower(out, s, i, n);
        i += n;
    }
    return out;
}

// The title rule's finding, if any: a gendered title word, no marker for every gender, no star form.
std::optional<finding> check_title(const title_rule& t, std::string_view title) {
    if (t.titles.empty()) return std::nullopt;
    std::string lower = lower_text(title), compact;
    for (char c : lower)
        if (c != ' ') compact += c;
    for (const auto& m : t.markers)
        if (compact.find(m) != std::string::npos) return std::nullopt;
    for (std::string_view star : {"*in", ":in", "_in", "/in", "(in)", "/-in", "*innen", ":innen"})
        if (compact.find(star) != std::string::npos) return std::nullopt;
    for (const auto& w : words_of(title))
        for (const auto& name : t.titles) {
            bool hit = w.lower == name ||
                       (name.size() >= 5 && w.lower.size() > name.size() && w.lower.compare(w.lower.size() - name.size(), name.size(), name) == 0);
            if (hit) return finding{"title", t.id, t.category, std::string(title.substr(w.begin, w.end - w.begin)), t.why, t.suggestion};
        }
    return std::nullopt;
}

// ---- reading the list ----------------------------------------------------------------------------

std::expected<std::vector<std::string>, std::string> strings_of(simdjson::dom::object o, std::string_view key, bool required) {
    std::vector<std::string> out;
    simdjson::dom::array a;
    auto e = o[key].get(a);
    if (e == simdjson::NO_SUCH_FIELD && !required) return out;
    if (e != simdjson::SUCCESS) return std::unexpected(std::string(key) + " must be a list of strings");
    for (auto item : a) {
        std::string_view s;
        if (item.get(s) != simdjson::SUCCESS || s.empty()) return std::unexpected(std::string(key) + " must be a list of strings");
        out.emplace_back(s);
    }
    return out;
}

std::expected<std::string, std::string> text_of(simdjson::dom::object o, std::string_view key) {
    std::string_view s;
    if (o[key].get(s) != simdjson::SUCCESS || s.empty()) return std::unexpected(std::string(key) + " is missing");
    return std::string(s);
}

// "max|maximal # jahr*" → {{max, maximal}, {#}, {jahr*}}, in lower case.
std::expected<std::vector<std::vector<std::string>>, std::string> parse_pattern(const std::string& text) {
    std::vector<std::vector<std::string>> out;
    std::istringstream in(lower_text(text));
    std::string w;
    while (in >> w) {
        std::vector<std::string> alternatives;
        std::size_t from = 0;
        while (from <= w.size()) {
            auto bar = w.find('|', from);
            if (bar == std::string::npos) bar = w.size();
            alternatives.push_back(w.substr(from, bar - from));
            if (alternatives.back().empty() || alternatives.back() == "*")
                return std::unexpected("pattern \"" + text + "\": an empty alternative");
            from = bar + 1;
        }
        out.push_back(std::move(alternatives));
    }
    if (out.empty() || (out.front().size() == 1 && out.front()[0] == "~") || (out.back().size() == 1 && out.back()[0] == "~"))
        return std::unexpected("pattern \"" + text + "\": empty, or it starts or ends with ~");
    return out;
}

#define WR_TRY(var, expr)                                  \
    auto var##_r = (expr);                                 \
    if (!var##_r) return std::unexpected(var##_r.error()); \
    auto var = std::move(*var##_r)

std::expected<void, std::string> read_common(simdjson::dom::object o, std::string& id, std::string& category, std::string& why,
                                             std::string& suggestion, std::string& source) {
    WR_TRY(a, text_of(o, "id"));
    WR_TRY(b, text_of(o, "category"));
    WR_TRY(c, text_of(o, "why"));
    WR_TRY(d, text_of(o, "suggestion"));
    WR_TRY(e, text_of(o, "source"));
    id = a, category = b, why = c, suggestion = d, source = e;
    return {};
}

std::expected<rule, std::string> parse_rule(simdjson::dom::object o) {
    rule r;
    if (auto c = read_common(o, r.id, r.category, r.why, r.suggestion, r.source); !c) return std::unexpected(c.error());
    WR_TRY(patterns, strings_of(o, "patterns", true));
    for (const auto& p : patterns) {
        WR_TRY(words, parse_pattern(p));
        r.patterns.push_back(std::move(words));
    }
    WR_TRY(fields, strings_of(o, "fields", false));
    r.fields = std::move(fields);
    simdjson::dom::object allowed;
    if (o["allowed"].get(allowed) == simdjson::SUCCESS) {
        WR_TRY(acts, strings_of(allowed, "activities", true));
        WR_TRY(in, strings_of(allowed, "fields", true));
        r.allowed_activities = std::move(acts);
        r.allowed_fields = std::move(in);
    }
    return r;
}

}  // namespace

std::expected<rule_set, std::string> parse_rules(std::string_view json) {
    simdjson::dom::parser parser;
    simdjson::dom::object root;
    if (parser.parse(json.data(), json.size()).get(root) != simdjson::SUCCESS) return std::unexpected("not a JSON object");
    rule_set out;
    WR_TRY(version, text_of(root, "version"));
    out.version = version;
    simdjson::dom::object title;
    if (root["title"].get(title) != simdjson::SUCCESS) return std::unexpected("title is missing");
    if (auto c = read_common(title, out.title.id, out.title.category, out.title.why, out.title.suggestion, out.title.source); !c)
        return std::unexpected("title: " + c.error());
    WR_TRY(titles, strings_of(title, "titles", true));
    WR_TRY(markers, strings_of(title, "markers", true));
    for (auto& t : titles) out.title.titles.push_back(lower_text(t));
    for (auto& m : markers) {
        std::string compact;
        for (char c : lower_text(m))
            if (c != ' ') compact += c;
        out.title.markers.push_back(compact);
    }
    simdjson::dom::array rules;
    if (root["rules"].get(rules) != simdjson::SUCCESS) return std::unexpected("rules is missing");
    std::set<std::string> ids{out.title.id};
    for (auto item : rules) {
        simdjson::dom::object o;
        if (item.get(o) != simdjson::SUCCESS) return std::unexpected("a rule is not an object");
        auto r = parse_rule(o);
        if (!r) return std::unexpected("rule " + std::to_string(out.rules.size() + 1) + ": " + r.error());
        if (!ids.insert(r->id).second) return std::unexpected("rule id " + r->id + " twice");
        out.rules.push_back(std::move(*r));
    }
    return out;
}

const rule_set& shipped_rules() {
    static const rule_set rules = [] {
        std::string path = source_path("config/agg_wording.json");
        std::ifstream in(path, std::ios::binary);
        std::stringstream text;
        text << in.rdbuf();
        std::expected<rule_set, std::string> parsed = std::unexpected(std::string("cannot read it"));
        if (in) parsed = parse_rules(text.str());
        if (!parsed) {
            std::fprintf(stderr, "jobhafen: %s: %s\n", path.c_str(), parsed.error().c_str());
            std::exit(2);
        }
        return std::move(*parsed);
    }();
    return rules;
}

std::string finding::key() const { return rule + "|" + field + "|" + lower_text(words); }

std::vector<finding> check(const rule_set& rules, const job_text& job) {
    std::vector<finding> out;
    std::set<std::string> seen;
    auto add = [&](finding f) {
        if (seen.insert(f.key()).second) out.push_back(std::move(f));
    };
    for (const auto& [field, text] : job.fields) {
        if (text.empty()) continue;
        if (field == "title")
            if (auto f = check_title(rules.title, text)) add(std::move(*f));
        auto ws = words_of(text);
        for (const auto& r : rules.rules) {
            if (!r.fields.empty() && !contains(r.fields, field)) continue;
            bool allowed = contains(r.allowed_fields, field) &&
                           std::any_of(job.activities.begin(), job.activities.end(),
                                       [&](const std::string& a) { return contains(r.allowed_activities, a); });
            if (allowed) continue;
            // Words one of the rule's patterns found are not found again by another ("Nur weibliche
            // Bewerberinnen" is one finding, not two overlapping ones).
            std::vector<bool> taken(ws.size(), false);
            for (const auto& p : r.patterns)
                for (std::size_t i = 0; i < ws.size(); ++i) {
                    std::size_t last = i;
                    if (!match_from(p, 0, ws, i, last)) continue;
                    if (std::find(taken.begin() + static_cast<std::ptrdiff_t>(i), taken.begin() + static_cast<std::ptrdiff_t>(last) + 1, true) !=
                        taken.begin() + static_cast<std::ptrdiff_t>(last) + 1)
                        continue;
                    std::fill(taken.begin() + static_cast<std::ptrdiff_t>(i), taken.begin() + static_cast<std::ptrdiff_t>(last) + 1, true);
                    add(finding{field, r.id, r.category, text.substr(ws[i].begin, ws[last].end - ws[i].begin), r.why, r.suggestion});
                    i = last;
                }
        }
    }
    return out;
}

std::string to_json(const std::vector<finding>& found, bool with_keys) {
    std::string out;
    json_writer w(out);
    w.begin_array();
    for (const auto& f : found) {
        w.begin_object()
            .member("field", f.field)
            .member("rule", f.rule)
            .member("category", f.category)
            .member("words", f.words)
            .member("why", f.why)
            .member("suggestion", f.suggestion);
        if (with_keys) w.member("key", f.key());
        w.end_object();
    }
    w.end_array();
    return out;
}

}  // namespace jh::wording
