// oauth.cpp: see oauth.h.
#include "actors/accounts/oauth.h"

#include <simdjson.h>
#include <sodium.h>

#include "actors/form_text.h"
#include "reactor/auth.h"
#include "reactor/http_client.h"
#include "reactor/http_message.h"

namespace jh::accounts {

namespace {

oauth_provider provider_of(std::string name, const oauth_client_settings& client, std::string scope) {
    oauth_provider p;
    static_cast<oauth_client_settings&>(p) = client;
    p.name = std::move(name);
    p.scope = std::move(scope);
    return p;
}

// "true"/true: Apple sends email_verified as a string.
bool truthy(simdjson::dom::element e) {
    bool b = false;
    if (e.get(b) == simdjson::SUCCESS) return b;
    std::string_view s;
    return e.get(s) == simdjson::SUCCESS && s == "true";
}

std::string member_or_empty(simdjson::dom::object o, std::string_view key) {
    std::string_view s;
    if (o[key].get(s) == simdjson::SUCCESS) return std::string(s);
    return {};
}

void read_names(simdjson::dom::object o, provider_identity& id) {
    id.given_name = member_or_empty(o, "given_name");
    id.family_name = member_or_empty(o, "family_name");
    if (id.given_name.empty() && id.family_name.empty()) {
        // Facebook and others: one "name"; the last word is taken as the family name.
        std::string name = member_or_empty(o, "name");
        auto space = name.rfind(' ');
        if (space == std::string::npos) {
            id.given_name = name;
        } else {
            id.given_name = name.substr(0, space);
            id.family_name = name.substr(space + 1);
        }
    }
    if (id.given_name.size() > 100) id.given_name.resize(100);
    if (id.family_name.size() > 100) id.family_name.resize(100);
}

// The identity both sources (the ID token's claims, the userinfo answer) give alike: the address,
// whether the provider confirmed it, the names, and a subject that must be there; `source` names
// the source in the error.
std::expected<provider_identity, std::string> identity_from(simdjson::dom::object o, const oauth_provider& p,
                                                            std::string subject, std::string_view source) {
    provider_identity id;
    id.subject = std::move(subject);
    id.email = member_or_empty(o, "email");
    if (auto v = o["email_verified"]; v.error() == simdjson::SUCCESS) id.email_verified = truthy(v.value_unsafe());
    else id.email_verified = p.email_trusted_without_flag && !id.email.empty();
    read_names(o, id);
    if (id.subject.empty() || id.subject.size() > 255) return std::unexpected(std::string(source) + ": no subject");
    return id;
}

bool is_campaign_key(std::string_view k) {
    return k.starts_with("utm_") || k.starts_with("mtm_") || k.starts_with("pk_") || k == "gclid" || k == "fbclid" ||
           k == "organization_id";
}

}  // namespace

oauth_providers::oauth_providers(const oauth_settings& c) {
    auto apple = provider_of("apple", c.apple, "openid email name");
    apple.form_post = true;
    auto facebook = provider_of("facebook", c.facebook, "email public_profile");
    facebook.email_trusted_without_flag = true;
    auto google = provider_of("google", c.google, "openid email profile");
    auto microsoft = provider_of("microsoft", c.microsoft, "openid email profile");
    for (auto* p : {&apple, &facebook, &google, &microsoft})
        if (!p->client_id.empty()) providers_.push_back(std::move(*p));
}

const oauth_provider* oauth_providers::find(std::string_view name) const {
    for (const auto& p : providers_)
        if (p.name == name) return &p;
    return nullptr;
}

std::vector<std::string_view> oauth_providers::names() const {
    std::vector<std::string_view> out;
    for (const auto& p : providers_) out.push_back(p.name);
    return out;
}

std::string pkce_challenge(std::string_view verifier) {
    unsigned char digest[crypto_hash_sha256_BYTES];
    crypto_hash_sha256(digest, reinterpret_cast<const unsigned char*>(verifier.data()), verifier.size());
    return auth::base64url_encode(std::string_view(reinterpret_cast<const char*>(digest), sizeof digest));
}

std::string authorization_url(const oauth_provider& p, std::string_view redirect_uri, std::string_view state,
                              std::string_view code_challenge, std::string_view nonce) {
    std::vector<std::pair<std::string, std::string>> q{
        {"response_type", "code"},
        {"client_id", p.client_id},
        {"redirect_uri", std::string(redirect_uri)},
        {"scope", p.scope},
        {"state", std::string(state)},
        {"nonce", std::string(nonce)},
        {"code_challenge", std::string(code_challenge)},
        {"code_challenge_method", "S256"},
    };
    if (p.form_post) q.emplace_back("response_mode", "form_post");
    std::string url = p.authorize_url;
    url += url.find('?') == std::string::npos ? '?' : '&';
    url += form_encode(q);
    return url;
}

std::expected<provider_identity, std::string> read_id_token(std::string_view id_token, const oauth_provider& p,
                                                            std::string_view nonce, std::int64_t now) {
    auto dot1 = id_token.find('.');
    auto dot2 = dot1 == std::string_view::npos ? dot1 : id_token.find('.', dot1 + 1);
    if (dot2 == std::string_view::npos) return std::unexpected(std::string("id_token is not a JWT"));
    auto payload = auth::base64url_decode(id_token.substr(dot1 + 1, dot2 - dot1 - 1));
    if (!payload) return std::unexpected(std::string("id_token payload is not base64url"));
    simdjson::dom::parser parser;
    simdjson::dom::object o;
    if (parser.parse(*payload).get(o) != simdjson::SUCCESS) return std::unexpected(std::string("id_token payload is not JSON"));

    if (!p.issuer.empty() && member_or_empty(o, "iss") != p.issuer) return std::unexpected(std::string("id_token: wrong issuer"));
    bool audience_ok = false;
    std::string_view aud;
    simdjson::dom::array auds;
    if (o["aud"].get(aud) == simdjson::SUCCESS) {
        audience_ok = aud == p.client_id;
    } else if (o["aud"].get(auds) == simdjson::SUCCESS) {
        for (auto a : auds)
            if (std::string_view s; a.get(s) == simdjson::SUCCESS && s == p.client_id) audience_ok = true;
    }
    if (!audience_ok) return std::unexpected(std::string("id_token: not for our client"));
    std::int64_t exp = 0;
    if (o["exp"].get(exp) != simdjson::SUCCESS || exp <= now) return std::unexpected(std::string("id_token: expired"));
    if (member_or_empty(o, "nonce") != nonce) return std::unexpected(std::string("id_token: wrong nonce"));

    return identity_from(o, p, member_or_empty(o, "sub"), "id_token");
}

std::expected<provider_identity, std::string> read_userinfo(std::string_view json, const oauth_provider& p) {
    simdjson::dom::parser parser;
    simdjson::dom::object o;
    if (parser.parse(json.data(), json.size()).get(o) != simdjson::SUCCESS) return std::unexpected(std::string("userinfo is not a JSON object"));
    // Facebook names its subject "id".
    std::string subject = member_or_empty(o, "sub");
    if (subject.empty()) subject = member_or_empty(o, "id");
    return identity_from(o, p, std::move(subject), "userinfo");
}

std::string campaign_query(std::string_view raw) {
    std::vector<std::pair<std::string, std::string>> kept;
    for (auto& [key, value] : forms::decoded_pairs(raw))
        if (is_campaign_key(key) && key.size() <= 40 && value.size() <= 200) kept.emplace_back(std::move(key), std::move(value));
    std::string out = form_encode(kept);
    if (out.size() > 1000) out.clear();
    return out;
}

}  // namespace jh::accounts
