// loop_context.h: everything one reactor thread owns.
//
// Each thread has its own libuv loop, listening socket, PostgreSQL pool, Redis client, ZeroMQ
// socket, metrics and actors; nothing here is shared with another thread, so nothing needs a lock.
// The actors are app/'s business (app/loop_domain.h): here they are an opaque pointer, so nothing
// in reactor/ or actors/ can look an actor up; a handler receives its actor from its route.
#pragma once

#include <uv.h>

#include <functional>
#include <memory>
#include <string>

#include "reactor/config.h"
#include "reactor/forwarded_for.h"
#include "reactor/metrics.h"
#include "reactor/pg.h"
#include "reactor/pg_replica.h"
#include "reactor/redis.h"
#include "reactor/zmq_link.h"
#include "reactor/zmq_request.h"

namespace jh {

class router;
class static_files;
class access_log;
class connection_limits;
// The actors of one loop: declared here, defined only in app/loop_domain.h.
struct loop_domain;
using loop_domain_ptr = std::unique_ptr<loop_domain, void (*)(loop_domain*)>;
struct loop_context;

// What every loop shares read-only after start: built once before the threads start.
struct shared_state {
    const config* cfg = nullptr;
    const router* routes = nullptr;
    const static_files* files = nullptr;
    metrics_registry* metrics = nullptr;
    zmq_hub* hub = nullptr;
    int access_log_fd = 2;            // where access lines go: standard error or log.file
    connection_limits* limits = nullptr;   // open connections in all and per client (reactor/connection_limits.h)
    // Makes the actors of a new loop (app/loop_domain.cpp); empty: a loop without actors.
    std::function<loop_domain_ptr(loop_context&)> make_domain;
};

struct loop_context {
    int index = 0;
    uv_loop_t* uv = nullptr;
    const config& cfg;
    shared_state& shared;
    loop_metrics& metrics;
    pg::pool pg;
    pg::read_pools reads;             // public reads: the replica when usable, else pg (reactor/pg_replica.h)
    redis::client redis;
    zmq_link zmq;
    zmq_requester requests;           // request/reply with render workers (reactor/zmq_request.h)
    loop_domain_ptr domain;           // the actors of this loop (opaque here; app/loop_domain.h)
    std::string http_date;            // "Sat, 21 Nov 2026 10:00:00 GMT", refreshed every second
    bool stopping = false;            // SIGTERM seen: finish in-flight work, accept nothing new
    access_log* access = nullptr;     // null when log.access is off (reactor/access_log.h)
    trusted_proxies proxies;          // http.trusted_proxies, checked by load_config (reactor/forwarded_for.h)

    loop_context(int idx, uv_loop_t* loop, shared_state& s, loop_metrics& m);
    ~loop_context();
};

}  // namespace jh
