// auth.h: who is asking. Access tokens, cookies, the same-origin check and the request's identity.
//
// These are the pure parts, unit-tested in tests/unit/auth_*_test.cpp: tokens are HMAC-SHA256 with
// the algorithm pinned to HS256 ("none" and every other algorithm are refused), the access token is
// read from `Authorization: Bearer` or the auth_token cookie, and a request is same-origin by its
// Origin or Sec-Fetch-Site header. Whether a token's session still lives is the accounts actor's
// question: auth::authenticate() in actors/accounts/authenticate.h.
#pragma once

#include <array>
#include <cstdint>
#include <expected>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "reactor/app_error.h"
#include "reactor/http_message.h"
#include "reactor/task.h"

namespace jh {

struct config;
struct request_context;

struct rate_class;   // reactor/route_policy.h

namespace auth {

inline constexpr std::string_view access_cookie = "auth_token";
inline constexpr std::string_view refresh_cookie = "auth_refresh_token";
inline constexpr std::string_view switch_user_header = "_switch_user";   // lower case, as stored

// ---- roles ------------------------------------------------------------------------------------------

// An account's role, opaque here: a small number whose meaning and name the domain layer defines
// (actors/roles.h). The reactor only carries it in the token and the
// identity, and checks it against a route's set of roles (reactor/route_policy.h).
struct role_id {
    std::uint8_t value = 0;
    friend constexpr bool operator==(role_id, role_id) noexcept = default;
};

// Some roles, as bits: what a route's access level admits. Empty admits every role.
struct role_set {
    std::uint32_t bits = 0;
    constexpr role_set() noexcept = default;
    constexpr role_set(std::initializer_list<role_id> roles) noexcept {
        for (role_id r : roles) bits |= 1u << r.value;
    }
    constexpr bool empty() const noexcept { return bits == 0; }
    constexpr bool contains(role_id r) const noexcept { return r.value < 32 && ((bits >> r.value) & 1u) != 0; }
};

// The names of the roles in the token's "role" claim, names[id]: registered once by app/ before a
// token is signed or read (actors/roles.h role_names); the span must outlive the process. Without
// them no role has a name, so no token verifies.
void use_role_names(std::span<const std::string_view> names) noexcept;
std::string_view role_name(role_id r) noexcept;   // empty for an unregistered id
std::optional<role_id> parse_role(std::string_view s) noexcept;

// ---- keys ----------------------------------------------------------------------------------------

struct signing_key {
    std::array<unsigned char, 32> bytes{};
};

// SHA-256 of the secret: any length of secret gives a full-size HMAC key.
signing_key derive_signing_key(std::string_view secret);

// The key of this process, made once: from auth.secret, or — when that is empty — 32 random bytes
// (with a warning: tokens then die with the process and differ between processes; development only).
const signing_key& process_signing_key(const config& cfg);

// ---- access tokens (JWT, HS256) -------------------------------------------------------------------

struct access_claims {
    std::int64_t account_id = 0;       // "sub"
    role_id account_role = {};         // "role", by its registered name
    std::string session;               // "sid": the refresh-token family this login belongs to
    std::int64_t issued_at = 0;        // "iat", unix seconds
    std::int64_t expires_at = 0;       // "exp", unix seconds
};

enum class token_error { malformed, unsupported_algorithm, bad_signature, expired, invalid_claims };
std::string_view describe(token_error e) noexcept;

std::string sign_access_token(const access_claims& c, const signing_key& key);
// Checks shape, algorithm (exactly HS256), signature (constant time), then the claims; `now` in
// unix seconds. The signature is checked before anything in the payload is believed.
// `check_expiry = false` only for logout, which may end the session of an expired token.
std::expected<access_claims, token_error> verify_access_token(std::string_view token, const signing_key& key, std::int64_t now,
                                                              bool check_expiry = true);

// ---- helpers ---------------------------------------------------------------------------------------

std::string base64url_encode(std::string_view bytes);
// Strict: the URL-safe alphabet without padding; anything else is nullopt.
std::optional<std::string> base64url_decode(std::string_view text);
// `bytes` random bytes (libsodium), base64url: 32 bytes give 43 characters, 256 bits.
std::string random_token(std::size_t bytes = 32);
// Lower-case hex SHA-256: how single-use and refresh tokens are stored.
std::string sha256_hex(std::string_view data);
// Seconds since the epoch.
std::int64_t unix_now() noexcept;

// ---- cookies -----------------------------------------------------------------------------------------

// The value of cookie `name` in a Cookie header ("a=1; auth_token=xyz"); the first one wins.
std::optional<std::string_view> cookie_value(std::string_view cookie_header, std::string_view name);
// "NAME=VALUE; Max-Age=N; Path=/; HttpOnly; Secure; SameSite=Lax"
std::string set_cookie(std::string_view name, std::string_view value, int max_age_s, std::string_view path = "/");
// The same cookie emptied with Max-Age=0, so the browser drops it.
std::string clear_cookie(std::string_view name, std::string_view path = "/");

// ---- where the credentials come from --------------------------------------------------------------

struct presented_token {
    std::string_view token;
    bool from_cookie = false;
};

// `Authorization: Bearer X` first, then the auth_token cookie. nullopt when neither is there.
std::optional<presented_token> find_access_token(const http_request& req);

bool is_unsafe_method(http_method m) noexcept;

// A request from our own pages: its Origin is `public_origin` (scheme, host and port compared
// case-insensitively, a trailing slash ignored), or the browser marked it Sec-Fetch-Site:
// same-origin. A request with neither header is not same-origin.
bool is_same_origin(const http_request& req, std::string_view public_origin);

// A request another site's page started: the browser marked it Sec-Fetch-Site: cross-site or
// same-site (a link, image or form elsewhere). Our own pages send same-origin; an address typed
// or bookmarked sends none; a client that is no browser sends nothing, and is not such a request.
bool started_by_other_site(const http_request& req);

// The same by either sign: Sec-Fetch-Site says so, or an Origin that is not `public_origin`
// (browsers without Sec-Fetch-Site still send Origin on a POST). Clients that send neither (apps,
// scripts) are no foreign page. The route policy's page_origin::ours (reactor/route_policy.h).
bool sent_by_other_site(const http_request& req, std::string_view public_origin);

// ---- the request's identity -----------------------------------------------------------------------

struct identity {
    std::int64_t account_id = 0;       // whom the request acts for (the candidate while impersonating)
    role_id account_role = {};
    std::string session;               // the logged-in user's session (the administrator's while impersonating)
    std::optional<std::int64_t> impersonator_id;   // the administrator while impersonating
    bool from_cookie = false;
    // An organization's API key (docs/reach.md, "Provider-API"): the key's id and the bits of its
    // scopes (route_policy.h key_scope); 0 for a person's session. The pipeline admits a key only
    // to routes that declare a scope the key holds.
    std::int64_t api_key_id = 0;
    std::uint32_t api_scopes = 0;
    const rate_class* key_rate = nullptr;   // the key's window (every request made with it); nullptr: none

    bool impersonating() const noexcept { return impersonator_id.has_value(); }
    bool by_api_key() const noexcept { return api_key_id != 0; }
};

// More than one Authorization header: refused (400) before any is read, so no proxy in front can
// read another credential than the server does.
bool repeated_authorization(const http_request& req) noexcept;
inline constexpr std::string_view repeated_authorization_refusal = "Bitte senden Sie genau einen Authorization-Header.";

// The `_switch_user` header (an administrator acting as a candidate), trimmed; nullopt without it.
std::optional<std::string> requested_switch_user(const http_request& req);

}  // namespace auth
}  // namespace jh
