// favourites_routes.cpp: the HTTP side of the favourites domain (docs/candidate-actions.md):
// favor, unfavor, auto_favor (each idempotent, answering {jobPosting, favored}) and the list.
#include "actors/actions_json.h"
#include "actors/favourites/favourites_actor.h"
#include "actors/route.h"
#include "actors/route_table.h"
#include "reactor/auth.h"
#include "reactor/http_pipeline.h"
#include "reactor/json_writer.h"
#include "reactor/router.h"

namespace jh {

namespace {

using namespace actions;

http_response favored_response(std::int64_t job, bool favored) {
    http_response res;
    json_writer(res.body)
        .begin_object()
        .member("jobPosting", "/api/job_postings/" + std::to_string(job))
        .member("favored", favored)
        .end_object();
    return res;
}

// The three actions on a job's mark; each answers with the mark as it now is.
enum class favor_action { favor, auto_favor, unfavor };

// The candidate's own mark (favor), the site's on their behalf (auto_favor, e.g. on applying), or
// its removal: idempotent, so a second click changes nothing and answers the same.
template <favor_action Action>
task<http_response> change_mark(request_context& ctx, favourites_actor& favourites) {
    ROUTE_TRY(auto job, path_id(ctx));
    if constexpr (Action == favor_action::unfavor) {
        ROUTE_CHECK(co_await favourites.unfavor(ctx.who(), job));
    } else {
        ROUTE_CHECK(co_await favourites.favor(ctx.who(), job, Action == favor_action::auto_favor));
    }
    co_return favored_response(job, Action != favor_action::unfavor);
}

void write_favorite(json_writer& w, const favorite_view& f) {
    w.begin_object().member("@type", "Favorite").member("auto", f.automatic).member("createdAt", f.created_at).member("active", f.job_live);
    w.key("jobPosting");
    write_job_ref(w, f.job_id, f.job_slug, f.job_title, f.organization_id, f.organization_name);
    w.end_object();
}

constexpr hydra_members<favorite_view> favorite_members{"Favorite", write_favorite};

}  // namespace

void register_favourites_routes(router& r, actor_of<favourites_actor> favourites) {
    add_routes(r, favourites, {
        {http_method::post, "/api/job_postings/{id}/favor", signed_in_action, change_mark<favor_action::favor>},
        {http_method::post, "/api/job_postings/{id}/unfavor", signed_in_action, change_mark<favor_action::unfavor>},
        {http_method::post, "/api/job_postings/{id}/auto_favor", signed_in_action, change_mark<favor_action::auto_favor>},
        {http_method::get, "/api/favorites/my", signed_in_no_body, own_list_page<&favourites_actor::my_favorites, favorite_members>},
    });
}

}  // namespace jh
