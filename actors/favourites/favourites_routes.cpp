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

task<http_response> mark(request_context& ctx, favourites_actor& favourites, bool automatic) {
    ROUTE_TRY(auto job, path_id(ctx));
    ROUTE_CHECK(co_await favourites.favor(ctx.who(), job, automatic));
    co_return favored_response(job, true);
}

task<http_response> post_favor(request_context& ctx, favourites_actor& favourites) { co_return co_await mark(ctx, favourites, false); }
task<http_response> post_auto_favor(request_context& ctx, favourites_actor& favourites) { co_return co_await mark(ctx, favourites, true); }

task<http_response> post_unfavor(request_context& ctx, favourites_actor& favourites) {
    ROUTE_TRY(auto job, path_id(ctx));
    ROUTE_CHECK(co_await favourites.unfavor(ctx.who(), job));
    co_return favored_response(job, false);
}

void write_favorite(json_writer& w, const favorite_view& f) {
    w.begin_object().member("@type", "Favorite").member("auto", f.automatic).member("createdAt", f.created_at).member("active", f.job_live);
    w.key("jobPosting");
    write_job_ref(w, f.job_id, f.job_slug, f.job_title, f.organization_id, f.organization_name);
    w.end_object();
}

task<http_response> get_my_favorites(request_context& ctx, favourites_actor& favourites) {
    ROUTE_TRY(auto p, read_paging(ctx));
    ROUTE_TRY(auto list, co_await favourites.my_favorites(ctx.who(), p.page, p.per_page));
    co_return hydra_collection("Favorite", list.items, list.total, write_favorite);
}

}  // namespace

void register_favourites_routes(router& r, actor_of<favourites_actor> favourites) {
    add_routes(r, favourites, {
        {http_method::post, "/api/job_postings/{id}/favor", signed_in_action, post_favor},
        {http_method::post, "/api/job_postings/{id}/unfavor", signed_in_action, post_unfavor},
        {http_method::post, "/api/job_postings/{id}/auto_favor", signed_in_action, post_auto_favor},
        {http_method::get, "/api/favorites/my", signed_in_no_body, get_my_favorites},
    });
}

}  // namespace jh
