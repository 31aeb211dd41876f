// ratings_actor.cpp: organization star ratings. See ratings_actor.h and docs/candidate-actions.md.
#include "actors/ratings/ratings_actor.h"

#include "actors/roles.h"
#include "actors/pg_rows.h"
#include "reactor/loop_context.h"
#include "reactor/pg_bind.h"
#include "reactor/try.h"

namespace jh {

using namespace actions;

namespace {

// What counts is a worked shift whose hours the provider approved (jh_rating_eligibility), not a
// confirmed one: the site says "bestätigt" of a confirmed shift (review 22, finding 2).
const char* const msg_rating_after_shift =
    "Für einen Job mit Einsätzen kannst du das Unternehmen erst bewerten, wenn du dort einen Einsatz gearbeitet hast "
    "und das Unternehmen deine Stunden bestätigt hat.";
const char* const msg_no_organization = "Dieses Unternehmen gibt es nicht.";

#define JH_RATING_COLUMNS                                                                                          \
    "SELECT s.id, s.organization_id, s.account_id, s.stars, s.comment, to_json(s.created_at) #>> '{}', o.name, "   \
    "       coalesce(nullif(p.first_name, '') || coalesce(' ' || nullif(left(p.last_name, 1), '') || '.', ''), 'Anonym'), " \
    "       s.job_posting_id, s.after_shift "
#define JH_RATING_FROM \
    "  FROM organization_star_ratings s JOIN organizations o ON o.id = s.organization_id "                       \
    "  LEFT JOIN candidate_profiles p ON p.account_id = s.account_id "
#define JH_RATING_SELECT JH_RATING_COLUMNS JH_RATING_FROM

rating_view read_rating(const pg::result_set& r, int i) {
    rating_view v;
    v.id = r.int64(i, 0);
    v.organization_id = r.int64(i, 1);
    v.account_id = r.int64(i, 2);
    v.stars = static_cast<int>(r.int64(i, 3));
    v.comment = std::string(r.text(i, 4));
    v.created_at = std::string(r.text(i, 5));
    v.organization_name = std::string(r.text(i, 6));
    v.author = std::string(r.text(i, 7));
    if (!r.is_null(i, 8)) v.job_posting_id = r.int64(i, 8);
    v.after_shift = r.boolean(i, 9);
    return v;
}

}  // namespace

ratings_actor::ratings_actor(loop_context& loop) : loop_(loop) {}

task<result<rating_view>> ratings_actor::rate(const auth::identity& who, std::int64_t organization_id, int stars,
                                                        std::string comment, std::optional<std::int64_t> job_posting_id) {
    std::vector<violation> v;
    if (organization_id <= 0) v.push_back({"organization", msg_required});
    if (stars < 1 || stars > 5) v.push_back({"stars", "Bitte vergib 1 bis 5 Sterne."});
    if (comment.size() > 2000) v.push_back({"comment", "Dein Kommentar darf höchstens 2000 Zeichen lang sein."});
    if (job_posting_id && *job_posting_id <= 0) v.push_back({"jobPosting", "Diesen Job gibt es bei diesem Unternehmen nicht."});
    if (!v.empty()) co_return std::unexpected(app_error::invalid(std::move(v)));
    // The conditions (jh_rating_eligibility, the rule the form asks before: eligibility() below) and
    // the insert in one statement. One rating per organization (the unique key decides).
    CO_TRY(auto r, co_await loop_.pg.query(
        "WITH e AS (SELECT * FROM jh_rating_eligibility($1, $2, $6, $5)), "
        "     ins AS (INSERT INTO organization_star_ratings (organization_id, account_id, stars, comment, job_posting_id, after_shift) "
        "             SELECT $2, $1, $3, $4, $6, e.after_shift FROM e WHERE e.organization_exists AND e.allowed "
        "             ON CONFLICT ON CONSTRAINT organization_star_ratings_once DO NOTHING RETURNING id) "
        "SELECT (SELECT id FROM ins), e.organization_exists, e.allowed, e.job_ok, e.job_has_shifts FROM e",
        pg::bind(who.account_id, organization_id, stars, comment, rating_min_applications, job_posting_id)));
    if (!r.boolean(0, 1)) co_return fail(error_kind::not_found, msg_no_organization);
    if (!r.boolean(0, 3)) co_return actions::invalid("jobPosting", "Diesen Job gibt es bei diesem Unternehmen nicht.");
    if (!r.boolean(0, 2)) co_return fail(error_kind::forbidden, r.boolean(0, 4) ? msg_rating_after_shift : msg_rating_conditions);
    if (r.is_null(0, 0)) co_return fail(error_kind::conflict, "Du hast dieses Unternehmen bereits bewertet.");
    CO_TRY(auto v2, co_await loop_.pg.read(JH_RATING_SELECT " WHERE s.id = $1", pg::bind(r.int64(0, 0))));
    co_return read_rating(v2, 0);
}

task<result<rating_eligibility>> ratings_actor::eligibility(const auth::identity& who, std::int64_t organization_id) {
    rating_eligibility e;
    // The organization is checked for every caller first (review 22, finding 4): an unknown or
    // unapproved one is 404 for a provider as well.
    CO_TRY(auto r, co_await loop_.pg.read(
        "SELECT organization_exists, active, applications, after_shift, allowed, "
        "       to_char(rated_at AT TIME ZONE 'Europe/Berlin', 'DD.MM.YYYY'), to_json(rated_at) #>> '{}' "
        "  FROM jh_rating_eligibility($1, $2, NULL, $3)",
        pg::bind(who.account_id, organization_id, rating_min_applications)));
    if (!r.boolean(0, 0)) co_return fail(error_kind::not_found, msg_no_organization);
    if (who.account_role != auth::role::candidate) {
        e.reason = "Nur Bewerberinnen und Bewerber können ein Unternehmen bewerten.";
        co_return e;
    }
    e.applications = r.int64(0, 2);
    if (!r.is_null(0, 5)) {
        e.rated_at = std::string(r.text(0, 6));
        e.reason = "Du hast dieses Unternehmen bereits am " + std::string(r.text(0, 5)) + " bewertet.";
    } else if (!r.boolean(0, 1)) {
        e.reason = "Du kannst dieses Unternehmen bewerten, sobald du deine E-Mail-Adresse bestätigt hast.";
    } else if (!r.boolean(0, 4)) {
        const auto n = e.applications;
        e.reason = "Du kannst dieses Unternehmen bewerten, sobald du dich mindestens " + std::to_string(rating_min_applications) +
                   "-mal beworben hast (bisher " + (n == 1 ? std::string("1 Bewerbung") : std::to_string(n) + " Bewerbungen") +
                   ") oder nach einem Einsatz dort, dessen Stunden das Unternehmen bestätigt hat.";
    } else {
        e.can_rate = true;
    }
    co_return e;
}

task<result<void>> ratings_actor::delete_rating(const auth::identity& who, std::int64_t id) {
    CO_TRY(auto r, co_await loop_.pg.query("DELETE FROM organization_star_ratings WHERE id = $1 AND account_id = $2", pg::bind(id, who.account_id)));
    if (r.affected() != 1)
        co_return fail(error_kind::not_found, "Die Bewertung konnte nicht entfernt werden. Bitte lade die Seite neu.");
    co_return result<void>{};
}

task<result<page_of<rating_view>>> ratings_actor::ratings_of_organization(std::int64_t organization_id, int page,
                                                                                   int per_page) {
    page_of<rating_view> out;
    // 404 for an unknown or unapproved organization, as its page and the eligibility say (review 22, finding 6).
    CO_TRY(auto o, co_await loop_.pg.read("SELECT EXISTS (SELECT 1 FROM organizations WHERE id = $1 AND active)",
                                           pg::bind(organization_id)));
    if (!o.boolean(0, 0)) co_return fail(error_kind::not_found, msg_no_organization);
    out.page = page;
    out.items_per_page = per_page;
    CO_TRY(auto r, co_await loop_.pg.read(
        JH_RATING_COLUMNS ", count(*) OVER () " JH_RATING_FROM
        " WHERE s.organization_id = $1 AND o.active ORDER BY s.created_at DESC, s.id DESC LIMIT $2 OFFSET $3",
        pg::bind(organization_id, per_page, (page - 1) * per_page)));
    for (int i = 0; i < r.rows(); ++i) {
        out.items.push_back(read_rating(r, i));
        out.total = r.int64(i, 10);
    }
    co_return out;
}

task<result<std::vector<rating_view>>> ratings_actor::ratings_of_account(const auth::identity& who, std::int64_t account_id) {
    if (account_id != who.account_id) co_return fail(error_kind::not_found, actions::msg_not_found);
    CO_TRY(auto r, co_await loop_.pg.read(JH_RATING_SELECT " WHERE s.account_id = $1 ORDER BY s.created_at DESC, s.id DESC LIMIT 500",
                                     pg::bind(account_id)));
    co_return rows_of(r, read_rating);
}

}  // namespace jh
