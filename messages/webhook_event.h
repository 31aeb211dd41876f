// webhook_event.h: the webhook job, a stored tracking event on its way to webhook.url. The
// tracking actor enqueues it on the `webhooks` queue (actors/tracking/tracking_actor.cpp) and the
// webhooks worker POSTs it as it is (workers/webhooks/webhook_handler.h).
//
// JSON: the event object as the tracking intake stored it, with "eventId" (its row id in
// tracking_events) as the first member, so a receiver can tell a retried delivery apart:
//   {"eventId": 42, "event": "page_view", "url": ..., ...}
#pragma once

#include <cstdint>
#include <expected>
#include <string>
#include <string_view>

namespace jh::messages {

struct webhook_event {
    std::int64_t event_id = 0;
    std::string event_json;   // the stored event: a JSON object, without eventId
};

std::string to_json(const webhook_event& e);
// Requires an object with a positive integer eventId; event_json is the rest of it, minified.
std::expected<webhook_event, std::string> parse_webhook_event(std::string_view json);

}  // namespace jh::messages
