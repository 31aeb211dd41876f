// pg_replica.h: read-only queries that may go to a streaming replica, with the primary behind it.
//
// Public reads where a second of staleness does not matter (job search, job detail, content,
// organization pages) call reads.query(); everything that writes, and every read of a person's
// own data (which may follow their own write), stays on the primary pool. Without a replica
// configured, reads.query() is the primary's query().
//
// Once a second (tick(), from the loop's timer) the replica is asked how far it lags behind; while
// it is down or lags more than the bound, reads go to the primary. A read that finds the replica
// unavailable is run again on the primary at once, so a replica that dies between two checks costs
// no failed request. Everything runs on the loop; nothing blocks.
#pragma once

#include <uv.h>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "reactor/pg.h"

namespace jh::pg {

enum class replica_state {
    none,      // no replica configured: every read goes to the primary
    unknown,   // configured, not checked yet: reads go to the primary
    ok,        // answering and within the lag bound: reads go to the replica
    lagging,   // answering but behind the bound: reads go to the primary
    down,      // not answering: reads go to the primary
};

std::string_view to_string(replica_state s) noexcept;

// The statement that measures a replica's lag in milliseconds: 0 when it has replayed everything it
// received and is streaming (an idle primary writes nothing, so the age of the last replayed
// transaction alone would call an idle replica late), else the age of the last replayed
// transaction. A server that is not in recovery (a promoted replica, or the primary itself named
// as replica) lags 0.
extern const char* const replica_lag_sql;

struct replica_settings {
    std::string url;            // empty: no replica
    int pool_size = 2;
    int queue_limit = 512;
    int query_timeout_ms = 5000;
    int max_lag_ms = 5000;
};

class read_pools {
public:
    read_pools(uv_loop_t* loop, pool& primary, replica_settings s);
    ~read_pools();
    read_pools(const read_pools&) = delete;
    read_pools& operator=(const read_pools&) = delete;

    void start();
    void close();
    // Called once a second: starts a lag check unless one is still running.
    void tick();

    // A read-only statement on the replica when it is usable, else on the primary.
    task<expected<result_set>> query(std::string_view sql, params p = {});

    replica_state state() const noexcept { return state_; }
    std::int64_t lag_ms() const noexcept { return lag_ms_; }
    std::uint64_t replica_reads() const noexcept { return replica_reads_; }
    std::uint64_t primary_fallbacks() const noexcept { return fallbacks_; }

private:
    task<void> check();
    void set_state(replica_state s, const std::string& why);

    pool& primary_;
    std::unique_ptr<pool> replica_;
    int max_lag_ms_;
    replica_state state_;
    std::int64_t lag_ms_ = -1;
    bool checking_ = false;
    bool closed_ = false;
    std::uint64_t replica_reads_ = 0;   // reads answered by the replica
    std::uint64_t fallbacks_ = 0;       // reads sent to the replica that the primary had to answer
};

}  // namespace jh::pg
