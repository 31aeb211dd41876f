// http_front_fuzz.cpp: the HTTP front end as a client meets it: bytes into a real connection.
//
// No seam in the server: the target builds what `jobhafen serve` builds for one loop (the real
// router with every route, the metrics, the ZeroMQ hub on ipc:// endpoints in a scratch folder, a
// loop_context with its PostgreSQL pool, Redis client and actors), then for each input makes a
// socketpair, hands one end to a real http_connection exactly as the listener does after
// accept(), writes the input into the other end, closes it for writing, and runs the loop until
// the connection is gone. So the bytes go through llhttp, the connection's callbacks and limits,
// the router, http_pipeline and the route handlers with their body and query readers.
//
// PostgreSQL and Redis point at a closed local port with short timeouts: a handler that gets as
// far as the database answers 503 quickly, which is what this target wants (everything before the
// database is the attack surface). Timeouts are short so that a half-sent request ends in
// milliseconds. Checks: every answer starts with an HTTP/1.x status line, and the connection
// always ends (a connection still open 5 seconds after the client stopped sending is a hang:
// the target aborts, and libFuzzer keeps the input).
#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>
#include <uv.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "app/loop_domain.h"
#include "app/search_settings.h"
#include "fuzz/fuzz_support.h"
#include "reactor/config.h"
#include "reactor/http_connection.h"
#include "reactor/loop_context.h"
#include "reactor/metrics.h"
#include "reactor/router.h"
#include "reactor/static_files.h"
#include "reactor/zmq_link.h"

namespace {

void check(bool ok) {
    if (!ok) std::abort();
}

jh::config make_config() {
    jh::config c;
    const std::string& dir = jh::fuzz::scratch_dir();
    c.var_dir = dir + "/var";
    std::filesystem::create_directories(c.var_dir + "/tmp");
    std::filesystem::create_directories(c.var_dir + "/media/profiles");
    c.http_web_root = dir + "/no-web-root";
    c.http_header_timeout_ms = 200;
    c.http_idle_timeout_ms = 200;
    c.http_max_body_bytes = 64 * 1024;
    c.database_url = "postgresql://postgres@127.0.0.1:9/jobhafen";   // the discard port: refused at once
    c.database_query_timeout_ms = 200;
    c.redis_url = "redis://127.0.0.1:9";
    c.redis_connect_timeout_ms = 100;
    c.redis_command_timeout_ms = 100;
    c.redis_outage_grace_ms = 0;                                     // nothing listens: refuse at once
    c.zmq_publish_endpoint = "ipc://" + dir + "/publish";
    c.zmq_request_endpoint = "ipc://" + dir + "/request";
    c.log_access = false;
    c.diagnostics_enabled = true;                                    // the JSON echo route too
    c.auth_secret = "fuzzing-secret-of-at-least-32-characters";
    c.auth_argon2_opslimit = 1;                                      // a registration that gets this far stays cheap
    c.auth_argon2_memlimit_kib = 8;
    jh::edit_section<jh::search_settings>(c).index = false;                                         // searches take the SQL path (refused at once)
    return c;
}

// What server.cpp builds for one loop, built once per process.
struct server_loop {
    jh::config cfg = make_config();
    uv_loop_t uv{};
    jh::router routes;
    jh::static_files files;
    std::unique_ptr<jh::metrics_registry> metrics;
    std::unique_ptr<jh::process_domain> process;
    std::unique_ptr<jh::zmq_hub> hub;
    jh::shared_state shared;
    std::unique_ptr<jh::loop_context> ctx;
    std::unique_ptr<jh::http_listener> listener;

    server_loop() {
        uv_loop_init(&uv);
        jh::register_all_routes(routes);
        std::vector<std::string> names;
        for (const auto& r : routes.routes()) names.push_back(std::string(jh::method_name(r->method)) + " " + r->pattern);
        metrics = std::make_unique<jh::metrics_registry>(std::move(names), 1);
        hub = std::make_unique<jh::zmq_hub>(cfg.zmq_publish_endpoint, cfg.zmq_request_endpoint);
        if (std::string err = hub->start(); !err.empty()) {
            std::fprintf(stderr, "http_front: zeromq: %s\n", err.c_str());
            std::abort();
        }
        shared = jh::shared_state{&cfg, &routes, &files, metrics.get(), hub.get()};
        process = std::make_unique<jh::process_domain>(cfg);
        shared.make_domain = jh::server_wiring(*process).make_domain;
        ctx = std::make_unique<jh::loop_context>(0, &uv, shared, metrics->loop(0));
        ctx->http_date = "Tue, 24 Nov 2026 06:00:00 GMT";
        listener = std::make_unique<jh::http_listener>(*ctx);   // not listening: connections come from socketpairs
    }
};

server_loop& server() {
    static server_loop* s = new server_loop();   // never destroyed: the loop's clients outlive any input
    return *s;
}

void set_nonblocking(int fd) { ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK); }

// Reads what the server answered so far (never blocks). False once the server closed its end.
bool drain(int fd, std::string& answer) {
    char buf[16384];
    for (;;) {
        ssize_t n = ::read(fd, buf, sizeof buf);
        if (n > 0) {
            if (answer.size() < 1 << 20) answer.append(buf, static_cast<std::size_t>(n));
            continue;
        }
        if (n == 0) return false;
        return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR;
    }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    jh::fuzz::quiet_logging();
    ::signal(SIGPIPE, SIG_IGN);
    (void)server();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    server_loop& s = server();
    int fds[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) std::abort();
    set_nonblocking(fds[0]);
    set_nonblocking(fds[1]);

    auto* conn = new jh::http_connection(*s.listener, *s.ctx);   // deletes itself when closed
    if (uv_tcp_open(conn->handle(), fds[0]) != 0) std::abort();
    conn->start();

    std::string_view in = jh::fuzz::as_text(data, size);
    std::string answer;
    bool server_open = true;
    bool shut = false;
    std::uint64_t client_done_ms = 0;
    bool asked_to_close = false;
    while (s.listener->has_connections()) {
        if (!in.empty()) {
            ssize_t n = ::write(fds[1], in.data(), in.size());
            if (n > 0) in.remove_prefix(static_cast<std::size_t>(n));
            else if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) in = {};   // server gone
        }
        if (in.empty() && !shut) {
            ::shutdown(fds[1], SHUT_WR);
            shut = true;
            client_done_ms = uv_now(&s.uv);
        }
        if (server_open) server_open = drain(fds[1], answer);
        uv_run(&s.uv, shut ? UV_RUN_ONCE : UV_RUN_NOWAIT);
        uv_update_time(&s.uv);
        if (shut && !asked_to_close && uv_now(&s.uv) - client_done_ms > 2000) {
            s.listener->stop_accepting();   // what shutdown does: finish, then close
            asked_to_close = true;
        }
        check(!shut || uv_now(&s.uv) - client_done_ms < 5000);   // the connection must end
    }
    if (server_open) drain(fds[1], answer);
    ::close(fds[1]);
    check(answer.empty() || answer.starts_with("HTTP/1.1 ") || answer.starts_with("HTTP/1.0 "));
    return 0;
}
