// index_service.h: keeps a process's job index current. A thread of its own (never a loop thread)
// with its own blocking libpq connection (and a second one while a full load reads the cards): it
// loads every live job and the reference data (slugs of activities, employment types, industries,
// job types), builds a snapshot and publishes it;
// then it LISTENs on jh_job_index (migrations/0061: every write of job_postings or
// job_posting_locations notifies the ids at commit) and re-reads only the changed jobs, patching
// them into the next generation (job_snapshot::patch; "*" or a lost connection loads everything
// anew). The published generation is the only copy of the catalogue the process keeps: the
// records a build reads are dropped once it is built. Cards and ranking texts are read for the
// newest `kept_cards` jobs only (search.index_cards). Readers take the current generation with one
// atomic shared_ptr load: no lock on the read path, and an old generation lives on until its last
// reader drops it. Until the first build is published, current() is null and the caller answers
// from SQL. Used by `jobhafen serve`; the alerts worker uses the loader functions directly.
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

#include "search/job_card.h"
#include "search/job_index.h"

typedef struct pg_conn PGconn;

namespace jh::search {

// Slugs (and ids as text) → ids, as jh_activity_ids & co. resolve them.
struct reference_data {
    std::unordered_map<std::string, int> activities, employment_types, industries;
    struct job_type {
        std::string name;
        std::vector<int> activity_ids, employment_type_ids;
    };
    std::unordered_map<std::string, job_type> job_types;
    std::vector<std::string> job_type_order;   // slugs as jh_job_totals lists them (sort_order, id)
};

struct index_generation {
    std::shared_ptr<const job_snapshot> jobs;
    std::shared_ptr<const reference_data> refs;
    // The texts its cards share (search/job_card.h, card_strings): a card keeps pointers into them,
    // not the pool itself, so whoever reads a generation's cards holds the generation. Every card of
    // a generation is from one pool: a full load starts a new pool and a new store of cards, and
    // each patch after it adds cards made with that pool.
    std::shared_ptr<const card_strings> card_texts;
    std::int64_t build_ms = 0;     // how long the snapshot took to build
    // 1, 2, 3, … in the order the generations were published: what an answer kept in memory was
    // made from (reactor/answer_cache.h); a different number means the catalogue changed since.
    std::uint64_t number = 0;
};

// Blocking reads on `conn`. The live jobs published after `after_us` (µs since 1970) and not after
// now(): what the alerts matcher looks at (lexemes without positions: it does not rank).
std::expected<std::vector<job_record>, std::string> load_live_jobs_published_after(PGconn* conn, std::int64_t after_us);
std::expected<reference_data, std::string> load_reference_data(PGconn* conn);
// The list cards of `jobs` (as jh_job_cards gives them without a point) into their `card`, the
// texts many share interned into `pool`; a job that is gone meanwhile keeps none.
std::expected<void, std::string> load_cards(PGconn* conn, std::vector<job_record>& jobs, const std::shared_ptr<card_strings>& pool);

// Per job id its free shifts (search/free_shifts.h), as a full load reads them for all at once.
using free_shifts_by_job = std::unordered_map<std::int64_t, std::vector<std::int64_t>>;

class index_service {
public:
    // `kept_cards`: how many of the newest jobs keep their card and ranking text in memory.
    index_service(std::string database_url, std::size_t kept_cards);
    ~index_service();
    index_service(const index_service&) = delete;
    index_service& operator=(const index_service&) = delete;

    // The newest generation, or null before the first build.
    std::shared_ptr<const index_generation> current() const noexcept { return current_.load(std::memory_order_acquire); }

private:
    // What a full load read: every live job (texts as numbers of `terms`, a dictionary of its own).
    struct catalogue {
        std::vector<job_record> jobs;
        std::shared_ptr<term_dictionary> terms;
        std::shared_ptr<const reference_data> refs;
        std::shared_ptr<card_strings> cards;                  // the texts the cards share
    };
    void run();
    bool connect_and_listen();
    bool reload_everything();
    std::optional<catalogue> load_catalogue();
    std::expected<std::vector<std::int64_t>, std::string> newest_ids();
    std::expected<void, std::string> read_in_full(const std::vector<std::int64_t>& ids, bool every_live_job, catalogue& c,
                                                  free_shifts_by_job& shifts);
    std::expected<std::vector<job_record>, std::string> read_all_but(const std::vector<std::int64_t>& skip, term_dictionary& terms);
    bool catch_up(catalogue& c);
    void publish(catalogue c);
    bool apply_changes(const std::vector<std::int64_t>& ids);
    // The current generation's jobs under a new number: what answers show changed, no job (0396).
    void republish();
    void wait_for_notifications();
    void drop_connection();

    std::string url_;
    std::size_t kept_cards_;
    PGconn* conn_ = nullptr;
    std::shared_ptr<term_dictionary> terms_;                 // the published generation's, shared with it
    std::shared_ptr<const reference_data> refs_;
    std::shared_ptr<card_strings> cards_;                    // the published generation's cards' pool
    std::atomic<std::shared_ptr<const index_generation>> current_;
    std::uint64_t published_ = 0;                            // the last generation's number (index thread only)
    std::string load_phases_;                                // a full load's phases and their times, for its log line
    bool reload_pending_ = false;                            // a "*" came during a full load
    std::atomic<bool> stop_{false};
    int wake_[2] = {-1, -1};
    std::thread thread_;
};

// The number of `index`'s current generation, or none (no index: search.index off; or not built
// yet): what an answer kept in memory is checked against (reactor/answer_cache.h).
inline std::optional<std::uint64_t> generation_number(const index_service* index) noexcept {
    auto generation = index ? index->current() : nullptr;
    if (!generation) return std::nullopt;
    return generation->number;
}

}  // namespace jh::search
