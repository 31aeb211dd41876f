// index_query.h: a parsed job filter (job_filter.h) as a query of the in-memory job index
// (search/job_index.h), with the slugs resolved the way jh_job_search resolves them. Pure.
#pragma once

#include <cstdint>
#include <optional>

#include "actors/jobs/job_filter.h"
#include "search/index_service.h"

namespace jh::jobs {

// nullopt when the index does not answer this filter exactly like the SQL search (random order, a
// text it does not parse like PostgreSQL); the caller then asks the SQL search. The city must be
// resolved to lat/lon already; limit/offset and the excluded (applied) ids are the caller's.
std::optional<search::index_query> to_index_query(const job_filter& f, const search::reference_data& refs, std::int64_t now_us);

}  // namespace jh::jobs
