// metrics.cpp: see metrics.h.
#include "reactor/metrics.h"

#include <fmt/format.h>

namespace jh {

void loop_metrics::record(std::size_t slot, int status, std::uint64_t micros) noexcept {
    if (slot >= per_route.size()) return;
    auto& c = per_route[slot];
    constexpr auto relaxed = std::memory_order_relaxed;
    int cls = status / 100;
    c.by_class[(cls >= 1 && cls <= 5) ? static_cast<std::size_t>(cls) : 0].fetch_add(1, relaxed);
    for (std::size_t i = 0; i < counted_statuses.size(); ++i)
        if (counted_statuses[i] == status) c.by_status[i].fetch_add(1, relaxed);
    std::size_t b = 0;
    while (b < latency_bounds_us.size() && micros > latency_bounds_us[b]) ++b;
    c.buckets[b].fetch_add(1, relaxed);
    c.latency_sum_us.fetch_add(micros, relaxed);
    c.count.fetch_add(1, relaxed);
}

metrics_registry::metrics_registry(std::vector<std::string> route_names, int loops) : names_(std::move(route_names)) {
    for (int i = 0; i < loops; ++i) loops_.push_back(std::make_unique<loop_metrics>(names_.size()));
}

std::string metrics_registry::render() const {
    constexpr auto relaxed = std::memory_order_relaxed;
    std::string out;
    auto label = [&](std::size_t slot) -> std::string {
        if (slot < names_.size()) return names_[slot];
        if (slot == static_slot()) return "static";
        if (slot == unmatched_slot()) return "unmatched";
        return "other";
    };
    auto escape = [](std::string s) {
        std::string o;
        for (char c : s) {
            if (c == '"' || c == '\\') o += '\\';
            o += c;
        }
        return o;
    };
    std::size_t slots = names_.size() + 3;

    out += "# HELP jobhafen_http_requests_total HTTP requests answered, by route pattern and status class.\n";
    out += "# TYPE jobhafen_http_requests_total counter\n";
    for (std::size_t s = 0; s < slots; ++s) {
        for (std::size_t cls = 1; cls <= 5; ++cls) {
            std::uint64_t n = 0;
            for (const auto& l : loops_) n += l->per_route[s].by_class[cls].load(relaxed);
            if (n) out += fmt::format("jobhafen_http_requests_total{{route=\"{}\",status=\"{}xx\"}} {}\n", escape(label(s)), cls, n);
        }
    }
    out += "# HELP jobhafen_http_responses_total HTTP responses with selected status codes, by route pattern.\n";
    out += "# TYPE jobhafen_http_responses_total counter\n";
    for (std::size_t s = 0; s < slots; ++s) {
        for (std::size_t i = 0; i < counted_statuses.size(); ++i) {
            std::uint64_t n = 0;
            for (const auto& l : loops_) n += l->per_route[s].by_status[i].load(relaxed);
            if (n) out += fmt::format("jobhafen_http_responses_total{{route=\"{}\",code=\"{}\"}} {}\n", escape(label(s)), counted_statuses[i], n);
        }
    }
    out += "# HELP jobhafen_http_request_duration_seconds Time from the first byte of a request to its answer.\n";
    out += "# TYPE jobhafen_http_request_duration_seconds histogram\n";
    for (std::size_t s = 0; s < slots; ++s) {
        std::uint64_t count = 0, sum = 0;
        for (const auto& l : loops_) count += l->per_route[s].count.load(relaxed);
        if (!count) continue;
        std::uint64_t cumulative = 0;
        std::string name = escape(label(s));
        for (std::size_t b = 0; b <= latency_bounds_us.size(); ++b) {
            for (const auto& l : loops_) cumulative += l->per_route[s].buckets[b].load(relaxed);
            std::string le = b < latency_bounds_us.size() ? fmt::format("{}", static_cast<double>(latency_bounds_us[b]) / 1e6) : "+Inf";
            out += fmt::format("jobhafen_http_request_duration_seconds_bucket{{route=\"{}\",le=\"{}\"}} {}\n", name, le, cumulative);
        }
        for (const auto& l : loops_) sum += l->per_route[s].latency_sum_us.load(relaxed);
        out += fmt::format("jobhafen_http_request_duration_seconds_sum{{route=\"{}\"}} {}\n", name, static_cast<double>(sum) / 1e6);
        out += fmt::format("jobhafen_http_request_duration_seconds_count{{route=\"{}\"}} {}\n", name, count);
    }

    auto gauge = [&](const char* name, const char* help, auto member) {
        out += fmt::format("# HELP {} {}\n# TYPE {} gauge\n", name, help, name);
        for (std::size_t i = 0; i < loops_.size(); ++i)
            out += fmt::format("{}{{loop=\"{}\"}} {}\n", name, i, ((*loops_[i]).*member).load(relaxed));
    };
    gauge("jobhafen_open_connections", "Open HTTP connections.", &loop_metrics::open_connections);
    gauge("jobhafen_db_pool_in_use", "PostgreSQL connections running a query or holding a transaction.", &loop_metrics::pg_in_use);
    gauge("jobhafen_db_pool_waiting", "Queries waiting for a PostgreSQL connection.", &loop_metrics::pg_waiting);
    gauge("jobhafen_db_pool_connected", "PostgreSQL connections that are up.", &loop_metrics::pg_connected);
    gauge("jobhafen_redis_connected", "1 when the loop's Redis connection is up.", &loop_metrics::redis_connected);
    gauge("jobhafen_db_replica_usable", "1 while public reads go to the PostgreSQL replica.", &loop_metrics::replica_usable);
    gauge("jobhafen_db_replica_lag_ms", "The replica's last measured lag in milliseconds; -1 when unknown or down.", &loop_metrics::replica_lag_ms);

    auto counter = [&](const char* name, const char* help, auto member) {
        out += fmt::format("# HELP {} {}\n# TYPE {} counter\n", name, help, name);
        for (std::size_t i = 0; i < loops_.size(); ++i)
            out += fmt::format("{}{{loop=\"{}\"}} {}\n", name, i, ((*loops_[i]).*member).load(relaxed));
    };
    counter("jobhafen_db_pool_waits_total", "Queries that had to wait for a free PostgreSQL connection.", &loop_metrics::pg_waits_total);
    counter("jobhafen_db_pool_refused_total", "Queries refused at once because too many were waiting for a connection.",
            &loop_metrics::pg_refused_total);
    counter("jobhafen_db_replica_reads_total", "Public reads the PostgreSQL replica answered.", &loop_metrics::replica_reads_total);
    counter("jobhafen_db_replica_fallbacks_total", "Reads sent to the replica that the primary answered because the replica failed.",
            &loop_metrics::replica_fallbacks_total);

    for (const auto& s : sources_) out += s();
    return out;
}

}  // namespace jh
