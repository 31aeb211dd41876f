// favourites_actor.cpp: see favourites_actor.h.
#include "actors/favourites/favourites_actor.h"

#include "actors/pg_columns.h"
#include "reactor/loop_context.h"
#include "reactor/pg_bind.h"
#include "reactor/try.h"

namespace jh {

using namespace actions;

favourites_actor::favourites_actor(loop_context& loop) : loop_(loop) {}

task<result<bool>> favourites_actor::favor(const auth::identity& who, std::int64_t job_id, bool automatic) {
    // Favouring twice is one favourite; a job the candidate marked stays "not automatic".
    CO_TRY(auto r, co_await loop_.pg.query(
        "WITH j AS (SELECT id FROM job_postings WHERE id = $2 AND is_published) "
        "INSERT INTO favorites (candidate_account_id, job_posting_id, auto) SELECT $1, id, $3 FROM j "
        "ON CONFLICT (candidate_account_id, job_posting_id) DO UPDATE SET auto = favorites.auto AND excluded.auto "
        "RETURNING (xmax = 0)",
        pg::bind(who.account_id, job_id, automatic)));
    if (r.rows() != 1) co_return fail(error_kind::not_found, msg_job_not_found);
    co_return r.boolean(0, 0);
}

task<result<void>> favourites_actor::unfavor(const auth::identity& who, std::int64_t job_id) {
    CO_CHECK(co_await loop_.pg.query("DELETE FROM favorites WHERE candidate_account_id = $1 AND job_posting_id = $2",
                                     pg::bind(who.account_id, job_id)));
    co_return result<void>{};
}

task<result<page_of<favorite_view>>> favourites_actor::my_favorites(const auth::identity& who, int page, int per_page) {
    page_of<favorite_view> out;
    out.page = page;
    out.items_per_page = per_page;
    CO_TRY(auto r, co_await loop_.pg.read(
        "SELECT f.job_posting_id, j.slug, j.title, o.id, o.name, to_json(f.created_at) #>> '{}', f.auto, "
        "       j.is_published AND j.active AND (j.valid_through IS NULL OR j.valid_through > now()), "
        "       (SELECT count(*) FROM favorites c WHERE c.candidate_account_id = $1) "
        "  FROM favorites f JOIN job_postings j ON j.id = f.job_posting_id JOIN organizations o ON o.id = j.organization_id "
        " WHERE f.candidate_account_id = $1 ORDER BY f.created_at DESC, f.job_posting_id DESC LIMIT $2 OFFSET $3",
        pg::bind(who.account_id, per_page, (page - 1) * per_page)));
    for (int i = 0; i < r.rows(); ++i) {
        favorite_view f;
        read_columns(r, i, 0, f, &favorite_view::job_id, &favorite_view::job_slug, &favorite_view::job_title,
                     &favorite_view::organization_id, &favorite_view::organization_name, &favorite_view::created_at,
                     &favorite_view::automatic, &favorite_view::job_live);
        out.total = r.int64(i, 8);
        out.items.push_back(std::move(f));
    }
    co_return out;
}

}  // namespace jh
