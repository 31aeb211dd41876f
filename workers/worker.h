// worker.h: `jobhafen worker KIND` and `jobhafen worker --list`.
//
// A worker is a separate process, NOT a reactor thread: it claims jobs of one kind from the
// PostgreSQL queue and runs them one after the other with blocking calls (libpq, libcurl). Any
// number of workers of a kind may run, on any host that reaches PostgreSQL and the server's
// ZeroMQ publish endpoint. SIGTERM (or SIGINT) finishes the job in hand, hands the rest of its
// claim back, and exits 0. See docs/queue.md.
#pragma once

#include <string>
#include <vector>

namespace jh {
struct config;
}

namespace jh::workers {

// `args` are the words after "worker": ["--list"] or [KIND]. Returns the exit code.
int worker_command(const config& cfg, const std::vector<std::string>& args);

}  // namespace jh::workers
