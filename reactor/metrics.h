// metrics.h: request counters and latency histograms, rendered as Prometheus text at /metrics.
//
// Each loop writes only its own loop_metrics (relaxed atomics, no contention); the registry sums
// them when /metrics is read. Routes are labelled by their pattern, never by the raw path, so the
// number of series stays bounded.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace jh {

// Upper bounds of the latency buckets, in microseconds.
inline constexpr std::array<std::uint64_t, 12> latency_bounds_us = {
    100, 250, 500, 1000, 2500, 5000, 10000, 25000, 50000, 100000, 250000, 1000000};

// Status classes counted per route: 2xx, 3xx, 4xx, 5xx, plus the most telling single codes.
inline constexpr std::array<int, 12> counted_statuses = {200, 201, 204, 304, 400, 401, 403, 404, 409, 410, 422, 429};

struct route_counters {
    std::array<std::atomic<std::uint64_t>, 6> by_class{};      // 1xx..5xx, index = status/100; [0] other
    std::array<std::atomic<std::uint64_t>, counted_statuses.size()> by_status{};
    std::array<std::atomic<std::uint64_t>, latency_bounds_us.size() + 1> buckets{};  // last: +Inf
    std::atomic<std::uint64_t> latency_sum_us{0};
    std::atomic<std::uint64_t> count{0};
};

struct loop_metrics {
    // One slot per route, plus three for requests that matched no route: static files, 404, other.
    explicit loop_metrics(std::size_t routes) : per_route(routes + 3) {}
    std::vector<route_counters> per_route;
    std::atomic<std::int64_t> open_connections{0};
    std::atomic<std::int64_t> pg_in_use{0};
    std::atomic<std::int64_t> pg_waiting{0};
    std::atomic<std::int64_t> pg_connected{0};
    std::atomic<std::int64_t> redis_connected{0};
    std::atomic<std::uint64_t> pg_waits_total{0};
    std::atomic<std::uint64_t> pg_refused_total{0};
    std::atomic<std::int64_t> replica_usable{0};        // 1 while public reads go to the replica
    std::atomic<std::int64_t> replica_lag_ms{-1};       // its last measured lag; -1: unknown or down
    std::atomic<std::uint64_t> replica_reads_total{0};
    std::atomic<std::uint64_t> replica_fallbacks_total{0};

    void record(std::size_t slot, int status, std::uint64_t micros) noexcept;
};

class metrics_registry {
public:
    // `route_names` label the slots; the three extra slots are named here.
    metrics_registry(std::vector<std::string> route_names, int loops);
    loop_metrics& loop(int i) noexcept { return *loops_[static_cast<std::size_t>(i)]; }
    std::size_t static_slot() const noexcept { return names_.size(); }
    std::size_t unmatched_slot() const noexcept { return names_.size() + 1; }
    std::size_t other_slot() const noexcept { return names_.size() + 2; }
    // Renders every counter in Prometheus text exposition format 0.0.4. `index` (may be null):
    // the job index, whose readiness and last build time are reported.
    std::string render() const;

    // A domain's own gauges (the job index's, in app/): Prometheus text appended to every render.
    // Registered before the loops start; called on whichever loop serves /metrics, so a source
    // reads only what is safe from any thread.
    using source = std::function<std::string()>;
    void add_source(source s) { sources_.push_back(std::move(s)); }

private:
    std::vector<std::string> names_;
    std::vector<source> sources_;
    std::vector<std::unique_ptr<loop_metrics>> loops_;
};

}  // namespace jh
