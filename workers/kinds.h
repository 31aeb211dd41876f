// kinds.h: the table of worker kinds: `jobhafen worker KIND` looks KIND up here.
//
// One row per kind: its name (also the ZeroMQ wake-up topic and queue_jobs.kind; the queue kinds
// are named in messages/queue.h), what it does, whether ops/run starts it, and how to build its
// handler. alerts and sedcard are not queue consumers: they run their own loop.
#pragma once

#include <atomic>
#include <memory>
#include <span>
#include <string_view>

#include "workers/job.h"

namespace jh {
struct config;
}

namespace jh::workers {

struct worker_kind {
    std::string_view name;
    std::string_view summary;
    // Printed by `worker --list`, which ops/run reads to start one worker of each kind. The noop
    // kind (bench and tests) is runnable but not listed, so ops/run does not start it.
    bool listed = true;
    std::unique_ptr<job_handler> (*make)(const config& cfg) = nullptr;
    // A kind that is not a queue consumer (the alerts timer loop, the sedcard renderer answering
    // requests over ZeroMQ) runs this instead of the queue loop, until `stop` is set (SIGTERM/SIGINT;
    // `stop_fd` becomes readable at the same time, for poll loops); `once`: `jobhafen worker KIND --once`.
    int (*run_loop)(const config& cfg, bool once, const std::atomic<bool>& stop, int stop_fd) = nullptr;
};

std::span<const worker_kind> worker_kinds();
const worker_kind* find_worker_kind(std::string_view name);

}  // namespace jh::workers
