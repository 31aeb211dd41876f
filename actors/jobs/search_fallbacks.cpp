// search_fallbacks.cpp: see search_fallbacks.h.
#include "actors/jobs/search_fallbacks.h"

#include <fmt/format.h>

namespace jh::jobs {

std::string search_fallback_counts::prometheus_text() const {
    std::string out =
        "# HELP jobhafen_search_sql_fallbacks_total Job searches PostgreSQL answered (in part) although the index is on, by reason.\n"
        "# TYPE jobhafen_search_sql_fallbacks_total counter\n";
    for (std::size_t r = 0; r < search_fallback_reasons.size(); ++r)
        out += fmt::format("jobhafen_search_sql_fallbacks_total{{reason=\"{}\"}} {}\n", search_fallback_reasons[r],
                           n_[r].load(std::memory_order_relaxed));
    return out;
}

}  // namespace jh::jobs
