// jwt_fuzz.cpp: the access-token reader (reactor/auth.h: verify_access_token) and what feeds it
// (the Authorization header and the auth_token cookie).
//
// Random bytes almost never carry a valid HMAC, so they only reach the shape and signature checks.
// To fuzz what comes after the signature too, the first input byte picks a mode:
//   even: the rest is a token as a client sends it (also tried as a Bearer header and a cookie);
//   odd:  the rest is "HEADER-JSON\nPAYLOAD-JSON"; the target encodes and signs it with the key,
//         so the algorithm check and the claim parsing see fuzzed JSON behind a valid signature.
// A token that verifies must keep its claims through sign_access_token → verify_access_token.
#include <sodium.h>

#include <array>
#include <cstdlib>
#include <string>

#include "fuzz/fuzz_support.h"
#include "reactor/auth.h"

namespace {

using namespace jh::auth;

void check(bool ok) {
    if (!ok) std::abort();
}

const signing_key& key() {
    static const signing_key k = derive_signing_key("fuzzing-secret-of-at-least-32-characters");
    return k;
}

constexpr std::int64_t now = 1795000000;   // November 2026

std::string signed_token(std::string_view header, std::string_view payload) {
    std::string t = base64url_encode(header) + "." + base64url_encode(payload);
    unsigned char mac[crypto_auth_hmacsha256_BYTES];
    crypto_auth_hmacsha256_state st;
    crypto_auth_hmacsha256_init(&st, key().bytes.data(), key().bytes.size());
    crypto_auth_hmacsha256_update(&st, reinterpret_cast<const unsigned char*>(t.data()), t.size());
    crypto_auth_hmacsha256_final(&st, mac);
    return t + "." + base64url_encode(std::string_view(reinterpret_cast<const char*>(mac), sizeof mac));
}

void verify(std::string_view token) {
    for (bool expiry : {true, false}) {
        auto claims = verify_access_token(token, key(), now, expiry);
        if (!claims) {
            (void)describe(claims.error());
            continue;
        }
        auto again = verify_access_token(sign_access_token(*claims, key()), key(), now, expiry);
        check(again.has_value() && again->account_id == claims->account_id && again->account_role == claims->account_role &&
              again->session == claims->session && again->expires_at == claims->expires_at);
    }
}

void presented(std::string_view token) {
    jh::http_request req;
    req.headers.push_back({"authorization", "Bearer " + std::string(token)});
    if (auto t = find_access_token(req)) verify(t->token);
    jh::http_request by_cookie;
    by_cookie.headers.push_back({"cookie", "a=1; " + std::string(access_cookie) + "=" + std::string(token)});
    if (auto t = find_access_token(by_cookie)) verify(t->token);
    (void)cookie_value(token, access_cookie);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    jh::fuzz::quiet_logging();
    if (sodium_init() < 0) std::abort();
    // The names app/ registers (actors/roles.h), so a fuzzed "role" claim can verify.
    static constexpr std::array<std::string_view, 3> role_names{"candidate", "organization_member", "admin"};
    use_role_names(role_names);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    std::string_view rest = jh::fuzz::as_text(data + 1, size - 1);
    if ((data[0] & 1) == 0) {
        verify(rest);
        presented(rest);
        if (auto bytes = base64url_decode(rest)) (void)base64url_encode(*bytes);
        return 0;
    }
    auto nl = rest.find('\n');
    std::string_view header = nl == std::string_view::npos ? std::string_view(R"({"alg":"HS256","typ":"JWT"})") : rest.substr(0, nl);
    std::string_view payload = nl == std::string_view::npos ? rest : rest.substr(nl + 1);
    verify(signed_token(header, payload));
    return 0;
}
