// log_redaction.cpp: see log_redaction.h.
#include "reactor/log_redaction.h"
#include "reactor/text.h"

#include <array>

namespace jh {

namespace {

// Names whose values are secrets or personal data (docs/decisions.md, "Wire limits").
constexpr std::array<std::string_view, 24> secret_names = {
    "token",        "access_token", "refresh_token", "id_token",      "auth_token", "code",
    "state",        "email",        "mail",          "e-mail",        "apikey",     "api_key",
    "password",     "passwort",     "secret",        "client_secret", "signature",  "sig",
    "code_verifier", "nonce",       "session",       "sid",           "key",        "hash",
};

// Page prefixes of the web app whose next segments are a token (web/src/app/router.tsx).
constexpr std::array<std::string_view, 4> token_pages = {
    "/email-bestaetigen/", "/passwort-zuruecksetzen/", "/passwort-festlegen/", "/job-alert-bestaetigen/",
};

// A query key as the application reads it, bounded and decoded into `buf` without allocating:
// "e%6Dail" → "email", "email[]" → "email". Keys longer than the buffer are never on the list.
std::string_view decoded_key(std::string_view raw, std::array<char, 32>& buf) noexcept {
    std::size_t n = 0;
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (n == buf.size()) return {};
        char c = raw[i];
        if (c == '%' && i + 2 < raw.size() && hex_value(raw[i + 1]) >= 0 && hex_value(raw[i + 2]) >= 0) {
            c = static_cast<char>(hex_value(raw[i + 1]) * 16 + hex_value(raw[i + 2]));
            i += 2;
        } else if (c == '+') {
            c = ' ';
        }
        buf[n++] = c;
    }
    std::string_view key(buf.data(), n);
    if (key.ends_with("[]")) key.remove_suffix(2);
    return key;
}

bool holds_address(std::string_view value) noexcept {
    if (value.find('@') != std::string_view::npos) return true;
    for (std::size_t p = value.find('%'); p != std::string_view::npos && p + 2 < value.size(); p = value.find('%', p + 1))
        if (value[p + 1] == '4' && value[p + 2] == '0') return true;
    return false;
}

bool base64url_char(char c) noexcept {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
}

// 32+ characters of base64url with an upper-case letter, or 32+ hex digits: a random token or a
// storage key, never one of our lower-case slugs.
bool looks_like_token(std::string_view seg) noexcept {
    if (seg.size() < 32) return false;
    bool upper = false, all_hex = true;
    for (char c : seg) {
        if (!base64url_char(c)) return false;
        upper = upper || (c >= 'A' && c <= 'Z');
        all_hex = all_hex && hex_value(c) >= 0;
    }
    return upper || all_hex;
}

// The index of the first segment after a token page's prefix, or -1.
int first_token_segment(std::string_view path) noexcept {
    for (auto prefix : token_pages)
        if (path.starts_with(prefix)) return 1;   // every prefix above is one segment long
    return -1;
}

// A routed path: only the route's own secret parameters. Any other path (pages, files, unknown
// paths): token pages and segments that look like tokens.
void append_path(std::string& out, std::string_view path, const log_target_hint& hint) {
    if (hint.routed && hint.secret_segments == 0) {
        out.append(path);
        return;
    }
    int token_from = hint.routed ? -1 : first_token_segment(path);
    int index = 0;
    std::size_t i = 0;
    while (i < path.size()) {
        if (path[i] == '/') {   // slashes as they came; empty segments are not counted (router.cpp)
            out += '/';
            ++i;
            continue;
        }
        std::size_t end = path.find('/', i);
        if (end == std::string_view::npos) end = path.size();
        std::string_view seg = path.substr(i, end - i);
        bool secret = hint.routed ? index < 32 && ((hint.secret_segments >> index) & 1u)
                                  : (token_from >= 0 && index >= token_from) || looks_like_token(seg);
        out.append(secret ? redacted_marker : seg);
        ++index;
        i = end;
    }
}

void append_query(std::string& out, std::string_view query) {
    bool first = true;
    while (true) {
        auto amp = query.find('&');
        std::string_view pair = query.substr(0, amp);
        if (!first) out += '&';
        first = false;
        auto eq = pair.find('=');
        std::string_view raw_key = pair.substr(0, eq);
        if (eq == std::string_view::npos) {
            out.append(raw_key);
        } else {
            std::string_view value = pair.substr(eq + 1);
            std::array<char, 32> buf;
            bool secret = holds_address(value) || is_secret_name(decoded_key(raw_key, buf));
            out.append(raw_key);
            out += '=';
            out.append(secret && !value.empty() ? redacted_marker : value);
        }
        if (amp == std::string_view::npos) break;
        query.remove_prefix(amp + 1);
    }
}

}  // namespace

bool is_secret_name(std::string_view name) noexcept {
    if (name.empty() || name.size() > 16) return false;
    for (auto s : secret_names)
        if (iequals(name, s)) return true;
    return false;
}

void append_redacted_target(std::string& out, std::string_view target, log_target_hint hint) {
    auto q = target.find('?');
    append_path(out, target.substr(0, q), hint);
    if (q == std::string_view::npos) return;
    out += '?';
    append_query(out, target.substr(q + 1));
}

std::string redacted_target(std::string_view target, log_target_hint hint) {
    std::string out;
    out.reserve(target.size());
    append_redacted_target(out, target, hint);
    return out;
}

}  // namespace jh
