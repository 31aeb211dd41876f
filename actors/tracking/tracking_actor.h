// tracking_actor.h: the tracking domain: which calls are tracked, and storing them.
//
// A tracked call is stored in tracking_events and, in the same transaction, queued as a
// `webhooks` job that forwards it (workers/webhooks/). Calls that must not be tracked
// (site-shell-and-providers.md section 9, "Tracking exclusions") are dropped without a trace:
// crawlers and user agents containing bot, spider or crawler; tracking.internal_ips; visits from
// a multiposting source that carry no cookies; and an administrator impersonating a user.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "reactor/app_error.h"
#include "reactor/route_policy.h"
#include "reactor/task.h"

namespace simdjson::dom {
class object;
}

namespace jh {

struct loop_context;

// One call of POST /api/webhook/{event}, as the route read it.
struct tracking_request {
    std::string_view event;            // already checked against tracked_events()
    const simdjson::dom::object* body = nullptr;   // the event's fields, url, referrer, queryParams, ssr
    std::string_view user_agent;
    std::string_view ip;
    std::string_view cookie_header;    // the raw Cookie header
    std::string_view referer_header;
    bool impersonating = false;        // a _switch_user header is present
    std::optional<std::int64_t> account_id;   // the signed-in sender (verified token), else a visitor
};

enum class tracking_outcome { stored, dropped, too_many };

// The 429 of a flood, from one visitor or from one client address.
inline constexpr std::string_view msg_too_many_events = "Zu viele Tracking-Ereignisse in kurzer Zeit. Bitte versuche es später noch einmal.";

// The events of one client address: tracking.limit_per_ip_per_minute a minute, counted by the
// pipeline for every call of the tracking route (reactor/route_policy.h).
extern const rate_class tracking_rate;

class tracking_actor {
public:
    explicit tracking_actor(loop_context& loop) : loop_(loop) {}

    // Drops or stores the call (and queues its forwarding). too_many: the visitor (pb_visitor_id)
    // sent more than tracking.limit_per_visitor_per_minute events this minute (the client address's
    // limit is the route's: tracking_rate).
    task<result<tracking_outcome>> record(const tracking_request& r);

    // The exclusion rules, one by one (pure; the integration tests reach them through HTTP).
    // (Crawlers by user agent: is_crawler in actors/crawlers.h, shared with the job view count.)
    bool is_internal_ip(std::string_view ip) const;
    static bool is_cookieless_multiposting(const tracking_request& r);

private:
    loop_context& loop_;
};

// The client address as stored: IPv4 with the last octet zeroed (203.0.113.0), IPv6 cut to its
// /48 prefix (2001:db8:1::); "" when it is not an address. An IPv4 address on a dual-stack
// socket (::ffff:a.b.c.d) is stored as IPv4.
std::string truncate_ip(std::string_view ip);

// The JSON stored for a call (and forwarded): {"event", "occurredAt", the body's own fields,
// "url", "referrer", "queryParams", "cookies", "device": {"userAgent", "ssr"}, "ip"}.
// Credential cookies (auth*, *token*, *jwt*, *session*, *csrf*) are never copied.
std::string tracking_payload(const tracking_request& r, std::string_view occurred_at);

}  // namespace jh
