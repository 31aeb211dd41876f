// index_service.cpp: see index_service.h.
#include "search/index_service.h"

#include "search/job_card.h"
#include "search/text_rank.h"

#include <libpq-fe.h>
#include <malloc.h>
#include <poll.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <charconv>
#include <chrono>
#include <set>
#include <utility>

namespace jh::search {

namespace {

// Every live job (job_search_points holds exactly these) with what the index reads.
constexpr const char* jobs_sql = R"sql(
SELECT j.id,
       (extract(epoch FROM j.published_at) * 1000000)::bigint,
       (extract(epoch FROM j.valid_through) * 1000000)::bigint,
       j.organization_id,
       array_to_string(j.activity_ids, ','), array_to_string(j.employment_type_ids, ','),
       array_to_string(j.industry_ids, ','),
       (j.top_job::int | (j.instant_teaser_job::int << 1) | (j.top_offer::int << 2) | (j.sponsored::int << 3)
        | (j.opportunity::int << 4)),
       (SELECT string_agg(cube_ll_coord(p.geo, 1)::text || ' ' || cube_ll_coord(p.geo, 2)::text || ' '
                          || cube_ll_coord(p.geo, 3)::text, ',')
          FROM job_search_points p WHERE p.job_posting_id = j.id AND p.geo IS NOT NULL),
       array_to_string(tsvector_to_array(j.search_vector), ' '),
       j.search_vector::text
  FROM job_postings j
 WHERE j.is_published AND j.active AND j.published_at IS NOT NULL
)sql";

template <class T>
T number(std::string_view s) {
    T v{};
    std::from_chars(s.data(), s.data() + s.size(), v);
    return v;
}

std::vector<std::string_view> split(std::string_view s, char sep) {
    std::vector<std::string_view> out;
    while (!s.empty()) {
        auto at = s.find(sep);
        if (at != 0) out.push_back(s.substr(0, at));
        if (at == std::string_view::npos) break;
        s.remove_prefix(at + 1);
    }
    return out;
}

std::vector<int> ints(std::string_view s) {
    std::vector<int> out;
    for (auto part : split(s, ',')) out.push_back(number<int>(part));
    return out;
}

// Owns one PGresult.
struct result_guard {
    PGresult* r = nullptr;
    explicit result_guard(PGresult* p) : r(p) {}
    result_guard(result_guard&& o) noexcept : r(std::exchange(o.r, nullptr)) {}
    result_guard(const result_guard&) = delete;
    result_guard& operator=(const result_guard&) = delete;
    result_guard& operator=(result_guard&&) = delete;
    ~result_guard() {
        if (r) PQclear(r);
    }
};

std::expected<result_guard, std::string> query(PGconn* c, const char* sql, const std::vector<std::string>& params = {}) {
    std::vector<const char*> values;
    for (const auto& p : params) values.push_back(p.c_str());
    PGresult* r = PQexecParams(c, sql, static_cast<int>(values.size()), nullptr, values.data(), nullptr, nullptr, 0);
    auto status = PQresultStatus(r);
    if (status != PGRES_TUPLES_OK && status != PGRES_COMMAND_OK) {
        std::string e = PQerrorMessage(c);
        PQclear(r);
        return std::unexpected(e);
    }
    return result_guard(r);
}

std::string_view cell(PGresult* r, int row, int col) {
    return {PQgetvalue(r, row, col), static_cast<std::size_t>(PQgetlength(r, row, col))};
}

}  // namespace

namespace {

std::expected<std::vector<job_record>, std::string> load_jobs(PGconn* conn, const std::string& sql, const std::vector<std::string>& params) {
    auto res = query(conn, sql.c_str(), params);
    if (!res) return std::unexpected(res.error());
    PGresult* r = res->r;
    std::vector<job_record> out;
    out.reserve(static_cast<std::size_t>(PQntuples(r)));
    for (int i = 0; i < PQntuples(r); ++i) {
        job_record j;
        j.id = number<std::int64_t>(cell(r, i, 0));
        j.published_us = number<std::int64_t>(cell(r, i, 1));
        if (!PQgetisnull(r, i, 2)) j.valid_through_us = number<std::int64_t>(cell(r, i, 2));
        j.organization_id = number<std::int64_t>(cell(r, i, 3));
        j.activity_ids = ints(cell(r, i, 4));
        j.employment_type_ids = ints(cell(r, i, 5));
        j.industry_ids = ints(cell(r, i, 6));
        j.flags = static_cast<std::uint8_t>(number<int>(cell(r, i, 7)));
        for (auto place : split(cell(r, i, 8), ',')) {
            auto xyz = split(place, ' ');
            if (xyz.size() != 3) continue;
            // float8 text is the shortest exact form (extra_float_digits ≥ 1): strtod gives the value back.
            j.places.push_back({std::strtod(std::string(xyz[0]).c_str(), nullptr), std::strtod(std::string(xyz[1]).c_str(), nullptr),
                                std::strtod(std::string(xyz[2]).c_str(), nullptr)});
        }
        for (auto l : split(cell(r, i, 9), ' ')) j.lexemes.emplace_back(l);
        // The positions for ts_rank, kept only when the text form gives back the same lexemes.
        std::vector<std::string> parsed;
        if (!parse_tsvector(cell(r, i, 10), parsed, j.position_starts, j.positions) || parsed != j.lexemes) {
            j.position_starts.clear();
            j.positions.clear();
        }
        out.push_back(std::move(j));
    }
    return out;
}

}  // namespace

std::expected<std::vector<job_record>, std::string> load_live_jobs(PGconn* conn, const std::vector<std::int64_t>* only) {
    if (!only) return load_jobs(conn, jobs_sql, {});
    std::string list = "{";
    for (std::size_t i = 0; i < only->size(); ++i) list += (i ? "," : "") + std::to_string((*only)[i]);
    return load_jobs(conn, std::string(jobs_sql) + " AND j.id = ANY ($1::bigint[])", {list + "}"});
}

std::expected<std::vector<job_record>, std::string> load_live_jobs_published_after(PGconn* conn, std::int64_t after_us) {
    return load_jobs(conn,
                     std::string(jobs_sql) +
                         " AND j.published_at > timestamptz 'epoch' + $1::bigint * interval '1 microsecond' AND j.published_at <= now()",
                     {std::to_string(after_us)});
}

namespace {

// The cards as a search without a point gets them (every location's "distance" null).
constexpr const char* cards_sql = "SELECT c.* FROM jh_job_cards($1::bigint[], NULL, NULL) AS c";
// The jobs' locations in the order the card lists them, with their earth points.
constexpr const char* card_points_sql = R"sql(
SELECT l.job_posting_id, cube_ll_coord(l.geo, 1), cube_ll_coord(l.geo, 2), cube_ll_coord(l.geo, 3)
  FROM job_posting_locations l
 WHERE l.job_posting_id = ANY ($1::bigint[])
 ORDER BY l.job_posting_id, l.sort_order, l.id
)sql";

std::optional<std::string> optional_cell(PGresult* r, int row, int col) {
    if (PQgetisnull(r, row, col)) return std::nullopt;
    return std::string(cell(r, row, col));
}

bool flag_cell(PGresult* r, int row, int col) { return cell(r, row, col) == "t"; }

// One row of jh_job_cards, columns in its order.
job_card read_card(PGresult* r, int row) {
    job_card c;
    c.id = number<std::int64_t>(cell(r, row, 0));
    c.slug = cell(r, row, 1);
    c.title = cell(r, row, 2);
    c.teaser = cell(r, row, 3);
    c.organization_id = number<std::int64_t>(cell(r, row, 4));
    c.organization_name = cell(r, row, 5);
    c.organization_slug = cell(r, row, 6);
    c.has_logo = flag_cell(r, row, 7);
    c.base_salary = optional_cell(r, row, 8);
    c.salary_unit = optional_cell(r, row, 9);
    c.salary_currency = cell(r, row, 10);
    c.location_description = optional_cell(r, row, 11);
    c.is_published = flag_cell(r, row, 12);
    c.top_job = flag_cell(r, row, 13);
    c.instant_teaser_job = flag_cell(r, row, 14);
    c.top_offer = flag_cell(r, row, 15);
    c.sponsored = flag_cell(r, row, 16);
    c.opportunity = flag_cell(r, row, 17);
    c.published_at = cell(r, row, 18);
    c.created_at = cell(r, row, 19);
    c.valid_through = optional_cell(r, row, 20);
    c.activities_json = cell(r, row, 21);
    c.employment_types_json = cell(r, row, 22);
    c.locations_json = cell(r, row, 23);
    c.tags_json = cell(r, row, 24);
    return c;   // distance_m (column 25) is null without a point
}

double float8_cell(PGresult* r, int row, int col) { return std::strtod(PQgetvalue(r, row, col), nullptr); }

}  // namespace

std::expected<void, std::string> load_cards(PGconn* conn, std::vector<job_record>& jobs) {
    if (jobs.empty()) return {};
    std::string list = "{";
    for (std::size_t i = 0; i < jobs.size(); ++i) list += (i ? "," : "") + std::to_string(jobs[i].id);
    list += "}";
    auto points = query(conn, card_points_sql, {list});
    if (!points) return std::unexpected(points.error());
    std::unordered_map<std::int64_t, std::vector<std::optional<earth_point>>> points_of;
    for (int i = 0; i < PQntuples(points->r); ++i) {
        auto& into = points_of[number<std::int64_t>(cell(points->r, i, 0))];
        if (PQgetisnull(points->r, i, 1)) into.emplace_back();
        else into.emplace_back(earth_point{float8_cell(points->r, i, 1), float8_cell(points->r, i, 2), float8_cell(points->r, i, 3)});
    }
    auto cards = query(conn, cards_sql, {list});
    if (!cards) return std::unexpected(cards.error());
    std::unordered_map<std::int64_t, std::shared_ptr<const kept_card>> by_id;
    by_id.reserve(static_cast<std::size_t>(PQntuples(cards->r)));
    for (int i = 0; i < PQntuples(cards->r); ++i) {
        auto k = std::make_shared<kept_card>();
        k->card = read_card(cards->r, i);
        auto p = points_of.find(k->card.id);
        split_locations(*k, p == points_of.end() ? std::vector<std::optional<earth_point>>{} : std::move(p->second));
        by_id.emplace(k->card.id, std::move(k));
    }
    for (auto& j : jobs)
        if (auto it = by_id.find(j.id); it != by_id.end()) j.card = it->second;
    return {};
}

std::expected<reference_data, std::string> load_reference_data(PGconn* conn) {
    reference_data d;
    auto slugs = [&](const char* table, std::unordered_map<std::string, int>& into) -> std::expected<void, std::string> {
        auto r = query(conn, (std::string("SELECT id, slug FROM ") + table).c_str());
        if (!r) return std::unexpected(r.error());
        for (int i = 0; i < PQntuples(r->r); ++i) {
            int id = number<int>(cell(r->r, i, 0));
            into[std::string(cell(r->r, i, 1))] = id;
            into[std::to_string(id)] = id;   // "slug = ANY (p) OR id::text = ANY (p)"
        }
        return {};
    };
    if (auto e = slugs("activities", d.activities); !e) return std::unexpected(e.error());
    if (auto e = slugs("employment_types", d.employment_types); !e) return std::unexpected(e.error());
    if (auto e = slugs("industries", d.industries); !e) return std::unexpected(e.error());
    auto t = query(conn, "SELECT slug, array_to_string(activity_ids, ','), array_to_string(employment_type_ids, ',') FROM job_types");
    if (!t) return std::unexpected(t.error());
    for (int i = 0; i < PQntuples(t->r); ++i)
        d.job_types[std::string(cell(t->r, i, 0))] = {ints(cell(t->r, i, 1)), ints(cell(t->r, i, 2))};
    return d;
}

index_service::index_service(std::string database_url) : url_(std::move(database_url)) {
    if (::pipe(wake_) != 0) throw std::runtime_error("search index: pipe failed");
    thread_ = std::thread([this] { run(); });
}

index_service::~index_service() {
    stop_ = true;
    char b = 1;
    [[maybe_unused]] auto n = ::write(wake_[1], &b, 1);
    if (thread_.joinable()) thread_.join();
    if (conn_) PQfinish(conn_);
    ::close(wake_[0]);
    ::close(wake_[1]);
}

bool index_service::connect_and_listen() {
    if (conn_) PQfinish(conn_);
    conn_ = PQconnectdb(url_.c_str());
    if (PQstatus(conn_) != CONNECTION_OK) {
        spdlog::warn("search index: connecting to PostgreSQL failed; the SQL search answers meanwhile");
        PQfinish(conn_);
        conn_ = nullptr;
        return false;
    }
    // LISTEN first: a change committed while the full load runs is then heard afterwards.
    if (!query(conn_, "SET extra_float_digits = 1") || !query(conn_, "LISTEN jh_job_index")) return false;
    return true;
}

// The full load reads the catalogue in slices by id: the result sets of one slice (the texts of a
// few thousand jobs) are all that is held at once, not the whole catalogue's, whose peak the
// allocator would keep. A change committed between two slices is notified (LISTEN came first)
// and applied afterwards.
bool index_service::full_load() {
    constexpr std::size_t slice = 5000;
    auto refs = load_reference_data(conn_);
    if (!refs) {
        spdlog::warn("search index: loading the reference data failed: {}", refs.error());
        return false;
    }
    auto kept_terms = terms_;
    terms_ = std::make_shared<term_dictionary>();   // the old generations keep theirs
    std::unordered_map<std::int64_t, job_record> loaded;
    for (std::int64_t after = 0;;) {
        auto part = load_jobs(conn_, std::string(jobs_sql) + " AND j.id > $1::bigint ORDER BY j.id LIMIT " + std::to_string(slice),
                              {std::to_string(after)});
        std::expected<void, std::string> cards;
        if (part) cards = load_cards(conn_, *part);
        if (!part || !cards) {
            spdlog::warn("search index: loading the jobs failed: {}", part ? cards.error() : part.error());
            terms_ = std::move(kept_terms);
            return false;
        }
        const bool last = part->size() < slice;
        if (!part->empty()) after = part->back().id;
        number_terms(*part);
        for (auto& j : *part) loaded.emplace(j.id, std::move(j));
        if (last) break;
    }
    refs_ = std::make_shared<const reference_data>(std::move(*refs));
    records_ = std::move(loaded);
    ::malloc_trim(0);   // give back what the slices' result sets and the old records used
    return true;
}

std::optional<std::vector<const job_record*>> index_service::reload_records(const std::vector<std::int64_t>& ids) {
    auto jobs = load_live_jobs(conn_, &ids);
    if (!jobs) {
        spdlog::warn("search index: reloading {} job(s) failed: {}", ids.size(), jobs.error());
        return std::nullopt;
    }
    if (auto cards = load_cards(conn_, *jobs); !cards) {
        spdlog::warn("search index: reloading the cards of {} job(s) failed: {}", ids.size(), cards.error());
        return std::nullopt;
    }
    number_terms(*jobs);
    for (auto id : ids) records_.erase(id);   // closed, expired, unpublished or deleted: gone
    std::vector<const job_record*> live;
    live.reserve(jobs->size());
    for (auto& j : *jobs) live.push_back(&records_.insert_or_assign(j.id, std::move(j)).first->second);
    return live;
}

// After a full load, before its generation is published: the jobs changed while it ran (their
// notifications wait in libpq's queue) are read again, so the first generation is not older than
// what the SQL search showed meanwhile. "*" (everything changed) is left to the next wait.
bool index_service::catch_up() {
    if (!PQconsumeInput(conn_)) return false;
    std::set<std::int64_t> ids;
    while (PGnotify* n = PQnotifies(conn_)) {
        std::string_view payload(n->extra);
        if (payload != "*")
            for (auto id : split(payload, ',')) ids.insert(number<std::int64_t>(id));
        PQfreemem(n);
    }
    if (ids.empty()) return true;
    return reload_records(std::vector<std::int64_t>(ids.begin(), ids.end())).has_value();
}

bool index_service::apply_changes(const std::vector<std::int64_t>& ids) {
    auto reloaded = reload_records(ids);
    if (!reloaded) return false;
    const std::vector<const job_record*>& live = *reloaded;
    // A few changes patch the current generation; many (a bulk import, a reload after a lost
    // connection) are cheaper to build from scratch.
    auto cur = current_.load(std::memory_order_acquire);
    if (!cur || ids.size() * 8 > records_.size() || cur->jobs->dictionary()->size() > terms_->size()) {
        publish();
        return true;
    }
    auto started = std::chrono::steady_clock::now();
    auto g = std::make_shared<index_generation>();
    g->jobs = job_snapshot::patch(*cur->jobs, ids, live, terms_);
    g->refs = refs_;
    g->build_ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count();
    spdlog::debug("search index: {} changed job(s) patched into a generation of {} jobs in {} ms", ids.size(), g->jobs->jobs(), g->build_ms);
    current_.store(std::move(g), std::memory_order_release);
    return true;
}

// The jobs' lexemes become term numbers. The dictionary a published generation reads is never
// changed: a new term goes into a copy, which the next generation shares.
void index_service::number_terms(std::vector<job_record>& jobs) {
    bool unknown = false;
    for (const auto& j : jobs)
        for (const auto& l : j.lexemes)
            if (!terms_->find(l)) unknown = true;
    if (unknown && terms_.use_count() > 1) terms_ = std::make_shared<term_dictionary>(*terms_);
    for (auto& j : jobs) {
        j.terms.clear();
        j.terms.reserve(j.lexemes.size());
        for (const auto& l : j.lexemes) j.terms.push_back(terms_->intern(l));
        if (j.position_starts.size() == j.lexemes.size() + 1) {
            auto text = std::make_shared<job_text>();
            text->terms = std::move(j.terms);
            text->starts = std::move(j.position_starts);
            text->positions = std::move(j.positions);
            j.text = std::move(text);
            j.terms = {};
            j.position_starts = {};
            j.positions = {};
        }
        j.lexemes = {};
    }
}

void index_service::publish() {
    auto started = std::chrono::steady_clock::now();
    std::vector<const job_record*> all;
    all.reserve(records_.size());
    for (const auto& [id, j] : records_) all.push_back(&j);
    auto g = std::make_shared<index_generation>();
    g->jobs = job_snapshot::build(all, terms_);
    g->refs = refs_;
    g->build_ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count();
    bool first = current_.load() == nullptr;
    if (first) {
        std::size_t cards = 0, with_distances = 0, ranked = 0;
        for (const auto& [id, j] : records_) {
            if (j.text) ++ranked;
            if (j.card) {
                ++cards;
                if (j.card->distances_known) ++with_distances;
            }
        }
        spdlog::info("search index: ready with {} jobs, {} cards ({} with distances), {} ranked in memory (built in {} ms, about {} MB)",
                     g->jobs->jobs(), cards, with_distances, ranked, g->build_ms, g->jobs->memory_bytes() / (1024 * 1024));
    }
    current_.store(std::move(g), std::memory_order_release);
}

void index_service::wait_for_notifications() {
    bool everything = false;
    std::set<std::int64_t> ids;
    auto take_queued = [&] {
        while (PGnotify* n = PQnotifies(conn_)) {
            std::string_view payload(n->extra);
            if (payload == "*") everything = true;
            else
                for (auto id : split(payload, ',')) ids.insert(number<std::int64_t>(id));
            PQfreemem(n);
        }
    };
    // Notifications that arrived while the last load's queries ran were read with their results and
    // wait in libpq's queue: the socket has nothing more to say about them.
    take_queued();
    if (!everything && ids.empty()) {
        pollfd fds[2] = {{PQsocket(conn_), POLLIN, 0}, {wake_[0], POLLIN, 0}};
        if (::poll(fds, 2, 30000) <= 0 || stop_) return;
        if (!(fds[0].revents & (POLLIN | POLLERR | POLLHUP))) return;
    }
    // Notifications of one burst (a commit of many statements) are gathered for a few milliseconds.
    auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(5);
    do {
        if (!PQconsumeInput(conn_)) {
            spdlog::warn("search index: lost the PostgreSQL connection; reloading after reconnect");
            PQfinish(conn_);
            conn_ = nullptr;
            return;
        }
        take_queued();
        pollfd again{PQsocket(conn_), POLLIN, 0};
        if (::poll(&again, 1, 1) <= 0) break;
    } while (std::chrono::steady_clock::now() < deadline);
    if (everything) {
        if (full_load() && catch_up()) publish();
    } else if (!ids.empty()) {
        apply_changes(std::vector<std::int64_t>(ids.begin(), ids.end()));
    }
}

void index_service::run() {
    int failures = 0;
    while (!stop_) {
        if (!conn_) {
            if (connect_and_listen() && full_load() && catch_up()) {
                failures = 0;
                publish();
            } else {
                if (conn_) {
                    PQfinish(conn_);
                    conn_ = nullptr;
                }
                pollfd w{wake_[0], POLLIN, 0};
                ::poll(&w, 1, std::min(30000, 500 << std::min(failures++, 6)));
                continue;
            }
        }
        wait_for_notifications();
    }
}

}  // namespace jh::search
