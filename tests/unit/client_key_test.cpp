// client_key_test.cpp: which client a per-client limit counts: an IPv4 address as it is, an IPv6
// client by its /64 (so rotating through the interface bits of one network is one client).
#include <gtest/gtest.h>

#include "reactor/client_key.h"

namespace jh {
namespace {

TEST(ClientKey, AnIPv4ClientIsItsAddress) {
    EXPECT_EQ(client_key("203.0.113.7"), "203.0.113.7");
    EXPECT_EQ(client_key("::ffff:203.0.113.7"), "203.0.113.7");
}

TEST(ClientKey, EveryAddressOfOneIPv6NetworkIsOneClient) {
    EXPECT_EQ(client_key("2001:db8:1:2:aaaa:bbbb:cccc:dddd"), "2001:db8:1:2::/64");
    EXPECT_EQ(client_key("2001:db8:1:2::1"), "2001:db8:1:2::/64");
    EXPECT_EQ(client_key("2001:DB8:1:2:0:0:0:ffff"), "2001:db8:1:2::/64");
    EXPECT_NE(client_key("2001:db8:1:3::1"), client_key("2001:db8:1:2::1"));
    EXPECT_EQ(client_key("::1"), "::/64");
}

TEST(ClientKey, TextThatIsNoAddressStaysAsItIs) {
    EXPECT_EQ(client_key(""), "");
    EXPECT_EQ(client_key("unix"), "unix");
    EXPECT_EQ(client_key("2001:db8::/64"), "2001:db8::/64");
}

}  // namespace
}  // namespace jh
