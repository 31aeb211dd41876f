// forwarded_for_test.cpp: CIDR parsing and the choice of the client address behind trusted proxies.
#include <gtest/gtest.h>

#include "reactor/forwarded_for.h"

namespace jh {
namespace {

trusted_proxies proxies(std::vector<std::string> entries) {
    auto t = trusted_proxies::parse(entries);
    EXPECT_TRUE(t.has_value());
    return t.value_or(trusted_proxies{});
}

std::vector<http_header> xff(std::vector<std::string> lines) {
    std::vector<http_header> h{{"host", "jobhafen.local"}};
    for (auto& l : lines) h.push_back({"x-forwarded-for", std::move(l)});
    return h;
}

TEST(ForwardedFor, CidrParsesAddressesAndPrefixes) {
    EXPECT_TRUE(cidr::parse("10.0.0.0/8").has_value());
    EXPECT_TRUE(cidr::parse("192.0.2.7").has_value());
    EXPECT_TRUE(cidr::parse("fd00::/8").has_value());
    EXPECT_TRUE(cidr::parse(" 127.0.0.1/32 ").has_value());
    EXPECT_FALSE(cidr::parse("10.0.0.0/33").has_value());
    EXPECT_FALSE(cidr::parse("10.0.0.0/").has_value());
    EXPECT_FALSE(cidr::parse("10.0.0.0/8x").has_value());
    EXPECT_FALSE(cidr::parse("10.0.0/8").has_value());
    EXPECT_FALSE(cidr::parse("proxy.local").has_value());
    EXPECT_FALSE(cidr::parse("").has_value());
    EXPECT_FALSE(cidr::parse("::/129").has_value());
}

TEST(ForwardedFor, CidrMatchesOnlyItsPrefix) {
    auto c = cidr::parse("10.20.0.0/14").value();
    EXPECT_TRUE(c.contains(*ip_address::parse("10.23.255.255")));
    EXPECT_TRUE(c.contains(*ip_address::parse("10.20.0.0")));
    EXPECT_FALSE(c.contains(*ip_address::parse("10.24.0.0")));
    EXPECT_FALSE(c.contains(*ip_address::parse("10.19.255.255")));
    EXPECT_FALSE(c.contains(*ip_address::parse("::ffff:10.24.0.1")));
    EXPECT_TRUE(c.contains(*ip_address::parse("::ffff:10.21.0.1")));   // the IPv4 address on a dual-stack socket
    auto all = cidr::parse("0.0.0.0/0").value();
    EXPECT_TRUE(all.contains(*ip_address::parse("203.0.113.9")));
    EXPECT_FALSE(all.contains(*ip_address::parse("2001:db8::1")));   // an IPv4 range holds no IPv6 address
    auto v6 = cidr::parse("2001:db8:aa00::/40").value();
    EXPECT_TRUE(v6.contains(*ip_address::parse("2001:db8:aaff::1")));
    EXPECT_FALSE(v6.contains(*ip_address::parse("2001:db8:ab00::1")));
}

TEST(ForwardedFor, ParseNamesTheBadEntry) {
    auto t = trusted_proxies::parse({"10.0.0.0/8", "haproxy"});
    ASSERT_FALSE(t.has_value());
    EXPECT_NE(t.error().find("haproxy"), std::string::npos);
}

TEST(ForwardedFor, DirectClientCannotSpoofItsAddress) {
    auto t = proxies({"10.0.0.0/8"});
    EXPECT_EQ(client_address("203.0.113.5", xff({"198.51.100.1"}), t), "203.0.113.5");
    EXPECT_EQ(client_address("203.0.113.5", xff({"10.0.0.1"}), t), "203.0.113.5");
}

TEST(ForwardedFor, NoTrustedProxiesIgnoresTheHeader) {
    EXPECT_EQ(client_address("10.0.0.2", xff({"198.51.100.1"}), trusted_proxies{}), "10.0.0.2");
}

TEST(ForwardedFor, RightMostUntrustedAddressIsTheClient) {
    auto t = proxies({"10.0.0.0/8", "127.0.0.1"});
    // The client claimed 1.2.3.4; HAProxy appended what it saw.
    EXPECT_EQ(client_address("10.0.0.2", xff({"1.2.3.4, 198.51.100.7"}), t), "198.51.100.7");
    // Two proxies in a row.
    EXPECT_EQ(client_address("127.0.0.1", xff({"1.2.3.4, 198.51.100.7, 10.1.1.1"}), t), "198.51.100.7");
    // The client's own header line comes first; the proxy's line after it.
    EXPECT_EQ(client_address("10.0.0.2", xff({"1.2.3.4", "198.51.100.7"}), t), "198.51.100.7");
}

TEST(ForwardedFor, WithoutHeaderTheProxyIsTheClient) {
    auto t = proxies({"10.0.0.0/8"});
    EXPECT_EQ(client_address("10.0.0.2", xff({}), t), "10.0.0.2");
}

TEST(ForwardedFor, GarbageEndsTheWalk) {
    auto t = proxies({"10.0.0.0/8"});
    EXPECT_EQ(client_address("10.0.0.2", xff({"unknown, 10.0.0.9"}), t), "10.0.0.9");
    EXPECT_EQ(client_address("10.0.0.2", xff({"not-an-address"}), t), "10.0.0.2");
    EXPECT_EQ(client_address("10.0.0.2", xff({""}), t), "10.0.0.2");
}

TEST(ForwardedFor, AllTrustedGivesTheLeftMost) {
    auto t = proxies({"10.0.0.0/8"});
    EXPECT_EQ(client_address("10.0.0.2", xff({"10.0.0.7, 10.0.0.8"}), t), "10.0.0.7");
}

TEST(ForwardedFor, PortsAndMappedAddressesAreNormalised) {
    auto t = proxies({"10.0.0.0/8"});
    EXPECT_EQ(client_address("::ffff:10.0.0.2", xff({"198.51.100.7:51234"}), t), "198.51.100.7");
    EXPECT_EQ(client_address("10.0.0.2", xff({"[2001:db8::5]:443"}), t), "2001:db8::5");
    EXPECT_EQ(client_address("10.0.0.2", xff({"2001:db8::5"}), t), "2001:db8::5");
    EXPECT_EQ(client_address("10.0.0.2", xff({"::ffff:198.51.100.7"}), t), "198.51.100.7");
}

}  // namespace
}  // namespace jh
