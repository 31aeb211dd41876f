// application_source.cpp: reading, bounding and labelling where an application came from
// (application_source.h). Hand-written character checks on bounded fields, no regular-expression
// engine on request data (style.md, "Hostile input").
#include "actors/applications/application_source.h"

#include <array>
#include <utility>
#include <vector>

#include "reactor/json_body.h"

namespace jh::actions {

// A named namespace, not an anonymous one: the sanitizer build compiles actors/ in unity batches,
// where file-local names of different files must not meet (cmake/unity.cmake).
namespace source_rules {

// The sources providers ask about (issue 44): a name's key as it appears in a utm_source or as a
// label of the referrer's host, and the label the portal shows.
constexpr std::array<std::pair<std::string_view, std::string_view>, 8> known_sources{{
    {"indeed", "Indeed"},
    {"google", "Google"},
    {"bing", "Bing"},
    {"facebook", "Facebook"},
    {"instagram", "Instagram"},
    {"linkedin", "LinkedIn"},
    {"xing", "XING"},
    {"tiktok", "TikTok"},
}};

char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }
bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// `word` at the start of `name`, case-insensitive, followed by its end or by a non-letter
// ("indeed", "Indeed.com", "google_jobs_apply"; not "googleplex" nor "bingo").
bool starts_with_word(std::string_view name, std::string_view word) {
    if (name.size() < word.size()) return false;
    for (std::size_t i = 0; i < word.size(); ++i)
        if (lower(name[i]) != word[i]) return false;
    return name.size() == word.size() || !is_letter(name[word.size()]);
}

// The characters a label must not hold, as code point ranges: controls (C0, DEL, C1) and every
// character that shows nothing or turns text: a label such as "\u202Edeedni" or "Ind\u00ADeed" would
// read "Indeed" in the portal without being it (review 22, code finding 9; review 24, finding 4).
// Unicode's format characters (category Cf), the fillers that draw as blank (Hangul, Braille), the
// variation selectors and the tag characters. The web drops the same (shared/tracking/application-source.ts).
constexpr std::array<std::pair<char32_t, char32_t>, 21> invisible_ranges{{
    {0x0000, 0x001f}, {0x007f, 0x009f}, {0x00ad, 0x00ad},   {0x034f, 0x034f},   {0x061c, 0x061c},
    {0x115f, 0x1160}, {0x17b4, 0x17b5}, {0x180b, 0x180f},   {0x200b, 0x200f},   {0x2028, 0x202e},
    {0x2060, 0x206f}, {0x2800, 0x2800}, {0x3164, 0x3164},   {0xfe00, 0xfe0f},   {0xfeff, 0xfeff},
    {0xffa0, 0xffa0}, {0xfff0, 0xfffb}, {0x1d173, 0x1d17a}, {0xe0000, 0xe007f}, {0xe0100, 0xe01ef},
    {0x110bd, 0x110bd},
}};

bool is_invisible(char32_t c) {
    for (auto [from, to] : invisible_ranges)
        if (c >= from && c <= to) return true;
    return false;
}

// Whether `s` (valid UTF-8: the JSON parser has checked it) holds one of those characters.
bool has_control_character(std::string_view s) {
    for (std::size_t i = 0; i < s.size();) {
        const auto b = static_cast<unsigned char>(s[i]);
        const std::size_t n = b < 0x80 ? 1 : b < 0xe0 ? 2 : b < 0xf0 ? 3 : 4;
        char32_t c = n == 1 ? b : n == 2 ? (b & 0x1f) : n == 3 ? (b & 0x0f) : (b & 0x07);
        for (std::size_t k = 1; k < n && i + k < s.size(); ++k) c = (c << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3f);
        if (is_invisible(c)) return true;
        i += n;
    }
    return false;
}

}  // namespace source_rules

std::optional<std::string> known_source_label(std::string_view name) {
    // Each dot-separated part of the name: "de.indeed.com" and "l.facebook.com" name their site
    // in the middle; "lnkd.in" is LinkedIn's short link host.
    std::size_t start = 0;
    while (start <= name.size()) {
        std::size_t end = name.find('.', start);
        std::string_view part = name.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
        for (auto [key, label] : source_rules::known_sources)
            if (source_rules::starts_with_word(part, key)) return std::string(label);
        if (source_rules::starts_with_word(part, "lnkd")) return std::string("LinkedIn");
        if (end == std::string_view::npos) break;
        start = end + 1;
    }
    return std::nullopt;
}

std::string source_label(const application_source& s) {
    if (s.utm_source) {
        if (auto known = known_source_label(*s.utm_source)) return *known;
        // The portal's own rows ("Direkt", "Nicht erfasst", "Sonstige") are the system's words: a
        // campaign that names itself so is counted with the others (review 24, finding 4).
        for (std::string_view own : {"direkt", "nicht erfasst", "sonstige"})
            if (s.utm_source->size() == own.size() && source_rules::starts_with_word(*s.utm_source, own)) return "Sonstige";
        return *s.utm_source;
    }
    if (s.referrer_host) {
        if (auto known = known_source_label(*s.referrer_host)) return *known;
        std::string_view host = *s.referrer_host;
        if (host.size() > 4 && host.starts_with("www.")) host.remove_prefix(4);   // stored lower-case
        return std::string(host);
    }
    return "Direkt";
}

bool is_host_name(std::string_view host) {
    if (host.empty() || host.front() == '.' || host.front() == '-') return false;
    for (char c : host)
        if (!(source_rules::is_letter(c) || (c >= '0' && c <= '9') || c == '-' || c == '.')) return false;
    return true;
}

result<application_source> read_application_source(simdjson::dom::object body) {
    application_source out;
    simdjson::dom::element value;
    if (body["source"].get(value) != simdjson::SUCCESS || value.is_null()) return out;
    simdjson::dom::object source;
    if (value.get(source) != simdjson::SUCCESS) return fail(error_kind::bad_request, "source muss ein Objekt sein.");
    std::vector<violation> v;
    // Each value bounded before any rule runs (a longer one is refused, never cut: 422).
    auto read = [&](const char* name, std::optional<std::string>& into) -> bool {
        simdjson::dom::element e;
        if (source[name].get(e) != simdjson::SUCCESS || e.is_null()) return true;
        std::string_view s;
        if (e.get(s) != simdjson::SUCCESS) return false;
        std::string path = std::string("source.") + name;
        if (utf8_length(s) > source_value_max_chars) {
            v.push_back({path, too_long_message(source_value_max_chars)});
            return true;
        }
        if (source_rules::has_control_character(s)) {
            v.push_back({path, "Diese Angabe enthält unzulässige Zeichen."});
            return true;
        }
        std::size_t first = s.find_first_not_of(' '), last = s.find_last_not_of(' ');
        if (first != std::string_view::npos) into = std::string(s.substr(first, last - first + 1));
        return true;
    };
    if (!read("utm_source", out.utm_source) || !read("utm_medium", out.utm_medium) || !read("utm_campaign", out.utm_campaign) ||
        !read("referrerHost", out.referrer_host))
        return fail(error_kind::bad_request, "Die Angaben in source müssen Texte sein.");
    // Only the referring site's name is kept, never an address with a path or query (privacy).
    if (out.referrer_host && !is_host_name(*out.referrer_host))
        v.push_back({"source.referrerHost", "Bitte nur den Namen der Website angeben, ohne https://, Pfad oder Parameter."});
    else if (out.referrer_host)
        for (char& c : *out.referrer_host) c = source_rules::lower(c);
    if (!v.empty()) return std::unexpected(app_error::invalid(std::move(v)));
    out.label = source_label(out);
    return out;
}

}  // namespace jh::actions
