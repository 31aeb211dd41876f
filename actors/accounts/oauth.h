// oauth.h: social sign-in with Apple, Facebook, Google and Microsoft — the pure parts.
//
// The flow (OpenID Connect / OAuth 2 authorization code with PKCE and state):
//   1. GET /api/oauth/{login|register}/{provider}?utm_...  → 302 to the provider's authorization
//      URL (client_id, redirect_uri, scope, state, nonce, code_challenge S256). The state, the
//      PKCE verifier, the nonce, the mode and the campaign query wait in Redis for 10 minutes,
//      and the state is also bound to the browser by a short-lived cookie.
//   2. The provider sends the browser back to /api/oauth/callback/{provider}?code&state.
//   3. The server exchanges the code (with the verifier and the client secret) at the token
//      endpoint — from the loop, without blocking, through reactor/http_client.h — reads the
//      identity from the id_token (or from the userinfo endpoint), and logs in, registers, or
//      answers code 100 / 101 (candidate-side.md section 6) by redirecting to /oauthError.
// The id_token comes straight from the provider's token endpoint over TLS, which OpenID Connect
// Core 3.1.3.7 accepts in place of checking its signature; we check iss, aud, exp and nonce.
#pragma once

#include <cstdint>
#include <expected>
#include <string>
#include <string_view>
#include <vector>

#include "actors/accounts/session_store.h"

#include "actors/accounts/oauth_settings.h"

namespace jh::accounts {

enum class oauth_mode { login, register_account };

// A provider as offered: its configured client and endpoints (oauth_settings.h) and what this
// code knows of it.
struct oauth_provider : oauth_client_settings {
    std::string name;              // apple, facebook, google, microsoft
    std::string scope;
    bool form_post = false;        // Apple answers with a POST (response_mode=form_post)
    bool email_trusted_without_flag = false;   // Facebook returns only confirmed addresses
};

// The providers of this configuration; one without a client_id is not offered.
class oauth_providers {
public:
    explicit oauth_providers(const oauth_settings& settings);
    const oauth_provider* find(std::string_view name) const;
    std::vector<std::string_view> names() const;

private:
    std::vector<oauth_provider> providers_;
};

struct oauth_start {
    std::string redirect_url;      // the provider's authorization URL
    std::string state;             // also set as the browser-binding cookie
};

// How a social sign-in ended. `code` follows the spec: 100 no account for that email (login),
// 101 an account for that email exists already (register).
struct social_outcome {
    enum class kind { logged_in, registered, no_account, account_exists, failed } result = kind::failed;
    session_tokens tokens;         // logged_in and registered
    std::string campaign_query;    // the query the sign-in started with, to carry on
    std::string message;           // failed: why (German, for the error page)
    int code() const noexcept { return result == kind::no_account ? 100 : result == kind::account_exists ? 101 : 0; }
};

struct provider_identity {
    std::string subject;
    std::string email;
    bool email_verified = false;
    std::string given_name;
    std::string family_name;
};

// base64url(SHA-256(verifier)), the S256 code challenge (RFC 7636).
std::string pkce_challenge(std::string_view verifier);

std::string authorization_url(const oauth_provider& p, std::string_view redirect_uri, std::string_view state,
                              std::string_view code_challenge, std::string_view nonce);

// The claims of an id_token from the token endpoint: iss (when the provider has an issuer), aud
// (our client id), exp, nonce; then sub, email, email_verified and the names.
std::expected<provider_identity, std::string> read_id_token(std::string_view id_token, const oauth_provider& p,
                                                            std::string_view nonce, std::int64_t now);
// A userinfo answer ({"sub" or "id", "email", ...}).
std::expected<provider_identity, std::string> read_userinfo(std::string_view json, const oauth_provider& p);

// Keeps only the campaign parameters (utm_*, mtm_*, pk_*, gclid, fbclid, organization_id) of a
// raw query string, re-encoded; at most 1000 characters.
std::string campaign_query(std::string_view raw_query);

}  // namespace jh::accounts
