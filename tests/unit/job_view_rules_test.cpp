// The pure rules of counting a view once per client and day (actors/jobs/job_view_rules.h): the
// Berlin day of an instant and the seconds until it ends, across both daylight-saving switches and
// the turn of the year; the marker key holds no address or user agent, is the same for the same
// client, job and day, and differs when any of them (or the secret) differs.
#include <gtest/gtest.h>

#include "actors/jobs/job_view_rules.h"

namespace jh::jobs {
namespace {

// 2026-01-01T00:00:00Z and friends, as seconds since the epoch.
constexpr std::int64_t utc(int days_since_2026, int h, int m) {
    return 1767225600LL + days_since_2026 * 86400LL + h * 3600LL + m * 60LL;
}

TEST(JobViewRules, TheBerlinDayAndItsEnd) {
    // Winter (CET, UTC+1): 15 January 22:59 UTC is 23:59 in Berlin; 23:00 UTC is the next day.
    auto w = berlin_day_at(utc(14, 22, 59));
    EXPECT_EQ(w.date, "2026-01-15");
    EXPECT_EQ(w.seconds_left, 60);
    auto n = berlin_day_at(utc(14, 23, 0));
    EXPECT_EQ(n.date, "2026-01-16");
    EXPECT_EQ(n.seconds_left, 86400);
    // Summer (CEST, UTC+2): 1 July 22:30 UTC is 00:30 on 2 July; 23.5 hours left.
    auto s = berlin_day_at(utc(181, 22, 30));
    EXPECT_EQ(s.date, "2026-07-02");
    EXPECT_EQ(s.seconds_left, 84600);
    // The spring switch, Sunday 29 March 2026: 00:30 UTC is 01:30 CET, midnight is 22:00 UTC (a
    // day of 23 hours).
    auto spring = berlin_day_at(utc(87, 0, 30));
    EXPECT_EQ(spring.date, "2026-03-29");
    EXPECT_EQ(spring.seconds_left, 21 * 3600 + 1800);
    EXPECT_EQ(berlin_day_at(utc(86, 23, 0)).seconds_left, 23 * 3600);
    // The autumn switch, Sunday 25 October 2026: 00:30 UTC is 02:30 CEST, midnight is 23:00 UTC (a
    // day of 25 hours).
    auto autumn = berlin_day_at(utc(297, 0, 30));
    EXPECT_EQ(autumn.date, "2026-10-25");
    EXPECT_EQ(autumn.seconds_left, 22 * 3600 + 1800);
    EXPECT_EQ(berlin_day_at(utc(296, 22, 0)).seconds_left, 25 * 3600);
    // New Year's Eve 23:30 UTC is already 2027 in Berlin.
    EXPECT_EQ(berlin_day_at(utc(364, 23, 30)).date, "2027-01-01");
}

TEST(JobViewRules, TheMarkerHoldsNothingPersonalAndTellsClientsApart) {
    auth::signing_key key = auth::derive_signing_key("a-secret-of-the-test-0123456789-abcdef");
    const std::string agent = "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0";
    std::string k = view_marker_key(key, 42, "2026-11-29", "203.0.113.7", agent);
    EXPECT_TRUE(k.starts_with("jobhafen:views:seen:42:")) << k;
    EXPECT_EQ(k.size(), std::string("jobhafen:views:seen:42:").size() + 32);
    EXPECT_EQ(k.find("203.0.113"), std::string::npos);
    EXPECT_EQ(k.find("Mozilla"), std::string::npos);
    EXPECT_EQ(view_marker_key(key, 42, "2026-11-29", "203.0.113.7", agent), k);
    EXPECT_NE(view_marker_key(key, 43, "2026-11-29", "203.0.113.7", agent), k);
    EXPECT_NE(view_marker_key(key, 42, "2026-11-30", "203.0.113.7", agent), k);
    EXPECT_NE(view_marker_key(key, 42, "2026-11-29", "203.0.113.8", agent), k);
    EXPECT_NE(view_marker_key(key, 42, "2026-11-29", "203.0.113.7", agent + " Edge"), k);
    EXPECT_NE(view_marker_key(auth::derive_signing_key("another-secret-0123456789-abcdefghij"), 42, "2026-11-29", "203.0.113.7", agent), k);
}

}  // namespace
}  // namespace jh::jobs
