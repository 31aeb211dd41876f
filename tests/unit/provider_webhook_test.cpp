// provider_webhook_test.cpp: the rules of a provider's webhook endpoint (messages/provider_webhook.h)
// and the worker's resolver check (workers/webhooks/provider_webhook_handler.h): which addresses
// are public, the address form without the tests' loopback switch, the Standard Webhooks signature
// checked against OpenSSL's HMAC, and a name that resolves to loopback refused for good.
#include <gtest/gtest.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "messages/provider_webhook.h"
#include "workers/webhooks/provider_webhook_handler.h"

namespace jh {
namespace {

TEST(ProviderWebhookAddress, OnlyPublicUnicastAddressesArePublic) {
    for (const char* ip : {"0.0.0.0", "10.0.0.1", "100.64.0.1", "100.127.255.255", "127.0.0.1", "169.254.169.254", "172.16.0.1",
                           "172.31.255.255", "192.0.0.8", "192.0.2.1", "192.168.1.1", "198.18.0.1", "198.51.100.7", "203.0.113.9",
                           "224.0.0.1", "240.0.0.1", "255.255.255.255", "::", "::1", "::ffff:10.0.0.1", "::ffff:127.0.0.1",
                           "::10.0.0.1", "64:ff9b::a00:1", "fc00::1", "fd12:3456::1", "fe80::1", "fec0::1", "ff02::1",
                           "2001:db8::1", "100::1", "::ffff:0:7f00:1", "::ffff:0:a00:1", "2002:7f00:1::", "2002:a00:1::1",
                           "2001:0:4136:e378:8000:63bf:3fff:fdd2", "not an address", ""})
        EXPECT_FALSE(messages::public_address(ip, false)) << ip;
    for (const char* ip : {"8.8.8.8", "100.63.255.255", "100.128.0.1", "172.15.0.1", "172.32.0.1", "192.169.0.1", "2a00:1450:4001:82b::200e",
                           "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1", "::ffff:0:808:808"})
        EXPECT_TRUE(messages::public_address(ip, false)) << ip;
    // The tests' switch admits loopback, nothing else private.
    EXPECT_TRUE(messages::public_address("127.0.0.1", true));
    EXPECT_TRUE(messages::public_address("::1", true));
    EXPECT_TRUE(messages::public_address("::ffff:127.0.0.1", true));
    EXPECT_FALSE(messages::public_address("10.0.0.1", true));
}

TEST(ProviderWebhookAddress, FormAndSchemeWithoutTheLoopbackSwitch) {
    using P = messages::webhook_url_problem;
    auto problem = [](const std::string& url) {
        auto r = messages::parse_webhook_url(url, false);
        return r ? std::optional<P>() : std::optional<P>(r.error());
    };
    EXPECT_EQ(problem("http://127.0.0.1:8080/hook"), P::not_public);
    EXPECT_EQ(problem("https://127.0.0.1/hook"), P::not_public);
    EXPECT_EQ(problem("https://10.20.30.40/hook"), P::not_public);
    EXPECT_EQ(problem("https://[::1]/hook"), P::not_public);
    EXPECT_EQ(problem("https://sub.localhost/hook"), P::not_public);
    EXPECT_EQ(problem("http://ats.example.de/hook"), P::not_https);
    EXPECT_EQ(problem("https://ats.example.de:0/hook"), P::form);
    EXPECT_EQ(problem("https://ats.example.de:99999/hook"), P::form);
    EXPECT_EQ(problem("https://ats.example.de/hook#teil"), P::form);
    EXPECT_EQ(problem("https://-ats.example.de/"), P::form);
    EXPECT_EQ(problem("https://127.1/"), P::form);   // an IPv4 shorthand is no name
    EXPECT_EQ(problem("https://0x7f.0x0.0x0.0x1/"), P::form);   // nor is one in hex (review 26b)
    EXPECT_EQ(problem("https://1.2.3.0x4/"), P::form);
    EXPECT_EQ(problem("https://[2002:7f00:1::]/"), P::not_public);   // 6to4 of 127.0.0.1
    EXPECT_EQ(problem("https://ats.example.de\r\nX: y"), P::form);
    EXPECT_EQ(problem("https://a@ats.example.de/"), P::credentials);
    EXPECT_EQ(problem(""), P::missing);
    EXPECT_EQ(problem("https://ats.example.de/" + std::string(2000, 'a')), P::too_long);
    auto ok = messages::parse_webhook_url("HTTPS://ATS.Example.de:8443/x?y=1", false);
    ASSERT_TRUE(ok);
    EXPECT_EQ(ok->host, "ATS.Example.de");
    EXPECT_EQ(ok->port, 8443);
    EXPECT_FALSE(ok->literal_ip);
    // With the switch: plain http to a loopback literal only.
    EXPECT_TRUE(messages::parse_webhook_url("http://127.0.0.1:8080/hook", true));
    EXPECT_EQ(messages::parse_webhook_url("http://ats.example.de/hook", true).error(), P::not_https);
    EXPECT_EQ(messages::parse_webhook_url("http://10.0.0.1/hook", true).error(), P::not_public);
}

std::string openssl_b64(const unsigned char* data, std::size_t n) {
    std::string out(4 * ((n + 2) / 3), '\0');
    out.resize(static_cast<std::size_t>(EVP_EncodeBlock(reinterpret_cast<unsigned char*>(out.data()), data, static_cast<int>(n))));
    return out;
}

TEST(ProviderWebhookSignature, IsHmacSha256OfIdTimestampAndBodyWithTheDecodedSecret) {
    unsigned char key[32];
    for (int i = 0; i < 32; ++i) key[i] = static_cast<unsigned char>(i * 7 + 1);
    const std::string secret = "whsec_" + openssl_b64(key, sizeof key);
    const std::string id = "msg_0123456789abcdef0123456789abcdef", body = R"({"type":"webhook.test","data":{}})";
    const std::string content = id + ".1764518400." + body;
    unsigned char mac[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    HMAC(EVP_sha256(), key, sizeof key, reinterpret_cast<const unsigned char*>(content.data()), content.size(), mac, &len);
    auto got = messages::standard_webhook_signature(secret, id, 1764518400, body);
    ASSERT_TRUE(got) << got.error();
    EXPECT_EQ(*got, "v1," + openssl_b64(mac, len));
    EXPECT_NE(*messages::standard_webhook_signature(secret, id, 1764518401, body), *got) << "the timestamp is signed";
    EXPECT_FALSE(messages::standard_webhook_signature("geheim", id, 1, body));
    EXPECT_FALSE(messages::standard_webhook_signature("whsec_???", id, 1, body));
}

TEST(ProviderWebhookResolver, ANameThatResolvesToLoopbackIsRefusedForGood) {
    auto t = workers::resolve_webhook_host("localhost", false);
    EXPECT_TRUE(t.permanent);
    EXPECT_TRUE(t.address.empty());
    EXPECT_NE(t.error.find("privaten oder internen Adresse"), std::string::npos) << t.error;
    // With the tests' switch it is pinned to the address that was checked.
    auto allowed = workers::resolve_webhook_host("localhost", true);
    EXPECT_TRUE(allowed.error.empty()) << allowed.error;
    EXPECT_TRUE(allowed.address == "127.0.0.1" || allowed.address == "[::1]") << allowed.address;
    auto unknown = workers::resolve_webhook_host("gibt-es-nicht.invalid", false);
    EXPECT_FALSE(unknown.permanent) << "a failed lookup is retried";
    EXPECT_FALSE(unknown.error.empty());
}

}  // namespace
}  // namespace jh
