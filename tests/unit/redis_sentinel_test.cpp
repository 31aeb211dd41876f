// redis_sentinel_test.cpp: the Sentinel request, its reply read from partial bytes, and the
// sentinel addresses of the configuration.
#include <gtest/gtest.h>

#include "reactor/redis_sentinel.h"

namespace jh::redis {
namespace {

TEST(RedisSentinel, RequestIsOneRespArray) {
    EXPECT_EQ(master_address_request("jobhafen"),
              "*3\r\n$8\r\nSENTINEL\r\n$23\r\nget-master-addr-by-name\r\n$8\r\njobhafen\r\n");
}

TEST(RedisSentinel, ReadsTheAddressPair) {
    auto r = parse_master_address_reply("*2\r\n$8\r\n10.0.0.3\r\n$4\r\n6379\r\n");
    ASSERT_TRUE(r.has_value());
    ASSERT_TRUE(r->has_value()) << r->error();
    EXPECT_EQ((*r)->host, "10.0.0.3");
    EXPECT_EQ((*r)->port, 6379);
}

TEST(RedisSentinel, WaitsForEveryByteOfTheReply) {
    const std::string full = "*2\r\n$9\r\n127.0.0.1\r\n$5\r\n56380\r\n";
    for (std::size_t n = 0; n < full.size(); ++n)
        EXPECT_FALSE(parse_master_address_reply(full.substr(0, n)).has_value()) << "after " << n << " bytes";
    auto r = parse_master_address_reply(full);
    ASSERT_TRUE(r.has_value() && r->has_value());
    EXPECT_EQ((*r)->port, 56380);
}

TEST(RedisSentinel, UnknownMasterAndErrorsAreNoAddress) {
    auto nil = parse_master_address_reply("*-1\r\n");
    ASSERT_TRUE(nil.has_value());
    EXPECT_FALSE(nil->has_value());
    auto err = parse_master_address_reply("-IDONTKNOW I have not enough information to reply\r\n");
    ASSERT_TRUE(err.has_value());
    ASSERT_FALSE(err->has_value());
    EXPECT_NE(err->error().find("IDONTKNOW"), std::string::npos);
}

TEST(RedisSentinel, MalformedRepliesAreRefused) {
    for (std::string_view bad : {"+OK\r\n", "*3\r\n", "*2\r\n:1\r\n:2\r\n", "*2\r\n$x\r\n", "*2\r\n$0\r\n\r\n$4\r\n6379\r\n",
                                 "*2\r\n$8\r\n10.0.0.3\r\n$5\r\n99999\r\n", "*2\r\n$8\r\n10.0.0.3\r\n$4\r\nport\r\n",
                                 "*2\r\n$99999\r\n"}) {
        auto r = parse_master_address_reply(bad);
        ASSERT_TRUE(r.has_value()) << bad;
        EXPECT_FALSE(r->has_value()) << bad;
    }
}

// A Sentinel with requirepass: AUTH goes first, its +OK is read before the address; a refused
// password is no address and says what the Sentinel said.
TEST(RedisSentinel, AuthGoesFirstAndItsAnswerIsRead) {
    EXPECT_EQ(auth_request("s3cr:et"), "*2\r\n$4\r\nAUTH\r\n$7\r\ns3cr:et\r\n");
    const std::string full = "+OK\r\n*2\r\n$8\r\n10.0.0.3\r\n$4\r\n6379\r\n";
    for (std::size_t n = 0; n < full.size(); ++n)
        EXPECT_FALSE(parse_reply_after_auth(full.substr(0, n)).has_value()) << "after " << n << " bytes";
    auto r = parse_reply_after_auth(full);
    ASSERT_TRUE(r.has_value() && r->has_value());
    EXPECT_EQ((*r)->host, "10.0.0.3");
    auto refused = parse_reply_after_auth("-WRONGPASS invalid username-password pair\r\n-NOAUTH Authentication required.\r\n");
    ASSERT_TRUE(refused.has_value());
    ASSERT_FALSE(refused->has_value());
    EXPECT_NE(refused->error().find("WRONGPASS"), std::string::npos);
    auto odd = parse_reply_after_auth("*2\r\n$8\r\n10.0.0.3\r\n$4\r\n6379\r\n");
    ASSERT_TRUE(odd.has_value());
    EXPECT_FALSE(odd->has_value()) << "an address without AUTH's +OK first";
}

TEST(RedisSentinel, SentinelAddressesMustBeIpAndPort) {
    auto v4 = parse_sentinel_address("10.0.0.3:26379");
    ASSERT_TRUE(v4.has_value());
    EXPECT_EQ(v4->host, "10.0.0.3");
    EXPECT_EQ(v4->port, 26379);
    auto v6 = parse_sentinel_address("[fd00::3]:26379");
    ASSERT_TRUE(v6.has_value());
    EXPECT_EQ(v6->host, "fd00::3");
    EXPECT_FALSE(parse_sentinel_address("10.0.0.3").has_value());
    EXPECT_FALSE(parse_sentinel_address("10.0.0.3:0").has_value());
    EXPECT_FALSE(parse_sentinel_address("10.0.0.3:70000").has_value());
    EXPECT_FALSE(parse_sentinel_address("sentinel.local:26379").has_value());
    EXPECT_FALSE(parse_sentinel_address("[fd00::3]26379").has_value());
}

}  // namespace
}  // namespace jh::redis
