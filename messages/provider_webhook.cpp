// provider_webhook.cpp: see provider_webhook.h.
#include "messages/provider_webhook.h"

#include <arpa/inet.h>
#include <sodium.h>
#include <simdjson.h>

#include <algorithm>
#include <array>
#include <cstring>

namespace jh::messages {

namespace {

// ---- addresses ---------------------------------------------------------------------------------

struct webhook_v4_range {
    std::uint32_t net;
    int bits;
};

// Not public: "this network", private (RFC 1918), CGNAT (RFC 6598), loopback, link-local, IETF
// protocol assignments, documentation, benchmarking, multicast, reserved and broadcast.
constexpr std::array<webhook_v4_range, 14> webhook_v4_blocked = {{
    {0x00000000, 8}, {0x0A000000, 8}, {0x64400000, 10}, {0x7F000000, 8}, {0xA9FE0000, 16}, {0xAC100000, 12},
    {0xC0000000, 24}, {0xC0000200, 24}, {0xC0A80000, 16}, {0xC6120000, 15}, {0xC6336400, 24}, {0xCB007100, 24},
    {0xE0000000, 4}, {0xF0000000, 4},
}};

bool webhook_v4_in(std::uint32_t a, const webhook_v4_range& r) {
    std::uint32_t mask = r.bits == 0 ? 0 : ~std::uint32_t{0} << (32 - r.bits);
    return (a & mask) == r.net;
}

bool webhook_v4_public(std::uint32_t a, bool allow_loopback) {
    if (allow_loopback && (a >> 24) == 127) return true;
    return std::none_of(webhook_v4_blocked.begin(), webhook_v4_blocked.end(), [&](const auto& r) { return webhook_v4_in(a, r); });
}

bool webhook_v6_public(const unsigned char* b, bool allow_loopback) {
    static constexpr unsigned char zero[16] = {};
    const bool first_ten_zero = std::memcmp(b, zero, 10) == 0;
    auto v4_at_12 = [&] { return (std::uint32_t{b[12]} << 24) | (std::uint32_t{b[13]} << 16) | (std::uint32_t{b[14]} << 8) | b[15]; };
    if (first_ten_zero && b[10] == 0xff && b[11] == 0xff) return webhook_v4_public(v4_at_12(), allow_loopback);   // ::ffff:a.b.c.d
    if (std::memcmp(b, zero, 15) == 0 && b[15] == 1) return allow_loopback;                                      // ::1
    if (first_ten_zero && b[10] == 0 && b[11] == 0) return false;   // ::, and the deprecated v4-compatible ::a.b.c.d
    // NAT64 (64:ff9b::/96) reaches the v4 address inside it.
    static constexpr unsigned char nat64[12] = {0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0};
    if (std::memcmp(b, nat64, 12) == 0) return webhook_v4_public(v4_at_12(), false);
    // So may SIIT's v4-translated ::ffff:0:a.b.c.d and 6to4's 2002:aabb:ccdd::/48 (review 26b);
    // Teredo (2001::/32) hides its v4 server and client, so none of it is sent to.
    if (std::memcmp(b, zero, 8) == 0 && b[8] == 0xff && b[9] == 0xff && b[10] == 0 && b[11] == 0)
        return webhook_v4_public(v4_at_12(), false);
    if (b[0] == 0x20 && b[1] == 0x02)
        return webhook_v4_public((std::uint32_t{b[2]} << 24) | (std::uint32_t{b[3]} << 16) | (std::uint32_t{b[4]} << 8) | b[5], false);
    if (b[0] == 0x20 && b[1] == 0x01 && b[2] == 0 && b[3] == 0) return false;
    if ((b[0] & 0xfe) == 0xfc) return false;                      // fc00::/7 unique local
    if (b[0] == 0xfe && (b[1] & 0xc0) == 0x80) return false;      // fe80::/10 link-local
    if (b[0] == 0xfe && (b[1] & 0xc0) == 0xc0) return false;      // fec0::/10 site-local (deprecated)
    if (b[0] == 0xff) return false;                               // ff00::/8 multicast
    if (b[0] == 0x20 && b[1] == 0x01 && b[2] == 0x0d && b[3] == 0xb8) return false;   // 2001:db8::/32 documentation
    if (b[0] == 0x01 && b[1] == 0x00 && std::memcmp(b + 2, zero, 6) == 0) return false;   // 100::/64 discard
    return true;
}

// ---- the address's parts ------------------------------------------------------------------------

bool webhook_name_char(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-'; }

// A DNS name of at least two labels (no "intranet", no trailing dot), each 1–63 letters, digits
// and inner hyphens; the last label not all digits (that would be an IPv4 shorthand).
bool webhook_host_name(std::string_view h) {
    if (h.empty() || h.size() > 253) return false;
    int labels = 0;
    std::string_view last;
    while (true) {
        auto dot = h.find('.');
        std::string_view label = h.substr(0, dot);
        if (label.empty() || label.size() > 63 || label.front() == '-' || label.back() == '-') return false;
        if (!std::all_of(label.begin(), label.end(), webhook_name_char)) return false;
        ++labels;
        last = label;
        if (dot == std::string_view::npos) break;
        h.remove_prefix(dot + 1);
    }
    return labels >= 2 && !std::all_of(last.begin(), last.end(), [](char c) { return c >= '0' && c <= '9'; });
}

bool webhook_lower_equal(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return (x >= 'A' && x <= 'Z' ? x + 32 : x) == y;
           });
}

bool webhook_localhost_name(std::string_view h) {
    if (webhook_lower_equal(h, "localhost")) return true;
    return h.size() > 10 && webhook_lower_equal(h.substr(h.size() - 10), ".localhost");
}

}  // namespace

std::string to_json(const provider_webhook_job& j) { return "{\"delivery\":" + std::to_string(j.delivery) + "}"; }

std::expected<provider_webhook_job, std::string> parse_provider_webhook_job(std::string_view json) {
    simdjson::dom::parser parser;
    simdjson::dom::object obj;
    if (parser.parse(json.data(), json.size()).get_object().get(obj)) return std::unexpected("payload is not a JSON object");
    std::int64_t id = 0;
    if (obj["delivery"].get_int64().get(id) || id <= 0) return std::unexpected("payload: 'delivery' (positive integer) is missing");
    return provider_webhook_job{id};
}

std::string_view message_of(webhook_url_problem p) {
    switch (p) {
        case webhook_url_problem::missing: return "Bitte geben Sie die Adresse an, an die wir die Webhooks senden sollen.";
        case webhook_url_problem::too_long: return "Die Adresse darf höchstens 2.000 Zeichen lang sein.";
        case webhook_url_problem::form: return "Bitte geben Sie eine gültige Adresse an, z. B. https://ats.example.de/jobhafen/webhooks.";
        case webhook_url_problem::not_https:
            return "Bitte geben Sie eine Adresse mit https:// an: Webhooks senden wir nur verschlüsselt.";
        case webhook_url_problem::credentials:
            return "Bitte geben Sie die Adresse ohne Benutzername und Passwort an. Ihr System erkennt unsere Webhooks an der Signatur.";
        case webhook_url_problem::not_public:
            return "Diese Adresse liegt in einem privaten oder internen Netz. Bitte geben Sie eine öffentlich erreichbare Adresse an.";
    }
    return "";
}

bool public_address(std::string_view ip, bool allow_loopback) {
    if (ip.size() >= INET6_ADDRSTRLEN) return false;
    char text[INET6_ADDRSTRLEN] = {};
    std::memcpy(text, ip.data(), ip.size());
    unsigned char b[16];
    if (inet_pton(AF_INET, text, b) == 1)
        return webhook_v4_public((std::uint32_t{b[0]} << 24) | (std::uint32_t{b[1]} << 16) | (std::uint32_t{b[2]} << 8) | b[3],
                                 allow_loopback);
    if (inet_pton(AF_INET6, text, b) == 1) return webhook_v6_public(b, allow_loopback);
    return false;
}

std::expected<webhook_url, webhook_url_problem> parse_webhook_url(std::string_view url, bool allow_loopback) {
    if (url.empty()) return std::unexpected(webhook_url_problem::missing);
    if (url.size() > webhook_url_max_chars) return std::unexpected(webhook_url_problem::too_long);
    // Printable ASCII only: no spaces, no control characters, no raw non-ASCII (a name in
    // another script is given in its xn-- form).
    if (!std::all_of(url.begin(), url.end(), [](char c) { return c > 0x20 && c < 0x7f; }))
        return std::unexpected(webhook_url_problem::form);
    webhook_url out;
    std::string_view rest;
    if (url.size() > 8 && webhook_lower_equal(url.substr(0, 8), "https://")) {
        rest = url.substr(8);
    } else if (url.size() > 7 && webhook_lower_equal(url.substr(0, 7), "http://")) {
        out.https = false;
        out.port = 80;
        rest = url.substr(7);
    } else {
        return std::unexpected(webhook_url_problem::form);
    }
    if (rest.find('#') != std::string_view::npos) return std::unexpected(webhook_url_problem::form);
    std::string_view authority = rest.substr(0, rest.find_first_of("/?"));
    if (authority.find('@') != std::string_view::npos) return std::unexpected(webhook_url_problem::credentials);
    std::string_view host = authority, port;
    if (!authority.empty() && authority.front() == '[') {
        auto close = authority.find(']');
        if (close == std::string_view::npos) return std::unexpected(webhook_url_problem::form);
        host = authority.substr(1, close - 1);
        std::string_view after = authority.substr(close + 1);
        if (!after.empty() && after.front() != ':') return std::unexpected(webhook_url_problem::form);
        if (!after.empty()) port = after.substr(1);
        unsigned char b[16];
        std::string h(host);
        if (inet_pton(AF_INET6, h.c_str(), b) != 1) return std::unexpected(webhook_url_problem::form);
        out.literal_ip = true;
    } else {
        if (auto colon = authority.find(':'); colon != std::string_view::npos) {
            host = authority.substr(0, colon);
            port = authority.substr(colon + 1);
        }
        unsigned char b[4];
        std::string h(host);
        in_addr loose{};
        if (inet_pton(AF_INET, h.c_str(), b) == 1) out.literal_ip = true;
        // 0x7f.0x0.0x0.0x1 and the like: no name but an IPv4 address in a form the resolver and
        // curl read as one (review 26b: it passed as a name; the worker refused it only when sending).
        else if (inet_aton(h.c_str(), &loose) != 0) return std::unexpected(webhook_url_problem::form);
        else if (!webhook_host_name(host)) return std::unexpected(webhook_localhost_name(host) ? webhook_url_problem::not_public
                                                                                               : webhook_url_problem::form);
    }
    if (port.data()) {
        if (port.empty() || port.size() > 5 || !std::all_of(port.begin(), port.end(), [](char c) { return c >= '0' && c <= '9'; }))
            return std::unexpected(webhook_url_problem::form);
        out.port = std::stoi(std::string(port));
        if (out.port < 1 || out.port > 65535) return std::unexpected(webhook_url_problem::form);
    }
    out.host = std::string(host);
    if (webhook_localhost_name(out.host)) return std::unexpected(webhook_url_problem::not_public);
    if (out.literal_ip && !public_address(out.host, allow_loopback)) return std::unexpected(webhook_url_problem::not_public);
    // Plain http only to a loopback literal, and only where the tests allow loopback.
    if (!out.https && !(allow_loopback && out.literal_ip && !public_address(out.host, false)))
        return std::unexpected(webhook_url_problem::not_https);
    return out;
}

std::expected<std::string, std::string> standard_webhook_signature(std::string_view secret, std::string_view message_id,
                                                                   std::int64_t timestamp, std::string_view body) {
    constexpr std::string_view prefix = "whsec_";
    if (!secret.starts_with(prefix)) return std::unexpected("the signing secret does not start with whsec_");
    std::string_view b64 = secret.substr(prefix.size());
    std::array<unsigned char, 64> key{};
    std::size_t key_len = 0;
    if (sodium_base642bin(key.data(), key.size(), b64.data(), b64.size(), nullptr, &key_len, nullptr, sodium_base64_VARIANT_ORIGINAL) != 0 ||
        key_len < 24)
        return std::unexpected("the signing secret is not base64 of at least 24 bytes");
    crypto_auth_hmacsha256_state st;
    crypto_auth_hmacsha256_init(&st, key.data(), key_len);
    const std::string ts = std::to_string(timestamp);
    auto feed = [&](std::string_view part) {
        crypto_auth_hmacsha256_update(&st, reinterpret_cast<const unsigned char*>(part.data()), part.size());
    };
    feed(message_id);
    feed(".");
    feed(ts);
    feed(".");
    feed(body);
    unsigned char mac[crypto_auth_hmacsha256_BYTES];
    crypto_auth_hmacsha256_final(&st, mac);
    sodium_memzero(key.data(), key.size());
    char out[sodium_base64_ENCODED_LEN(crypto_auth_hmacsha256_BYTES, sodium_base64_VARIANT_ORIGINAL)];
    sodium_bin2base64(out, sizeof out, mac, sizeof mac, sodium_base64_VARIANT_ORIGINAL);
    return "v1," + std::string(out);
}

}  // namespace jh::messages
