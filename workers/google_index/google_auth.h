// google_auth.h: the google_index worker's credentials, as Google documents them for service
// accounts ("Using OAuth 2.0 for Server to Server Applications",
// https://developers.google.com/identity/protocols/oauth2/service-account): a JWT signed with the
// account's RSA key (RS256, OpenSSL libcrypto) — iss = client_email, scope, aud = token_uri, iat,
// exp = iat + 1 h — is exchanged at token_uri (grant_type
// urn:ietf:params:oauth:grant-type:jwt-bearer) for an access token, which is kept until shortly
// before it expires. Neither the key nor a token is ever written to a log line.
#pragma once

#include <cstdint>
#include <expected>
#include <string>
#include <string_view>

typedef void CURL;

namespace jh::workers::google {

inline constexpr std::string_view indexing_scope = "https://www.googleapis.com/auth/indexing";

struct service_account {
    std::string client_email;
    std::string private_key_pem;   // "-----BEGIN PRIVATE KEY-----…" as the key file holds it
    std::string token_uri;
};

// The key file's fields (type "service_account"); the error names the file and what is missing,
// never a value.
std::expected<service_account, std::string> parse_service_account(std::string_view json);
std::expected<service_account, std::string> read_service_account(const std::string& path);

// header.claims.signature, each base64url; `now` in unix seconds.
std::expected<std::string, std::string> signed_assertion(const service_account& account, std::string_view scope,
                                                         std::string_view audience, std::int64_t now);

// Access tokens for one account, fetched when none is held or the held one ends within 5 minutes.
class token_source {
public:
    token_source(service_account account, std::string token_url, int timeout_ms);
    // The current token, or why none could be had (the token endpoint's status and error code).
    std::expected<std::string, std::string> token(CURL* curl);
    // The API refused the token (401): the next call fetches a new one.
    void forget() { token_.clear(); }

private:
    service_account account_;
    std::string token_url_;
    int timeout_ms_;
    std::string token_;
    std::int64_t valid_until_ = 0;   // unix seconds
};

}  // namespace jh::workers::google
