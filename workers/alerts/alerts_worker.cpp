// alerts_worker.cpp: see alerts_worker.h. Blocking calls are fine here: a worker is its own
// process, never a reactor thread.
#include "workers/alerts/alerts_worker.h"

#include <poll.h>
#include <spdlog/spdlog.h>

#include <chrono>
#include <string>

#include "messages/mail.h"
#include "messages/queue.h"
#include "reactor/config.h"
#include "workers/db.h"

namespace jh::workers {

namespace {

// The matcher. Reading order: due alerts → their new matching jobs (at most 20 per digest, newest
// first, never one already sent) → record them, advance every due alert, queue the digests.
// matched_until overlaps the previous run by 2 minutes: a job whose transaction stamped its
// published_at before our last run but committed after it is still found; the sent table keeps
// it from being mailed twice.
//
// The predicates are jh_job_search's (migrations 0016, 0018), value for value, so an alert finds
// what its search lists: a text of stop words only filters nothing; flags compare as given (0 or
// 1); the circle is the same chord test (cube_distance ≤ gc_to_sec(radius)); a circle too wide for
// a cell list (jh_geo_cells is NULL, several hundred km) walks the newest located entries instead.
// A job counts once however many of its places lie in the circle.

// What every branch tests besides the place, over job_search_points p and the due alert d.
constexpr const char* job_predicates = R"sql(
            p.published_at > d.matched_until - interval '2 minutes' AND p.published_at <= now()
            AND (p.valid_through IS NULL OR p.valid_through > now())
            AND (d.activity_ids IS NULL OR p.activity_ids && d.activity_ids)
            AND (d.employment_type_ids IS NULL OR p.employment_type_ids && d.employment_type_ids)
            AND (d.industry_ids IS NULL OR p.industry_ids && d.industry_ids)
            AND (d.type_activity_ids IS NULL OR p.activity_ids && d.type_activity_ids
                 OR p.employment_type_ids && d.type_employment_ids)
            AND (d.organization_id IS NULL OR p.organization_id = d.organization_id)
            AND (d.top_job IS NULL OR p.top_job = d.top_job)
            AND (d.instant_teaser_job IS NULL OR p.instant_teaser_job = d.instant_teaser_job)
            AND (d.top_offer IS NULL OR p.top_offer = d.top_offer)
            AND (d.sponsored IS NULL OR p.sponsored = d.sponsored)
            AND (d.opportunity IS NULL OR p.opportunity = d.opportunity)
            AND (d.q IS NULL OR (d.q, p.job_posting_id) IN (SELECT wj.q, wj.job_id FROM word_jobs wj))
            AND NOT EXISTS (SELECT 1 FROM job_alert_sent_jobs s WHERE s.alert_id = d.id AND s.job_posting_id = p.job_posting_id)
)sql";

std::string build_matcher_sql() {
    std::string preds = job_predicates;
    return R"sql(
WITH due AS MATERIALIZED (
    SELECT a.id, a.account_id, a.title, a.search_query, a.interval, a.unsubscribe_token, a.matched_until,
           CASE WHEN a.q IS NOT NULL AND numnode(jh_search_query(a.q)) > 0 THEN a.q END AS q,
           a.activity_ids, a.employment_type_ids, a.industry_ids, a.type_activity_ids, a.type_employment_ids,
           CASE WHEN a.lat IS NULL THEN NULL ELSE jh_earth(a.lat, a.lon) END AS pt,
           CASE WHEN a.lat IS NULL THEN NULL ELSE gc_to_sec(a.radius_m::float8) END AS chord,
           CASE WHEN a.lat IS NULL THEN NULL ELSE jh_geo_cells(a.lat, a.lon, a.radius_m) END AS cells,
           a.organization_id, a.top_job, a.instant_teaser_job, a.top_offer, a.sponsored, a.opportunity
      FROM job_alerts a
     WHERE a.confirmed_at IS NOT NULL AND NOT a.paused AND a.next_run_at <= now()
     ORDER BY a.next_run_at
     LIMIT $1
       FOR UPDATE SKIP LOCKED),
-- Word filters: each distinct word of the batch is looked up once in the full-text index over
-- the widest window that needs it; the alerts then test membership in that set by hash.
word_jobs AS MATERIALIZED (
    SELECT w.q, x.id AS job_id
      FROM (SELECT q, min(matched_until) AS since FROM due WHERE q IS NOT NULL GROUP BY q) AS w
      JOIN LATERAL (SELECT x.id FROM job_postings x
                     WHERE x.search_vector @@ jh_search_query(w.q) AND x.is_published AND x.active
                       AND x.published_at > w.since - interval '2 minutes' AND x.published_at <= now()) AS x ON true),
hits AS MATERIALIZED (
    SELECT DISTINCT ON (d.id, m.job_posting_id)
           d.id AS alert_id, m.job_posting_id AS job_id, j.title, j.slug, o.name AS org, m.published_at,
           (SELECT l.city FROM job_posting_locations l WHERE l.job_posting_id = j.id ORDER BY l.sort_order, l.id LIMIT 1) AS city
      FROM due d
     CROSS JOIN LATERAL (
        -- Index-only walks of the narrow search table (job_search_points: live jobs only), newest
        -- first, stopping at 20 jobs. Without a place: one row per job (primary_newest_idx).
        (SELECT p.job_posting_id, p.published_at
           FROM job_search_points p
          WHERE d.pt IS NULL AND p.is_primary AND )sql" + preds + R"sql(
          ORDER BY p.published_at DESC, p.job_posting_id DESC
          LIMIT 20)
        UNION ALL
        -- A circle with a cell list: the entries of the cells it overlaps (cell_idx), tested
        -- against the circle.
        (SELECT DISTINCT p.job_posting_id, p.published_at
           FROM job_search_points p
          WHERE d.cells IS NOT NULL AND p.cell = ANY (d.cells) AND cube_distance(p.geo, d.pt) <= d.chord AND )sql" + preds + R"sql(
          ORDER BY p.published_at DESC, p.job_posting_id DESC
          LIMIT 20)
        UNION ALL
        -- A wide circle (no cell list): the newest located entries (geo_newest_idx), tested
        -- against the circle.
        (SELECT DISTINCT p.job_posting_id, p.published_at
           FROM job_search_points p
          WHERE d.pt IS NOT NULL AND d.cells IS NULL AND p.cell IS NOT NULL
            AND cube_distance(p.geo, d.pt) <= d.chord AND )sql" + preds + R"sql(
          ORDER BY p.published_at DESC, p.job_posting_id DESC
          LIMIT 20)) AS m
      JOIN job_postings j ON j.id = m.job_posting_id
      JOIN organizations o ON o.id = j.organization_id
     ORDER BY d.id, m.job_posting_id),
sent AS (
    INSERT INTO job_alert_sent_jobs (alert_id, job_posting_id)
    SELECT alert_id, job_id FROM hits ON CONFLICT DO NOTHING),
advanced AS (
    UPDATE job_alerts a
       SET matched_until = now(), next_run_at = now() + jh_alert_interval(d.interval),
           last_sent_at = CASE WHEN EXISTS (SELECT 1 FROM hits h WHERE h.alert_id = a.id) THEN now() ELSE a.last_sent_at END
      FROM due d WHERE a.id = d.id),
digests AS (
    SELECT d.id, d.title, d.search_query, d.unsubscribe_token, acc.email::text AS email,
           coalesce(p.first_name, '') AS first_name, coalesce(p.last_name, '') AS last_name, count(*) AS n,
           string_agg('• ' || h.title || ' – ' || h.org || coalesce(', ' || h.city, '') || E'\n  ' || $2 || '/jobs/' || h.slug,
                      E'\n' ORDER BY h.published_at DESC, h.job_id DESC) AS jobs
      FROM hits h JOIN due d ON d.id = h.alert_id JOIN accounts acc ON acc.id = d.account_id
      LEFT JOIN candidate_profiles p ON p.account_id = acc.id
     GROUP BY d.id, d.title, d.search_query, d.unsubscribe_token, acc.email, p.first_name, p.last_name),
mails AS (
    INSERT INTO queue_jobs (kind, payload, idempotency_key)
    SELECT $3::text,
           jsonb_build_object('template', $4::text, 'to', email,
                              'to_name', coalesce(nullif(btrim(first_name || ' ' || last_name), ''), email),
                              'data', jsonb_build_object(
                                  'first_name', coalesce(nullif(first_name, ''), 'zusammen'), 'title', title,
                                  'count', n::text, 'jobs', jobs || E'\n',
                                  'search_link', $2 || '/jobs?' || search_query,
                                  'unsubscribe_link', $2 || '/job-alert-abmelden/' || unsubscribe_token),
                              'list_unsubscribe', $2 || '/api/job_alerts/unsubscribe/' || unsubscribe_token),
           $4::text || ':' || id || ':' || floor(extract(epoch FROM now()))::bigint
      FROM digests
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING 1)
SELECT (SELECT count(*) FROM due), (SELECT count(*) FROM mails), (SELECT count(*) FROM hits)
)sql";
}

// Rows older than any window (weekly + overlap) can never be matched again.
constexpr const char* purge_sql = "DELETE FROM job_alert_sent_jobs WHERE sent_at < now() - interval '8 days'";

bool wait_or_stop(int stop_fd, int timeout_ms) {
    pollfd p{stop_fd, POLLIN, 0};
    int n = ::poll(&p, stop_fd >= 0 ? 1 : 0, timeout_ms);
    return n > 0;
}

}  // namespace

std::expected<alerts_round, std::string> run_alerts_round(db& database, const std::string& origin, int batch) {
    pg::params p;
    // $3, $4: the queue kind and the template name (messages/queue.h, messages/mail.h); the SQL
    // writes the JSON of a messages::mail_message, which the mail worker reads back.
    p.add(batch).add(origin).add(messages::queue::mail).add(messages::mail_template_name(messages::mail_template::job_alert_digest));
    static const std::string matcher_sql = build_matcher_sql();
    auto r = database.exec(matcher_sql.c_str(), p);
    if (!r) return std::unexpected(r.error());
    alerts_round out;
    out.due = r->int64(0, 0);
    out.mails = r->int64(0, 1);
    out.matches = r->int64(0, 2);
    return out;
}

int run_alerts_worker(const config& cfg, bool once, const std::atomic<bool>& stop, int stop_fd) {
    db database(cfg.database_url);
    // Room for the hashed word sets of a batch (see word_jobs), on this worker's own connection.
    database.set_session_sql("SET work_mem = '64MB'");
    spdlog::info("worker alerts: started, looks for due alerts every {} ms ({} per statement)", cfg.alerts_tick_ms, cfg.alerts_batch);
    auto next_purge = std::chrono::steady_clock::now();
    int failures = 0;
    while (!stop.load()) {
        std::int64_t mails = 0, due = 0;
        bool failed = false;
        // Drain: a full batch means more may be due.
        for (;;) {
            if (auto c = database.ensure_connected(); !c) {
                failed = true;
                if (failures++ == 0) spdlog::error("worker alerts: connecting failed: {}", c.error());
                break;
            }
            auto round = run_alerts_round(database, cfg.http_public_origin, cfg.alerts_batch);
            if (!round) {
                failed = true;
                if (failures++ == 0) spdlog::error("worker alerts: matching failed: {}", round.error());
                database.reset();
                break;
            }
            failures = 0;
            due += round->due;
            mails += round->mails;
            if (round->due < cfg.alerts_batch || stop.load()) break;
        }
        if (due > 0) spdlog::info("worker alerts: {} due alert(s), {} digest(s) queued", due, mails);
        if (std::chrono::steady_clock::now() >= next_purge && !failed) {
            next_purge = std::chrono::steady_clock::now() + std::chrono::hours(1);
            if (auto r = database.exec(purge_sql); !r) spdlog::warn("worker alerts: purging the sent log failed: {}", r.error());
        }
        if (once) return failed ? 1 : 0;
        int pause = failed ? std::min(30000, 500 * (1 << std::min(failures, 6))) : cfg.alerts_tick_ms;
        if (wait_or_stop(stop_fd, pause)) break;
    }
    spdlog::info("worker alerts: stopped");
    return 0;
}

}  // namespace jh::workers
