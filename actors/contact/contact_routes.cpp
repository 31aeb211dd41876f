// contact_routes.cpp: the HTTP side of the contact domain (docs/candidate-actions.md, "Contact
// requests and forms"): requests to an organization, project and general requests, the forms
// (16 newsletter, 17 price list, 20 contact) and the newsletter confirmation.
#include <simdjson.h>

#include "actors/actions_common.h"
#include "actors/actions_json.h"
#include "actors/contact/contact_actor.h"
#include "actors/route.h"
#include "actors/route_table.h"
#include "reactor/auth.h"
#include "reactor/http_pipeline.h"
#include "reactor/json_body.h"
#include "reactor/router.h"

namespace jh {

namespace {

using namespace actions;

// Every member of the body as text: numbers as written, a list (activities) as one
// comma-separated value; the actor checks each field by its kind's rules.
std::vector<std::pair<std::string, std::string>> read_fields(simdjson::dom::object body) {
    std::vector<std::pair<std::string, std::string>> fields;
    for (auto [k, v] : body) {
        std::string_view s;
        std::int64_t n = 0;
        simdjson::dom::array arr;
        if (v.get(s) == simdjson::SUCCESS) fields.emplace_back(std::string(k), std::string(s));
        else if (v.get(n) == simdjson::SUCCESS) fields.emplace_back(std::string(k), std::to_string(n));
        else if (v.get(arr) == simdjson::SUCCESS) {
            std::string joined;
            for (auto e : arr)
                if (e.get(s) == simdjson::SUCCESS) joined += (joined.empty() ? "" : ", ") + std::string(s);
            fields.emplace_back(std::string(k), std::move(joined));
        }
    }
    return fields;
}

// The caller comes from the route's policy: required for the signed-in user's contact, optional otherwise.
task<http_response> send(request_context& ctx, contact_actor& contact, std::string kind) {
    const std::optional<auth::identity>& who = ctx.caller;
    contact_input in;
    in.kind = std::move(kind);
    in.client_ip = ctx.req.peer_ip;
    if (ctx.req.param("id").size()) {
        ROUTE_TRY(auto id, path_id(ctx));
        in.organization_id = id;
    }
    in.fields = read_fields(ctx.body);
    ROUTE_CHECK(co_await contact.contact(who, std::move(in)));
    co_return message_response(201, "Vielen Dank! Deine Nachricht wurde gesendet.");
}

// The kinds of message that have a route of their own (contact_actor.h checks each kind's fields).
constexpr char to_organization_signed_in[] = "organization_user";
constexpr char to_organization_visitor[] = "organization_visitor";
constexpr char project_request[] = "project";
constexpr char general_request[] = "general";

template <const char* Kind>
task<http_response> send_kind(request_context& ctx, contact_actor& contact) {
    co_return co_await send(ctx, contact, Kind);
}

task<http_response> post_form(request_context& ctx, contact_actor& contact) {
    std::string_view form = ctx.req.param("formId");
    if (form == "16") co_return co_await send(ctx, contact, "form_newsletter");
    if (form == "17") co_return co_await send(ctx, contact, "form_price_list");
    if (form == "20") co_return co_await send(ctx, contact, "form_contact");
    co_return error_response(404, msg_not_found);
}

task<http_response> post_newsletter_confirm(request_context& ctx, contact_actor& contact) {
    if (ctx.req.param("formId") != "16") co_return error_response(404, msg_not_found);
    ROUTE_CHECK(co_await contact.confirm_newsletter(text_field(ctx.body, "token"), ctx.req.peer_ip));
    co_return message_response(200, "Danke! Deine Anmeldung zum Newsletter ist bestätigt.");
}

}  // namespace

void register_contact_routes(router& r, actor_of<contact_actor> contact) {
    // A message to people (an organization, us): counted per client against contact_rate, anyone may
    // write, and the signed-in sender is noted.
    // Messages go out in the person's name: never from an administrator acting as them.
    const route_policy contact_form = in_person({.who = access::anyone_or_account, .body = body_kind::json,
                                                 .cache = cache_kind::no_store, .rate = contact_rate, .max_body_bytes = small_json_body});
    const route_policy signed_in_contact_form = in_person({.who = access::account, .body = body_kind::json,
                                                           .cache = cache_kind::no_store, .rate = contact_rate,
                                                           .max_body_bytes = small_json_body});
    add_routes(r, contact, {
        {http_method::post, "/api/organizations/{id}/contact/user", signed_in_contact_form, send_kind<to_organization_signed_in>},
        {http_method::post, "/api/organizations/{id}/contact/visitor", contact_form, send_kind<to_organization_visitor>},
        {http_method::post, "/api/project_contact", contact_form, send_kind<project_request>},
        {http_method::post, "/api/general_contact", contact_form, send_kind<general_request>},
        {http_method::post, "/api/forms/{formId}", contact_form, post_form},
        {http_method::post, "/api/forms/{formId}/confirm", json_body(access::anyone, cache_kind::no_store, small_json_body),
         post_newsletter_confirm},
    });
}

}  // namespace jh
