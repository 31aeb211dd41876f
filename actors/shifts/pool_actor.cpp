// pool_actor.cpp: the organization's pool, its invitations and the candidates' consent. See
// pool_actor.h, docs/shifts.md "The pool of regulars" and docs/fair-play.md "Talent pool".
#include "actors/shifts/pool_actor.h"

#include "actors/actions_common.h"
#include "actors/organizations/organization_editor.h"
#include "actors/roles.h"
#include "messages/mail.h"
#include "messages/queue.h"
#include "reactor/config.h"
#include "reactor/job_queue.h"
#include "reactor/loop_context.h"
#include "reactor/pg_bind.h"
#include "reactor/try.h"

namespace jh {

namespace {

constexpr const char* msg_application_not_found = "Diese Bewerbung gibt es nicht.";
constexpr const char* msg_invitation_not_found = "Diese Einladung gibt es nicht.";

// The consent texts as the candidate reads them, by version: a changed text is a new version, and
// the stored invitation keeps the text and version it was sent with (Art. 7 Abs. 1 DSGVO: the
// organization must be able to show what was consented to).
struct consent_text {
    const char* version;
    const char* before_name;   // the text up to the organization's name
    const char* after_name;
};
constexpr consent_text talent_text{
    "talent-pool-v1", "Ich willige ein, dass ",
    " meine Bewerbung mit Namen, Kontaktdaten, Sedcard und Unterlagen für weitere 12 Monate im eigenen Talentpool "
    "aufbewahrt und mich in dieser Zeit auf passende Jobs und Einsätze ansprechen darf. Ich kann diese Einwilligung "
    "jederzeit mit Wirkung für die Zukunft widerrufen (Art. 7 Abs. 3 DSGVO); danach gilt wieder die normale "
    "Aufbewahrungsfrist."};
constexpr consent_text regulars_text{
    "regulars-pool-v1", "Ich willige ein, dass ",
    " mich für 12 Monate in den eigenen Pool von Stammkräften aufnimmt, meine Bewerbung so lange aufbewahrt und mir "
    "Einsätze vorab anbieten darf, bevor sie öffentlich sind. Ich kann diese Einwilligung jederzeit mit Wirkung für "
    "die Zukunft widerrufen (Art. 7 Abs. 3 DSGVO); danach gilt wieder die normale Aufbewahrungsfrist."};

std::string filled(const consent_text& t, std::string_view organization) {
    return std::string(t.before_name) + std::string(organization) + t.after_name;
}

// The organization's member view of an invitation, or the candidate's.
task<result<std::string>> invitation_json(pg::transaction& tx, std::int64_t id, bool provider) {
    CO_TRY(auto r, co_await tx.query("SELECT jh_pool_invitation_json($1, $2)::text", pg::bind(id, provider)));
    co_return std::string(r.text(0, 0));
}

// The caller is an active member of `org` (another organization: 404, as its applications; a
// blocked or not yet approved one: 403 with the reason, the rule of every provider write).
task<result<void>> acting_for(organization_editor& organizations, const auth::identity& who, std::int64_t org, bool write) {
    CO_TRY(auto ms, co_await organizations.membership_of(who));
    if (ms.organization_id != org) co_return fail(error_kind::not_found, organizations::msg::not_found);
    CO_CHECK(co_await organizations.member_of(who, org, write));
    co_return result<void>{};
}

// The application as the invitation needs it: the candidate, whether they worked for the
// organization (an approved or corrected time record at any of its jobs), whether the
// application's anonymization is within 30 days, and the names for the mail. $1 application, $2 org.
constexpr const char* application_sql =
    "SELECT x.candidate_account_id, "
    "       EXISTS (SELECT 1 FROM applications y JOIN job_postings k ON k.id = y.job_posting_id "
    "                 JOIN shift_applications sa ON sa.application_id = y.id "
    "                 JOIN shift_time_records t ON t.shift_application_id = sa.id AND t.status IN ('approved', 'corrected') "
    "                WHERE y.candidate_account_id = x.candidate_account_id AND k.organization_id = $2), "
    "       jh_application_anonymize_notice(x.ended_at, x.anonymized_at, o.application_retention_days, NULL) IS NOT NULL, "
    "       o.name, j.title, coalesce(a.email::text, ''), coalesce(p.first_name, '') "
    "  FROM applications x JOIN job_postings j ON j.id = x.job_posting_id JOIN organizations o ON o.id = j.organization_id "
    "  JOIN accounts a ON a.id = x.candidate_account_id "
    "  LEFT JOIN candidate_profiles p ON p.account_id = a.id "
    " WHERE x.id = $1 AND j.organization_id = $2 AND x.forwarded_at IS NOT NULL AND x.anonymized_at IS NULL "
    "   AND x.candidate_account_id > 0";

}  // namespace

pool_actor::pool_actor(loop_context& loop, organization_editor& organizations) : loop_(loop), organizations_(organizations) {}

task<result<pool::invitation_answer>> pool_actor::invite(const auth::identity& who, std::int64_t org, std::int64_t application_id) {
    CO_CHECK(co_await acting_for(organizations_, who, org, true));
    auto write = [&](pg::transaction& tx) -> task<result<pool::invitation_answer>> {
        CO_TRY(auto x, co_await tx.query(application_sql, pg::bind(application_id, org)));
        if (x.rows() == 0) co_return fail(error_kind::not_found, msg_application_not_found);
        std::int64_t candidate = x.int64(0, 0);
        bool worked = x.boolean(0, 1), ending = x.boolean(0, 2);
        if (!worked && !ending)
            co_return actions::invalid("application",
                                       "Sie können nur Personen einladen, die schon für Sie gearbeitet haben (bestätigte Stunden) "
                                       "oder deren Bewerbung in den nächsten 30 Tagen anonymisiert wird.");
        // One candidate's invitations of one organization one after another: the check below
        // counts after the lock, so two invitations through two applications cannot both pass.
        CO_CHECK(co_await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('jh_pool:' || $1::text || ':' || $2::text, 0))",
                                   pg::bind(org, candidate)));
        CO_TRY(auto open, co_await tx.query(
            "SELECT status::text FROM pool_invitations WHERE organization_id = $1 AND candidate_account_id = $2 "
            "   AND (status = 'invited' OR (status = 'accepted' AND consent_until > now())) AND application_id <> $3 LIMIT 1",
            pg::bind(org, candidate, application_id)));
        if (open.rows() > 0)
            co_return fail(error_kind::conflict, open.text(0, 0) == "invited"
                                                     ? "Diese Person hat schon eine offene Einladung in Ihren Pool."
                                                     : "Diese Person ist schon in Ihrem Pool.");
        // Her "no" stands (docs/decisions.md, "A no to the pool is respected"): after a decline or
        // a revocation the organization asks again only through an application she made later,
        // or once 12 months have passed — not through another application she had already made.
        CO_TRY(auto no, co_await tx.query(
            "SELECT 1 FROM pool_invitations p, applications x "
            " WHERE p.organization_id = $1 AND p.candidate_account_id = $2 AND x.id = $3 "
            "   AND p.status IN ('declined', 'revoked') AND coalesce(p.revoked_at, p.decided_at) > now() - interval '12 months' "
            "   AND x.created_at < coalesce(p.revoked_at, p.decided_at) LIMIT 1",
            pg::bind(org, candidate, application_id)));
        if (no.rows() > 0)
            co_return fail(error_kind::conflict, "Diese Person hat eine Einladung in Ihren Pool abgelehnt oder ihre Einwilligung "
                                                 "widerrufen. Sie können sie erst wieder einladen, wenn sie sich erneut bei Ihnen "
                                                 "bewirbt oder 12 Monate vergangen sind.");
        const consent_text& text = worked ? regulars_text : talent_text;
        std::string organization(x.text(0, 3)), consent = filled(text, organization);
        // One invitation per application, ever: of parallel invitations exactly one inserts.
        CO_TRY(auto ins, co_await tx.query(
            "INSERT INTO pool_invitations (organization_id, application_id, candidate_account_id, kind, consent_text_version, "
            "                              consent_text, invited_by_account_id) "
            "VALUES ($1, $2, $3, $4::pool_invitation_kind, $5, $6, $7) ON CONFLICT (application_id) DO NOTHING RETURNING id",
            pg::bind(org, application_id, candidate, std::string(worked ? "regulars" : "talent"), std::string(text.version), consent,
                     who.account_id)));
        if (ins.rows() == 0) co_return fail(error_kind::conflict, "Zu dieser Bewerbung haben Sie schon eingeladen.");
        std::int64_t id = ins.int64(0, 0);
        if (!x.text(0, 5).empty()) {
            std::string intro = worked ? organization + " möchte dich in den eigenen Pool von Stammkräften aufnehmen: Dann bekommst du "
                                                        "Einsätze angeboten, bevor sie öffentlich sind."
                                       : organization + " möchte deine Bewerbung für weitere 12 Monate im eigenen Talentpool "
                                                        "behalten, um dich auf passende Jobs anzusprechen.";
            std::string payload = messages::mail_payload(
                messages::mail_template::pool_invitation, x.text(0, 5), std::string(x.text(0, 6)),
                {{"first_name", std::string(x.text(0, 6))},
                 {"organization_name", organization},
                 {"job_title", std::string(x.text(0, 4))},
                 {"invitation_text", intro},
                 {"link", loop_.cfg.http_public_origin + "/pool-einladung/" + std::to_string(id)}});
            CO_CHECK(co_await job_queue::enqueue(tx, messages::queue::mail, payload, "pool_invitation:" + std::to_string(id)));
        }
        CO_TRY(auto out, co_await invitation_json(tx, id, true));
        CO_CHECK(co_await tx.commit());
        co_return pool::invitation_answer{std::move(out), true};
    };
    CO_TRY(auto answer, co_await pg::in_transaction(loop_.pg, write));
    job_queue::wake(loop_, messages::queue::mail);
    co_return answer;
}

task<result<shifts::shift_list>> pool_actor::of_organization(const auth::identity& who, std::int64_t org, int page, int per_page) {
    CO_CHECK(co_await acting_for(organizations_, who, org, false));
    // One page, members first, then the newest invitations; and the number of all.
    CO_TRY(auto r, co_await loop_.pg.read(
        "SELECT coalesce((SELECT jsonb_agg(jh_pool_invitation_json(q.id, true) ORDER BY q.n) "
        "                   FROM (SELECT p.id, row_number() OVER (ORDER BY (p.status = 'accepted' AND p.consent_until > now()) DESC, "
        "                                                              p.invited_at DESC, p.id DESC) AS n "
        "                           FROM pool_invitations p WHERE p.organization_id = $1 ORDER BY n LIMIT $2 OFFSET $3) q), "
        "                '[]')::text, "
        "       (SELECT count(*) FROM pool_invitations WHERE organization_id = $1)",
        pg::bind(org, per_page, static_cast<std::int64_t>(page - 1) * per_page)));
    co_return shifts::shift_list{std::string(r.text(0, 0)), r.int64(0, 1), page, per_page};
}

task<result<std::string>> pool_actor::one(const auth::identity& who, std::int64_t id) {
    CO_TRY(auto r, co_await loop_.pg.read(
        "SELECT jh_pool_invitation_json(id, false)::text FROM pool_invitations WHERE id = $1 AND candidate_account_id = $2",
        pg::bind(id, who.account_id)));
    if (r.rows() == 0) co_return fail(error_kind::not_found, msg_invitation_not_found);
    co_return std::string(r.text(0, 0));
}

task<result<shifts::shift_list>> pool_actor::mine(const auth::identity& who, int page, int per_page) {
    CO_TRY(auto r, co_await loop_.pg.read(
        "SELECT coalesce((SELECT jsonb_agg(jh_pool_invitation_json(q.id, false) ORDER BY q.invited_at DESC, q.id DESC) "
        "                   FROM (SELECT id, invited_at FROM pool_invitations WHERE candidate_account_id = $1 "
        "                          ORDER BY invited_at DESC, id DESC LIMIT $2 OFFSET $3) q), '[]')::text, "
        "       (SELECT count(*) FROM pool_invitations WHERE candidate_account_id = $1)",
        pg::bind(who.account_id, per_page, static_cast<std::int64_t>(page - 1) * per_page)));
    co_return shifts::shift_list{std::string(r.text(0, 0)), r.int64(0, 1), page, per_page};
}

task<result<std::string>> pool_actor::answer(const auth::identity& who, std::int64_t id, pool::answer_kind kind) {
    co_return co_await pg::in_transaction(loop_.pg, [&](pg::transaction& tx) -> task<result<std::string>> {
        // The row locked: two answers at once take turns, the second sees the first's state.
        CO_TRY(auto cur, co_await tx.query(
            "SELECT p.status::text, x.anonymized_at IS NOT NULL FROM pool_invitations p JOIN applications x ON x.id = p.application_id "
            " WHERE p.id = $1 AND p.candidate_account_id = $2 FOR UPDATE OF p",
            pg::bind(id, who.account_id)));
        if (cur.rows() == 0) co_return fail(error_kind::not_found, msg_invitation_not_found);
        std::string status(cur.text(0, 0));
        std::string change;   // the UPDATE's SET, empty when the same answer comes again
        switch (kind) {
        case pool::answer_kind::accept:
            if (status == "accepted") break;
            if (status == "declined") co_return fail(error_kind::conflict, "Du hast diese Einladung abgelehnt; zustimmen kannst du nicht mehr.");
            if (status == "revoked")
                co_return fail(error_kind::conflict, "Du hast deine Einwilligung widerrufen; diese Einladung gilt nicht mehr.");
            if (cur.boolean(0, 1))
                co_return fail(error_kind::gone, "Deine Bewerbung wurde inzwischen anonymisiert; diese Einladung gilt nicht mehr.");
            change = "status = 'accepted', decided_at = now(), consent_until = now() + make_interval(months => " +
                     std::to_string(pool::consent_months) + ")";
            break;
        case pool::answer_kind::decline:
            if (status == "declined") break;
            if (status == "accepted")
                co_return fail(error_kind::conflict, "Du hast schon zugestimmt. Du kannst deine Einwilligung jederzeit widerrufen.");
            if (status == "revoked") break;   // no consent either way: nothing to change
            change = "status = 'declined', decided_at = now()";
            break;
        case pool::answer_kind::revoke:
            if (status == "revoked") break;
            if (status != "accepted") co_return fail(error_kind::conflict, "Du hast dieser Einladung nicht zugestimmt; es gibt nichts zu widerrufen.");
            change = "status = 'revoked', revoked_at = now()";
            break;
        }
        if (!change.empty()) CO_CHECK(co_await tx.query("UPDATE pool_invitations SET " + change + " WHERE id = $1", pg::bind(id)));
        CO_TRY(auto out, co_await invitation_json(tx, id, false));
        CO_CHECK(co_await tx.commit());
        co_return out;
    });
}

task<result<std::string>> pool_actor::set_pool_offer(const auth::identity& who, std::int64_t shift_id, pool::pool_offer offer) {
    CO_TRY(auto ms, co_await organizations_.acting_member(who));
    if (offer.hours < 0 || offer.hours > pool::max_pool_first_hours)
        co_return actions::invalid("poolFirstHours", "Bitte geben Sie zwischen 0 und " + std::to_string(pool::max_pool_first_hours) +
                                                         " Stunden an.");
    co_return co_await pg::in_transaction(loop_.pg, [&](pg::transaction& tx) -> task<result<std::string>> {
        CO_TRY(auto r, co_await tx.query(
            "UPDATE shifts s SET pool_until = CASE WHEN $3 > 0 THEN least(now() + make_interval(hours => $3), s.starts_at) END, "
            "                    pool_auto_confirm = $4 "
            "  FROM job_postings j WHERE s.id = $1 AND j.id = s.job_posting_id AND j.organization_id = $2 "
            "   AND s.cancelled_at IS NULL AND s.starts_at > now() RETURNING s.id",
            pg::bind(shift_id, ms.organization_id, offer.hours, offer.auto_confirm)));
        if (r.rows() == 0) {
            CO_TRY(auto s, co_await tx.query("SELECT 1 FROM shifts s JOIN job_postings j ON j.id = s.job_posting_id "
                                             " WHERE s.id = $1 AND j.organization_id = $2",
                                             pg::bind(shift_id, ms.organization_id)));
            if (s.rows() == 0) co_return fail(error_kind::not_found, shifts::msg::shift_not_found);
            co_return fail(error_kind::conflict, "Dieser Einsatz ist abgesagt oder hat schon begonnen.");
        }
        CO_TRY(auto out, co_await tx.query("SELECT jh_shift_json($1, true)::text", pg::bind(shift_id)));
        CO_CHECK(co_await tx.commit());
        co_return std::string(out.text(0, 0));
    });
}

}  // namespace jh
