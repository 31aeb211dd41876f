// The pure parts of the google_index worker (workers/google_index/): the multipart batch body and
// the reading of Google's multipart answer, the service account key file, and the RS256 JWT,
// verified here with the public half of an RSA key made at run time.
#include <gtest/gtest.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rsa.h>
#include <simdjson.h>

#include <memory>

#include "reactor/auth.h"
#include "workers/google_index/google_auth.h"
#include "workers/google_index/indexing_batch.h"

namespace jh::workers::google {
namespace {

TEST(GoogleIndexBatch, EachCallIsAnApplicationHttpPartWithItsOwnContentId) {
    std::vector<url_notification> calls{{"https://jobhafen.de/jobs/a-1", "URL_UPDATED"}, {"https://jobhafen.de/jobs/b-2", "URL_DELETED"}};
    std::string body = batch_body(calls);
    EXPECT_EQ(body,
              "--jobhafen_indexing_batch\r\nContent-Type: application/http\r\nContent-ID: <item1>\r\n\r\n"
              "POST /v3/urlNotifications:publish HTTP/1.1\r\nContent-Type: application/json\r\naccept: application/json\r\n"
              "content-length: 59\r\n\r\n{\"url\":\"https://jobhafen.de/jobs/a-1\",\"type\":\"URL_UPDATED\"}\r\n"
              "--jobhafen_indexing_batch\r\nContent-Type: application/http\r\nContent-ID: <item2>\r\n\r\n"
              "POST /v3/urlNotifications:publish HTTP/1.1\r\nContent-Type: application/json\r\naccept: application/json\r\n"
              "content-length: 59\r\n\r\n{\"url\":\"https://jobhafen.de/jobs/b-2\",\"type\":\"URL_DELETED\"}\r\n"
              "--jobhafen_indexing_batch--\r\n");
}

TEST(GoogleIndexBatch, TheAnswerIsReadPerCallByItsContentId) {
    // Parts may come in any order; the third call has no part.
    std::string answer =
        "--batch_Xy\r\nContent-Type: application/http\r\nContent-ID: <response-item2>\r\n\r\n"
        "HTTP/1.1 403 Forbidden\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n{\"error\":{\"code\":403}}\r\n"
        "--batch_Xy\r\nContent-Type: application/http\r\nContent-ID: <response-item1>\r\n\r\n"
        "HTTP/1.1 200 OK\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n{\"urlNotificationMetadata\":{}}\r\n"
        "--batch_Xy--\r\n";
    auto statuses = batch_statuses("multipart/mixed; boundary=batch_Xy", answer, 3);
    ASSERT_TRUE(statuses);
    EXPECT_EQ(*statuses, (std::vector<int>{200, 403, 0}));
    EXPECT_EQ(batch_statuses("application/json", "{}", 1), std::nullopt);
    EXPECT_EQ(batch_statuses("multipart/mixed", answer, 1), std::nullopt);   // no boundary
}

std::string private_pem(EVP_PKEY* key) {
    std::unique_ptr<BIO, decltype(&BIO_free)> bio(BIO_new(BIO_s_mem()), &BIO_free);
    PEM_write_bio_PrivateKey(bio.get(), key, nullptr, nullptr, 0, nullptr, nullptr);
    char* data = nullptr;
    long n = BIO_get_mem_data(bio.get(), &data);
    return std::string(data, static_cast<std::size_t>(n));
}

TEST(GoogleIndexAuth, TheAssertionIsAnRs256JwtWithGooglesClaims) {
    std::unique_ptr<EVP_PKEY, decltype(&EVP_PKEY_free)> key(EVP_RSA_gen(2048), &EVP_PKEY_free);
    ASSERT_TRUE(key);
    service_account account{"indexer@projekt.iam.gserviceaccount.com", private_pem(key.get()), "https://oauth2.googleapis.com/token"};
    auto jwt = signed_assertion(account, indexing_scope, account.token_uri, 1764480000);
    ASSERT_TRUE(jwt) << jwt.error();
    auto dot1 = jwt->find('.'), dot2 = jwt->rfind('.');
    ASSERT_NE(dot1, dot2);
    EXPECT_EQ(auth::base64url_decode(jwt->substr(0, dot1)), std::optional<std::string>(R"({"alg":"RS256","typ":"JWT"})"));
    EXPECT_EQ(auth::base64url_decode(jwt->substr(dot1 + 1, dot2 - dot1 - 1)),
              std::optional<std::string>(R"({"iss":"indexer@projekt.iam.gserviceaccount.com","scope":"https://www.googleapis.com/auth/indexing",)"
                                         R"("aud":"https://oauth2.googleapis.com/token","iat":1764480000,"exp":1764483600})"));
    // The signature verifies with the public half, over header.claims, and not over anything else.
    auto sig = auth::base64url_decode(jwt->substr(dot2 + 1));
    ASSERT_TRUE(sig);
    auto verify = [&](std::string_view data) {
        std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx(EVP_MD_CTX_new(), &EVP_MD_CTX_free);
        EVP_DigestVerifyInit(ctx.get(), nullptr, EVP_sha256(), nullptr, key.get());
        return EVP_DigestVerify(ctx.get(), reinterpret_cast<const unsigned char*>(sig->data()), sig->size(),
                                reinterpret_cast<const unsigned char*>(data.data()), data.size()) == 1;
    };
    EXPECT_TRUE(verify(jwt->substr(0, dot2)));
    EXPECT_FALSE(verify(jwt->substr(0, dot2) + "x"));
}

TEST(GoogleIndexAuth, AKeyFileMustBeAServiceAccountWithEmailAndKey) {
    EXPECT_FALSE(parse_service_account("not json"));
    EXPECT_EQ(parse_service_account(R"({"type":"authorized_user","client_email":"a@b","private_key":"k"})").error(),
              "is not a service account key (type)");
    EXPECT_EQ(parse_service_account(R"({"type":"service_account","private_key":"k"})").error(), "has no client_email");
    auto a = parse_service_account(R"({"type":"service_account","client_email":"a@b","private_key":"k"})");
    ASSERT_TRUE(a);
    EXPECT_EQ(a->token_uri, "https://oauth2.googleapis.com/token");
    EXPECT_FALSE(signed_assertion(*a, indexing_scope, a->token_uri, 1).has_value());   // "k" is no key
}

}  // namespace
}  // namespace jh::workers::google
