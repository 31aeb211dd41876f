// auth.cpp: see auth.h.
#include "reactor/auth.h"

#include <simdjson.h>
#include <sodium.h>
#include <spdlog/spdlog.h>

#include <charconv>
#include <chrono>
#include <mutex>

#include "reactor/config.h"
#include "reactor/json_writer.h"
#include "reactor/text.h"

namespace jh::auth {

namespace {

// The only header we ever write, and the only algorithm we accept.
constexpr std::string_view jwt_header = R"({"alg":"HS256","typ":"JWT"})";
// Tokens issued "in the future" by more than this are refused (clock skew between servers).
constexpr std::int64_t max_clock_skew_s = 60;



void hmac_sha256(const signing_key& key, std::string_view data, unsigned char out[crypto_auth_hmacsha256_BYTES]) {
    crypto_auth_hmacsha256_state st;
    crypto_auth_hmacsha256_init(&st, key.bytes.data(), key.bytes.size());
    crypto_auth_hmacsha256_update(&st, reinterpret_cast<const unsigned char*>(data.data()), data.size());
    crypto_auth_hmacsha256_final(&st, out);
}

// One parser per thread: verification runs on loop threads, never concurrently on one thread.
simdjson::dom::parser& thread_parser() {
    thread_local simdjson::dom::parser parser;
    return parser;
}

}  // namespace

namespace {

// Set once by app/ before the loops start, read-only afterwards.
std::span<const std::string_view> registered_role_names;

}  // namespace

void use_role_names(std::span<const std::string_view> names) noexcept { registered_role_names = names; }

std::string_view role_name(role_id r) noexcept {
    return r.value < registered_role_names.size() ? registered_role_names[r.value] : std::string_view{};
}

std::optional<role_id> parse_role(std::string_view s) noexcept {
    for (std::size_t i = 0; i < registered_role_names.size(); ++i)
        if (!s.empty() && registered_role_names[i] == s) return role_id{static_cast<std::uint8_t>(i)};
    return std::nullopt;
}

std::string_view describe(token_error e) noexcept {
    switch (e) {
        case token_error::malformed: return "malformed";
        case token_error::unsupported_algorithm: return "unsupported algorithm";
        case token_error::bad_signature: return "bad signature";
        case token_error::expired: return "expired";
        case token_error::invalid_claims: return "invalid claims";
    }
    return "invalid";
}

// ---- keys ------------------------------------------------------------------------------------------

signing_key derive_signing_key(std::string_view secret) {
    signing_key k;
    crypto_hash_sha256(k.bytes.data(), reinterpret_cast<const unsigned char*>(secret.data()), secret.size());
    return k;
}

const signing_key& process_signing_key(const config& cfg) {
    static signing_key key;
    static std::once_flag once;
    std::call_once(once, [&] {
        if (cfg.auth_secret.empty()) {
            randombytes_buf(key.bytes.data(), key.bytes.size());
            spdlog::warn("auth.secret is not set: access tokens are signed with a random key of this process "
                         "(they end with it and no other process accepts them). Set auth.secret, or "
                         "JOBHAFEN_AUTH_SECRET, to a long random value in production.");
            return;
        }
        if (cfg.auth_secret.size() < 32)
            spdlog::error("auth.secret has {} characters: use at least 32 random characters", cfg.auth_secret.size());
        key = derive_signing_key(cfg.auth_secret);
    });
    return key;
}

// ---- encoding ----------------------------------------------------------------------------------------

std::string base64url_encode(std::string_view bytes) {
    const int variant = sodium_base64_VARIANT_URLSAFE_NO_PADDING;
    std::string out(sodium_base64_encoded_len(bytes.size(), variant), '\0');
    sodium_bin2base64(out.data(), out.size(), reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(), variant);
    out.resize(std::char_traits<char>::length(out.c_str()));
    return out;
}

std::optional<std::string> base64url_decode(std::string_view text) {
    std::string out(text.size() * 3 / 4 + 3, '\0');
    std::size_t len = 0;
    const char* end = nullptr;
    if (sodium_base642bin(reinterpret_cast<unsigned char*>(out.data()), out.size(), text.data(), text.size(), nullptr,
                          &len, &end, sodium_base64_VARIANT_URLSAFE_NO_PADDING) != 0)
        return std::nullopt;
    if (end != text.data() + text.size()) return std::nullopt;   // trailing bytes that are not base64url
    out.resize(len);
    return out;
}

std::string random_token(std::size_t bytes) {
    std::string raw(bytes, '\0');
    randombytes_buf(raw.data(), raw.size());
    return base64url_encode(raw);
}

std::string sha256_hex(std::string_view data) {
    unsigned char h[crypto_hash_sha256_BYTES];
    crypto_hash_sha256(h, reinterpret_cast<const unsigned char*>(data.data()), data.size());
    char hex[crypto_hash_sha256_BYTES * 2 + 1];
    sodium_bin2hex(hex, sizeof hex, h, sizeof h);
    return std::string(hex, crypto_hash_sha256_BYTES * 2);
}

std::int64_t unix_now() noexcept {
    return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

// ---- access tokens -----------------------------------------------------------------------------------

std::string sign_access_token(const access_claims& c, const signing_key& key) {
    std::string payload;
    json_writer w(payload);
    w.begin_object()
        .member("sub", std::to_string(c.account_id))
        .member("sid", c.session)
        .member("role", role_name(c.account_role))
        .member("iat", c.issued_at)
        .member("exp", c.expires_at)
        .end_object();
    std::string token = base64url_encode(jwt_header);
    token += '.';
    token += base64url_encode(payload);
    unsigned char mac[crypto_auth_hmacsha256_BYTES];
    hmac_sha256(key, token, mac);
    token += '.';
    token += base64url_encode(std::string_view(reinterpret_cast<const char*>(mac), sizeof mac));
    return token;
}

std::expected<access_claims, token_error> verify_access_token(std::string_view token, const signing_key& key, std::int64_t now,
                                                              bool check_expiry) {
    if (token.size() > 4096) return std::unexpected(token_error::malformed);
    auto dot1 = token.find('.');
    if (dot1 == std::string_view::npos) return std::unexpected(token_error::malformed);
    auto dot2 = token.find('.', dot1 + 1);
    if (dot2 == std::string_view::npos || token.find('.', dot2 + 1) != std::string_view::npos)
        return std::unexpected(token_error::malformed);
    auto header_b64 = token.substr(0, dot1);
    auto payload_b64 = token.substr(dot1 + 1, dot2 - dot1 - 1);
    auto signature_b64 = token.substr(dot2 + 1);

    // 1. The header must name HS256, and nothing we do not understand.
    auto header = base64url_decode(header_b64);
    if (!header) return std::unexpected(token_error::malformed);
    auto& parser = thread_parser();
    simdjson::dom::object h;
    if (parser.parse(*header).get(h) != simdjson::SUCCESS) return std::unexpected(token_error::malformed);
    std::string_view alg;
    if (h["alg"].get(alg) != simdjson::SUCCESS || alg != "HS256") return std::unexpected(token_error::unsupported_algorithm);
    std::string_view typ;
    if (auto t = h["typ"]; t.error() != simdjson::NO_SUCH_FIELD && (t.get(typ) != simdjson::SUCCESS || typ != "JWT"))
        return std::unexpected(token_error::unsupported_algorithm);
    if (h["crit"].error() != simdjson::NO_SUCH_FIELD) return std::unexpected(token_error::unsupported_algorithm);

    // 2. The signature, in constant time, before any claim is read.
    auto signature = base64url_decode(signature_b64);
    if (!signature || signature->size() != crypto_auth_hmacsha256_BYTES) return std::unexpected(token_error::bad_signature);
    unsigned char mac[crypto_auth_hmacsha256_BYTES];
    hmac_sha256(key, token.substr(0, dot2), mac);
    if (crypto_verify_32(mac, reinterpret_cast<const unsigned char*>(signature->data())) != 0)
        return std::unexpected(token_error::bad_signature);

    // 3. The claims.
    auto payload = base64url_decode(payload_b64);
    if (!payload) return std::unexpected(token_error::malformed);
    simdjson::dom::object p;
    if (parser.parse(*payload).get(p) != simdjson::SUCCESS) return std::unexpected(token_error::malformed);
    access_claims c;
    std::string_view sub, sid, role_text;
    if (p["sub"].get(sub) || p["sid"].get(sid) || p["role"].get(role_text) || p["iat"].get(c.issued_at) ||
        p["exp"].get(c.expires_at))
        return std::unexpected(token_error::invalid_claims);
    auto [ptr, ec] = std::from_chars(sub.data(), sub.data() + sub.size(), c.account_id);
    if (ec != std::errc{} || ptr != sub.data() + sub.size() || c.account_id <= 0) return std::unexpected(token_error::invalid_claims);
    auto r = parse_role(role_text);
    if (!r || sid.empty() || sid.size() > 64) return std::unexpected(token_error::invalid_claims);
    c.account_role = *r;
    c.session = std::string(sid);
    if (c.issued_at > now + max_clock_skew_s) return std::unexpected(token_error::invalid_claims);
    if (check_expiry && c.expires_at <= now) return std::unexpected(token_error::expired);
    return c;
}

// ---- cookies ------------------------------------------------------------------------------------------

std::optional<std::string_view> cookie_value(std::string_view header, std::string_view name) {
    while (!header.empty()) {
        auto semi = header.find(';');
        std::string_view pair = trim(header.substr(0, semi));
        header = semi == std::string_view::npos ? std::string_view{} : header.substr(semi + 1);
        auto eq = pair.find('=');
        if (eq == std::string_view::npos) continue;
        if (trim(pair.substr(0, eq)) != name) continue;
        std::string_view value = trim(pair.substr(eq + 1));
        if (value.size() >= 2 && value.front() == '"' && value.back() == '"') value = value.substr(1, value.size() - 2);
        return value;
    }
    return std::nullopt;
}

std::string set_cookie(std::string_view name, std::string_view value, int max_age_s, std::string_view path) {
    std::string c;
    c.reserve(name.size() + value.size() + 80);
    c.append(name).append("=").append(value);
    c.append("; Max-Age=").append(std::to_string(max_age_s));
    c.append("; Path=").append(path);
    c.append("; HttpOnly; Secure; SameSite=Lax");
    return c;
}

std::string clear_cookie(std::string_view name, std::string_view path) { return set_cookie(name, "", 0, path); }

// ---- credentials ------------------------------------------------------------------------------------

bool repeated_authorization(const http_request& req) noexcept {
    int seen = 0;
    for (const auto& h : req.headers)
        if (iequals(h.name, "authorization") && ++seen > 1) return true;
    return false;
}

std::optional<presented_token> find_access_token(const http_request& req) {
    if (auto a = req.header("authorization")) {
        std::string_view v = trim(*a);
        if (v.size() > 7 && iequals(v.substr(0, 7), "bearer ")) {
            std::string_view t = trim(v.substr(7));
            if (!t.empty()) return presented_token{t, false};
        }
    }
    if (auto c = req.header("cookie")) {
        if (auto v = cookie_value(*c, access_cookie); v && !v->empty()) return presented_token{*v, true};
    }
    return std::nullopt;
}

bool is_unsafe_method(http_method m) noexcept {
    return m != http_method::get && m != http_method::head && m != http_method::options;
}

bool is_same_origin(const http_request& req, std::string_view public_origin) {
    while (public_origin.ends_with('/')) public_origin.remove_suffix(1);
    if (auto origin = req.header("origin")) {
        std::string_view o = trim(*origin);
        while (o.ends_with('/')) o.remove_suffix(1);
        if (!public_origin.empty() && iequals(o, public_origin)) return true;
    }
    if (auto site = req.header("sec-fetch-site")) return trim(*site) == "same-origin";
    return false;
}

bool started_by_other_site(const http_request& req) {
    auto site = req.header("sec-fetch-site");
    if (!site) return false;
    std::string_view s = trim(*site);
    return iequals(s, "cross-site") || iequals(s, "same-site");
}

bool sent_by_other_site(const http_request& req, std::string_view public_origin) {
    if (started_by_other_site(req)) return true;
    return req.header("origin").has_value() && !is_same_origin(req, public_origin);
}

std::optional<std::string> requested_switch_user(const http_request& req) {
    if (auto s = req.header(switch_user_header)) return std::string(trim(*s));
    return std::nullopt;
}

}  // namespace jh::auth
