// password_rules.cpp: see password_rules.h.
#include "actors/accounts/password_rules.h"
#include "reactor/text.h"

namespace jh::accounts {

namespace {

// Decodes one UTF-8 code point at s[i] and advances i. A byte that does not start a complete,
// well-formed sequence is skipped and counts as U+FFFD.
char32_t next_code_point(std::string_view s, std::size_t& i) {
    auto b = static_cast<unsigned char>(s[i]);
    if (b < 0x80) {
        ++i;
        return b;
    }
    std::size_t extra = (b >> 5) == 0x6 ? 1 : (b >> 4) == 0xE ? 2 : (b >> 3) == 0x1E ? 3 : 0;
    if (extra == 0 || i + extra >= s.size()) {
        ++i;
        return 0xFFFD;
    }
    char32_t cp = b & (0x3F >> extra);
    for (std::size_t k = 1; k <= extra; ++k) {
        auto c = static_cast<unsigned char>(s[i + k]);
        if ((c & 0xC0) != 0x80) {
            ++i;
            return 0xFFFD;
        }
        cp = (cp << 6) | (c & 0x3F);
    }
    i += extra + 1;
    return cp;
}

bool is_lower(char32_t c) { return (c >= U'a' && c <= U'z') || (c >= 0xDF && c <= 0xFF && c != 0xF7); }
bool is_upper(char32_t c) { return (c >= U'A' && c <= U'Z') || (c >= 0xC0 && c <= 0xDE && c != 0xD7); }
bool is_digit(char32_t c) { return c >= U'0' && c <= U'9'; }

}  // namespace

std::size_t utf8_length(std::string_view s) {
    std::size_t n = 0;
    for (std::size_t i = 0; i < s.size(); ++n) next_code_point(s, i);
    return n;
}

bool is_password_special(char32_t c) {
    if (c < 0x80) {
        return (c >= 0x21 && c <= 0x2F) || (c >= 0x3A && c <= 0x40) || (c >= 0x5B && c <= 0x60) || (c >= 0x7B && c <= 0x7E);
    }
    return c == 0xA7 /* § */ || c == 0x20AC /* € */ || c == 0xB0 /* ° */;
}

void check_password(std::string_view password, std::string_view field, std::vector<violation>& out) {
    auto add = [&](std::string_view m) { out.push_back({std::string(field), std::string(m)}); };
    if (password.empty()) {
        add(msg::required);
        return;
    }
    bool lower = false, upper = false, digit = false, special = false;
    std::size_t length = 0;
    for (std::size_t i = 0; i < password.size(); ++length) {
        char32_t c = next_code_point(password, i);
        lower |= is_lower(c);
        upper |= is_upper(c);
        digit |= is_digit(c);
        special |= is_password_special(c);
    }
    if (length < password_min_length) add(msg::password_min);
    if (length > password_max_length) add(msg::password_too_long);
    if (!lower) add(msg::password_lowercase);
    if (!upper) add(msg::password_uppercase);
    if (!digit) add(msg::password_digit);
    if (!special) add(msg::password_special);
}

}  // namespace jh::accounts
