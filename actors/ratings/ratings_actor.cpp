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

const char* const msg_rating_conditions =
    "Du kannst ein Unternehmen erst bewerten, wenn dein Konto aktiviert ist und du dich mindestens 5-mal beworben hast.";
const char* const msg_rating_after_shift =
    "Für einen Job mit Einsätzen kannst du das Unternehmen erst bewerten, wenn mindestens einer deiner Einsätze dort "
    "bestätigt ist.";

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
    if (who.account_role != auth::role::candidate) co_return fail(error_kind::forbidden, msg_rating_conditions);
    // The conditions and the insert in one statement: activated (address confirmed, not blocked);
    // for a named job with shifts an approved (or corrected) shift of that job; otherwise at least
    // 5 applications or an approved shift at the organization. One rating per organization (the
    // unique key decides). `afterShift`: an approved shift backs it (of the named job, else of
    // any of the organization's jobs).
    CO_TRY(auto r, co_await loop_.pg.query(
        "WITH me AS (SELECT a.id, a.email_verified_at IS NOT NULL AND NOT a.blocked AS active, "
        "                   (SELECT count(*) FROM applications x WHERE x.candidate_account_id = a.id) AS applications "
        "              FROM accounts a WHERE a.id = $1), "
        "     org AS (SELECT id FROM organizations WHERE id = $2 AND active), "
        "     job AS (SELECT j.id, EXISTS (SELECT 1 FROM shifts s WHERE s.job_posting_id = j.id) AS has_shifts "
        "               FROM job_postings j WHERE j.id = $6 AND j.organization_id = $2), "
        "     worked AS (SELECT EXISTS (SELECT 1 FROM shift_time_records t LEFT JOIN shifts s ON s.id = t.shift_id "
        "                 WHERE t.candidate_account_id = $1 AND t.organization_id = $2 AND t.status IN ('approved', 'corrected') "
        "                   AND ($6::bigint IS NULL OR s.job_posting_id = $6)) AS yes), "
        "     ok AS (SELECT me.id, worked.yes AS after_shift FROM me, worked "
        "             WHERE me.active AND ($6::bigint IS NULL OR EXISTS (SELECT 1 FROM job)) "
        "               AND CASE WHEN coalesce((SELECT has_shifts FROM job), false) THEN worked.yes "
        "                        ELSE me.applications >= $5 OR worked.yes END), "
        "     ins AS (INSERT INTO organization_star_ratings (organization_id, account_id, stars, comment, job_posting_id, after_shift) "
        "             SELECT org.id, ok.id, $3, $4, $6, ok.after_shift FROM ok, org "
        "             ON CONFLICT ON CONSTRAINT organization_star_ratings_once DO NOTHING RETURNING id) "
        "SELECT (SELECT id FROM ins), EXISTS (SELECT 1 FROM org), EXISTS (SELECT 1 FROM ok), "
        "       $6::bigint IS NULL OR EXISTS (SELECT 1 FROM job), coalesce((SELECT has_shifts FROM job), false)",
        pg::bind(who.account_id, organization_id, stars, comment, rating_min_applications, job_posting_id)));
    if (!r.boolean(0, 1)) co_return fail(error_kind::not_found, "Dieses Unternehmen gibt es nicht.");
    if (!r.boolean(0, 3)) co_return actions::invalid("jobPosting", "Diesen Job gibt es bei diesem Unternehmen nicht.");
    if (!r.boolean(0, 2)) co_return fail(error_kind::forbidden, r.boolean(0, 4) ? msg_rating_after_shift : msg_rating_conditions);
    if (r.is_null(0, 0)) co_return fail(error_kind::conflict, "Du hast dieses Unternehmen bereits bewertet.");
    CO_TRY(auto v2, co_await loop_.pg.query(JH_RATING_SELECT " WHERE s.id = $1", pg::bind(r.int64(0, 0))));
    co_return read_rating(v2, 0);
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
    out.page = page;
    out.items_per_page = per_page;
    CO_TRY(auto r, co_await loop_.pg.query(
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
    CO_TRY(auto r, co_await loop_.pg.query(JH_RATING_SELECT " WHERE s.account_id = $1 ORDER BY s.created_at DESC, s.id DESC LIMIT 500",
                                     pg::bind(account_id)));
    co_return rows_of(r, read_rating);
}

}  // namespace jh
