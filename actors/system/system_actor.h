// system_actor.h: the server's view of itself: health of its dependencies and its metrics.
#pragma once

#include <string>

#include "reactor/pg_replica.h"
#include "reactor/task.h"

namespace jh {

struct loop_context;

struct health_report {
    bool postgres_ok = false;
    bool redis_ok = false;
    pg::replica_state replica = pg::replica_state::none;   // as of the last lag check (once a second)
    std::int64_t replica_lag_ms = -1;
    // The replica is not asked here: while it is away the primary answers its reads, so it never
    // makes this instance unable to serve.
    bool ok() const noexcept { return postgres_ok && redis_ok; }
};

class system_actor {
public:
    explicit system_actor(loop_context& loop) : loop_(loop) {}
    // Asks PostgreSQL and Redis at the same time; each answers within its own timeout.
    task<health_report> check_health();
    // Prometheus text for /metrics: the loops' counters, the job index and the work queue's depth.
    task<std::string> metrics_text();
    // Whether `ip` may read /metrics (http.metrics_allow).
    bool may_read_metrics(const std::string& ip) const;

private:
    loop_context& loop_;
};

}  // namespace jh
