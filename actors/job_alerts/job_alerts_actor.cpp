// job_alerts_actor.cpp: job alerts as the candidate manages them: create (double opt-in mail), update,
// delete, confirm, pause, unpause, list, one-click unsubscribe. The filter is the job search's
// query string (search/job_filter.h), stored as given and resolved into columns that the
// alerts worker (workers/alerts/) matches in one SQL statement for all due alerts.
#include "actors/job_alerts/job_alerts_actor.h"

#include "actors/form_text.h"
#include "actors/actions_common.h"
#include "actors/pg_columns.h"
#include "actors/pg_rows.h"
#include "reactor/config.h"
#include "messages/queue.h"
#include "reactor/job_queue.h"
#include "reactor/loop_context.h"
#include "reactor/pg_bind.h"
#include "reactor/try.h"
#include "search/job_filter.h"
#include "search/query_values.h"

namespace jh {

using namespace actions;

namespace {

const char* const msg_interval = "Bitte wähle ein gültiges Intervall: stündlich, alle 4 Stunden, täglich oder wöchentlich.";
const char* const msg_alert_not_found = "Diesen Job-Alert gibt es nicht.";

// The filter resolved into the alert's columns (NULL = not filtered by that).
struct resolved_filter {
    std::string normalized;                                    // the query string as stored
    std::optional<std::string> q;
    std::optional<std::string> activities, employment_types, industries;   // text[] literals of slugs/ids
    std::optional<std::string> job_type, city;
    std::optional<double> lat, lon;
    std::optional<int> radius_m;
    std::optional<std::int64_t> organization_id;
    std::optional<bool> top_job, instant_teaser_job, top_offer, sponsored, opportunity;   // as given, true or false
    std::optional<std::string> shifts_from, shifts_to;         // YYYY-MM-DD: a free shift dated within
};

std::optional<std::string> text_array(const std::optional<std::vector<std::string>>& v) {
    if (!v) return std::nullopt;
    std::string s = "{";
    for (std::size_t i = 0; i < v->size(); ++i) {
        if (i) s += ',';
        s += (*v)[i];   // slugs or ids: [a-z0-9-] only (checked by parse_job_filter)
    }
    return s + "}";
}

// Reads the search filter with the job search's own decoder (search/job_filter.h), so an alert means what the search
// showed. Bad input and an empty filter are 422 on searchFilter.
result<resolved_filter> resolve(const std::string& query_string) {
    if (query_string.size() > 4000) return invalid("searchFilter", "Der Suchfilter ist zu lang.");
    std::string qs = query_string;
    if (!qs.empty() && qs.front() == '?') qs.erase(0, 1);
    auto f = search::parse_job_filter(qs);
    if (!f) return invalid("searchFilter", f.error());
    auto narrows = [](std::optional<bool> b) { return b && *b; };   // a flag set to 0 alone lists nearly every job
    bool empty = !f->q && !f->activities && !f->employment_types && !f->industries && !f->job_type && !f->has_place() &&
                 !f->organization_id && !narrows(f->top_job) && !narrows(f->instant_teaser_job) && !narrows(f->top_offer) &&
                 !narrows(f->sponsored) && !narrows(f->opportunity) && !f->shifts_from && !f->shifts_to;
    if (empty)
        return invalid("searchFilter", "Ein leerer Filter kann nicht als Job-Alert gespeichert werden. "
                                       "Bitte wähle mindestens einen Suchfilter aus.");
    resolved_filter r;
    r.normalized = qs;
    r.q = f->q;
    r.activities = text_array(f->activities);
    r.employment_types = text_array(f->employment_types);
    r.industries = text_array(f->industries);
    r.job_type = f->job_type;
    r.city = f->city;
    r.lat = f->lat;
    r.lon = f->lon;
    r.radius_m = f->radius_m;
    r.organization_id = f->organization_id;
    // Flags as given: top_job=0 lists only jobs that are not top jobs, in the search and the alert.
    r.top_job = f->top_job;
    r.instant_teaser_job = f->instant_teaser_job;
    r.top_offer = f->top_offer;
    r.sponsored = f->sponsored;
    r.opportunity = f->opportunity;
    if (f->shifts_from) r.shifts_from = search::date_text(*f->shifts_from);
    if (f->shifts_to) r.shifts_to = search::date_text(*f->shifts_to);
    return r;
}

bool valid_interval(const std::string& i) { return i == "hourly" || i == "four_hourly" || i == "daily" || i == "weekly"; }

#define JH_ALERT_COLUMNS                                                                                         \
    "a.id, a.account_id, a.title, a.interval::text, a.search_query, to_json(a.created_at) #>> '{}', "          \
    "a.confirmed_at IS NOT NULL, a.paused, to_json(a.confirmed_at) #>> '{}', to_json(a.last_sent_at) #>> '{}', " \
    "to_json(a.next_run_at) #>> '{}' "

// The columns of JH_ALERT_COLUMNS, in order.
alert_view read_alert(const pg::result_set& r, int i) {
    alert_view a;
    read_columns(r, i, 0, a, &alert_view::id, &alert_view::account_id, &alert_view::title, &alert_view::interval,
                 &alert_view::search_query, &alert_view::created_at, &alert_view::confirmed, &alert_view::paused,
                 &alert_view::confirmed_at, &alert_view::last_sent_at, &alert_view::next_run_at);
    return a;
}

// The resolved columns, as one set of parameters $3.. for both INSERT and UPDATE.
constexpr const char* filter_values =
    "$3, $4, CASE WHEN $5::text[] IS NULL THEN NULL ELSE jh_activity_ids($5::text[]) END, "
    "CASE WHEN $6::text[] IS NULL THEN NULL ELSE jh_employment_type_ids($6::text[]) END, "
    "CASE WHEN $7::text[] IS NULL THEN NULL ELSE jh_industry_ids($7::text[]) END, "
    "(SELECT t.activity_ids FROM job_types t WHERE t.slug = $8), (SELECT t.employment_type_ids FROM job_types t WHERE t.slug = $8), "
    "$9::float8, $10::float8, $11::integer, $12::bigint, $13::boolean, $14::boolean, $15::boolean, $16::boolean, "
    "$17::boolean";

void add_filter_params(pg::params& p, const resolved_filter& f) {
    p.add(f.normalized).add(f.q).add(f.activities).add(f.employment_types).add(f.industries).add(f.job_type);
    p.add(f.lat).add(f.lon).add(f.radius_m).add(f.organization_id);
    p.add(f.top_job).add(f.top_offer).add(f.sponsored).add(f.opportunity).add(f.instant_teaser_job);
}

}  // namespace

// A city slug becomes coordinates here (the most populous place of that name, as the search).
static task<result<void>> locate_city(loop_context& loop, resolved_filter& f) {
    if (!f.city) co_return result<void>{};
    CO_TRY(auto r, co_await loop.pg.read(
        "SELECT lat, lon FROM places WHERE slug = $1::text AND country IN ('de', 'at', 'ch') ORDER BY population DESC, id LIMIT 1",
        pg::bind(*f.city)));
    if (r.rows() == 0) co_return invalid("searchFilter", "Diesen Ort kennen wir nicht.");
    f.lat = r.number(0, 0);
    f.lon = r.number(0, 1);
    co_return result<void>{};
}

job_alerts_actor::job_alerts_actor(loop_context& loop) : loop_(loop) {}

task<result<alert_view>> job_alerts_actor::create_alert(const auth::identity& who, alert_input in, std::string client_ip) {
    std::vector<violation> v;
    std::string title(in.title ? std::string(forms::trim_ascii(*in.title)) : std::string());
    if (title.empty()) v.push_back({"title", msg_required});
    else if (title.size() > 200) v.push_back({"title", "Der Titel darf höchstens 200 Zeichen lang sein."});
    std::string interval = in.interval.value_or("daily");
    if (!valid_interval(interval)) v.push_back({"interval", msg_interval});
    auto f = resolve(in.search_query.value_or(""));
    if (!f) v.push_back(f.error().violations.front());
    if (!v.empty()) co_return std::unexpected(app_error::invalid(std::move(v)));
    CO_CHECK(co_await locate_city(loop_, *f));

    std::string token = auth::random_token(32);
    std::string unsubscribe = auth::random_token(32);
    co_return co_await pg::in_transaction(loop_.pg, [&](pg::transaction& tx) -> task<result<alert_view>> {
        pg::params p;
        p.add(who.account_id).add(title);
        add_filter_params(p, *f);
        p.add(interval).add(auth::sha256_hex(token)).add(client_ip).add(alert_consent_version).add(unsubscribe);
        p.add(f->shifts_from).add(f->shifts_to);
        static const std::string insert_sql =
            std::string("INSERT INTO job_alerts AS a (account_id, title, search_query, q, activity_ids, employment_type_ids, industry_ids, "
                        "type_activity_ids, type_employment_ids, lat, lon, radius_m, organization_id, top_job, top_offer, sponsored, "
                        "opportunity, instant_teaser_job, interval, confirm_token_hash, consent_ip, consent_text_version, "
                        "unsubscribe_token, shifts_from, shifts_to) "
                        "SELECT $1, $2, ") +
            filter_values +
            ", $18::job_alert_interval, $19, $20, $21, $22, $23::date, $24::date "
            "RETURNING " JH_ALERT_COLUMNS;
        CO_TRY(auto ins, co_await tx.query(insert_sql, std::move(p)));
        alert_view a = read_alert(ins, 0);
        CO_TRY(auto me, co_await tx.query(
            "SELECT a.email, coalesce(p.first_name, ''), coalesce(p.last_name, '') FROM accounts a "
            "LEFT JOIN candidate_profiles p ON p.account_id = a.id WHERE a.id = $1",
            pg::bind(who.account_id)));
        std::string email(me.text(0, 0)), first(me.text(0, 1)), last(me.text(0, 2));
        mail_data d{{"first_name", first.empty() ? std::string("zusammen") : first},
                    {"title", messages::with_inner_quotes(title)},
                    {"link", loop_.cfg.http_public_origin + "/job-alert-bestaetigen/" + std::to_string(a.id) + "/" + token}};
        CO_CHECK(co_await job_queue::enqueue(tx, messages::queue::mail, messages::mail_payload(messages::mail_template::job_alert_confirm, email, full_name(first, last), d),
                                             "job_alert_confirm:" + std::to_string(a.id)));
        CO_CHECK(co_await tx.commit());
        job_queue::wake(loop_, messages::queue::mail);
        co_return a;
    });
}

task<result<alert_view>> job_alerts_actor::update_alert(const auth::identity& who, std::int64_t id, alert_input in) {
    std::vector<violation> v;
    std::optional<std::string> title;
    if (in.title) {
        title = std::string(forms::trim_ascii(*in.title));
        if (title->empty()) v.push_back({"title", msg_required});
        else if (title->size() > 200) v.push_back({"title", "Der Titel darf höchstens 200 Zeichen lang sein."});
    }
    if (in.interval && !valid_interval(*in.interval)) v.push_back({"interval", msg_interval});
    std::optional<resolved_filter> f;
    if (in.search_query) {
        auto r = resolve(*in.search_query);
        if (!r) v.push_back(r.error().violations.front());
        else f = std::move(*r);
    }
    if (!v.empty()) co_return std::unexpected(app_error::invalid(std::move(v)));
    if (f) {
        CO_CHECK(co_await locate_city(loop_, *f));
    }
    pg::expected<pg::result_set> r;
    if (f) {
        pg::params p;
        p.add(id).add(who.account_id);
        add_filter_params(p, *f);
        p.add(title).add(in.interval).add(f->shifts_from).add(f->shifts_to);
        static const std::string sql =
            std::string("UPDATE job_alerts AS a SET (search_query, q, activity_ids, employment_type_ids, industry_ids, "
                        "type_activity_ids, type_employment_ids, lat, lon, radius_m, organization_id, top_job, top_offer, "
                        "sponsored, opportunity, instant_teaser_job) = (SELECT ") +
            filter_values +
            "), title = coalesce($18, a.title), interval = coalesce($19::job_alert_interval, a.interval), "
            "shifts_from = $20::date, shifts_to = $21::date "
            "WHERE a.id = $1 AND a.account_id = $2 RETURNING " JH_ALERT_COLUMNS;
        r = co_await loop_.pg.query(sql, std::move(p));
    } else {
        r = co_await loop_.pg.query(
            "UPDATE job_alerts AS a SET title = coalesce($3, a.title), interval = coalesce($4::job_alert_interval, a.interval), "
            "       next_run_at = CASE WHEN $4::text IS NOT NULL AND a.confirmed_at IS NOT NULL "
            "                          THEN a.matched_until + jh_alert_interval($4::job_alert_interval) ELSE a.next_run_at END "
            " WHERE a.id = $1 AND a.account_id = $2 RETURNING " JH_ALERT_COLUMNS,
            pg::bind(id, who.account_id, title, in.interval));
    }
    if (!r) co_return std::unexpected(as_app_error(r.error()));
    if (r->rows() != 1) co_return fail(error_kind::not_found, msg_alert_not_found);
    co_return read_alert(*r, 0);
}

task<result<void>> job_alerts_actor::delete_alert(const auth::identity& who, std::int64_t id) {
    CO_TRY(auto r, co_await loop_.pg.query("DELETE FROM job_alerts WHERE id = $1 AND account_id = $2", pg::bind(id, who.account_id)));
    if (r.affected() != 1) co_return fail(error_kind::not_found, msg_alert_not_found);
    co_return result<void>{};
}

task<result<alert_view>> job_alerts_actor::confirm_alert(std::optional<auth::identity> who, std::int64_t id, std::string token,
                                                                std::string client_ip) {
    if (token.empty() || token.size() > 200)
        co_return invalid("token", "Der Bestätigungslink ist unvollständig. Bitte öffne den Link aus der E-Mail.");
    // The token from the mail proves the address (double opt-in); a logged-in caller must also
    // be the owner. Confirming twice is fine. From confirmation on, new jobs count.
    CO_TRY(auto r, co_await loop_.pg.query(
        "UPDATE job_alerts AS a SET confirmed_at = coalesce(a.confirmed_at, now()), confirm_ip = coalesce(a.confirm_ip, $3), "
        "       matched_until = coalesce(a.matched_until, now()), "
        "       next_run_at = coalesce(a.next_run_at, now() + jh_alert_interval(a.interval)) "
        " WHERE a.id = $1 AND a.confirm_token_hash = $2 AND ($4::bigint IS NULL OR a.account_id = $4) "
        "RETURNING " JH_ALERT_COLUMNS,
        pg::bind(id, auth::sha256_hex(token), client_ip, who ? std::optional<std::int64_t>(who->account_id) : std::optional<std::int64_t>())));
    if (r.rows() != 1) co_return fail(error_kind::not_found, "Dieser Bestätigungslink ist ungültig.");
    co_return read_alert(r, 0);
}

task<result<alert_view>> job_alerts_actor::pause_alert(const auth::identity& who, std::int64_t id, bool paused) {
    // Unpausing starts from now: jobs of the paused time are not mailed afterwards.
    CO_TRY(auto r, co_await loop_.pg.query(
        "UPDATE job_alerts AS a SET paused = $3, "
        "       matched_until = CASE WHEN a.paused AND NOT $3 AND a.confirmed_at IS NOT NULL THEN now() ELSE a.matched_until END, "
        "       next_run_at = CASE WHEN a.paused AND NOT $3 AND a.confirmed_at IS NOT NULL "
        "                          THEN now() + jh_alert_interval(a.interval) ELSE a.next_run_at END "
        " WHERE a.id = $1 AND a.account_id = $2 RETURNING " JH_ALERT_COLUMNS,
        pg::bind(id, who.account_id, paused)));
    if (r.rows() != 1) co_return fail(error_kind::not_found, msg_alert_not_found);
    co_return read_alert(r, 0);
}

task<result<std::vector<alert_view>>> job_alerts_actor::alerts_of(const auth::identity& who, std::int64_t account_id) {
    if (account_id != who.account_id) co_return fail(error_kind::not_found, msg_not_found);
    CO_TRY(auto r, co_await loop_.pg.read(
        "SELECT " JH_ALERT_COLUMNS " FROM job_alerts a WHERE a.account_id = $1 ORDER BY a.created_at DESC, a.id DESC LIMIT 200",
        pg::bind(account_id)));
    co_return rows_of(r, read_alert);
}

task<result<void>> job_alerts_actor::unsubscribe_alert(std::string token) {
    if (token.size() < 20 || token.size() > 100) co_return fail(error_kind::not_found, "Dieser Abmeldelink ist ungültig.");
    CO_TRY(auto r, co_await loop_.pg.query("DELETE FROM job_alerts WHERE unsubscribe_token = $1", pg::bind(token)));
    if (r.affected() != 1) co_return fail(error_kind::not_found, "Dieser Abmeldelink ist ungültig oder der Job-Alert wurde schon beendet.");
    co_return result<void>{};
}

}  // namespace jh
