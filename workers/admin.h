// admin.h: the `jobhafen admin ...` commands: looking at and repairing the job queue and the
// organizations from a shell, and the queue benchmark.
//
//   jobhafen admin jobs --dead [--limit N]   the dead jobs, newest first, with their last error
//   jobhafen admin jobs --retry ID           a dead job back to pending, attempts reset
//   jobhafen admin jobs --stats              jobs per kind and status
//
//   jobhafen admin organizations list                    organizations waiting for review (and reviewed ones)
//   jobhafen admin organizations approve|reject ID       the review of a provider registration
//   jobhafen admin organizations candidate-search ID on|off   the candidate-search product
//
//   jobhafen admin bench-queue ...                        the queue benchmark (bench_queue.cpp)
// Blocking libpq: an admin command is a short-lived process, not a reactor thread.
#pragma once

#include <string>
#include <vector>

namespace jh {
struct config;
}

namespace jh::workers {

// `args` are the words after "admin jobs". Returns the exit code.
int admin_jobs_command(const config& cfg, const std::vector<std::string>& args);

// `args` are the words after "admin organizations". Returns the exit code.
int admin_organizations_command(const config& cfg, const std::vector<std::string>& args);

// `jobhafen admin bench-queue`: the queue benchmark that bench/queue/run drives.
//
// For each worker count (1, 2, 4): enqueue --jobs no-op jobs through the server's enqueue path,
// start that many `jobhafen worker noop` processes and time the drain (jobs/s, from the first
// claim to the last completion, read from the table's own timestamps); then, with the workers
// idle, enqueue at a fixed --rate for --paced-seconds, one job per transaction plus a ZeroMQ
// wake-up as the server does, and report enqueue-to-start latency (p50, p99). Uses
// database.url (a scratch database: queue_jobs is truncated) and zmq.publish_endpoint (bound
// here, as the server would). Blocking and single-threaded on purpose: it is a bench.
int bench_queue_command(const config& cfg, const std::vector<std::string>& args);

}  // namespace jh::workers
