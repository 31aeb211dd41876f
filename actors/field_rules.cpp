// field_rules.cpp: see field_rules.h.
#include "actors/field_rules.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <map>

#include "actors/form_text.h"
#include "actors/short_pattern.h"
#include "reactor/text.h"

namespace jh::fields {

namespace {

std::string upper_compact(std::string_view s, std::string_view drop) {
    std::string out;
    for (char c : s) {
        if (drop.find(c) != std::string_view::npos) continue;
        out += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    return out;
}


std::string normalise_country(std::string_view country) {
    std::string c;
    for (char ch : trim(country)) c += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    if (c == "el") c = "gr";
    return c;
}

struct country_rule {
    std::string_view country;
    short_pattern re;
};

// Postal code formats of the 29 countries the spec lists (upper case, trimmed).
const std::vector<country_rule>& zip_rules() {
    static const std::vector<country_rule> rules = [] {
        std::vector<country_rule> r;
        auto add = [&](std::string_view c, const char* re) { r.push_back({c, short_pattern(re)}); };
        add("at", "[1-9][0-9]{3}");
        add("be", "[1-9][0-9]{3}");
        add("bg", "[1-9][0-9]{3}");
        add("ch", "[1-9][0-9]{3}");
        add("cy", "[0-9]{4}");
        add("cz", "[1-7][0-9]{2} ?[0-9]{2}");
        add("de", "[0-9]{5}");
        add("dk", "[0-9]{4}");
        add("ee", "[0-9]{5}");
        add("gr", "[0-9]{3} ?[0-9]{2}");
        add("es", "(0[1-9]|[1-4][0-9]|5[0-2])[0-9]{3}");
        add("fi", "[0-9]{5}");
        add("fr", "[0-9]{5}");
        add("gb", "(GIR ?0AA|[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2})");
        add("hr", "[1-5][0-9]{4}");
        add("hu", "[1-9][0-9]{3}");
        add("ie", "([AC-FHKNPRTV-Y][0-9]{2}|D6W) ?[0-9AC-FHKNPRTV-Y]{4}");
        add("it", "[0-9]{5}");
        add("lt", "(LT-)?[0-9]{5}");
        add("lu", "(L-)?[0-9]{4}");
        add("lv", "(LV-)?[0-9]{4}");
        add("mt", "[A-Z]{3} ?[0-9]{2,4}");
        add("nl", "[1-9][0-9]{3} ?[A-Z]{2}");
        add("pl", "[0-9]{2}-[0-9]{3}");
        add("pt", "[1-9][0-9]{3}-[0-9]{3}");
        add("ro", "[0-9]{6}");
        add("se", "[1-9][0-9]{2} ?[0-9]{2}");
        add("si", "[1-9][0-9]{3}");
        add("sk", "[089][0-9]{2} ?[0-9]{2}");
        return r;
    }();
    return rules;
}

struct vat_rule {
    std::string_view country;
    std::string_view prefix;
    short_pattern body;
};

// VAT id formats (the number after the prefix; spaces, dots and hyphens removed, upper case).
const std::vector<vat_rule>& vat_rules() {
    static const std::vector<vat_rule> rules = [] {
        std::vector<vat_rule> r;
        auto add = [&](std::string_view c, std::string_view p, const char* re) {
            r.push_back({c, p, short_pattern(re)});
        };
        add("at", "AT", "U[0-9]{8}");
        add("be", "BE", "[01][0-9]{9}");
        add("bg", "BG", "[0-9]{9,10}");
        add("ch", "CHE", "[0-9]{9}(MWST|TVA|IVA)?");
        add("cy", "CY", "[0-9]{8}[A-Z]");
        add("cz", "CZ", "[0-9]{8,10}");
        add("de", "DE", "[0-9]{9}");
        add("dk", "DK", "[0-9]{8}");
        add("ee", "EE", "[0-9]{9}");
        add("gr", "EL", "[0-9]{9}");
        add("es", "ES", "[A-Z0-9][0-9]{7}[A-Z0-9]");
        add("fi", "FI", "[0-9]{8}");
        add("fr", "FR", "[0-9A-HJ-NP-Z]{2}[0-9]{9}");
        add("gb", "GB", "([0-9]{9}|[0-9]{12}|GD[0-4][0-9]{2}|HA[5-9][0-9]{2})");
        add("hr", "HR", "[0-9]{11}");
        add("hu", "HU", "[0-9]{8}");
        add("ie", "IE", "([0-9]{7}[A-W][A-I]?|[0-9][A-Z+*][0-9]{5}[A-W])");
        add("it", "IT", "[0-9]{11}");
        add("lt", "LT", "([0-9]{9}|[0-9]{12})");
        add("lu", "LU", "[0-9]{8}");
        add("lv", "LV", "[0-9]{11}");
        add("mt", "MT", "[0-9]{8}");
        add("nl", "NL", "[0-9]{9}B[0-9]{2}");
        add("pl", "PL", "[0-9]{10}");
        add("pt", "PT", "[0-9]{9}");
        add("ro", "RO", "[1-9][0-9]{1,9}");
        add("se", "SE", "[0-9]{10}01");
        add("si", "SI", "[1-9][0-9]{7}");
        add("sk", "SK", "[1-9][0-9]{9}");
        return r;
    }();
    return rules;
}

// Decodes one UTF-8 code point at s[i]; advances i. Returns 0xFFFD for a malformed sequence.
char32_t next_code_point(std::string_view s, std::size_t& i) {
    unsigned char c = static_cast<unsigned char>(s[i++]);
    if (c < 0x80) return c;
    int extra = (c >= 0xF0) ? 3 : (c >= 0xE0) ? 2 : (c >= 0xC0) ? 1 : -1;
    if (extra < 0) return 0xFFFD;
    char32_t cp = c & (0x3F >> extra);
    for (int k = 0; k < extra; ++k) {
        if (i >= s.size() || (static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) return 0xFFFD;
        cp = (cp << 6) | (static_cast<unsigned char>(s[i++]) & 0x3F);
    }
    return cp;
}

}  // namespace

bool is_email(std::string_view s) { return forms::is_valid_email(s); }

bool is_phone_number(std::string_view s) {
    bool digit = false;
    for (char c : s) {
        if (c >= '0' && c <= '9') digit = true;
        else if (c != '/' && c != '-' && c != '+' && c != ' ' && c != '\t') return false;
    }
    return digit;
}

bool is_alnum_space(std::string_view s) {
    for (std::size_t i = 0; i < s.size();) {
        char32_t cp = next_code_point(s, i);
        bool ok = (cp >= '0' && cp <= '9') || (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') || cp == ' ' ||
                  (cp >= 0xC0 && cp <= 0x24F && cp != 0xD7 && cp != 0xF7);
        if (!ok) return false;
    }
    return true;
}

namespace {

bool ascii_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool ascii_alnum(char c) { return ascii_alpha(c) || (c >= '0' && c <= '9'); }
bool is_space_char(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'; }

bool istarts_with(std::string_view s, std::string_view prefix) {
    if (s.size() < prefix.size()) return false;
    for (std::size_t i = 0; i < prefix.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(s[i])) != prefix[i]) return false;
    return true;
}

// A host label: letters and digits, hyphens only inside.
bool is_host_label(std::string_view l) {
    if (l.empty() || !ascii_alnum(l.front()) || !ascii_alnum(l.back())) return false;
    for (char c : l)
        if (!ascii_alnum(c) && c != '-') return false;
    return true;
}

}  // namespace

// An optional http(s):// (any case), labels and a top-level domain of two or more letters, an
// optional port of up to five digits, then optionally a path, query or fragment without spaces.
// One pass over the text, so its cost grows with the length and nothing else.
std::string min_value_message(std::string_view min) { return "Dieses Feld muss mindestens " + std::string(min) + " sein"; }

bool is_url(std::string_view s) {
    if (istarts_with(s, "http://")) s.remove_prefix(7);
    else if (istarts_with(s, "https://")) s.remove_prefix(8);
    std::size_t host_end = 0;
    while (host_end < s.size() && (ascii_alnum(s[host_end]) || s[host_end] == '-' || s[host_end] == '.')) ++host_end;
    std::string_view host = s.substr(0, host_end), rest = s.substr(host_end);
    auto last_dot = host.rfind('.');
    if (last_dot == std::string_view::npos) return false;
    std::string_view tld = host.substr(last_dot + 1);
    if (tld.size() < 2 || !std::all_of(tld.begin(), tld.end(), ascii_alpha)) return false;
    for (std::string_view labels = host.substr(0, last_dot + 1); !labels.empty();) {
        auto dot = labels.find('.');
        if (!is_host_label(labels.substr(0, dot))) return false;
        labels.remove_prefix(dot + 1);
    }
    if (!rest.empty() && rest.front() == ':') {
        std::size_t digits = 1;
        while (digits < rest.size() && rest[digits] >= '0' && rest[digits] <= '9') ++digits;
        if (digits == 1 || digits > 6) return false;
        rest.remove_prefix(digits);
    }
    if (rest.empty()) return true;
    if (rest.front() != '/' && rest.front() != '?' && rest.front() != '#') return false;
    return std::none_of(rest.begin(), rest.end(), is_space_char);
}

bool is_integer_text(std::string_view s) {
    s = trim(s);
    if (!s.empty() && (s.front() == '-' || s.front() == '+')) s.remove_prefix(1);
    if (s.empty()) return false;
    for (char c : s)
        if (c < '0' || c > '9') return false;
    return true;
}

bool is_numeric_text(std::string_view s) {
    s = trim(s);
    std::string t(s);
    for (char& c : t)
        if (c == ',') c = '.';   // German decimal comma
    if (t.empty()) return false;
    double v = 0;
    auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    return ec == std::errc{} && p == t.data() + t.size() && std::isfinite(v);
}

bool is_date(std::string_view s) {
    if (s.size() != 10 || s[4] != '-' || s[7] != '-') return false;
    int y = 0, m = 0, d = 0;
    auto num = [&](std::size_t pos, std::size_t len, int& out) {
        auto [p, ec] = std::from_chars(s.data() + pos, s.data() + pos + len, out);
        return ec == std::errc{} && p == s.data() + pos + len;
    };
    if (!num(0, 4, y) || !num(5, 2, m) || !num(8, 2, d)) return false;
    if (y < 1900 || y > 2200 || m < 1 || m > 12 || d < 1) return false;
    static constexpr int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    int max = days[m - 1] + ((m == 2 && ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0)) ? 1 : 0);
    return d <= max;
}

bool has_zip_rule(std::string_view country) {
    std::string c = normalise_country(country);
    for (const auto& r : zip_rules())
        if (r.country == c) return true;
    return false;
}

bool is_zip_code_for_country(std::string_view zip, std::string_view country) {
    std::string c = normalise_country(country);
    std::string z = upper_compact(trim(zip), "");
    for (const auto& r : zip_rules())
        if (r.country == c) return r.re.matches(z);
    return true;   // countries without a rule pass
}

bool is_vat_id(std::string_view id, std::string_view country) {
    std::string c = normalise_country(country);
    std::string v = upper_compact(id, " .-\t");
    for (const auto& r : vat_rules()) {
        if (r.country != c) continue;
        std::string_view body(v);
        if (body.starts_with(r.prefix)) body.remove_prefix(r.prefix.size());
        return !body.empty() && r.body.matches(body);
    }
    return false;   // an unknown country fails
}

bool is_iban(std::string_view s) {
    std::string v = upper_compact(s, " \t");
    if (v.size() < 15 || v.size() > 34) return false;
    for (std::size_t i = 0; i < v.size(); ++i) {
        char c = v[i];
        bool letter = c >= 'A' && c <= 'Z', digit = c >= '0' && c <= '9';
        if (i < 2 && !letter) return false;
        if (i >= 2 && i < 4 && !digit) return false;
        if (!letter && !digit) return false;
    }
    // Lengths of the countries whose candidates we expect most; others only by the checksum.
    static constexpr std::pair<std::string_view, std::size_t> lengths[] = {
        {"DE", 22}, {"AT", 20}, {"CH", 21}, {"LI", 21}, {"NL", 18}, {"BE", 16}, {"LU", 20}, {"FR", 27}, {"IT", 27},
        {"ES", 24}, {"PL", 28}, {"DK", 18}, {"CZ", 24}, {"PT", 25}, {"GB", 22}, {"IE", 22}, {"SE", 24}, {"GR", 27}};
    for (auto [cc, len] : lengths)
        if (v.compare(0, 2, cc) == 0 && v.size() != len) return false;
    // ISO 13616: move the first four characters to the end, letters as 10..35, mod 97 == 1.
    std::string r = v.substr(4) + v.substr(0, 4);
    int mod = 0;
    for (char c : r) {
        int val = (c >= 'A') ? c - 'A' + 10 : c - '0';
        mod = (val >= 10) ? (mod * 100 + val) % 97 : (mod * 10 + val) % 97;
    }
    return mod == 1;
}

// Bank and country code (six letters), location (two letters or digits), optional branch (three).
bool is_bic(std::string_view s) {
    std::string v = upper_compact(s, " ");
    if (v.size() != 8 && v.size() != 11) return false;
    for (std::size_t i = 0; i < v.size(); ++i) {
        bool letter = v[i] >= 'A' && v[i] <= 'Z', digit = v[i] >= '0' && v[i] <= '9';
        if (i < 6 ? !letter : !(letter || digit)) return false;
    }
    return true;
}

}  // namespace jh::fields
