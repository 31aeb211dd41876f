// application_messages.cpp: the conversation of an application (issue 29; docs/candidate-actions.md,
// "The conversation of an application"). The organization's status messages and plain messages and
// the candidate's replies are one thread (application_messages, migration 0181). Who may read and
// write is decided here, in the statement that reads the thread: the candidate who applied, or an
// active member of the job's organization (the applicant view's predicate, applicant_access.h).
// Every write is one transaction with its mail queued in it, bounded like the status mails.
#include <spdlog/spdlog.h>

#include <chrono>

#include "actors/applications/applicant_access.h"
#include "actors/organization_standing.h"
#include "actors/applications/applications_actor.h"
#include "actors/applications/applications_settings.h"
#include "actors/form_text.h"
#include "actors/roles.h"
#include "messages/queue.h"
#include "reactor/config.h"
#include "reactor/job_queue.h"
#include "reactor/json_body.h"
#include "reactor/loop_context.h"
#include "reactor/pg_bind.h"
#include "reactor/try.h"

namespace jh {

using namespace actions;

namespace {

// Abuse bounds (docs/decisions.md, "The conversation of an application"): a real exchange about one
// application is a few messages a day; twenty per side leaves room for a busy day and stops a
// flood. A writer's own cap across applications keeps one account from filling many threads.
constexpr int message_max_chars = 2000;
constexpr int messages_per_application_per_side = 20;   // in 24 hours
constexpr int messages_per_writer = 100;                // in 24 hours, all applications
constexpr int reply_mails_per_application_per_day = 3;  // like status mails

// One row: the caller's place in the conversation of application $1 ($2 the caller), and what a
// write needs to check its bounds and to mail the other side. The candidate's own application
// (also a held one), else a forwarded application of a job the caller may see; else no row.
#define JH_CONVERSATION_SQL                                                                                         \
    "SELECT CASE WHEN x.candidate_account_id = $2 THEN 'candidate' ELSE 'provider' END, "                           \
    "       x.forwarded_at IS NOT NULL, coalesce(x.candidate_account_id, 0) > 0, "                                  \
    "       EXISTS (SELECT 1 FROM application_messages m WHERE m.application_id = x.id AND m.side = 'provider'), "  \
    "       jh_application_thread(x.id)::text, "                                                                   \
    "       x.id, j.title, o.name, coalesce(a.email::text, ''), coalesce(p.first_name, ''), "                      \
    "       coalesce(p.last_name, ''), coalesce(j.contact_email, o.contact_email, '')::text, "                      \
    "       coalesce(j.contact_name, o.contact_name, o.name, ''), x.anonymized_at IS NOT NULL "                     \
    "  FROM applications x JOIN job_postings j ON j.id = x.job_posting_id "                                         \
    "  JOIN organizations o ON o.id = j.organization_id "                                                           \
    "  LEFT JOIN accounts a ON a.id = x.candidate_account_id "                                                      \
    "  LEFT JOIN candidate_profiles p ON p.account_id = x.candidate_account_id "                                    \
    " WHERE x.id = $1 AND (x.candidate_account_id = $2 OR (x.forwarded_at IS NOT NULL AND" JH_MAY_SEE_JOB ")) "

// The application's row locked for a write by the caller ($2), under the same predicate as the
// conversation (so nobody locks a row they may not see). Its own statement: what the write checks
// is read after it.
#define JH_LOCK_CONVERSATION_SQL                                                                                    \
    "SELECT 1 FROM applications x JOIN job_postings j ON j.id = x.job_posting_id "                                  \
    " WHERE x.id = $1 AND (x.candidate_account_id = $2 OR (x.forwarded_at IS NOT NULL AND" JH_MAY_SEE_JOB ")) "    \
    "   FOR UPDATE OF x"

// The two caps' counts in 24 hours: the side's messages on application $1 (side $3) and the
// writer's ($2) on all applications.
constexpr std::string_view message_counts_sql =
    "SELECT (SELECT count(*) FROM application_messages m WHERE m.application_id = $1 AND m.side = $3::application_message_side "
    "           AND m.created_at > now() - interval '24 hours'), "
    "       (SELECT count(*) FROM application_messages m WHERE m.author_id = $2 AND m.created_at > now() - interval '24 hours')";

enum column : int {
    c_side, c_forwarded, c_has_candidate, c_provider_wrote, c_thread,
    c_id, c_job_title, c_organization, c_email, c_first_name, c_last_name, c_contact_email, c_contact_name,
    c_anonymized,
};

// Why the caller cannot write now, in the caller's words; nullopt when she or he can.
std::optional<std::string> write_refusal(const pg::result_set& r) {
    if (r.text(0, c_side) == "candidate") {
        // Only the candidate still sees an anonymized application (JH_MAY_SEE_JOB): the organization
        // cannot read what she would write.
        if (r.boolean(0, c_anonymized))
            return "Diese Bewerbung ist abgelaufen: Der Jobanbieter hat deine Daten nach Ablauf seiner Aufbewahrungsfrist "
                   "gelöscht. Nachrichten sind nicht mehr möglich.";
        if (!r.boolean(0, c_forwarded))
            return "Deine Bewerbung wartet noch auf die Bestätigung deiner E-Mail-Adresse. Danach leiten wir sie an den "
                   "Jobanbieter weiter, und ihr könnt hier schreiben.";
        if (!r.boolean(0, c_provider_wrote)) return "Sobald der Jobanbieter dir schreibt, kannst du hier antworten.";
        return std::nullopt;
    }
    if (!r.boolean(0, c_has_candidate))
        return "Die Bewerberin oder der Bewerber hat das Konto gelöscht. Nachrichten sind nicht mehr möglich.";
    return std::nullopt;
}

conversation read_conversation(const pg::result_set& r) {
    conversation c;
    c.application_id = r.int64(0, c_id);
    c.side = std::string(r.text(0, c_side));
    c.notice = write_refusal(r);
    c.can_write = !c.notice;
    c.messages_json = std::string(r.text(0, c_thread));
    return c;
}

// 429 when the caller's side wrote its share on this application, or the writer on all of them. A
// status message says that the status alone can still be set (issue 39, item 6).
std::optional<app_error> over_cap(bool candidate, bool with_status, std::int64_t side_today, std::int64_t writer_today) {
    std::string n = std::to_string(messages_per_application_per_side), total = std::to_string(messages_per_writer);
    std::string status_hint = with_status ? " Den Status können Sie auch ohne Nachricht ändern." : "";
    if (side_today >= messages_per_application_per_side)
        return app_error::make(error_kind::too_many_requests,
                               candidate ? "Du hast zu dieser Bewerbung in den letzten 24 Stunden schon " + n +
                                               " Nachrichten geschrieben. Bitte schreib später weiter."
                                         : "Zu dieser Bewerbung wurden in den letzten 24 Stunden schon " + n +
                                               " Nachrichten geschrieben. Bitte schreiben Sie später weiter." + status_hint);
    if (writer_today >= messages_per_writer)
        return app_error::make(error_kind::too_many_requests,
                               candidate ? "Du hast in den letzten 24 Stunden schon " + total +
                                               " Nachrichten geschrieben. Bitte schreib später weiter."
                                         : "Sie haben in den letzten 24 Stunden schon " + total +
                                               " Nachrichten geschrieben. Bitte schreiben Sie später weiter." + status_hint);
    return std::nullopt;
}

// The message, trimmed and bounded before anything else is asked: 422 with the caller's words.
result<std::string> checked_message(const auth::identity& who, std::string message) {
    message = std::string(forms::trim_ascii(message));
    bool candidate = who.account_role == auth::role::candidate;
    if (message.empty())
        return std::unexpected(app_error::invalid(
            {{"message", candidate ? "Bitte schreib eine Nachricht." : "Bitte geben Sie eine Nachricht ein."}}));
    if (utf8_length(message) > message_max_chars)
        return std::unexpected(app_error::invalid({{"message", too_long_message(message_max_chars)}}));
    return message;
}

std::string outcome_name(job_queue::slot_outcome o) {
    switch (o) {
        case job_queue::slot_outcome::queued: return "queued";
        case job_queue::slot_outcome::replaced: return "replaced";
        case job_queue::slot_outcome::full: break;
    }
    return "limit";
}

// What the writer reads about the other side's mail: "Sie" to the organization, "du" to the candidate.
std::string mail_notice(bool candidate, std::string_view outcome, std::string_view first_name) {
    if (candidate) {
        if (outcome == "queued") return "Wir benachrichtigen den Jobanbieter in wenigen Minuten per E-Mail.";
        if (outcome == "replaced") return "Der Jobanbieter bekommt eine E-Mail mit deiner neuesten Nachricht.";
        if (outcome == "limit") return "Der Jobanbieter sieht deine Nachricht im Portal; eine E-Mail schicken wir heute nicht mehr.";
        return "Der Jobanbieter sieht deine Nachricht im Portal.";
    }
    std::string who = first_name.empty() ? std::string("die Bewerberin oder den Bewerber") : std::string(first_name);
    if (outcome == "queued")
        return "Wir benachrichtigen " + who + " in wenigen Minuten per E-Mail. Schreiben Sie bis dahin noch einmal, enthält "
               "die E-Mail Ihre neueste Nachricht.";
    if (outcome == "replaced") return "Die E-Mail an " + who + " ist noch nicht verschickt; sie enthält jetzt Ihre neueste Nachricht.";
    return "Die Nachricht ist unter „Meine Bewerbungen“ sichtbar. Eine E-Mail senden wir heute nicht mehr: Zu dieser Bewerbung sind "
           "heute schon " + std::to_string(reply_mails_per_application_per_day) + " E-Mails an " + who + " gegangen.";
}

}  // namespace

task<result<void>> applications_actor::lock_writer(pg::transaction& tx, std::int64_t writer) {
    CO_CHECK(co_await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('jh_message_writer:' || $1::text, 0))", pg::bind(writer)));
    co_return result<void>{};
}

task<result<void>> applications_actor::add_message(pg::transaction& tx, std::int64_t application_id, std::string_view side,
                                                   std::int64_t author_id, const std::string& body,
                                                   std::optional<std::string> status) {
    CO_TRY(auto n, co_await tx.query(message_counts_sql, pg::bind(application_id, author_id, std::string(side))));
    if (auto capped = over_cap(side == "candidate", status.has_value(), n.int64(0, 0), n.int64(0, 1)))
        co_return std::unexpected(std::move(*capped));
    CO_CHECK(co_await tx.query(
        "INSERT INTO application_messages (application_id, side, author_id, body, status) "
        "VALUES ($1, $2::application_message_side, $3, $4, $5::application_status)",
        pg::bind(application_id, std::string(side), author_id, body, status)));
    co_return result<void>{};
}

task<result<conversation>> applications_actor::conversation(const auth::identity& who, std::int64_t id) {
    CO_CHECK(co_await refuse_blocked_organization(loop_, who));
    CO_TRY(auto r, co_await loop_.pg.read(JH_CONVERSATION_SQL, pg::bind(id, who.account_id)));
    if (r.rows() != 1) co_return fail(error_kind::not_found, msg_not_found);
    co_return read_conversation(r);
}

task<result<conversation>> applications_actor::write_message(const auth::identity& who, std::int64_t id, std::string message) {
    CO_CHECK(co_await refuse_blocked_organization(loop_, who));
    CO_TRY(auto text, checked_message(who, std::move(message)));
    co_return co_await pg::in_transaction(loop_.pg, [&](pg::transaction& tx) -> task<result<actions::conversation>> {
        // The writer, then the application's row, each locked in a statement of its own; what is
        // checked is read after them, so two parallel writes cannot both see room for the last message.
        CO_CHECK(co_await lock_writer(tx, who.account_id));
        CO_TRY(auto locked, co_await tx.query(JH_LOCK_CONVERSATION_SQL, pg::bind(id, who.account_id)));
        if (locked.rows() != 1) co_return fail(error_kind::not_found, msg_not_found);
        CO_TRY(auto r, co_await tx.query(JH_CONVERSATION_SQL, pg::bind(id, who.account_id)));
        if (r.rows() != 1) co_return fail(error_kind::not_found, msg_not_found);
        if (auto refusal = write_refusal(r)) co_return fail(error_kind::conflict, *refusal);
        bool candidate = r.text(0, c_side) == "candidate";
        CO_CHECK(co_await add_message(tx, id, r.text(0, c_side), who.account_id, text, std::nullopt));

        std::string outcome = "none";
        if (candidate) {
            CO_TRY(auto queued, co_await queue_reply_mail(tx, r, text));
            outcome = queued;
        } else {
            received_application to;
            to.application.id = id;
            to.application.job_title = std::string(r.text(0, c_job_title));
            to.application.organization_name = std::string(r.text(0, c_organization));
            to.email = std::string(r.text(0, c_email));
            to.first_name = std::string(r.text(0, c_first_name));
            to.last_name = std::string(r.text(0, c_last_name));
            CO_TRY(auto queued, co_await queue_status_mail(tx, to, "Du hast eine neue Nachricht von " + to.application.organization_name + ".",
                                                           text));
            outcome = queued;
        }
        CO_TRY(auto after, co_await tx.query(JH_CONVERSATION_SQL, pg::bind(id, who.account_id)));
        actions::conversation out = read_conversation(after);
        CO_CHECK(co_await tx.commit());
        if (outcome != "none") job_queue::wake(loop_, messages::queue::mail);
        out.mail_state = outcome;
        out.mail_notice = mail_notice(candidate, outcome, r.text(0, c_first_name));
        co_return out;
    });
}

// The organization's mail about a reply, to the job's contact (the address the application mail
// went to): it waits like a status mail, a newer reply replaces it, three an application a day.
task<result<std::string>> applications_actor::queue_reply_mail(pg::transaction& tx, const pg::result_set& r, const std::string& message) {
    std::string to(r.text(0, c_contact_email));
    if (to.empty()) co_return std::string("none");
    std::string candidate = full_name(r.text(0, c_first_name), r.text(0, c_last_name));
    std::string contact(r.text(0, c_contact_name));
    std::string id = std::to_string(r.int64(0, c_id));
    mail_data d{{"contact_name", contact.empty() ? std::string("zusammen") : contact},
                {"candidate_name", candidate.empty() ? std::string("Die Bewerberin oder der Bewerber") : candidate},
                {"job_title", std::string(r.text(0, c_job_title))},
                {"message", message},
                {"applicant_link", loop_.cfg.http_public_origin + "/recruiting/portal/bewerbungen/" + id}};
    std::string payload = messages::mail_payload(messages::mail_template::application_reply, to, contact, d);
    std::string prefix = "application_reply:" + id + ":" + job_queue::utc_day() + ":";
    auto due = std::chrono::system_clock::now() + std::chrono::seconds(section<applications_settings>(loop_.cfg).status_mail_delay_s);
    CO_TRY(auto o, co_await job_queue::enqueue_in_slots(tx, messages::queue::mail, payload, prefix,
                                                        reply_mails_per_application_per_day, true, due));
    co_return outcome_name(o);
}

}  // namespace jh
