// query_values.h: strict readers for query-string values, shared by the catalogue's routes (jobs,
// organizations, places, multi-search) and the job filter (search/job_filter.h). Pure functions,
// unit-tested in tests/unit/jobs_*_test.cpp.
//
// "Strict" means: the whole text must be the value ("12abc" is not 12), numbers must be finite and
// in range, and anything else is nullopt, which the route answers with 400.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace jh::search {

// The bounds of a query string (config http.max_query_params, http.max_query_value_chars): set
// once at start, before the loops run.
void set_query_bounds(std::size_t max_params, std::size_t max_value_chars) noexcept;

// nullopt when `raw_query` (without '?') keeps the bounds: at most max_params name=value pairs,
// each value at most max_value_chars characters once percent-decoded. Otherwise the German
// message for the 400. One pass over the text, before any parameter is read.
std::optional<std::string> query_bounds_violation(std::string_view raw_query);
std::optional<std::string> query_bounds_violation(std::string_view raw_query, std::size_t max_params, std::size_t max_value_chars);

// One name or value of a query string, percent-decoded with '+' as a space (the same rules as the
// HTTP reader's query_param); nullopt for a broken %xx or an encoded NUL.
std::optional<std::string> decode_query_component(std::string_view in);

// Decimal integer, optional leading '-', no spaces, at most 18 digits.
std::optional<std::int64_t> parse_int(std::string_view s) noexcept;
// Positive id (1 .. 2^62).
std::optional<std::int64_t> parse_id(std::string_view s) noexcept;
// A finite decimal number ("52.52", "-0.5", "13").
std::optional<double> parse_number(std::string_view s) noexcept;
// 1/true/yes/on → true, 0/false/no/off → false (case-insensitive).
std::optional<bool> parse_flag(std::string_view s) noexcept;

// A search radius: the distance filter's km values 10, 25, 50, 100, 250 and 500, or the same in
// metres (10000 ... 500000, as the city landing pages send 50000). Returns metres.
std::optional<int> parse_distance_m(std::string_view s) noexcept;

// The release-period filter interval_created: 1h, 4h, 24h (= 1d), 3d, 7d, or the bare number of
// days 1, 3 or 7 (the "new jobs within interval 1 day" group). Returns seconds.
std::optional<int> parse_interval_s(std::string_view s) noexcept;

// A calendar date YYYY-MM-DD (exactly; a real day of the years 2000-2099), as days since
// 1970-01-01: the shift date filter shiftsFrom/shiftsTo. Returns nullopt for anything else.
std::optional<int> parse_date_days(std::string_view s) noexcept;
// The other way: days since 1970-01-01 → "YYYY-MM-DD" (the SQL search's date argument).
std::string date_text(int days);

// Latitude in [-90, 90] and longitude in [-180, 180].
bool valid_lat(double v) noexcept;
bool valid_lon(double v) noexcept;

// Slug of a catalogue entry (activity, employment type, job type, city, organization):
// [a-z0-9_-], 1..120 characters.
bool valid_slug(std::string_view s) noexcept;

}  // namespace jh::search
