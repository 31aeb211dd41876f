// text.cpp: see text.h.
#include "search/text.h"

#include <libstemmer.h>
#include <locale.h>
#include <wctype.h>

#include <algorithm>
#include <array>
#include <memory>
#include <stdexcept>

namespace jh::search {

namespace {

struct unaccent_rule {
    char32_t from;
    const char* to;
};
constexpr unaccent_rule unaccent_rules[] = {
#include "search/unaccent_rules.inc"
};

constexpr std::string_view stop_words[] = {
#include "search/german_stop_words.inc"
};

// One code point from UTF-8 at s[i]; advances i. Invalid bytes come back as themselves (len 1).
char32_t next_code_point(std::string_view s, std::size_t& i, std::size_t& len) {
    auto b = static_cast<unsigned char>(s[i]);
    std::size_t n = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xe ? 3 : (b >> 3) == 0x1e ? 4 : 0;
    if (n == 0 || i + n > s.size()) {
        len = 1;
        ++i;
        return 0xfffd;
    }
    char32_t cp = n == 1 ? b : n == 2 ? (b & 0x1f) : n == 3 ? (b & 0x0f) : (b & 0x07);
    for (std::size_t k = 1; k < n; ++k) {
        auto c = static_cast<unsigned char>(s[i + k]);
        if ((c >> 6) != 0x2) {
            len = 1;
            ++i;
            return 0xfffd;
        }
        cp = (cp << 6) | (c & 0x3f);
    }
    len = n;
    i += n;
    return cp;
}

void append_utf8(std::string& out, char32_t cp) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xc0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3f));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xe0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
        out += static_cast<char>(0x80 | (cp & 0x3f));
    } else {
        out += static_cast<char>(0xf0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3f));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
        out += static_cast<char>(0x80 | (cp & 0x3f));
    }
}

// lower() of the database's UTF-8 collation: PostgreSQL's libc provider lowers with towlower_l of
// the collation's LC_CTYPE; glibc's UTF-8 locales share one case table, which C.UTF-8 carries.
char32_t lower_code_point(char32_t c) {
    if (c < 0x80) return c >= 'A' && c <= 'Z' ? c + 32 : c;
    static const locale_t utf8 = ::newlocale(LC_CTYPE_MASK, "C.UTF-8", static_cast<locale_t>(nullptr));
    if (!utf8) return c;
    return static_cast<char32_t>(::towlower_l(static_cast<wint_t>(c), utf8));
}

// unaccent then lower, in one pass; `german` first spells the umlauts out (jh_fold).
std::string fold_with(std::string_view s, bool german) {
    std::string out;
    out.reserve(s.size() + 8);
    std::size_t i = 0;
    while (i < s.size()) {
        std::size_t start = i, len = 0;
        char32_t cp = next_code_point(s, i, len);
        if (cp == 0xfffd && len == 1 && static_cast<unsigned char>(s[start]) >= 0x80) {
            out += s[start];
            continue;
        }
        if (german) {
            const char* spelled = nullptr;
            switch (cp) {
                case U'Ä': case U'ä': spelled = "ae"; break;
                case U'Ö': case U'ö': spelled = "oe"; break;
                case U'Ü': case U'ü': spelled = "ue"; break;
                default: break;
            }
            if (spelled) {
                out += spelled;
                continue;
            }
        }
        auto rule = std::lower_bound(std::begin(unaccent_rules), std::end(unaccent_rules), cp,
                                     [](const unaccent_rule& r, char32_t c) { return r.from < c; });
        if (rule != std::end(unaccent_rules) && rule->from == cp) {
            for (const char* p = rule->to; *p; ++p) {
                auto b = static_cast<unsigned char>(*p);
                out += static_cast<char>(b >= 'A' && b <= 'Z' ? b + 32 : b);
            }
            continue;
        }
        append_utf8(out, lower_code_point(cp));
    }
    return out;
}

struct stemmer_deleter {
    void operator()(sb_stemmer* s) const noexcept { sb_stemmer_delete(s); }
};

}  // namespace

std::string unaccent(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    std::size_t i = 0;
    while (i < s.size()) {
        std::size_t start = i, len = 0;
        char32_t cp = next_code_point(s, i, len);
        auto rule = std::lower_bound(std::begin(unaccent_rules), std::end(unaccent_rules), cp,
                                     [](const unaccent_rule& r, char32_t c) { return r.from < c; });
        if (rule != std::end(unaccent_rules) && rule->from == cp) out += rule->to;
        else out.append(s.substr(start, len));
    }
    return out;
}

std::string fold(std::string_view s) { return fold_with(s, true); }

std::string fold_plain(std::string_view s) { return fold_with(s, false); }

bool has_umlaut(std::string_view s) noexcept {
    for (std::string_view u : {"Ä", "Ö", "Ü", "ä", "ö", "ü"})
        if (s.find(u) != std::string_view::npos) return true;
    return false;
}

bool is_german_stop_word(std::string_view w) noexcept {
    return std::find(std::begin(stop_words), std::end(stop_words), w) != std::end(stop_words);
}

std::string german_stem(std::string_view w) {
    // A stemmer keeps state between calls: one per thread, made on first use.
    thread_local std::unique_ptr<sb_stemmer, stemmer_deleter> stemmer(sb_stemmer_new("german", "UTF_8"));
    if (!stemmer) throw std::runtime_error("libstemmer has no German stemmer");
    const sb_symbol* out = sb_stemmer_stem(stemmer.get(), reinterpret_cast<const sb_symbol*>(w.data()), static_cast<int>(w.size()));
    if (!out) throw std::bad_alloc();
    return std::string(reinterpret_cast<const char*>(out), static_cast<std::size_t>(sb_stemmer_length(stemmer.get())));
}

std::optional<std::string> analyze_word(std::string_view word) {
    std::string folded = fold(word);
    // PostgreSQL's snowball dictionary passes words over 1000 bytes through unstemmed; the parser
    // has its own limits. Neither is worth copying for a search box.
    if (folded.empty() || folded.size() > 200) return std::nullopt;
    for (char c : folded)
        if (c < 'a' || c > 'z') return std::nullopt;
    if (is_german_stop_word(folded)) return std::string();
    return german_stem(folded);
}

bool valid_utf8(std::string_view s) noexcept {
    std::size_t i = 0;
    while (i < s.size()) {
        const auto c = static_cast<unsigned char>(s[i]);
        std::size_t n = 0;   // continuation bytes that must follow
        if (c < 0x80) n = 0;
        else if (c >= 0xC2 && c <= 0xDF) n = 1;
        else if (c >= 0xE0 && c <= 0xEF) n = 2;
        else if (c >= 0xF0 && c <= 0xF4) n = 3;
        else return false;   // a continuation byte first, an overlong lead (C0, C1), or above F4
        if (s.size() - i - 1 < n) return false;
        for (std::size_t k = 1; k <= n; ++k)
            if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return false;
        const auto d = n ? static_cast<unsigned char>(s[i + 1]) : 0;
        if (n == 2 && ((c == 0xE0 && d < 0xA0) || (c == 0xED && d >= 0xA0))) return false;   // overlong; surrogates
        if (n == 3 && ((c == 0xF0 && d < 0x90) || (c == 0xF4 && d >= 0x90))) return false;   // overlong; above U+10FFFF
        i += n + 1;
    }
    return true;
}

}  // namespace jh::search
