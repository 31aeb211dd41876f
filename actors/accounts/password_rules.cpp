// password_rules.cpp: see password_rules.h.
#include "actors/accounts/password_rules.h"
#include "reactor/text.h"

namespace jh::accounts {

namespace {

// Decodes one UTF-8 code point at s[i] and advances i. A byte that does not start a complete,
// well-formed sequence is skipped and counts as U+FFFD.
char32_t next_password_code_point(std::string_view s, std::size_t& i) {
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
    for (std::size_t i = 0; i < s.size(); ++n) next_password_code_point(s, i);
    return n;
}

bool is_password_special(char32_t c) {
    if (c < 0x80) {
        return (c >= 0x21 && c <= 0x2F) || (c >= 0x3A && c <= 0x40) || (c >= 0x5B && c <= 0x60) || (c >= 0x7B && c <= 0x7E);
    }
    return c == 0xA7 /* § */ || c == 0x20AC /* € */ || c == 0xB0 /* ° */;
}

namespace {

// What the strength rules look at in a password.
struct password_makeup {
    std::size_t length = 0;   // characters (code points)
    bool lower = false, upper = false, digit = false, special = false;
};

password_makeup makeup_of(std::string_view password) {
    password_makeup m;
    for (std::size_t i = 0; i < password.size(); ++m.length) {
        char32_t c = next_password_code_point(password, i);
        m.lower |= is_lower(c);
        m.upper |= is_upper(c);
        m.digit |= is_digit(c);
        m.special |= is_password_special(c);
    }
    return m;
}

// The strength rules (spec section 9; the messages beyond the length are ours, docs/decisions.md),
// each with the message it adds when the password breaks it, in the order the form lists them.
struct strength_rule {
    bool (*broken)(const password_makeup&);
    std::string_view message;
};

constexpr strength_rule strength_rules[] = {
    {[](const password_makeup& m) { return m.length < password_min_length; }, "Dieses Feld muss mindestens 8 lang sein"},
    {[](const password_makeup& m) { return m.length > password_max_length; },
     "Das Passwort darf höchstens 1024 Zeichen lang sein"},
    {[](const password_makeup& m) { return !m.lower; }, "Das Passwort muss mindestens einen Kleinbuchstaben enthalten"},
    {[](const password_makeup& m) { return !m.upper; }, "Das Passwort muss mindestens einen Großbuchstaben enthalten"},
    {[](const password_makeup& m) { return !m.digit; }, "Das Passwort muss mindestens eine Ziffer enthalten"},
    {[](const password_makeup& m) { return !m.special; },
     "Das Passwort muss mindestens ein Sonderzeichen enthalten, z. B. ! ? # ( ) [ ] { } . , ; : - _"},
};

}  // namespace

void check_password(std::string_view password, std::string_view field, std::vector<violation>& out) {
    auto add = [&](std::string_view m) { out.push_back({std::string(field), std::string(m)}); };
    if (password.empty()) {
        add(msg::required);
        return;
    }
    const auto makeup = makeup_of(password);
    for (const auto& rule : strength_rules)
        if (rule.broken(makeup)) add(rule.message);
}

}  // namespace jh::accounts
