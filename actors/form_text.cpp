// form_text.cpp: see form_text.h.
#include "actors/form_text.h"

#include "reactor/http_message.h"
#include "reactor/text.h"

namespace jh::forms {

std::string_view trim_ascii(std::string_view s) {
    return trim(s, ascii_whitespace);
}

std::vector<std::pair<std::string, std::string>> decoded_pairs(std::string_view text) {
    std::vector<std::pair<std::string, std::string>> out;
    while (!text.empty()) {
        auto amp = text.find('&');
        std::string_view pair = text.substr(0, amp);
        text = amp == std::string_view::npos ? std::string_view{} : text.substr(amp + 1);
        auto eq = pair.find('=');
        std::string key, value;
        if (!percent_decode(pair.substr(0, eq), key, true)) continue;
        if (eq != std::string_view::npos && !percent_decode(pair.substr(eq + 1), value, true)) continue;
        out.emplace_back(std::move(key), std::move(value));
    }
    return out;
}

bool is_valid_email(std::string_view email) {
    if (email.size() < 3 || email.size() > 254) return false;
    // No umlauts or ß, in either case (UTF-8: ä C3 A4, ö C3 B6, ü C3 BC, Ä C3 84, Ö C3 96, Ü C3 9C, ß C3 9F).
    for (std::string_view banned : {"\xC3\xA4", "\xC3\xB6", "\xC3\xBC", "\xC3\x84", "\xC3\x96", "\xC3\x9C", "\xC3\x9F"})
        if (email.find(banned) != std::string_view::npos) return false;
    auto at = email.find('@');
    if (at == std::string_view::npos || at == 0 || email.find('@', at + 1) != std::string_view::npos) return false;
    for (char c : email) {
        auto u = static_cast<unsigned char>(c);
        if (u <= 0x20 || u == 0x7F || c == '<' || c == '>' || c == ',' || c == ';' || c == '"' || c == '\\') return false;
    }
    std::string_view domain = email.substr(at + 1);
    auto dot = domain.rfind('.');
    // A dot inside the domain with something on both sides; no empty labels.
    if (dot == std::string_view::npos || dot == 0 || dot + 1 == domain.size()) return false;
    if (domain.front() == '.' || domain.find("..") != std::string_view::npos) return false;
    return true;
}

}  // namespace jh::forms
