// tracking_events.h: the one table of tracking event names (site-shell-and-providers.md, section 7,
// "Tracking webhooks"). POST /api/webhook/{event} accepts these, the two flow events
// (flow_step, registration_dialog) and the three shift steps (shift_chosen, shift_confirmed,
// calendar_subscribed, docs/shifts.md); any other name is 404.
#pragma once

#include <span>
#include <string_view>

namespace jh {

std::span<const std::string_view> tracked_events();
bool is_tracked_event(std::string_view name);

}  // namespace jh
