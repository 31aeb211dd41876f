// server.h: `jobhafen serve`: N reactor threads, each with its own loop, listener and clients.
//
// The main thread only waits for SIGTERM/SIGINT. On a signal every loop stops accepting, finishes
// the requests in flight, closes its clients and ends; after http.shutdown_timeout_ms whatever is
// left is closed by force. The process then exits 0.
#pragma once

#include "reactor/config.h"
#include "reactor/loop_context.h"

namespace jh {

class router;

// What app/ gives the server: the route table of every domain, and the actors of each loop. The
// server itself knows no domain.
struct serve_wiring {
    void (*register_routes)(router&) = nullptr;
    loop_domain_ptr (*make_domain)(loop_context&) = nullptr;
};

// Runs the server until a stop signal; returns the process exit code.
int serve(const config& cfg, const serve_wiring& wiring);

}  // namespace jh
