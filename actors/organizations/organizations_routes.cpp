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
#include "actors/organizations/organization_json.h"
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
        w.member("description", o.description)
            .member("website", o.website)
            .key("contact")
            .begin_object()
            .member("name", o.contact_name)
            .member("email", o.contact_email)
            .member("phone", o.contact_phone)
            .end_object()
            .key("company")
            .begin_object()
            .member("name", o.company_name)
            .member("legalForm", o.legal_form)
            .member("street", o.street)
            .member("zipcode", o.zipcode)
            .member("city", o.city)
            .member("country", o.country)
            .member("vatId", o.vat_id)
            .member("registerCourt", o.register_court)
            .member("registerNumber", o.register_number)
            .end_object()
            .member("jobPostings", "/api/job_postings?organization=" + id)
            .member("createdAt", o.created_at);
        write_response_time(w, o.response);
    }
    w.end_object();
}

}  // namespace organizations

namespace {

task<http_response> list(request_context& ctx, organizations_actor& organizations, bool cards) {
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
    http_response res;
    json_writer w(res.body);
    w.begin_object()
        .member("@id", cards ? "/api/organization_cards" : "/api/organizations")
        .member("@type", "hydra:Collection")
        .key("hydra:member")
        .begin_array();
    for (const auto& o : found.items) organizations::write_organization(w, o, cards);
    w.end_array()
        .member("hydra:totalItems", found.total)
        .member("totalItemsCapped", found.capped)
        .member("page", found.page)
        .member("itemsPerPage", found.items_per_page)
        .end_object();
    co_return res;
}

task<http_response> one(request_context& ctx, organizations_actor& organizations, bool cards) {
    auto id = search::parse_id(ctx.req.param("id"));
    if (!id) co_return error_response(404, "Diesen Jobanbieter gibt es nicht.");
    ROUTE_TRY(auto o, co_await organizations.by_id(*id));
    http_response res;
    json_writer w(res.body);
    organizations::write_organization(w, o, cards);
    co_return res;
}

task<http_response> get_organizations(request_context& ctx, organizations_actor& organizations) { co_return co_await list(ctx, organizations, false); }
task<http_response> get_organization_cards(request_context& ctx, organizations_actor& organizations) { co_return co_await list(ctx, organizations, true); }
task<http_response> get_organization(request_context& ctx, organizations_actor& organizations) { co_return co_await one(ctx, organizations, false); }
task<http_response> get_organization_card(request_context& ctx, organizations_actor& organizations) { co_return co_await one(ctx, organizations, true); }

task<http_response> get_organization_by_slug(request_context& ctx, organizations_actor& organizations) {
    std::string slug(ctx.req.param("slug"));
    if (!search::valid_slug(slug)) co_return error_response(404, "Diesen Jobanbieter gibt es nicht.");
    ROUTE_TRY(auto o, co_await organizations.by_slug(std::move(slug)));
    http_response res;
    json_writer w(res.body);
    organizations::write_organization(w, o, false);
    co_return res;
}

}  // namespace

void register_organizations_routes(router& r, actor_of<organizations_actor> organizations) {
    add_routes(r, organizations, {
        {http_method::get, "/api/organizations", public_read, get_organizations},
        {http_method::get, "/api/organizations/slug/{slug}", public_read, get_organization_by_slug},
        {http_method::get, "/api/organizations/{id}", public_read, get_organization},
        {http_method::get, "/api/organization_cards", public_read, get_organization_cards},
        {http_method::get, "/api/organization_cards/{id}", public_read, get_organization_card},
    });
}

}  // namespace jh
