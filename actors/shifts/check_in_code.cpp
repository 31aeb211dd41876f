// check_in_code.cpp: the shift's signed check-in code; see check_in_code.h.
#include "actors/shifts/check_in_code.h"

#include <sodium.h>

#include <charconv>
#include <vector>

namespace jh::shifts {

namespace {

// Domain separation: the same key signs access tokens (JWTs, whose signed text never starts so).
constexpr std::string_view mac_prefix = "jobhafen shift check-in v1\n";
constexpr std::size_t mac_bytes = 16;

std::string mac_of(const check_in_code& c, const auth::signing_key& key) {
    std::string message(mac_prefix);
    message += std::to_string(c.shift) + "." + std::to_string(c.valid_from) + "." + std::to_string(c.valid_until);
    unsigned char mac[crypto_auth_hmacsha256_BYTES];
    crypto_auth_hmacsha256_state st;
    crypto_auth_hmacsha256_init(&st, key.bytes.data(), key.bytes.size());
    crypto_auth_hmacsha256_update(&st, reinterpret_cast<const unsigned char*>(message.data()), message.size());
    crypto_auth_hmacsha256_final(&st, mac);
    return auth::base64url_encode(std::string_view(reinterpret_cast<const char*>(mac), mac_bytes));
}

// A positive decimal number without sign or leading zero, at most 18 digits.
std::optional<std::int64_t> code_number(std::string_view s) {
    if (s.empty() || s.size() > 18 || s[0] == '0') return std::nullopt;
    std::int64_t v = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc{} || p != s.data() + s.size()) return std::nullopt;
    return v;
}

}  // namespace

check_in_code code_for_shift(std::int64_t shift, std::int64_t starts_at, std::int64_t ends_at) {
    return {shift, starts_at - check_in_lead_s, ends_at + check_out_grace_s};
}

std::string sign_check_in_code(const check_in_code& c, const auth::signing_key& key) {
    return std::to_string(c.shift) + "." + std::to_string(c.valid_from) + "." + std::to_string(c.valid_until) + "." + mac_of(c, key);
}

std::optional<check_in_code> verify_check_in_code(std::string_view text, const auth::signing_key& key) {
    if (text.size() > 120) return std::nullopt;
    std::vector<std::string_view> parts;
    std::size_t from = 0;
    while (parts.size() < 5) {
        std::size_t dot = text.find('.', from);
        parts.push_back(text.substr(from, dot == std::string_view::npos ? std::string_view::npos : dot - from));
        if (dot == std::string_view::npos) break;
        from = dot + 1;
    }
    if (parts.size() != 4) return std::nullopt;
    auto shift = code_number(parts[0]), valid_from = code_number(parts[1]), valid_until = code_number(parts[2]);
    if (!shift || !valid_from || !valid_until || *valid_until <= *valid_from) return std::nullopt;
    check_in_code c{*shift, *valid_from, *valid_until};
    std::string expected = mac_of(c, key);
    if (parts[3].size() != expected.size() || sodium_memcmp(parts[3].data(), expected.data(), expected.size()) != 0) return std::nullopt;
    return c;
}

}  // namespace jh::shifts
