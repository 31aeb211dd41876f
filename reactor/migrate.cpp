// migrate.cpp: see migrate.h.
//
// This file uses BLOCKING libpq (PQconnectdb, PQexec) on purpose: migrations run before any loop
// starts, from `jobhafen migrate` and at the start of `jobhafen serve`, where waiting is right.
// It is the one file under reactor/ allowed to do so; everything on a loop goes through pg.h.
#include "reactor/migrate.h"

#include <libpq-fe.h>
#include <sodium.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <thread>
#include <vector>

#include "reactor/config.h"
#include "reactor/source_dir.h"

namespace jh {

namespace {

namespace fs = std::filesystem;

// The advisory lock every migrating process takes ("jobh"): a second process waits until the
// first is done and then finds nothing left to apply.
constexpr const char* lock_sql = "SELECT pg_advisory_lock(1785684584)";
constexpr const char* unlock_sql = "SELECT pg_advisory_unlock(1785684584)";

constexpr const char* create_table_sql =
    "CREATE TABLE IF NOT EXISTS schema_migrations ("
    " version integer PRIMARY KEY,"
    " name text NOT NULL,"
    " checksum text NOT NULL,"
    " applied_at timestamptz NOT NULL DEFAULT now())";

constexpr const char* create_repeatable_table_sql =
    "CREATE TABLE IF NOT EXISTS schema_repeatable_migrations ("
    " name text PRIMARY KEY,"
    " checksum text NOT NULL,"
    " applied_at timestamptz NOT NULL DEFAULT now())";

struct migration_file {
    int version = 0;
    std::string name;    // "0004_accounts"
    std::string shown;   // "migrations/0004_accounts.sql", for messages
    fs::path path;
};

struct applied_row {
    std::string name;
    std::string checksum;
};

using conn_ptr = std::unique_ptr<PGconn, decltype(&PQfinish)>;
using result_ptr = std::unique_ptr<PGresult, decltype(&PQclear)>;

std::string trimmed(const char* s) {
    std::string out = s ? s : "";
    while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
    return out;
}

std::string sha256_hex(const std::string& data) {
    unsigned char digest[crypto_hash_sha256_BYTES];
    crypto_hash_sha256(digest, reinterpret_cast<const unsigned char*>(data.data()), data.size());
    char hex[crypto_hash_sha256_BYTES * 2 + 1];
    sodium_bin2hex(hex, sizeof hex, digest, sizeof digest);
    return hex;
}

std::expected<std::string, std::string> read_whole(const migration_file& f) {
    std::ifstream in(f.path, std::ios::binary);
    if (!in) return std::unexpected(f.shown + " cannot be read");
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// "0003_jobs.sql" → 3; -1 when the name does not follow NNNN_name.sql.
int version_of(const std::string& filename) {
    if (!filename.ends_with(".sql")) return -1;
    std::size_t digits = 0;
    while (digits < filename.size() && filename[digits] >= '0' && filename[digits] <= '9') ++digits;
    if (digits < 4 || digits > 9 || filename.size() <= digits + 5 || filename[digits] != '_') return -1;
    for (std::size_t i = digits + 1; i + 4 < filename.size(); ++i) {
        char c = filename[i];
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
        if (!ok) return -1;
    }
    return std::stoi(filename.substr(0, digits));
}

std::expected<std::vector<migration_file>, std::string> list_migrations(const std::string& dir) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return std::unexpected("there is no migrations folder at " + dir);
    // Messages name files the way a developer sees them: "migrations/0003_x.sql".
    fs::path shown_dir = fs::path(dir).lexically_normal();
    if (!shown_dir.has_filename()) shown_dir = shown_dir.parent_path();
    shown_dir = shown_dir.filename();

    std::vector<migration_file> files;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        std::string filename = entry.path().filename().string();
        if (!filename.ends_with(".sql")) continue;
        std::string shown = (shown_dir / filename).string();
        int version = version_of(filename);
        if (version < 0) return std::unexpected(shown + " is not named NNNN_name.sql");
        files.push_back({version, filename.substr(0, filename.size() - 4), shown, entry.path()});
    }
    if (ec) return std::unexpected("cannot list " + dir + ": " + ec.message());
    std::sort(files.begin(), files.end(), [](const auto& a, const auto& b) { return a.version < b.version; });
    for (std::size_t i = 1; i < files.size(); ++i)
        if (files[i].version == files[i - 1].version)
            return std::unexpected(files[i - 1].shown + " and " + files[i].shown + " have the same number");
    return files;
}

// "R__jh_job_search.sql" → true: R__, then letters, digits, '_' or '-'.
bool is_repeatable_name(const std::string& filename) {
    if (!filename.starts_with("R__") || !filename.ends_with(".sql") || filename.size() <= 7) return false;
    for (std::size_t i = 3; i + 4 < filename.size(); ++i) {
        char c = filename[i];
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
        if (!ok) return false;
    }
    return true;
}

// migrations/repeatable/R__name.sql in name order; none when the folder does not exist.
std::expected<std::vector<migration_file>, std::string> list_repeatables(const std::string& dir) {
    std::error_code ec;
    fs::path folder = fs::path(dir) / "repeatable";
    std::vector<migration_file> files;
    if (!fs::is_directory(folder, ec)) return files;
    fs::path shown_dir = fs::path(dir).lexically_normal();
    if (!shown_dir.has_filename()) shown_dir = shown_dir.parent_path();
    shown_dir = shown_dir.filename() / "repeatable";
    for (const auto& entry : fs::directory_iterator(folder, ec)) {
        std::string filename = entry.path().filename().string();
        if (!filename.ends_with(".sql")) continue;
        std::string shown = (shown_dir / filename).string();
        if (!is_repeatable_name(filename)) return std::unexpected(shown + " is not named R__name.sql");
        files.push_back({0, filename.substr(0, filename.size() - 4), shown, entry.path()});
    }
    if (ec) return std::unexpected("cannot list " + folder.string() + ": " + ec.message());
    std::sort(files.begin(), files.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    return files;
}

// Runs `sql` (one or more statements); the error text when it failed.
std::optional<std::string> exec(PGconn* c, const char* sql) {
    result_ptr r(PQexec(c, sql), &PQclear);   // blocking on purpose: never runs on a loop
    auto st = PQresultStatus(r.get());
    if (st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK || st == PGRES_EMPTY_QUERY) return std::nullopt;
    return trimmed(r ? PQresultErrorMessage(r.get()) : PQerrorMessage(c));
}

void notice_to_log(void*, const char* message) { spdlog::debug("migrate: {}", trimmed(message)); }

// A migration's lock waits. A statement such as ALTER TABLE waits for an ACCESS EXCLUSIVE lock,
// and while it waits every later reader of that table queues behind it: on a live site one
// long read would stall all of them. So each wait is bounded (lock_timeout) and the whole file
// tries again a little later, until it gets its locks between two reads; a deadlock with the
// site's statements (40P01) is handled the same way. Bounded overall: past the last try the run
// stops and says why (docs/running.md, "Migrations").
constexpr const char* lock_timeout_sql = "SET LOCAL lock_timeout = '500ms'";
constexpr auto lock_retry_for = std::chrono::minutes(5);
constexpr auto lock_retry_pause_first = std::chrono::milliseconds(100);
constexpr auto lock_retry_pause_most = std::chrono::milliseconds(2000);

struct failure {
    std::string sqlstate;
    std::string message;
    // The lock wait ran past lock_timeout (55P03) or ended a deadlock (40P01): try again.
    bool lock_wait() const { return sqlstate == "55P03" || sqlstate == "40P01"; }
};

std::optional<failure> failure_of(const PGresult* r, PGconn* c) {
    const char* state = r ? PQresultErrorField(r, PG_DIAG_SQLSTATE) : nullptr;
    return failure{state ? state : "", trimmed(r ? PQresultErrorMessage(r) : PQerrorMessage(c))};
}

// Like exec(), with the SQLSTATE of the failure.
std::optional<failure> exec_with_state(PGconn* c, const char* sql) {
    result_ptr r(PQexec(c, sql), &PQclear);   // blocking on purpose: never runs on a loop
    auto st = PQresultStatus(r.get());
    if (st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK || st == PGRES_EMPTY_QUERY) return std::nullopt;
    return failure_of(r.get(), c);
}

// Runs `text` and then `record` (parameters `values`) in one transaction, its lock waits bounded;
// the failure when it failed (and was rolled back).
std::optional<failure> apply_once(PGconn* c, const std::string& text, const char* record, const std::vector<const char*>& values) {
    if (auto e = exec_with_state(c, "BEGIN")) return failure{e->sqlstate, "cannot begin a transaction: " + e->message};
    auto failed = exec_with_state(c, lock_timeout_sql);
    if (!failed) failed = exec_with_state(c, text.c_str());
    if (!failed) {
        // Blocking on purpose: never runs on a loop.
        result_ptr r(PQexecParams(c, record, static_cast<int>(values.size()), nullptr, values.data(), nullptr, nullptr, 0),   // before any loop
                     &PQclear);
        if (PQresultStatus(r.get()) != PGRES_COMMAND_OK) failed = failure_of(r.get(), c);
    }
    if (!failed) failed = exec_with_state(c, "COMMIT");
    if (failed) exec(c, "ROLLBACK");
    return failed;
}

// apply_once until it got its locks (or failed for another reason, or lock_retry_for passed);
// the error text when it failed in the end. Pauses between tries grow and vary a little, so two
// migrating processes or a burst of reads do not meet again at the same moment.
std::optional<std::string> apply_in_transaction(PGconn* c, const std::string& text, const char* record,
                                                const std::vector<const char*>& values, const std::string& shown) {
    auto started = std::chrono::steady_clock::now();
    auto pause = lock_retry_pause_first;
    for (int attempt = 1;; ++attempt) {
        auto failed = apply_once(c, text, record, values);
        if (!failed) return std::nullopt;
        if (!failed->lock_wait()) return failed->message;
        if (std::chrono::steady_clock::now() - started + pause > lock_retry_for)
            return failed->message + " (it did not get its locks in " + std::to_string(attempt) + " tries over " +
                   std::to_string(std::chrono::duration_cast<std::chrono::seconds>(lock_retry_for).count()) +
                   " s; something holds them: see pg_locks)";
        auto jitter = std::chrono::milliseconds(randombytes_uniform(static_cast<std::uint32_t>(pause.count() / 2 + 1)));
        spdlog::warn("migrate: {} did not get its locks ({}); trying again in {} ms", shown, failed->message,
                     (pause + jitter).count());
        std::this_thread::sleep_for(pause + jitter);   // blocking on purpose: never runs on a loop
        pause = std::min(pause * 2, lock_retry_pause_most);
    }
}

// The repeatable files (functions and views: one current definition each), after the numbered
// ones: a file whose checksum differs from the one recorded (or that was never applied) runs
// again, each in its own transaction with its row. Returns how many ran.
std::expected<int, std::string> apply_repeatables(PGconn* c, const std::vector<migration_file>& files) {
    if (files.empty()) return 0;
    if (auto e = exec(c, create_repeatable_table_sql)) return std::unexpected("cannot create schema_repeatable_migrations: " + *e);
    std::map<std::string, std::string> applied;
    {
        result_ptr r(PQexec(c, "SELECT name, checksum FROM schema_repeatable_migrations"), &PQclear);   // before any loop
        if (PQresultStatus(r.get()) != PGRES_TUPLES_OK)
            return std::unexpected("cannot read schema_repeatable_migrations: " + trimmed(PQresultErrorMessage(r.get())));
        for (int i = 0; i < PQntuples(r.get()); ++i) applied[PQgetvalue(r.get(), i, 0)] = PQgetvalue(r.get(), i, 1);
    }
    int count = 0;
    for (const auto& f : files) {
        auto text = read_whole(f);
        if (!text) return std::unexpected(text.error());
        std::string sum = sha256_hex(*text);
        if (auto it = applied.find(f.name); it != applied.end() && it->second == sum) continue;
        auto failed = apply_in_transaction(c, *text,
                                           "INSERT INTO schema_repeatable_migrations (name, checksum) VALUES ($1, $2) "
                                           "ON CONFLICT (name) DO UPDATE SET checksum = EXCLUDED.checksum, applied_at = now()",
                                           {f.name.c_str(), sum.c_str()}, f.shown);
        if (failed) return std::unexpected(f.shown + " failed and was rolled back: " + *failed);
        spdlog::info("migrate: applied {}", f.shown);
        ++count;
    }
    return count;
}

std::expected<int, std::string> migrate_locked(PGconn* c, const std::vector<migration_file>& files,
                                               const std::vector<migration_file>& repeatables) {
    if (auto e = exec(c, create_table_sql)) return std::unexpected("cannot create schema_migrations: " + *e);

    std::map<int, applied_row> applied;
    {
        // Blocking on purpose, like everything in this file: it never runs on a loop.
        result_ptr r(PQexec(c, "SELECT version, name, checksum FROM schema_migrations"), &PQclear);   // before any loop
        if (PQresultStatus(r.get()) != PGRES_TUPLES_OK)
            return std::unexpected("cannot read schema_migrations: " + trimmed(PQresultErrorMessage(r.get())));
        for (int i = 0; i < PQntuples(r.get()); ++i)
            applied[std::stoi(PQgetvalue(r.get(), i, 0))] = {PQgetvalue(r.get(), i, 1), PQgetvalue(r.get(), i, 2)};
    }

    // Every applied file is checked before anything new is applied, so a changed file stops the
    // run with the database untouched.
    struct pending_file {
        const migration_file* file;
        std::string text;
        std::string checksum;
    };
    std::vector<pending_file> pending;
    for (const auto& f : files) {
        auto text = read_whole(f);
        if (!text) return std::unexpected(text.error());
        std::string sum = sha256_hex(*text);
        auto it = applied.find(f.version);
        if (it == applied.end()) {
            pending.push_back({&f, std::move(*text), std::move(sum)});
        } else if (it->second.checksum != sum) {
            return std::unexpected(f.shown + " was changed after it was applied (checksum " + it->second.checksum +
                                   ", now " + sum + "); add a new migration instead");
        }
    }

    int count = 0;
    for (const auto& [f, text, sum] : pending) {
        // The file and its row commit together or not at all.
        std::string version = std::to_string(f->version);
        auto failed = apply_in_transaction(c, text, "INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)",
                                           {version.c_str(), f->name.c_str(), sum.c_str()}, f->shown);
        if (failed) return std::unexpected(f->shown + " failed and was rolled back: " + *failed);
        spdlog::info("migrate: applied {}", f->shown);
        ++count;
    }
    auto repeated = apply_repeatables(c, repeatables);
    if (!repeated) return std::unexpected(repeated.error());
    return count + *repeated;
}

}  // namespace

// Blocking libpq (PQconnectdb, PQexec) is intended here: this runs before any loop starts, from
// `jobhafen migrate` and at the start of `jobhafen serve`.
std::expected<int, std::string> migrate_database(const std::string& conninfo, const std::string& migrations_dir) {
    if (sodium_init() < 0) return std::unexpected("libsodium could not be initialised");
    auto files = list_migrations(migrations_dir);
    if (!files) return std::unexpected(files.error());
    auto repeatables = list_repeatables(migrations_dir);
    if (!repeatables) return std::unexpected(repeatables.error());

    // Defaults come first so that the URL can override them; connect_timeout keeps an
    // unreachable server from stalling the start for minutes.
    const char* keywords[] = {"connect_timeout", "fallback_application_name", "dbname", nullptr};
    const char* values[] = {"10", "jobhafen migrate", conninfo.c_str(), nullptr};
    conn_ptr c(PQconnectdbParams(keywords, values, 1), &PQfinish);
    if (!c || PQstatus(c.get()) != CONNECTION_OK)
        return std::unexpected("cannot connect to the database: " + trimmed(c ? PQerrorMessage(c.get()) : "out of memory"));
    PQsetNoticeProcessor(c.get(), notice_to_log, nullptr);

    if (auto e = exec(c.get(), lock_sql)) return std::unexpected("cannot take the migration lock: " + *e);
    auto result = migrate_locked(c.get(), *files, *repeatables);
    exec(c.get(), unlock_sql);   // closing the session would release it too
    return result;
}

int migrate_command(const config& cfg) {
    std::error_code ec;
    std::string dir = fs::is_directory("migrations", ec) ? "migrations" : source_path("migrations");
    auto applied = migrate_database(cfg.database_url, dir);
    if (!applied) {
        std::fprintf(stderr, "migrate: %s\n", applied.error().c_str());
        std::fflush(stderr);
        return 1;
    }
    std::printf("applied %d migrations\n", *applied);
    std::fflush(stdout);
    return 0;
}

}  // namespace jh
