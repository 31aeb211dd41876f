// Unit test: search/pg_json.h writes what PostgreSQL 15 writes for the same values (the expected
// texts were printed by psql: json_build_object, json_agg, float8 with extra_float_digits 1), so
// the cards a full load builds from flat columns are the SQL search's byte for byte.
#include "search/pg_json.h"

#include <gtest/gtest.h>

#include <limits>
#include <string>

namespace jh::search {
namespace {

std::string json_string(std::string_view s) {
    std::string out;
    append_pg_json_string(out, s);
    return out;
}

std::string float8(double v) {
    std::string out;
    append_pg_float8(out, v);
    return out;
}

TEST(PgJson, StringsAreEscapedLikeEscapeJson) {
    EXPECT_EQ(json_string("a\"b\\c\td\x01" "e \xC3\xBC"), "\"a\\\"b\\\\c\\td\\u0001e \xC3\xBC\"");
    EXPECT_EQ(json_string("\b\f\n\r\x1f/"), "\"\\b\\f\\n\\r\\u001f/\"");
    EXPECT_EQ(json_string(""), "\"\"");
}

TEST(PgJson, Float8IsWrittenLikeFloat8out) {
    // SELECT 1e-05::float8, 0.0001::float8, 1e15::float8, 123456789012345.6::float8, ... in psql
    EXPECT_EQ(float8(0.00001), "1e-05");
    EXPECT_EQ(float8(0.0001), "0.0001");
    EXPECT_EQ(float8(1e15), "1e+15");
    EXPECT_EQ(float8(1.5e15), "1.5e+15");
    EXPECT_EQ(float8(123456789012345.6), "123456789012345.6");
    EXPECT_EQ(float8(52.52), "52.52");
    EXPECT_EQ(float8(13.405), "13.405");
    EXPECT_EQ(float8(-0.1), "-0.1");
    EXPECT_EQ(float8(0.1 + 0.2), "0.30000000000000004");
    EXPECT_EQ(float8(0), "0");
    EXPECT_EQ(float8(-0.0), "-0");
    EXPECT_EQ(float8(std::numeric_limits<double>::quiet_NaN()), "\"NaN\"");
    // One after another into the same text: a longer exponent written before must not leak into
    // the next value's form (to_chars writes no terminating zero).
    std::string both;
    append_pg_float8(both, 1.2345678901234567e-100);
    append_pg_float8(both, 10.0533);
    EXPECT_EQ(both, "1.2345678901234567e-10010.0533");
}

TEST(PgJson, TimestampsAreWrittenLikeToJsonInUtc) {
    // SELECT to_json(t) #>> '{}', ((extract(epoch FROM t) - 946684800) * 1000000)::bigint in psql, TimeZone Etc/UTC
    EXPECT_EQ(pg_timestamptz_utc_json_text(849124800123400), "2026-11-27T20:00:00.1234+00:00");
    EXPECT_EQ(pg_timestamptz_utc_json_text(825638399000001), "2026-02-28T23:59:59.000001+00:00");
    EXPECT_EQ(pg_timestamptz_utc_json_text(-86400000000), "1999-12-31T00:00:00+00:00");
    EXPECT_EQ(pg_timestamptz_utc_json_text(5227200500000), "2000-03-01T12:00:00.5+00:00");
    EXPECT_EQ(pg_timestamptz_utc_json_text(-62956051200000000), "0005-01-01T00:00:00+00:00");
    EXPECT_EQ(pg_timestamptz_utc_json_text(std::numeric_limits<std::int64_t>::max()), "infinity");
    EXPECT_EQ(pg_timestamptz_utc_json_text(-63200000000000000 - 86400000000LL * 400), std::nullopt);   // before year 1
}

TEST(PgJson, TimestampsReadBackOnlyFromTheTextTheyAreWrittenAs) {
    for (std::int64_t us : {849124800123400LL, 825638399000001LL, -86400000000LL, 5227200500000LL, -62956051200000000LL, 0LL,
                            252455615999999999LL}) {
        const auto text = pg_timestamptz_utc_json_text(us);
        ASSERT_TRUE(text);
        EXPECT_EQ(read_pg_timestamptz_utc(*text), us) << *text;
    }
    for (std::string_view other : {"2026-11-27T20:00:00.12340+00:00", "2026-11-27T20:00:00+01:00", "2026-04-31T20:00:00+00:00",
                                   "2026-11-27T24:00:00+00:00", "2026-11-27 20:00:00+00:00", "2026-11-27T20:00:00.+00:00",
                                   "2026-11-27T20:00:00.1234567+00:00", "infinity", "-infinity", "", "2026-11-27T20:00:00Z",
                                   "20261-11-27T20:00:00+00:00", "2026-11-27T20:00:0x+00:00"})
        EXPECT_EQ(read_pg_timestamptz_utc(other), std::nullopt) << other;
}

TEST(PgJson, LocationHeadsReadBackOnlyFromTheTextTheyAreWrittenAs) {
    const location_columns a{.id = 7, .name = "Halle B3", .street = std::nullopt, .zipcode = "04109", .city = "Leipzig", .country = "de",
                             .lat = 51.3397, .lon = 12.3731, .place_id = 42};
    const location_columns b{.id = -8, .name = std::nullopt, .street = "Hauptstr. 1", .zipcode = std::nullopt, .city = "Görlitz", .country = "",
                             .lat = 1e-05, .lon = -0.0, .place_id = std::nullopt};
    for (const auto& l : {a, b}) {
        std::string head;
        append_pg_location_head(head, l);
        const auto back = read_pg_location_head(head);
        ASSERT_TRUE(back) << head;
        std::string again;
        append_pg_location_head(again, *back);
        EXPECT_EQ(again, head);
        EXPECT_EQ(back->id, l.id);
        EXPECT_EQ(back->name, l.name);
        EXPECT_EQ(back->place_id, l.place_id);
        std::string whole;
        append_pg_location(whole, l, true);
        EXPECT_EQ(whole, head + "null}");
    }
    std::string head;
    append_pg_location_head(head, a);
    auto changed = [&](std::string_view from, std::string_view to) {
        std::string h = head;
        h.replace(h.find(from), from.size(), to);
        return h;
    };
    EXPECT_EQ(read_pg_location_head(changed("Halle B3", "Halle \\\"B3\\\"")), std::nullopt);   // an escape: kept as text
    EXPECT_EQ(read_pg_location_head(changed("51.3397", "51.33970")), std::nullopt);            // another spelling
    EXPECT_EQ(read_pg_location_head(changed("42", "+42")), std::nullopt);
    EXPECT_EQ(read_pg_location_head(changed("\"zipcode\"", "\"zip\"")), std::nullopt);
    EXPECT_EQ(read_pg_location_head(head + "null"), std::nullopt);
    EXPECT_EQ(read_pg_location_head(head.substr(0, head.size() - 2)), std::nullopt);
    EXPECT_EQ(read_pg_location_head(""), std::nullopt);
}

TEST(PgJson, OnlyUtcNamesCountAsUtc) {
    EXPECT_TRUE(pg_time_zone_is_utc("Etc/UTC"));
    EXPECT_TRUE(pg_time_zone_is_utc("UTC"));
    EXPECT_TRUE(pg_time_zone_is_utc("gmt"));
    EXPECT_FALSE(pg_time_zone_is_utc("Europe/London"));   // +00:00 in winter only
    EXPECT_FALSE(pg_time_zone_is_utc("Europe/Berlin"));
}

TEST(PgJson, LocationsAreWrittenLikeJsonAggOfJsonBuildObject) {
    // json_agg(json_build_object('id', .., 'name', .., ..., 'distance', NULL::double precision))
    std::string out = "[";
    append_pg_location(out, {.id = 7, .name = "Halle \"B3\"", .street = std::nullopt, .zipcode = "04109", .city = "Leipzig",
                             .country = "de", .lat = 51.3397, .lon = 12.3731, .place_id = 42},
                       true);
    append_pg_location(out, {.id = 8, .name = std::nullopt, .street = "Hauptstr. 1", .zipcode = std::nullopt, .city = "Görlitz",
                             .country = "de", .lat = 51.15, .lon = 14.9833, .place_id = std::nullopt},
                       false);
    out += "]";
    EXPECT_EQ(out,
              "[{\"id\" : 7, \"name\" : \"Halle \\\"B3\\\"\", \"street\" : null, \"zipcode\" : \"04109\", \"city\" : \"Leipzig\", "
              "\"country\" : \"de\", \"lat\" : 51.3397, \"lon\" : 12.3731, \"placeId\" : 42, \"distance\" : null}, "
              "{\"id\" : 8, \"name\" : null, \"street\" : \"Hauptstr. 1\", \"zipcode\" : null, \"city\" : \"Görlitz\", "
              "\"country\" : \"de\", \"lat\" : 51.15, \"lon\" : 14.9833, \"placeId\" : null, \"distance\" : null}]");
}

}  // namespace
}  // namespace jh::search
