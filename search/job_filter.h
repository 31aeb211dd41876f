// job_filter.h: the one job filter. A job search's parameters (the query string of
// GET /api/job_postings, one search of POST /api/multi_search, the stored filter of a job alert)
// are decoded once into a typed `job_filter` and checked with the German messages; the same value
// then becomes the arguments of the SQL search (jh_job_search, bound parameters) or a query of the
// in-memory index (job_index.h). The server and the alerts worker both use this file, so a search
// and an alert cannot read a filter differently. Pure (no I/O); unit-tested in
// tests/unit/jobs_filter_test.cpp.
//
// Parameters (unknown ones are ignored, so campaign parameters do not break a search):
//   isPublished          1/true or absent (only published jobs are ever listed); anything else 400
//   q (also what, text)  free text, websearch syntax; over 1000 bytes → 400 (SQL uses 200 characters)
//   activity, activity[], activities[]           activity slugs or ids, also comma separated
//   employmentType, employmentType[], employmentTypes[]   employment type slugs or ids
//   industry, industry[], industries[]           industry slugs or ids
//   jobType              promotionjobs, messejobs, eventjobs, gastrojobs, studentenjobs,
//                        rentnerjobs, schuelerjobs, ferienjobs, nebenjobs
//   lat, lon (lng), distance   the place: distance 10/25/50/100/250/500 (km, or the same in metres);
//                        distance alone or lat/lon alone → 400; lat/lon without distance: 50 km
//   city                 a place slug (berlin, muenchen): its coordinates, distance 50 km by default
//   geoCluster_typesense "(lat, lon, N km)" or "lat,lon,N": the same place filter in one value
//   interval_created     1h, 4h, 24h, 1d, 3d, 7d (or 1, 3, 7 days): published within that period
//   shiftsFrom, shiftsTo YYYY-MM-DD (Berlin dates, inclusive; either alone): only jobs with a free
//                        shift on such a date (not cancelled, not begun, staffNeeded > confirmed);
//                        to before from, or more than 366 days → 400 (docs/search.md, "Shift dates")
//   top_job, instant_teaser_job, top_offer, sponsored, opportunity   1/0, true/false
//   id[] (also ids[], id)  at most 100 ids
//   organization         an organization id
//   notYetAppliedTo      any value: leave out the jobs the logged-in candidate applied to (401
//                        without login; a numeric value naming another account → 403)
//   recommend            1..365: recommendations from the candidate's last N days of applications
//                        and favourites (visitors: the newest jobs)
//   sort                 relevance (default with q), newest (default otherwise), distance, random;
//                        order[publishedAt]=desc and order[distance]=asc are read as well
//   page (1..), itemsPerPage (1..100, default 20)
#pragma once

#include <cstdint>
#include <expected>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "search/index_service.h"
#include "search/job_index.h"

namespace jh::search {

inline constexpr int max_items_per_page = 100;
inline constexpr int default_items_per_page = 20;
inline constexpr std::size_t max_ids = 100;
inline constexpr std::size_t max_list_values = 100;
inline constexpr std::size_t max_text_bytes = 1000;
inline constexpr int default_radius_m = 50000;
// shiftsFrom..shiftsTo spans at most this many days (both ends counted).
inline constexpr int max_shift_window_days = 366;
// Pages are served up to this many items (50 pages of 20); later pages are empty.
inline constexpr int result_window = 1000;

// A search's parameters, decoded once: (name, value) pairs in their order, percent-decoded with
// '+' as a space. A query string is decoded by `decode`; multi-search adds its JSON members.
class filter_params {
public:
    // A pair whose name or value does not decode (a broken %xx, an encoded NUL) is left out.
    static filter_params decode(std::string_view raw_query);
    void add(std::string name, std::string value) { pairs_.emplace_back(std::move(name), std::move(value)); }
    std::optional<std::string> first(std::string_view name) const;
    std::optional<std::string> first_of(std::initializer_list<std::string_view> names) const;
    // Every value under any of `names`, comma-separated values split and trimmed.
    std::vector<std::string> list(std::initializer_list<std::string_view> names) const;
    // Whether every name and value is well-formed UTF-8 (PostgreSQL refuses other bytes as text).
    bool all_utf8() const noexcept;

private:
    std::vector<std::pair<std::string, std::string>> pairs_;
};

struct job_filter {
    std::optional<std::string> q;
    std::optional<std::vector<std::string>> activities;         // slugs or ids as text
    std::optional<std::vector<std::string>> employment_types;
    std::optional<std::vector<std::string>> industries;
    std::optional<std::string> job_type;
    std::optional<double> lat, lon;
    std::optional<int> radius_m;
    std::optional<std::string> city;                            // resolved to lat/lon by the caller
    std::optional<int> since_s;
    std::optional<int> shifts_from, shifts_to;                  // days since 1970-01-01 (Berlin dates)
    std::optional<bool> top_job, instant_teaser_job, top_offer, sponsored, opportunity;
    std::optional<std::vector<std::int64_t>> ids;
    std::optional<std::int64_t> organization_id;
    bool not_yet_applied_to = false;
    std::optional<std::int64_t> not_yet_applied_to_claimed;     // a numeric notYetAppliedTo value
    std::optional<int> recommend_days;
    std::string sort;                                           // "" = default
    int page = 1;
    int items_per_page = default_items_per_page;

    bool has_place() const noexcept { return (lat && lon) || city; }
    // The radius a located search uses: the one asked for, else the 50 km default — the one place
    // the default is applied (the request's reading, the SQL arguments and the index query ask here).
    int radius_or_default() const noexcept { return radius_m.value_or(default_radius_m); }
    // Nothing narrows the list except (maybe) a job type: the totals cache can answer the count.
    bool only_job_type() const noexcept;
};

// Reads and checks the parameters; the German message for the 400 on bad input.
std::expected<job_filter, std::string> read_job_filter(const filter_params& params);
// The same from a raw query string (without '?'), after the query-string bounds
// (query_values.h: set_query_bounds) are checked in one pass.
std::expected<job_filter, std::string> parse_job_filter(std::string_view raw_query);

// The SQL search: jh_job_search's card columns and its arguments $1..$22 as text (nullopt = NULL),
// in the function's order. The city must be resolved to lat/lon already; `not_applied_by` is the
// candidate whose applications are left out (notYetAppliedTo with a login).
extern const char* const job_search_sql;
std::vector<std::optional<std::string>> job_search_arguments(const job_filter& f, std::optional<std::int64_t> not_applied_by,
                                                             int offset);

// "{3,7}": ids as the text of a bigint[] parameter.
std::string bigint_array_text(const std::vector<std::int64_t>& ids);
// The other way: "{3,7}" (a bigint[] as PostgreSQL writes it as text) → {3, 7}; "{}" → none.
std::vector<std::int64_t> parse_bigint_array_text(std::string_view text);

// The index: nullopt when the index does not answer this filter exactly like the SQL search
// (a text it does not parse like PostgreSQL); the caller then asks the SQL search. A random order
// is the index's own shuffle of the same newest window (job_snapshot::random_search).
// The city must be resolved to lat/lon already; limit/offset and the excluded (applied) ids are the
// caller's. Slugs resolve like jh_activity_ids & co.: an unknown value resolves to nothing, and a
// list that resolves to nothing matches no job.
std::optional<index_query> to_index_query(const job_filter& f, const reference_data& refs, std::int64_t now_us);

// jh_job_totals from an index generation: the live jobs overall ("" and "Alle Jobs") and per job
// type (a job is of a type when it has one of its activities or employment types), exact counts,
// in the function's order.
struct job_type_count {
    std::string slug, name;
    std::int64_t total = 0;
};
std::vector<job_type_count> count_job_types(const index_generation& g, std::int64_t now_us);

}  // namespace jh::search
