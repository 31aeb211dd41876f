// bench_queue.h: `jobhafen admin bench-queue`: the queue benchmark that bench/queue/run drives.
//
// For each worker count (1, 2, 4): enqueue --jobs no-op jobs through the server's enqueue path,
// start that many `jobhafen worker noop` processes and time the drain (jobs/s, from the first
// claim to the last completion, read from the table's own timestamps); then, with the workers
// idle, enqueue at a fixed --rate for --paced-seconds, one job per transaction plus a ZeroMQ
// wake-up as the server does, and report enqueue-to-start latency (p50, p99). Uses
// database.url (a scratch database: queue_jobs is truncated) and zmq.publish_endpoint (bound
// here, as the server would). Blocking and single-threaded on purpose: it is a bench.
#pragma once

#include <string>
#include <vector>

namespace jh {
struct config;
}

namespace jh::workers {

int bench_queue_command(const config& cfg, const std::vector<std::string>& args);

}  // namespace jh::workers
