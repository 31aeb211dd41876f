// provider_registration_routes.cpp: POST /api/organization_member/register
// (docs/candidate-actions.md, "Provider registration"): reads the form and answers the same for
// a new and a known address.
#include <simdjson.h>

#include "actors/accounts/rate_classes.h"
#include "actors/actions_json.h"
#include "actors/provider_registration/provider_registration_actor.h"
#include "actors/route.h"
#include "reactor/auth.h"
#include "reactor/config.h"
#include "reactor/http_pipeline.h"
#include "reactor/json_body.h"
#include "reactor/loop_context.h"
#include "reactor/router.h"

namespace jh {

namespace {

using namespace actions;

provider_registration read_registration(simdjson::dom::object body) {
    provider_registration r;
    r.email = text_field(body, "email");
    r.password = text_field(body, "password");
    r.password_confirmation = text_field(body, "passwordConfirmation");
    r.first_name = text_field(body, "firstName");
    r.last_name = text_field(body, "lastName");
    r.phone = text_field(body, "phone");
    r.company = text_field(body, "company");
    if (r.company.empty()) r.company = text_field(body, "organizationName");
    r.street = text_field(body, "street");
    r.zipcode = text_field(body, "zipcode");
    r.city = text_field(body, "city");
    r.website = text_field(body, "website");
    simdjson::dom::object q;
    if (body["query"].get(q) == simdjson::SUCCESS) {
        std::string json = simdjson::minify(q);
        if (json.size() <= 4000) r.query_json = std::move(json);
    }
    simdjson::dom::object job;
    if (body["jobPosting"].get(job) == simdjson::SUCCESS) {
        r.job_title = text_field(job, "title");
        r.job_description = optional_text(job, "description");
        r.job_city = optional_text(job, "city");
    }
    return r;
}

task<http_response> post_organization_member_register(request_context& ctx, provider_registration_actor& registration) {
    ROUTE_CHECK(co_await registration.register_provider(read_registration(ctx.body)));
    // The same answer for a known address (its owner gets a mail instead): no account id.
    co_return message_response(201, "Vielen Dank für Ihre Registrierung! Bitte bestätigen Sie Ihre E-Mail-Adresse. Wir prüfen Ihre "
                                    "Angaben und schalten Ihr Unternehmen danach frei.");
}

}  // namespace

void register_provider_registration_routes(router& r, actor_of<provider_registration_actor> registration) {
    r.add(http_method::post, "/api/organization_member/register",
          route_policy{.who = access::anyone, .body = body_kind::json, .cache = cache_kind::no_store, .rate = accounts::registration_rate,
                       .max_body_bytes = small_json_body}
              .only_from_our_pages(),
          with_actor(registration, post_organization_member_register));
}

}  // namespace jh
