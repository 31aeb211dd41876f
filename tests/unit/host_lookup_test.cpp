// host_lookup_test.cpp: host names are looked up off the loop before libpq and hiredis connect
// (reactor/resolve.h): which connection URLs need a lookup, and the lookup itself on a real loop.
#include <gtest/gtest.h>
#include <uv.h>

#include <expected>
#include <optional>
#include <string>

#include "reactor/pg.h"
#include "reactor/resolve.h"

namespace {

using jh::host_lookup;
using jh::pg::host_to_look_up;

TEST(HostLookup, IpAddressesNeedNoLookup) {
    EXPECT_TRUE(jh::is_ip_address("127.0.0.1"));
    EXPECT_TRUE(jh::is_ip_address("::1"));
    EXPECT_TRUE(jh::is_ip_address("2001:db8::7"));
    EXPECT_FALSE(jh::is_ip_address("localhost"));
    EXPECT_FALSE(jh::is_ip_address("db.example.de"));
    EXPECT_FALSE(jh::is_ip_address("127.0.0.1.example.de"));
    EXPECT_FALSE(jh::is_ip_address(""));
    EXPECT_FALSE(jh::is_ip_address("[::1]"));
}

TEST(HostLookup, ThePostgresHostToLookUp) {
    EXPECT_EQ(host_to_look_up("postgresql://app@db.example.de:5432/jobhafen"), "db.example.de");
    EXPECT_EQ(host_to_look_up("host=localhost dbname=jobhafen"), "localhost");
    // Nothing to look up: an address, a socket folder, hostaddr given, no host at all.
    EXPECT_EQ(host_to_look_up("postgresql://app@127.0.0.1:5432/jobhafen"), "");
    EXPECT_EQ(host_to_look_up("postgresql://app@[::1]:5432/jobhafen"), "");
    EXPECT_EQ(host_to_look_up("host=/var/run/postgresql dbname=jobhafen"), "");
    EXPECT_EQ(host_to_look_up("host=db.example.de hostaddr=10.0.0.5 dbname=jobhafen"), "");
    EXPECT_EQ(host_to_look_up("dbname=jobhafen"), "");
    EXPECT_EQ(host_to_look_up("host=10.0.0.5,10.0.0.6 dbname=jobhafen"), "");
    // Several host names would be looked up by libpq itself, blocking: refused with a reason.
    auto several = host_to_look_up("host=a.example.de,b.example.de dbname=jobhafen");
    ASSERT_FALSE(several.has_value());
    EXPECT_NE(several.error().find("IP addresses"), std::string::npos) << several.error();
}

// Runs the loop until the lookup answered (or every handle is gone).
std::optional<std::expected<std::string, std::string>> look_up(const std::string& host) {
    uv_loop_t loop;
    uv_loop_init(&loop);
    std::optional<std::expected<std::string, std::string>> answer;
    host_lookup::start(&loop, host, [&](std::expected<std::string, std::string> a) { answer = std::move(a); });
    EXPECT_FALSE(answer.has_value()) << "the answer came before the loop ran: it was looked up on the caller's thread";
    uv_run(&loop, UV_RUN_DEFAULT);
    EXPECT_EQ(uv_loop_close(&loop), 0);
    return answer;
}

TEST(HostLookup, LocalhostIsLookedUpOnTheLoopsThreadPool) {
    auto answer = look_up("localhost");
    ASSERT_TRUE(answer.has_value());
    ASSERT_TRUE(answer->has_value()) << answer->error();
    EXPECT_TRUE(**answer == "127.0.0.1" || **answer == "::1") << **answer;
}

TEST(HostLookup, AnUnknownNameIsAnErrorNamingIt) {
    auto answer = look_up("no-such-host.invalid");
    ASSERT_TRUE(answer.has_value());
    ASSERT_FALSE(answer->has_value()) << **answer;
    EXPECT_NE(answer->error().find("no-such-host.invalid"), std::string::npos) << answer->error();
}

TEST(HostLookup, ACancelledLookupNeverCallsBack) {
    uv_loop_t loop;
    uv_loop_init(&loop);
    bool called = false;
    host_lookup* l = host_lookup::start(&loop, "localhost", [&](auto) { called = true; });
    ASSERT_NE(l, nullptr);
    l->cancel();
    uv_run(&loop, UV_RUN_DEFAULT);   // ends once libuv is done with the request, which frees itself
    EXPECT_FALSE(called);
    EXPECT_EQ(uv_loop_close(&loop), 0);
}

}  // namespace
