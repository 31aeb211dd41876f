// pg_json.h: PostgreSQL's json output, written here byte for byte: a string as escape_json quotes
// it, a float8 as float8out prints it (extra_float_digits 1, PostgreSQL's default), and a card's
// locations as its json_agg(json_build_object(...)) gives them.
//
// Why: a full load's cards query spent about a fifth of its PostgreSQL time building the locations'
// JSON (issue 28, start → ready at 1,000,000 jobs); reading the same columns flat and writing the
// JSON here costs the index thread less than that. The equality test compares every byte of the
// cards with the SQL search's.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace jh::search {

// `s` as a JSON string: quoted, with " \ \b \f \n \r \t escaped and other bytes below 0x20 as
// \u00xx (lowercase hex), everything else (UTF-8 included) as it is.
void append_pg_json_string(std::string& out, std::string_view s);

// `v` as float8out prints it with extra_float_digits ≥ 1: the shortest text that reads back as
// `v`, plain when its decimal exponent is in [-4, 15), else like "1e-05" or "1.5e+15".
void append_pg_float8(std::string& out, double v);

// A timestamptz as to_json writes it in a session whose TimeZone is UTC, without the quotes:
// "2026-11-27T20:00:00.1234+00:00" (the fraction's trailing zeros dropped, none when whole), or
// "infinity" / "-infinity". `pg_us`: its binary form, µs since 2000-01-01 00:00 UTC. Years outside
// 1-9999 have no such text here: nullopt (the caller asks PostgreSQL).
std::optional<std::string> pg_timestamptz_utc_json_text(std::int64_t pg_us);
// The same, appended to `out`; false (nothing appended) for a year outside 1-9999.
bool append_pg_timestamptz_utc(std::string& out, std::int64_t pg_us);
// The `pg_us` of a text append_pg_timestamptz_utc writes, exactly as it writes it (the infinities
// and any other spelling or offset are not read): what a kept card stores instead of the text.
std::optional<std::int64_t> read_pg_timestamptz_utc(std::string_view text);

// Whether PostgreSQL's TimeZone setting `name` is UTC at every instant (its names for UTC, any case).
bool pg_time_zone_is_utc(std::string_view name);

// One location of a card, the columns json_build_object reads.
struct location_columns {
    std::int64_t id = 0;
    std::optional<std::string_view> name, street, zipcode;
    std::string_view city, country;
    double lat = 0, lon = 0;
    std::optional<std::int32_t> place_id;
};

// Appends one element of the card's locations array as jh_job_cards writes it:
// {"id" : 1, "name" : "x", ..., "placeId" : null, "distance" : null}, preceded by ", " unless
// `first`. The caller opens the array with '[' and closes it with ']'.
void append_pg_location(std::string& out, const location_columns& l, bool first);
// The location object's text up to the value of "distance" (`{"id" : 1, ..., "distance" : `).
void append_pg_location_head(std::string& out, const location_columns& l);
// The columns of a head, exactly as append_pg_location_head writes it (its views point into
// `head`): nullopt for any other text, and for a head with an escaped string (rare: the card then
// keeps the head's text).
std::optional<location_columns> read_pg_location_head(std::string_view head);

}  // namespace jh::search
