// ratings_routes.cpp: the HTTP side of the ratings domain (docs/candidate-actions.md, "Ratings"):
// rate an organization, remove one's rating, the lists by organization and by candidate.
#include <simdjson.h>

#include <algorithm>

#include "actors/actions_json.h"
#include "actors/ratings/ratings_actor.h"
#include "actors/route.h"
#include "actors/route_table.h"
#include "reactor/auth.h"
#include "reactor/http_pipeline.h"
#include "reactor/json_body.h"
#include "reactor/json_writer.h"
#include "reactor/router.h"

namespace jh {

namespace {

using namespace actions;

void write_rating(json_writer& w, const rating_view& r) {
    begin_resource(w, "/api/organization_star_ratings/", "OrganizationStarRating", r.id)
        .member("stars", r.stars)
        .member("comment", r.comment)
        .member("author", r.author)
        .member("createdAt", r.created_at)
        // Backed by an approved shift at the organization: the web shows "nach einem Einsatz".
        .member("afterShift", r.after_shift)
        .member("jobPosting", r.job_posting_id ? std::optional<std::string>("/api/job_postings/" + std::to_string(*r.job_posting_id))
                                                : std::optional<std::string>{})
        .key("organization")
        .begin_object()
        .member("@id", "/api/organizations/" + std::to_string(r.organization_id))
        .member("id", r.organization_id)
        .member("name", r.organization_name)
        .end_object()
        .end_object();
}

constexpr hydra_members<rating_view> rating_members{"OrganizationStarRating", write_rating};

// `stars` (or `rating`): a whole number; anything else is -1, which the actor answers with 422.
int read_stars(simdjson::dom::object body) {
    std::int64_t stars = 0;
    simdjson::dom::element s;
    if (body["stars"].get(s) == simdjson::SUCCESS || body["rating"].get(s) == simdjson::SUCCESS) {
        if (s.get(stars) != simdjson::SUCCESS) {
            double d = 0;
            if (s.get(d) == simdjson::SUCCESS && d == static_cast<double>(static_cast<std::int64_t>(d))) stars = static_cast<std::int64_t>(d);
            else stars = -1;
        }
    }
    return static_cast<int>(std::clamp<std::int64_t>(stars, -1, 100));
}

task<http_response> post_rating(request_context& ctx, ratings_actor& ratings) {
    simdjson::dom::element org;
    std::optional<std::int64_t> org_id;
    if (ctx.body["organization"].get(org) == simdjson::SUCCESS) org_id = id_or_iri(org);
    // `jobPosting` (id or IRI, optional): the job the rating is for; anything else is 0 (422).
    simdjson::dom::element job;
    std::optional<std::int64_t> job_id;
    if (ctx.body["jobPosting"].get(job) == simdjson::SUCCESS && !job.is_null()) job_id = id_or_iri(job).value_or(0);
    ROUTE_TRY(auto rated, co_await ratings.rate(ctx.who(), org_id.value_or(0), read_stars(ctx.body), text_field(ctx.body, "comment"),
                                                job_id));
    co_return json_response(201, rated, write_rating);
}

task<http_response> get_organization_ratings(request_context& ctx, ratings_actor& ratings) {
    ROUTE_TRY(auto id, path_id(ctx));
    ROUTE_TRY(auto p, read_paging(ctx));
    ROUTE_TRY(auto list, co_await ratings.ratings_of_organization(id, p.page, p.per_page));
    co_return hydra_collection(rating_members.type, list.items, list.total, write_rating);
}

task<http_response> get_rating_eligibility(request_context& ctx, ratings_actor& ratings) {
    ROUTE_TRY(auto id, path_id(ctx));
    ROUTE_TRY(auto e, co_await ratings.eligibility(ctx.who(), id));
    co_return json_response(200, e, [](json_writer& w, const rating_eligibility& v) {
        w.begin_object()
            .member("canRate", v.can_rate)
            .member("reason", v.reason)
            .member("ratedAt", v.rated_at)
            .member("applications", v.applications)
            .member("applicationsNeeded", rating_min_applications)
            .end_object();
    });
}

}  // namespace

void register_ratings_routes(router& r, actor_of<ratings_actor> ratings) {
    add_routes(r, ratings, {
        // Only candidates rate; the others hear the conditions, as the form's eligibility says. A
        // rating is a public opinion in her name: never written by an administrator acting as her.
        {http_method::post, "/api/organization_star_ratings",
         in_person(json_body(refusing_with(access::candidate, msg_rating_conditions), cache_kind::no_store, small_json_body)), post_rating},
        {http_method::del, "/api/organization_star_ratings/{id}", signed_in_no_body, delete_by_path_id<&ratings_actor::delete_rating>},
        {http_method::get, "/api/organizations/{id}/star_ratings", public_read, get_organization_ratings},
        {http_method::get, "/api/organizations/{id}/star_rating_eligibility", signed_in_no_body, get_rating_eligibility},
        {http_method::get, "/api/candidate_accounts/{id}/star_ratings", signed_in_no_body,
         list_by_path_id<&ratings_actor::ratings_of_account, rating_members>},
    });
}

}  // namespace jh
