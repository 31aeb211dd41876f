// tracking_routes.cpp: POST /api/webhook/{event}, the tracking intake of the web app.
//
// 204 for every tracked event, stored or dropped (the client ignores the answer and must not learn
// whether it was excluded); 404 for an event name not in tracking_events.cpp; 400 for a body that
// is not a JSON object. Any content type is read as JSON, so navigator.sendBeacon (text/plain)
// works. The body limit is small: an event is a few hundred bytes.
#include "actors/actors.h"
#include "actors/tracking/tracking_events.h"
#include "reactor/http_pipeline.h"
#include "reactor/json_body.h"
#include "reactor/loop_context.h"
#include "reactor/router.h"

namespace jh {

namespace {

constexpr std::int64_t max_event_bytes = 64 * 1024;

task<http_response> post_webhook_event(request_context& ctx) {
    std::string_view event = ctx.req.param("event");
    if (!is_tracked_event(event)) co_return error_response(404, "Dieses Tracking-Ereignis gibt es nicht.");
    simdjson::dom::parser parser;
    if (ctx.req.body.empty()) ctx.req.body = "{}";   // an event without fields
    auto body = parse_json_object(ctx.req, parser);
    if (!body) co_return error_response(body.error());

    tracking_request r;
    r.event = event;
    r.body = &*body;
    r.user_agent = ctx.req.header("user-agent").value_or("");
    r.ip = ctx.req.peer_ip;
    r.cookie_header = ctx.req.header("cookie").value_or("");
    r.referer_header = ctx.req.header("referer").value_or("");
    r.impersonating = ctx.req.header("_switch_user").has_value();
    auto outcome = co_await ctx.loop.domain->tracking.record(r);
    if (!outcome) co_return error_response(outcome.error());
    co_return http_response::no_content();
}

}  // namespace

void register_tracking_routes(router& r) {
    r.add(http_method::post, "/api/webhook/{event}", post_webhook_event, route_options{max_event_bytes});
}

}  // namespace jh
