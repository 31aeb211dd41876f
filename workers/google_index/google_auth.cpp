// google_auth.cpp: see google_auth.h.
#include "workers/google_index/google_auth.h"

#include <curl/curl.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <simdjson.h>

#include <fstream>
#include <memory>
#include <sstream>

#include "reactor/auth.h"
#include "reactor/json_writer.h"
#include "workers/google_index/indexing_batch.h"
#include "workers/http_post.h"

namespace jh::workers::google {

namespace {

std::string string_member(simdjson::dom::element doc, const char* name) {
    std::string_view v;
    if (doc[name].get_string().get(v) != simdjson::SUCCESS) return {};
    return std::string(v);
}

// RSASSA-PKCS1-v1_5 with SHA-256 over `data`: what "RS256" names (RFC 7518 §3.3).
std::expected<std::string, std::string> sign_rs256(const std::string& pem, std::string_view data) {
    std::unique_ptr<BIO, decltype(&BIO_free)> bio(BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size())), &BIO_free);
    if (!bio) return std::unexpected("OpenSSL could not read the key");
    std::unique_ptr<EVP_PKEY, decltype(&EVP_PKEY_free)> key(PEM_read_bio_PrivateKey(bio.get(), nullptr, nullptr, nullptr),
                                                            &EVP_PKEY_free);
    if (!key || EVP_PKEY_base_id(key.get()) != EVP_PKEY_RSA) return std::unexpected("the private_key is no RSA key in PEM form");
    std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx(EVP_MD_CTX_new(), &EVP_MD_CTX_free);
    std::size_t len = 0;
    if (!ctx || EVP_DigestSignInit(ctx.get(), nullptr, EVP_sha256(), nullptr, key.get()) != 1 ||
        EVP_DigestSign(ctx.get(), nullptr, &len, reinterpret_cast<const unsigned char*>(data.data()), data.size()) != 1)
        return std::unexpected("OpenSSL could not sign");
    std::string sig(len, '\0');
    if (EVP_DigestSign(ctx.get(), reinterpret_cast<unsigned char*>(sig.data()), &len,
                       reinterpret_cast<const unsigned char*>(data.data()), data.size()) != 1)
        return std::unexpected("OpenSSL could not sign");
    sig.resize(len);
    return sig;
}

std::string form_escape(CURL* curl, std::string_view v) {
    char* e = curl_easy_escape(curl, v.data(), static_cast<int>(v.size()));
    std::string out = e ? e : "";
    curl_free(e);
    return out;
}

}  // namespace

std::expected<service_account, std::string> parse_service_account(std::string_view json) {
    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    if (parser.parse(json.data(), json.size()).get(doc) != simdjson::SUCCESS || !doc.is_object())
        return std::unexpected("is not a JSON object");
    service_account a{string_member(doc, "client_email"), string_member(doc, "private_key"), string_member(doc, "token_uri")};
    if (string_member(doc, "type") != "service_account") return std::unexpected("is not a service account key (type)");
    if (a.client_email.empty()) return std::unexpected("has no client_email");
    if (a.private_key_pem.empty()) return std::unexpected("has no private_key");
    if (a.token_uri.empty()) a.token_uri = "https://oauth2.googleapis.com/token";   // Google's, as its key files name it
    return a;
}

std::expected<service_account, std::string> read_service_account(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    if (!f) return std::unexpected("google_index.service_account_file " + path + " cannot be read");
    std::stringstream s;
    s << f.rdbuf();
    auto a = parse_service_account(s.str());
    if (!a) return std::unexpected("google_index.service_account_file " + path + " " + a.error());
    return a;
}

std::expected<std::string, std::string> signed_assertion(const service_account& account, std::string_view scope,
                                                         std::string_view audience, std::int64_t now) {
    std::string claims;
    json_writer w(claims);
    w.begin_object()
        .member("iss", account.client_email)
        .member("scope", scope)
        .member("aud", audience)
        .member("iat", now)
        .member("exp", now + 3600)   // the longest Google accepts
        .end_object();
    std::string input = auth::base64url_encode(R"({"alg":"RS256","typ":"JWT"})") + "." + auth::base64url_encode(claims);
    auto sig = sign_rs256(account.private_key_pem, input);
    if (!sig) return std::unexpected(sig.error());
    return input + "." + auth::base64url_encode(*sig);
}

token_source::token_source(service_account account, std::string token_url, int timeout_ms)
    : account_(std::move(account)), token_url_(std::move(token_url)), timeout_ms_(timeout_ms) {
    if (token_url_.empty()) token_url_ = account_.token_uri;
}

std::expected<std::string, std::string> token_source::token(CURL* curl) {
    std::int64_t now = auth::unix_now();
    if (!token_.empty() && now + 300 < valid_until_) return token_;
    token_.clear();
    // aud is the token endpoint the key file names, wherever the request goes (a test's fake
    // names itself there).
    auto jwt = signed_assertion(account_, indexing_scope, account_.token_uri, now);
    if (!jwt) return std::unexpected("Google token: " + jwt.error());
    std::string body = "grant_type=" + form_escape(curl, "urn:ietf:params:oauth:grant-type:jwt-bearer") +
                       "&assertion=" + form_escape(curl, *jwt);
    auto a = workers::post(curl, token_url_, {"Content-Type: application/x-www-form-urlencoded"}, body, timeout_ms_, indexing_user_agent);
    if (a.curl_code != CURLE_OK) return std::unexpected("Google token: " + a.error);

    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    bool json = parser.parse(a.body).get(doc) == simdjson::SUCCESS && doc.is_object();
    if (a.status != 200) {
        // Google answers {"error": "invalid_grant", "error_description": "Invalid JWT Signature."}:
        // both are Google's words about our request, no secret.
        std::string why = json ? string_member(doc, "error") + " " + string_member(doc, "error_description") : "";
        return std::unexpected("Google token: HTTP " + std::to_string(a.status) + (why.empty() ? "" : " " + why));
    }
    std::string token = json ? string_member(doc, "access_token") : "";
    std::int64_t expires_in = 0;
    if (json && doc["expires_in"].get_int64().get(expires_in) != simdjson::SUCCESS) expires_in = 0;
    if (token.empty() || expires_in <= 0) return std::unexpected("Google token: the answer has no access_token/expires_in");
    token_ = std::move(token);
    valid_until_ = now + expires_in;
    return token_;
}

}  // namespace jh::workers::google
