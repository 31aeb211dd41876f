// shift_refill_actor.cpp: the waitlist of a full shift and accepting an offered place. See
// shift_refill_actor.h and docs/shifts.md "Waitlist and refill".
#include "actors/shifts/shift_refill_actor.h"

#include "actors/actions_common.h"
#include "actors/roles.h"
#include "actors/shifts/shift_choice.h"
#include "actors/shifts/shift_mails.h"
#include "actors/shifts/shift_refill.h"
#include "actors/shifts/work_limits_actor.h"
#include "messages/mail.h"
#include "messages/queue.h"
#include "reactor/config.h"
#include "reactor/job_queue.h"
#include "reactor/loop_context.h"
#include "reactor/pg_bind.h"
#include "reactor/try.h"

namespace jh {

namespace {

namespace m = shifts::msg;

constexpr const char* msg_offer_not_found = "Dieses Angebot gibt es nicht.";
constexpr const char* msg_offer_cancelled = "Dieser Einsatz wurde vom Jobanbieter abgesagt.";
constexpr const char* msg_begun = "Dieser Einsatz hat schon begonnen.";
constexpr const char* msg_offer_job_inactive = "Dieser Job ist leider nicht mehr aktiv; das Angebot gilt nicht mehr.";
constexpr const char* msg_application_declined =
    "Deine Bewerbung auf diesen Job wurde abgesagt; das Angebot gilt deshalb nicht mehr.";
constexpr const char* msg_place_gone = "Der Platz ist leider schon vergeben. Du bleibst nicht mehr auf der Warteliste dieses Einsatzes.";


using shifts::live_job_sql;

task<result<std::string>> entry_json(pg::transaction& tx, std::int64_t id) {
    CO_TRY(auto r, co_await tx.query("SELECT jh_shift_waitlist_json($1)::text", pg::bind(id)));
    co_return std::string(r.text(0, 0));
}

// The confirmed and the open offers of a shift, in a statement of its own after its row was
// locked (READ COMMITTED: a statement's snapshot is taken before it waits for the lock).
task<result<std::pair<std::int64_t, std::int64_t>>> fill_of(pg::transaction& tx, std::int64_t shift_id) {
    CO_TRY(auto r, co_await tx.query(
        "SELECT (SELECT count(*) FROM shift_applications WHERE shift_id = $1 AND status = 'confirmed'), "
        "       (SELECT count(*) FROM shift_waitlist WHERE shift_id = $1 AND status = 'offered' AND expires_at > now())",
        pg::bind(shift_id)));
    co_return std::pair{r.int64(0, 0), r.int64(0, 1)};
}

}  // namespace

shift_refill_actor::shift_refill_actor(loop_context& loop, work_limits_actor& limits) : loop_(loop), limits_(limits) {}

task<result<shifts::waitlist_answer>> shift_refill_actor::join(const auth::identity& who, std::int64_t shift_id) {
    co_return co_await pg::in_transaction(loop_.pg, [&](pg::transaction& tx) -> task<result<shifts::waitlist_answer>> {
        // The shift's row first, as a confirmation locks it: the fill counted below is final.
        CO_TRY(auto s, co_await tx.query(
            "SELECT s.job_posting_id, s.staff_needed, s.cancelled_at IS NOT NULL, s.starts_at <= now(), " + std::string(live_job_sql) +
                "  FROM shifts s JOIN job_postings j ON j.id = s.job_posting_id WHERE s.id = $1 FOR UPDATE OF s",
            pg::bind(shift_id)));
        if (s.rows() == 0 || !s.boolean(0, 4)) co_return fail(error_kind::not_found, m::shift_not_found);
        CO_TRY(auto app, co_await tx.query(
            "SELECT x.id, (SELECT sa.status::text FROM shift_applications sa WHERE sa.shift_id = $3 AND sa.application_id = x.id) "
            "  FROM applications x WHERE x.job_posting_id = $1 AND x.candidate_account_id = $2 AND x.forwarded_at IS NOT NULL "
            " ORDER BY x.id DESC LIMIT 1",
            pg::bind(s.int64(0, 0), who.account_id, shift_id)));
        if (app.rows() == 0)
            co_return actions::invalid("application", "Bewirb dich zuerst auf diesen Job – dann kannst du dich auf die Warteliste setzen.");
        if (s.boolean(0, 2)) co_return fail(error_kind::conflict, msg_offer_cancelled);
        if (s.boolean(0, 3)) co_return fail(error_kind::conflict, msg_begun);
        if (!app.is_null(0, 1)) {
            std::string_view chosen = app.text(0, 1);
            co_return fail(error_kind::conflict, chosen == "pending" || chosen == "confirmed"
                                                     ? "Du hast diesen Einsatz schon gewählt."
                                                     : "Diesen Einsatz hast du abgesagt oder er wurde dir abgesagt; eine Warteliste gibt es dafür nicht.");
        }
        // A shift kept for the pool first is the pool's to wait for too: a place offered later
        // would be a way around the pool's time (docs/shifts.md "The pool of regulars").
        const std::string asked = actions::int_array(std::vector<std::int64_t>{shift_id});   // named: g++ 12 and temporaries
        CO_CHECK(co_await shifts::pool_first_allows(tx, who.account_id, asked));
        std::int64_t application_id = app.int64(0, 0);
        CO_TRY(auto fill, co_await fill_of(tx, shift_id));
        if (fill.first + fill.second < s.int64(0, 1))
            co_return fail(error_kind::conflict, "Dieser Einsatz hat noch freie Plätze – wähle ihn einfach direkt aus.");
        // At the end of the queue; someone who left, let an offer pass or missed a place joins anew.
        CO_TRY(auto ins, co_await tx.query(
            "INSERT INTO shift_waitlist (shift_id, application_id) VALUES ($1, $2) "
            "ON CONFLICT (shift_id, application_id) DO UPDATE SET status = 'waiting', joined_at = now(), offered_at = NULL, "
            "       expires_at = NULL, decided_at = NULL "
            " WHERE shift_waitlist.status IN ('left', 'expired', 'missed') "
            "RETURNING id",
            pg::bind(shift_id, application_id)));
        bool created = ins.rows() == 1;
        std::int64_t id = 0;
        if (created) id = ins.int64(0, 0);
        else {
            CO_TRY(auto cur, co_await tx.query("SELECT id FROM shift_waitlist WHERE shift_id = $1 AND application_id = $2",
                                               pg::bind(shift_id, application_id)));
            id = cur.int64(0, 0);
        }
        CO_TRY(auto out, co_await entry_json(tx, id));
        CO_CHECK(co_await tx.commit());
        co_return shifts::waitlist_answer{std::move(out), created};
    });
}

task<result<void>> shift_refill_actor::leave(const auth::identity& who, std::int64_t shift_id) {
    bool mailed = false;
    CO_CHECK(co_await pg::in_transaction(loop_.pg, [&](pg::transaction& tx) -> task<result<void>> {
        mailed = false;
        CO_TRY(auto s, co_await tx.query("SELECT 1 FROM shifts WHERE id = $1 FOR UPDATE", pg::bind(shift_id)));
        if (s.rows() == 0) co_return fail(error_kind::not_found, m::shift_not_found);
        CO_TRY(auto left, co_await tx.query(
            "WITH mine AS (SELECT w.id, w.status FROM shift_waitlist w JOIN applications x ON x.id = w.application_id "
            "               WHERE w.shift_id = $1 AND x.candidate_account_id = $2 AND w.status IN ('waiting', 'offered') FOR UPDATE OF w) "
            "UPDATE shift_waitlist w SET status = 'left', decided_at = now() FROM mine WHERE w.id = mine.id "
            "RETURNING mine.status = 'offered'",
            pg::bind(shift_id, who.account_id)));
        // An open offer let go: the place goes to the next person at once.
        if (left.rows() > 0 && left.boolean(0, 0)) {
            CO_TRY(std::int64_t offers, co_await shifts::refill(tx, shift_id, loop_.cfg));
            mailed = offers > 0;
        }
        CO_CHECK(co_await tx.commit());
        co_return result<void>{};
    }));
    if (mailed) job_queue::wake(loop_, messages::queue::mail);
    co_return result<void>{};
}

task<result<shifts::shift_list>> shift_refill_actor::mine(const auth::identity& who) {
    CO_TRY(auto r, co_await loop_.pg.read(
        "SELECT coalesce(jsonb_agg(jh_shift_waitlist_json(w.id) ORDER BY s.starts_at, w.id), '[]')::text, count(*) "
        "  FROM shift_waitlist w JOIN applications x ON x.id = w.application_id JOIN shifts s ON s.id = w.shift_id "
        " WHERE x.candidate_account_id = $1 AND w.status <> 'left' AND s.ends_at > now()",
        pg::bind(who.account_id)));
    co_return shifts::shift_list{std::string(r.text(0, 0)), r.int64(0, 1)};
}

task<result<std::string>> shift_refill_actor::accept(const auth::identity& who, std::int64_t offer_id, bool confirm_limits) {
    CO_TRY(auto cur, co_await loop_.pg.read(
        "SELECT w.shift_id, x.job_posting_id, w.application_id, w.status = 'offered' AND w.expires_at > now() "
        "  FROM shift_waitlist w JOIN applications x ON x.id = w.application_id "
        " WHERE w.id = $1 AND x.candidate_account_id = $2",
        pg::bind(offer_id, who.account_id)));
    if (cur.rows() == 0) co_return fail(error_kind::not_found, msg_offer_not_found);
    std::int64_t shift_id = cur.int64(0, 0), job_id = cur.int64(0, 1), application_id = cur.int64(0, 2);
    // The work limits' question, as before applying: the candidate decides (docs/shifts.md "Work
    // limits"). Asked only of an offer that is open, so a late click hears that it is late.
    if (cur.boolean(0, 3) && !confirm_limits) {
        std::vector<std::int64_t> asked{shift_id};   // made before the co_await (g++ 12 and temporaries)
        CO_TRY(auto standing, co_await limits_.standing(who, std::move(asked)));
        if (!standing.warnings.empty())
            co_return actions::invalid("confirmLimits", work_limits::warning_message(standing.warnings.front()) +
                                                            " Willst du den Platz trotzdem übernehmen?");
    }
    bool mailed = false, missed = false;
    auto write = [&](pg::transaction& tx) -> task<result<std::string>> {
        mailed = missed = false;
        // The shift's row first (every acceptance and confirmation of it waits here), then the offer.
        CO_TRY(auto s, co_await tx.query(
            "SELECT staff_needed, cancelled_at IS NOT NULL, starts_at <= now() FROM shifts WHERE id = $1 FOR UPDATE", pg::bind(shift_id)));
        CO_TRY(auto w, co_await tx.query(
            "SELECT status::text, expires_at IS NOT NULL AND expires_at <= now() FROM shift_waitlist WHERE id = $1 FOR UPDATE",
            pg::bind(offer_id)));
        if (s.rows() == 0 || w.rows() == 0) co_return fail(error_kind::not_found, msg_offer_not_found);
        std::string status(w.text(0, 0));
        if (status == "accepted") co_return co_await entry_json(tx, offer_id);   // accepted twice: the same answer
        if (status == "left") co_return fail(error_kind::gone, "Du hast die Warteliste verlassen; dieses Angebot gilt nicht mehr.");
        if (status == "missed") co_return fail(error_kind::conflict, msg_place_gone);
        if (status == "waiting")
            co_return fail(error_kind::conflict, "Für dich gibt es noch kein Angebot – du stehst auf der Warteliste.");
        if (status == "expired" || w.boolean(0, 1))
            co_return fail(error_kind::gone, "Dieses Angebot ist leider abgelaufen; der Platz wurde der nächsten Person angeboten.");
        if (s.boolean(0, 1)) co_return fail(error_kind::conflict, msg_offer_cancelled);
        if (s.boolean(0, 2)) co_return fail(error_kind::gone, msg_begun);
        // The job still live and the application not declined (closing a job declines them all):
        // an offer made before is not a way onto a closed job's shift.
        static const std::string live_sql = "SELECT " + std::string(live_job_sql) + ", x.status = 'declined' "
                                            "  FROM applications x JOIN job_postings j ON j.id = x.job_posting_id WHERE x.id = $1";
        CO_TRY(auto live, co_await tx.query(live_sql, pg::bind(application_id)));
        if (live.rows() == 0 || !live.boolean(0, 0)) co_return fail(error_kind::gone, msg_offer_job_inactive);
        if (live.boolean(0, 1)) co_return fail(error_kind::gone, msg_application_declined);
        CO_TRY(auto fill, co_await fill_of(tx, shift_id));
        if (fill.first >= s.int64(0, 0)) {
            // Someone else was first: this offer is spent (kept as "missed"), the answer says so.
            CO_CHECK(co_await tx.query("UPDATE shift_waitlist SET status = 'missed', decided_at = now() WHERE id = $1", pg::bind(offer_id)));
            CO_CHECK(co_await tx.commit());
            missed = true;
            co_return std::string();
        }
        // The choice's own checks (an upcoming shift of the job, no overlap with the candidate's
        // other shifts), written once in shift_choice.cpp. A pending choice of this very shift
        // (made while it was full) would count as an overlap with itself: it is replaced.
        CO_CHECK(co_await tx.query("DELETE FROM shift_applications WHERE shift_id = $1 AND application_id = $2 AND status = 'pending'",
                                   pg::bind(shift_id, application_id)));
        const std::vector<std::int64_t> chosen{shift_id};
        CO_CHECK(co_await shifts::choose_shifts(tx, who.account_id, job_id, application_id, chosen));
        CO_TRY(auto sa, co_await tx.query(
            "UPDATE shift_applications SET status = 'confirmed', decided_at = now() "
            " WHERE shift_id = $1 AND application_id = $2 AND status = 'pending' RETURNING id",
            pg::bind(shift_id, application_id)));
        if (sa.rows() == 0) co_return fail(error_kind::conflict, "Diesen Einsatz hast du schon gewählt.");
        std::int64_t sa_id = sa.int64(0, 0);
        CO_CHECK(co_await tx.query("UPDATE shift_waitlist SET status = 'accepted', decided_at = now() WHERE id = $1", pg::bind(offer_id)));
        CO_TRY(auto rows, co_await tx.query(std::string(shifts::shift_mail_select) + " WHERE sa.id = $1", pg::bind(sa_id)));
        CO_TRY(bool reminded, co_await shifts::queue_reminder(tx, shifts::read_mail_row(rows, 0), loop_.cfg));
        // "… rückt nach" to the job's contact.
        CO_TRY(bool told, co_await shifts::mail_job_contact(tx, sa_id, messages::mail_template::shift_refilled, loop_.cfg));
        mailed = reminded || told;
        CO_TRY(auto out, co_await entry_json(tx, offer_id));
        CO_CHECK(co_await tx.commit());
        co_return out;
    };
    CO_TRY(auto out, co_await pg::in_transaction(loop_.pg, write));
    if (mailed) job_queue::wake(loop_, messages::queue::mail);
    if (missed) co_return fail(error_kind::conflict, msg_place_gone);
    co_return out;
}

}  // namespace jh
