// organizations_routes.cpp: the job providers under /api.
//
//   GET /api/organizations[?q=&page=&itemsPerPage=]   hydra list of Organization (by name; with q: best match)
//   GET /api/organizations/{id}                        one Organization (404 unknown or inactive)
//   GET /api/organizations/slug/{slug}                 the same by slug (/jobanbieter/{slug})
//   GET /api/organization_cards[?q=&page=&itemsPerPage=]   hydra list of OrganizationCard
//   GET /api/organization_cards/{id}                   one OrganizationCard
//
// An organization carries openJobs (live jobs), ratingsCount, ratingAverage and favoritesCount
// (0 / null until ratings and favourites of organizations exist).
#include <string>

#include "actors/organizations/organizations_actor.h"
#include "actors/route.h"
#include "actors/route_table.h"
#include "actors/organizations/company_json.h"
#include "actors/organizations/organization_json.h"
#include "actors/paged_collection.h"
#include "reactor/http_pipeline.h"
#include "reactor/json_writer.h"
#include "reactor/loop_context.h"
#include "reactor/router.h"
#include "search/query_values.h"

namespace jh {

namespace organizations {

// Card: what a list or carousel shows. Full: the details page adds description, contact and
// company details.
void write_organization(json_writer& w, const organization_view& o, bool card) {
    std::string id = std::to_string(o.id);
    begin_resource(w, card ? "/api/organization_cards/" : "/api/organizations/", card ? "OrganizationCard" : "Organization", o.id)
        .member("slug", o.slug)
        .member("name", o.name)
        .member("hasLogo", o.has_logo)
        .member("city", o.city)
        .member("foundingYear", o.founding_year)
        .member("employees", o.employees)
        .member("workingDaysPerYear", o.working_days_per_year)
        .member("openJobs", o.open_jobs)
        .member("ratingsCount", o.ratings_count)
        .member("ratingAverage", o.rating_average)
        .member("favoritesCount", o.favorites_count);
    if (card) {
        w.member("organization", "/api/organizations/" + id);
        // A short teaser: the first sentence of the description.
        auto dot = o.description.find(". ");
        w.member("teaser", o.description.substr(0, dot == std::string::npos ? o.description.size() : dot + 1));
    } else {
        w.member("description", o.description).member("website", o.website);
        write_contact_and_company(w, o, website_place::outside_company);
        w.member("jobPostings", "/api/job_postings?organization=" + id).member("createdAt", o.created_at);
        write_response_time(w, o.response);
    }
    w.end_object();
}

}  // namespace organizations

namespace {

// How a route shows an organization (write_organization): with its details, or as a card.
enum class shown_as { organization, card };

// One organization, as a card or with its details.
http_response organization_response(const organizations::organization_view& o, shown_as shape) {
    return json_response(200, o, [shape](json_writer& w, const organizations::organization_view& v) {
        organizations::write_organization(w, v, shape == shown_as::card);
    });
}

template <shown_as Shape>
task<http_response> list(request_context& ctx, organizations_actor& organizations) {
    constexpr bool cards = Shape == shown_as::card;
    if (auto e = search::query_bounds_violation(ctx.req.query)) co_return error_response(400, *e);
    std::optional<std::string> q = ctx.req.query_param("q");
    if (!q) q = ctx.req.query_param("name");
    if (q && q->size() > 1000) co_return error_response(400, "Der Suchtext ist zu lang (höchstens 1000 Zeichen).");
    if (q && q->find_first_not_of(" \t") == std::string::npos) q.reset();
    int page = 1, per_page = 20;
    if (auto p = ctx.req.query_param("page"); p && !p->empty()) {
        auto v = search::parse_int(*p);
        if (!v || *v < 1 || *v > 1000000) co_return error_response(400, "page muss eine positive Zahl sein.");
        page = static_cast<int>(*v);
    }
    if (auto p = ctx.req.query_param("itemsPerPage"); p && !p->empty()) {
        auto v = search::parse_int(*p);
        if (!v || *v < 1 || *v > 100) co_return error_response(400, "itemsPerPage muss zwischen 1 und 100 liegen.");
        per_page = static_cast<int>(*v);
    }
    ROUTE_TRY(auto found, co_await organizations.list(std::move(q), page, per_page));
    co_return json_response(200, found, [cards](json_writer& w, const organizations::organization_page& p) {
        write_paged_collection(w, cards ? "/api/organization_cards" : "/api/organizations", p,
                               [cards](json_writer& out, const organizations::organization_view& o) { organizations::write_organization(out, o, cards); });
    });
}

template <shown_as Shape>
task<http_response> one(request_context& ctx, organizations_actor& organizations) {
    ROUTE_TRY(auto id, path_id(ctx, "id", "Diesen Jobanbieter gibt es nicht."));
    ROUTE_TRY(auto o, co_await organizations.by_id(id));
    co_return organization_response(o, Shape);
}

task<http_response> get_organization_by_slug(request_context& ctx, organizations_actor& organizations) {
    std::string slug(ctx.req.param("slug"));
    if (!search::valid_slug(slug)) co_return error_response(404, "Diesen Jobanbieter gibt es nicht.");
    const auto now = std::chrono::steady_clock::now();
    const auto version = organizations.catalogue_version();
    std::string key = "slug/" + slug;
    if (auto kept = organizations.kept_answers().find(key, version, organization_freshness, now)) co_return answer_from(*kept, ctx.req);
    auto o = co_await organizations.by_slug(std::move(slug));
    http_response res = o ? organization_response(*o, shown_as::organization) : error_response(o.error());
    if (o || o.error().kind == error_kind::not_found)
        if (auto kept = organizations.kept_answers().keep(std::move(key), version, res, now)) co_return answer_from(*kept, ctx.req);
    co_return res;
}

}  // namespace

void register_organizations_routes(router& r, actor_of<organizations_actor> organizations) {
    add_routes(r, organizations, {
        {http_method::get, "/api/organizations", public_read, list<shown_as::organization>},
        {http_method::get, "/api/organizations/slug/{slug}", public_read, get_organization_by_slug},
        {http_method::get, "/api/organizations/{id}", public_read, one<shown_as::organization>},
        {http_method::get, "/api/organization_cards", public_read, list<shown_as::card>},
        {http_method::get, "/api/organization_cards/{id}", public_read, one<shown_as::card>},
    });
}

}  // namespace jh
