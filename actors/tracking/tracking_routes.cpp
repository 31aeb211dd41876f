// tracking_routes.cpp: POST /api/webhook/{event}, the tracking intake of the web app.
//
// 204 for every tracked event, stored or dropped (the client ignores the answer and must not learn
// whether it was excluded); 404 for an event name not in tracking_events.cpp; 400 for a body that
// is not a JSON object. Any content type is read as JSON, so navigator.sendBeacon (text/plain)
// works. An event is a few hundred bytes: a body over tracking.max_event_bytes is 413, and more
// than tracking.limit_per_visitor_per_minute (here) / limit_per_ip_per_minute (the route's rate
// class, tracking_rate) events are 429.
#include "actors/tracking/tracking_actor.h"
#include "actors/route.h"
#include "actors/tracking/tracking_events.h"
#include "reactor/auth.h"
#include "reactor/config.h"
#include "reactor/http_pipeline.h"
#include "reactor/json_body.h"
#include "reactor/loop_context.h"
#include "reactor/router.h"

namespace jh {

namespace {

// The route's outer limit (the configured tracking.max_event_bytes can only be lower).
constexpr std::int64_t max_event_bytes = 64 * 1024;

task<http_response> post_webhook_event(request_context& ctx, tracking_actor& tracking) {
    std::string_view event = ctx.req.param("event");
    if (!is_tracked_event(event)) co_return error_response(404, "Dieses Tracking-Ereignis gibt es nicht.");
    if (auto max = static_cast<std::size_t>(ctx.loop.cfg.tracking_max_event_bytes); ctx.req.body.size() > max)
        co_return error_response(413, "Dieses Tracking-Ereignis ist zu groß. Erlaubt sind höchstens " + std::to_string(max) + " Bytes.");
    tracking_request r;
    r.event = event;
    r.body = &ctx.body;   // an empty body is an event without fields ({})
    r.user_agent = ctx.req.header("user-agent").value_or("");
    r.ip = ctx.req.peer_ip;
    r.cookie_header = ctx.req.header("cookie").value_or("");
    r.referer_header = ctx.req.header("referer").value_or("");
    r.impersonating = ctx.req.header("_switch_user").has_value();
    r.account_id = signed_in_account(ctx);   // stored with the event, so deleting the account removes exactly its events
    ROUTE_TRY(auto outcome, co_await tracking.record(r));
    if (outcome == tracking_outcome::too_many)
        co_return error_response(429, msg_too_many_events);
    co_return http_response::no_content();
}

}  // namespace

void register_tracking_routes(router& r, actor_of<tracking_actor> tracking) {
    r.add(http_method::post, "/api/webhook/{event}",
          {.who = access::anyone, .body = body_kind::json_or_empty, .cache = cache_kind::no_store, .rate = tracking_rate,
           .max_body_bytes = max_event_bytes},
          with_actor(tracking, post_webhook_event));
}

}  // namespace jh
