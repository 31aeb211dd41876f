// shift_choice.cpp: storing a candidate's choice of shifts inside the application's transaction;
// see shift_choice.h.
#include "actors/shifts/shift_choice.h"

#include "actors/actions_common.h"
#include "actors/shifts/shift_mails.h"
#include "actors/shifts/shift_rules.h"
#include "actors/shifts/working_time.h"
#include "messages/mail.h"
#include "messages/queue.h"
#include "reactor/config.h"
#include "reactor/job_queue.h"
#include "reactor/pg_bind.h"
#include "reactor/try.h"

namespace jh {

namespace {

using namespace shifts;

// Column 0: every id is an upcoming, not cancelled shift of the job; column 1: two of them
// overlap, or one overlaps a shift the account ($3) holds or waits for (pending or confirmed).
constexpr const char* choice_sql =
    "SELECT (SELECT count(*) FROM shifts s WHERE s.id = ANY ($1::bigint[]) AND s.job_posting_id = $2 "
    "           AND s.cancelled_at IS NULL AND s.starts_at > now()) = cardinality($1::bigint[]), "
    "       EXISTS (SELECT 1 FROM shifts a JOIN shifts b ON a.id < b.id AND a.starts_at < b.ends_at AND b.starts_at < a.ends_at "
    "                WHERE a.id = ANY ($1::bigint[]) AND b.id = ANY ($1::bigint[])) "
    "    OR EXISTS (SELECT 1 FROM shifts a "
    "                 JOIN shifts b ON a.starts_at < b.ends_at AND b.starts_at < a.ends_at AND b.cancelled_at IS NULL "
    "                 JOIN shift_applications sa ON sa.shift_id = b.id AND sa.status IN ('pending', 'confirmed') "
    "                 JOIN applications x ON x.id = sa.application_id AND x.candidate_account_id = $3 "
    "                WHERE a.id = ANY ($1::bigint[]))";

constexpr const char* msg_pool_confirmed = "Du bist als Stammkraft für diesen Einsatz direkt bestätigt. Wir freuen uns auf dich!";

// A shift offered to its organization's pool first (0280, docs/shifts.md "The pool of regulars"):
// until pool_until only a member of that pool ($2, 0 before an account exists) may choose it. One
// row per such shift the caller may not choose yet, the latest end of the pool's time first, and
// whether that end is the shift's start (then it never opens to others).
constexpr const char* pool_first_sql =
    "SELECT o.name, to_char(s.pool_until AT TIME ZONE 'Europe/Berlin', 'DD.MM.YYYY, HH24:MI'), s.pool_until >= s.starts_at "
    "  FROM shifts s JOIN job_postings j ON j.id = s.job_posting_id JOIN organizations o ON o.id = j.organization_id "
    " WHERE s.id = ANY ($1::bigint[]) AND s.pool_until > now() AND NOT jh_pool_member(j.organization_id, $2) "
    " ORDER BY s.pool_until DESC LIMIT 1";

// 409 for a pool-first shift chosen by someone outside the pool: the shift exists and will be
// public, it is only not yet theirs to choose.
result<void> pool_verdict(const pg::result_set& r) {
    if (r.rows() == 0) return {};
    // Reserved up to its start: there is no "afterwards" to promise.
    if (r.boolean(0, 2))
        return fail(error_kind::conflict, "Dieser Einsatz ist dem Pool von " + std::string(r.text(0, 0)) +
                                              " vorbehalten. Bitte wähle einen anderen Einsatz.");
    return fail(error_kind::conflict, "Dieser Einsatz ist bis " + std::string(r.text(0, 1)) + " Uhr zuerst für den Pool von " +
                                          std::string(r.text(0, 0)) + " reserviert. Danach kannst du ihn wählen, wenn noch Plätze frei sind.");
}

result<void> verdict(const pg::result_set& r) {
    if (!r.boolean(0, 0)) return actions::invalid("shifts", msg::choose_shift);
    if (r.boolean(0, 1)) return actions::invalid("shifts", msg::overlap);
    return {};
}

// A minor's choice that breaks a rule of the JArbSchG is refused with the first rule broken; an
// adult's breaches are only warnings (asked before applying, GET .../work_limits?shifts=).
result<void> working_time_verdict(const pg::result_set& r) {
    for (const auto& b : working_time::read_breaches(r))
        if (b.minor) return actions::invalid("shifts", working_time::candidate_message(b));
    return {};
}

}  // namespace

task<result<void>> shifts::pool_first_allows(pg::transaction& tx, std::int64_t account_id, const std::string& shift_ids) {
    CO_TRY(auto pool_first, co_await tx.query(pool_first_sql, pg::bind(shift_ids, account_id)));
    co_return pool_verdict(pool_first);
}

task<result<void>> shifts::choose_shifts(pg::transaction& tx, std::int64_t account_id, std::int64_t job_id,
                                         std::int64_t application_id, const std::vector<std::int64_t>& shift_ids) {
    if (shift_ids.empty()) co_return result<void>{};
    if (shift_ids.size() > max_shifts_per_application) co_return actions::invalid("shifts", msg::too_many_shifts);
    std::string ids = actions::int_array(shift_ids);
    // The chosen shifts' rows first, in ascending id order, before anything else is locked or
    // written: every path that confirms a shift locks its row and then the candidate (provider's
    // confirmation, refill, confirm_pool_choices below), and the INSERT further down takes KEY
    // SHARE on the row through the foreign key — taking FOR UPDATE only after it (a lock upgrade
    // while other choosers hold KEY SHARE) deadlocked parallel choices of one shift (review 21).
    CO_CHECK(co_await lock_shift_rows(tx, ids));
    // One candidate's choices one after another, so two applications at once cannot both pass
    // the overlap and working-time checks below.
    CO_CHECK(co_await lock_candidate_shifts(tx, account_id));
    CO_TRY(auto r, co_await tx.query(choice_sql, pg::bind(ids, job_id, account_id)));
    CO_CHECK(verdict(r));
    CO_CHECK(co_await pool_first_allows(tx, account_id, ids));
    // The age decides which rules hold: without a birth date on the sedcard, no shift is chosen.
    CO_TRY(auto born, co_await tx.query("SELECT sedcard ->> 'birthDate' FROM candidate_profiles WHERE account_id = $1",
                                        pg::bind(account_id)));
    if (born.rows() == 0 || born.is_null(0, 0) || !working_time::plausible_birth_date(born.text(0, 0)))
        co_return actions::invalid("birthDate", working_time::msg::birth_date_needed);
    std::optional<std::string> sedcards_own;
    CO_TRY(auto breaches, co_await tx.query(working_time::breaches_sql, pg::bind(account_id, ids, sedcards_own)));
    CO_CHECK(working_time_verdict(breaches));
    CO_CHECK(co_await tx.query("INSERT INTO shift_applications (shift_id, application_id) "
                               "SELECT u, $2 FROM unnest($1::bigint[]) AS u ON CONFLICT DO NOTHING",
                               pg::bind(ids, application_id)));
    co_return result<void>{};
}

task<result<int>> shifts::confirm_pool_choices(pg::transaction& tx, std::int64_t account_id, std::int64_t application_id,
                                               const config& cfg) {
    CO_TRY(auto due, co_await tx.query(
        "SELECT sa.id, s.id FROM shift_applications sa JOIN shifts s ON s.id = sa.shift_id "
        "  JOIN job_postings j ON j.id = s.job_posting_id "
        " WHERE sa.application_id = $1 AND sa.status = 'pending' AND s.pool_auto_confirm AND s.cancelled_at IS NULL "
        "   AND s.starts_at > now() AND jh_pool_member(j.organization_id, $2) ORDER BY s.id",
        pg::bind(application_id, account_id)));
    int confirmed = 0;
    for (int i = 0; i < due.rows(); ++i) {
        std::int64_t sa_id = due.int64(i, 0), shift_id = due.int64(i, 1);
        // The shift's row (already locked by choose_shifts(), before the choice was inserted): the
        // count below is final.
        CO_TRY(auto s, co_await tx.query("SELECT staff_needed FROM shifts WHERE id = $1 FOR UPDATE", pg::bind(shift_id)));
        CO_TRY(auto c, co_await tx.query("SELECT count(*) FROM shift_applications WHERE shift_id = $1 AND status = 'confirmed'",
                                         pg::bind(shift_id)));
        if (c.int64(0, 0) >= s.int64(0, 0)) continue;
        // The candidate's shifts are locked by choose_shifts() already (same transaction).
        std::optional<std::string> sedcards_own;
        // The parameters made before the co_await (g++ 12 and an initializer list in a coroutine).
        const std::vector<std::int64_t> one{shift_id};
        pg::params p = pg::bind(account_id, actions::int_array(one), sedcards_own);
        CO_TRY(auto breaches, co_await tx.query(working_time::breaches_sql, std::move(p)));
        if (!working_time::read_breaches(breaches).empty()) continue;
        CO_CHECK(co_await tx.query("UPDATE shift_applications SET status = 'confirmed', decided_at = now() WHERE id = $1",
                                   pg::bind(sa_id)));
        ++confirmed;
        CO_TRY(auto rows, co_await tx.query(std::string(shift_mail_select) + " WHERE sa.id = $1", pg::bind(sa_id)));
        shift_mail_row row = read_mail_row(rows, 0);
        if (!row.email.empty()) {
            messages::mail_data d = mail_data_of(row, cfg);
            d.emplace_back(std::string("decision_text"), std::string(msg_pool_confirmed));
            std::string payload = messages::mail_payload(messages::mail_template::shift_decision, row.email,
                                                         actions::full_name(row.first_name, row.last_name), d);
            CO_CHECK(co_await job_queue::enqueue(tx, messages::queue::mail, payload, "shift_decision:" + std::to_string(sa_id) + ":pool"));
        }
        CO_CHECK(co_await queue_reminder(tx, row, cfg));
    }
    co_return confirmed;
}

task<result<std::string>> shifts::chosen_shifts_lines(pg::transaction& tx, std::int64_t application_id) {
    CO_TRY(auto r, co_await tx.query(
        "SELECT coalesce(string_agg('- ' || jh_shift_label(s.id), E'\\n' ORDER BY s.starts_at, s.id), '') "
        "  FROM shift_applications sa JOIN shifts s ON s.id = sa.shift_id "
        " WHERE sa.application_id = $1 AND sa.status <> 'withdrawn'",
        pg::bind(application_id)));
    co_return std::string(r.text(0, 0));
}

task<result<void>> shifts::lock_shift_rows(pg::transaction& tx, const std::string& ids) {
    CO_CHECK(co_await tx.query("SELECT 1 FROM shifts WHERE id = ANY ($1::bigint[]) ORDER BY id FOR UPDATE", pg::bind(ids)));
    co_return result<void>{};
}

task<result<void>> shifts::lock_candidate_shifts(pg::transaction& tx, std::int64_t account_id) {
    CO_CHECK(co_await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('jh_shift_candidate:' || $1::text, 0))",
                               pg::bind(account_id)));
    co_return result<void>{};
}

task<result<void>> shifts::check_shifts(pg::pool& pool, std::int64_t job_id, const std::vector<std::int64_t>& shift_ids,
                                        const std::optional<std::string>& birth_date) {
    if (shift_ids.empty()) co_return result<void>{};
    if (shift_ids.size() > max_shifts_per_application) co_return actions::invalid("shifts", msg::too_many_shifts);
    std::int64_t nobody = 0;   // no account yet: nothing held to overlap with
    std::string ids = actions::int_array(shift_ids);
    CO_TRY(auto r, co_await pool.read(choice_sql, pg::bind(ids, job_id, nobody)));
    CO_CHECK(verdict(r));
    CO_TRY(auto pool_first, co_await pool.read(pool_first_sql, pg::bind(ids, nobody)));
    CO_CHECK(pool_verdict(pool_first));
    if (!birth_date) co_return actions::invalid("birthDate", working_time::msg::birth_date_needed);
    CO_TRY(auto breaches, co_await pool.read(working_time::breaches_sql, pg::bind(nobody, ids, birth_date)));
    co_return working_time_verdict(breaches);
}

}  // namespace jh
