// provider_webhooks_routes.cpp: an organization's webhook endpoints (docs/reach.md, "Webhooks").
//
//   GET    /api/organizations/{id}/webhooks                             the active endpoints, never the secret (the owner)
//   POST   /api/organizations/{id}/webhooks                             {url, events}: 201 with the secret, once (the owner)
//   DELETE /api/organizations/{id}/webhooks/{webhook}                   remove (the owner)
//   GET    /api/organizations/{id}/webhooks/{webhook}/deliveries        the delivery log, newest first, ≤ 100 (the owner)
//   POST   /api/organizations/{id}/webhooks/{webhook}/test              202: a webhook.test event is queued (the owner)
#include <optional>
#include <string>

#include "actors/accounts/accounts_actor.h"
#include "actors/actions_json.h"
#include "actors/route.h"
#include "actors/route_table.h"
#include "reactor/json_body.h"
#include "reactor/json_writer.h"
#include "reactor/router.h"

namespace jh {

namespace {

std::string webhooks_base(std::int64_t org) { return "/api/organizations/" + std::to_string(org) + "/webhooks/"; }

void write_webhook(json_writer& w, std::int64_t org, const accounts::webhook_endpoint_view& e, const std::string* secret = nullptr) {
    begin_resource(w, webhooks_base(org), "WebhookEndpoint", e.id)
        .member("url", e.url)
        .member("createdAt", e.created_at)
        .member("createdBy", e.created_by);
    member_list(w, "events", e.events);
    if (secret) w.member("secret", *secret);
    w.end_object();
}

void write_delivery(json_writer& w, std::int64_t org, std::int64_t webhook, const accounts::webhook_delivery_view& d) {
    begin_resource(w, webhooks_base(org) + std::to_string(webhook) + "/deliveries/", "WebhookDelivery", d.id)
        .member("eventType", d.event_type)
        .member("messageId", d.message_id)
        .member("createdAt", d.created_at)
        .member("state", d.state)
        .member("attempts", static_cast<std::int64_t>(d.attempts))
        .member("lastStatus", d.last_status)
        .member("lastError", d.last_error)
        .member("nextAttemptAt", d.next_attempt_at)
        .member("deliveredAt", d.delivered_at)
        .end_object();
}

constexpr nested_hydra_members<accounts::webhook_endpoint_view> webhook_members{
    "WebhookEndpoint", [](json_writer& w, std::int64_t org, const accounts::webhook_endpoint_view& e) { write_webhook(w, org, e); }};

task<http_response> post_webhook(request_context& ctx, accounts::accounts_actor& accounts) {
    ROUTE_TRY(auto org, path_id(ctx));
    auto body = ctx.body;
    ROUTE_TRY(auto made, co_await accounts.create_webhook(ctx.who(), org, actions::text_field(body, "url"), actions::name_list_field(body, "events")));
    co_return created_response(webhooks_base(org), made.endpoint.id, made, [&](json_writer& w, const accounts::created_webhook_endpoint& x) {
        write_webhook(w, org, x.endpoint, &x.secret);
    });
}

task<http_response> get_webhook_deliveries(request_context& ctx, accounts::accounts_actor& accounts) {
    ROUTE_TRY(auto org, path_id(ctx));
    ROUTE_TRY(auto webhook, path_id(ctx, "webhook"));
    ROUTE_TRY(auto list, co_await accounts.webhook_deliveries(ctx.who(), org, webhook));
    co_return hydra_collection("WebhookDelivery", list, [&](json_writer& w, const accounts::webhook_delivery_view& d) { write_delivery(w, org, webhook, d); });
}

task<http_response> post_webhook_test(request_context& ctx, accounts::accounts_actor& accounts) {
    ROUTE_TRY(auto org, path_id(ctx));
    ROUTE_TRY(auto webhook, path_id(ctx, "webhook"));
    ROUTE_TRY(auto d, co_await accounts.test_webhook(ctx.who(), org, webhook));
    co_return json_response(202, d, [&](json_writer& w, const accounts::webhook_delivery_view& x) { write_delivery(w, org, webhook, x); });
}

}  // namespace

void register_provider_webhook_routes(router& r, actor_of<accounts::accounts_actor> accounts) {
    constexpr std::int64_t small = 16 * 1024;
    const route_policy webhook_write = json_body(access::provider, cache_kind::private_no_store, small);
    // Where our data goes and its secret: the signed-in owner manages them, never an API key (no key scope).
    add_routes(r, accounts, {
        {http_method::get, "/api/organizations/{id}/webhooks", provider_no_body,
         nested_list_by_path_id<&accounts::accounts_actor::webhooks_of, webhook_members>},
        {http_method::post, "/api/organizations/{id}/webhooks", webhook_write, post_webhook},
        {http_method::del, "/api/organizations/{id}/webhooks/{webhook}", provider_no_body,
         delete_child_by_path_ids<&accounts::accounts_actor::remove_webhook, "webhook">},
        {http_method::get, "/api/organizations/{id}/webhooks/{webhook}/deliveries", provider_no_body, get_webhook_deliveries},
        {http_method::post, "/api/organizations/{id}/webhooks/{webhook}/test", provider_no_body.with_max_body(small), post_webhook_test},
    });
}

}  // namespace jh
