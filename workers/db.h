// db.h: a BLOCKING PostgreSQL connection for the worker processes and the admin commands.
//
// Workers are separate processes, not reactor threads: they do one thing at a time, so a blocking
// libpq call is the simple and right tool here (never include this from reactor/ or actors/).
// Statements are prepared once per connection (keyed by their SQL text, which must be static);
// results reuse pg::result_set. When the connection breaks, the next call reconnects.
#pragma once

#include <libpq-fe.h>

#include <cstdint>
#include <expected>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "reactor/pg.h"

namespace jh::workers {

class db {
public:
    explicit db(std::string conninfo) : conninfo_(std::move(conninfo)) {}
    db(const db&) = delete;
    db& operator=(const db&) = delete;

    // SQL run on every new connection (e.g. "SET synchronous_commit = off").
    void set_session_sql(std::string sql) { session_sql_ = std::move(sql); }

    // Connects when not connected; returns an error text when that fails.
    std::expected<void, std::string> ensure_connected();
    bool connected() const noexcept { return conn_ && PQstatus(conn_.get()) == CONNECTION_OK; }
    // Drops the connection; the next call connects again.
    void reset() noexcept;
    // The connection itself, for readers that take a PGconn (search/index_service.h); null when
    // not connected.
    PGconn* native() const noexcept { return conn_.get(); }

    // Runs one statement. `sql` must outlive the connection (a literal): it keys the prepared
    // statement. Errors carry PostgreSQL's message.
    std::expected<pg::result_set, std::string> exec(const char* sql, const pg::params& p = {});
    // exec() with one bigint parameter, returning how many rows it changed (the purges).
    std::expected<std::int64_t, std::string> exec_affected(const char* sql, std::int64_t arg);
    // exec() of a statement whose answer is one bigint (first row, first column): the count a
    // housekeeping function returns (workers/retention.cpp).
    std::expected<std::int64_t, std::string> exec_count(const char* sql, const pg::params& p = {});
    // Runs SQL without parameters and without preparing (SET, VACUUM, several statements).
    std::expected<pg::result_set, std::string> exec_simple(const std::string& sql);

private:
    std::expected<pg::result_set, std::string> check(PGresult* r);
    std::string conninfo_;
    std::string session_sql_;
    std::unique_ptr<PGconn, decltype(&PQfinish)> conn_{nullptr, &PQfinish};
    std::map<const char*, std::string> prepared_;   // SQL text pointer → statement name
};

// For the commands (admin, seed): a statement's rows, or nothing after printing on stderr
// "<who>: <why>" — e.g. or_say(d.exec(sql, p), "jobhafen admin jobs").
std::optional<pg::result_set> or_say(std::expected<pg::result_set, std::string> r, const char* who);

}  // namespace jh::workers
