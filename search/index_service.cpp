// index_service.cpp: see index_service.h.
#include "search/index_service.h"

#include "search/free_shifts.h"
#include "search/job_card.h"
#include "search/job_filter.h"
#include "search/pg_json.h"
#include "search/text_rank.h"

#include <libpq-fe.h>
#include <malloc.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <charconv>
#include <cstring>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <iterator>
#include <limits>
#include <set>
#include <span>
#include <utility>

namespace jh::search {

namespace {

// Every live job (job_search_points holds exactly these) with what the index reads. The search
// vector comes once, in its binary form (tsvectorsend: lexemes and positions, read by
// read_vector), and the last column says whether its positions are kept (for ranking in memory).
// Measured on 20,000 jobs: its text form and tsvector_to_array beside it cost PostgreSQL 540 ms,
// the binary form alone 190 ms; most of a full load's time is PostgreSQL's. The rows are asked
// for in binary (jobs_format): the vector's bytes as they are (its hex form cost PostgreSQL and
// this thread a pass each), the numbers as big-endian integers.
constexpr const char* jobs_sql_head = R"sql(
SELECT j.id, j.published_at, j.valid_through, j.organization_id,
       array_to_string(j.activity_ids, ','), array_to_string(j.employment_type_ids, ','),
       array_to_string(j.industry_ids, ','),
       (j.top_job::int | (j.instant_teaser_job::int << 1) | (j.top_offer::int << 2) | (j.sponsored::int << 3)
        | (j.opportunity::int << 4)),
)sql";
// The job's places (column 8), or NULL where the locations' statement gives them (location_rows_sql).
constexpr const char* places_column = R"sql(
       (SELECT string_agg(cube_ll_coord(p.geo, 1)::text || ' ' || cube_ll_coord(p.geo, 2)::text || ' '
                          || cube_ll_coord(p.geo, 3)::text, ',')
          FROM job_search_points p WHERE p.job_posting_id = j.id AND p.geo IS NOT NULL),
)sql";
constexpr const char* no_places_column = "NULL::text,";
constexpr const char* vector_column = R"sql(
       tsvectorsend(j.search_vector),
)sql";
constexpr const char* jobs_sql_tail = R"sql(
  FROM job_postings j
 WHERE j.is_published AND j.active AND j.published_at IS NOT NULL
)sql";

// A job's free shifts (jh_free_shifts: the same rule as the SQL search's shift date filter) as
// "days since 1970 start in seconds since 1970, ..." (search/free_shifts.h): per job as the last
// column of jobs_sql, or for every job at once (all_free_shifts_sql), which a full load reads
// instead: per job it was a sixth of a full load's PostgreSQL time (3 s of 18 at 1,000,000 jobs,
// an index scan of shifts per job, most of them finding none), at once 0.5 s.
constexpr std::string_view free_shifts_text =
    "string_agg((f.shift_date - date '1970-01-01')::text || ' ' || extract(epoch FROM f.starts_at)::bigint::text, ',')";
std::string free_shifts_column(bool shifts) {
    if (!shifts) return ",\n       NULL::text";
    return ",\n       (SELECT " + std::string(free_shifts_text) + " FROM jh_free_shifts() f WHERE f.job_posting_id = j.id)";
}
std::string all_free_shifts_sql() {
    return "SELECT f.job_posting_id, " + std::string(free_shifts_text) + " FROM jh_free_shifts() f GROUP BY f.job_posting_id";
}

constexpr int jobs_format = 1;   // PQexecParams' resultFormat of every jobs_sql statement: binary

// `places`: the places column read (else NULL: the jobs read in full take their places from their
// locations, read once for the places and the cards). `shifts`: the free shifts column read (else
// NULL: a full load reads all_free_shifts_sql).
std::string jobs_sql(bool positions, bool places = true, bool shifts = true) {
    return std::string(jobs_sql_head) + (places ? places_column : no_places_column) + vector_column + (positions ? "true" : "false") +
           free_shifts_column(shifts) + jobs_sql_tail;
}

// The live ones of the ids $1 (a bigint[]), with positions, without places (location_rows_sql's).
std::string jobs_by_id_sql(bool shifts = true) { return jobs_sql(true, false, shifts) + " AND j.id = ANY ($1::bigint[])"; }
// The same for every live job with an id from $1 to $2: what a full load reads when it keeps every
// card (an index range instead of 5,000 lookups of ids: a third of the statement's time).
std::string jobs_in_range_sql() { return jobs_sql(true, false, false) + " AND j.id BETWEEN $1::bigint AND $2::bigint"; }

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

// `format`: the result's, 0 text, 1 binary (PQexecParams' resultFormat).
std::expected<result_guard, std::string> query(PGconn* c, const char* sql, const std::vector<std::string>& params = {}, int format = 0) {
    std::vector<const char*> values;
    for (const auto& p : params) values.push_back(p.c_str());
    PGresult* r = PQexecParams(c, sql, static_cast<int>(values.size()), nullptr, values.data(), nullptr, nullptr, format);
    auto status = PQresultStatus(r);
    if (status != PGRES_TUPLES_OK && status != PGRES_COMMAND_OK) {
        std::string e = PQerrorMessage(c);
        PQclear(r);
        return std::unexpected(e);
    }
    return result_guard(r);
}

// A statement and its parameters.
struct statement {
    std::string sql;
    std::vector<std::string> params;
    int format = 0;         // the result's: 0 text, 1 binary
    std::string prepared;   // the name `sql` was prepared under on the connection it goes to, or none
};

// Sends `s` on `c` without waiting for its result (receive() takes it); false when it was not sent.
bool send_statement(PGconn* c, const statement& s) {
    std::vector<const char*> values;
    for (const auto& p : s.params) values.push_back(p.c_str());
    if (!s.prepared.empty())
        return PQsendQueryPrepared(c, s.prepared.c_str(), static_cast<int>(values.size()), values.data(), nullptr, nullptr, s.format) == 1;
    return PQsendQueryParams(c, s.sql.c_str(), static_cast<int>(values.size()), nullptr, values.data(), nullptr, nullptr, s.format) == 1;
}

// Prepares `sql` as `name` on `c` (a statement run once per slice of a full load: planning it each
// time was about a millisecond of PostgreSQL's time per statement, half a second at 1,000,000
// jobs). The load deallocates what it prepared on the connection it keeps.
bool prepare(PGconn* c, const std::string& name, const std::string& sql) {
    PGresult* r = PQprepare(c, name.c_str(), sql.c_str(), 0, nullptr);
    const bool ok = PQresultStatus(r) == PGRES_COMMAND_OK;
    PQclear(r);
    return ok;
}

// The result of the statement sent last (PQsendQueryParams), once it has arrived.
std::expected<result_guard, std::string> receive(PGconn* c) {
    result_guard r(PQgetResult(c));
    while (PGresult* more = PQgetResult(c)) PQclear(more);   // the end of this statement's results
    const auto status = r.r ? PQresultStatus(r.r) : PGRES_FATAL_ERROR;
    if (status != PGRES_TUPLES_OK && status != PGRES_COMMAND_OK) return std::unexpected(std::string(PQerrorMessage(c)));
    return r;
}

// Runs `first` and the statements `next` names after it, one at a time on `conn`, each sent as soon
// as the result before it has arrived and before `read` reads that result: PostgreSQL works on the
// next statement while this thread reads the rows of the last one (a full load's reading and
// PostgreSQL's work then take the two cores instead of taking turns).
std::expected<void, std::string> run_overlapped(PGconn* conn, const statement& first,
                                                const std::function<std::optional<statement>(PGresult*)>& next,
                                                const std::function<void(result_guard)>& read) {
    if (!send_statement(conn, first)) return std::unexpected(std::string(PQerrorMessage(conn)));
    for (;;) {
        auto r = receive(conn);
        if (!r) return std::unexpected(r.error());
        const auto following = next(r->r);
        if (following && !send_statement(conn, *following)) return std::unexpected(std::string(PQerrorMessage(conn)));
        read(std::move(*r));
        if (!following) return {};
    }
}

// Runs `plan` in its order over `conns`, statement i on conns[on[i]]: each connection has one
// statement in flight, its next one sent as soon as its last result has arrived and before `read`
// reads that result. With two connections PostgreSQL works on two statements at once (a full load's
// backend time is most of it, and one backend takes one core) while this thread reads the rows.
std::expected<void, std::string> run_spread(const std::vector<PGconn*>& conns, const std::vector<statement>& plan,
                                            const std::vector<std::size_t>& on, const std::function<void(std::size_t, result_guard)>& read) {
    std::vector<std::size_t> unsent(conns.size(), 0);   // per connection: where to look for its next statement
    auto send_next = [&](std::size_t c) -> bool {
        std::size_t i = unsent[c];
        while (i < plan.size() && on[i] != c) ++i;
        unsent[c] = i + 1;
        return i >= plan.size() || send_statement(conns[c], plan[i]);
    };
    for (std::size_t c = 0; c < conns.size(); ++c)
        if (!send_next(c)) return std::unexpected(std::string(PQerrorMessage(conns[c])));
    for (std::size_t i = 0; i < plan.size(); ++i) {
        auto r = receive(conns[on[i]]);
        if (!r) return std::unexpected(r.error());
        if (!send_next(on[i])) return std::unexpected(std::string(PQerrorMessage(conns[on[i]])));
        read(i, std::move(*r));
    }
    return {};
}

// A second thread that runs the tasks given to it one after the other, in the order given: a full
// load's cards are made there while this thread reads the next slices' jobs (the reading was the
// load's longest path, and the second core had time left). The destructor runs what is queued and
// joins.
class in_order_worker {
public:
    in_order_worker() : thread_([this] { run(); }) {}
    ~in_order_worker() {
        {
            std::lock_guard lock(mutex_);
            closing_ = true;
        }
        ready_.notify_one();
        thread_.join();
    }
    in_order_worker(const in_order_worker&) = delete;
    in_order_worker& operator=(const in_order_worker&) = delete;
    void post(std::function<void()> task) {
        {
            std::lock_guard lock(mutex_);
            tasks_.push_back(std::move(task));
        }
        ready_.notify_one();
    }

private:
    void run() {
        for (;;) {
            std::unique_lock lock(mutex_);
            ready_.wait(lock, [this] { return closing_ || !tasks_.empty(); });
            if (tasks_.empty()) return;
            auto task = std::move(tasks_.front());
            tasks_.pop_front();
            lock.unlock();
            task();
        }
    }
    std::mutex mutex_;
    std::condition_variable ready_;
    std::deque<std::function<void()>> tasks_;
    bool closing_ = false;
    std::thread thread_;   // last: started once the members above exist
};

// Wall and CPU time (this thread's) of one phase of a full load, for its log line.
struct phase_clock {
    std::chrono::steady_clock::time_point wall = std::chrono::steady_clock::now();
    std::int64_t cpu_us = thread_cpu_us();
    static std::int64_t thread_cpu_us() {
        timespec t{};
        ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
        return std::int64_t{t.tv_sec} * 1000000 + t.tv_nsec / 1000;
    }
    // "<wall> ms (<cpu> ms CPU)" since the last lap, and a new lap.
    std::string lap() {
        const auto now = std::chrono::steady_clock::now();
        const auto cpu = thread_cpu_us();
        auto out = std::to_string(std::chrono::duration_cast<std::chrono::milliseconds>(now - wall).count()) + " ms (" +
                   std::to_string((cpu - cpu_us) / 1000) + " ms CPU)";
        wall = now;
        cpu_us = cpu;
        return out;
    }
};

std::string_view cell(PGresult* r, int row, int col) {
    return {PQgetvalue(r, row, col), static_cast<std::size_t>(PQgetlength(r, row, col))};
}

// A column's integer in either format (binary: big-endian, as many bytes as its type has).
std::int64_t int_cell(PGresult* r, int row, int col) {
    if (PQfformat(r, col) == 0) return number<std::int64_t>(cell(r, row, col));
    const auto bytes = cell(r, row, col);
    std::uint64_t v = 0;
    for (char b : bytes) v = v << 8 | static_cast<unsigned char>(b);
    if (!bytes.empty() && bytes.size() < 8 && (static_cast<unsigned char>(bytes[0]) & 0x80)) v |= ~std::uint64_t{0} << (8 * bytes.size());
    return static_cast<std::int64_t>(v);
}

// A timestamptz column of a binary result as µs since 1970 (its bytes: µs since 2000-01-01; the
// extract(epoch ...) arithmetic in numeric cost PostgreSQL more than sending them).
std::int64_t time_us_cell(PGresult* r, int row, int col) {
    constexpr std::int64_t us_1970_to_2000 = 946684800LL * 1000000;
    const std::int64_t v = int_cell(r, row, col);
    if (v >= std::numeric_limits<std::int64_t>::max() - us_1970_to_2000) return std::numeric_limits<std::int64_t>::max();   // infinity
    return v + us_1970_to_2000;
}

// A boolean column in either format.
bool bool_cell(PGresult* r, int row, int col) {
    const auto v = cell(r, row, col);
    return PQfformat(r, col) == 0 ? v == "t" : !v.empty() && v[0] != 0;
}

}  // namespace

namespace {

constexpr std::size_t load_slice = 5000;   // jobs per query of a full load

// A tsvector as tsvectorsend gives it (a bytea column: its bytes in a binary result; in a text
// one its hex form, decoded into `buffer`): a 32-bit count, then per lexeme its text, a zero byte,
// a 16-bit count of positions and those (weight << 14 | position, as job_text keeps them), all
// big-endian. `each(lexeme, positions' bytes)` in the vector's order (tsvector_to_array's). Bytes
// that end early end the reading.
template <class F>
void read_vector(PGresult* r, int row, int col, std::string& buffer, F&& each) {
    std::string_view bytes = cell(r, row, col);
    if (PQfformat(r, col) == 0) {
        auto nibble = [](char c) { return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10; };
        const std::string_view hex = bytes.starts_with("\\x") ? bytes.substr(2) : bytes;
        buffer.clear();
        for (std::size_t k = 0; k + 1 < hex.size(); k += 2) buffer.push_back(static_cast<char>(nibble(hex[k]) << 4 | nibble(hex[k + 1])));
        bytes = buffer;
    }
    const auto* b = reinterpret_cast<const unsigned char*>(bytes.data());
    const std::size_t size = bytes.size();
    if (size < 4) return;
    const std::uint32_t count = std::uint32_t{b[0]} << 24 | std::uint32_t{b[1]} << 16 | std::uint32_t{b[2]} << 8 | b[3];
    std::size_t at = 4;
    for (std::uint32_t n = 0; n < count; ++n) {
        const auto* end = static_cast<const unsigned char*>(std::memchr(b + at, 0, size - at));
        if (!end || static_cast<std::size_t>(end - b) + 3 > size) return;
        const std::string_view lexeme(bytes.data() + at, static_cast<std::size_t>(end - b) - at);
        at = static_cast<std::size_t>(end - b) + 1;
        const std::size_t placed = std::size_t{b[at]} << 8 | b[at + 1];
        at += 2;
        if (at + placed * 2 > size) return;
        each(lexeme, std::span<const unsigned char>(b + at, placed * 2));
        at += placed * 2;
    }
}

// A job whose positions were read keeps its terms and positions as the text ts_rank reads.
void keep_text(job_record& j) {
    if (!job_text::fits(j.terms, j.position_starts, j.positions)) return;
    j.text = job_text::make(j.terms, j.position_starts, j.positions);
    j.terms = {};
    j.position_starts = {};
    j.positions = {};
}

// With `number_into` (a dictionary no generation reads yet: a full load's), each job's lexemes are
// numbered as they are read, straight from the result, into `terms`; else they are kept as
// `lexemes` for number_terms().
std::vector<job_record> read_jobs(PGresult* r, term_dictionary* number_into) {
    std::string bytes;   // one vector's bytes at a time (from a text result), reused
    // One job's terms and positions at a time, reused: a job of a full load keeps only its packed
    // text, allocated once at its final size, so no freed vectors are left between the kept texts
    // (holes that malloc_trim cannot give back: 150 MB more at 200,000 jobs when each job's
    // vectors were freed after its text was made).
    std::vector<std::uint32_t> terms, starts;
    std::vector<std::uint16_t> placed_at;
    std::vector<job_record> out;
    out.reserve(static_cast<std::size_t>(PQntuples(r)));
    for (int i = 0; i < PQntuples(r); ++i) {
        job_record j;
        j.id = int_cell(r, i, 0);
        j.published_us = time_us_cell(r, i, 1);
        if (!PQgetisnull(r, i, 2)) j.valid_through_us = time_us_cell(r, i, 2);
        j.organization_id = int_cell(r, i, 3);
        j.activity_ids = ints(cell(r, i, 4));
        j.employment_type_ids = ints(cell(r, i, 5));
        j.industry_ids = ints(cell(r, i, 6));
        j.flags = static_cast<std::uint8_t>(int_cell(r, i, 7));
        for (auto place : split(cell(r, i, 8), ',')) {
            auto xyz = split(place, ' ');
            if (xyz.size() != 3) continue;
            // float8 text is the shortest exact form (extra_float_digits ≥ 1): reading it gives the value back.
            j.places.push_back({number<double>(xyz[0]), number<double>(xyz[1]), number<double>(xyz[2])});
        }
        const bool positions = bool_cell(r, i, 10);
        terms.clear();
        starts.clear();
        placed_at.clear();
        if (positions) starts.assign(1, 0);
        // A lexeme without positions is ranked by PostgreSQL's own rules for those: no job_text then.
        bool every_lexeme_placed = true;
        read_vector(r, i, 9, bytes, [&](std::string_view lexeme, std::span<const unsigned char> placed) {
            if (number_into) terms.push_back(number_into->intern(lexeme));
            else j.lexemes.emplace_back(lexeme);
            if (!positions) return;
            if (placed.empty()) every_lexeme_placed = false;
            for (std::size_t k = 0; k + 1 < placed.size(); k += 2) placed_at.push_back(static_cast<std::uint16_t>(placed[k] << 8 | placed[k + 1]));
            starts.push_back(static_cast<std::uint32_t>(placed_at.size()));
        });
        if (!every_lexeme_placed) {
            starts.clear();
            placed_at.clear();
        }
        j.free_shifts = read_free_shifts(cell(r, i, 11));
        if (number_into) {
            // Numbered: the text to rank by, or (no positions read, or too many) the terms alone
            // for the postings.
            if (job_text::fits(terms, starts, placed_at)) j.text = job_text::make(terms, starts, placed_at);
            else j.terms.assign(terms.begin(), terms.end());
        } else {
            // Numbered later (number_terms), which then makes the text of these (exact sizes).
            j.position_starts.assign(starts.begin(), starts.end());
            j.positions.assign(placed_at.begin(), placed_at.end());
        }
        out.push_back(std::move(j));
    }
    return out;
}

std::expected<std::vector<job_record>, std::string> load_jobs(PGconn* conn, const std::string& sql, const std::vector<std::string>& params,
                                                             term_dictionary* number_into = nullptr) {
    auto res = query(conn, sql.c_str(), params, jobs_format);
    if (!res) return std::unexpected(res.error());
    return read_jobs(res->r, number_into);
}

}  // namespace

std::expected<std::vector<job_record>, std::string> load_live_jobs_published_after(PGconn* conn, std::int64_t after_us) {
    return load_jobs(conn,
                     jobs_sql(false) +
                         " AND j.published_at > timestamptz 'epoch' + $1::bigint * interval '1 microsecond' AND j.published_at <= now()",
                     {std::to_string(after_us)});
}

namespace {

// A card as jh_job_cards (migrations/repeatable/R__jh_job_cards.sql) gives it without a point, read
// so that PostgreSQL does the least per job: the job's own columns, the first line of the
// description for the teaser (teaser_of: the regexp_replace was a third of the card time); what
// many jobs share comes once (card_shared_sql), the locations flat (location_rows_sql). Measured
// on 5,000 jobs: jh_job_cards 770-860 ms, this with the locations' JSON 240-280 ms (load 6). The
// rows come in binary. The three timestamps: in a session whose TimeZone is UTC as they are (8
// bytes each, written here as to_json does: pg_timestamptz_utc_json_text), else as to_json's text
// (about a tenth of a full load's PostgreSQL time). The equality test compares every byte with the
// SQL search's cards. `which`: the jobs, a condition on job_postings j (the ids $1 by default).
std::string card_rows_sql(bool utc, std::string_view which = "j.id = ANY ($1::bigint[])") {
    return std::string(R"sql(
SELECT j.id, j.slug, j.title, split_part(j.description, E'\n', 1),
       j.organization_id, j.logo_path IS NOT NULL, j.base_salary::text, j.salary_unit::text, j.salary_currency,
       j.location_description, j.is_published, j.top_job, j.instant_teaser_job, j.top_offer, j.sponsored, j.opportunity,
       )sql") +
           (utc ? "j.published_at, j.created_at, j.valid_through,"
                : "to_json(j.published_at) #>> '{}', to_json(j.created_at) #>> '{}', to_json(j.valid_through) #>> '{}',") +
           R"sql(
       j.activity_ids::text, j.employment_type_ids::text, to_json(j.tags)::text
  FROM job_postings j
 WHERE )sql" + std::string(which);
}
constexpr int card_rows_format = 1;   // binary
// The locations of the jobs $1 in the cards' order, flat and in binary (the earth point's
// coordinates as their exact float8 bytes): one read gives a job's places for the index and its
// card's locations' JSON (pg_json.h) with their points. Building that JSON with json_agg, and
// printing the points as text in both the jobs' and the cards' statements, was about a quarter of
// a full load's PostgreSQL time (issue 28, start → ready at 1,000,000 jobs).
// Per id an index scan (job_posting_locations_job_idx), rows of a job together in the cards' order:
// `job_posting_id = ANY ($1)` was planned as a (parallel) scan of the whole table per slice, which
// grows with the catalogue (measured at 200,000 jobs: 200-260 ms per 5,000 jobs, this 80-120 ms).
constexpr const char* location_rows_sql = R"sql(
SELECT l.job_posting_id, l.id, l.name, l.street, l.zipcode, l.city, l.country, l.lat, l.lon, l.place_id,
       cube_ll_coord(l.geo, 1), cube_ll_coord(l.geo, 2), cube_ll_coord(l.geo, 3)
  FROM unnest($1::bigint[]) AS i (id)
 CROSS JOIN LATERAL (SELECT * FROM job_posting_locations l WHERE l.job_posting_id = i.id ORDER BY l.sort_order, l.id) l
)sql";
// The same for the jobs with an id from $1 to $2 (a full load that keeps every card): one range
// of the index instead of 5,000 lookups, a third of the time; the rows of jobs that are not live
// are skipped by read_locations.
constexpr const char* location_rows_in_range_sql = R"sql(
SELECT l.job_posting_id, l.id, l.name, l.street, l.zipcode, l.city, l.country, l.lat, l.lon, l.place_id,
       cube_ll_coord(l.geo, 1), cube_ll_coord(l.geo, 2), cube_ll_coord(l.geo, 3)
  FROM job_posting_locations l
 WHERE l.job_posting_id BETWEEN $1::bigint AND $2::bigint
 ORDER BY l.job_posting_id, l.sort_order, l.id
)sql";
constexpr int location_rows_format = 1;   // binary

// What the jobs share: each distinct activity list's and employment type list's JSON (kind a, e;
// the key is the array's text) and each organization (kind o: id, name, slug, has a logo). `jobs`
// is a condition on job_postings j: the ids $1 of a change, or every live job for a full load
// (once, not per slice: computed per slice it cost more than the jobs' own rows). Both kinds of
// list come from one pass over the jobs (grouping sets; the CTE is read twice, so computed once):
// two DISTINCTs scanned job_postings twice, with parallel workers, 3.5 s of PostgreSQL's CPU at
// 1,000,000 jobs; this takes 1.2 s, in the same time.
std::string card_shared_sql(const std::string& jobs) {
    return R"sql(
WITH lists AS (
    SELECT GROUPING(j.activity_ids) AS of_types, j.activity_ids, j.employment_type_ids
      FROM job_postings j WHERE )sql" + jobs + R"sql(
     GROUP BY GROUPING SETS ((j.activity_ids), (j.employment_type_ids)))
SELECT 'a', s.activity_ids::text,
       (SELECT coalesce(json_agg(json_build_object('id', a.id, 'slug', a.slug, 'name', a.name) ORDER BY a.sort_order), '[]')
          FROM activities AS a WHERE a.id = ANY (s.activity_ids))::text, NULL, NULL
  FROM lists s WHERE s.of_types = 0
UNION ALL
SELECT 'e', s.employment_type_ids::text,
       (SELECT coalesce(json_agg(json_build_object('id', e.id, 'slug', e.slug, 'name', e.name) ORDER BY e.sort_order), '[]')
          FROM employment_types AS e WHERE e.id = ANY (s.employment_type_ids))::text, NULL, NULL
  FROM lists s WHERE s.of_types = 1
UNION ALL
SELECT 'o', o.id::text, o.name, o.slug, (o.logo_path IS NOT NULL)::text
  FROM organizations o
 WHERE o.id IN (SELECT j.organization_id FROM job_postings j WHERE )sql" + jobs + ")";
}
constexpr const char* jobs_of_ids = "j.id = ANY ($1::bigint[])";
constexpr const char* live_jobs = "j.is_published AND j.active AND j.published_at IS NOT NULL";
// What the cards' text depends on in the session: whether the database's regular expressions read
// \s as Unicode spaces (any libc locale but C), and its TimeZone (to_json's offset).
constexpr const char* session_sql = "SELECT current_setting('lc_ctype') NOT IN ('C', 'POSIX'), current_setting('TimeZone')";

std::optional<std::string> optional_cell(PGresult* r, int row, int col) {
    if (PQgetisnull(r, row, col)) return std::nullopt;
    return std::string(cell(r, row, col));
}

// A timestamp of card_rows_sql as to_json writes it into `out` (nullopt for NULL); false when it
// has no such text here (a year beyond 1-9999: the card is not kept, the SQL search writes it).
bool timestamp_cell(PGresult* r, int row, int col, std::optional<std::string>& out) {
    constexpr Oid timestamptz_oid = 1184;
    if (PQgetisnull(r, row, col)) out.reset();
    else if (PQftype(r, col) != timestamptz_oid) out = std::string(cell(r, row, col));
    else out = pg_timestamptz_utc_json_text(int_cell(r, row, col));
    return out || PQgetisnull(r, row, col);
}

// What cards share (card_shared_sql), by key, as strings of the cards' pool.
// A part the pool could not take (card_strings::intern: full) is left out: its cards are not kept.
struct shared_parts {
    struct organization {
        card_strings::text name, slug;
        bool has_logo = false;
    };
    using json_by_list = std::unordered_map<std::string, card_strings::text, string_view_hash, std::equal_to<>>;
    json_by_list activities, employment_types;
    std::unordered_map<std::int64_t, organization> organizations;
};

shared_parts read_shared(PGresult* r, card_strings& pool) {
    shared_parts out;
    for (int i = 0; i < PQntuples(r); ++i) {
        const auto kind = cell(r, i, 0);
        if (kind == "a" || kind == "e") {
            if (auto json = pool.intern(cell(r, i, 2))) (kind == "a" ? out.activities : out.employment_types).emplace(cell(r, i, 1), *json);
        } else {
            auto name = pool.intern(cell(r, i, 2)), slug = pool.intern(cell(r, i, 3));
            if (name && slug) out.organizations[number<std::int64_t>(cell(r, i, 1))] = {*name, *slug, cell(r, i, 4) == "true"};
        }
    }
    return out;
}

// all_free_shifts_sql's rows: per job its free shifts (read_free_shifts).
free_shifts_by_job read_all_free_shifts(PGresult* r) {
    free_shifts_by_job out;
    out.reserve(static_cast<std::size_t>(PQntuples(r)));
    for (int i = 0; i < PQntuples(r); ++i) out.emplace(number<std::int64_t>(cell(r, i, 0)), read_free_shifts(cell(r, i, 1)));
    return out;
}

// A job's locations as its card shows them, and their earth points in the same order.
struct job_locations {
    std::string json = "[]";
    std::vector<std::optional<earth_point>> points;
};
using locations_by_job = std::unordered_map<std::int64_t, job_locations>;

// A float8 column of a binary result: its 8 big-endian bytes.
double float8_cell(PGresult* r, int row, int col) { return std::bit_cast<double>(static_cast<std::uint64_t>(int_cell(r, row, col))); }

std::optional<std::string_view> optional_text(PGresult* r, int row, int col) {
    if (PQgetisnull(r, row, col)) return std::nullopt;
    return cell(r, row, col);
}

// location_rows_sql's rows: per job its card's locations' JSON and points; the points are also the
// job's places (job_search_points holds the same points for a live job), replacing what `jobs` had.
locations_by_job read_locations(PGresult* r, std::vector<job_record>& jobs) {
    locations_by_job out;
    out.reserve(jobs.size());
    for (const auto& j : jobs) out.emplace(j.id, job_locations{});   // "[]" until its first location
    const int rows = PQntuples(r);
    for (int i = 0; i < rows; ++i) {
        const auto job = out.find(int_cell(r, i, 0));
        if (job == out.end()) continue;   // not among `jobs` (a range's job that is not live)
        auto& mine = job->second;
        const bool first = mine.points.empty();
        if (first) mine.json = "[";
        else mine.json.pop_back();   // the closing bracket, written again below
        location_columns l;
        l.id = int_cell(r, i, 1);
        l.name = optional_text(r, i, 2);
        l.street = optional_text(r, i, 3);
        l.zipcode = optional_text(r, i, 4);
        l.city = cell(r, i, 5);
        l.country = cell(r, i, 6);
        l.lat = float8_cell(r, i, 7);
        l.lon = float8_cell(r, i, 8);
        if (!PQgetisnull(r, i, 9)) l.place_id = static_cast<std::int32_t>(int_cell(r, i, 9));
        append_pg_location(mine.json, l, first);
        mine.json.push_back(']');
        if (PQgetisnull(r, i, 10)) mine.points.emplace_back();
        else mine.points.emplace_back(earth_point{float8_cell(r, i, 10), float8_cell(r, i, 11), float8_cell(r, i, 12)});
    }
    for (auto& j : jobs) {
        j.places.clear();
        for (const auto& p : out.at(j.id).points)
            if (p) j.places.push_back(*p);
    }
    return out;
}

// The cards of card_rows_sql's `rows`, onto those of `jobs` that are among them (a job gone
// meanwhile has no row and keeps no card; one whose shared parts `shared` lacks, published after
// they were read, has none either and is read again with its notification). The shared texts go
// into `pool` once.
void attach_cards(PGresult* rows, const shared_parts& shared, const locations_by_job& locations, std::vector<job_record>& jobs,
                  const std::shared_ptr<card_strings>& pool, bool unicode_spaces) {
    // `unicode_spaces`: see session_sql.
    static const job_locations none;
    const auto& activities = shared.activities;
    const auto& employment_types = shared.employment_types;
    const auto& organizations = shared.organizations;
    std::unordered_map<std::int64_t, job_record*> by_id;
    by_id.reserve(jobs.size());
    for (auto& j : jobs) by_id.emplace(j.id, &j);
    for (int i = 0; i < PQntuples(rows); ++i) {
        const auto id = int_cell(rows, i, 0);
        auto j = by_id.find(id);
        const auto org = organizations.find(int_cell(rows, i, 4));
        const auto acts = activities.find(cell(rows, i, 19));
        const auto types = employment_types.find(cell(rows, i, 20));
        if (j == by_id.end() || org == organizations.end() || acts == activities.end() || types == employment_types.end()) continue;
        job_card c;
        c.id = id;
        c.slug = cell(rows, i, 1);
        c.title = cell(rows, i, 2);
        c.teaser = teaser_of(cell(rows, i, 3), unicode_spaces);
        c.organization_id = org->first;
        c.organization_name = *org->second.name.string;   // read by texts_need_no_escape
        c.organization_slug = *org->second.slug.string;
        c.has_logo = org->second.has_logo || bool_cell(rows, i, 5);
        c.base_salary = optional_cell(rows, i, 6);
        c.salary_unit = optional_cell(rows, i, 7);
        c.salary_currency = cell(rows, i, 8);
        c.location_description = optional_cell(rows, i, 9);
        c.is_published = bool_cell(rows, i, 10);
        c.top_job = bool_cell(rows, i, 11);
        c.instant_teaser_job = bool_cell(rows, i, 12);
        c.top_offer = bool_cell(rows, i, 13);
        c.sponsored = bool_cell(rows, i, 14);
        c.opportunity = bool_cell(rows, i, 15);
        std::optional<std::string> published, created;
        if (!timestamp_cell(rows, i, 16, published) || !published || !timestamp_cell(rows, i, 17, created) || !created ||
            !timestamp_cell(rows, i, 18, c.valid_through))
            continue;
        c.published_at = std::move(*published);
        c.created_at = std::move(*created);
        c.tags_json = cell(rows, i, 21);
        const auto located = locations.find(id);
        const job_locations& where = located == locations.end() ? none : located->second;
        c.locations_json = where.json;
        j->second->card = kept_card::make(c, where.points, pool,
                                                            interned_card_texts{org->second.name, org->second.slug, acts->second, types->second});
    }
}


struct session_facts {
    bool unicode_spaces = false;
    bool utc = false;   // TimeZone is UTC: the cards' timestamps are written here
};

std::expected<session_facts, std::string> read_session(PGconn* conn) {
    auto r = query(conn, session_sql);
    if (!r) return std::unexpected(r.error());
    return session_facts{cell(r->r, 0, 0) == "t", pg_time_zone_is_utc(cell(r->r, 0, 1))};
}

}  // namespace

std::expected<void, std::string> load_cards(PGconn* conn, std::vector<job_record>& jobs, const std::shared_ptr<card_strings>& pool) {
    if (jobs.empty()) return {};
    auto session = read_session(conn);
    if (!session) return std::unexpected(session.error());
    std::vector<std::int64_t> ids;
    ids.reserve(jobs.size());
    for (const auto& j : jobs) ids.push_back(j.id);
    const std::string list = bigint_array_text(ids);
    auto shared = query(conn, card_shared_sql(jobs_of_ids).c_str(), {list});
    if (!shared) return std::unexpected(shared.error());
    auto located = query(conn, location_rows_sql, {list}, location_rows_format);
    if (!located) return std::unexpected(located.error());
    auto rows = query(conn, card_rows_sql(session->utc).c_str(), {list}, card_rows_format);
    if (!rows) return std::unexpected(rows.error());
    attach_cards(rows->r, read_shared(shared->r, *pool), read_locations(located->r, jobs), jobs, pool, session->unicode_spaces);
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
    auto t = query(conn, "SELECT slug, name, array_to_string(activity_ids, ','), array_to_string(employment_type_ids, ',') "
                         "FROM job_types ORDER BY sort_order, id");
    if (!t) return std::unexpected(t.error());
    for (int i = 0; i < PQntuples(t->r); ++i) {
        std::string slug(cell(t->r, i, 0));
        d.job_types[slug] = {std::string(cell(t->r, i, 1)), ints(cell(t->r, i, 2)), ints(cell(t->r, i, 3))};
        d.job_type_order.push_back(std::move(slug));
    }
    return d;
}

namespace {

// The jobs' lexemes become numbers of `terms`. A dictionary a published generation reads is never
// changed: a new term goes into a copy, which `terms` then is (and the next generation shares).
void number_terms(std::vector<job_record>& jobs, std::shared_ptr<term_dictionary>& terms) {
    bool unknown = false;
    for (const auto& j : jobs)
        for (const auto& l : j.lexemes)
            if (!terms->find(l)) unknown = true;
    if (unknown && terms.use_count() > 1) terms = std::make_shared<term_dictionary>(*terms);
    for (auto& j : jobs) {
        j.terms.clear();
        j.terms.reserve(j.lexemes.size());
        for (const auto& l : j.lexemes) j.terms.push_back(terms->intern(l));
        j.lexemes = {};
        keep_text(j);
    }
}

// The live ones of `ids` with positions and cards; see load_jobs for `number_into`.
std::expected<std::vector<job_record>, std::string> load_in_full(PGconn* conn, const std::vector<std::int64_t>& ids,
                                                                 term_dictionary* number_into, const std::shared_ptr<card_strings>& pool) {
    auto jobs = load_jobs(conn, jobs_by_id_sql(), {bigint_array_text(ids)}, number_into);
    if (!jobs) return std::unexpected(jobs.error());
    if (auto cards = load_cards(conn, *jobs, pool); !cards) return std::unexpected(cards.error());
    return jobs;
}

// The changed jobs as they are now: the live ones, with positions, cards and term numbers.
std::expected<std::vector<job_record>, std::string> load_changed(PGconn* conn, const std::vector<std::int64_t>& ids,
                                                                 std::shared_ptr<term_dictionary>& terms,
                                                                 const std::shared_ptr<card_strings>& pool) {
    auto jobs = load_in_full(conn, ids, nullptr, pool);
    if (!jobs) return std::unexpected(jobs.error());
    number_terms(*jobs, terms);
    return jobs;
}

// The notifications waiting in libpq's queue: their job ids into `ids`; true when one said "*"
// (everything changed). "+" (a fact the answers show changed, no job's row: 0396) sets `bump`.
bool take_notifications(PGconn* conn, std::set<std::int64_t>& ids, bool& bump) {
    bool everything = false;
    while (PGnotify* n = PQnotifies(conn)) {
        std::string_view payload(n->extra);
        if (payload == "*") everything = true;
        else if (payload == "+") bump = true;
        else
            for (auto id : split(payload, ',')) ids.insert(number<std::int64_t>(id));
        PQfreemem(n);
    }
    return everything;
}

}  // namespace

index_service::index_service(std::string database_url, std::size_t kept_cards)
    : url_(std::move(database_url)), kept_cards_(kept_cards) {
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
        drop_connection();
        return false;
    }
    // LISTEN first: a change committed while the full load runs is then heard afterwards.
    // No JIT: its compiling cost the full load's one large statement (card_shared_sql) 0.1 s and
    // gains nothing on statements of a few thousand rows.
    if (!query(conn_, "SET extra_float_digits = 1") || !query(conn_, "SET jit = off") || !query(conn_, "LISTEN jh_job_index")) return false;
    return true;
}

// Closing the connection makes the thread load everything again once it reconnects: what a failed
// read or a lost notification leaves behind is never patched over. The generation published last
// keeps answering meanwhile.
void index_service::drop_connection() {
    if (conn_) PQfinish(conn_);
    conn_ = nullptr;
}

bool index_service::reload_everything() {
    phase_clock total, clock;
    load_phases_.clear();
    auto c = load_catalogue();
    if (!c || !catch_up(*c)) return false;
    spdlog::debug("search index: read {} jobs in {}", c->jobs.size(), clock.lap());
    publish(std::move(*c));
    const auto built = clock.lap();
    ::malloc_trim(0);   // give back what the load's result sets and records used
    spdlog::info("search index: full load in {}: {}, build {}, trim {}", total.lap(), load_phases_.substr(2), built, clock.lap());
    return true;
}

// The full load reads the newest kept_cards_ jobs in full first (lexemes with positions, cards),
// then every other live job in slices by id, without either. In that order what the generation
// keeps (cards, texts) is allocated before the records that are dropped once it is built, so
// trimming the allocator gives those pages back instead of leaving holes between kept objects
// (measured: reading both at once on two connections was no faster on two cores, and left 30 MB
// more resident). A few slices' result sets are held at once (read_in_full's lookahead), not the
// whole catalogue's, whose peak the allocator would keep. Every job's free shifts are read once and
// given to the jobs at the end. A change committed meanwhile is notified (LISTEN came first) and
// read in catch_up().
std::optional<index_service::catalogue> index_service::load_catalogue() {
    phase_clock clock;
    auto refs = load_reference_data(conn_);
    auto newest = refs ? newest_ids() : std::unexpected(refs.error());
    load_phases_ += ", reference data and newest ids " + clock.lap();
    if (!newest) {
        spdlog::warn("search index: reading the reference data or the newest jobs failed: {}", newest.error());
        return std::nullopt;
    }
    catalogue c{{}, std::make_shared<term_dictionary>(), std::make_shared<const reference_data>(std::move(*refs)),
                std::make_shared<card_strings>()};
    // Fewer live jobs than the bound: newest holds every live job (one published since is notified).
    const bool every_live_job = newest->size() < kept_cards_;
    free_shifts_by_job shifts;
    if (auto read = read_in_full(*newest, every_live_job, c, shifts); !read) {
        spdlog::warn("search index: loading the newest jobs failed: {}", read.error());
        return std::nullopt;
    }
    if (!every_live_job) {
        clock.lap();
        auto rest = read_all_but(*newest, *c.terms);
        load_phases_ += ", the other jobs " + clock.lap();
        if (!rest) {
            spdlog::warn("search index: loading the jobs failed: {}", rest.error());
            return std::nullopt;
        }
        std::move(rest->begin(), rest->end(), std::back_inserter(c.jobs));
    }
    if (newest->empty()) {   // read_in_full read nothing, not even the shifts
        auto r = query(conn_, all_free_shifts_sql().c_str());
        if (!r) {
            spdlog::warn("search index: reading the free shifts failed: {}", r.error());
            return std::nullopt;
        }
        shifts = read_all_free_shifts(r->r);
    }
    for (auto& j : c.jobs)
        if (auto at = shifts.find(j.id); at != shifts.end()) j.free_shifts = std::move(at->second);
    return c;
}

// The ids of the newest kept_cards_ live jobs (those whose cards and texts the generation keeps), ascending.
std::expected<std::vector<std::int64_t>, std::string> index_service::newest_ids() {
    std::vector<std::int64_t> ids;
    if (kept_cards_ == 0) return ids;
    auto r = query(conn_, ("SELECT j.id" + std::string(jobs_sql_tail) + " ORDER BY j.published_at DESC, j.id DESC LIMIT $1::bigint").c_str(),
                   {std::to_string(kept_cards_)});
    if (!r) return std::unexpected(r.error());
    for (int i = 0; i < PQntuples(r->r); ++i) ids.push_back(number<std::int64_t>(cell(r->r, i, 0)));
    std::sort(ids.begin(), ids.end());
    return ids;
}

namespace {

// The statements of a full load in the order they are sent, and the connection each goes to: on
// the first connection each slice's jobs and locations, on the second what the cards share, the
// free shifts, then each slice's cards. The cards of a slice are read `lookahead` slices after its
// jobs: while the second backend computes the shared parts (a pass over every job, 1.2 s at
// 1,000,000 jobs) the loading thread reads the first slices' jobs instead of waiting (it was idle
// for that long, and its reading is most of the load).
struct full_load_plan {
    enum class part { jobs, locations, cards, shared, shifts };   // the first three: a slice's, prepared
    struct step {
        part what;
        std::size_t slice;
    };
    std::vector<statement> statements;
    std::vector<std::size_t> on;   // per statement: 0 the first connection, 1 the second
    std::vector<step> steps;       // per statement: what it reads
    std::size_t slices = 0;
    void add(part what, std::size_t slice, statement s, std::size_t conn) {
        statements.push_back(std::move(s));
        on.push_back(conn);
        steps.push_back({what, slice});
    }
};

struct full_load_sql {
    const std::string& jobs;
    const std::string& cards;
    const char* locations;
};

// `every_live_job`: `ids` are all live jobs, so a slice is read as the range of ids from its first
// to its last (else as the array of its ids).
full_load_plan plan_full_load(const std::vector<std::int64_t>& ids, bool every_live_job, const full_load_sql& sql) {
    using part = full_load_plan::part;
    full_load_plan p;
    std::vector<std::vector<std::string>> which;   // per slice its statements' parameters
    for (std::size_t from = 0; from < ids.size(); from += load_slice) {
        const auto first = ids.begin() + static_cast<std::ptrdiff_t>(from);
        const auto last = ids.begin() + static_cast<std::ptrdiff_t>(std::min(ids.size(), from + load_slice));
        which.push_back(every_live_job ? std::vector<std::string>{std::to_string(*first), std::to_string(*(last - 1))}
                                       : std::vector<std::string>{bigint_array_text(std::vector<std::int64_t>(first, last))});
    }
    constexpr std::size_t lookahead = 16;
    p.slices = which.size();
    auto add_jobs_and_locations = [&](std::size_t k) {
        p.add(part::jobs, k, {sql.jobs, which[k], jobs_format}, 0);
        p.add(part::locations, k, {sql.locations, which[k], location_rows_format}, 0);
    };
    for (std::size_t k = 0; k < std::min(lookahead, p.slices); ++k) add_jobs_and_locations(k);
    p.add(part::shared, 0, {card_shared_sql(live_jobs), {}, 0}, 1);
    p.add(part::shifts, 0, {all_free_shifts_sql(), {}, 0}, 1);
    for (std::size_t k = 0; k < p.slices; ++k) {
        p.add(part::cards, k, {sql.cards, which[k], card_rows_format}, 1);
        if (k + lookahead < p.slices) add_jobs_and_locations(k + lookahead);
    }
    return p;
}

}  // namespace

// The jobs `ids` in full (lexemes with positions, numbered into c.terms as they are read; cards)
// into c.jobs, and every job's free shifts into `shifts`: what the cards share, the free shifts,
// and per slice of ids the jobs, their locations (the jobs' places and the cards' locations, read
// once) and their cards. The jobs' and the locations' statements go on this thread's connection,
// the rest on a second one opened for the load, so two backends work at once, each on its next
// statement while this thread reads the rows of the last (a connection per slice instead left one
// backend waiting for the thread to reach its rows). Without a second connection all go on conn_.
// `every_live_job`: `ids` are all live jobs, so a slice is read as the range of ids from its first
// to its last.
std::expected<void, std::string> index_service::read_in_full(const std::vector<std::int64_t>& ids, bool every_live_job, catalogue& c,
                                                             free_shifts_by_job& shifts) {
    if (ids.empty()) return {};
    phase_clock clock;
    auto session = read_session(conn_);
    if (!session) return std::unexpected(session.error());
    const std::string jobs_by_id = every_live_job ? jobs_in_range_sql() : jobs_by_id_sql(false);
    const std::string cards_sql = every_live_job ? card_rows_sql(session->utc, std::string(live_jobs) + " AND j.id BETWEEN $1::bigint AND $2::bigint")
                                                 : card_rows_sql(session->utc);
    const char* locations_sql = every_live_job ? location_rows_in_range_sql : location_rows_sql;
    full_load_plan p = plan_full_load(ids, every_live_job, {jobs_by_id, cards_sql, locations_sql});
    std::vector<statement>& plan = p.statements;
    std::vector<std::size_t>& on = p.on;
    const auto& steps = p.steps;
    using part = full_load_plan::part;
    const std::size_t slices = p.slices;
    std::unique_ptr<PGconn, void (*)(PGconn*)> second(slices > 1 ? PQconnectdb(url_.c_str()) : nullptr, PQfinish);
    std::vector<PGconn*> conns{conn_};
    if (second && PQstatus(second.get()) == CONNECTION_OK && query(second.get(), "SET extra_float_digits = 1") && query(second.get(), "SET jit = off"))
        conns.push_back(second.get());
    else std::fill(on.begin(), on.end(), 0);
    // The slices' three statements prepared on the connections they go to (else sent with their text).
    const std::string prepared[] = {"jh_load_jobs", "jh_load_locations", "jh_load_cards"};
    const bool ready[] = {prepare(conns.front(), prepared[0], jobs_by_id), prepare(conns.front(), prepared[1], locations_sql),
                          prepare(conns.back(), prepared[2], cards_sql)};
    for (std::size_t i = 0; i < plan.size(); ++i) {
        const auto kind = static_cast<std::size_t>(steps[i].what);
        if (kind < std::size(prepared) && ready[kind]) plan[i].prepared = prepared[kind];
    }

    struct pending_slice {
        std::vector<job_record> jobs;
        locations_by_job locations;
    };
    std::unordered_map<std::size_t, pending_slice> pending;   // slices read but for their cards
    // What the cards share and the cards themselves are read on `cards_thread`, in plan order; it
    // alone touches `shared`, c.cards and c.jobs until it has finished (its destructor).
    shared_parts shared;
    std::int64_t parse_us = 0;
    std::atomic<std::int64_t> cards_us{0};
    const bool unicode_spaces = session->unicode_spaces;
    std::expected<void, std::string> ran;
    {
        in_order_worker cards_thread;
        auto on_cards_thread = [&](auto task) {
            cards_thread.post([task = std::move(task), &cards_us]() mutable {
                const auto started = phase_clock::thread_cpu_us();
                task();
                cards_us += phase_clock::thread_cpu_us() - started;
            });
        };
        auto read = [&](std::size_t i, result_guard r) {
            const auto started = phase_clock::thread_cpu_us();
            const auto [what, k] = steps[i];
            switch (what) {
            case part::jobs: pending[k].jobs = read_jobs(r.r, c.terms.get()); break;
            case part::locations: pending[k].locations = read_locations(r.r, pending[k].jobs); break;
            case part::shifts: shifts = read_all_free_shifts(r.r); break;
            case part::shared:
                on_cards_thread([&, rows = std::make_shared<result_guard>(std::move(r))] { shared = read_shared(rows->r, *c.cards); });
                break;
            case part::cards: {
                auto slice = std::make_shared<pending_slice>(std::move(pending[k]));
                pending.erase(k);
                on_cards_thread([&, slice, rows = std::make_shared<result_guard>(std::move(r))] {
                    attach_cards(rows->r, shared, slice->locations, slice->jobs, c.cards, unicode_spaces);
                    std::move(slice->jobs.begin(), slice->jobs.end(), std::back_inserter(c.jobs));
                });
            }
            }
            { result_guard done(std::move(r)); }
            parse_us += phase_clock::thread_cpu_us() - started;
        };
        c.jobs.reserve(ids.size());
        ran = run_spread(conns, plan, on, read);
    }
    for (std::size_t kind = 0; kind < 3; ++kind)   // the next full load prepares them again (a failed one drops conn_)
        if (ready[kind] && (kind < 2 || conns.size() == 1)) PQclear(PQexec(conn_, ("DEALLOCATE " + prepared[kind]).c_str()));
    load_phases_ += ", jobs and cards on " + std::to_string(conns.size()) + " connection(s) " + clock.lap() + " of which reading rows " +
                    std::to_string(parse_us / 1000) + " ms CPU, cards " + std::to_string(cards_us / 1000) + " ms CPU on a second thread";
    return ran;
}

// Every live job but `skip` (ascending ids), in slices by id, without positions or cards; the
// lexemes numbered into `terms` (the load's own dictionary) as they are read.
std::expected<std::vector<job_record>, std::string> index_service::read_all_but(const std::vector<std::int64_t>& skip, term_dictionary& terms) {
    std::vector<job_record> out;
    const std::string slice_sql = jobs_sql(false, true, false) + " AND j.id > $1::bigint ORDER BY j.id LIMIT " + std::to_string(load_slice);
    auto after = [&](PGresult* r) -> std::optional<statement> {   // the next slice starts after this one's last id
        const int n = PQntuples(r);
        if (static_cast<std::size_t>(n) < load_slice) return std::nullopt;
        return statement{slice_sql, {std::to_string(int_cell(r, n - 1, 0))}, jobs_format};
    };
    auto read = [&](result_guard r) {
        for (auto& j : read_jobs(r.r, &terms))
            if (!std::binary_search(skip.begin(), skip.end(), j.id)) out.push_back(std::move(j));
    };
    if (auto ran = run_overlapped(conn_, {slice_sql, {"0"}, jobs_format}, after, read); !ran) return std::unexpected(ran.error());
    return out;
}

// After a full load, before its generation is published: the jobs changed while it ran (their
// notifications wait in libpq's queue) are read again, so the first generation is not older than
// what the SQL search showed meanwhile. "*" (everything changed) means one more full load, after
// this one is published.
bool index_service::catch_up(catalogue& c) {
    if (!PQconsumeInput(conn_)) return false;
    std::set<std::int64_t> ids;
    bool bump = false;   // the load's own generation is a new one anyway
    if (take_notifications(conn_, ids, bump)) reload_pending_ = true;
    if (ids.empty()) return true;
    const std::vector<std::int64_t> changed(ids.begin(), ids.end());
    auto live = load_changed(conn_, changed, c.terms, c.cards);
    if (!live) {
        spdlog::warn("search index: reloading {} job(s) changed during the load failed: {}", changed.size(), live.error());
        return false;
    }
    std::erase_if(c.jobs, [&](const job_record& j) { return ids.contains(j.id); });
    std::move(live->begin(), live->end(), std::back_inserter(c.jobs));
    return true;
}

void index_service::publish(catalogue c) {
    auto started = std::chrono::steady_clock::now();
    std::vector<const job_record*> all;
    all.reserve(c.jobs.size());
    for (const auto& j : c.jobs) all.push_back(&j);
    auto g = std::make_shared<index_generation>();
    g->jobs = job_snapshot::build(all, c.terms, kept_cards_);
    g->refs = c.refs;
    g->card_texts = c.cards;
    g->build_ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count();
    if (current_.load() == nullptr) {
        std::size_t cards = 0, with_distances = 0, compact = 0, ranked = 0, card_bytes = 0, text_bytes = 0;
        for (const auto& j : c.jobs) {
            if (j.text) {
                ++ranked;
                text_bytes += j.text->memory_bytes();
            }
            if (j.card) {
                ++cards;
                card_bytes += j.card->memory_bytes();
                if (j.card->distances_known()) ++with_distances;
                if (j.card->compact()) ++compact;
            }
        }
        spdlog::info("search index: ready with {} jobs, {} cards ({} with distances), {} ranked in memory (built in {} ms, about {} MB)",
                     g->jobs->jobs(), cards, with_distances, ranked, g->build_ms, g->jobs->memory_bytes() / (1024 * 1024));
        spdlog::info("search index: the cards share {} strings ({} MB)", c.cards->size(), c.cards->memory_bytes() / (1024 * 1024));
        // Without the allocator's headers and the shared_ptrs' control blocks (16 bytes each).
        spdlog::info("search index: the cards hold {} MB ({} in the compact form), the ranking texts {} MB", card_bytes / (1024 * 1024), compact,
                     text_bytes / (1024 * 1024));
    }
    terms_ = std::move(c.terms);
    refs_ = std::move(c.refs);
    cards_ = std::move(c.cards);
    g->number = ++published_;
    current_.store(std::move(g), std::memory_order_release);
}

void index_service::republish() {
    auto cur = current_.load(std::memory_order_acquire);
    if (!cur) return;
    auto g = std::make_shared<index_generation>(*cur);   // the same jobs, shared
    g->number = ++published_;
    current_.store(std::move(g), std::memory_order_release);
}

bool index_service::apply_changes(const std::vector<std::int64_t>& ids) {
    auto cur = current_.load(std::memory_order_acquire);
    if (!cur) return reload_everything();
    const auto asked = std::chrono::steady_clock::now();
    auto live_jobs = load_changed(conn_, ids, terms_, cards_);
    if (!live_jobs) {
        spdlog::warn("search index: reloading {} job(s) failed: {}", ids.size(), live_jobs.error());
        return false;
    }
    std::vector<const job_record*> live;
    live.reserve(live_jobs->size());
    for (const auto& j : *live_jobs) live.push_back(&j);
    auto started = std::chrono::steady_clock::now();
    auto g = std::make_shared<index_generation>();
    g->jobs = job_snapshot::patch(*cur->jobs, ids, live, terms_);
    g->refs = refs_;
    g->card_texts = cards_;   // the pool of cur's cards too (see index_generation)
    g->build_ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count();
    spdlog::debug("search index: {} changed job(s) read in {} ms, patched into a generation of {} jobs in {} ms", ids.size(),
                  std::chrono::duration_cast<std::chrono::milliseconds>(started - asked).count(), g->jobs->jobs(), g->build_ms);
    g->number = ++published_;
    current_.store(std::move(g), std::memory_order_release);
    return true;
}

void index_service::wait_for_notifications() {
    bool everything = std::exchange(reload_pending_, false);
    bool bump = false;
    std::set<std::int64_t> ids;
    auto take_queued = [&] {
        if (take_notifications(conn_, ids, bump)) everything = true;
    };
    // Notifications that arrived while the last load's queries ran were read with their results and
    // wait in libpq's queue: the socket has nothing more to say about them.
    take_queued();
    if (!everything && ids.empty() && !bump) {
        pollfd fds[2] = {{PQsocket(conn_), POLLIN, 0}, {wake_[0], POLLIN, 0}};
        if (::poll(fds, 2, 30000) <= 0 || stop_) return;
        if (!(fds[0].revents & (POLLIN | POLLERR | POLLHUP))) return;
    }
    // Notifications of one burst (a commit of many statements) are gathered for a few milliseconds.
    auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(5);
    do {
        if (!PQconsumeInput(conn_)) {
            spdlog::warn("search index: lost the PostgreSQL connection; reloading after reconnect");
            drop_connection();
            return;
        }
        take_queued();
        pollfd again{PQsocket(conn_), POLLIN, 0};
        if (::poll(&again, 1, 1) <= 0) break;
    } while (std::chrono::steady_clock::now() < deadline);
    const bool applied = everything ? reload_everything() : ids.empty() || apply_changes(std::vector<std::int64_t>(ids.begin(), ids.end()));
    if (!applied) drop_connection();
    else if (bump && !everything && ids.empty()) republish();   // a patch or a load numbered a new generation already
}

void index_service::run() {
    // The thread is idle but for a change, and then every answer waits for it (docs/caching.md): it
    // runs before the loops when both want the cores. Nice -5 needs CAP_SYS_NICE; without it the
    // thread keeps the process's priority.
    if (::setpriority(PRIO_PROCESS, static_cast<id_t>(::syscall(SYS_gettid)), -5) != 0)
        spdlog::debug("search index: the thread keeps the process's priority (setpriority: {})", std::strerror(errno));
    int failures = 0;
    while (!stop_) {
        if (!conn_) {
            if (connect_and_listen() && reload_everything()) {
                failures = 0;
            } else {
                drop_connection();
                pollfd w{wake_[0], POLLIN, 0};
                ::poll(&w, 1, std::min(30000, 500 << std::min(failures++, 6)));
                continue;
            }
        }
        wait_for_notifications();
    }
}

}  // namespace jh::search
