// time_records_check_in.cpp: checking in and out of a shift by scanning its QR code (issue 43,
// item 2; docs/shifts.md "Checking in and out by QR code"). Part of time_records_actor: the
// provider's portal asks for the shift's signed code; the candidate's scan checks in, a second scan
// checks out and writes the worked times into the time record as her entry (the provider still
// approves them as any entry). The code carries the shift and its window (check_in_code.h); the
// person is the signed-in candidate, who must be confirmed for that shift. No location is read.
#include <algorithm>

#include "actors/organization_standing.h"
#include "actors/shifts/check_in_code.h"
#include "actors/shifts/time_records_actor.h"
#include "actors/shifts/time_records_detail.h"
#include "reactor/config.h"
#include "reactor/json_writer.h"
#include "reactor/loop_context.h"
#include "reactor/pg_bind.h"
#include "reactor/time_text.h"
#include "reactor/try.h"

namespace jh {

namespace {

constexpr const char* msg_check_in_shift_not_found = "Diesen Einsatz gibt es nicht.";

// What the scan answers: the shift, the two scans as Berlin clock times, and — after the
// check-out — the record ($3, JSON or NULL).
constexpr std::string_view scan_json_sql =
    "SELECT jsonb_build_object('action', $2::text, 'shiftApplication', sa.id, 'shift', s.id, 'label', jh_shift_label(s.id), "
    "       'job', jsonb_build_object('id', j.id, 'title', j.title), 'organization', o.name, "
    "       'checkedInAt', ci.checked_in_at, 'checkedOutAt', ci.checked_out_at, "
    "       'checkedIn', to_char(ci.checked_in_at AT TIME ZONE 'Europe/Berlin', 'HH24:MI'), "
    "       'checkedOut', to_char(ci.checked_out_at AT TIME ZONE 'Europe/Berlin', 'HH24:MI'), 'record', $3::jsonb)::text "
    "  FROM shift_applications sa JOIN shifts s ON s.id = sa.shift_id JOIN job_postings j ON j.id = s.job_posting_id "
    "  JOIN organizations o ON o.id = j.organization_id LEFT JOIN shift_check_ins ci ON ci.shift_application_id = sa.id "
    " WHERE sa.id = $1";

// The candidate's confirmed choice of the code's shift, locked (as every time-record write locks
// it first). A statement of its own: under READ COMMITTED a statement's snapshot is taken before
// it waits for the lock, so the scans read in the same statement would be those from before the
// scan it waited for (20 scans at once would all check in, or all check out).
constexpr std::string_view lock_scan_sql =
    "SELECT sa.id FROM shift_applications sa JOIN applications x ON x.id = sa.application_id "
    " WHERE sa.shift_id = $1 AND x.candidate_account_id = $2 AND sa.status = 'confirmed' FOR UPDATE OF sa";

// After the lock, the locked choice ($1): the shift's state, the planned start and the stated
// break, the scans so far, the record's status, and now — minutes since the epoch, as the record
// stores whole minutes.
constexpr std::string_view locked_scan_sql =
    "SELECT sa.id, s.cancelled_at IS NOT NULL, floor(extract(epoch FROM s.starts_at) / 60)::bigint, s.break_minutes, "
    "       ci.checked_in_at IS NOT NULL, ci.checked_out_at IS NOT NULL, "
    "       floor(extract(epoch FROM ci.checked_in_at) / 60)::bigint, extract(epoch FROM now() - ci.checked_in_at)::bigint, "
    "       floor(extract(epoch FROM now()) / 60)::bigint, "
    "       (SELECT r.status::text FROM shift_time_records r WHERE r.shift_application_id = sa.id) "
    "  FROM shift_applications sa JOIN shifts s ON s.id = sa.shift_id "
    "  LEFT JOIN shift_check_ins ci ON ci.shift_application_id = sa.id "
    " WHERE sa.id = $1";

// Another shift of the same organization the candidate is confirmed for and whose code would count
// now: she scanned the wrong sheet. Its label, to name it in the answer.
constexpr std::string_view other_shift_sql =
    "SELECT jh_shift_label(s2.id) "
    "  FROM shifts s JOIN job_postings j ON j.id = s.job_posting_id "
    "  JOIN job_postings j2 ON j2.organization_id = j.organization_id JOIN shifts s2 ON s2.job_posting_id = j2.id "
    "  JOIN shift_applications sa ON sa.shift_id = s2.id JOIN applications x ON x.id = sa.application_id "
    " WHERE s.id = $1 AND s2.id <> s.id AND x.candidate_account_id = $2 AND sa.status = 'confirmed' AND s2.cancelled_at IS NULL "
    "   AND now() BETWEEN s2.starts_at - make_interval(secs => $3) AND s2.ends_at + make_interval(secs => $4) "
    " ORDER BY s2.starts_at LIMIT 1";

struct scan_row {
    std::int64_t sa = 0;
    bool cancelled = false, checked_in = false, checked_out = false;
    std::int64_t planned_start = 0, checked_in_minute = 0, seconds_since_check_in = 0, now_minute = 0;
    int break_minutes = 0;
    std::optional<std::string> record_status;
};

scan_row read_scan_row(const pg::result_set& r) {
    scan_row row;
    row.sa = r.int64(0, 0);
    row.cancelled = r.boolean(0, 1);
    row.planned_start = r.int64(0, 2);
    row.break_minutes = static_cast<int>(r.int64(0, 3));
    row.checked_in = r.boolean(0, 4);
    row.checked_out = r.boolean(0, 5);
    if (row.checked_in) row.checked_in_minute = r.int64(0, 6), row.seconds_since_check_in = r.int64(0, 7);
    row.now_minute = r.int64(0, 8);
    if (!r.is_null(0, 9)) row.record_status = std::string(r.text(0, 9));
    return row;
}

// The check-out's record: the start is the check-in, but not before the planned start (arriving
// early is not working early; the provider corrects it when it was); the end is the check-out; the
// break is the shift's stated break when it fits, else none. Whole minutes.
struct scanned_times {
    std::int64_t start = 0, end = 0;
    int pause = 0;
};
scanned_times times_of(const scan_row& row) {
    scanned_times t{std::max(row.checked_in_minute, row.planned_start), row.now_minute, 0};
    if (row.break_minutes < t.end - t.start) t.pause = row.break_minutes;
    return t;
}

// The shift behind a verified code as it stands now: its current window (check_in_code.h) and
// whether its organization is blocked. Read in the scan's transaction with the shift's row held
// (FOR SHARE), so a move of the shift waits for the scan or the scan sees the moved times — never
// a check-in against times the shift no longer has. Shift, then choice: the order every shift write
// locks in (shift_choice.cpp's lock_shift_rows), so the two cannot deadlock.
constexpr std::string_view current_shift_sql =
    "SELECT extract(epoch FROM s.starts_at)::bigint, extract(epoch FROM s.ends_at)::bigint, NOT o.active "
    "  FROM shifts s JOIN job_postings j ON j.id = s.job_posting_id JOIN organizations o ON o.id = j.organization_id "
    " WHERE s.id = $1 FOR SHARE OF s";

constexpr const char* msg_scan_blocked =
    "Einchecken ist bei diesem Jobanbieter zurzeit nicht möglich, weil sein Konto gesperrt ist. Wenn du Fragen zu deinem "
    "Einsatz hast, wende dich bitte an unseren Support.";

// A code counts only for the shift's current times (docs/decisions.md, "QR codes are bound to the
// shift's times"): a code printed before the shift was moved names another window and is refused,
// so nobody checks in at the old time; then "not yet" and "expired" against that window.
result<void> scan_verdict(const pg::result_set& r, const shifts::check_in_code& code, std::int64_t now) {
    if (r.rows() == 0) return fail(error_kind::not_found, "Für diesen Einsatz bist du nicht eingeteilt.");
    if (r.boolean(0, 2)) return fail(error_kind::conflict, msg_scan_blocked);
    auto current = shifts::code_for_shift(code.shift, r.int64(0, 0), r.int64(0, 1));
    if (current.valid_from != code.valid_from || current.valid_until != code.valid_until)
        return fail(error_kind::gone, "Dieser QR-Code gilt nicht mehr, weil der Einsatz verschoben wurde. Bitte frag vor Ort "
                                      "nach dem neuen Code deines Einsatzes.");
    if (now < current.valid_from)
        return fail(error_kind::conflict, "Einchecken kannst du frühestens eine Stunde vor dem Beginn deines Einsatzes.");
    if (now > current.valid_until)
        return fail(error_kind::gone, "Dieser QR-Code ist abgelaufen. Bitte frag vor Ort nach dem Code deines heutigen Einsatzes.");
    return {};
}

}  // namespace

task<result<std::string>> time_records_actor::check_in_code(const auth::identity& who, std::int64_t shift) {
    CO_TRY(auto r, co_await loop_.pg.read(
        "SELECT j.organization_id, s.cancelled_at IS NOT NULL, extract(epoch FROM s.starts_at)::bigint, "
        "       extract(epoch FROM s.ends_at)::bigint, jh_shift_label(s.id), j.id, j.title "
        "  FROM shifts s JOIN job_postings j ON j.id = s.job_posting_id WHERE s.id = $1",
        pg::bind(shift)));
    if (r.rows() == 0) co_return fail(error_kind::not_found, msg_check_in_shift_not_found);
    CO_TRY(auto ms, co_await organizations_.membership_of(who));
    if (ms.organization_id != r.int64(0, 0)) co_return fail(error_kind::not_found, msg_check_in_shift_not_found);
    // A blocked organization hands out no codes (403 with the reason, as its other shift actions).
    if (ms.org_state == "blocked") co_return fail(error_kind::forbidden, organization_blocked_message);
    if (r.boolean(0, 1)) co_return fail(error_kind::conflict, "Dieser Einsatz wurde abgesagt.");
    auto code = shifts::code_for_shift(shift, r.int64(0, 2), r.int64(0, 3));
    if (auth::unix_now() > code.valid_until)
        co_return fail(error_kind::gone, "Dieser Einsatz ist vorbei; einen QR-Code zum Einchecken gibt es dafür nicht mehr.");
    std::string signed_code = shifts::sign_check_in_code(code, auth::process_signing_key(loop_.cfg));
    std::string out;
    json_writer w(out);
    w.begin_object()
        .member("shift", shift)
        .member("code", signed_code)
        .member("url", loop_.cfg.http_public_origin + "/einchecken?code=" + signed_code)
        .member("validFrom", iso_utc(code.valid_from))
        .member("validUntil", iso_utc(code.valid_until))
        .member("label", std::string(r.text(0, 4)));
    w.key("job").begin_object().member("id", r.int64(0, 5)).member("title", std::string(r.text(0, 6))).end_object();
    w.end_object();
    co_return out;
}

task<result<std::string>> time_records_actor::scan(const auth::identity& who, std::string text) {
    auto code = shifts::verify_check_in_code(text, auth::process_signing_key(loop_.cfg));
    if (!code)
        co_return std::unexpected(app_error::invalid(
            {{"code", "Dieser QR-Code ist ungültig. Bitte scanne den Code deines Einsatzes noch einmal."}}));
    co_return co_await pg::in_transaction(loop_.pg, [&](pg::transaction& tx) -> task<result<std::string>> {
        CO_TRY(auto current, co_await tx.query(current_shift_sql, pg::bind(code->shift)));
        CO_CHECK(scan_verdict(current, *code, auth::unix_now()));
        CO_TRY(auto mine, co_await tx.query(lock_scan_sql, pg::bind(code->shift, who.account_id)));
        if (mine.rows() == 0) {
            CO_TRY(auto other, co_await tx.query(other_shift_sql, pg::bind(code->shift, who.account_id, shifts::check_in_lead_s,
                                                                           shifts::check_out_grace_s)));
            if (other.rows() > 0)
                co_return fail(error_kind::conflict, "Dieser QR-Code gehört zu einem anderen Einsatz. Du bist eingeteilt für: " +
                                                         std::string(other.text(0, 0)) + ". Bitte scanne den Code dieses Einsatzes.");
            co_return fail(error_kind::not_found, "Für diesen Einsatz bist du nicht eingeteilt.");
        }
        const std::int64_t sa_id = mine.int64(0, 0);
        CO_TRY(auto r, co_await tx.query(locked_scan_sql, pg::bind(sa_id)));
        scan_row row = read_scan_row(r);
        if (row.cancelled) co_return fail(error_kind::conflict, "Dieser Einsatz wurde abgesagt.");
        if (row.checked_out)
            co_return fail(error_kind::conflict, "Du hast für diesen Einsatz schon ein- und ausgecheckt. Deine Zeiten findest du "
                                                 "unter „Meine Einsätze“.");
        std::string action = "checked_in";
        std::optional<std::string> record;
        if (!row.checked_in) {
            CO_CHECK(co_await tx.query("INSERT INTO shift_check_ins (shift_application_id) VALUES ($1)", pg::bind(row.sa)));
        } else if (row.seconds_since_check_in >= shifts::double_scan_s) {
            if (row.record_status && *row.record_status != "entered")
                co_return fail(error_kind::conflict, "Der Jobanbieter hat deine Zeiten schon geprüft. Wenn etwas nicht stimmt, "
                                                     "kannst du unter „Meine Einsätze“ einmal widersprechen.");
            scanned_times t = times_of(row);
            if (t.end <= t.start)
                co_return fail(error_kind::conflict, "Auschecken kannst du erst nach dem Beginn deines Einsatzes.");
            CO_CHECK(co_await tx.query(time_records_detail::ensure_sql, pg::bind(row.sa)));
            CO_CHECK(co_await tx.query(
                "UPDATE shift_time_records SET start_at = to_timestamp($2::bigint * 60), end_at = to_timestamp($3::bigint * 60), "
                "       break_minutes = $4, entered_by = 'candidate', candidate_start = to_timestamp($2::bigint * 60), "
                "       candidate_end = to_timestamp($3::bigint * 60), candidate_break = $4, entered_at = now(), updated_at = now() "
                " WHERE shift_application_id = $1",
                pg::bind(row.sa, t.start, t.end, t.pause)));
            CO_CHECK(co_await tx.query("UPDATE shift_check_ins SET checked_out_at = now() WHERE shift_application_id = $1",
                                       pg::bind(row.sa)));
            CO_TRY(auto rec, co_await time_records_detail::record_json(tx, row.sa));
            record = std::move(rec);
            action = "checked_out";
        }
        // else: the same scan twice within a moment (a reloaded page): still checked in, nothing changes.
        CO_TRY(auto out, co_await tx.query(scan_json_sql, pg::bind(row.sa, action, record)));
        std::string answer(out.text(0, 0));
        CO_CHECK(co_await tx.commit());
        co_return answer;
    });
}

}  // namespace jh
