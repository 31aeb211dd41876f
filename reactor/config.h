// config.h: every setting of Jobhafen, declared once.
//
// Values come from config/default.json, then the file named by JOBHAFEN_CONFIG, then JOBHAFEN_*
// environment variables (JOBHAFEN_HTTP_PORT sets "http.port"). Each key is one row of the table in
// config.cpp with its type and bounds; an unknown key or a bad value stops the start with a
// message naming the key. Production secrets live only in the JOBHAFEN_CONFIG file or the
// environment, never in the repository.
#pragma once

#include <cstdint>
#include <expected>
#include <string>
#include <vector>

namespace jh {

struct config {
    // http
    std::string http_bind = "0.0.0.0";
    int http_port = 8080;
    int http_threads = 0;                  // 0: one per core
    std::string http_web_root = "web/dist";
    std::int64_t http_max_body_bytes = 1 << 20;
    int http_header_timeout_ms = 10000;    // request line + headers must arrive within this
    int http_idle_timeout_ms = 60000;      // idle keep-alive connections are closed after this
    std::vector<std::string> http_metrics_allow = {"127.0.0.1", "::1"};
    std::string http_public_origin = "http://localhost:8080";
    int http_shutdown_timeout_ms = 10000;

    // database
    std::string database_url = "postgresql://postgres@127.0.0.1:55432/jobhafen";
    int database_pool_size = 4;            // connections per loop
    int database_queue_limit = 512;        // waiting queries per loop before 503
    int database_query_timeout_ms = 5000;
    bool database_migrate_on_serve = true;

    // redis
    std::string redis_url = "redis://127.0.0.1:56379";
    int redis_connect_timeout_ms = 1000;
    int redis_command_timeout_ms = 1000;

    // zeromq
    std::string zmq_publish_endpoint = "tcp://127.0.0.1:55571";  // workers subscribe here for wake-ups
    std::string zmq_request_endpoint = "tcp://127.0.0.1:55572";  // workers answer requests (sedcard)

    // log
    std::string log_level = "info";
    bool log_access = true;
    std::string log_file;                  // empty: standard error

    // paths
    std::string var_dir = "var";

    // diagnostics: /api/diagnostics/* (echo a JSON body, wait a given time) for tests and benches.
    // Off unless switched on; never needed in production.
    bool diagnostics_enabled = false;
};

// Loads the configuration as described above. `environ_override` is for tests; normally empty.
std::expected<config, std::string> load_config();

// The number of loop threads after resolving 0 to the number of cores.
int resolved_threads(const config& c);

}  // namespace jh
