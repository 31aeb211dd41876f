// job_filter.h: the query string of GET /api/job_postings, read into a filter, and the rules that
// bound it. Pure (no I/O); unit-tested in tests/unit/jobs_filter_test.cpp.
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
#include <optional>
#include <string>
#include <vector>

#include "reactor/app_error.h"
#include "reactor/http_message.h"

namespace jh::jobs {

inline constexpr int max_items_per_page = 100;
inline constexpr int default_items_per_page = 20;
inline constexpr std::size_t max_ids = 100;
inline constexpr std::size_t max_list_values = 100;
inline constexpr std::size_t max_text_bytes = 1000;
inline constexpr int default_radius_m = 50000;
// Pages are served up to this many items (50 pages of 20); later pages are empty.
inline constexpr int result_window = 1000;

struct job_filter {
    std::optional<std::string> q;
    std::optional<std::vector<std::string>> activities;         // slugs or ids as text
    std::optional<std::vector<std::string>> employment_types;
    std::optional<std::vector<std::string>> industries;
    std::optional<std::string> job_type;
    std::optional<double> lat, lon;
    std::optional<int> radius_m;
    std::optional<std::string> city;                            // resolved to lat/lon by the actor
    std::optional<int> since_s;
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
    // Nothing narrows the list except (maybe) a job type: the totals cache can answer the count.
    bool only_job_type() const noexcept;
};

// Reads and checks the query string; 400 (bad_request) with a German message on bad input.
result<job_filter> parse_job_filter(const http_request& req);

// Every value of repeated and comma-separated parameters under any of `names`, trimmed.
std::vector<std::string> list_values(const http_request& req, std::initializer_list<std::string_view> names);

}  // namespace jh::jobs
