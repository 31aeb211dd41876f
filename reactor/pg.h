// pg.h: the asynchronous PostgreSQL client of one loop.
//
// libpq runs in non-blocking mode, driven by a uv_poll on its socket; nothing here ever blocks the
// loop. Each loop owns one pg::pool of a few connections. Every query is a prepared statement
// (prepared on first use per connection, keyed by its SQL text) with bound parameters; SQL is never
// built from input. When PostgreSQL goes away, waiting and new queries fail at once with
// pg::error{unavailable = true} (the route answers 503) and the pool reconnects with backoff.
//
// SQL text must be static (one prepared statement per distinct text and connection). A host name
// in the connection URL is looked up off the loop (reactor/resolve.h) and handed to libpq as
// hostaddr, because libpq's own lookup blocks.
// Lifetime: call close() before the loop ends, then let the loop run once so the closed handles
// are freed; a transaction must not outlive its pool.
#pragma once

#include <libpq-fe.h>
#include <uv.h>

#include <cstdint>
#include <deque>
#include <expected>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "reactor/app_error.h"
#include "reactor/task.h"

namespace jh::pg {

struct error {
    bool unavailable = false;   // connection lost, pool queue full, timeout: answer 503
    std::string sqlstate;       // e.g. "23505" for a unique violation
    std::string message;
    bool timed_out = false;     // unavailable because the statement ran past the query timeout

    bool unique_violation() const { return sqlstate == "23505"; }
    // A deadlock (40P01) or a serialization failure (40001): the server rolled the transaction
    // back to let another one through (a migration's ALTER TABLE against a read, two writers in
    // opposite order); nothing of it committed, so it may run again as it was.
    bool conflict() const { return sqlstate == "40P01" || sqlstate == "40001"; }
    // The session broke or the server ended it (not a timeout, not a full queue).
    bool lost() const noexcept { return unavailable && !timed_out; }
    // 503 for unavailable and for a conflict that kept coming back, 500 otherwise; the SQL
    // message is logged, never sent to a client.
    app_error to_app_error() const;
};

// Bound parameters in text format. Types are inferred by the server from the statement.
class params {
public:
    params() = default;
    params& add(std::string_view v);
    params& add(const std::string& v) { return add(std::string_view(v)); }
    params& add(const char* v) { return v ? add(std::string_view(v)) : add(std::nullopt); }
    params& add(std::int64_t v);
    params& add(int v) { return add(static_cast<std::int64_t>(v)); }
    params& add(double v);
    params& add(bool v);
    params& add(std::nullopt_t);
    template <typename T>
    params& add(const std::optional<T>& v) { return v ? add(*v) : add(std::nullopt); }

    int count() const noexcept { return static_cast<int>(null_.size()); }
    // Pointers for PQsendQueryPrepared; valid while this object lives and is not changed.
    std::vector<const char*> pointers() const;

private:
    std::deque<std::string> values_;   // deque: stable addresses as values are added
    std::vector<bool> null_;
    std::vector<std::size_t> index_;
};

// The rows of one statement. Owns the PGresult.
class result_set {
public:
    result_set() = default;
    explicit result_set(PGresult* r) : r_(r, &PQclear) {}

    int rows() const noexcept { return r_ ? PQntuples(r_.get()) : 0; }
    int columns() const noexcept { return r_ ? PQnfields(r_.get()) : 0; }
    int column(std::string_view name) const;          // -1 when absent
    bool is_null(int row, int col) const noexcept { return PQgetisnull(r_.get(), row, col) != 0; }
    std::string_view text(int row, int col) const noexcept {
        return {PQgetvalue(r_.get(), row, col), static_cast<std::size_t>(PQgetlength(r_.get(), row, col))};
    }
    std::int64_t int64(int row, int col) const noexcept;
    double number(int row, int col) const noexcept;
    bool boolean(int row, int col) const noexcept { return text(row, col) == "t"; }
    std::int64_t affected() const noexcept;           // rows changed by INSERT/UPDATE/DELETE

private:
    std::shared_ptr<PGresult> r_;
};

template <typename T>
using expected = std::expected<T, error>;

class connection;
class pool;

// What became of a COMMIT whose answer never came (its session broke while it was on the wire),
// as the database says afterwards by the transaction's id (pg_xact_status, asked on a new session:
// after a failover, on the new primary, whose history is the one that counts).
enum class commit_outcome {
    committed,       // it is stored: the write succeeded
    not_committed,   // aborted, or never seen by this server ("in the future"): it may run again
    in_progress,     // still being committed (the old session lives on): ask again shortly
    unknown,         // too old to say, or no answer: neither repeat it nor call it done (503)
};
// pg_xact_status's answer ("committed", "aborted", "in progress"; NULL as ""), or the SQLSTATE of
// its refusal (22023: the id is in the future for this server, so it never committed here).
commit_outcome commit_outcome_of(std::string_view status, std::string_view refusal_sqlstate = {}) noexcept;

// A connection held for a transaction. Commit or roll back; if neither happened when it is
// destroyed, it rolls back in the background and goes back to the pool.
class transaction {
public:
    transaction() = default;
    transaction(transaction&& o) noexcept;
    transaction& operator=(transaction&& o) noexcept;
    transaction(const transaction&) = delete;
    transaction& operator=(const transaction&) = delete;
    ~transaction();

    task<expected<result_set>> query(std::string_view sql, params p = {});
    task<expected<void>> commit();
    task<void> rollback();

    // True until commit() or rollback() ran (or the transaction was moved from).
    bool open() const noexcept { return conn_ != nullptr; }
    // True when a statement of this transaction failed because the database went away (its
    // session ended or broke; not a query timeout) before COMMIT was sent: the server rolled it
    // back, nothing of it committed, so the whole transaction may run again (in_transaction()).
    bool interrupted() const noexcept { return interrupted_; }
    // True when a statement or the COMMIT failed with a deadlock or a serialization failure
    // (error::conflict()): the server rolled the whole transaction back, so it may run again too.
    bool conflicted() const noexcept { return conflicted_; }
    // A COMMIT whose session broke before its answer came is settled by the transaction's id: if
    // the database (the new primary, after a failover) has it committed, commit() succeeds; if it
    // has it aborted or never saw it, interrupted() is set and in_transaction runs the body again;
    // only when neither can be told does commit() fail (503). A transaction that wrote nothing
    // (no id) may always run again.

private:
    friend class pool;
    transaction(pool* p, connection* c, std::uint64_t session) : pool_(p), conn_(c), session_(session) {}
    void release_rolling_back() noexcept;
    pool* pool_ = nullptr;
    connection* conn_ = nullptr;
    // Which session of the connection this transaction began on: after a reconnect the same
    // connection object is a new server session, and the transaction must not run on it.
    std::uint64_t session_ = 0;
    bool interrupted_ = false;
    bool conflicted_ = false;
    task<commit_outcome> settle_lost_commit(const std::optional<std::string>& xid);
};

struct pool_stats {
    int size = 0;         // connections configured
    int connected = 0;    // connections currently up
    int in_use = 0;       // connections running a query or holding a transaction
    int waiting = 0;      // queries waiting for a connection
    bool bridging = false;   // no connection is up, and queries wait for one (the outage grace)
    std::uint64_t waits_total = 0;     // queries that had to wait for a connection, since start
    std::uint64_t refused_total = 0;   // queries refused at once: too many were waiting
};

// The host name in `conninfo` that must be looked up before libpq connects: "" when there is none
// to look up (an IP address, a Unix socket directory, hostaddr given, or no host at all). Several
// hosts ("a,b") must be IP addresses or come with hostaddr: that is an error naming the setting.
std::expected<std::string, std::string> host_to_look_up(const std::string& conninfo);

class pool {
public:
    // `conninfo` is a libpq connection string or URL. Connects in the background at start().
    // `outage_grace_ms`: for so long after the last connection went down (or after start()), a
    // query waits for a connection to come back instead of failing at once; a failover or a
    // planned switchover behind HAProxy takes a few seconds, and a visitor should see a slow
    // answer then, not an error. Past it, queries fail at once until a connection is up (0: at once).
    pool(uv_loop_t* loop, std::string conninfo, int size, int queue_limit, int query_timeout_ms,
         int outage_grace_ms = 0);
    ~pool();
    pool(const pool&) = delete;
    pool& operator=(const pool&) = delete;

    void start();
    // Closes every connection; pending queries fail with unavailable. Call before the loop ends.
    void close();

    // Runs one statement outside a transaction (autocommit). `sql` must stay valid until the task
    // finishes (it is normally a literal); it is also the key of the prepared statement.
    task<expected<result_set>> query(std::string_view sql, params p = {});
    // The same, but it never waits out an outage (the grace): with no connection up and none
    // being made it fails at once. For the health check, which must say "down" quickly.
    task<expected<result_set>> query_without_waiting(std::string_view sql);
    // A statement that only reads (no INSERT/UPDATE/DELETE, no function that writes). Like query(),
    // but it also runs once more when its connection merely broke: a read commits nothing, so
    // repeating it cannot do anything twice. A switchover closes sessions mid-statement.
    task<expected<result_set>> read(std::string_view sql, params p = {});
    // Takes a connection and sends BEGIN.
    task<expected<transaction>> begin();

    pool_stats stats() const noexcept;
    // How often a statement, a BEGIN or a transaction (in_transaction) runs at most when the
    // database went away under it, or a deadlock or serialization failure rolled it back: the
    // pool's size + 1.
    int attempts_after_a_lost_session() const noexcept;

private:
    friend class transaction;
    friend class connection;
    struct impl;
    task<expected<result_set>> statement(std::string_view sql, params p, bool only_reads);
    std::unique_ptr<impl> impl_;
};

// Runs `body` (a coroutine taking the transaction, which commits it and returns a
// std::expected<T, app_error>) on a transaction from `p`. When the database went away under it
// before COMMIT was sent (a switchover, a failover: transaction::interrupted()), nothing of it
// committed, and it runs once more on a new transaction, which first waits out the outage (the
// pool's grace). So a write a visitor sends during a planned switchover succeeds instead of 503.
// A COMMIT whose answer was lost is settled by asking the database (transaction::commit()).
// A deadlock or a serialization failure (transaction::conflicted()) rolled it back as well, and
// it runs again the same way: the other party of the conflict has its locks by then, so the next
// attempt waits for it instead of failing (a migration's ALTER TABLE, a concurrent writer).
// `body` must do nothing outside the transaction that cannot be done twice (send no mail, write
// no Redis key): it may run two times.
template <typename Body>
auto in_transaction(pool& p, Body body) -> decltype(body(std::declval<transaction&>())) {
    for (int attempt = 1;; ++attempt) {
        auto tx = co_await p.begin();
        if (!tx) co_return std::unexpected(tx.error().to_app_error());
        auto r = co_await body(*tx);
        if (r || attempt >= p.attempts_after_a_lost_session() || !(tx->interrupted() || tx->conflicted())) co_return r;
    }
}

}  // namespace jh::pg
