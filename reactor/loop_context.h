// loop_context.h: everything one reactor thread owns.
//
// Each thread has its own libuv loop, listening socket, PostgreSQL pool, Redis client, ZeroMQ
// socket, metrics and actors; nothing here is shared with another thread, so nothing needs a lock.
// A handler reaches its domain's actor through ctx.loop.actors.
#pragma once

#include <uv.h>

#include <memory>
#include <string>

#include "reactor/config.h"
#include "reactor/metrics.h"
#include "reactor/pg.h"
#include "reactor/redis.h"
#include "reactor/zmq_link.h"
#include "reactor/zmq_request.h"

namespace jh {

class router;
class static_files;
class access_log;
class connection_limits;
struct actors;
namespace search {
class index_service;
}

// What every loop shares read-only after start: built once before the threads start.
struct shared_state {
    const config* cfg = nullptr;
    const router* routes = nullptr;
    const static_files* files = nullptr;
    metrics_registry* metrics = nullptr;
    zmq_hub* hub = nullptr;
    int access_log_fd = 2;            // where access lines go: standard error or log.file
    connection_limits* limits = nullptr;   // open connections in all and per client (reactor/connection_limits.h)
    search::index_service* job_index = nullptr;   // null when search.index is off (search/index_service.h)
};

struct loop_context {
    int index = 0;
    uv_loop_t* uv = nullptr;
    const config& cfg;
    shared_state& shared;
    loop_metrics& metrics;
    pg::pool pg;
    redis::client redis;
    zmq_link zmq;
    zmq_requester requests;           // request/reply with render workers (reactor/zmq_request.h)
    std::unique_ptr<actors> domain;   // one actor per domain (actors/actors.h)
    std::string http_date;            // "Sat, 21 Nov 2026 10:00:00 GMT", refreshed every second
    bool stopping = false;            // SIGTERM seen: finish in-flight work, accept nothing new
    access_log* access = nullptr;     // null when log.access is off (reactor/access_log.h)

    loop_context(int idx, uv_loop_t* loop, shared_state& s, loop_metrics& m);
    ~loop_context();
};

}  // namespace jh
