// db.cpp: see db.h. Blocking libpq, by design (worker processes and admin commands only).
#include "workers/db.h"

#include <cstdio>

namespace jh::workers {

namespace {
std::string trimmed(const char* s) {
    std::string out = s ? s : "";
    while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
    return out;
}
}  // namespace

std::expected<void, std::string> db::ensure_connected() {
    if (connected()) return {};
    reset();
    conn_.reset(PQconnectdb(conninfo_.c_str()));
    if (!conn_ || PQstatus(conn_.get()) != CONNECTION_OK) {
        std::string why = conn_ ? trimmed(PQerrorMessage(conn_.get())) : "out of memory";
        conn_.reset();
        return std::unexpected("cannot connect to PostgreSQL: " + why);
    }
    PQsetNoticeProcessor(conn_.get(), [](void*, const char*) {}, nullptr);
    if (!session_sql_.empty()) {
        pg::result_set r(PQexec(conn_.get(), session_sql_.c_str()));
        if (PQstatus(conn_.get()) != CONNECTION_OK) {
            reset();
            return std::unexpected("cannot set up the PostgreSQL session");
        }
    }
    return {};
}

void db::reset() noexcept {
    conn_.reset();
    prepared_.clear();
}

std::expected<pg::result_set, std::string> db::check(PGresult* r) {
    pg::result_set rs(r);
    auto st = PQresultStatus(r);
    if (st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK) return rs;
    std::string msg = trimmed(r ? PQresultErrorMessage(r) : PQerrorMessage(conn_.get()));
    if (msg.empty()) msg = trimmed(PQerrorMessage(conn_.get()));
    if (PQstatus(conn_.get()) != CONNECTION_OK) reset();
    return std::unexpected(msg);
}

std::expected<std::int64_t, std::string> db::exec_affected(const char* sql, std::int64_t arg) {
    pg::params p;
    p.add(arg);
    auto r = exec(sql, p);
    if (!r) return std::unexpected(r.error());
    return r->affected();
}

std::expected<std::int64_t, std::string> db::exec_count(const char* sql, const pg::params& p) {
    auto r = exec(sql, p);
    if (!r) return std::unexpected(r.error());
    return r->int64(0, 0);
}

std::expected<pg::result_set, std::string> db::exec(const char* sql, const pg::params& p) {
    if (auto c = ensure_connected(); !c) return std::unexpected(c.error());
    auto it = prepared_.find(sql);
    if (it == prepared_.end()) {
        std::string name = "w" + std::to_string(prepared_.size() + 1);
        auto r = check(PQprepare(conn_.get(), name.c_str(), sql, 0, nullptr));
        if (!r) return std::unexpected(r.error());
        it = prepared_.emplace(sql, std::move(name)).first;
    }
    auto values = p.pointers();
    return check(PQexecPrepared(conn_.get(), it->second.c_str(), p.count(), values.data(), nullptr, nullptr, 0));
}

std::expected<pg::result_set, std::string> db::exec_simple(const std::string& sql) {
    if (auto c = ensure_connected(); !c) return std::unexpected(c.error());
    return check(PQexec(conn_.get(), sql.c_str()));
}

std::optional<pg::result_set> or_say(std::expected<pg::result_set, std::string> r, const char* who) {
    if (r) return std::move(*r);
    std::fprintf(stderr, "%s: %s\n", who, r.error().c_str());
    return std::nullopt;
}

}  // namespace jh::workers
