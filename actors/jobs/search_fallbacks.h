// search_fallbacks.h: why a job search went to PostgreSQL although the job index is on
// (jobhafen_search_sql_fallbacks_total{reason} in /metrics; bench/search asserts it stays 0): the
// index was not built yet; the query is one it does not read (quoted phrases, digits, ...); the
// order of its window of text matches came from PostgreSQL; a card of its page was not in memory.
// One set of counters per process (app/loop_domain.h, process_domain), counted by every loop's
// jobs actor with relaxed atomics: a count, not an order between loops.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <string>

namespace jh::jobs {

enum class search_fallback : std::uint8_t { not_ready, query, window, cards };
inline constexpr std::array<const char*, 4> search_fallback_reasons = {"not_ready", "query", "window", "cards"};

class search_fallback_counts {
public:
    void count(search_fallback why) noexcept { n_[static_cast<std::size_t>(why)].fetch_add(1, std::memory_order_relaxed); }
    // Prometheus text; every reason is listed, 0 included, so "stays 0" never reads a missing series.
    std::string prometheus_text() const;

private:
    std::array<std::atomic<std::uint64_t>, search_fallback_reasons.size()> n_{};
};

}  // namespace jh::jobs
