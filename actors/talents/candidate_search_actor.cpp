// candidate_search_actor.cpp: the candidate search's SQL and rules (see candidate_search_actor.h).
// The cards are built by jh_candidate_card (migrations/repeatable), which leaves out every contact
// field; this file decides who may ask and what is logged, mailed and remembered.
#include "actors/talents/candidate_search_actor.h"

#include "actors/form_text.h"
#include "reactor/json_body.h"
#include "messages/mail.h"
#include "messages/queue.h"
#include "reactor/config.h"
#include "reactor/job_queue.h"
#include "reactor/json_writer.h"
#include "reactor/loop_context.h"
#include "reactor/pg_bind.h"
#include "reactor/try.h"

namespace jh {

using actions::page_of;
namespace m = talents::msg;

candidate_search_actor::candidate_search_actor(loop_context& loop, organization_editor& editor) : loop_(loop), editor_(editor) {}

task<result<void>> candidate_search_actor::may_search(const auth::identity& who, std::int64_t org) {
    CO_TRY(auto ms, co_await editor_.member_of(who, org, true));
    CO_TRY(auto r, co_await loop_.pg.read("SELECT candidate_search FROM organizations WHERE id = $1", pg::bind(ms.organization_id)));
    if (r.rows() == 0 || !r.boolean(0, 0)) co_return fail(error_kind::forbidden, m::not_booked);
    co_return result<void>{};
}

namespace {

// The activity slugs as a JSON array, the one list parameter of the search statement.
std::string json_list(const std::vector<std::string>& values) {
    std::string out;
    json_writer w(out);
    w.begin_array();
    for (const auto& v : values) w.value(v);
    w.end_array();
    return out;
}

}  // namespace

task<result<page_of<std::string>>> candidate_search_actor::search(const auth::identity& who, std::int64_t org, talents::search_filter f) {
    CO_CHECK(co_await may_search(who, org));
    std::optional<std::string> activities;
    if (!f.activities.empty()) activities = json_list(f.activities);
    // The point and the chord are computed once (MATERIALIZED, see migrations/0012_places.sql).
    CO_TRY(auto r, co_await loop_.pg.read(
        "WITH c AS MATERIALIZED (SELECT CASE WHEN $2::float8 IS NULL THEN NULL ELSE jh_earth($2, $3) END AS pt, "
        "                               gc_to_sec($4::float8) AS chord, "
        "                               (SELECT array_agg(x) FROM jsonb_array_elements_text($5::jsonb) x) AS acts), "
        "     hits AS (SELECT p.id, p.completeness_percent, "
        "                     CASE WHEN c.pt IS NULL THEN NULL ELSE p.search_geo <-> c.pt END AS d "
        "                FROM candidate_profiles p JOIN accounts a ON a.id = p.account_id, c "
        "               WHERE a.role = 'candidate' AND a.searchable_by_providers AND NOT a.blocked "
        "                 AND a.email_verified_at IS NOT NULL "
        "                 AND (c.pt IS NULL OR (earth_box(c.pt, $4::float8) @> p.search_geo "
        "                                       AND cube_distance(p.search_geo, c.pt) <= c.chord)) "
        "                 AND (c.acts IS NULL "
        "                      OR coalesce(p.sedcard -> 'workPreference' -> 'preferredActivities', '[]') ?| c.acts "
        "                      OR EXISTS (SELECT 1 FROM jsonb_array_elements(coalesce(p.sedcard -> 'activitySkills', '[]')) s "
        "                                  WHERE s ->> 'skill' = ANY (c.acts))) "
        "                 AND ($6::text IS NULL OR p.sedcard -> 'jobEmployment' ->> 'jobEmploymentStatus' = $6) "
        "                 AND ($7::text IS NULL OR coalesce(p.sedcard -> 'workPreference' -> 'preferredWorkingTimes', '[]') ? $7)) "
        "SELECT jh_candidate_card(h.id, $1, $2, $3, false)::text, count(*) OVER () FROM hits h "
        " ORDER BY h.d NULLS LAST, h.completeness_percent DESC, h.id DESC LIMIT $8 OFFSET $9",
        pg::bind(org, f.lat, f.lon, static_cast<double>(f.radius_km) * 1000.0, activities, f.employment_status, f.working_time,
                 f.per_page, static_cast<std::int64_t>(f.page - 1) * f.per_page)));
    page_of<std::string> out;
    out.page = f.page;
    out.items_per_page = f.per_page;
    for (int i = 0; i < r.rows(); ++i) {
        out.items.emplace_back(r.text(i, 0));
        out.total = r.int64(i, 1);
    }
    co_return out;
}

task<result<std::string>> candidate_search_actor::open(const auth::identity& who, std::int64_t org, std::int64_t profile) {
    CO_CHECK(co_await may_search(who, org));
    co_return co_await pg::in_transaction(loop_.pg, [&](pg::transaction& tx) -> task<result<std::string>> {
        // The view, its log entry and the status in one transaction: nothing is shown that is not logged.
        CO_TRY(auto found, co_await tx.query("SELECT jh_candidate_findable($1)", pg::bind(profile)));
        if (found.rows() == 0 || !found.boolean(0, 0)) co_return fail(error_kind::not_found, m::not_found);
        CO_CHECK(co_await tx.query("INSERT INTO candidate_profile_views (profile_id, organization_id, viewer_id) VALUES ($1, $2, $3)",
                                   pg::bind(profile, org, who.account_id)));
        CO_CHECK(co_await tx.query("INSERT INTO candidate_search_status (organization_id, profile_id, status, changed_by) "
                                   "VALUES ($1, $2, 'viewed', $3) ON CONFLICT (organization_id, profile_id) DO NOTHING",
                                   pg::bind(org, profile, who.account_id)));
        CO_TRY(auto card, co_await tx.query("SELECT jh_candidate_card($1, $2, NULL, NULL, true)::text", pg::bind(profile, org)));
        CO_CHECK(co_await tx.commit());
        co_return std::string(card.text(0, 0));
    });
}

task<result<std::string>> candidate_search_actor::contact(const auth::identity& who, std::int64_t org, std::int64_t profile,
                                                          std::string message) {
    CO_CHECK(co_await may_search(who, org));
    message = std::string(forms::trim_ascii(message));
    if (message.empty()) co_return actions::invalid("message", "Dieses Feld darf nicht leer sein");
    if (utf8_length(message) > talents::max_contact_chars)
        co_return actions::invalid("message", "Diese Eingabe ist zu lang. Erlaubt sind höchstens 5000 Zeichen.");

    co_return co_await pg::in_transaction(loop_.pg, [&](pg::transaction& tx) -> task<result<std::string>> {
        // One message per candidate and organization a day, and the daily bounds of the candidate and of
        // the organization, checked under locks on both (always the organization first: no deadlock).
        CO_CHECK(co_await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('candidate_contact:org:' || $1, 0)), "
                                   "       pg_advisory_xact_lock(hashtextextended('candidate_contact:profile:' || $2, 0))",
                                   pg::bind(org, profile)));
        CO_TRY(auto r, co_await tx.query(
            "SELECT a.email::text, p.first_name, p.last_name, o.name, o.slug, "
            "       EXISTS (SELECT 1 FROM candidate_contacts c WHERE c.organization_id = o.id AND c.profile_id = p.id "
            "                  AND c.created_at > now() - make_interval(hours => $3::int)), "
            "       (SELECT count(*) FROM candidate_contacts c WHERE c.profile_id = p.id AND c.created_at > now() - interval '1 day'), "
            "       (SELECT count(*) FROM candidate_contacts c WHERE c.organization_id = o.id AND c.created_at > now() - interval '1 day') "
            "  FROM candidate_profiles p JOIN accounts a ON a.id = p.account_id, organizations o "
            " WHERE p.id = $1 AND o.id = $2 AND jh_candidate_findable(p.id)",
            pg::bind(profile, org, talents::contact_interval_hours)));
        if (r.rows() == 0) co_return fail(error_kind::not_found, m::not_found);
        if (r.boolean(0, 5)) co_return fail(error_kind::too_many_requests, m::contacted_recently);
        if (r.int64(0, 7) >= talents::contacts_per_organization_per_day) co_return fail(error_kind::too_many_requests, m::organization_full);
        if (r.int64(0, 6) >= talents::contacts_per_candidate_per_day) co_return fail(error_kind::too_many_requests, m::candidate_full);
        std::string email(r.text(0, 0)), first(r.text(0, 1)), last(r.text(0, 2)), org_name(r.text(0, 3)), slug(r.text(0, 4));

        CO_CHECK(co_await tx.query("INSERT INTO candidate_contacts (profile_id, organization_id, sender_id, message) VALUES ($1, $2, $3, $4)",
                                   pg::bind(profile, org, who.account_id, message)));
        CO_CHECK(co_await tx.query("INSERT INTO candidate_search_status (organization_id, profile_id, status, changed_by) "
                                   "VALUES ($1, $2, 'contacted', $3) ON CONFLICT (organization_id, profile_id) DO UPDATE "
                                   "   SET status = 'contacted', changed_by = $3, changed_at = now() "
                                   " WHERE candidate_search_status.status IN ('viewed', 'contacted')",
                                   pg::bind(org, profile, who.account_id)));
        messages::mail_data d{{"first_name", first.empty() ? std::string("zusammen") : first},
                              {"organization_name", org_name},
                              {"message", message},
                              {"organization_link", loop_.cfg.http_public_origin + "/jobanbieter/" + slug},
                              {"settings_link", loop_.cfg.http_public_origin + "/meine-einstellungen"}};
        CO_CHECK(co_await job_queue::enqueue(tx, messages::queue::mail,
                                             messages::mail_payload(messages::mail_template::candidate_contact, email, actions::full_name(first, last), d),
                                             "candidate_contact:" + std::to_string(org) + ":" + std::to_string(profile) + ":" + auth::random_token(8)));
        CO_TRY(auto card, co_await tx.query("SELECT jh_candidate_card($1, $2, NULL, NULL, true)::text", pg::bind(profile, org)));
        CO_CHECK(co_await tx.commit());
        job_queue::wake(loop_, messages::queue::mail);
        co_return std::string(card.text(0, 0));
    });
}

task<result<std::string>> candidate_search_actor::set_status(const auth::identity& who, std::int64_t profile, std::int64_t org,
                                                             std::string status) {
    CO_CHECK(co_await may_search(who, org));
    if (status != "shortlisted" && status != "declined") co_return actions::invalid("status", m::bad_status);
    CO_TRY(auto r, co_await loop_.pg.query(
        "INSERT INTO candidate_search_status (organization_id, profile_id, status, changed_by) "
        "SELECT $1, $2, $3, $4 WHERE jh_candidate_findable($2) "
        "ON CONFLICT (organization_id, profile_id) DO UPDATE SET status = $3, changed_by = $4, changed_at = now() "
        "RETURNING to_char(changed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')",
        pg::bind(org, profile, status, who.account_id)));
    if (r.rows() == 0) co_return fail(error_kind::not_found, m::not_found);
    std::string out;
    json_writer(out)
        .begin_object()
        .member("candidateProfile", "/api/candidate_profiles/" + std::to_string(profile))
        .member("organization", "/api/organizations/" + std::to_string(org))
        .member("status", status)
        .member("searchable", true)
        .member("changedAt", std::string(r.text(0, 0)))
        .end_object();
    co_return out;
}

}  // namespace jh
