// pg_replica.cpp: see pg_replica.h.
#include "reactor/pg_replica.h"

#include <spdlog/spdlog.h>

namespace jh::pg {

const char* const replica_lag_sql =
    "SELECT CASE WHEN NOT pg_is_in_recovery() THEN 0"
    " WHEN pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn()"
    "  AND EXISTS (SELECT 1 FROM pg_stat_wal_receiver WHERE status = 'streaming') THEN 0"
    " ELSE coalesce(floor(extract(epoch FROM clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000), 1e12)"
    " END::bigint";

std::string_view to_string(replica_state s) noexcept {
    switch (s) {
        case replica_state::none: return "none";
        case replica_state::unknown: return "unknown";
        case replica_state::ok: return "ok";
        case replica_state::lagging: return "lagging";
        case replica_state::down: return "unavailable";
    }
    return "unknown";
}

namespace {

// A replica cancels a query that conflicts with the WAL it replays (40001); the primary has no
// such conflict, so that read is worth running there too.
bool worth_asking_primary(const error& e) { return e.unavailable || e.sqlstate == "40001"; }

}  // namespace

read_pools::read_pools(uv_loop_t* loop, pool& primary, replica_settings s)
    : primary_(primary),
      max_lag_ms_(s.max_lag_ms),
      state_(s.url.empty() ? replica_state::none : replica_state::unknown) {
    if (!s.url.empty())
        replica_ = std::make_unique<pool>(loop, std::move(s.url), s.pool_size, s.queue_limit, s.query_timeout_ms);
}

read_pools::~read_pools() = default;

void read_pools::start() {
    if (replica_) replica_->start();
}

void read_pools::close() {
    closed_ = true;
    if (replica_) replica_->close();
}

void read_pools::tick() {
    if (!replica_ || checking_ || closed_) return;
    checking_ = true;
    spawn(check());
}

task<void> read_pools::check() {
    auto r = co_await replica_->query(replica_lag_sql);
    checking_ = false;
    if (closed_) co_return;
    if (!r) {
        lag_ms_ = -1;
        set_state(replica_state::down, r.error().message);
        co_return;
    }
    lag_ms_ = r->rows() == 1 ? r->int64(0, 0) : -1;
    if (lag_ms_ >= 0 && lag_ms_ <= max_lag_ms_) set_state(replica_state::ok, {});
    else set_state(replica_state::lagging, "lags " + std::to_string(lag_ms_) + " ms");
}

void read_pools::set_state(replica_state s, const std::string& why) {
    if (s == state_) return;
    if (s == replica_state::ok) spdlog::info("replica: answering within {} ms lag; public reads go to it", max_lag_ms_);
    else spdlog::warn("replica {}: {}; public reads go to the primary", to_string(s), why);
    state_ = s;
}

task<expected<result_set>> read_pools::query(std::string_view sql, params p) {
    if (!replica_) co_return co_await primary_.query(sql, std::move(p));
    params again = p;
    if (state_ != replica_state::ok) {
        auto r = co_await primary_.query(sql, std::move(p));
        if (r || !r.error().unavailable) co_return r;
        // The primary is away (a failover: the replica stops streaming, so it also counts as
        // lagging) while the replica may still answer: a public page a few seconds old beats a 503.
        co_return co_await replica_->query(sql, std::move(again));
    }
    auto r = co_await replica_->query(sql, std::move(p));
    if (r) {
        ++replica_reads_;
        co_return r;
    }
    if (!worth_asking_primary(r.error())) co_return r;
    ++fallbacks_;
    // The next check decides when it is used again; until then no read waits for it.
    if (r.error().unavailable) set_state(replica_state::down, r.error().message);
    co_return co_await primary_.query(sql, std::move(again));
}

}  // namespace jh::pg
