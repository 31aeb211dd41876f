// routes.cpp: the route table of every domain, and what all routes share (authentication and page
// heads). The table is built once and shared by every loop; each route reaches its own loop's actor
// through a getter made here (actor_in), because only app/ knows where the actors of a loop are.
#include "actors/accounts/account_deletion.h"
#include "actors/accounts/authenticate.h"
#include "actors/profiles/media_cleanup.h"
#include "actors/route.h"
#include "app/loop_domain.h"
#include "reactor/auth.h"
#include "reactor/http_pipeline.h"
#include "reactor/openapi.h"
#include "reactor/page_head.h"
#include "reactor/router.h"

#include <cstdio>
#include <memory>
#include <string>

namespace jh {

void register_system_routes(router& r, actor_of<system_actor> system);
void register_tracking_routes(router& r, actor_of<tracking_actor> tracking);
void register_accounts_routes(router& r, actor_of<accounts::accounts_actor> accounts);
void register_jobs_routes(router& r, actor_of<jobs_actor> jobs);
void register_organizations_routes(router& r, actor_of<organizations_actor> organizations);
void register_places_routes(router& r, actor_of<places_actor> places);
void register_search_routes(router& r, actor_of<jobs_actor> jobs, actor_of<organizations_actor> organizations);
void register_profiles_routes(router& r, actor_of<profiles_actor> profiles);
void register_applications_routes(router& r, actor_of<applications_actor> applications);
void register_pipeline_routes(router& r, actor_of<applicant_pipeline> pipeline);
void register_favourites_routes(router& r, actor_of<favourites_actor> favourites);
void register_job_alerts_routes(router& r, actor_of<job_alerts_actor> alerts);
void register_ratings_routes(router& r, actor_of<ratings_actor> ratings);
void register_contact_routes(router& r, actor_of<contact_actor> contact);
void register_billing_routes(router& r, actor_of<billing_actor> billing);
void register_provider_registration_routes(router& r, actor_of<provider_registration_actor> registration);
void register_content_routes(router& r, actor_of<content_actor> content);
void register_organization_write_routes(router& r, actor_of<organization_editor> editor);
void register_organization_team_routes(router& r, actor_of<accounts::accounts_actor> accounts);
void register_provider_webhook_routes(router& r, actor_of<accounts::accounts_actor> accounts);
void register_job_postings_write_routes(router& r, actor_of<job_postings_editor> editor);
void register_job_imports_routes(router& r, actor_of<job_importer> importer);
void register_candidate_search_routes(router& r, actor_of<candidate_search_actor> talents);
void register_shifts_routes(router& r, actor_of<shifts_actor> shifts);
void register_work_limits_routes(router& r, actor_of<work_limits_actor> limits);
void register_time_records_routes(router& r, actor_of<time_records_actor> records);
void register_shift_refill_routes(router& r, actor_of<shift_refill_actor> refill);
void register_pool_routes(router& r, actor_of<pool_actor> pool);
void register_reports_routes(router& r, actor_of<reports_actor> reports);

namespace {

// The getter of one actor of a loop: actor_in<&loop_domain::jobs> is an actor_of<jobs_actor>.
template <auto member>
auto& actor_in(loop_context& loop) {
    return (*loop.domain).*member;
}

// The <head> of a page the single-page app renders (reactor/page_head.h): the content actor knows
// the titles of pages, jobs and organizations.
task<std::shared_ptr<const page_head>> content_head(loop_context& loop, const http_request& req) {
    co_return co_await actor_in<&loop_domain::content>(loop).head_for(req.path);
}

// GET /api/openapi.json: the OpenAPI 3.1 document of the table (reactor/openapi.h), written once
// when the table is complete (it describes itself too) and answered from memory with an ETag; a
// client revalidates after an hour (the document changes only with a deploy).
void register_openapi_route(router& r) {
    auto document = std::make_shared<std::string>();
    auto etag = std::make_shared<std::string>();
    r.add(http_method::get, "/api/openapi.json", public_cached(cache_kind::by_handler),
          [document, etag](request_context& ctx) -> task<http_response> {
              http_response res;
              res.header("ETag", *etag);
              res.header("Cache-Control", "public, max-age=3600");
              if (auto inm = ctx.req.header("if-none-match"); inm && inm->find(*etag) != std::string_view::npos) {
                  res.status = 304;
                  co_return res;
              }
              res.content_type = "application/json";
              res.body = *document;
              co_return res;
          });
    *document = openapi_document(r, {.title = "Jobhafen API",
                                     .version = "1",
                                     .description = "Die Endpunkte von Jobhafen, aus der Routentabelle geschrieben. Jobanbieter "
                                                    "erreichen ihre Stellenanzeigen und Bewerbungen mit einem API-Schlüssel "
                                                    "(Authorization: Bearer jhk_…) im Rahmen seiner Berechtigungen."});
    *etag = "\"" + auth::sha256_hex(*document).substr(0, 32) + "\"";
}

}  // namespace

void register_all_routes(router& r) {
    // Every authenticated request asks the accounts actor whether its session lives.
    auth::use_accounts(actor_in<&loop_domain::accounts>);
    // The pipeline authenticates every route's caller as its policy declares (reactor/route_policy.h).
    set_authenticator(auth::authenticate_for);
    // The access token names the caller's role as accounts does (actors/roles.h).
    auth::use_role_names(auth::role_names);
    // A deleted account's sedcard files go with it, in its deletion transaction.
    accounts::add_deletion_step(profiles::enqueue_account_media_removal);
    set_page_head_provider(content_head);

    register_system_routes(r, actor_in<&loop_domain::system>);
    register_tracking_routes(r, actor_in<&loop_domain::tracking>);
    register_accounts_routes(r, actor_in<&loop_domain::accounts>);
    register_jobs_routes(r, actor_in<&loop_domain::jobs>);
    register_organizations_routes(r, actor_in<&loop_domain::organizations>);
    register_places_routes(r, actor_in<&loop_domain::places>);
    register_search_routes(r, actor_in<&loop_domain::jobs>, actor_in<&loop_domain::organizations>);
    register_profiles_routes(r, actor_in<&loop_domain::profiles>);
    register_applications_routes(r, actor_in<&loop_domain::applications>);
    register_pipeline_routes(r, actor_in<&loop_domain::pipeline>);
    register_favourites_routes(r, actor_in<&loop_domain::favourites>);
    register_job_alerts_routes(r, actor_in<&loop_domain::job_alerts>);
    register_ratings_routes(r, actor_in<&loop_domain::ratings>);
    register_contact_routes(r, actor_in<&loop_domain::contact>);
    register_billing_routes(r, actor_in<&loop_domain::billing>);
    register_provider_registration_routes(r, actor_in<&loop_domain::provider_registration>);
    register_content_routes(r, actor_in<&loop_domain::content>);
    register_organization_write_routes(r, actor_in<&loop_domain::org_editor>);
    register_job_postings_write_routes(r, actor_in<&loop_domain::job_editor>);
    register_job_imports_routes(r, actor_in<&loop_domain::job_imports>);
    register_candidate_search_routes(r, actor_in<&loop_domain::talents>);
    register_organization_team_routes(r, actor_in<&loop_domain::accounts>);
    register_provider_webhook_routes(r, actor_in<&loop_domain::accounts>);
    register_shifts_routes(r, actor_in<&loop_domain::shifts>);
    register_work_limits_routes(r, actor_in<&loop_domain::work_limits>);
    register_time_records_routes(r, actor_in<&loop_domain::time_records>);
    register_shift_refill_routes(r, actor_in<&loop_domain::shift_refill>);
    register_pool_routes(r, actor_in<&loop_domain::pool>);
    register_reports_routes(r, actor_in<&loop_domain::reports>);
    register_openapi_route(r);   // last: the document describes every route above
}

int routes_command() {
    router r;
    register_all_routes(r);
    std::string out = "| method | path | who | refuses | body | body limit | cache | rate | key scope |\n|---|---|---|---|---|---|---|---|---|\n";
    for (const auto& route : r.routes()) {
        const route_policy& p = route->policy;
        out += "| ";
        out += method_name(route->method);
        out += " | `" + route->pattern + "` | ";
        out += access_name(p.who);
        out += " | ";
        out += route_refusals(p);
        out += " | ";
        out += body_kind_name(p.body);
        out += " | ";
        out += p.max_body_bytes > 0 ? std::to_string(p.max_body_bytes) : std::string(p.body == body_kind::none ? "–" : "default");
        out += " | ";
        out += cache_kind_name(p.cache);
        out += " | ";
        out += p.rate.get().name;
        out += " | ";
        out += key_scope_name(p);
        out += " |\n";
    }
    std::fputs(out.c_str(), stdout);
    return 0;
}

}  // namespace jh
