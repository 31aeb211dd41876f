// applications.cpp: applying to a job (also together with registering), the candidate's list of
// applications, and the application status a provider sets. See docs/candidate-actions.md.
#include <spdlog/spdlog.h>

#include "actors/accounts/accounts_actor.h"
#include "actors/candidate_actions/actions_common.h"
#include "actors/candidate_actions/candidate_actions_actor.h"
#include "actors/profiles/profiles_actor.h"
#include "actors/accounts/session_store.h"
#include "reactor/config.h"
#include "reactor/http_client.h"
#include "reactor/job_queue.h"
#include "reactor/loop_context.h"

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

// KEYS[1]: the candidate's window. ARGV: now ms, window ms, limit, member. Drops what left the
// window, then records the application only when fewer than `limit` remain: one script, so
// parallel requests cannot both see room for the last place.
constexpr std::string_view apply_window_script = R"lua(
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
)lua";

std::string window_key(std::int64_t account) { return "apply:win:" + std::to_string(account); }

std::int64_t now_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

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
        mail_data d{{"contact_name", c.provider_name.empty() ? std::string("zusammen") : c.provider_name},
                    {"job_title", c.job_title},
                    {"candidate_name", candidate.empty() ? c.email : candidate},
                    {"candidate_email", c.email},
                    {"locations", c.location_names.empty() ? std::string("keine Angabe") : c.location_names},
                    {"notes", notes.empty() ? std::string("(kein Anschreiben)") : notes},
                    {"job_link", job_link}};
        jobs.emplace_back("application_provider:" + std::to_string(application_id),
                          mail_payload("application_provider", c.provider_email, c.provider_name, d));
    } else {
        spdlog::warn("application {}: job has no contact address; the provider sees it in the portal only", application_id);
    }
    mail_data d{{"first_name", c.first_name.empty() ? std::string("zusammen") : c.first_name},
                {"job_title", c.job_title},
                {"organization_name", c.organization_name},
                {"job_link", job_link},
                {"applications_link", cfg.http_public_origin + "/meine-bewerbungen"}};
    jobs.emplace_back("application_candidate:" + std::to_string(application_id),
                      mail_payload("application_candidate", c.email, candidate, d));
    for (auto& [key, payload] : jobs) {
        if (held) {
            auto r = co_await tx.query(
                "INSERT INTO held_queue_jobs (account_id, kind, payload, idempotency_key, application_id) "
                "VALUES ($1, 'mail', $2::jsonb, $3, $4) ON CONFLICT (idempotency_key) DO NOTHING",
                P(account_id, payload, key, application_id));
            if (!r) co_return db_fail(r.error());
        } else {
            auto r = co_await job_queue::enqueue(tx, "mail", payload, key);
            if (!r) co_return db_fail(r.error());
        }
    }
    co_return result<void>{};
}

constexpr std::string_view insert_application_sql =
    "INSERT INTO applications (job_posting_id, candidate_account_id, notes, location_ids, forwarded_at) "
    "VALUES ($1, $2, $3, $4::bigint[], CASE WHEN $5::boolean THEN now() END) "
    "ON CONFLICT ON CONSTRAINT applications_job_candidate_key DO NOTHING RETURNING id";

#define JH_APPLICATION_SELECT \
    "SELECT x.id, x.job_posting_id, j.slug, j.title, o.id, o.name, x.notes, x.status::text, " \
    "       to_json(x.created_at) #>> '{}', to_json(x.updated_at) #>> '{}', x.forwarded_at IS NOT NULL, " \
    "       (SELECT coalesce(json_agg(json_build_object('@id', '/api/job_posting_locations/' || l.id, 'id', l.id, " \
    "               'city', l.city, 'name', l.name) ORDER BY l.sort_order, l.id), '[]')::text " \
    "          FROM job_posting_locations l WHERE l.id = ANY (x.location_ids)) "
#define JH_APPLICATION_FROM \
    "  FROM applications x JOIN job_postings j ON j.id = x.job_posting_id JOIN organizations o ON o.id = j.organization_id "
constexpr const char* application_by_id_sql = JH_APPLICATION_SELECT JH_APPLICATION_FROM " WHERE x.id = $1";

application_view read_application(const pg::result_set& r, int i) {
    application_view a;
    a.id = r.int64(i, 0);
    a.job_id = r.int64(i, 1);
    a.job_slug = std::string(r.text(i, 2));
    a.job_title = std::string(r.text(i, 3));
    a.organization_id = r.int64(i, 4);
    a.organization_name = std::string(r.text(i, 5));
    a.notes = std::string(r.text(i, 6));
    a.status = std::string(r.text(i, 7));
    a.created_at = std::string(r.text(i, 8));
    a.updated_at = std::string(r.text(i, 9));
    a.forwarded = r.boolean(i, 10);
    a.locations_json = std::string(r.text(i, 11));
    return a;
}

}  // namespace

candidate_actions_actor::candidate_actions_actor(loop_context& loop, accounts::accounts_actor& accounts)
    : loop_(loop), accounts_(accounts), hash_pool_(loop.uv, 2, 64) {}
candidate_actions_actor::~candidate_actions_actor() = default;

task<result<application_view>> candidate_actions_actor::apply(const auth::identity& who, application_request req) {
    if (who.account_role != auth::role::candidate) co_return fail(error_kind::forbidden, "Nur Bewerberinnen und Bewerber können sich bewerben.");
    if (req.notes.size() > 5000) co_return invalid("notes", "Dein Anschreiben darf höchstens 5000 Zeichen lang sein.");
    if (req.bad_locations || req.locations.size() > 100) co_return invalid("locations", msg_location);
    std::string locations = int_array(req.locations);
    auto ctx = co_await loop_.pg.query(context_sql, P(who.account_id, req.job_id, locations));
    if (!ctx) co_return db_fail(ctx.error());
    apply_context c = read_context(*ctx);
    if (!c.account_found) co_return fail(error_kind::unauthorized, "Bitte melde dich an.");
    if (!c.job_found) co_return fail(error_kind::not_found, msg_job_not_found);
    if (!c.job_live) co_return fail(error_kind::gone, msg_inactive);
    if (!c.verified) co_return fail(error_kind::forbidden, msg_unverified);
    if (!c.relevant) co_return invalid("hasRelevantDataForApplication", msg_incomplete);
    if (c.foreign_locations > 0) co_return invalid("locations", msg_location);
    if (c.already) co_return fail(error_kind::conflict, msg_already_applied);

    // The limit: this application takes a place in the window now, and gives it back if it is
    // not stored after all.
    std::string member = auth::random_token(12);
    std::vector<std::string> keys{window_key(who.account_id)};
    std::vector<std::string> args{std::to_string(now_ms()), std::to_string(apply_window_s * 1000LL), std::to_string(apply_limit), member};
    auto slot = co_await accounts::eval_script(loop_.redis, apply_window_script, std::move(keys), std::move(args));
    if (!slot) co_return std::unexpected(slot.error());
    if (slot->integer != 1) co_return fail(error_kind::too_many_requests, msg_limit);

    auto give_back = [this, account = who.account_id, member]() -> task<void> {
        std::vector<std::string> cmd{"ZREM", window_key(account), member};
        auto r = co_await loop_.redis.command(std::move(cmd));
        (void)r;
    };
    auto store = [&]() -> task<result<std::int64_t>> {
        auto tx = co_await loop_.pg.begin();
        if (!tx) co_return db_fail(tx.error());
        auto ins = co_await tx->query(insert_application_sql, P(req.job_id, who.account_id, req.notes, locations, true));
        if (!ins) {
            if (ins.error().sqlstate == "23514") co_return invalid("locations", msg_location);
            co_return db_fail(ins.error());
        }
        if (ins->rows() == 0) co_return fail(error_kind::conflict, msg_already_applied);
        std::int64_t id = ins->int64(0, 0);
        auto mails = co_await queue_application_mails(*tx, loop_.cfg, who.account_id, id, c, req.notes, false);
        if (!mails) co_return std::unexpected(mails.error());
        auto committed = co_await tx->commit();
        if (!committed) co_return db_fail(committed.error());
        co_return id;
    };
    auto stored = co_await store();
    if (!stored) {
        co_await give_back();
        co_return std::unexpected(stored.error());
    }
    job_queue::wake(loop_, "mail");
    auto r = co_await loop_.pg.query(application_by_id_sql, P(*stored));
    if (!r) co_return db_fail(r.error());
    co_return read_application(*r, 0);
}

// The languages of a registration together with an application as the sedcard's `languages`
// list, after checking every code against the languages table (what the profile rules accept).
task<result<std::string>> candidate_actions_actor::known_languages(const std::vector<std::pair<std::string, std::string>>& languages) {
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
    auto r = co_await loop_.pg.query("SELECT code FROM languages WHERE code = ANY($1::text[])", P(codes));
    if (!r) co_return db_fail(r.error());
    for (std::size_t i = 0; i < languages.size(); ++i) {
        bool known = false;
        for (int row = 0; row < r->rows(); ++row) known = known || r->text(row, 0) == languages[i].first;
        if (!known) co_return invalid("languages[" + std::to_string(i) + "].language", "Bitte wähle eine Sprache aus der Liste.");
    }
    co_return list;
}

namespace {
task<result<void>> store_languages(pg::transaction& tx, std::int64_t account, const std::string& list) {
    auto p = co_await tx.query(
        "UPDATE candidate_profiles SET sedcard = jsonb_set(sedcard, '{languages}', $2::jsonb) WHERE account_id = $1 RETURNING id",
        P(account, list));
    if (!p) co_return db_fail(p.error());
    if (p->rows() != 1) co_return result<void>{};
    co_return co_await profiles::recompute_completeness(tx, p->int64(0, 0));
}
}  // namespace

task<result<void>> candidate_actions_actor::register_and_apply(accounts::registration reg, application_request req) {
    if (req.notes.size() > 5000) co_return invalid("notes", "Dein Anschreiben darf höchstens 5000 Zeichen lang sein.");
    if (req.bad_locations || req.locations.size() > 100) co_return invalid("locations", msg_location);
    std::string locations = int_array(req.locations);
    // The job first: no account is made for a job that cannot be applied to.
    std::int64_t nobody = 0;
    auto ctx = co_await loop_.pg.query(context_sql, P(nobody, req.job_id, locations));
    if (!ctx) co_return db_fail(ctx.error());
    apply_context c = read_context(*ctx);
    if (!c.job_found) co_return fail(error_kind::not_found, msg_job_not_found);
    if (!c.job_live) co_return fail(error_kind::gone, msg_inactive);
    if (c.foreign_locations > 0) co_return invalid("locations", msg_location);
    auto languages = co_await known_languages(req.languages);
    if (!languages) co_return std::unexpected(languages.error());

    auto application_id = std::make_shared<std::int64_t>(0);
    const config& cfg = loop_.cfg;
    reg.in_transaction = [c, req, locations, application_id, &cfg, language_list = std::move(*languages)](pg::transaction& tx, std::int64_t account) mutable -> task<result<void>> {
        auto ins = co_await tx.query(insert_application_sql, P(req.job_id, account, req.notes, locations, false));
        if (!ins) co_return db_fail(ins.error());
        if (ins->rows() != 1) co_return fail(error_kind::conflict, msg_already_applied);
        *application_id = ins->int64(0, 0);
        auto who = co_await tx.query("SELECT a.email, p.first_name, p.last_name FROM accounts a JOIN candidate_profiles p "
                                     "ON p.account_id = a.id WHERE a.id = $1",
                                     P(account));
        if (!who) co_return db_fail(who.error());
        c.email = std::string(who->text(0, 0));
        c.first_name = std::string(who->text(0, 1));
        c.last_name = std::string(who->text(0, 2));
        auto stored = co_await store_languages(tx, account, language_list);
        if (!stored) co_return std::unexpected(stored.error());
        co_return co_await queue_application_mails(tx, cfg, account, *application_id, c, req.notes, true);
    };
    co_return co_await accounts_.register_candidate(std::move(reg));
}

task<result<page_of<application_view>>> candidate_actions_actor::my_applications(const auth::identity& who, int page, int per_page) {
    page_of<application_view> out;
    out.page = page;
    out.items_per_page = per_page;
    auto r = co_await loop_.pg.query(
        JH_APPLICATION_SELECT ", count(*) OVER () " JH_APPLICATION_FROM
        " WHERE x.candidate_account_id = $1 "
        " ORDER BY x.created_at DESC, x.id DESC LIMIT $2 OFFSET $3",
        P(who.account_id, per_page, (page - 1) * per_page));
    if (!r) co_return db_fail(r.error());
    for (int i = 0; i < r->rows(); ++i) out.items.push_back(read_application(*r, i));
    if (r->rows() > 0) {
        out.total = r->int64(0, 12);
    } else if (page > 1) {
        auto n = co_await loop_.pg.query("SELECT count(*) FROM applications WHERE candidate_account_id = $1", P(who.account_id));
        if (!n) co_return db_fail(n.error());
        out.total = n->int64(0, 0);
    }
    co_return out;
}

task<result<application_view>> candidate_actions_actor::set_application_status(const auth::identity& who, std::int64_t id,
                                                                               std::string status) {
    if (status != "sent" && status != "seen" && status != "accepted" && status != "declined")
        co_return invalid("status", "Der Status muss sent, seen, accepted oder declined sein.");
    if (who.account_role == auth::role::candidate) co_return fail(error_kind::forbidden, "Das dürfen nur Jobanbieter.");
    // An administrator may set any status; an active member (confirmed, organization approved:
    // jh_active_member_of, migration 0050) only for its own organization's jobs.
    auto r = co_await loop_.pg.query(
        "UPDATE applications x SET status = $2::application_status FROM job_postings j, accounts a "
        " WHERE x.id = $1 AND j.id = x.job_posting_id AND a.id = $3 "
        "   AND (a.role = 'admin' OR jh_active_member_of(a.id) = j.organization_id) "
        "RETURNING x.id",
        P(id, status, who.account_id));
    if (!r) co_return db_fail(r.error());
    if (r->rows() != 1) co_return fail(error_kind::not_found, msg_not_found);
    auto v = co_await loop_.pg.query(application_by_id_sql, P(id));
    if (!v) co_return db_fail(v.error());
    co_return read_application(*v, 0);
}

// ---- favourites ----------------------------------------------------------------------------------

task<result<bool>> candidate_actions_actor::favor(const auth::identity& who, std::int64_t job_id, bool automatic) {
    // Favouring twice is one favourite; a job the candidate marked stays "not automatic".
    auto r = co_await loop_.pg.query(
        "WITH j AS (SELECT id FROM job_postings WHERE id = $2 AND is_published) "
        "INSERT INTO favorites (candidate_account_id, job_posting_id, auto) SELECT $1, id, $3 FROM j "
        "ON CONFLICT (candidate_account_id, job_posting_id) DO UPDATE SET auto = favorites.auto AND excluded.auto "
        "RETURNING (xmax = 0)",
        P(who.account_id, job_id, automatic));
    if (!r) co_return db_fail(r.error());
    if (r->rows() != 1) co_return fail(error_kind::not_found, msg_job_not_found);
    co_return r->boolean(0, 0);
}

task<result<void>> candidate_actions_actor::unfavor(const auth::identity& who, std::int64_t job_id) {
    auto r = co_await loop_.pg.query("DELETE FROM favorites WHERE candidate_account_id = $1 AND job_posting_id = $2",
                                     P(who.account_id, job_id));
    if (!r) co_return db_fail(r.error());
    co_return result<void>{};
}

task<result<page_of<favorite_view>>> candidate_actions_actor::my_favorites(const auth::identity& who, int page, int per_page) {
    page_of<favorite_view> out;
    out.page = page;
    out.items_per_page = per_page;
    auto r = co_await loop_.pg.query(
        "SELECT f.job_posting_id, j.slug, j.title, o.id, o.name, to_json(f.created_at) #>> '{}', f.auto, "
        "       j.is_published AND j.active AND (j.valid_through IS NULL OR j.valid_through > now()), "
        "       (SELECT count(*) FROM favorites c WHERE c.candidate_account_id = $1) "
        "  FROM favorites f JOIN job_postings j ON j.id = f.job_posting_id JOIN organizations o ON o.id = j.organization_id "
        " WHERE f.candidate_account_id = $1 ORDER BY f.created_at DESC, f.job_posting_id DESC LIMIT $2 OFFSET $3",
        P(who.account_id, per_page, (page - 1) * per_page));
    if (!r) co_return db_fail(r.error());
    for (int i = 0; i < r->rows(); ++i) {
        favorite_view f;
        f.job_id = r->int64(i, 0);
        f.job_slug = std::string(r->text(i, 1));
        f.job_title = std::string(r->text(i, 2));
        f.organization_id = r->int64(i, 3);
        f.organization_name = std::string(r->text(i, 4));
        f.created_at = std::string(r->text(i, 5));
        f.automatic = r->boolean(i, 6);
        f.job_live = r->boolean(i, 7);
        out.total = r->int64(i, 8);
        out.items.push_back(std::move(f));
    }
    co_return out;
}

// ---- dashboard -----------------------------------------------------------------------------------

task<result<counters>> candidate_actions_actor::dashboard(const auth::identity& who, std::int64_t account_id) {
    if (account_id != who.account_id) co_return fail(error_kind::not_found, msg_not_found);
    // One statement: each counter is an index lookup on the candidate's rows.
    auto r = co_await loop_.pg.query(
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
        " WHERE a.id = $1",
        P(account_id));
    if (!r) co_return db_fail(r.error());
    if (r->rows() != 1) co_return fail(error_kind::not_found, msg_not_found);
    counters c;
    c.applications = r->int64(0, 0);
    c.favorites = r->int64(0, 1);
    c.num_logins = r->int64(0, 2);
    c.coins_total = r->int64(0, 3);
    c.coins_current_month = r->int64(0, 4);
    c.coins_last_month = r->int64(0, 5);
    c.created = std::string(r->text(0, 6));
    if (!r->is_null(0, 7)) c.last_data_update = std::string(r->text(0, 7));
    if (!r->is_null(0, 8)) c.last_image_update = std::string(r->text(0, 8));
    if (!r->is_null(0, 9)) c.last_login = std::string(r->text(0, 9));
    co_return c;
}

}  // namespace jh
