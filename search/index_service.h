// index_service.h: keeps a process's job index current. A thread of its own (never a loop thread)
// with its own blocking libpq connection: it loads every live job and the reference data (slugs
// of activities, employment types, industries, job types), builds a snapshot and publishes it;
// then it LISTENs on jh_job_index (migrations/0061: every write of job_postings or
// job_posting_locations notifies the ids at commit) and re-reads only the changed jobs, patching
// them into the next generation (job_snapshot::patch; a large batch or "*" builds it anew). Readers
// take the current generation with one atomic shared_ptr load: no lock on the read path, and an
// old generation lives on until its last reader drops it. Until the first build is published,
// current() is null and the caller answers from SQL. Used by `jobhafen serve`; the alerts worker
// can use the loader functions directly.
#pragma once

#include <atomic>
#include <cstdint>
#include <expected>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "search/job_index.h"

typedef struct pg_conn PGconn;

namespace jh::search {

// Slugs (and ids as text) → ids, as jh_activity_ids & co. resolve them.
struct reference_data {
    std::unordered_map<std::string, int> activities, employment_types, industries;
    struct job_type {
        std::vector<int> activity_ids, employment_type_ids;
    };
    std::unordered_map<std::string, job_type> job_types;
};

struct index_generation {
    std::shared_ptr<const job_snapshot> jobs;
    std::shared_ptr<const reference_data> refs;
    std::int64_t build_ms = 0;     // how long the snapshot took to build
};

// Blocking reads on `conn`. `only`: just these jobs (those of them that are live).
std::expected<std::vector<job_record>, std::string> load_live_jobs(PGconn* conn, const std::vector<std::int64_t>* only = nullptr);
// The live jobs published after `after_us` (µs since 1970) and not after now(): what the alerts
// matcher looks at.
std::expected<std::vector<job_record>, std::string> load_live_jobs_published_after(PGconn* conn, std::int64_t after_us);
std::expected<reference_data, std::string> load_reference_data(PGconn* conn);
// The list cards of `jobs` (jh_job_cards without a point) into their `card`; a job that is gone
// meanwhile keeps none.
std::expected<void, std::string> load_cards(PGconn* conn, std::vector<job_record>& jobs);

class index_service {
public:
    explicit index_service(std::string database_url);
    ~index_service();
    index_service(const index_service&) = delete;
    index_service& operator=(const index_service&) = delete;

    // The newest generation, or null before the first build.
    std::shared_ptr<const index_generation> current() const noexcept { return current_.load(std::memory_order_acquire); }

private:
    void run();
    bool connect_and_listen();
    bool full_load();
    bool apply_changes(const std::vector<std::int64_t>& ids);
    // Reads `ids` again into records_; their live records, or none when a query failed.
    std::optional<std::vector<const job_record*>> reload_records(const std::vector<std::int64_t>& ids);
    bool catch_up();
    void publish();
    void wait_for_notifications();
    void number_terms(std::vector<job_record>& jobs);

    std::string url_;
    PGconn* conn_ = nullptr;
    std::unordered_map<std::int64_t, job_record> records_;   // the thread's master copy (texts as term numbers)
    std::shared_ptr<term_dictionary> terms_;                 // shared with the generations built from it
    std::shared_ptr<const reference_data> refs_;
    std::atomic<std::shared_ptr<const index_generation>> current_;
    std::atomic<bool> stop_{false};
    int wake_[2] = {-1, -1};
    std::thread thread_;
};

}  // namespace jh::search
