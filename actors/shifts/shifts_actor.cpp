// shifts_actor.cpp: a job's shifts, the provider's decision per shift application, the
// candidate's shifts and calendar feed. See shifts_actor.h and docs/shifts.md.
#include "actors/shifts/shifts_actor.h"

#include <chrono>

#include "actors/actions_common.h"
#include "actors/job_pay.h"
#include "actors/pay_settings.h"
#include "actors/roles.h"
#include "actors/shifts/check_in_code.h"
#include "actors/shifts/shift_mails.h"
#include "actors/shifts/shift_refill.h"
#include "actors/shifts/shift_writes.h"
#include "actors/shifts/working_time.h"
#include "messages/mail.h"
#include "messages/queue.h"
#include "reactor/config.h"
#include "reactor/job_queue.h"
#include "reactor/loop_context.h"
#include "reactor/pg_bind.h"
#include "reactor/try.h"

namespace jh {

namespace {

namespace shift_msg = shifts::msg;
using shifts::check_not_past;
using shifts::resolve_place;
using shifts::write_error;

// The messages of more than one of the actor's answers (the others stand where they are answered).
constexpr const char* msg_shift_application_not_found = "Diese Einsatz-Bewerbung gibt es nicht.";
constexpr const char* msg_shift_cancelled = "Dieser Einsatz ist abgesagt und kann nicht mehr geändert werden.";
// A job that is not live any more: applying answers the same (applications_actor.cpp, 410).
constexpr const char* msg_job_inactive = "Dieser Job ist leider nicht mehr aktiv.";


// A shift's JSON as PostgreSQL writes it (migrations/repeatable/R__jh_shift_json.sql).
constexpr std::string_view shift_json_sql = "SELECT jh_shift_json($1, $2)::text";

using shifts::live_job_sql;

// A provider's decision mails the candidate at most this many times a shift application and day;
// a newer decision replaces a mail that is still waiting (the same bound as application status
// mails, docs/decisions.md "Mails one party makes Jobhafen send to another").
constexpr int decision_mails_per_day = 3;

// The portal's calendar answers at most this many shifts for one window.
constexpr int max_calendar_shifts = 2000;

// The confirmed choices of a shift, in a statement of its own after the shift's row was locked: in
// READ COMMITTED a statement's snapshot is taken before it waits for a lock, so a count in the
// locking statement itself would miss the confirmation it waited for (issue 39, item 3).
task<result<std::int64_t>> confirmed_count(pg::transaction& tx, std::int64_t shift_id) {
    CO_TRY(auto r, co_await tx.query("SELECT count(*) FROM shift_applications WHERE shift_id = $1 AND status = 'confirmed'",
                                     pg::bind(shift_id)));
    co_return r.int64(0, 0);
}

const std::string msg_too_many_upcoming =
    "Diese Stellenanzeige hat schon " + std::to_string(shifts::max_upcoming_shifts_per_job) +
    " kommende Einsätze. Bitte löschen Sie nicht mehr benötigte Einsätze, bevor Sie weitere anlegen.";

task<result<std::string>> shift_json(pg::transaction& tx, std::int64_t id, bool members) {
    CO_TRY(auto r, co_await tx.query(shift_json_sql, pg::bind(id, members)));
    co_return std::string(r.text(0, 0));
}

// "example.org" of "https://example.org:8443": the host part of the calendar UIDs.
std::string uid_host(std::string_view origin) {
    if (auto p = origin.find("://"); p != std::string_view::npos) origin.remove_prefix(p + 3);
    if (auto p = origin.find_first_of(":/"); p != std::string_view::npos) origin = origin.substr(0, p);
    return origin.empty() ? std::string("jobhafen") : std::string(origin);
}

// A feed event's DTSTART and DTEND: Berlin wall time, as the VTIMEZONE of shifts::calendar_ics says.
constexpr std::string_view event_times_sql =
    "to_char(s.starts_at AT TIME ZONE 'Europe/Berlin', 'YYYYMMDD\"T\"HH24MISS'), "
    "to_char(s.ends_at AT TIME ZONE 'Europe/Berlin', 'YYYYMMDD\"T\"HH24MISS')";

// A feed event's LOCATION: the job's location at the shift's place (else its first), with its
// address; the gazetteer's name of the place when the job has no location. Needs s, j and p.
constexpr std::string_view event_location_sql =
    "coalesce((SELECT nullif(concat_ws(', ', nullif(l.name, ''), nullif(l.street, ''), "
    "                                  nullif(btrim(concat_ws(' ', l.zipcode, l.city)), '')), '') "
    "            FROM job_posting_locations l WHERE l.job_posting_id = j.id "
    "           ORDER BY l.place_id IS NOT DISTINCT FROM s.place_id DESC, l.sort_order, l.id LIMIT 1), p.label, '')";

// The feed's events from columns `from`…from+6 (id, start, end, summary, location, description,
// stamp); a row without a shift (the token's row when it has none) is skipped.
std::vector<shifts::calendar_event> read_events(const pg::result_set& r, int from) {
    std::vector<shifts::calendar_event> events;
    for (int i = 0; i < r.rows(); ++i) {
        if (r.is_null(i, from) || r.is_null(i, from + 3)) continue;
        events.push_back({r.int64(i, from), std::string(r.text(i, from + 1)), std::string(r.text(i, from + 2)),
                          std::string(r.text(i, from + 3)), std::string(r.text(i, from + 4)), std::string(r.text(i, from + 5)),
                          std::string(r.text(i, from + 6))});
    }
    return events;
}

}  // namespace

// The candidate's mail about one shift (shift_mails.h).
namespace shifts {

shift_mail_row read_mail_row(const pg::result_set& r, int i) {
    return {r.int64(i, 0), std::string(r.text(i, 1)), std::string(r.text(i, 2)), std::string(r.text(i, 3)),
            std::string(r.text(i, 4)), std::string(r.text(i, 5)), std::string(r.text(i, 6))};
}

messages::mail_data mail_data_of(const shift_mail_row& row, const config& cfg) {
    return {{"first_name", row.first_name.empty() ? std::string("zusammen") : row.first_name},
            {"job_title", row.job_title},
            {"organization_name", row.organization_name},
            {"shift", row.shift_label},
            {"shifts_link", cfg.http_public_origin + "/meine-einsaetze"}};
}


// The reminder the evening before a shift just confirmed (docs/shifts.md, "Reminder"): due 18:00
// Berlin the day before, at once when that has passed, none when the shift has begun. One per
// shift application by its key: a confirmation again after a decline queues it anew only if the
// first was never sent (the decline removed the waiting one; migrations/0185_shift_reminders.sql).
task<result<bool>> queue_reminder(pg::transaction& tx, const shift_mail_row& row, const config& cfg) {
    CO_TRY(auto r, co_await tx.query(
        "SELECT s.starts_at > now(), (extract(epoch FROM greatest(jh_shift_reminder_due(s.shift_date), now())) * 1000)::bigint, "
        "       jh_shift_note_text(s.note), jh_shift_reminder_key(sa.id) "
        "  FROM shift_applications sa JOIN shifts s ON s.id = sa.shift_id WHERE sa.id = $1",
        pg::bind(row.shift_application_id)));
    if (row.email.empty() || r.rows() == 0 || !r.boolean(0, 0)) co_return false;
    messages::mail_data d = mail_data_of(row, cfg);
    d.emplace_back("note_text", std::string(r.text(0, 2)));
    std::string payload = messages::mail_payload(messages::mail_template::shift_reminder, row.email,
                                                 actions::full_name(row.first_name, row.last_name), d);
    auto due = std::chrono::system_clock::time_point(std::chrono::milliseconds(r.int64(0, 1)));
    CO_CHECK(co_await job_queue::enqueue(tx, messages::queue::mail, payload, r.text(0, 3), due));
    co_return true;
}

// The job's contact (the job's address, else the organization's; "Sie") about one shift
// application: who, which shift, the fill now, a link to the job's shift page. Once per shift
// application and template (key "<template>:<id>"). False when there is no address.
task<result<bool>> mail_job_contact(pg::transaction& tx, std::int64_t sa_id, messages::mail_template tpl, const config& cfg) {
    CO_TRY(auto r, co_await tx.query(
        "SELECT coalesce(j.contact_email, o.contact_email, '')::text, coalesce(j.contact_name, o.contact_name, o.name, ''), "
        "       j.title, j.id, jh_shift_label(s.id), "
        "       coalesce(nullif(trim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')), ''), 'Eine Bewerberin oder ein Bewerber'), "
        "       s.staff_needed, (SELECT count(*) FROM shift_applications c WHERE c.shift_id = s.id AND c.status = 'confirmed') "
        "  FROM shift_applications sa JOIN shifts s ON s.id = sa.shift_id JOIN applications x ON x.id = sa.application_id "
        "  JOIN job_postings j ON j.id = s.job_posting_id JOIN organizations o ON o.id = j.organization_id "
        "  LEFT JOIN candidate_profiles p ON p.account_id = x.candidate_account_id "
        " WHERE sa.id = $1",
        pg::bind(sa_id)));
    std::string to(r.text(0, 0));
    if (to.empty()) co_return false;
    std::string name(r.text(0, 1));
    messages::mail_data d{{"contact_name", name.empty() ? std::string("zusammen") : name},
                          {"job_title", std::string(r.text(0, 2))},
                          {"shift", std::string(r.text(0, 4))},
                          {"candidate_name", std::string(r.text(0, 5))},
                          {"confirmed", std::to_string(r.int64(0, 7))},
                          {"staff_needed", std::to_string(r.int64(0, 6))},
                          {"shifts_link", cfg.http_public_origin + "/recruiting/portal/stellenanzeigen/" + std::to_string(r.int64(0, 3)) +
                                              "/einsaetze"}};
    std::string payload = messages::mail_payload(tpl, to, name, d);
    std::string key = std::string(messages::mail_template_name(tpl)) + ":" + std::to_string(sa_id);
    CO_CHECK(co_await job_queue::enqueue(tx, messages::queue::mail, payload, key));
    co_return true;
}
}  // namespace shifts

using shifts::queue_reminder;
using shifts::read_mail_row;
using shifts::shift_mail_row;
using shifts::shift_mail_select;

namespace {

// Confirming a minor's shift that breaks a rule of the JArbSchG together with her confirmed shifts
// at every organization is refused (409, "Sie", the rule only: never another employer's data). The
// candidate's shifts are locked first and counted in the next statement, so confirmations at two
// organizations at once cannot both pass. An adult's breach is the provider's flag, not a refusal.
task<result<void>> check_working_time(pg::transaction& tx, std::int64_t account, std::int64_t shift_id) {
    if (account == 0) co_return result<void>{};   // the account is gone
    CO_CHECK(co_await shifts::lock_candidate_shifts(tx, account));
    std::optional<std::string> sedcards_own;
    pg::params p = pg::bind(account, actions::int_array(std::vector<std::int64_t>{shift_id}), sedcards_own);
    CO_TRY(auto r, co_await tx.query(working_time::breaches_sql, std::move(p)));
    for (const auto& b : working_time::read_breaches(r))
        if (b.minor) co_return fail(error_kind::conflict, working_time::provider_message(b));
    co_return result<void>{};
}

}  // namespace

// ---- the provider's side -------------------------------------------------------------------------

task<result<void>> shifts_actor::lock_job_shifts(pg::transaction& tx, std::int64_t job_id) {
    // An advisory lock, not the job's row: job edits need not wait for shifts being added.
    CO_CHECK(co_await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('jh_job_shifts:' || $1::text, 0))", pg::bind(job_id)));
    co_return result<void>{};
}

task<result<void>> shifts_actor::check_upcoming_shifts(pg::transaction& tx, std::int64_t job_id) {
    CO_TRY(auto r, co_await tx.query("SELECT count(*) FROM shifts WHERE job_posting_id = $1 AND starts_at > now()", pg::bind(job_id)));
    if (r.int64(0, 0) > shifts::max_upcoming_shifts_per_job) co_return fail(error_kind::conflict, msg_too_many_upcoming);
    co_return result<void>{};
}

shifts_actor::shifts_actor(loop_context& loop, organization_editor& organizations)
    : loop_(loop), organizations_(organizations), minimum_wage_(minimum_wage_figures(section<pay_settings>(loop.cfg))) {}

// An active member of the job's organization; a candidate 403, a member of another organization
// 404 (as the job routes answer for a foreign job).
task<result<void>> shifts_actor::may_write_job(const auth::identity& who, std::int64_t job_id) {
    CO_TRY(auto ms, co_await organizations_.acting_member(who));
    CO_TRY(auto r, co_await loop_.pg.read("SELECT organization_id FROM job_postings WHERE id = $1", pg::bind(job_id)));
    if (r.rows() == 0 || r.int64(0, 0) != ms.organization_id) co_return fail(error_kind::not_found, actions::msg_job_not_found);
    co_return result<void>{};
}

// The job of a shift the caller may write (404 for a shift of another organization).
task<result<std::int64_t>> shifts_actor::job_of_shift(const auth::identity& who, std::int64_t shift_id) {
    CO_TRY(auto ms, co_await organizations_.acting_member(who));
    CO_TRY(auto r, co_await loop_.pg.read(
        "SELECT s.job_posting_id, j.organization_id FROM shifts s JOIN job_postings j ON j.id = s.job_posting_id WHERE s.id = $1",
        pg::bind(shift_id)));
    if (r.rows() == 0 || r.int64(0, 1) != ms.organization_id) co_return fail(error_kind::not_found, shift_msg::shift_not_found);
    co_return r.int64(0, 0);
}

task<result<shifts::shift_list>> shifts_actor::list(const std::optional<auth::identity>& who, std::int64_t job_id, bool all, int page,
                                                     int per_page, bool free_only) {
    bool member = false;
    if (who && who->account_role != auth::role::candidate) {
        auto ms = co_await organizations_.membership_of(*who);
        // Who took the shifts is candidates' data: only for a member that may act (not for a
        // blocked organization's, docs/providers.md); anyone else sees the public list.
        if (ms && ms->can_act) {
            CO_TRY(auto r, co_await loop_.pg.read("SELECT organization_id FROM job_postings WHERE id = $1", pg::bind(job_id)));
            member = r.rows() == 1 && r.int64(0, 0) == ms->organization_id;
        }
    }
    if (member && all) {
        CO_TRY(auto r, co_await loop_.pg.read(
            "SELECT coalesce(jsonb_agg(jh_shift_json(s.id, true) ORDER BY s.starts_at, s.id), '[]')::text, count(*) "
            "  FROM shifts s WHERE s.job_posting_id = $1",
            pg::bind(job_id)));
        co_return shifts::shift_list{std::string(r.text(0, 0)), r.int64(0, 1)};
    }
    // One page, soonest first, and the number of all (hydra:totalItems). The free ones: the shifts
    // of the one rule of "free" (R__jh_free_shifts.sql), so card and job page agree.
    static const auto page_sql = [](const std::string& shifts_of_job) {
        return "SELECT (SELECT " + std::string(live_job_sql) + " FROM job_postings j WHERE j.id = $1), "
               "       (SELECT coalesce(jsonb_agg(jh_shift_json(p.id, $2) ORDER BY p.starts_at, p.id), '[]')::text "
               "          FROM (SELECT s.id, s.starts_at FROM " + shifts_of_job +
               "                 ORDER BY s.starts_at, s.id LIMIT $3 OFFSET $4) p), "
               "       (SELECT count(*) FROM " + shifts_of_job + ")";
    };
    static const std::string upcoming_sql =
        page_sql("shifts s WHERE s.job_posting_id = $1 AND s.cancelled_at IS NULL AND s.starts_at > now() ");
    static const std::string free_sql = page_sql("jh_free_shift_rows() s WHERE s.job_posting_id = $1 ");
    CO_TRY(auto r, co_await loop_.pg.read(free_only ? free_sql : upcoming_sql, pg::bind(job_id, member, per_page,
                                                         static_cast<std::int64_t>(page - 1) * per_page)));
    // A member sees the upcoming shifts of a draft too; everyone else only a live job's.
    if (!member && (r.is_null(0, 0) || !r.boolean(0, 0))) co_return fail(error_kind::not_found, actions::msg_job_not_found);
    co_return shifts::shift_list{std::string(r.text(0, 1)), r.int64(0, 2), page, per_page};
}

task<result<std::string>> shifts_actor::create(const auth::identity& who, std::int64_t job_id, shifts::shift_fields f) {
    CO_CHECK(co_await may_write_job(who, job_id));
    co_return co_await pg::in_transaction(loop_.pg, [&](pg::transaction& tx) -> task<result<std::string>> {
        CO_CHECK(co_await check_not_past(tx, f.date));
        CO_TRY(auto place, co_await resolve_place(tx, job_id, f));
        CO_CHECK(co_await lock_job_shifts(tx, job_id));
        auto ins = co_await tx.query(
            "INSERT INTO shifts (job_posting_id, shift_date, start_time, end_time, staff_needed, base_salary, note, place_id, "
            "                    break_minutes) "
            "VALUES ($1, $2::date, $3::time, $4::time, $5, $6::numeric, coalesce($7, ''), $8, coalesce($9, 0)) RETURNING id",
            pg::bind(job_id, *f.date, *f.start, *f.end, *f.staff_needed, f.base_salary, f.note, place, f.break_minutes));
        if (!ins) co_return std::unexpected(write_error(ins.error()));
        CO_CHECK(co_await check_upcoming_shifts(tx, job_id));
        // The minimum wage for this shift (issue 42, docs/fair-play.md); a refusal rolls it back.
        CO_CHECK(co_await pay::check_written_shift(tx, job_id, ins->int64(0, 0), minimum_wage_));
        CO_TRY(auto out, co_await shift_json(tx, ins->int64(0, 0), true));
        CO_CHECK(co_await tx.commit());
        co_return out;
    });
}

task<result<std::string>> shifts_actor::patch(const auth::identity& who, std::int64_t id, shifts::shift_fields f) {
    CO_TRY(auto job_id, co_await job_of_shift(who, id));
    co_return co_await pg::in_transaction(loop_.pg, [&](pg::transaction& tx) -> task<result<std::string>> {
        // A new date or time can make a past shift upcoming again: it counts against the job's bound.
        bool moved = f.date || f.start || f.end;
        if (moved) CO_CHECK(co_await lock_job_shifts(tx, job_id));
        CO_TRY(auto cur, co_await tx.query("SELECT s.cancelled_at IS NOT NULL FROM shifts s WHERE s.id = $1 FOR UPDATE", pg::bind(id)));
        if (cur.rows() == 0) co_return fail(error_kind::not_found, shift_msg::shift_not_found);
        if (cur.boolean(0, 0)) co_return fail(error_kind::conflict, msg_shift_cancelled);
        CO_TRY(std::int64_t confirmed, co_await confirmed_count(tx, id));
        if (f.staff_needed && *f.staff_needed < confirmed)
            co_return actions::invalid("staffNeeded", "Für diesen Einsatz sind bereits " + std::to_string(confirmed) +
                                                          " Personen bestätigt; weniger können Sie nicht angeben.");
        CO_CHECK(co_await check_not_past(tx, f.date));
        CO_TRY(auto place, co_await resolve_place(tx, job_id, f));
        auto upd = co_await tx.query(
            "UPDATE shifts SET shift_date = coalesce($2::date, shift_date), start_time = coalesce($3::time, start_time), "
            "       end_time = coalesce($4::time, end_time), staff_needed = coalesce($5, staff_needed), "
            "       base_salary = CASE WHEN $6 THEN $7::numeric ELSE base_salary END, note = coalesce($8, note), "
            "       place_id = CASE WHEN $9 THEN $10 ELSE place_id END, break_minutes = coalesce($11, break_minutes), "
            "       updated_at = now() "
            " WHERE id = $1",
            pg::bind(id, f.date, f.start, f.end, f.staff_needed, f.salary_sent, f.base_salary, f.note, f.place_sent, place,
                     f.break_minutes));
        if (!upd) co_return std::unexpected(write_error(upd.error()));
        // The pool's time ends at the latest with the shift's start (as PUT .../pool_offer sets
        // it): moved earlier, a pool time beyond the new start would close the shift for good.
        if (moved) {
            CO_CHECK(co_await tx.query("UPDATE shifts SET pool_until = starts_at WHERE id = $1 AND pool_until > starts_at", pg::bind(id)));
            // A check-in (not yet checked out) outside the new times' window does not stand: the
            // second scan would else turn it into hours worked from the new start (docs/decisions.md,
            // "QR codes are bound to the shift's times"). She scans the new code when she arrives.
            CO_CHECK(co_await tx.query(
                "DELETE FROM shift_check_ins ci USING shift_applications sa, shifts s "
                " WHERE ci.shift_application_id = sa.id AND sa.shift_id = s.id AND s.id = $1 AND ci.checked_out_at IS NULL "
                "   AND NOT ci.checked_in_at BETWEEN s.starts_at - make_interval(secs => $2) AND s.ends_at + make_interval(secs => $3)",
                pg::bind(id, shifts::check_in_lead_s, shifts::check_out_grace_s)));
        }
        if (moved) CO_CHECK(co_await check_upcoming_shifts(tx, job_id));
        // A new time or break is a new confirmation for those already confirmed: moving a minor's
        // confirmed shift past the JArbSchG's limits is refused as confirming it would be (409).
        if (moved || f.break_minutes) {
            CO_TRY(auto held, co_await tx.query(
                "SELECT x.candidate_account_id FROM shift_applications sa JOIN applications x ON x.id = sa.application_id "
                " WHERE sa.shift_id = $1 AND sa.status = 'confirmed' AND x.candidate_account_id > 0 ORDER BY 1",
                pg::bind(id)));
            for (int i = 0; i < held.rows(); ++i) CO_CHECK(co_await check_working_time(tx, held.int64(i, 0), id));
        }
        CO_CHECK(co_await pay::check_written_shift(tx, job_id, id, minimum_wage_));
        CO_TRY(auto out, co_await shift_json(tx, id, true));
        CO_CHECK(co_await tx.commit());
        co_return out;
    });
}

task<result<void>> shifts_actor::remove(const auth::identity& who, std::int64_t id) {
    CO_TRY(auto job_id, co_await job_of_shift(who, id));
    (void)job_id;
    co_return co_await pg::in_transaction(loop_.pg, [&](pg::transaction& tx) -> task<result<void>> {
        CO_TRY(auto cur, co_await tx.query("SELECT 1 FROM shifts WHERE id = $1 FOR UPDATE", pg::bind(id)));
        if (cur.rows() == 0) co_return fail(error_kind::not_found, shift_msg::shift_not_found);
        CO_TRY(std::int64_t confirmed, co_await confirmed_count(tx, id));
        if (confirmed > 0)
            co_return fail(error_kind::conflict,
                           "Für diesen Einsatz sind bereits Personen bestätigt. Sie können ihn nicht löschen, aber absagen; "
                           "wir benachrichtigen dann die bestätigten Personen.");
        // Pending choices go with the shift (ON DELETE CASCADE); nobody was promised anything.
        CO_CHECK(co_await tx.query("DELETE FROM shifts WHERE id = $1", pg::bind(id)));
        CO_CHECK(co_await tx.commit());
        co_return result<void>{};
    });
}

task<result<std::string>> shifts_actor::cancel(const auth::identity& who, std::int64_t id) {
    CO_TRY(auto job_id, co_await job_of_shift(who, id));
    (void)job_id;
    co_return co_await pg::in_transaction(loop_.pg, [&](pg::transaction& tx) -> task<result<std::string>> {
        CO_TRY(auto upd, co_await tx.query(
            "UPDATE shifts SET cancelled_at = now(), updated_at = now() WHERE id = $1 AND cancelled_at IS NULL RETURNING id",
            pg::bind(id)));
        bool mailed = false;
        if (upd.rows() == 1) {   // cancelled now (a second cancel changes and mails nothing)
            CO_TRY(auto rows, co_await tx.query(std::string(shift_mail_select) + " WHERE sa.shift_id = $1 AND sa.status = 'confirmed'",
                                                pg::bind(id)));
            for (int i = 0; i < rows.rows(); ++i) {
                shift_mail_row row = read_mail_row(rows, i);
                if (row.email.empty()) continue;   // the candidate's account is gone
                std::string payload = messages::mail_payload(messages::mail_template::shift_cancelled, row.email,
                                                             actions::full_name(row.first_name, row.last_name), mail_data_of(row, loop_.cfg));
                CO_CHECK(co_await job_queue::enqueue(tx, messages::queue::mail, payload,
                                                     "shift_cancelled:" + std::to_string(row.shift_application_id)));
                mailed = true;
            }
        }
        CO_TRY(auto out, co_await shift_json(tx, id, true));
        CO_CHECK(co_await tx.commit());
        if (mailed) job_queue::wake(loop_, messages::queue::mail);
        co_return out;
    });
}

task<result<std::string>> shifts_actor::decide(const auth::identity& who, std::int64_t sa_id, std::string status) {
    if (status != "confirmed" && status != "declined")
        co_return actions::invalid("status", "Bitte wählen Sie: bestätigt (confirmed) oder abgelehnt (declined).");
    CO_TRY(auto ms, co_await organizations_.acting_member(who));
    co_return co_await pg::in_transaction(loop_.pg, [&](pg::transaction& tx) -> task<result<std::string>> {
        // The shift's row is locked too: confirmations of one shift wait for each other, so two
        // providers clicking at once cannot overfill it (the confirmed are counted after the lock).
        CO_TRY(auto cur, co_await tx.query(
            "SELECT sa.status::text, s.id, s.staff_needed, s.cancelled_at IS NOT NULL, j.organization_id, "
            "       coalesce(x.candidate_account_id, 0) "
            "  FROM shift_applications sa JOIN shifts s ON s.id = sa.shift_id "
            "  JOIN applications x ON x.id = sa.application_id AND x.forwarded_at IS NOT NULL "
            "  JOIN job_postings j ON j.id = s.job_posting_id "
            " WHERE sa.id = $1 FOR UPDATE OF sa, s",
            pg::bind(sa_id)));
        if (cur.rows() == 0 || cur.int64(0, 4) != ms.organization_id) co_return fail(error_kind::not_found, msg_shift_application_not_found);
        std::string old(cur.text(0, 0));
        std::int64_t shift_id = cur.int64(0, 1);
        if (cur.boolean(0, 3)) co_return fail(error_kind::conflict, msg_shift_cancelled);
        if (old == "withdrawn")
            co_return fail(error_kind::conflict, "Die Bewerberin oder der Bewerber hat diesen Einsatz zurückgezogen.");
        bool mailed = false;
        if (old != status) {
            if (status == "confirmed") {
                CO_TRY(std::int64_t confirmed, co_await confirmed_count(tx, shift_id));
                if (confirmed >= cur.int64(0, 2)) co_return fail(error_kind::conflict, "Dieser Einsatz ist bereits voll besetzt.");
                CO_CHECK(co_await check_working_time(tx, cur.int64(0, 5), shift_id));
            }
            CO_CHECK(co_await tx.query(
                "UPDATE shift_applications SET status = $2::shift_application_status, decided_at = now() WHERE id = $1",
                pg::bind(sa_id, status)));
            CO_TRY(auto rows, co_await tx.query(std::string(shift_mail_select) + " WHERE sa.id = $1", pg::bind(sa_id)));
            shift_mail_row row = read_mail_row(rows, 0);
            if (!row.email.empty()) {
                messages::mail_data d = mail_data_of(row, loop_.cfg);
                d.emplace_back("decision_text", status == "confirmed"
                                                    ? "Du bist für diesen Einsatz bestätigt. Wir freuen uns auf dich!"
                                                    : "Für diesen Einsatz hat es leider nicht geklappt. Schau gern nach weiteren Einsätzen.");
                std::string payload = messages::mail_payload(messages::mail_template::shift_decision, row.email,
                                                             actions::full_name(row.first_name, row.last_name), d);
                std::string prefix = "shift_decision:" + std::to_string(sa_id) + ":" + job_queue::utc_day() + ":";
                CO_TRY(auto outcome, co_await job_queue::enqueue_in_slots(tx, messages::queue::mail, payload, prefix,
                                                                          decision_mails_per_day, true));
                mailed = outcome != job_queue::slot_outcome::full;
            }
            if (status == "confirmed") {
                CO_TRY(bool queued, co_await queue_reminder(tx, row, loop_.cfg));
                mailed = mailed || queued;
            }
            // A confirmed person declined after all: the place goes down the waitlist.
            if (old == "confirmed") {
                CO_TRY(std::int64_t offers, co_await shifts::refill(tx, shift_id, loop_.cfg));
                mailed = mailed || offers > 0;
            }
        }
        CO_TRY(auto out, co_await shift_json(tx, shift_id, true));
        CO_CHECK(co_await tx.commit());
        if (mailed) job_queue::wake(loop_, messages::queue::mail);
        co_return out;
    });
}

task<result<shifts::shift_list>> shifts_actor::of_organization(const auth::identity& who, std::int64_t org, shifts::date_window window) {
    CO_CHECK(co_await organizations_.member_of(who, org, false));
    CO_TRY(auto r, co_await loop_.pg.read(
        "SELECT coalesce(jsonb_agg(jh_shift_json(s.id, false) "
        "         || jsonb_build_object('job', jsonb_build_object('@id', '/api/job_postings/' || s.job_id, 'id', s.job_id, "
        "                                                         'title', s.title), "
        "                               'pending', (SELECT count(*) FROM shift_applications sa "
        "                                            JOIN applications x ON x.id = sa.application_id AND x.forwarded_at IS NOT NULL "
        "                                           WHERE sa.shift_id = s.id AND sa.status = 'pending')) "
        "         ORDER BY s.starts_at, s.id), '[]')::text, count(*) "
        "  FROM (SELECT s.id, s.starts_at, j.id AS job_id, j.title FROM shifts s JOIN job_postings j ON j.id = s.job_posting_id "
        "         WHERE j.organization_id = $1 AND s.shift_date BETWEEN $2::date AND $3::date "
        "         ORDER BY s.starts_at, s.id LIMIT $4) s",
        pg::bind(org, window.from, window.to, max_calendar_shifts)));
    co_return shifts::shift_list{std::string(r.text(0, 0)), r.int64(0, 1)};
}

// ---- the candidate's side ------------------------------------------------------------------------

task<result<shifts::shift_list>> shifts_actor::withdraw(const auth::identity& who, std::int64_t sa_id) {
    auto write = [&](pg::transaction& tx) -> task<result<void>> {
        // Locked in the order a decision locks them (shift application, then shift), so a withdrawal
        // and a confirmation of the same choice wait for each other.
        CO_TRY(auto cur, co_await tx.query(
            "SELECT sa.status::text, s.starts_at <= now(), s.cancelled_at IS NOT NULL, s.id "
            "  FROM shift_applications sa JOIN shifts s ON s.id = sa.shift_id "
            "  JOIN applications x ON x.id = sa.application_id "
            " WHERE sa.id = $1 AND x.candidate_account_id = $2 FOR UPDATE OF sa, s",
            pg::bind(sa_id, who.account_id)));
        if (cur.rows() == 0) co_return fail(error_kind::not_found, msg_shift_application_not_found);
        std::string old(cur.text(0, 0));
        if (old != "withdrawn") {
            if (cur.boolean(0, 1))
                co_return fail(error_kind::conflict, "Dieser Einsatz hat schon begonnen. Absagen kannst du nur vorher.");
            if (cur.boolean(0, 2)) co_return fail(error_kind::conflict, "Dieser Einsatz wurde vom Jobanbieter abgesagt.");
            if (old == "declined")
                co_return fail(error_kind::conflict, "Für diesen Einsatz hat der Jobanbieter dich bereits abgelehnt.");
            CO_CHECK(co_await tx.query(
                "UPDATE shift_applications SET status = 'withdrawn', decided_at = now() WHERE id = $1", pg::bind(sa_id)));
        }
        bool mailed = false;
        if (old == "confirmed") {
            // Read after the update: the count says the place is free again.
            CO_TRY(mailed, co_await shifts::mail_job_contact(tx, sa_id, messages::mail_template::shift_withdrawn, loop_.cfg));
            // The freed place goes down the waitlist at once (docs/shifts.md "Waitlist and refill").
            CO_TRY(std::int64_t offers, co_await shifts::refill(tx, cur.int64(0, 3), loop_.cfg));
            mailed = mailed || offers > 0;
        }
        CO_CHECK(co_await tx.commit());
        if (mailed) job_queue::wake(loop_, messages::queue::mail);
        co_return result<void>{};
    };
    CO_CHECK(co_await pg::in_transaction(loop_.pg, write));
    co_return co_await my_shifts(who);
}

task<result<shifts::shift_list>> shifts_actor::my_shifts(const auth::identity& who) {
    CO_TRY(auto r, co_await loop_.pg.read(
        "SELECT coalesce(jsonb_agg(jh_shift_json(s.id, false) "
        "         || jsonb_build_object('shiftApplication', jsonb_build_object('@id', '/api/shift_applications/' || sa.id, "
        "                                                                     'id', sa.id, 'status', sa.status), "
        "                               'job', jsonb_build_object('@id', '/api/job_postings/' || j.id, 'id', j.id, "
        "                                                         'slug', j.slug, 'title', j.title, 'organizationName', o.name)) "
        "         ORDER BY s.starts_at, s.id), '[]')::text, count(*) "
        "  FROM applications x JOIN shift_applications sa ON sa.application_id = x.id "
        "  JOIN shifts s ON s.id = sa.shift_id JOIN job_postings j ON j.id = s.job_posting_id "
        "  JOIN organizations o ON o.id = j.organization_id "
        " WHERE x.candidate_account_id = $1 AND sa.status IN ('pending', 'confirmed') AND s.ends_at > now()",
        pg::bind(who.account_id)));
    co_return shifts::shift_list{std::string(r.text(0, 0)), r.int64(0, 1)};
}

task<result<shifts::shift_list>> shifts_actor::add_to_application(const auth::identity& who, std::int64_t application_id,
                                                           std::vector<std::int64_t> shift_ids) {
    auto write = [&](pg::transaction& tx) -> task<result<void>> {
        CO_TRY(auto r, co_await tx.query("SELECT x.job_posting_id, " + std::string(live_job_sql) +
                                             "  FROM applications x JOIN job_postings j ON j.id = x.job_posting_id "
                                             " WHERE x.id = $1 AND x.candidate_account_id = $2 AND x.forwarded_at IS NOT NULL "
                                             "   FOR UPDATE OF x",
                                         pg::bind(application_id, who.account_id)));
        if (r.rows() == 0) co_return fail(error_kind::not_found, actions::msg_not_found);
        // The list shows only a live job's shifts; a closed job takes no new choices either.
        if (!r.boolean(0, 1)) co_return fail(error_kind::gone, msg_job_inactive);
        CO_CHECK(co_await shifts::choose_shifts(tx, who.account_id, r.int64(0, 0), application_id, shift_ids));
        // A pool member's choice of a shift the organization confirms for its pool at once.
        CO_TRY(int confirmed, co_await shifts::confirm_pool_choices(tx, who.account_id, application_id, loop_.cfg));
        CO_CHECK(co_await tx.commit());
        if (confirmed > 0) job_queue::wake(loop_, messages::queue::mail);
        co_return result<void>{};
    };
    CO_CHECK(co_await pg::in_transaction(loop_.pg, write));
    co_return co_await my_shifts(who);
}

task<result<shifts::calendar_link>> shifts_actor::renew_calendar_token(const auth::identity& who) {
    std::string token = auth::random_token(32);
    CO_CHECK(co_await loop_.pg.query(
        "INSERT INTO calendar_tokens (account_id, token_hash) VALUES ($1, $2) "
        "ON CONFLICT (account_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, created_at = now()",
        pg::bind(who.account_id, auth::sha256_hex(token))));
    std::string url = loop_.cfg.http_public_origin + "/api/calendar/" + token + ".ics";
    co_return shifts::calendar_link{std::move(token), std::move(url)};
}

task<result<void>> shifts_actor::end_calendar_token(const auth::identity& who) {
    CO_CHECK(co_await loop_.pg.query("DELETE FROM calendar_tokens WHERE account_id = $1", pg::bind(who.account_id)));
    co_return result<void>{};
}

task<result<std::string>> shifts_actor::calendar(std::string token) {
    // Our tokens are 43 characters of base64url; anything else is not looked up.
    bool shape = token.size() == 43;
    for (char c : token)
        shape = shape && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_');
    if (!shape) co_return fail(error_kind::not_found, shift_msg::calendar_not_found);
    std::string hash = auth::sha256_hex(token);
    CO_TRY(auto organization_feed, co_await organization_calendar(hash));
    if (organization_feed) co_return std::move(*organization_feed);
    CO_TRY(auto r, co_await loop_.pg.read(
        "SELECT s.id, " + std::string(event_times_sql) + ", j.title, "
        "       " + std::string(event_location_sql) + ", "
        "       o.name || coalesce(E'\\n' || nullif(s.note, ''), ''), "
        "       to_char(now() AT TIME ZONE 'UTC', 'YYYYMMDD\"T\"HH24MISS\"Z\"') "
        "  FROM calendar_tokens t "
        // The account's own state decides too: not blocked, and the token made after the account's
        // sessions were last ended (session_store::revoke_all: password, address, takeover; a block).
        "  JOIN accounts a ON a.id = t.account_id AND NOT a.blocked "
        "   AND (a.sessions_ended_at IS NULL OR t.created_at > a.sessions_ended_at) "
        "  LEFT JOIN applications x ON x.candidate_account_id = t.account_id "
        "  LEFT JOIN shift_applications sa ON sa.application_id = x.id AND sa.status = 'confirmed' "
        "  LEFT JOIN shifts s ON s.id = sa.shift_id AND s.cancelled_at IS NULL AND s.ends_at > now() - interval '90 days' "
        "  LEFT JOIN job_postings j ON j.id = s.job_posting_id LEFT JOIN organizations o ON o.id = j.organization_id "
        "  LEFT JOIN places p ON p.id = s.place_id "
        " WHERE t.token_hash = $1 "
        " ORDER BY s.starts_at NULLS LAST, s.id",
        pg::bind(hash)));
    if (r.rows() == 0) co_return fail(error_kind::not_found, shift_msg::calendar_not_found);
    co_return shifts::calendar_ics(read_events(r, 0), uid_host(loop_.cfg.http_public_origin));
}

// ---- the organization's calendar feed (issue 43, item 8) -------------------------------------------

task<result<shifts::calendar_link>> shifts_actor::renew_organization_calendar_token(const auth::identity& who, std::int64_t org) {
    // Another organization's feed "does not exist" for a member of this one (as its records).
    CO_TRY(auto ms, co_await organizations_.membership_of(who));
    if (ms.organization_id != org) co_return fail(error_kind::not_found, organizations::msg::not_found);
    // The rule that writes the organization's shifts: an active member (blocked, pending: 403).
    CO_CHECK(co_await organizations_.member_of(who, org, true));
    std::string token = auth::random_token(32);
    // One statement: the organization's row is replaced (maker, hash, time), so the old address is
    // dead when it commits, and of 20 parallel renewals the last one's token is the one left.
    CO_CHECK(co_await loop_.pg.query(
        "INSERT INTO organization_calendar_tokens (organization_id, account_id, token_hash) VALUES ($1, $2, $3) "
        "ON CONFLICT (organization_id) DO UPDATE SET account_id = EXCLUDED.account_id, token_hash = EXCLUDED.token_hash, "
        "                                            created_at = now()",
        pg::bind(org, who.account_id, auth::sha256_hex(token))));
    std::string url = loop_.cfg.http_public_origin + "/api/calendar/" + token + ".ics";
    co_return shifts::calendar_link{std::move(token), std::move(url)};
}

task<result<std::optional<std::string>>> shifts_actor::organization_calendar(const std::string& token_hash) {
    // The token counts while its maker may act for the organization now (jh_active_member_of: the
    // member not blocked, the organization approved, not rejected, not blocked — "a blocked
    // organization acts for nobody") and was made after the maker's sessions were last ended; a
    // block marks the members' sessions to end (accounts.end_sessions, 0190) and the end stamps
    // sessions_ended_at, so the address stays dead after an unblock too.
    // The window: 30 days back to a year ahead (Berlin dates), not cancelled, at most
    // max_calendar_shifts. SUMMARY "{title} – x von y besetzt"; DESCRIPTION the confirmed
    // workers' names (the organization's own staff, docs/decisions.md) and the shift's note.
    CO_TRY(auto r, co_await loop_.pg.read(
        "WITH feed AS ( "
        "  SELECT t.organization_id, o.name FROM organization_calendar_tokens t "
        "    JOIN accounts a ON a.id = t.account_id AND NOT a.blocked AND NOT a.end_sessions "
        "     AND (a.sessions_ended_at IS NULL OR t.created_at > a.sessions_ended_at) "
        "    JOIN organizations o ON o.id = t.organization_id "
        "   WHERE t.token_hash = $1 AND jh_active_member_of(t.account_id) = t.organization_id) "
        "SELECT s.id, " + std::string(event_times_sql) + ", "
        "       j.title || ' – ' || c.confirmed || ' von ' || s.staff_needed || ' besetzt', "
        "       " + std::string(event_location_sql) + ", "
        "       concat_ws(E'\n', 'Bestätigt: ' || c.names, nullif(s.note, '')), "
        "       to_char(now() AT TIME ZONE 'UTC', 'YYYYMMDD\"T\"HH24MISS\"Z\"'), f.name "
        "  FROM feed f "
        "  LEFT JOIN LATERAL (SELECT s.* FROM shifts s JOIN job_postings j ON j.id = s.job_posting_id "
        "                      WHERE j.organization_id = f.organization_id AND s.cancelled_at IS NULL "
        "                        AND s.shift_date BETWEEN (now() AT TIME ZONE 'Europe/Berlin')::date - 30 "
        "                                             AND (now() AT TIME ZONE 'Europe/Berlin')::date + 365 "
        "                      ORDER BY s.starts_at, s.id LIMIT $2) s ON true "
        "  LEFT JOIN job_postings j ON j.id = s.job_posting_id "
        "  LEFT JOIN places p ON p.id = s.place_id "
        // The confirmed count as the portal shows it; the names of forwarded applications only
        // (jh_shift_json's rule), in the order they applied.
        "  LEFT JOIN LATERAL (SELECT count(*) AS confirmed, "
        "                            string_agg(nullif(btrim(concat_ws(' ', cp.first_name, cp.last_name)), ''), ', ' "
        "                                       ORDER BY sa.created_at, sa.id) "
        "                              FILTER (WHERE x.forwarded_at IS NOT NULL) AS names "
        "                       FROM shift_applications sa JOIN applications x ON x.id = sa.application_id "
        "                       LEFT JOIN candidate_profiles cp ON cp.account_id = x.candidate_account_id "
        "                      WHERE sa.shift_id = s.id AND sa.status = 'confirmed') c ON true "
        " ORDER BY s.starts_at NULLS LAST, s.id",
        pg::bind(token_hash, max_calendar_shifts)));
    if (r.rows() == 0) co_return std::optional<std::string>{};
    shifts::calendar_head head{"Jobhafen – Einsätze " + std::string(r.text(0, 7)), "org-shift-"};
    co_return std::optional<std::string>(shifts::calendar_ics(read_events(r, 0), uid_host(loop_.cfg.http_public_origin), head));
}

}  // namespace jh
