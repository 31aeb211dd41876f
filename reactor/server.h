// server.h: `jobhafen serve`: N reactor threads, each with its own loop, listener and clients.
//
// The main thread only waits for SIGTERM/SIGINT. On a signal every loop stops accepting, finishes
// the requests in flight, closes its clients and ends; after http.shutdown_timeout_ms whatever is
// left is closed by force. The process then exits 0.
#pragma once

#include <functional>

#include "reactor/config.h"
#include "reactor/loop_context.h"

namespace jh {

class router;

// What app/ gives the server: the route table of every domain, and the actors of each loop. The
// server itself knows no domain.
struct serve_wiring {
    std::function<void(router&)> register_routes;
    std::function<loop_domain_ptr(loop_context&)> make_domain;
    // The domains' own gauges for /metrics (metrics_registry::add_source), registered before the
    // loops start.
    std::function<void(metrics_registry&)> register_metrics;
};

// Runs the server until a stop signal; returns the process exit code.
int serve(const config& cfg, const serve_wiring& wiring);

}  // namespace jh
