// applicant_pipeline.cpp: notes, ratings, neighbours, the bulk status change and the CSV file of
// an organization's applicants (applicant_pipeline.h; docs/providers.md, "Pipeline tools").
#include "actors/applications/applicant_pipeline.h"

#include <algorithm>

#include "actors/organization_standing.h"
#include "actors/applications/applicants_csv.h"
#include "actors/form_text.h"
#include "actors/pay_rules.h"
#include "actors/pg_rows.h"
#include "messages/queue.h"
#include "reactor/job_queue.h"
#include "reactor/json_body.h"
#include "reactor/loop_context.h"
#include "reactor/pg_bind.h"
#include "reactor/try.h"

namespace jh {

using namespace actions;
using namespace pipeline;

namespace {

const char* const msg_no_application = "Diese Bewerbung wurde nicht gefunden.";

// A member's name as the team reads it: the account's address, or that the member has left.
#define JH_MEMBER_NAME(column) "coalesce((SELECT m.email::text FROM accounts m WHERE m.id = " column "), '" "ehemaliges Teammitglied" "')"

#define JH_NOTE_COLUMNS                                                                                        \
    "n.id, n.application_id, n.body, " JH_MEMBER_NAME("n.author_id") ", to_json(n.created_at) #>> '{}', "    \
    "coalesce(n.author_id = $2, false) "

note read_note(const pg::result_set& r, int i) {
    return note{r.int64(i, 0), r.int64(i, 1), std::string(r.text(i, 2)), std::string(r.text(i, 3)), std::string(r.text(i, 4)),
                r.boolean(i, 5)};
}

// stars, set_by, updated_at; no row: not rated.
rating read_rating(const pg::result_set& r) {
    rating out;
    if (r.rows() == 1) {
        out.stars = static_cast<int>(r.int64(0, 0));
        out.set_by = std::string(r.text(0, 1));
        out.updated_at = std::string(r.text(0, 2));
    }
    return out;
}

constexpr std::string_view rating_sql =
    "SELECT stars, " JH_MEMBER_NAME("set_by") ", to_json(updated_at) #>> '{}' FROM application_ratings "
    " WHERE application_id = $1 AND organization_id = $2";

std::optional<neighbour> read_neighbour(const pg::result_set& r, int col) {
    if (r.is_null(0, col)) return std::nullopt;
    return neighbour{r.int64(0, col), std::string(r.text(0, col + 1)), std::string(r.text(0, col + 2))};
}

std::string id_list(const std::vector<std::int64_t>& ids) {
    std::string out;
    for (std::int64_t id : ids) out += (out.empty() ? "" : ", ") + std::to_string(id);
    return out;
}

// The rows of the CSV file, with each row logged as a view of the candidate's data in the same
// statement (nothing is handed out that is not logged). $1 the job, or NULL for every job of the
// organization (issue 41, item 17); $2 member, $3 organization, $4 the most rows a file holds.
// Each chosen shift says its state; the confirmed ones (not cancelled) have a column of their own.
constexpr std::string_view csv_rows_sql =
    "WITH rows AS ("
    "  SELECT x.id, j.organization_id AS org, x.created_at, x.anonymized_at IS NULL AS named, "
    "         CASE WHEN x.anonymized_at IS NULL THEN coalesce(p.first_name, '') ELSE 'anonymisiert' END AS first_name, "
    "         coalesce(p.last_name, '') AS last_name, coalesce(a.email::text, '') AS email, "
    "         coalesce((SELECT string_agg(c->>'value', ', ') FROM jsonb_array_elements(CASE WHEN "
    "             jsonb_typeof(p.sedcard->'communicationData') = 'array' THEN p.sedcard->'communicationData' ELSE '[]' END) c "
    "           WHERE c->>'type' IN ('mobile', 'tel')), '') AS phones, "
    "         coalesce((SELECT concat_ws(', ', nullif(d->>'street', ''), nullif(concat_ws(' ', d->>'zipcode', d->>'city'), '')) "
    "             FROM jsonb_array_elements(CASE WHEN jsonb_typeof(p.sedcard->'addresses') = 'array' "
    "                  THEN p.sedcard->'addresses' ELSE '[]' END) d LIMIT 1), '') AS address, "
    "         CASE x.status::text WHEN 'sent' THEN 'Neu' WHEN 'seen' THEN 'Gesehen' WHEN 'shortlisted' THEN 'Engere Auswahl' "
    "              WHEN 'invited' THEN 'Eingeladen' WHEN 'declined' THEN 'Abgesagt' WHEN 'hired' THEN 'Eingestellt' "
    "              ELSE x.status::text END AS status, "
    "         to_char(x.created_at AT TIME ZONE 'Europe/Berlin', 'DD.MM.YYYY HH24:MI') AS applied_at, "
    "         coalesce((SELECT string_agg(l.city || coalesce(' (' || l.name || ')', ''), ', ' ORDER BY l.sort_order, l.id) "
    "             FROM job_posting_locations l WHERE l.id = ANY (x.location_ids)), '') AS locations, "
    "         coalesce((SELECT string_agg(jh_shift_label(s.id) || ' (' || CASE WHEN s.cancelled_at IS NOT NULL THEN 'abgesagt' "
    "                      WHEN sa.status = 'confirmed' THEN 'bestätigt' WHEN sa.status = 'declined' THEN 'abgelehnt' "
    "                      ELSE 'offen' END || ')', '; ' ORDER BY s.starts_at, s.id) FROM shift_applications sa "
    "             JOIN shifts s ON s.id = sa.shift_id WHERE sa.application_id = x.id AND sa.status <> 'withdrawn'), '') AS shifts, "
    "         coalesce((SELECT string_agg(jh_shift_label(s.id), '; ' ORDER BY s.starts_at, s.id) FROM shift_applications sa "
    "             JOIN shifts s ON s.id = sa.shift_id WHERE sa.application_id = x.id AND sa.status = 'confirmed' "
    "              AND s.cancelled_at IS NULL), '') AS confirmed_shifts, "
    "         j.title, j.base_salary::text AS base_salary, j.base_salary_max::text AS base_salary_max, "
    "         j.salary_unit::text AS salary_unit, j.salary_currency "
    "    FROM applications x JOIN job_postings j ON j.id = x.job_posting_id "
    "    LEFT JOIN accounts a ON a.id = x.candidate_account_id AND x.anonymized_at IS NULL "
    "    LEFT JOIN candidate_profiles p ON p.account_id = x.candidate_account_id AND x.anonymized_at IS NULL "
    "   WHERE ($1::bigint IS NULL OR j.id = $1) AND j.organization_id = $3 AND jh_active_member_of($2) = $3 "
    "     AND x.forwarded_at IS NOT NULL "
    "   ORDER BY x.created_at DESC, x.id DESC LIMIT $4), "
    "logged AS (INSERT INTO application_views (application_id, organization_id, viewer_id) SELECT id, org, $2 FROM rows WHERE named) "
    "SELECT first_name, last_name, email, phones, address, status, applied_at, locations, shifts, confirmed_shifts, title, "
    "       base_salary, base_salary_max, salary_unit, salary_currency FROM rows "
    " ORDER BY created_at DESC, id DESC";

// The job's pay in words from columns 11..14 of a CSV row (base_salary, max, unit, currency).
std::string csv_pay(const pg::result_set& r, int i) {
    pay::job_pay p;
    if (!r.is_null(i, 11)) p.amount = pay::cents_of(r.text(i, 11));
    if (!r.is_null(i, 12)) p.max = pay::cents_of(r.text(i, 12));
    if (!r.is_null(i, 13)) p.unit = std::string(r.text(i, 13));
    p.currency = std::string(r.text(i, 14));
    return pay::pay_text(p);
}

}  // namespace

applicant_pipeline::applicant_pipeline(loop_context& loop, applications_actor& applications)
    : loop_(loop), applications_(applications) {}

task<result<std::int64_t>> applicant_pipeline::organization_of(const auth::identity& who, std::int64_t application_id) {
    CO_CHECK(co_await refuse_blocked_organization(loop_, who));
    CO_TRY(auto r, co_await loop_.pg.read(
        "SELECT j.organization_id FROM applications x JOIN job_postings j ON j.id = x.job_posting_id "
        " WHERE x.id = $1 AND x.forwarded_at IS NOT NULL AND x.anonymized_at IS NULL "
        "   AND j.organization_id = jh_active_member_of($2)",
        pg::bind(application_id, who.account_id)));
    if (r.rows() != 1) co_return fail(error_kind::not_found, msg_no_application);
    co_return r.int64(0, 0);
}

// ---- notes ----------------------------------------------------------------------------------------

task<result<std::vector<note>>> applicant_pipeline::notes(const auth::identity& who, std::int64_t application_id) {
    CO_TRY(auto org, co_await organization_of(who, application_id));
    CO_TRY(auto r, co_await loop_.pg.read("SELECT " JH_NOTE_COLUMNS " FROM application_notes n "
                                           " WHERE n.application_id = $1 AND n.organization_id = $3 ORDER BY n.created_at, n.id",
                                           pg::bind(application_id, who.account_id, org)));
    co_return rows_of(r, read_note);
}

task<result<note>> applicant_pipeline::add_note(const auth::identity& who, std::int64_t application_id, std::string body) {
    body = std::string(forms::trim_ascii(body));
    if (body.empty()) co_return invalid("body", "Bitte schreiben Sie eine Notiz.");
    if (utf8_length(body) > note_max_chars) co_return invalid("body", too_long_message(note_max_chars));
    CO_TRY(auto org, co_await organization_of(who, application_id));
    co_return co_await pg::in_transaction(loop_.pg, [&](pg::transaction& tx) -> task<result<note>> {
        // The application's notes one writer at a time: the lock in its own statement, the count in
        // the next (a statement's snapshot is taken before it waits for a lock).
        CO_CHECK(co_await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('jh_application_notes:' || $1::text, 0))",
                                   pg::bind(application_id)));
        CO_TRY(auto n, co_await tx.query("SELECT count(*) FROM application_notes WHERE application_id = $1 AND organization_id = $2",
                                         pg::bind(application_id, org)));
        if (n.int64(0, 0) >= max_notes_per_application)
            co_return fail(error_kind::conflict, "Zu dieser Bewerbung gibt es schon " + std::to_string(max_notes_per_application) +
                                                     " Notizen. Bitte löschen Sie nicht mehr benötigte Notizen, bevor Sie neue schreiben.");
        CO_TRY(auto r, co_await tx.query(
            "WITH n AS (INSERT INTO application_notes (application_id, organization_id, author_id, body) "
            "           VALUES ($1, $3, $2, $4) RETURNING *) SELECT " JH_NOTE_COLUMNS " FROM n",
            pg::bind(application_id, who.account_id, org, body)));
        note out = read_note(r, 0);
        CO_CHECK(co_await tx.commit());
        co_return out;
    });
}

task<result<void>> applicant_pipeline::delete_note(const auth::identity& who, std::int64_t note_id) {
    CO_CHECK(co_await refuse_blocked_organization(loop_, who));
    // One statement: the note goes only when the caller wrote it; otherwise it tells whether the
    // caller's organization owns it (403) or not (404).
    CO_TRY(auto r, co_await loop_.pg.query(
        "WITH gone AS (DELETE FROM application_notes WHERE id = $1 AND author_id = $2 "
        "                 AND organization_id = jh_active_member_of($2) RETURNING id) "
        "SELECT EXISTS (SELECT 1 FROM gone), "
        "       EXISTS (SELECT 1 FROM application_notes WHERE id = $1 AND organization_id = jh_active_member_of($2))",
        pg::bind(note_id, who.account_id)));
    if (r.boolean(0, 0)) co_return result<void>{};
    if (r.boolean(0, 1)) co_return fail(error_kind::forbidden, "Eine Notiz kann nur löschen, wer sie geschrieben hat.");
    co_return fail(error_kind::not_found, "Diese Notiz wurde nicht gefunden.");
}

// ---- rating ---------------------------------------------------------------------------------------

task<result<rating>> applicant_pipeline::rating(const auth::identity& who, std::int64_t application_id) {
    CO_TRY(auto org, co_await organization_of(who, application_id));
    CO_TRY(auto r, co_await loop_.pg.read(rating_sql, pg::bind(application_id, org)));
    co_return read_rating(r);
}

task<result<pipeline::rating>> applicant_pipeline::set_rating(const auth::identity& who, std::int64_t application_id,
                                                              std::optional<int> stars) {
    if (stars && (*stars < 1 || *stars > 5)) co_return invalid("stars", "Bitte vergeben Sie 1 bis 5 Sterne.");
    CO_TRY(auto org, co_await organization_of(who, application_id));
    if (!stars) {
        CO_CHECK(co_await loop_.pg.query("DELETE FROM application_ratings WHERE application_id = $1 AND organization_id = $2",
                                         pg::bind(application_id, org)));
        co_return pipeline::rating{};
    }
    std::int64_t value = *stars;
    CO_CHECK(co_await loop_.pg.query(
        "INSERT INTO application_ratings (application_id, organization_id, stars, set_by) VALUES ($1, $2, $3, $4) "
        "ON CONFLICT (application_id, organization_id) DO UPDATE SET stars = excluded.stars, set_by = excluded.set_by, "
        "       updated_at = now()",
        pg::bind(application_id, org, value, who.account_id)));
    CO_TRY(auto r, co_await loop_.pg.read(rating_sql, pg::bind(application_id, org)));
    co_return read_rating(r);
}

// ---- neighbours -----------------------------------------------------------------------------------

// The applicants just before and after this one in the list's order (newest first) under the
// list's filter. Found by the order key, not by position, so they are right even when this
// applicant has left the filter since (opening a new application marks it "seen").
task<result<neighbours>> applicant_pipeline::neighbours(const auth::identity& who, std::int64_t application_id,
                                                        applicant_filter f) {
    CO_CHECK(co_await refuse_blocked_organization(loop_, who));
    CO_CHECK(applications_actor::check_filter(f));
    CO_TRY(auto r, co_await loop_.pg.read(
        "WITH c AS (SELECT x.id, x.created_at, j.organization_id AS org FROM applications x "
        "             JOIN job_postings j ON j.id = x.job_posting_id "
        "            WHERE x.id = $1 AND x.forwarded_at IS NOT NULL AND x.anonymized_at IS NULL "
        "              AND j.organization_id = jh_active_member_of($2)), "
        "     l AS (SELECT x.id, x.created_at, coalesce(p.first_name, '') AS first_name, coalesce(p.last_name, '') AS last_name "
        "             FROM c, applications x JOIN job_postings j ON j.id = x.job_posting_id "
        "             LEFT JOIN candidate_profiles p ON p.account_id = x.candidate_account_id AND x.anonymized_at IS NULL "
        "            WHERE j.organization_id = c.org AND x.forwarded_at IS NOT NULL "
        "              AND ($3::bigint IS NULL OR x.job_posting_id = $3) AND ($4::text IS NULL OR x.status::text = $4)) "
        "SELECT pr.id, pr.first_name, pr.last_name, nx.id, nx.first_name, nx.last_name FROM c "
        "  LEFT JOIN LATERAL (SELECT * FROM l WHERE (l.created_at, l.id) > (c.created_at, c.id) "
        "                      ORDER BY l.created_at, l.id LIMIT 1) pr ON true "
        "  LEFT JOIN LATERAL (SELECT * FROM l WHERE (l.created_at, l.id) < (c.created_at, c.id) "
        "                      ORDER BY l.created_at DESC, l.id DESC LIMIT 1) nx ON true",
        pg::bind(application_id, who.account_id, f.job_id, f.status)));
    if (r.rows() != 1) co_return fail(error_kind::not_found, msg_no_application);
    co_return pipeline::neighbours{read_neighbour(r, 0), read_neighbour(r, 3)};
}

// ---- bulk status change ---------------------------------------------------------------------------

task<result<std::vector<received_application>>> applicant_pipeline::bulk_review(const auth::identity& who,
                                                                               std::int64_t organization_id, bulk_change c) {
    CO_CHECK(co_await refuse_blocked_organization(loop_, who));
    std::vector<violation> v;
    if (auto checked = applications_actor::check_review(c.status, c.message); !checked) v = checked.error().violations;
    std::sort(c.ids.begin(), c.ids.end());
    c.ids.erase(std::unique(c.ids.begin(), c.ids.end()), c.ids.end());
    if (c.ids.empty()) v.push_back({"ids", "Bitte wählen Sie mindestens eine Bewerbung aus."});
    if (c.ids.size() > bulk_max_ids)
        v.push_back({"ids", "Bitte ändern Sie höchstens " + std::to_string(bulk_max_ids) + " Bewerbungen auf einmal."});
    if (!v.empty()) co_return std::unexpected(app_error::invalid(std::move(v)));

    // The ids the organization cannot see (another organization's, held, or none at all) are one
    // answer: 404, named only by the numbers the caller sent.
    std::string ids = int_array(c.ids);
    CO_TRY(auto unseen, co_await loop_.pg.read(
        "SELECT u.id FROM unnest($1::bigint[]) AS u(id) WHERE jh_active_member_of($2) IS DISTINCT FROM $3 OR NOT EXISTS "
        "  (SELECT 1 FROM applications x JOIN job_postings j ON j.id = x.job_posting_id "
        "    WHERE x.id = u.id AND x.forwarded_at IS NOT NULL AND x.anonymized_at IS NULL AND j.organization_id = $3) "
        "ORDER BY u.id",
        pg::bind(ids, who.account_id, organization_id)));
    if (unseen.rows() > 0) {
        std::vector<std::int64_t> missing;
        for (int i = 0; i < unseen.rows(); ++i) missing.push_back(unseen.int64(i, 0));
        co_return fail(error_kind::not_found, "Diese Bewerbungen wurden nicht gefunden: " + id_list(missing) + ". Es wurde nichts geändert.");
    }

    // Every change through the single change's path, in one transaction: one that fails rolls
    // back all of them (the transaction ends without commit).
    co_return co_await pg::in_transaction(loop_.pg, [&](pg::transaction& tx) -> task<result<std::vector<received_application>>> {
        std::vector<received_application> out;
        std::vector<std::int64_t> failed;
        for (std::int64_t id : c.ids) {
            auto one = co_await applications_.review_in(tx, who, id, c.status, c.message);
            if (one) out.push_back(std::move(*one));
            // The message would go over a cap of the conversation: the same 429 as the single
            // change, naming the application; nothing is changed.
            else if (one.error().kind == error_kind::too_many_requests)
                co_return fail(error_kind::too_many_requests,
                               "Bewerbung " + std::to_string(id) + ": " + one.error().message + " Es wurde nichts geändert.");
            else failed.push_back(id);
        }
        if (!failed.empty())
            co_return invalid("ids", "Diese Bewerbungen konnten nicht geändert werden: " + id_list(failed) + ". Es wurde nichts geändert.");
        CO_CHECK(co_await tx.commit());
        job_queue::wake(loop_, messages::queue::mail);
        co_return out;
    });
}

// ---- CSV ------------------------------------------------------------------------------------------

task<result<std::pair<std::string, std::string>>> applicant_pipeline::applicants_csv(const auth::identity& who,
                                                                                    std::int64_t organization_id,
                                                                                    std::optional<std::int64_t> job_id) {
    CO_CHECK(co_await refuse_blocked_organization(loop_, who));
    // The file is named after the job, or after the organization when it holds all its jobs.
    CO_TRY(auto named, co_await loop_.pg.read(
        job_id ? "SELECT slug FROM job_postings WHERE id = $1 AND organization_id = $2 AND jh_active_member_of($3) = $2"
               : "SELECT slug FROM organizations WHERE $1::bigint IS NULL AND id = $2 AND jh_active_member_of($3) = $2",
        pg::bind(job_id, organization_id, who.account_id)));
    if (named.rows() != 1)
        co_return fail(error_kind::not_found, job_id ? "Diese Stellenanzeige wurde nicht gefunden." : "Dieses Unternehmen wurde nicht gefunden.");
    CO_TRY(auto r, co_await loop_.pg.query(csv_rows_sql, pg::bind(job_id, who.account_id, organization_id, max_csv_rows)));
    std::vector<applications_csv::applicant_row> rows;
    for (int i = 0; i < r.rows(); ++i) {
        auto t = [&](int col) { return std::string(r.text(i, col)); };
        rows.push_back({t(0), t(1), t(2), t(3), t(4), t(5), t(6), t(7), t(8), t(9), csv_pay(r, i), t(10)});
    }
    co_return std::pair{applications_csv::file_name(named.text(0, 0)), applications_csv::file(rows)};
}

}  // namespace jh
