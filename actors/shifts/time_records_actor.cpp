// time_records_actor.cpp: the worked hours of confirmed shifts and the § 17 MiLoG record; see
// time_records_actor.h and docs/shifts.md "Time recording".
#include "actors/shifts/time_records_actor.h"
#include "actors/shifts/time_records_detail.h"

#include "actors/actions_common.h"
#include "actors/csv_text.h"
#include "actors/roles.h"
#include "actors/shifts/shift_rules.h"
#include "actors/shifts/work_limits.h"
#include "messages/mail.h"
#include "messages/queue.h"
#include "messages/render.h"
#include "reactor/config.h"
#include "reactor/job_queue.h"
#include "reactor/loop_context.h"
#include "reactor/pg_bind.h"
#include "reactor/try.h"

#include <spdlog/spdlog.h>

namespace jh {

namespace {

constexpr const char* msg_time_record_not_found = "Diese Einsatz-Bewerbung gibt es nicht.";

// A correction or "nicht erschienen" mails the candidate at most this many times a shift
// application and day; a newer decision replaces a mail still waiting (as shift decisions).
constexpr int correction_mails_per_day = 3;
// The candidate's list reaches this far back (the seven-day approval has long settled older ones).
constexpr int mine_days = 60;
// The render worker's answer is awaited this long (as the sedcard's), then 503.
constexpr int pdf_timeout_ms = 10000;

// One row of jh_time_records_of as JSON: times as Berlin wall time, hours as a German decimal;
// an open entry shows times only once they are proposed (six hours after the end).
constexpr std::string_view record_json_sql =
    "jsonb_build_object("
    " '@id', '/api/shift_applications/' || t.shift_application_id || '/time_record',"
    " 'shiftApplication', t.shift_application_id, 'shift', t.shift_id,"
    " 'job', jsonb_build_object('id', t.job_id, 'title', t.job_title),"
    " 'date', to_char(t.work_date, 'YYYY-MM-DD'), 'workerName', t.worker_name,"
    " 'status', t.status, 'enteredBy', t.entered_by, 'proposed', t.proposed,"
    " 'start', CASE WHEN t.status <> 'no_show' AND (t.status <> 'open' OR t.proposed)"
    "               THEN to_char(t.start_at AT TIME ZONE 'Europe/Berlin', 'HH24:MI') END,"
    " 'end', CASE WHEN t.status <> 'no_show' AND (t.status <> 'open' OR t.proposed)"
    "             THEN to_char(t.end_at AT TIME ZONE 'Europe/Berlin', 'HH24:MI') END,"
    " 'endsNextDay', t.end_at IS NOT NULL AND (t.end_at AT TIME ZONE 'Europe/Berlin')::date > t.work_date,"
    " 'breakMinutes', t.break_minutes, 'workedMinutes', t.worked_minutes,"
    " 'planned', jsonb_build_object('start', to_char(t.planned_start AT TIME ZONE 'Europe/Berlin', 'HH24:MI'),"
    "                               'end', to_char(t.planned_end AT TIME ZONE 'Europe/Berlin', 'HH24:MI'),"
    "                               'startsAt', t.planned_start, 'endsAt', t.planned_end),"
    " 'candidateEntry', CASE WHEN t.candidate_start IS NOT NULL THEN jsonb_build_object("
    "      'start', to_char(t.candidate_start AT TIME ZONE 'Europe/Berlin', 'HH24:MI'),"
    "      'end', to_char(t.candidate_end AT TIME ZONE 'Europe/Berlin', 'HH24:MI'), 'breakMinutes', t.candidate_break) END,"
    " 'autoApproved', t.auto_approved, 'objection', t.objection, 'objectedAt', t.objected_at, 'decidedAt', t.decided_at,"
    " 'canEnter', t.status IN ('open', 'entered'),"
    " 'canObject', t.status IN ('corrected', 'no_show') AND t.objected_at IS NULL,"
    // The QR scans (0290) beside the entered times, so the provider sees what the phone recorded.
    " 'scan', (SELECT jsonb_build_object('checkedIn', to_char(ci.checked_in_at AT TIME ZONE 'Europe/Berlin', 'HH24:MI'),"
    "                 'checkedOut', to_char(ci.checked_out_at AT TIME ZONE 'Europe/Berlin', 'HH24:MI'),"
    "                 'checkedInAt', ci.checked_in_at, 'checkedOutAt', ci.checked_out_at)"
    "            FROM shift_check_ins ci WHERE ci.shift_application_id = t.shift_application_id))";

// The shift application as a write needs it, locked: who it belongs to, its shift, and the given
// clock times ($3..$6: date or NULL, HH:MM or NULL) as instants in minutes since the epoch — a
// start on the shift's date, an end on the day the planned shift ends, unless a date is given.
constexpr std::string_view locked_sql =
    "SELECT sa.status::text, s.cancelled_at IS NOT NULL, s.ends_at <= now(), x.candidate_account_id, j.organization_id, "
    "       (SELECT r.status::text FROM shift_time_records r WHERE r.shift_application_id = sa.id), "
    "       floor(extract(epoch FROM s.starts_at) / 60)::bigint, floor(extract(epoch FROM now()) / 60)::bigint, "
    "       floor(extract(epoch FROM (coalesce($3::date, s.shift_date) + $4::time) AT TIME ZONE 'Europe/Berlin') / 60)::bigint, "
    "       floor(extract(epoch FROM (coalesce($5::date, (s.ends_at AT TIME ZONE 'Europe/Berlin')::date) + $6::time) "
    "                                AT TIME ZONE 'Europe/Berlin') / 60)::bigint, "
    "       (SELECT r.objected_at IS NOT NULL FROM shift_time_records r WHERE r.shift_application_id = sa.id), "
    "       floor(extract(epoch FROM coalesce((SELECT r.start_at FROM shift_time_records r WHERE r.shift_application_id = sa.id), "
    "                                         s.starts_at)) / 60)::bigint, "
    "       floor(extract(epoch FROM coalesce((SELECT r.end_at FROM shift_time_records r WHERE r.shift_application_id = sa.id), "
    "                                         s.ends_at)) / 60)::bigint, "
    "       coalesce((SELECT r.break_minutes FROM shift_time_records r WHERE r.shift_application_id = sa.id), 0) "
    "  FROM shift_applications sa JOIN shifts s ON s.id = sa.shift_id "
    "  JOIN applications x ON x.id = sa.application_id JOIN job_postings j ON j.id = s.job_posting_id "
    " WHERE sa.id = $1 AND ($2::bigint IS NULL OR x.candidate_account_id = $2) FOR UPDATE OF sa";

struct locked_row {
    std::string status;
    bool cancelled = false, ended = false;
    std::int64_t account = 0, organization = 0;
    std::optional<std::string> record_status;
    std::int64_t planned_start = 0, now = 0;
    std::optional<std::int64_t> start, end;   // the given clock times, resolved
    bool objected = false;
    std::int64_t current_start = 0, current_end = 0;   // the record's times, or the plan
    int current_break = 0;
};

task<result<std::optional<locked_row>>> lock_row(pg::transaction& tx, std::int64_t sa_id, std::optional<std::int64_t> account,
                                                 const std::optional<shifts::clock_time>& start,
                                                 const std::optional<shifts::clock_time>& end) {
    std::optional<std::string> sd, sh, ed, eh;
    if (start) sd = start->date, sh = start->hhmm;
    if (end) ed = end->date, eh = end->hhmm;
    CO_TRY(auto r, co_await tx.query(locked_sql, pg::bind(sa_id, account, sd, sh, ed, eh)));
    if (r.rows() == 0) co_return std::optional<locked_row>{};
    locked_row row;
    row.status = std::string(r.text(0, 0));
    row.cancelled = r.boolean(0, 1);
    row.ended = r.boolean(0, 2);
    row.account = r.is_null(0, 3) ? 0 : r.int64(0, 3);
    row.organization = r.int64(0, 4);
    if (!r.is_null(0, 5)) row.record_status = std::string(r.text(0, 5));
    row.planned_start = r.int64(0, 6);
    row.now = r.int64(0, 7);
    if (!r.is_null(0, 8)) row.start = r.int64(0, 8);
    if (!r.is_null(0, 9)) row.end = r.int64(0, 9);
    row.objected = !r.is_null(0, 10) && r.boolean(0, 10);
    row.current_start = r.int64(0, 11);
    row.current_end = r.int64(0, 12);
    row.current_break = static_cast<int>(r.int64(0, 13));
    co_return std::optional<locked_row>(std::move(row));
}

// A record is written for a confirmed shift that is not cancelled and has ended.
result<void> recordable(const locked_row& row, shifts::writer w) {
    bool du = w == shifts::writer::candidate;
    if (row.status != "confirmed")
        return fail(error_kind::conflict, du ? "Zeiten kannst du nur für bestätigte Einsätze eintragen."
                                             : "Zeiten gibt es nur für bestätigte Einsätze.");
    if (row.cancelled) return fail(error_kind::conflict, "Dieser Einsatz wurde abgesagt.");
    if (!row.ended)
        return fail(error_kind::conflict, du ? "Du kannst deine Zeiten erst nach dem Ende des Einsatzes eintragen."
                                             : "Sie können die Zeiten erst nach dem Ende des Einsatzes prüfen.");
    return {};
}

// What the organization sees beside a record and the candidate does not: its reliability rating
// of the worker for this shift (docs/shifts.md "Reliability and ratings after a shift").
constexpr std::string_view organization_extra_sql =
    " || jsonb_build_object('reliabilityRating', (SELECT jsonb_build_object('stars', w.stars, 'comment', w.comment, "
    "       'createdAt', w.created_at) FROM worker_reliability_ratings w WHERE w.shift_application_id = t.shift_application_id), "
    "     'canRateReliability', t.status IN ('approved', 'corrected') AND t.shift_application_id IS NOT NULL AND NOT EXISTS ("
    "       SELECT 1 FROM worker_reliability_ratings w WHERE w.shift_application_id = t.shift_application_id))";

app_error unprocessable(std::vector<violation> v) { return app_error::invalid(std::move(v)); }

}  // namespace

namespace time_records_detail {

// The record of a shift application, when it has none yet: what the record must say copied from
// the shift, the job and the profile, the planned times as they stand; the caller's UPDATE then
// applies the change.
const std::string_view ensure_sql =
    "INSERT INTO shift_time_records (shift_application_id, shift_id, organization_id, candidate_account_id, worker_name, "
    "       job_title, work_date, planned_start, planned_end, start_at, end_at, break_minutes, status, entered_by) "
    "SELECT sa.id, s.id, j.organization_id, nullif(greatest(x.candidate_account_id, 0), 0), "
    "       coalesce(nullif(trim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')), ''), 'Unbekannt'), "
    "       j.title, s.shift_date, s.starts_at, s.ends_at, s.starts_at, s.ends_at, 0, 'entered', 'planned' "
    "  FROM shift_applications sa JOIN shifts s ON s.id = sa.shift_id JOIN job_postings j ON j.id = s.job_posting_id "
    "  JOIN applications x ON x.id = sa.application_id LEFT JOIN candidate_profiles p ON p.account_id = x.candidate_account_id "
    " WHERE sa.id = $1 "
    "ON CONFLICT (shift_application_id) DO NOTHING";

task<result<std::string>> record_json(pg::transaction& tx, std::int64_t sa_id) {
    CO_TRY(auto r, co_await tx.query(
        "SELECT " + std::string(record_json_sql) + "::text "
        "  FROM shift_applications sa JOIN shifts s ON s.id = sa.shift_id JOIN job_postings j ON j.id = s.job_posting_id "
        " CROSS JOIN LATERAL jh_time_records_of(j.organization_id, NULL, s.shift_date, s.shift_date) t "
        " WHERE sa.id = $1 AND t.shift_application_id = sa.id",
        pg::bind(sa_id)));
    if (r.rows() == 0) co_return fail(error_kind::not_found, msg_time_record_not_found);
    co_return std::string(r.text(0, 0));
}

}  // namespace time_records_detail

using time_records_detail::ensure_sql;
using time_records_detail::record_json;

result<shifts::month_span> shifts::read_month(const std::optional<std::string>& month) {
    const char* msg = "Bitte geben Sie den Monat als JJJJ-MM an.";
    if (!month || month->size() != 7 || !valid_date(*month + "-01")) return actions::invalid("month", msg);
    int y = std::stoi(month->substr(0, 4)), m = std::stoi(month->substr(5, 2));
    static constexpr int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    int last = days[m - 1] + (m == 2 && ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0) ? 1 : 0);
    return month_span{*month, *month + "-01", *month + "-" + std::to_string(last)};
}

time_records_actor::time_records_actor(loop_context& loop, organization_editor& organizations)
    : loop_(loop), organizations_(organizations) {}

task<result<std::string>> time_records_actor::enter(const auth::identity& who, std::int64_t sa_id, shifts::time_entry entry) {
    co_return co_await pg::in_transaction(loop_.pg, [&](pg::transaction& tx) -> task<result<std::string>> {
        CO_TRY(auto row, co_await lock_row(tx, sa_id, who.account_id, entry.start, entry.end));
        if (!row) co_return fail(error_kind::not_found, msg_time_record_not_found);
        CO_CHECK(recordable(*row, shifts::writer::candidate));
        if (row->record_status && *row->record_status != "entered")
            co_return fail(error_kind::conflict, "Der Jobanbieter hat deine Zeiten schon geprüft. Wenn etwas nicht stimmt, "
                                                 "kannst du einmal widersprechen.");
        auto v = shifts::check_worked_times(*row->start, *row->end, entry.break_minutes, row->planned_start, row->now,
                                            shifts::writer::candidate);
        if (!v.empty()) co_return std::unexpected(unprocessable(std::move(v)));
        CO_CHECK(co_await tx.query(ensure_sql, pg::bind(sa_id)));
        CO_CHECK(co_await tx.query(
            "UPDATE shift_time_records SET start_at = to_timestamp($2::bigint * 60), end_at = to_timestamp($3::bigint * 60), "
            "       break_minutes = $4, entered_by = 'candidate', candidate_start = to_timestamp($2::bigint * 60), "
            "       candidate_end = to_timestamp($3::bigint * 60), candidate_break = $4, entered_at = now(), updated_at = now() "
            " WHERE shift_application_id = $1",
            pg::bind(sa_id, *row->start, *row->end, entry.break_minutes)));
        CO_TRY(auto out, co_await record_json(tx, sa_id));
        CO_CHECK(co_await tx.commit());
        co_return out;
    });
}

task<result<std::string>> time_records_actor::decide(const auth::identity& who, std::int64_t sa_id, shifts::time_decision d) {
    CO_TRY(auto ms, co_await organizations_.acting_member(who));
    co_return co_await pg::in_transaction(loop_.pg, [&](pg::transaction& tx) -> task<result<std::string>> {
        std::optional<std::int64_t> anyone;
        CO_TRY(auto row, co_await lock_row(tx, sa_id, anyone, d.start, d.end));
        if (!row || row->organization != ms.organization_id) co_return fail(error_kind::not_found, msg_time_record_not_found);
        CO_CHECK(recordable(*row, shifts::writer::provider));
        CO_CHECK(co_await tx.query(ensure_sql, pg::bind(sa_id)));
        bool mail = false;
        std::string decision_text;
        if (d.kind == shifts::time_decision_kind::approved) {
            CO_CHECK(co_await tx.query(
                "UPDATE shift_time_records SET status = 'approved', decided_at = now(), auto_approved = false, updated_at = now(), "
                // After a "nicht erschienen": the candidate's times, else the plan.
                "       break_minutes = CASE WHEN start_at IS NULL THEN coalesce(candidate_break, 0) ELSE break_minutes END, "
                "       start_at = coalesce(start_at, candidate_start, planned_start), end_at = coalesce(end_at, candidate_end, planned_end) "
                " WHERE shift_application_id = $1",
                pg::bind(sa_id)));
        } else if (d.kind == shifts::time_decision_kind::no_show) {
            CO_CHECK(co_await tx.query(
                "UPDATE shift_time_records SET status = 'no_show', start_at = NULL, end_at = NULL, break_minutes = 0, "
                "       decided_at = now(), auto_approved = false, updated_at = now() WHERE shift_application_id = $1",
                pg::bind(sa_id)));
            mail = true;
            decision_text = "Der Jobanbieter hat für diesen Einsatz „nicht erschienen“ eingetragen.";
        } else {
            std::int64_t start = d.start ? *row->start : row->current_start;
            std::int64_t end = d.end ? *row->end : row->current_end;
            int pause = d.break_minutes ? *d.break_minutes : row->current_break;
            auto v = shifts::check_worked_times(start, end, pause, row->planned_start, row->now, shifts::writer::provider);
            if (!v.empty()) co_return std::unexpected(unprocessable(std::move(v)));
            CO_CHECK(co_await tx.query(
                "UPDATE shift_time_records SET status = 'corrected', start_at = to_timestamp($2::bigint * 60), "
                "       end_at = to_timestamp($3::bigint * 60), break_minutes = $4, entered_by = 'provider', "
                "       decided_at = now(), auto_approved = false, updated_at = now() WHERE shift_application_id = $1",
                pg::bind(sa_id, start, end, pause)));
            mail = true;
            decision_text = "Der Jobanbieter hat deine Zeiten für diesen Einsatz korrigiert.";
        }
        bool mailed = false;
        if (mail) {
            CO_TRY(auto m, co_await tx.query(
                "SELECT coalesce(a.email::text, ''), coalesce(p.first_name, ''), coalesce(p.last_name, ''), r.job_title, o.name, "
                "       coalesce(jh_shift_label(r.shift_id), to_char(r.work_date, 'DD.MM.YYYY')), "
                "       CASE WHEN r.status = 'no_show' THEN 'nicht erschienen' ELSE "
                "         to_char(r.start_at AT TIME ZONE 'Europe/Berlin', 'HH24:MI') || '–' || "
                "         to_char(r.end_at AT TIME ZONE 'Europe/Berlin', 'HH24:MI') || ' Uhr, ' || r.break_minutes || ' Minuten Pause' END "
                "  FROM shift_time_records r JOIN organizations o ON o.id = r.organization_id "
                "  LEFT JOIN accounts a ON a.id = r.candidate_account_id LEFT JOIN candidate_profiles p ON p.account_id = a.id "
                " WHERE r.shift_application_id = $1",
                pg::bind(sa_id)));
            std::string to(m.text(0, 0));
            if (!to.empty()) {
                std::string first(m.text(0, 1));
                messages::mail_data data{{"first_name", first.empty() ? std::string("zusammen") : first},
                                         {"job_title", std::string(m.text(0, 3))},
                                         {"organization_name", std::string(m.text(0, 4))},
                                         {"shift", std::string(m.text(0, 5))},
                                         {"times", std::string(m.text(0, 6))},
                                         {"decision_text", decision_text},
                                         {"shifts_link", loop_.cfg.http_public_origin + "/meine-einsaetze"}};
                std::string payload = messages::mail_payload(messages::mail_template::time_record_corrected, to,
                                                             actions::full_name(first, m.text(0, 2)), data);
                std::string prefix = "time_record_corrected:" + std::to_string(sa_id) + ":" + job_queue::utc_day() + ":";
                CO_TRY(auto outcome, co_await job_queue::enqueue_in_slots(tx, messages::queue::mail, payload, prefix,
                                                                          correction_mails_per_day, true));
                mailed = outcome != job_queue::slot_outcome::full;
            }
        }
        CO_TRY(auto out, co_await record_json(tx, sa_id));
        CO_CHECK(co_await tx.commit());
        if (mailed) job_queue::wake(loop_, messages::queue::mail);
        co_return out;
    });
}

task<result<std::string>> time_records_actor::object(const auth::identity& who, std::int64_t sa_id, std::string text) {
    co_return co_await pg::in_transaction(loop_.pg, [&](pg::transaction& tx) -> task<result<std::string>> {
        std::optional<shifts::clock_time> none;
        CO_TRY(auto row, co_await lock_row(tx, sa_id, who.account_id, none, none));
        if (!row) co_return fail(error_kind::not_found, msg_time_record_not_found);
        if (!row->record_status || (*row->record_status != "corrected" && *row->record_status != "no_show"))
            co_return fail(error_kind::conflict, "Widersprechen kannst du, wenn der Jobanbieter deine Zeiten korrigiert "
                                                 "oder „nicht erschienen“ eingetragen hat.");
        if (row->objected) co_return fail(error_kind::conflict, "Du hast diesem Eintrag bereits widersprochen.");
        CO_CHECK(co_await tx.query(
            "UPDATE shift_time_records SET objection = $2, objected_at = now(), updated_at = now() WHERE shift_application_id = $1",
            pg::bind(sa_id, text)));
        CO_TRY(auto out, co_await record_json(tx, sa_id));
        CO_CHECK(co_await tx.commit());
        co_return out;
    });
}

task<result<std::string>> time_records_actor::rate_reliability(const auth::identity& who, std::int64_t sa_id,
                                                              shifts::reliability_rating rating) {
    CO_TRY(auto ms, co_await organizations_.acting_member(who));
    co_return co_await pg::in_transaction(loop_.pg, [&](pg::transaction& tx) -> task<result<std::string>> {
        std::optional<std::int64_t> anyone;
        std::optional<shifts::clock_time> none;
        CO_TRY(auto row, co_await lock_row(tx, sa_id, anyone, none, none));
        if (!row || row->organization != ms.organization_id) co_return fail(error_kind::not_found, msg_time_record_not_found);
        if (!row->record_status || (*row->record_status != "approved" && *row->record_status != "corrected"))
            co_return fail(error_kind::conflict, "Die Zuverlässigkeit können Sie bewerten, sobald Sie die Stunden dieses "
                                                 "Einsatzes bestätigt oder korrigiert haben.");
        if (row->account <= 0) co_return fail(error_kind::not_found, msg_time_record_not_found);
        // One per shift application: the unique key decides, also between parallel requests.
        CO_TRY(auto ins, co_await tx.query(
            "INSERT INTO worker_reliability_ratings (shift_application_id, organization_id, candidate_account_id, stars, comment, rated_by) "
            "VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (shift_application_id) DO NOTHING RETURNING id",
            pg::bind(sa_id, ms.organization_id, row->account, rating.stars, rating.comment, who.account_id)));
        if (ins.rows() == 0) co_return fail(error_kind::conflict, "Sie haben die Zuverlässigkeit für diesen Einsatz bereits bewertet.");
        CO_TRY(auto r, co_await tx.query(
            "SELECT (" + std::string(record_json_sql) + std::string(organization_extra_sql) + ")::text "
            "  FROM shift_applications sa JOIN shifts s ON s.id = sa.shift_id JOIN job_postings j ON j.id = s.job_posting_id "
            " CROSS JOIN LATERAL jh_time_records_of(j.organization_id, NULL, s.shift_date, s.shift_date) t "
            " WHERE sa.id = $1 AND t.shift_application_id = sa.id",
            pg::bind(sa_id)));
        if (r.rows() == 0) co_return fail(error_kind::not_found, msg_time_record_not_found);
        std::string out(r.text(0, 0));
        CO_CHECK(co_await tx.commit());
        co_return out;
    });
}

task<result<std::string>> time_records_actor::mine(const auth::identity& who) {
    CO_TRY(auto r, co_await loop_.pg.read(
        "SELECT coalesce(jsonb_agg(" + std::string(record_json_sql) + " ORDER BY t.work_date DESC, t.planned_start DESC), '[]')::text "
        "  FROM jh_time_records_of(NULL, $1, (now() AT TIME ZONE 'Europe/Berlin')::date - $2::int, "
        "                          (now() AT TIME ZONE 'Europe/Berlin')::date + 1) t",
        pg::bind(who.account_id, mine_days)));
    co_return std::string(r.text(0, 0));
}

// A member of that organization; a member of another one 404 (the records "do not exist" for it).
// A blocked organization's member still reads them (membership_of, not member_of): § 17 MiLoG
// obliges it to keep and present the record of work already done (docs/decisions.md "Review 21").
task<result<void>> time_records_actor::may_read(const auth::identity& who, std::int64_t org) {
    CO_TRY(auto ms, co_await organizations_.membership_of(who));
    if (ms.organization_id != org) co_return fail(error_kind::not_found, organizations::msg::not_found);
    co_return result<void>{};
}

task<result<std::string>> time_records_actor::of_organization(const auth::identity& who, std::int64_t org, shifts::month_span month) {
    CO_CHECK(co_await may_read(who, org));
    CO_TRY(auto r, co_await loop_.pg.read(
        "SELECT coalesce(jsonb_agg(" + std::string(record_json_sql) + std::string(organization_extra_sql) +
        " ORDER BY t.work_date, t.planned_start, t.worker_name), '[]')::text "
        "  FROM jh_time_records_of($1, NULL, $2::date, $3::date) t",
        pg::bind(org, month.first, month.last)));
    co_return std::string(r.text(0, 0));
}

// The record's columns and its rows of one month, every cell as text (German dates and decimals):
// the one source of the CSV and the PDF.
const std::vector<std::string>& record_columns() {
    static const std::vector<std::string> columns{"Datum", "Name", "Beginn", "Ende", "Pause (Minuten)", "Stunden", "Tätigkeit", "Status"};
    return columns;
}

task<result<std::vector<std::vector<std::string>>>> time_records_actor::record_rows(std::int64_t org, const shifts::month_span& month) {
    CO_TRY(auto r, co_await loop_.pg.read(
        "SELECT to_char(t.work_date, 'DD.MM.YYYY'), t.worker_name, "
        "       coalesce(to_char(t.start_at AT TIME ZONE 'Europe/Berlin', 'HH24:MI') || "
        "                CASE WHEN (t.start_at AT TIME ZONE 'Europe/Berlin')::date > t.work_date THEN ' (+1 Tag)' ELSE '' END, ''), "
        "       coalesce(to_char(t.end_at AT TIME ZONE 'Europe/Berlin', 'HH24:MI') || "
        "                CASE WHEN (t.end_at AT TIME ZONE 'Europe/Berlin')::date > t.work_date THEN ' (+1 Tag)' ELSE '' END, ''), "
        "       t.break_minutes, t.worked_minutes, t.job_title, "
        "       CASE t.status WHEN 'open' THEN 'offen (geplante Zeiten)' WHEN 'entered' THEN 'eingetragen, nicht geprüft' "
        "                     WHEN 'approved' THEN CASE WHEN t.auto_approved THEN 'bestätigt (automatisch nach 7 Tagen)' ELSE 'bestätigt' END "
        "                     WHEN 'corrected' THEN 'korrigiert' ELSE 'nicht erschienen' END "
        "  FROM jh_time_records_of($1, NULL, $2::date, $3::date) t "
        " ORDER BY t.work_date, t.worker_name, t.planned_start",
        pg::bind(org, month.first, month.last)));
    std::vector<std::vector<std::string>> rows;
    for (int i = 0; i < r.rows(); ++i)
        rows.push_back({std::string(r.text(i, 0)), std::string(r.text(i, 1)), std::string(r.text(i, 2)), std::string(r.text(i, 3)),
                        std::to_string(r.int64(i, 4)), shifts::hours_text(r.int64(i, 5)), std::string(r.text(i, 6)),
                        std::string(r.text(i, 7))});
    co_return rows;
}

task<result<std::pair<std::string, std::string>>> time_records_actor::csv(const auth::identity& who, std::int64_t org,
                                                                         shifts::month_span month) {
    CO_CHECK(co_await may_read(who, org));
    CO_TRY(auto rows, co_await record_rows(org, month));
    std::string out(csv::bom);
    std::vector<std::string_view> head(record_columns().begin(), record_columns().end());
    csv::append_row(out, head);
    for (const auto& row : rows) {
        std::vector<std::string_view> cells(row.begin(), row.end());
        csv::append_row(out, cells);
    }
    co_return std::pair{"arbeitszeiten-" + month.month + ".csv", std::move(out)};
}

// The same rows drawn by a render worker (workers/render/time_records_pdf.cpp): the CPU work of the
// PDF never runs on this loop; the model goes over the request link and the bytes come back.
task<result<std::pair<std::string, std::string>>> time_records_actor::pdf(const auth::identity& who, std::int64_t org,
                                                                         shifts::month_span month) {
    CO_CHECK(co_await may_read(who, org));
    CO_TRY(auto rows, co_await record_rows(org, month));
    CO_TRY(auto head, co_await loop_.pg.read(
        "SELECT o.name, to_char(now() AT TIME ZONE 'Europe/Berlin', 'DD.MM.YYYY, HH24:MI') || ' Uhr' "
        "  FROM organizations o WHERE o.id = $1",
        pg::bind(org)));
    if (head.rows() == 0) co_return fail(error_kind::not_found, organizations::msg::not_found);
    messages::time_record_sheet sheet{std::string(head.text(0, 0)), work_limits::month_label(month.month), std::string(head.text(0, 1)),
                                      record_columns(), std::move(rows)};
    auto reply = co_await loop_.requests.request(messages::render_kind::time_records, messages::time_record_sheet_json(sheet), {},
                                                 pdf_timeout_ms);
    if (!reply.ok() || reply.body.empty()) {
        spdlog::warn("time records PDF of organization {}: render worker answered {}", org, reply.status);
        co_return fail(error_kind::unavailable, "Der Nachweis kann gerade nicht erstellt werden. Bitte versuchen Sie es gleich noch einmal.");
    }
    co_return std::pair{"arbeitszeiten-" + month.month + ".pdf", std::move(reply.body.front())};
}

}  // namespace jh
