// queue.h: the queue kinds, the names under which the server enqueues a job (queue_jobs.kind) and
// a worker claims it. Each name is also the ZeroMQ wake-up topic and `jobhafen worker KIND`.
//
// The one place these names are written: producers (actors/) pass them to job_queue::enqueue and
// job_queue::wake, consumers (workers/kinds.cpp) register their handlers under them. The payload
// each kind carries is the type beside it in messages/ (mail.h, media_jobs.h, webhook_event.h).
#pragma once

#include <string_view>

namespace jh::messages::queue {

inline constexpr std::string_view mail = "mail";           // messages/mail.h
inline constexpr std::string_view media = "media";         // messages/media_jobs.h
inline constexpr std::string_view webhooks = "webhooks";   // messages/webhook_event.h
inline constexpr std::string_view google_index = "google_index";   // {"job", "slug"[, "expiry"]}: queued by triggers (0360)
inline constexpr std::string_view provider_webhooks = "provider_webhooks";   // messages/provider_webhook.h: queued by triggers (0387)
inline constexpr std::string_view noop = "noop";           // "{}": the queue bench and its tests

}  // namespace jh::messages::queue
