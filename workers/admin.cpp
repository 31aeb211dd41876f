// admin.cpp: see admin.h.
#include "workers/admin.h"

#include <charconv>
#include <optional>
#include <cstdio>

#include "reactor/config.h"
#include "workers/db.h"

namespace jh::workers {

namespace {

constexpr const char* dead_sql =
    "SELECT id, kind, attempts, to_char(finished_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS\"Z\"'),"
    "  idempotency_key, coalesce(last_error, '') "
    "FROM queue_jobs WHERE status = 'dead' ORDER BY finished_at DESC, id DESC LIMIT $1";

constexpr const char* retry_sql =
    "UPDATE queue_jobs SET status = 'pending', attempts = 0, run_at = now(), finished_at = NULL "
    "WHERE id = $1 AND status = 'dead'";

constexpr const char* stats_sql =
    "SELECT kind, status, count(*) FROM queue_jobs GROUP BY kind, status ORDER BY kind, status";

void print_usage() {
    std::fputs(
        "Usage: jobhafen admin jobs --dead [--limit N]   list dead jobs with their last error\n"
        "       jobhafen admin jobs --retry ID           put a dead job back into the queue\n"
        "       jobhafen admin jobs --stats              count jobs per kind and status\n",
        stderr);
}

std::optional<std::int64_t> parse_number(const std::string& s) {
    std::int64_t v = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc{} || p != s.data() + s.size() || v < 0) return std::nullopt;
    return v;
}

// One line per dead job, tab-separated: id, kind, attempts, died at, key, last error.
int list_dead(db& d, std::int64_t limit) {
    pg::params p;
    p.add(limit);
    auto r = d.exec(dead_sql, p);
    if (!r) {
        std::fprintf(stderr, "jobhafen admin jobs: %s\n", r.error().c_str());
        return 1;
    }
    std::printf("id\tkind\tattempts\tdied_at\tidempotency_key\tlast_error\n");
    for (int i = 0; i < r->rows(); ++i) {
        std::string error(r->text(i, 5));
        for (char& c : error)
            if (c == '\n' || c == '\t') c = ' ';
        std::printf("%.*s\t%.*s\t%.*s\t%.*s\t%.*s\t%s\n", static_cast<int>(r->text(i, 0).size()), r->text(i, 0).data(),
                    static_cast<int>(r->text(i, 1).size()), r->text(i, 1).data(), static_cast<int>(r->text(i, 2).size()),
                    r->text(i, 2).data(), static_cast<int>(r->text(i, 3).size()), r->text(i, 3).data(),
                    static_cast<int>(r->text(i, 4).size()), r->text(i, 4).data(), error.c_str());
    }
    std::fprintf(stderr, "%d dead job(s)\n", r->rows());
    return 0;
}

int retry_dead(db& d, std::int64_t id) {
    pg::params p;
    p.add(id);
    auto r = d.exec(retry_sql, p);
    if (!r) {
        std::fprintf(stderr, "jobhafen admin jobs: %s\n", r.error().c_str());
        return 1;
    }
    if (r->affected() == 0) {
        std::fprintf(stderr, "jobhafen admin jobs: no dead job with id %lld\n", static_cast<long long>(id));
        return 1;
    }
    // The workers poll, so the job runs within queue.poll_interval_ms without a wake-up.
    std::printf("job %lld is pending again\n", static_cast<long long>(id));
    return 0;
}

int print_stats(db& d) {
    auto r = d.exec(stats_sql);
    if (!r) {
        std::fprintf(stderr, "jobhafen admin jobs: %s\n", r.error().c_str());
        return 1;
    }
    std::printf("kind\tstatus\tjobs\n");
    for (int i = 0; i < r->rows(); ++i)
        std::printf("%s\t%s\t%s\n", std::string(r->text(i, 0)).c_str(), std::string(r->text(i, 1)).c_str(), std::string(r->text(i, 2)).c_str());
    return 0;
}

}  // namespace

int admin_jobs_command(const config& cfg, const std::vector<std::string>& args) {
    std::optional<std::string> mode;
    std::int64_t limit = 100, id = -1;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--dead" || args[i] == "--stats") {
            mode = args[i];
        } else if (args[i] == "--retry" && i + 1 < args.size()) {
            mode = args[i];
            auto n = parse_number(args[++i]);
            if (!n) return print_usage(), 2;
            id = *n;
        } else if (args[i] == "--limit" && i + 1 < args.size()) {
            auto n = parse_number(args[++i]);
            if (!n) return print_usage(), 2;
            limit = *n;
        } else {
            print_usage();
            return 2;
        }
    }
    if (!mode) {
        print_usage();
        return 2;
    }
    db d(cfg.database_url);
    if (auto c = d.ensure_connected(); !c) {
        std::fprintf(stderr, "jobhafen admin jobs: %s\n", c.error().c_str());
        return 1;
    }
    if (*mode == "--dead") return list_dead(d, limit);
    if (*mode == "--retry") return retry_dead(d, id);
    return print_stats(d);
}

}  // namespace jh::workers
