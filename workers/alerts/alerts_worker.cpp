// alerts_worker.cpp: see alerts_worker.h. Blocking calls are fine here: a worker is its own
// process, never a reactor thread.
#include "workers/alerts/alerts_worker.h"

#include <poll.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <optional>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "messages/mail.h"
#include "messages/queue.h"
#include "reactor/config.h"
#include "workers/alerts/alerts_settings.h"
#include "search/index_service.h"
#include "search/job_filter.h"
#include "search/job_index.h"
#include "search/search_page_link.h"
#include "workers/db.h"

namespace jh::workers {

namespace {

// Reading order: due alerts (locked) → the live jobs published since the oldest of their windows,
// as an in-memory index → each alert's stored filter, read by the job search's own decoder
// (search/job_filter.h) and evaluated by the index's own code, newest first, at most 20 jobs, never
// one already sent → one statement that records them, advances every due alert and queues the
// digests. All in one transaction. matched_until overlaps the previous run by 2 minutes: a job
// whose transaction stamped its published_at before our last run but committed after it is still
// found; the sent table keeps it from being mailed twice.
//
// What a filter means is the search's: the same parse, the same slug resolution, the same circle
// test (any radius: the chord test needs no cell list), a text of stop words only filters nothing,
// flags compare as given. What an alert leaves out of its filter: interval_created (its own window
// replaces it), notYetAppliedTo and recommend (no visitor to ask), sort and page (a digest lists
// the newest). A city was resolved to coordinates when the alert was saved (job_alerts.lat/lon).

constexpr int max_jobs_per_digest = 20;
// How far a window reaches back before the previous one's end (see the top of this file).
constexpr int window_overlap_s = 120;

// The due alerts of this round, locked until the round commits.
constexpr const char* due_sql = R"sql(
SELECT a.id, a.search_query, a.lat, a.lon,
       (extract(epoch FROM a.matched_until - make_interval(secs => $2::int)) * 1000000)::bigint,
       (extract(epoch FROM now()) * 1000000)::bigint, a.title
  FROM job_alerts a
 WHERE a.confirmed_at IS NOT NULL AND NOT a.paused AND a.next_run_at <= now()
 ORDER BY a.next_run_at
 LIMIT $1
   FOR UPDATE SKIP LOCKED
)sql";

// What the alerts already mailed among the jobs of the window.
constexpr const char* sent_sql = R"sql(
SELECT s.alert_id, s.job_posting_id
  FROM job_alert_sent_jobs s JOIN job_postings j ON j.id = s.job_posting_id
 WHERE s.alert_id = ANY ($1::bigint[])
   AND j.published_at > timestamptz 'epoch' + $2::bigint * interval '1 microsecond'
)sql";

// A text the index does not read like PostgreSQL (phrases, digits, hyphens, slashes): PostgreSQL
// names the jobs of the round's window that match it, once per distinct text and round (many
// alerts share a text), ids ascending; the first column says the text filters nothing (stop words
// only). The index then finds the rest of each alert's filter, and the two are intersected here.
constexpr const char* text_sql = R"sql(
SELECT numnode(jh_search_query($2::text)) = 0,
       (SELECT coalesce(array_agg(j.id ORDER BY j.id), '{}')::text FROM job_postings j
         WHERE j.published_at >= timestamptz 'epoch' + $1::bigint * interval '1 microsecond'
           AND j.search_vector @@ jh_search_query($2::text))
)sql";

// The jobs of the round's window that match a text (text_sql), by text. `all`: the text filters nothing.
struct text_matches {
    bool all = false;
    std::vector<std::int64_t> ids;   // ascending
};
using text_cache = std::unordered_map<std::string, text_matches>;

std::expected<const text_matches*, std::string> matches_of_text(db& database, const std::string& text, std::int64_t oldest_us,
                                                                 text_cache& cache) {
    if (auto it = cache.find(text); it != cache.end()) return &it->second;
    pg::params p;
    p.add(oldest_us).add(text);
    auto r = database.exec(text_sql, p);
    if (!r) return std::unexpected(r.error());
    text_matches m;
    m.all = r->boolean(0, 0);
    m.ids = search::parse_bigint_array_text(r->text(0, 1));
    return &cache.emplace(text, std::move(m)).first->second;
}

// Records the hits ($3 alert ids, $4 job ids, pairwise), advances every due alert ($1) and
// queues one digest per alert with hits.
constexpr const char* write_sql = R"sql(
WITH due AS (
    -- $9: each due alert's search page address (search/search_page_link.h), $10 its title as the
    -- mail quotes it (messages::with_inner_quotes), in the order of $1.
    SELECT a.id, a.account_id, l.title, l.search_path, a.interval, a.unsubscribe_token
      FROM unnest($1::bigint[], $9::text[], $10::text[]) AS l (id, search_path, title) JOIN job_alerts a ON a.id = l.id),
pairs AS MATERIALIZED (
    SELECT h.alert_id, h.job_id FROM unnest($3::bigint[], $4::bigint[]) AS h (alert_id, job_id)),
-- Each job's line of a digest once, however many alerts found it (a round has some 170,000 pairs
-- of 10,000 alerts, but far fewer distinct jobs).
jobs AS MATERIALIZED (
    SELECT j.id, j.published_at,
           '• ' || j.title || ' – ' || o.name
             || coalesce(', ' || (SELECT l.city FROM job_posting_locations l WHERE l.job_posting_id = j.id
                                   ORDER BY l.sort_order, l.id LIMIT 1), '')
             || E'\n  ' || $2 || '/jobs/' || j.slug AS line
      FROM job_postings j JOIN organizations o ON o.id = j.organization_id
     WHERE j.id IN (SELECT DISTINCT job_id FROM pairs)),
hits AS MATERIALIZED (
    SELECT p.alert_id, p.job_id, jb.published_at, jb.line FROM pairs p JOIN jobs jb ON jb.id = p.job_id),
-- Only what the next window can show again: it starts window_overlap_s ($8) before this one's
-- end ($7). Older jobs are outside every later window; recording them all cost more
-- than the rest of the round (170,000 rows and their two foreign-key checks).
sent AS (
    INSERT INTO job_alert_sent_jobs (alert_id, job_posting_id)
    SELECT alert_id, job_id FROM hits
     WHERE published_at > timestamptz 'epoch' + $7::bigint * interval '1 microsecond' - make_interval(secs => $8::int)
    ON CONFLICT DO NOTHING),
advanced AS (
    -- The alerts with hits as a join, not a correlated EXISTS per alert: that scanned every hit of
    -- the round once per alert (10,000 alerts x 170,000 hits a round).
    UPDATE job_alerts a
       SET matched_until = timestamptz 'epoch' + $7::bigint * interval '1 microsecond',
           next_run_at = now() + jh_alert_interval(d.interval),
           last_sent_at = CASE WHEN hit.alert_id IS NOT NULL THEN now() ELSE a.last_sent_at END
      FROM due d LEFT JOIN (SELECT DISTINCT h.alert_id FROM hits h) AS hit ON hit.alert_id = d.id
     WHERE a.id = d.id),
-- Per alert first, then its account: one lookup per digest, not per line.
per_alert AS (
    SELECT h.alert_id, count(*) AS n, string_agg(h.line, E'\n' ORDER BY h.published_at DESC, h.job_id DESC) AS jobs
      FROM hits h GROUP BY h.alert_id),
digests AS (
    SELECT d.id, d.title, d.search_path, d.unsubscribe_token, acc.email::text AS email,
           coalesce(p.first_name, '') AS first_name, coalesce(p.last_name, '') AS last_name, pa.n, pa.jobs
      FROM per_alert pa JOIN due d ON d.id = pa.alert_id JOIN accounts acc ON acc.id = d.account_id
      LEFT JOIN candidate_profiles p ON p.account_id = acc.id),
mails AS (
    INSERT INTO queue_jobs (kind, payload, idempotency_key)
    SELECT $5::text,
           jsonb_build_object('template', $6::text, 'to', email,
                              'to_name', coalesce(nullif(btrim(first_name || ' ' || last_name), ''), email),
                              'data', jsonb_build_object(
                                  'first_name', coalesce(nullif(first_name, ''), 'zusammen'), 'title', title,
                                  'count', n::text, 'jobs', jobs || E'\n',
                                  'search_link', $2 || search_path,
                                  'unsubscribe_link', $2 || '/job-alert-abmelden/' || unsubscribe_token),
                              'list_unsubscribe', $2 || '/api/job_alerts/unsubscribe/' || unsubscribe_token),
           $6::text || ':' || id || ':' || floor(extract(epoch FROM now()))::bigint
      FROM digests
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING 1)
SELECT (SELECT count(*) FROM mails), (SELECT count(*) FROM hits)
)sql";

// Texts as the literal of a text[] parameter: each element quoted, '"' and '\\' escaped.
std::string text_array_literal(const std::vector<std::string>& texts) {
    std::string out = "{";
    for (std::size_t i = 0; i < texts.size(); ++i) {
        if (i > 0) out += ',';
        out += '"';
        for (char c : texts[i]) {
            if (c == '"' || c == '\\') out += '\\';
            out += c;
        }
        out += '"';
    }
    return out + "}";
}

struct due_alert {
    std::int64_t id = 0;
    std::string search_query;
    std::optional<double> lat, lon;
    std::int64_t after_us = 0;   // jobs published after this
};

// The alert's stored filter as the search reads it, narrowed to the alert's window. nullopt: the
// filter no longer reads (it was valid when saved) or names a place without coordinates.
std::optional<search::job_filter> alert_filter(const due_alert& a) {
    std::string_view qs = a.search_query;
    if (!qs.empty() && qs.front() == '?') qs.remove_prefix(1);
    auto f = search::parse_job_filter(qs);
    if (!f) {
        spdlog::warn("worker alerts: alert {} has a filter the search refuses: {}", a.id, f.error());
        return std::nullopt;
    }
    if (f->city) {
        if (!a.lat || !a.lon) return std::nullopt;
        f->lat = a.lat;
        f->lon = a.lon;
        f->city.reset();
    }
    f->since_s.reset();
    f->not_yet_applied_to = false;
    f->recommend_days.reset();
    f->sort = "newest";
    return std::move(*f);
}

// An alert ready to match: its stored filter as an index query, and the matches of a text the
// index declines (PostgreSQL reads it; none when the index reads the whole filter).
struct prepared_alert {
    std::optional<search::index_query> query;   // none: the filter no longer reads, nothing matches
    const text_matches* text = nullptr;
};

std::expected<prepared_alert, std::string> prepare_alert(db& database, const due_alert& a, const search::reference_data& refs,
                                                         std::int64_t now_us, std::int64_t oldest_us, std::size_t window_jobs,
                                                         const std::vector<std::int64_t>& already_sent, text_cache& texts) {
    prepared_alert out;
    auto f = alert_filter(a);
    if (!f) return out;
    auto q = search::to_index_query(*f, refs, now_us);
    std::optional<std::string> text_for_postgres;
    if (!q) {
        // Only a text the index declines gets here (the sort is "newest"): the rest of the filter
        // in the index, the text in PostgreSQL.
        text_for_postgres = f->q;
        f->q.reset();
        q = search::to_index_query(*f, refs, now_us);
        if (!q) return out;
        auto matching = matches_of_text(database, *text_for_postgres, oldest_us, texts);
        if (!matching) return std::unexpected(matching.error());
        out.text = *matching;
    }
    q->published_since_us = a.after_us + 1;
    q->excluded_ids = already_sent;
    q->offset = 0;
    q->limit = out.text ? static_cast<int>(window_jobs) : max_jobs_per_digest;
    q->count_cap = std::max<int>(q->count_cap, static_cast<int>(window_jobs));
    out.query = std::move(q);
    return out;
}

// The newest (at most 20) jobs of the window that match the alert and were not sent before. Reads
// only the immutable snapshot, so a round's alerts are matched on every core at once.
std::vector<std::int64_t> match_alert(const prepared_alert& a, const search::job_snapshot& jobs) {
    if (!a.query) return {};
    auto answer = jobs.search(*a.query);
    if (!a.text) return std::move(answer.page);
    std::vector<std::int64_t> out;
    for (auto id : answer.page) {   // newest first
        if (out.size() == static_cast<std::size_t>(max_jobs_per_digest)) break;
        if (a.text->all || std::binary_search(a.text->ids.begin(), a.text->ids.end(), id)) out.push_back(id);
    }
    return out;
}

// Every alert's matches, in the order of `alerts`, on up to four threads.
std::vector<std::vector<std::int64_t>> match_alerts(const std::vector<prepared_alert>& alerts, const search::job_snapshot& jobs) {
    std::vector<std::vector<std::int64_t>> found(alerts.size());
    const std::size_t threads = std::clamp<std::size_t>(std::thread::hardware_concurrency(), 1, 4);
    std::vector<std::thread> pool;
    for (std::size_t t = 0; t < threads; ++t)
        pool.emplace_back([&, t] {
            for (std::size_t i = t; i < alerts.size(); i += threads) found[i] = match_alert(alerts[i], jobs);
        });
    for (auto& th : pool) th.join();
    return found;
}

const char* const clock_sql = "SELECT (extract(epoch FROM clock_timestamp()) * 1000000)::bigint";

}  // namespace

// The live jobs of the window as an index, loaded once for the rounds of one drain (loading
// 110,000 jobs of a week takes seconds; ten rounds of 10,000 alerts would load them ten times).
// A round advances its alerts to `loaded_at_us`, not to the round's own time: a job published
// after the load is in the next drain's window.
struct alerts_window {
    std::int64_t from_us = 0;        // holds the live jobs published after this
    std::int64_t loaded_at_us = 0;   // the database's clock just before they were read
    std::vector<search::job_record> records;
    std::shared_ptr<const search::job_snapshot> jobs;
    std::optional<search::reference_data> refs;
};

namespace {

// The window for a round whose alerts look back to `oldest_us`: the one at hand when it reaches
// back far enough, else a fresh load.
std::expected<void, std::string> ensure_window(db& database, alerts_window& w, std::int64_t oldest_us) {
    if (w.jobs && w.from_us <= oldest_us) return {};
    auto clock = database.exec(clock_sql);
    if (!clock) return std::unexpected(clock.error());
    const std::int64_t loaded_at = clock->int64(0, 0);
    auto records = search::load_live_jobs_published_after(database.native(), oldest_us);
    if (!records) return std::unexpected(records.error());
    auto refs = search::load_reference_data(database.native());
    if (!refs) return std::unexpected(refs.error());
    w.records = std::move(*records);
    std::vector<const search::job_record*> pointers;
    pointers.reserve(w.records.size());
    for (const auto& r : w.records) pointers.push_back(&r);
    w.jobs = search::job_snapshot::build(pointers);
    w.refs = std::move(*refs);
    w.from_us = oldest_us;
    w.loaded_at_us = loaded_at;
    return {};
}

std::expected<alerts_round, std::string> match_due_alerts(db& database, const std::string& origin, int batch, alerts_window& window) {
    pg::params dp;
    dp.add(batch).add(window_overlap_s);
    auto due_rows = database.exec(due_sql, dp);
    if (!due_rows) return std::unexpected(due_rows.error());
    alerts_round out;
    out.due = due_rows->rows();
    if (out.due == 0) return out;

    std::vector<due_alert> due;
    std::vector<std::int64_t> due_ids;
    std::vector<std::string> search_paths;   // the digest's "Alle Treffer ansehen", per due alert
    std::vector<std::string> titles;         // the digest's title inside its „…“, per due alert
    std::int64_t oldest_us = 0, now_us = 0;
    for (int i = 0; i < due_rows->rows(); ++i) {
        due_alert a;
        a.id = due_rows->int64(i, 0);
        a.search_query = std::string(due_rows->text(i, 1));
        if (!due_rows->is_null(i, 2) && !due_rows->is_null(i, 3)) {
            a.lat = due_rows->number(i, 2);
            a.lon = due_rows->number(i, 3);
        }
        a.after_us = due_rows->int64(i, 4);
        now_us = due_rows->int64(i, 5);
        oldest_us = i == 0 ? a.after_us : std::min(oldest_us, a.after_us);
        due_ids.push_back(a.id);
        search_paths.push_back(search::search_page_path(a.search_query));
        titles.push_back(messages::with_inner_quotes(due_rows->text(i, 6)));
        due.push_back(std::move(a));
    }

    // Where a round's time goes (debug log): loading the window, matching, writing.
    const auto started = std::chrono::steady_clock::now();
    auto ms_since = [](std::chrono::steady_clock::time_point t) {
        return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t).count();
    };
    // The window's jobs as an index, built by the search's own code.
    if (auto w = ensure_window(database, window, oldest_us); !w) return std::unexpected(w.error());
    const auto& jobs = window.jobs;
    const auto& refs = window.refs;

    std::unordered_map<std::int64_t, std::vector<std::int64_t>> sent;
    pg::params sp;
    sp.add(search::bigint_array_text(due_ids)).add(oldest_us);
    auto sent_rows = database.exec(sent_sql, sp);
    if (!sent_rows) return std::unexpected(sent_rows.error());
    for (int i = 0; i < sent_rows->rows(); ++i) sent[sent_rows->int64(i, 0)].push_back(sent_rows->int64(i, 1));

    const auto loaded = std::chrono::steady_clock::now();
    text_cache texts;
    std::vector<prepared_alert> prepared;
    prepared.reserve(due.size());
    for (const auto& a : due) {
        auto p = prepare_alert(database, a, *refs, now_us, oldest_us, jobs->jobs(), sent[a.id], texts);
        if (!p) return std::unexpected(p.error());
        prepared.push_back(std::move(*p));
    }
    auto found = match_alerts(prepared, *jobs);
    std::vector<std::int64_t> hit_alerts, hit_jobs;
    for (std::size_t i = 0; i < due.size(); ++i)
        for (auto id : found[i]) {
            hit_alerts.push_back(due[i].id);
            hit_jobs.push_back(id);
        }

    const auto matched = std::chrono::steady_clock::now();
    pg::params wp;
    wp.add(search::bigint_array_text(due_ids)).add(origin);
    wp.add(search::bigint_array_text(hit_alerts)).add(search::bigint_array_text(hit_jobs));
    // $5, $6: the queue kind and the template name (messages/queue.h, messages/mail.h); the SQL
    // writes the JSON of a messages::mail_message, which the mail worker reads back.
    wp.add(messages::queue::mail).add(messages::mail_template_name(messages::mail_template::job_alert_digest));
    wp.add(window.loaded_at_us).add(window_overlap_s);
    wp.add(text_array_literal(search_paths)).add(text_array_literal(titles));
    auto written = database.exec(write_sql, wp);
    if (!written) return std::unexpected(written.error());
    out.mails = written->int64(0, 0);
    out.matches = written->int64(0, 1);
    spdlog::debug("worker alerts: round of {} alerts over {} jobs: loaded in {} ms, matched in {} ms ({} texts from PostgreSQL), "
                  "written in {} ms ({} pairs, {} digests)",
                  out.due, jobs->jobs(), std::chrono::duration_cast<std::chrono::milliseconds>(loaded - started).count(),
                  std::chrono::duration_cast<std::chrono::milliseconds>(matched - loaded).count(), texts.size(), ms_since(matched),
                  out.matches, out.mails);
    return out;
}

// Rows older than any window (weekly + overlap) can never be matched again.
constexpr const char* purge_sent_jobs_sql = "DELETE FROM job_alert_sent_jobs WHERE sent_at < now() - interval '8 days'";

bool wait_or_stop(int stop_fd, int timeout_ms) {
    pollfd p{stop_fd, POLLIN, 0};
    int n = ::poll(&p, stop_fd >= 0 ? 1 : 0, timeout_ms);
    return n > 0;
}

}  // namespace

std::expected<alerts_round, std::string> run_alerts_round(db& database, const std::string& origin, int batch, alerts_window& window) {
    // One transaction: the due alerts stay locked (SKIP LOCKED for other workers) until they are
    // advanced, and a failure leaves them due.
    if (auto b = database.exec_simple("BEGIN"); !b) return std::unexpected(b.error());
    auto round = match_due_alerts(database, origin, batch, window);
    if (!round) {
        (void)database.exec_simple("ROLLBACK");
        return round;
    }
    if (auto c = database.exec_simple("COMMIT"); !c) return std::unexpected(c.error());
    return round;
}

int run_alerts_worker(const config& cfg, bool once, const std::atomic<bool>& stop, int stop_fd) {
    db database(cfg.database_url);
    const auto& settings = section<alerts_settings>(cfg);
    spdlog::info("worker alerts: started, looks for due alerts every {} ms ({} per statement)", settings.tick_ms, settings.batch);
    auto next_purge = std::chrono::steady_clock::now();
    int failures = 0;
    while (!stop.load()) {
        std::int64_t mails = 0, due = 0;
        bool failed = false;
        alerts_window window;   // one load for the rounds of this drain
        // Drain: a full batch means more may be due.
        for (;;) {
            if (auto c = database.ensure_connected(); !c) {
                failed = true;
                if (failures++ == 0) spdlog::error("worker alerts: connecting failed: {}", c.error());
                break;
            }
            auto round = run_alerts_round(database, cfg.http_public_origin, settings.batch, window);
            if (!round) {
                failed = true;
                if (failures++ == 0) spdlog::error("worker alerts: matching failed: {}", round.error());
                database.reset();
                break;
            }
            failures = 0;
            due += round->due;
            mails += round->mails;
            if (round->due < settings.batch || stop.load()) break;
        }
        if (due > 0) spdlog::info("worker alerts: {} due alert(s), {} digest(s) queued", due, mails);
        if (std::chrono::steady_clock::now() >= next_purge && !failed) {
            next_purge = std::chrono::steady_clock::now() + std::chrono::hours(1);
            if (auto r = database.exec(purge_sent_jobs_sql); !r) spdlog::warn("worker alerts: purging the sent log failed: {}", r.error());
        }
        if (once) return failed ? 1 : 0;
        int pause = failed ? std::min(30000, 500 * (1 << std::min(failures, 6))) : settings.tick_ms;
        if (wait_or_stop(stop_fd, pause)) break;
    }
    spdlog::info("worker alerts: stopped");
    return 0;
}

}  // namespace jh::workers
