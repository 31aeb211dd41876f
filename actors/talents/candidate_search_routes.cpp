// candidate_search_routes.cpp: the candidate search of an organization (docs/providers.md,
// "Candidate search"). Active members of an organization with the product only.
//
//   GET   /api/organizations/{id}/candidate_search                    a page of candidate cards
//         ?activity[]=&lat=&lon=&distance=&employmentStatus=&workingTime=&page=&itemsPerPage=
//   GET   /api/organizations/{id}/candidate_search/{profile}          one card with details (logged)
//   POST  /api/organizations/{id}/candidate_search/{profile}/contact  {"message"}: mailed through Jobhafen
//   PATCH /api/candidate_profiles/{profile}/pbasis_search/{id}/status {"status": "shortlisted"|"declined"}
#include <charconv>
#include <cmath>
#include <string>

#include "actors/actions_json.h"
#include "actors/route.h"
#include "actors/route_table.h"
#include "actors/talents/candidate_search_actor.h"
#include "reactor/json_body.h"
#include "reactor/loop_context.h"

namespace jh {

namespace {

constexpr std::size_t max_filter_chars = 100;
constexpr std::size_t max_search_activities = 20;

http_response private_json(int status, std::string body) {
    http_response res;
    res.status = status;
    res.body = std::move(body);
    return res;
}

result<std::optional<double>> read_coordinate(const request_context& ctx, std::string_view name, double limit) {
    auto v = ctx.req.query_param(name);
    if (!v || v->empty()) return std::optional<double>{};
    double d = 0;
    auto [end, ec] = std::from_chars(v->data(), v->data() + v->size(), d);
    if (ec != std::errc{} || end != v->data() + v->size() || !std::isfinite(d) || std::fabs(d) > limit)
        return fail(error_kind::bad_request, std::string(name) + " muss eine Koordinate sein.");
    return std::optional<double>{d};
}

// One short text parameter; empty means "any".
result<std::optional<std::string>> read_word(const request_context& ctx, std::string_view name) {
    auto v = ctx.req.query_param(name);
    if (!v || v->empty()) return std::optional<std::string>{};
    if (v->size() > max_filter_chars) return fail(error_kind::bad_request, std::string(name) + " ist zu lang.");
    return std::optional<std::string>{*v};
}

result<talents::search_filter> read_filter(const request_context& ctx) {
    talents::search_filter f;
    auto p = read_paging(ctx, 20, 50);
    if (!p) return std::unexpected(p.error());
    f.page = p->page;
    f.per_page = p->per_page;
    for (const char* name : {"activity[]", "activity"})
        for (auto& a : ctx.req.query_params(name)) {
            if (a.empty()) continue;
            if (a.size() > max_filter_chars || f.activities.size() >= max_search_activities)
                return fail(error_kind::bad_request, "activity: höchstens 20 Tätigkeiten.");
            f.activities.push_back(std::move(a));
        }
    auto lat = read_coordinate(ctx, "lat", 90);
    auto lon = read_coordinate(ctx, "lon", 180);
    if (!lat) return std::unexpected(lat.error());
    if (!lon) return std::unexpected(lon.error());
    f.lat = *lat;
    f.lon = *lon;
    if (f.lat.has_value() != f.lon.has_value()) return fail(error_kind::bad_request, "lat und lon gehören zusammen.");
    if (auto d = ctx.req.query_param("distance"); d && !d->empty()) {
        auto [end, ec] = std::from_chars(d->data(), d->data() + d->size(), f.radius_km);
        if (ec != std::errc{} || end != d->data() + d->size() || f.radius_km < 1 || f.radius_km > 500)
            return fail(error_kind::bad_request, "distance muss eine Zahl von 1 bis 500 (km) sein.");
        if (!f.lat) return fail(error_kind::bad_request, "distance braucht lat und lon.");
    }
    auto status = read_word(ctx, "employmentStatus");
    auto time = read_word(ctx, "workingTime");
    if (!status) return std::unexpected(status.error());
    if (!time) return std::unexpected(time.error());
    f.employment_status = *status;
    f.working_time = *time;
    return f;
}

task<http_response> get_search(request_context& ctx, candidate_search_actor& talents) {
    ROUTE_TRY(auto org, path_id(ctx));
    const auth::identity& who = ctx.who();
    ROUTE_TRY(auto f, read_filter(ctx));
    ROUTE_TRY(auto page, co_await talents.search(who, org, std::move(f)));
    http_response res = hydra_collection("CandidateCard", page.items, page.total,
                                         [](json_writer& w, const std::string& card) { w.raw(card); });
    co_return res;
}

// Opening a candidate is logged and marks it viewed: only from our own pages (authenticate_first_party).
task<http_response> get_candidate(request_context& ctx, candidate_search_actor& talents) {
    ROUTE_TRY(auto org, path_id(ctx));
    ROUTE_TRY(auto profile, path_id(ctx, "profile"));
    ROUTE_TRY(auto card, co_await talents.open(ctx.who(), org, profile));
    co_return private_json(200, std::move(card));
}

task<http_response> post_contact(request_context& ctx, candidate_search_actor& talents) {
    ROUTE_TRY(auto org, path_id(ctx));
    ROUTE_TRY(auto profile, path_id(ctx, "profile"));
    ROUTE_TRY(auto card, co_await talents.contact(ctx.who(), org, profile, actions::text_field(ctx.body, "message")));
    co_return private_json(201, std::move(card));
}

task<http_response> patch_status(request_context& ctx, candidate_search_actor& talents) {
    ROUTE_TRY(auto profile, path_id(ctx));
    ROUTE_TRY(auto org, path_id(ctx, "organization_id"));
    ROUTE_TRY(auto status, co_await talents.set_status(ctx.who(), profile, org, actions::text_field(ctx.body, "status")));
    co_return private_json(200, std::move(status));
}

}  // namespace

void register_candidate_search_routes(router& r, actor_of<candidate_search_actor> talents) {
    add_routes(r, talents, {
        {http_method::get, "/api/organizations/{id}/candidate_search", provider_no_body, get_search},
        {http_method::get, "/api/organizations/{id}/candidate_search/{profile}",
         without_body(access::provider_first_party, cache_kind::private_no_store), get_candidate},
        {http_method::post, "/api/organizations/{id}/candidate_search/{profile}/contact",
         json_body(access::provider, cache_kind::private_no_store, small_json_body), post_contact},
        {http_method::patch, "/api/candidate_profiles/{id}/pbasis_search/{organization_id}/status",
         json_body(access::account, cache_kind::private_no_store, small_json_body), patch_status},
    });
}

}  // namespace jh
