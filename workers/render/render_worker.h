// render_worker.h: `jobhafen worker sedcard`: renders PDFs for the server, request/reply over
// ZeroMQ (not a queue worker: the server waits for the answer).
//
// A REP socket connects to zmq.request_endpoint (the hub's DEALER, reactor/zmq_link.cpp) and
// answers one request at a time: [request id, kind, model JSON, attachments...] →
// [request id, "ok", pdf] or [request id, "error", message]. Any number of these workers may run;
// the hub hands requests to them in turn. SIGTERM finishes the document in hand and exits 0.
#pragma once

#include <atomic>

namespace jh {
struct config;
}

namespace jh::render {

// The run_loop of the `sedcard` worker kind (workers/kinds.h).
int run_render_worker(const config& cfg, bool once, const std::atomic<bool>& stop, int stop_fd);

}  // namespace jh::render
