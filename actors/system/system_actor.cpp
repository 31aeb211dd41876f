// system_actor.cpp: see system_actor.h.
#include "actors/system/system_actor.h"

#include <algorithm>

#include "reactor/job_queue.h"
#include "reactor/loop_context.h"

namespace jh {

task<health_report> system_actor::check_health() {
    health_report report;
    // The health check must answer at once: while the pool waits out an outage (its grace) an
    // ordinary query would wait too, and HAProxy's check would time out instead of reading "down".
    auto pg = co_await loop_.pg.query_without_waiting("SELECT 1");
    report.postgres_ok = pg.has_value() && pg->rows() == 1;
    // Likewise Redis: without a connection a command would wait out the client's outage grace.
    if (loop_.redis.connected()) {
        // Built outside the co_await: g++ 12 miscompiles braced lists inside co_await expressions.
        std::vector<std::string> ping{"PING"};
        auto pong = co_await loop_.redis.command(std::move(ping));
        report.redis_ok = pong.has_value() && pong->kind == redis::reply::type::status && pong->str == "PONG";
    }
    report.replica = loop_.reads.state();
    report.replica_lag_ms = loop_.reads.lag_ms();
    co_return report;
}

task<std::string> system_actor::metrics_text() {
    std::string text = loop_.shared.metrics->render();
    text += co_await job_queue::depth_metrics(loop_.pg);
    co_return text;
}

bool system_actor::may_read_metrics(const std::string& ip) const {
    const auto& allow = loop_.cfg.http_metrics_allow;
    // An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d.
    std::string plain = ip.starts_with("::ffff:") ? ip.substr(7) : ip;
    return std::find(allow.begin(), allow.end(), plain) != allow.end();
}

}  // namespace jh
