// applications_actor.cpp: applying to a job (also together with registering), the candidate's
// list of applications, the application status a provider sets, and the dashboard counters. See
// docs/candidate-actions.md.
#include "actors/applications/applications_actor.h"

#include <spdlog/spdlog.h>

#include <chrono>
#include <memory>

#include "actors/organization_standing.h"
#include "actors/form_text.h"
#include "actors/applications/applicant_access.h"
#include "actors/pg_columns.h"
#include "actors/applications/applications_settings.h"
#include "actors/profiles/profiles_actor.h"
#include "actors/roles.h"
#include "actors/shifts/shift_choice.h"
#include "media/media_files.h"
#include "reactor/config.h"
#include "messages/queue.h"
#include "reactor/job_queue.h"
#include "reactor/json_body.h"
#include "reactor/json_writer.h"
#include "reactor/loop_context.h"
#include "reactor/pg_bind.h"
#include "reactor/try.h"

namespace jh {

using namespace actions;

namespace {

const char* const msg_already_applied = "Du hast dich bereits auf diesen Job beworben.";
const char* const msg_limit =
    "Du hast dich in den letzten 30 Minuten schon 10-mal beworben. Bitte warte etwas, bevor du dich erneut bewirbst.";
const char* const msg_inactive = "Dieser Job ist leider nicht mehr aktiv.";
const char* const msg_incomplete =
    "Deine Profildaten sind unvollständig. Bitte ergänze Name, Geschlecht, Adresse, Kontaktdaten, Sprachen, Tätigkeiten "
    "und deinen Beschäftigungsstatus, bevor du dich bewirbst.";
const char* const msg_unverified = "Bitte bestätige zuerst deine E-Mail-Adresse, bevor du dich bewirbst.";
const char* const msg_location = "Der gewählte Einsatzort gehört nicht zu diesem Job.";

// The limit counts the applications stored in the window, in the transaction that stores the next
// one. The account's row is locked first, so parallel requests count one after the other. (A slot
// taken in Redis before the store stayed taken when the server died mid-request: the cluster's
// serve drill then answered the candidate's tenth application 429.)
constexpr std::string_view lock_applicant_sql = "SELECT 1 FROM accounts WHERE id = $1 FOR UPDATE";
constexpr std::string_view applications_in_window_sql =
    "SELECT count(*) FROM applications WHERE candidate_account_id = $1 AND created_at > now() - make_interval(secs => $2)";

// What the checks and the mails need, read in one statement.
struct apply_context {
    bool account_found = false, verified = false, relevant = false;
    std::string email, first_name, last_name;
    bool job_found = false, job_live = false;
    std::string job_title, job_slug, provider_email, provider_name, organization_name, location_names;
    std::int64_t foreign_locations = 0;
    bool already = false;
};

constexpr std::string_view context_sql =
    "SELECT a.email_verified_at IS NOT NULL, a.email, coalesce(p.first_name, ''), coalesce(p.last_name, ''), "
    "       coalesce(p.has_relevant_data_for_application, false), "
    "       j.id IS NOT NULL AND j.is_published, "
    "       coalesce(j.active AND (j.valid_through IS NULL OR j.valid_through > now()), false), "
    "       coalesce(j.title, ''), coalesce(j.slug, ''), coalesce(j.contact_email, o.contact_email, '')::text, "
    "       coalesce(j.contact_name, o.contact_name, o.name, ''), coalesce(o.name, ''), "
    "       (SELECT count(*) FROM unnest($3::bigint[]) AS u(x) WHERE NOT EXISTS "
    "           (SELECT 1 FROM job_posting_locations l WHERE l.id = u.x AND l.job_posting_id = $2)), "
    "       EXISTS (SELECT 1 FROM applications x WHERE x.job_posting_id = $2 AND x.candidate_account_id = $1), "
    "       coalesce((SELECT string_agg(l.city || coalesce(' (' || l.name || ')', ''), ', ' ORDER BY l.sort_order, l.id) "
    "                   FROM job_posting_locations l WHERE l.job_posting_id = $2 "
    "                    AND (l.id = ANY ($3::bigint[]) OR cardinality($3::bigint[]) = 0)), '') "
    "  FROM (SELECT 1) AS one "
    "  LEFT JOIN accounts a ON a.id = $1 "
    "  LEFT JOIN candidate_profiles p ON p.account_id = a.id "
    "  LEFT JOIN job_postings j ON j.id = $2 "
    "  LEFT JOIN organizations o ON o.id = j.organization_id";

apply_context read_context(const pg::result_set& r) {
    apply_context c;
    c.account_found = !r.is_null(0, 1);
    c.verified = r.boolean(0, 0);
    c.email = std::string(r.text(0, 1));
    c.first_name = std::string(r.text(0, 2));
    c.last_name = std::string(r.text(0, 3));
    c.relevant = r.boolean(0, 4);
    c.job_found = r.boolean(0, 5);
    c.job_live = r.boolean(0, 6);
    c.job_title = std::string(r.text(0, 7));
    c.job_slug = std::string(r.text(0, 8));
    c.provider_email = std::string(r.text(0, 9));
    c.provider_name = std::string(r.text(0, 10));
    c.organization_name = std::string(r.text(0, 11));
    c.foreign_locations = r.int64(0, 12);
    c.already = r.boolean(0, 13);
    c.location_names = std::string(r.text(0, 14));
    return c;
}

// The provider's mail ("Sie") and the candidate's confirmation ("du") for one application:
// queued now, or held until the candidate confirms the address (register-and-apply).
task<result<void>> queue_application_mails(pg::transaction& tx, const config& cfg, std::int64_t account_id,
                                           std::int64_t application_id, const apply_context& c, const std::string& notes,
                                           bool held) {
    std::string job_link = cfg.http_public_origin + "/jobs/" + c.job_slug;
    std::string candidate = full_name(c.first_name, c.last_name);
    std::vector<std::pair<std::string, std::string>> jobs;   // (idempotency key, payload)
    if (!c.provider_email.empty()) {
        // The chosen shifts, so the provider sees in the mail what to confirm (issue 41, item 4);
        // the decision and the reply are made in the portal, at the application.
        CO_TRY(auto shift_lines, co_await shifts::chosen_shifts_lines(tx, application_id));
        mail_data d{{"contact_name", c.provider_name.empty() ? std::string("zusammen") : c.provider_name},
                    {"job_title", c.job_title},
                    {"candidate_name", candidate.empty() ? c.email : candidate},
                    {"candidate_email", c.email},
                    {"locations", c.location_names.empty() ? std::string("keine Angabe") : c.location_names},
                    {"notes", notes.empty() ? std::string("(kein Anschreiben)") : notes},
                    {"job_link", job_link},
                    {"shifts", shift_lines.empty() ? std::string(" keine") : "\n" + shift_lines},
                    {"applicant_link", cfg.http_public_origin + "/recruiting/portal/bewerbungen/" + std::to_string(application_id)}};
        jobs.emplace_back("application_provider:" + std::to_string(application_id),
                          messages::mail_payload(messages::mail_template::application_provider, c.provider_email, c.provider_name, d));
    } else {
        spdlog::warn("application {}: job has no contact address; the provider sees it in the portal only", application_id);
    }
    mail_data d{{"first_name", c.first_name.empty() ? std::string("zusammen") : c.first_name},
                {"job_title", c.job_title},
                {"organization_name", c.organization_name},
                {"job_link", job_link},
                {"applications_link", cfg.http_public_origin + "/meine-bewerbungen"}};
    jobs.emplace_back("application_candidate:" + std::to_string(application_id),
                      messages::mail_payload(messages::mail_template::application_candidate, c.email, candidate, d));
    for (auto& [key, payload] : jobs) {
        if (held) {
            CO_CHECK(co_await tx.query(
                "INSERT INTO held_queue_jobs (account_id, kind, payload, idempotency_key, application_id) "
                "VALUES ($1, 'mail', $2::jsonb, $3, $4) ON CONFLICT (idempotency_key) DO NOTHING",
                pg::bind(account_id, payload, key, application_id)));
        } else {
            CO_CHECK(co_await job_queue::enqueue(tx, messages::queue::mail, payload, key));
        }
    }
    co_return result<void>{};
}

// $6..$10: where the application came from (application_source.h).
constexpr std::string_view insert_application_sql =
    "INSERT INTO applications (job_posting_id, candidate_account_id, notes, location_ids, forwarded_at, "
    "                          source_label, source_utm_source, source_utm_medium, source_utm_campaign, source_referrer_host) "
    "VALUES ($1, $2, $3, $4::bigint[], CASE WHEN $5::boolean THEN now() END, $6, $7, $8, $9, $10) "
    "ON CONFLICT ON CONSTRAINT applications_job_candidate_key DO NOTHING RETURNING id";

#define JH_APPLICATION_SELECT \
    "SELECT x.id, x.job_posting_id, j.slug, j.title, o.id, o.name, x.notes, x.status::text, " \
    "       to_json(x.created_at) #>> '{}', to_json(x.updated_at) #>> '{}', x.forwarded_at IS NOT NULL, " \
    "       (SELECT coalesce(json_agg(json_build_object('@id', '/api/job_posting_locations/' || l.id, 'id', l.id, " \
    "               'city', l.city, 'name', l.name) ORDER BY l.sort_order, l.id), '[]')::text " \
    "          FROM job_posting_locations l WHERE l.id = ANY (x.location_ids)), " \
    "       x.anonymized_at IS NOT NULL, " \
    "       to_json(jh_application_anonymize_notice(x.ended_at, x.anonymized_at, o.application_retention_days, " \
    "               (SELECT p.consent_until FROM pool_invitations p WHERE p.application_id = x.id AND p.status = 'accepted'))) #>> '{}' "
#define JH_APPLICATION_FROM \
    "  FROM applications x JOIN job_postings j ON j.id = x.job_posting_id JOIN organizations o ON o.id = j.organization_id "
constexpr const char* application_by_id_sql = JH_APPLICATION_SELECT JH_APPLICATION_FROM " WHERE x.id = $1";

application_view read_application(const pg::result_set& r, int i) {
    using app = application_view;
    application_view a;
    read_columns(r, i, 0, a, &app::id, &app::job_id, &app::job_slug, &app::job_title, &app::organization_id,
                 &app::organization_name, &app::notes, &app::status, &app::created_at, &app::updated_at, &app::forwarded,
                 &app::locations_json, &app::anonymized, &app::anonymize_at);
    return a;
}

// The birth date given with a choice of shifts, onto a sedcard that names none yet (one given in the
// profile is not overwritten here), in the application's transaction: choose_shifts() reads it.
task<result<void>> store_birth_date(pg::transaction& tx, std::int64_t account, const std::optional<std::string>& birth_date) {
    if (!birth_date) co_return result<void>{};
    CO_TRY(auto p, co_await tx.query(
        "UPDATE candidate_profiles SET sedcard = jsonb_set(sedcard, '{birthDate}', to_jsonb($2::text)) "
        " WHERE account_id = $1 AND coalesce(sedcard ->> 'birthDate', '') = '' RETURNING id",
        pg::bind(account, *birth_date)));
    if (p.rows() != 1) co_return result<void>{};
    co_return co_await profiles::recompute_completeness(tx, p.int64(0, 0));
}

}  // namespace

applications_actor::applications_actor(loop_context& loop, accounts_actor& accounts, profiles_actor& profiles)
    : loop_(loop), accounts_(accounts), profiles_(profiles) {}

task<result<application_view>> applications_actor::apply(const auth::identity& who, application_request req) {
    if (req.notes.size() > 5000) co_return invalid("notes", "Dein Anschreiben darf höchstens 5000 Zeichen lang sein.");
    if (req.bad_locations || req.locations.size() > 100) co_return invalid("locations", msg_location);
    std::string locations = int_array(req.locations);
    CO_TRY(auto ctx, co_await loop_.pg.read(context_sql, pg::bind(who.account_id, req.job_id, locations)));
    apply_context c = read_context(ctx);
    if (!c.account_found) co_return fail(error_kind::unauthorized, "Bitte melde dich an.");
    if (!c.job_found) co_return fail(error_kind::not_found, msg_job_not_found);
    if (!c.job_live) co_return fail(error_kind::gone, msg_inactive);
    if (!c.verified) co_return fail(error_kind::forbidden, msg_unverified);
    if (!c.relevant) co_return invalid("hasRelevantDataForApplication", msg_incomplete);
    if (c.foreign_locations > 0) co_return invalid("locations", msg_location);
    if (c.already) co_return fail(error_kind::conflict, msg_already_applied);

    // Only database writes: it may run twice when a switchover interrupts it (pg::in_transaction).
    // The answer is read in the same transaction, before its commit: a read after the commit may
    // meet another server than the one that committed (a failover between the two: the disk drill
    // got a 201 with an empty row, issue 46 item 4), the transaction always sees its own insert.
    auto store = [&](pg::transaction& tx) -> task<result<application_view>> {
        CO_CHECK(co_await tx.query(lock_applicant_sql, pg::bind(who.account_id)));
        CO_TRY(auto recent, co_await tx.query(applications_in_window_sql, pg::bind(who.account_id, apply_window_s)));
        if (recent.int64(0, 0) >= apply_limit) co_return fail(error_kind::too_many_requests, msg_limit);
        auto ins = co_await tx.query(insert_application_sql, pg::bind(req.job_id, who.account_id, req.notes, locations, true, req.source.label,
                                                                   req.source.utm_source, req.source.utm_medium,
                                                                   req.source.utm_campaign, req.source.referrer_host));
        if (!ins) {
            if (ins.error().sqlstate == "23514") co_return invalid("locations", msg_location);
            co_return std::unexpected(as_app_error(ins.error()));
        }
        if (ins->rows() == 0) co_return fail(error_kind::conflict, msg_already_applied);
        std::int64_t id = ins->int64(0, 0);
        CO_CHECK(co_await store_birth_date(tx, who.account_id, req.birth_date));
        CO_CHECK(co_await shifts::choose_shifts(tx, who.account_id, req.job_id, id, req.shifts));
        // A pool member's choice of a shift the organization confirms for its pool at once.
        CO_CHECK(co_await shifts::confirm_pool_choices(tx, who.account_id, id, loop_.cfg));
        CO_CHECK(co_await queue_application_mails(tx, loop_.cfg, who.account_id, id, c, req.notes, false));
        CO_TRY(auto r, co_await tx.query(application_by_id_sql, pg::bind(id)));
        if (r.rows() != 1) co_return fail(error_kind::internal);
        application_view stored = read_application(r, 0);
        CO_CHECK(co_await tx.commit());
        co_return stored;
    };
    CO_TRY(auto stored, co_await pg::in_transaction(loop_.pg, store));
    job_queue::wake(loop_, messages::queue::mail);
    co_return stored;
}

// The languages of a registration together with an application as the sedcard's `languages`
// list, after checking every code against the languages table (what the profile rules accept).
task<result<std::string>> applications_actor::known_languages(const std::vector<std::pair<std::string, std::string>>& languages) {
    std::string codes = "{";
    std::string list;
    json_writer w(list);
    w.begin_array();
    for (std::size_t i = 0; i < languages.size(); ++i) {
        codes += (i ? "," : "") + languages[i].first;   // two ASCII letters, checked by the route
        w.begin_object().member("language", languages[i].first).member("level", languages[i].second).end_object();
    }
    w.end_array();
    codes += "}";
    CO_TRY(auto r, co_await loop_.pg.read("SELECT code FROM languages WHERE code = ANY($1::text[])", pg::bind(codes)));
    for (std::size_t i = 0; i < languages.size(); ++i) {
        bool known = false;
        for (int row = 0; row < r.rows(); ++row) known = known || r.text(row, 0) == languages[i].first;
        if (!known) co_return invalid("languages[" + std::to_string(i) + "].language", "Bitte wähle eine Sprache aus der Liste.");
    }
    co_return list;
}

namespace {
task<result<void>> store_languages(pg::transaction& tx, std::int64_t account, const std::string& list) {
    CO_TRY(auto p, co_await tx.query(
        "UPDATE candidate_profiles SET sedcard = jsonb_set(sedcard, '{languages}', $2::jsonb) WHERE account_id = $1 RETURNING id",
        pg::bind(account, list)));
    if (p.rows() != 1) co_return result<void>{};
    co_return co_await profiles::recompute_completeness(tx, p.int64(0, 0));
}
}  // namespace

task<result<void>> applications_actor::register_and_apply(accounts::registration reg, application_request req) {
    if (req.notes.size() > 5000) co_return invalid("notes", "Dein Anschreiben darf höchstens 5000 Zeichen lang sein.");
    if (req.bad_locations || req.locations.size() > 100) co_return invalid("locations", msg_location);
    std::string locations = int_array(req.locations);
    // The job first: no account is made for a job that cannot be applied to.
    std::int64_t nobody = 0;
    CO_TRY(auto ctx, co_await loop_.pg.read(context_sql, pg::bind(nobody, req.job_id, locations)));
    apply_context c = read_context(ctx);
    if (!c.job_found) co_return fail(error_kind::not_found, msg_job_not_found);
    if (!c.job_live) co_return fail(error_kind::gone, msg_inactive);
    if (c.foreign_locations > 0) co_return invalid("locations", msg_location);
    CO_TRY(auto languages, co_await known_languages(req.languages));
    // The shifts too, whether or not the address has an account (the answer must not tell);
    // choose_shifts() below stores them with the application or refuses the whole registration.
    CO_CHECK(co_await shifts::check_shifts(loop_.pg, req.job_id, req.shifts, req.birth_date));

    auto application_id = std::make_shared<std::int64_t>(0);
    const config& cfg = loop_.cfg;
    reg.in_transaction = [c, req, locations, application_id, &cfg, language_list = std::move(languages)](pg::transaction& tx, std::int64_t account) mutable -> task<result<void>> {
        CO_TRY(auto ins, co_await tx.query(insert_application_sql, pg::bind(req.job_id, account, req.notes, locations, false, req.source.label,
                                                                               req.source.utm_source, req.source.utm_medium,
                                                                               req.source.utm_campaign, req.source.referrer_host)));
        if (ins.rows() != 1) co_return fail(error_kind::conflict, msg_already_applied);
        *application_id = ins.int64(0, 0);
        CO_CHECK(co_await store_birth_date(tx, account, req.birth_date));
        CO_CHECK(co_await shifts::choose_shifts(tx, account, req.job_id, *application_id, req.shifts));
        CO_TRY(auto who, co_await tx.query("SELECT a.email, p.first_name, p.last_name FROM accounts a JOIN candidate_profiles p "
                                     "ON p.account_id = a.id WHERE a.id = $1",
                                     pg::bind(account)));
        c.email = std::string(who.text(0, 0));
        c.first_name = std::string(who.text(0, 1));
        c.last_name = std::string(who.text(0, 2));
        CO_CHECK(co_await store_languages(tx, account, language_list));
        co_return co_await queue_application_mails(tx, cfg, account, *application_id, c, req.notes, true);
    };
    co_return co_await accounts_.register_candidate(std::move(reg));
}

task<result<page_of<application_view>>> applications_actor::my_applications(const auth::identity& who, int page, int per_page,
                                                                            std::optional<std::int64_t> job_id) {
    page_of<application_view> out;
    out.page = page;
    out.items_per_page = per_page;
    CO_TRY(auto r, co_await loop_.pg.read(
        JH_APPLICATION_SELECT ", count(*) OVER () " JH_APPLICATION_FROM
        " WHERE x.candidate_account_id = $1 AND ($4::bigint IS NULL OR x.job_posting_id = $4) "
        " ORDER BY x.created_at DESC, x.id DESC LIMIT $2 OFFSET $3",
        pg::bind(who.account_id, per_page, (page - 1) * per_page, job_id)));
    for (int i = 0; i < r.rows(); ++i) out.items.push_back(read_application(r, i));
    if (r.rows() > 0) {
        out.total = r.int64(0, 14);
    } else if (page > 1) {
        CO_TRY(auto n, co_await loop_.pg.read("SELECT count(*) FROM applications WHERE candidate_account_id = $1 "
                                               "AND ($2::bigint IS NULL OR job_posting_id = $2)",
                                               pg::bind(who.account_id, job_id)));
        out.total = n.int64(0, 0);
    }
    co_return out;
}

// ---- the organization's side -----------------------------------------------------------------

namespace {

// The candidate as the organization sees an application (columns 14..19), and the sedcard fields
// that applying requires (column 20) for the one-application view. An anonymized application
// (its organization's retention period is over, docs/fair-play.md) names nobody: the candidate's
// account and sedcard are not joined, and the candidate's id is 0.
#define JH_RECEIVED_SELECT                                                                                      \
    JH_APPLICATION_SELECT ", CASE WHEN x.anonymized_at IS NULL THEN coalesce(x.candidate_account_id, 0) ELSE 0 END, " \
                          "coalesce(p.first_name, ''), "                                                         \
                          "coalesce(p.last_name, ''), coalesce(a.email::text, ''), x.status_message, "          \
                          "to_json(x.status_changed_at) #>> '{}' "
#define JH_RECEIVED_FROM                                                                                        \
    JH_APPLICATION_FROM " LEFT JOIN accounts a ON a.id = x.candidate_account_id AND x.anonymized_at IS NULL "  \
                        " LEFT JOIN candidate_profiles p ON p.account_id = x.candidate_account_id AND x.anonymized_at IS NULL "
#define JH_RELEVANT_SEDCARD                                                                                     \
    "jsonb_strip_nulls(jsonb_build_object('gender', p.sedcard->'gender', 'addresses', p.sedcard->'addresses', " \
    "'communicationData', p.sedcard->'communicationData', 'languages', p.sedcard->'languages', "               \
    "'jobEmployment', p.sedcard->'jobEmployment', 'hasActivitySkills', p.sedcard->'hasActivitySkills', "       \
    "'activitySkills', p.sedcard->'activitySkills'))::text "
// The candidate's documents (docs/sedcard.md, "Media") with each file's address below the
// application, through which the organization opens it (applications_actor::document).
#define JH_APPLICANT_DOCUMENTS                                                                                  \
    "(SELECT coalesce(json_agg(json_build_object('id', d.id, 'kind', d.kind, 'type', d.type, "                  \
    "    'validFrom', d.valid_from, 'validUntil', d.valid_until, 'validOpenEnded', d.valid_open_ended, "        \
    "    'notes', d.notes, 'attachments', (SELECT coalesce(json_agg(json_build_object('id', f.id, "              \
    "        'fileName', f.file_name, 'contentType', f.content_type, 'bytes', f.bytes, "                         \
    "        'contentUrl', '/api/applications/' || x.id || '/documents/' || f.id) ORDER BY f.id), '[]') "        \
    "      FROM profile_document_attachments f WHERE f.document_id = d.id)) ORDER BY d.id), '[]') "             \
    "   FROM profile_documents d WHERE d.profile_id = p.id)::text "

// The candidate's worked shifts and no-shows across Jobhafen (figures only) and this
// organization's own reliability ratings: only ever selected beside an application of the
// organization, so only an organization she applied to sees them (R__jh_reliability.sql); none
// once the application is anonymized (R__jh_application_retention.sql).
#define JH_RELIABILITY \
    "CASE WHEN x.anonymized_at IS NULL THEN jh_reliability_of(x.candidate_account_id, j.organization_id)::text END "

// Where the application came from, for its organization only (never in the candidate's view);
// null for an application from before sources were recorded (migrations/0350).
#define JH_SOURCE                                                                                               \
    "CASE WHEN x.source_label IS NOT NULL THEN json_build_object('label', x.source_label, "                      \
    "    'utm_source', x.source_utm_source, 'utm_medium', x.source_utm_medium, "                                 \
    "    'utm_campaign', x.source_utm_campaign, 'referrerHost', x.source_referrer_host)::text END "

// One application's `select` list (a SELECT over JH_RECEIVED_FROM and `joins`) for a member who
// may see it ($1 the application, $2 the member), with the view logged in the same statement:
// nothing is shown that is not logged. Answers the `result` columns of the row, or no row.
#define JH_LOGGED_VIEW(select, joins, condition, result)                                                        \
    "WITH seen AS (" select ", j.organization_id AS org " JH_RECEIVED_FROM joins                                 \
    "               WHERE x.id = $1 AND x.forwarded_at IS NOT NULL AND" JH_MAY_SEE_JOB condition "), "         \
    "     logged AS (INSERT INTO application_views (application_id, organization_id, viewer_id) "              \
    "                SELECT $1, org, $2 FROM seen) "                                                           \
    "SELECT " result " FROM seen"

received_application read_received(const pg::result_set& r, int i) {
    received_application v;
    v.application = read_application(r, i);
    v.candidate_id = r.int64(i, 14);
    v.first_name = std::string(r.text(i, 15));
    v.last_name = std::string(r.text(i, 16));
    v.email = std::string(r.text(i, 17));
    if (!r.is_null(i, 18)) v.status_message = std::string(r.text(i, 18));
    if (!r.is_null(i, 19)) v.status_changed_at = std::string(r.text(i, 19));
    return v;
}

bool provider_status(std::string_view s) {
    return s == "seen" || s == "shortlisted" || s == "invited" || s == "declined" || s == "hired";
}

// What the candidate reads about a status ("du").
const char* status_text(std::string_view s) {
    if (s == "seen") return "Der Jobanbieter hat sich deine Bewerbung angesehen.";
    if (s == "shortlisted") return "Du bist in der engeren Auswahl.";
    if (s == "invited") return "Der Jobanbieter möchte dich kennenlernen und lädt dich zu einem Gespräch ein.";
    if (s == "hired") return "Herzlichen Glückwunsch: Der Jobanbieter möchte dich für diesen Job einstellen!";
    return "Der Jobanbieter hat sich leider für andere Bewerberinnen und Bewerber entschieden.";
}

// The status mail is bounded (docs/decisions.md, "Mails one party makes Jobhafen send to
// another"): it waits applications.status_mail_delay_s, a newer status in that time replaces it
// (the candidate gets one mail with the latest word), and an application gets at most this many
// status mails a day. Three covers a real day (seen, invited, hired) without letting a provider
// flood a candidate with twelve mails of free text.
constexpr int status_mails_per_application_per_day = 3;

// What the provider reads about the candidate's mail ("Sie"); `first_name` may be empty.
std::string status_mail_notice(std::string_view outcome, std::string_view first_name) {
    std::string who = first_name.empty() ? std::string("die Bewerberin oder den Bewerber") : std::string(first_name);
    std::string whom = first_name.empty() ? std::string("die Bewerberin oder der Bewerber") : std::string(first_name);
    if (outcome == "queued")
        return "Wir benachrichtigen " + who + " in wenigen Minuten per E-Mail. Ändern Sie den Status bis dahin noch einmal, "
               "erhält " + whom + " nur eine E-Mail mit dem neuesten Stand.";
    if (outcome == "replaced")
        return "Die E-Mail an " + who + " ist noch nicht verschickt; sie enthält jetzt den neuesten Stand. Es bleibt bei einer E-Mail.";
    if (outcome == "limit")
        return "Der Status ist für " + who + " unter „Meine Bewerbungen“ sichtbar. Eine E-Mail senden wir heute nicht mehr: Zu "
               "dieser Bewerbung sind heute schon " + std::to_string(status_mails_per_application_per_day) +
               " E-Mails an " + who + " gegangen.";
    if (outcome == "no_address") return "Das Konto der Bewerberin oder des Bewerbers ist gelöscht; wir verschicken keine E-Mail.";
    if (outcome == "shown")
        return "„Gesehen“ ist für " + who + " unter „Meine Bewerbungen“ sichtbar; dafür senden wir keine E-Mail.";
    return "Der Status war bereits gesetzt; wir haben keine E-Mail verschickt.";
}

}  // namespace

// Active members of the organization and administrators (a candidate never gets here: the routes
// declare provider_or_admin). Another organization's applications are "not found", never 403: that
// would confirm that it exists.
task<result<void>> applications_actor::may_read_applications(const auth::identity& who, std::int64_t organization_id) {
    CO_CHECK(co_await refuse_blocked_organization(loop_, who));
    CO_TRY(auto allowed, co_await loop_.pg.read(
        "SELECT (jh_active_member_of($2) = $1 OR EXISTS (SELECT 1 FROM accounts m WHERE m.id = $2 AND m.role = 'admin')) "
        "   AND EXISTS (SELECT 1 FROM organizations WHERE id = $1)",
        pg::bind(organization_id, who.account_id)));
    if (!allowed.boolean(0, 0)) co_return fail(error_kind::not_found, msg_not_found);
    co_return result<void>{};
}

task<result<page_of<received_application>>> applications_actor::applications_of_organization(const auth::identity& who,
                                                                                            std::int64_t organization_id,
                                                                                            applicant_filter f) {
    CO_CHECK(check_filter(f));
    CO_CHECK(co_await may_read_applications(who, organization_id));
    page_of<received_application> out;
    out.page = f.page;
    out.items_per_page = f.per_page;
    CO_TRY(auto r, co_await loop_.pg.read(
        JH_RECEIVED_SELECT ", count(*) OVER (), (SELECT r.stars FROM application_ratings r "
        "   WHERE r.application_id = x.id AND r.organization_id = j.organization_id), " JH_RELIABILITY ", " JH_SOURCE JH_RECEIVED_FROM
        " WHERE j.organization_id = $1 AND x.forwarded_at IS NOT NULL "
        "   AND ($2::bigint IS NULL OR x.job_posting_id = $2) AND ($3::text IS NULL OR x.status::text = $3) "
        " ORDER BY x.created_at DESC, x.id DESC LIMIT $4 OFFSET $5",
        pg::bind(organization_id, f.job_id, f.status, f.per_page, static_cast<std::int64_t>(f.page - 1) * f.per_page)));
    for (int i = 0; i < r.rows(); ++i) {
        out.items.push_back(read_received(r, i));
        out.total = r.int64(i, 20);
        if (!r.is_null(i, 21)) out.items.back().rating = static_cast<int>(r.int64(i, 21));
        if (!r.is_null(i, 22)) out.items.back().reliability_json = std::string(r.text(i, 22));
        if (!r.is_null(i, 23)) out.items.back().source_json = std::string(r.text(i, 23));
    }
    co_return out;
}

task<result<received_application>> applications_actor::received(const auth::identity& who, std::int64_t id) {
    CO_CHECK(co_await refuse_blocked_organization(loop_, who));
    CO_TRY(auto r, co_await loop_.pg.query(
        JH_LOGGED_VIEW(JH_RECEIVED_SELECT ", " JH_RELEVANT_SEDCARD ", " JH_APPLICANT_DOCUMENTS ", " JH_RELIABILITY ", " JH_SOURCE, "", "", "*"),
        pg::bind(id, who.account_id)));
    if (r.rows() != 1) co_return fail(error_kind::not_found, msg_not_found);
    received_application v = read_received(r, 0);
    v.sedcard_json = std::string(r.text(0, 20));
    v.documents_json = std::string(r.text(0, 21));
    if (!r.is_null(0, 22)) v.reliability_json = std::string(r.text(0, 22));
    if (!r.is_null(0, 23)) v.source_json = std::string(r.text(0, 23));
    co_return v;
}

task<result<files::file_answer>> applications_actor::sedcard(const auth::identity& who, std::int64_t id,
                                                                std::string if_none_match) {
    CO_CHECK(co_await refuse_blocked_organization(loop_, who));
    // The view is logged before the PDF is made, so no PDF leaves without its entry.
    CO_TRY(auto r, co_await loop_.pg.query(JH_LOGGED_VIEW("SELECT p.id AS profile", "", " AND p.id IS NOT NULL", "profile"),
                                           pg::bind(id, who.account_id)));
    if (r.rows() != 1) co_return fail(error_kind::not_found, msg_not_found);
    co_return co_await profiles_.sedcard_pdf_for_provider(r.int64(0, 0), std::move(if_none_match));
}

task<result<files::file_answer>> applications_actor::document(const auth::identity& who, std::int64_t id,
                                                                 std::int64_t attachment_id) {
    CO_CHECK(co_await refuse_blocked_organization(loop_, who));
    CO_TRY(auto r, co_await loop_.pg.query(
        JH_LOGGED_VIEW("SELECT f.storage_key, f.content_type, f.file_name",
                       " JOIN profile_documents d ON d.profile_id = p.id "
                       " JOIN profile_document_attachments f ON f.document_id = d.id AND f.id = $3 ",
                       "", "storage_key, content_type, file_name"),
        pg::bind(id, who.account_id, attachment_id)));
    if (r.rows() != 1) co_return fail(error_kind::not_found, msg_not_found);
    co_return files::file_answer{std::string(r.text(0, 1)), {}, std::string(r.text(0, 2)), false,
                                    media::media_path(loop_.cfg.var_dir, r.text(0, 0))};
}

task<result<std::vector<source_count>>> applications_actor::application_sources(const auth::identity& who,
                                                                              std::int64_t organization_id,
                                                                              std::optional<std::int64_t> job_id) {
    CO_CHECK(co_await may_read_applications(who, organization_id));
    // The applications the organization has (forwarded: a held one is not there yet), anonymized
    // ones too: the source names nobody. Before sources were recorded: "Nicht erfasst".
    CO_TRY(auto r, co_await loop_.pg.read(
        "SELECT j.id, j.title, coalesce(x.source_label, 'Nicht erfasst'), count(*) "
        "  FROM applications x JOIN job_postings j ON j.id = x.job_posting_id "
        " WHERE j.organization_id = $1 AND x.forwarded_at IS NOT NULL AND ($2::bigint IS NULL OR j.id = $2) "
        " GROUP BY 1, 2, 3 ORDER BY j.id DESC, count(*) DESC, 3 LIMIT 2000",
        pg::bind(organization_id, job_id)));
    std::vector<source_count> out;
    for (int i = 0; i < r.rows(); ++i)
        out.push_back({r.int64(i, 0), std::string(r.text(i, 1)), std::string(r.text(i, 2)), r.int64(i, 3)});
    co_return out;
}

task<result<organization_counters>> applications_actor::organization_dashboard(const auth::identity& who,
                                                                               std::int64_t organization_id) {
    CO_CHECK(co_await may_read_applications(who, organization_id));
    // Job views are the server's own count of the job pages' views (migrations/0183, no cookie
    // needed), over the same 30 days as the job list's column (jh_job_views_last_30_days).
    CO_TRY(auto r, co_await loop_.pg.read(
        "WITH jobs AS (SELECT id FROM job_postings WHERE organization_id = $1) "
        "SELECT (SELECT count(*) FROM applications x JOIN jobs ON jobs.id = x.job_posting_id "
        "         WHERE x.status = 'sent' AND x.forwarded_at IS NOT NULL), "
        "       (SELECT coalesce(sum(jh_job_views_last_30_days(jobs.id)), 0) FROM jobs)",
        pg::bind(organization_id)));
    organization_counters c;
    c.new_applications = r.int64(0, 0);
    c.job_views_30_days = r.int64(0, 1);
    co_return c;
}

// The status a list is filtered by: any an application can have.
result<void> applications_actor::check_filter(const applicant_filter& f) {
    if (f.status && !provider_status(*f.status) && *f.status != "sent" && *f.status != "accepted")
        return invalid("status", "Bitte wählen Sie einen gültigen Status.");
    return {};
}

// The status and message a provider sends, checked before any application is touched (one
// place for the single change and the bulk change).
result<void> applications_actor::check_review(const std::string& status, std::string& message) {
    std::vector<violation> v;
    if (!provider_status(status))
        v.push_back({"status", "Bitte wählen Sie einen Status: gesehen, engere Auswahl, eingeladen, abgesagt oder eingestellt."});
    message = std::string(forms::trim_ascii(message));
    if (utf8_length(message) > 2000) v.push_back({"message", too_long_message(2000)});
    if (!v.empty()) return std::unexpected(app_error::invalid(std::move(v)));
    return {};
}

task<result<received_application>> applications_actor::review(const auth::identity& who, std::int64_t id, std::string status,
                                                               std::string message) {
    CO_CHECK(co_await refuse_blocked_organization(loop_, who));
    CO_CHECK(check_review(status, message));
    co_return co_await pg::in_transaction(loop_.pg, [&](pg::transaction& tx) -> task<result<received_application>> {
        CO_TRY(auto out, co_await review_in(tx, who, id, status, message));
        CO_CHECK(co_await tx.commit());
        job_queue::wake(loop_, messages::queue::mail);
        co_return out;
    });
}

task<result<received_application>> applications_actor::review_in(pg::transaction& tx, const auth::identity& who, std::int64_t id,
                                                                  const std::string& status, const std::string& message) {
    // A message is an entry of the conversation and counts against its caps (add_message): the
    // writer's lock comes before the application's row, as on every path that writes a message.
    if (!message.empty()) CO_CHECK(co_await lock_writer(tx, who.account_id));
    CO_TRY(auto changed, co_await tx.query(
        "WITH old AS (SELECT x.id, x.status FROM applications x JOIN job_postings j ON j.id = x.job_posting_id "
        "              WHERE x.id = $1 AND x.forwarded_at IS NOT NULL AND" JH_MAY_SEE_JOB " FOR UPDATE OF x) "
        "UPDATE applications x SET status = $3::application_status, status_message = nullif($4, ''), "
        "       status_changed_at = now(), updated_at = now() "
        "  FROM old WHERE x.id = old.id RETURNING old.status::text",
        pg::bind(id, who.account_id, status, message)));
    if (changed.rows() != 1) co_return fail(error_kind::not_found, msg_not_found);
    // A status with a message is an entry of the application's conversation (application_messages.cpp),
    // bounded like a plain message: over the cap the change is refused (429) and the status can be
    // set without a message.
    if (!message.empty()) CO_CHECK(co_await add_message(tx, id, "provider", who.account_id, message, status));
    CO_TRY(auto r, co_await tx.query(JH_RECEIVED_SELECT ", " JH_SOURCE JH_RECEIVED_FROM " WHERE x.id = $1", pg::bind(id)));
    received_application out = read_received(r, 0);
    if (!r.is_null(0, 20)) out.source_json = std::string(r.text(0, 20));
    // The candidate hears of every change, and of every message; a deleted candidate has no address.
    // "Gesehen" alone is shown, not mailed: opening an application sets it, and a mail for that
    // would spend one of the day's status mails the provider's real answer needs (issue 41).
    const bool changed_status = changed.text(0, 0) != status;
    const bool shown_only = status == "seen" && message.empty();
    std::string outcome = out.email.empty() ? "no_address" : shown_only && changed_status ? "shown" : "none";
    if ((changed_status || !message.empty()) && !out.email.empty() && !shown_only) {
        CO_TRY(auto queued, co_await queue_status_mail(tx, out, status_text(status), message));
        outcome = queued;
    }
    out.status_mail_notice = status_mail_notice(outcome, out.first_name);
    out.status_mail = outcome == "no_address" || outcome == "shown" ? "none" : outcome;
    co_return out;
}

// The candidate's status mail in the application's slots of today: replaces a mail that is still
// waiting, else takes a free slot with the delay, else none ("limit"). A plain message of the
// conversation takes the same slots (application_messages.cpp), so both together stay bounded.
task<result<std::string>> applications_actor::queue_status_mail(pg::transaction& tx, const received_application& out,
                                                                const std::string& status_text, const std::string& message) {
    const application_view& a = out.application;
    mail_data d{{"first_name", out.first_name.empty() ? std::string("zusammen") : out.first_name},
                {"job_title", a.job_title},
                {"organization_name", a.organization_name},
                {"status_text", status_text},
                {"message", message.empty() ? std::string() : "Nachricht von " + a.organization_name + ":\n\n" + message + "\n"},
                {"applications_link", loop_.cfg.http_public_origin + "/meine-bewerbungen"}};
    std::string payload = messages::mail_payload(messages::mail_template::application_status, out.email,
                                                 full_name(out.first_name, out.last_name), d);
    std::string prefix = "application_status:" + std::to_string(a.id) + ":" + job_queue::utc_day() + ":";
    auto due = std::chrono::system_clock::now() + std::chrono::seconds(section<applications_settings>(loop_.cfg).status_mail_delay_s);
    CO_TRY(auto outcome, co_await job_queue::enqueue_in_slots(tx, messages::queue::mail, payload, prefix,
                                                              status_mails_per_application_per_day, true, due));
    switch (outcome) {
        case job_queue::slot_outcome::queued: co_return std::string("queued");
        case job_queue::slot_outcome::replaced: co_return std::string("replaced");
        case job_queue::slot_outcome::full: break;
    }
    co_return std::string("limit");
}

// ---- dashboard -----------------------------------------------------------------------------------

namespace {

// The dashboard's counters of candidate $1 in one statement, each an index lookup on the
// candidate's rows: applications, favourites, logins, coins (all, this and last Berlin month),
// and when the account, the sedcard and its images last changed and the candidate last logged in.
constexpr const char* dashboard_sql =
    "WITH m AS (SELECT date_trunc('month', now() AT TIME ZONE 'Europe/Berlin') AT TIME ZONE 'Europe/Berlin' AS this_month, "
    "                  (date_trunc('month', now() AT TIME ZONE 'Europe/Berlin') - interval '1 month') "
    "                      AT TIME ZONE 'Europe/Berlin' AS last_month) "
    "SELECT (SELECT count(*) FROM applications WHERE candidate_account_id = a.id), "
    "       (SELECT count(*) FROM favorites WHERE candidate_account_id = a.id), "
    "       a.num_logins, "
    "       c.total, c.this_month, c.last_month, "
    "       to_json(a.created_at) #>> '{}', to_json(p.updated_at) #>> '{}', to_json(p.images_updated_at) #>> '{}', "
    "       to_json(a.last_login_at) #>> '{}' "
    "  FROM accounts a LEFT JOIN candidate_profiles p ON p.account_id = a.id CROSS JOIN m "
    "  CROSS JOIN LATERAL (SELECT coalesce(sum(l.amount), 0) AS total, "
    "                             coalesce(sum(l.amount) FILTER (WHERE l.created_at >= m.this_month), 0) AS this_month, "
    "                             coalesce(sum(l.amount) FILTER (WHERE l.created_at >= m.last_month "
    "                                                              AND l.created_at < m.this_month), 0) AS last_month "
    "                        FROM pb_coin_ledger l WHERE l.account_id = a.id) AS c "
    " WHERE a.id = $1";

}  // namespace

task<result<counters>> applications_actor::dashboard(const auth::identity& who, std::int64_t account_id) {
    if (account_id != who.account_id) co_return fail(error_kind::not_found, msg_not_found);
    CO_TRY(auto r, co_await loop_.pg.read(dashboard_sql, pg::bind(account_id)));
    if (r.rows() != 1) co_return fail(error_kind::not_found, msg_not_found);
    counters c;
    read_columns(r, 0, 0, c, &counters::applications, &counters::favorites, &counters::num_logins, &counters::coins_total,
                 &counters::coins_current_month, &counters::coins_last_month, &counters::created, &counters::last_data_update,
                 &counters::last_image_update, &counters::last_login);
    co_return c;
}

}  // namespace jh
