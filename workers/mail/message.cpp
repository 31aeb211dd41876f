// message.cpp: see message.h.
#include "workers/mail/message.h"

#include <sodium.h>

#include <array>
#include <cctype>
#include <cstdio>

namespace jh::workers {

namespace {

constexpr std::string_view crlf = "\r\n";

bool plain_ascii(std::string_view s) {
    for (unsigned char c : s)
        if (c < 0x20 || c > 0x7e) return false;
    // "=?" would be read as the start of an encoded word.
    return s.find("=?") == std::string_view::npos;
}

std::string base64(std::string_view bytes) {
    std::string out(sodium_base64_encoded_len(bytes.size(), sodium_base64_VARIANT_ORIGINAL), '\0');
    sodium_bin2base64(out.data(), out.size(), reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(),
                      sodium_base64_VARIANT_ORIGINAL);
    out.resize(out.size() - 1);   // the terminating NUL
    return out;
}

// Length of the UTF-8 sequence starting with `lead` (1 for stray continuation bytes).
std::size_t utf8_length(unsigned char lead) {
    if (lead >= 0xf0) return 4;
    if (lead >= 0xe0) return 3;
    if (lead >= 0xc0) return 2;
    return 1;
}

std::string hex_byte(unsigned char c) {
    static constexpr char digits[] = "0123456789ABCDEF";
    return {'=', digits[c >> 4], digits[c & 15]};
}

// A display name as a phrase: atoms as they are, other ASCII quoted, anything else encoded.
std::string display_name(std::string_view name) {
    if (!plain_ascii(name)) return encode_header_text(name);
    bool atoms = true;
    for (char c : name) atoms = atoms && (std::isalnum(static_cast<unsigned char>(c)) || c == ' ' || c == '-' || c == '_' || c == '.');
    if (atoms) return std::string(name);
    std::string q = "\"";
    for (char c : name) {
        if (c == '"' || c == '\\') q += '\\';
        q += c;
    }
    return q + "\"";
}

std::string mailbox_header(std::string_view value) {
    // "Name <addr>": the name part may need encoding; a bare address stays as it is.
    auto lt = value.rfind('<');
    if (lt == std::string_view::npos) return std::string(value);
    std::string_view name = value.substr(0, lt);
    while (!name.empty() && name.back() == ' ') name.remove_suffix(1);
    if (name.size() >= 2 && name.front() == '"' && name.back() == '"') return std::string(value);
    if (name.empty()) return std::string(value.substr(lt));
    return display_name(name) + " " + std::string(value.substr(lt));
}

}  // namespace

std::string encode_header_text(std::string_view s) {
    if (plain_ascii(s)) return std::string(s);
    // 39 bytes → 52 base64 characters; with "=?UTF-8?B?" and "?=" a word is 64 characters, so
    // "Subject: " plus the first word stays under the recommended 78.
    constexpr std::size_t max_chunk = 39;
    std::string out;
    std::size_t pos = 0;
    while (pos < s.size()) {
        std::size_t end = pos;
        while (end < s.size()) {
            std::size_t n = utf8_length(static_cast<unsigned char>(s[end]));
            if (end + n - pos > max_chunk) break;
            end += n;
        }
        if (end == pos) end = std::min(s.size(), pos + max_chunk);   // never loop on malformed input
        if (!out.empty()) out += "\r\n ";
        out += "=?UTF-8?B?" + base64(s.substr(pos, end - pos)) + "?=";
        pos = end;
    }
    return out;
}

std::string quoted_printable(std::string_view s) {
    std::string out;
    out.reserve(s.size() + s.size() / 4);
    std::size_t pos = 0;
    while (pos <= s.size()) {
        std::size_t eol = s.find('\n', pos);
        std::string_view line = s.substr(pos, eol == std::string_view::npos ? std::string_view::npos : eol - pos);
        if (line.ends_with('\r')) line.remove_suffix(1);
        std::size_t width = 0;
        for (std::size_t i = 0; i < line.size(); ++i) {
            auto c = static_cast<unsigned char>(line[i]);
            bool last = i + 1 == line.size();
            // Spaces at a line end would be stripped by relays, so they are encoded there.
            bool literal = (c >= 33 && c <= 126 && c != '=') || ((c == ' ' || c == '\t') && !last);
            std::string token = literal ? std::string(1, static_cast<char>(c)) : hex_byte(c);
            if (width + token.size() > 75) {   // 75 + the soft break "=" = 76
                out += "=\r\n";
                width = 0;
            }
            out += token;
            width += token.size();
        }
        if (eol == std::string_view::npos) break;
        out += crlf;
        pos = eol + 1;
    }
    return out;
}

std::string message_id_for(std::string_view key, std::string_view domain) {
    std::string local;
    for (unsigned char c : key) {
        if (std::isalnum(c) || c == '-' || c == '_' || c == '+' || c == '=') {
            local += static_cast<char>(c);
        } else {
            char buf[4];
            std::snprintf(buf, sizeof buf, "%%%02X", c);
            local += buf;
        }
    }
    return "<" + local + "@" + std::string(domain) + ">";
}

std::string rfc5322_date(std::time_t t) {
    static constexpr std::array<const char*, 7> days{"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
    static constexpr std::array<const char*, 12> months{"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                        "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[64];
    std::snprintf(buf, sizeof buf, "%s, %02d %s %04d %02d:%02d:%02d +0000", days[static_cast<std::size_t>(tm.tm_wday)], tm.tm_mday,
                  months[static_cast<std::size_t>(tm.tm_mon)], tm.tm_year + 1900, tm.tm_hour, tm.tm_min, tm.tm_sec);
    return buf;
}

std::string address_of(std::string_view mailbox) {
    auto lt = mailbox.rfind('<');
    auto gt = mailbox.rfind('>');
    if (lt != std::string_view::npos && gt != std::string_view::npos && gt > lt) return std::string(mailbox.substr(lt + 1, gt - lt - 1));
    return std::string(mailbox);
}

bool plausible_address(std::string_view a) {
    if (a.size() < 3 || a.size() > 254) return false;
    auto at = a.rfind('@');
    if (at == std::string_view::npos || at == 0 || at + 1 == a.size()) return false;
    for (unsigned char c : a)
        if (c <= ' ' || c == '<' || c == '>' || c == ',' || c == ';' || c == '"' || c == '\\' || c == 0x7f) return false;
    return a.substr(at + 1).find('.') != std::string_view::npos;
}

std::string build_message(const outgoing_mail& m, std::string_view boundary_seed) {
    unsigned char hash[12];
    crypto_generichash(hash, sizeof hash, reinterpret_cast<const unsigned char*>(boundary_seed.data()), boundary_seed.size(), nullptr, 0);
    char hex[sizeof hash * 2 + 1];
    sodium_bin2hex(hex, sizeof hex, hash, sizeof hash);
    // "=_" never occurs in quoted-printable text, so the boundary cannot appear in a body.
    std::string boundary = std::string("=_jobhafen_") + hex;

    std::string to = m.to_name.empty() ? m.to : display_name(m.to_name) + " <" + m.to + ">";
    std::string out;
    out.reserve(m.text.size() + m.html.size() + 1024);
    out += "Date: " + rfc5322_date(m.date) + "\r\n";
    out += "From: " + mailbox_header(m.from) + "\r\n";
    out += "To: " + to + "\r\n";
    out += "Subject: " + encode_header_text(m.subject) + "\r\n";
    out += "Message-ID: " + m.message_id + "\r\n";
    out += "MIME-Version: 1.0\r\n";
    // RFC 3834: a machine sent this; auto-responders should not answer it.
    out += "Auto-Submitted: auto-generated\r\n";
    if (!m.list_unsubscribe.empty()) {
        out += "List-Unsubscribe: <" + m.list_unsubscribe + ">\r\n";
        out += "List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n";
    }
    out += "Content-Type: multipart/alternative; boundary=\"" + boundary + "\"\r\n";
    out += "\r\n";
    out += "--" + boundary + "\r\n";
    out += "Content-Type: text/plain; charset=UTF-8\r\n";
    out += "Content-Transfer-Encoding: quoted-printable\r\n\r\n";
    out += quoted_printable(m.text) + "\r\n";
    out += "--" + boundary + "\r\n";
    out += "Content-Type: text/html; charset=UTF-8\r\n";
    out += "Content-Transfer-Encoding: quoted-printable\r\n\r\n";
    out += quoted_printable(m.html) + "\r\n";
    out += "--" + boundary + "--\r\n";
    return out;
}

}  // namespace jh::workers
