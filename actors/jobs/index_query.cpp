// index_query.cpp: see index_query.h.
#include "actors/jobs/index_query.h"

#include <algorithm>

namespace jh::jobs {

namespace {

// jh_activity_ids & co.: the ids of the known values; an unknown value resolves to nothing, and a
// list that resolves to nothing matches no job (an engaged, empty list).
std::vector<int> resolve(const std::vector<std::string>& values, const std::unordered_map<std::string, int>& known) {
    std::vector<int> out;
    for (const auto& v : values)
        if (auto it = known.find(v); it != known.end()) out.push_back(it->second);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

}  // namespace

std::optional<search::index_query> to_index_query(const job_filter& f, const search::reference_data& refs, std::int64_t now_us) {
    search::index_query q;
    q.now_us = now_us;
    q.sort = f.sort.empty() ? (f.q ? "relevance" : "newest") : f.sort;
    if (q.sort == "random") return std::nullopt;
    if (f.q) {
        auto text = search::parse_websearch(*f.q);
        if (!text) return std::nullopt;
        q.text = std::move(*text);
    }
    if (f.activities) q.activity_ids = resolve(*f.activities, refs.activities);
    if (f.employment_types) q.employment_type_ids = resolve(*f.employment_types, refs.employment_types);
    if (f.industries) q.industry_ids = resolve(*f.industries, refs.industries);
    if (f.job_type) {
        auto it = refs.job_types.find(*f.job_type);
        q.type_activity_ids = it == refs.job_types.end() ? std::vector<int>{} : it->second.activity_ids;
        q.type_employment_ids = it == refs.job_types.end() ? std::vector<int>{} : it->second.employment_type_ids;
    }
    if (f.lat && f.lon) {
        q.point = search::earth_of(*f.lat, *f.lon);
        q.radius_m = static_cast<double>(f.radius_m.value_or(default_radius_m));
    }
    if (f.since_s) q.published_since_us = now_us - static_cast<std::int64_t>(*f.since_s) * 1000000;
    const std::optional<bool> flags[] = {f.top_job, f.instant_teaser_job, f.top_offer, f.sponsored, f.opportunity};
    for (std::size_t i = 0; i < q.flags.size(); ++i) q.flags[i] = flags[i];
    q.ids = f.ids;
    q.organization_id = f.organization_id;
    return q;
}

}  // namespace jh::jobs
