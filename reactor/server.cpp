// server.cpp: see server.h. Read serve() first: shared state, then threads, then the wait.
#include "reactor/server.h"

#include <signal.h>
#include <spdlog/spdlog.h>
#include <uv.h>

#include <atomic>
#include <ctime>
#include <filesystem>
#include <memory>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "reactor/access_log.h"
#include "reactor/connection_limits.h"
#include "reactor/http_connection.h"
#include "reactor/loop_context.h"
#include "reactor/router.h"
#include "reactor/static_files.h"
#include "reactor/time_text.h"

namespace jh {

namespace {

void format_http_date(std::string& out) { out = http_date(std::time(nullptr)); }

// One reactor thread: its loop, its context and the handles that drive start and stop.
class reactor_thread {
public:
    reactor_thread(int index, shared_state& shared) : index_(index), shared_(shared) {}

    // Starts the thread; `ready` is set to the listener's error text, or "" once it listens.
    void start(std::atomic<int>& started, std::string& error) {
        thread_ = std::thread([this, &started, &error] { run(started, error); });
    }
    void request_stop() { uv_async_send(&stop_async_); }
    void join() {
        if (thread_.joinable()) thread_.join();
    }

private:
    void run(std::atomic<int>& started, std::string& error) {
        uv_loop_init(&loop_);
        uv_async_init(&loop_, &stop_async_, [](uv_async_t* a) { static_cast<reactor_thread*>(a->data)->begin_stop(); });
        stop_async_.data = this;
        ctx_ = std::make_unique<loop_context>(index_, &loop_, shared_, shared_.metrics->loop(index_));
        format_http_date(ctx_->http_date);
        uv_timer_init(&loop_, &tick_);
        tick_.data = this;
        uv_timer_start(&tick_, [](uv_timer_t* t) { static_cast<reactor_thread*>(t->data)->on_tick(); }, 1000, 1000);
        if (ctx_->cfg.log_access) ctx_->access = access_log::create(&loop_, index_, shared_.access_log_fd, ctx_->cfg.log_format == "json");
        ctx_->pg.start();
        ctx_->reads.start();
        ctx_->redis.start();
        listener_ = std::make_unique<http_listener>(*ctx_);
        std::string err = listener_->start();
        if (!err.empty()) {
            if (error.empty()) error = err;   // written before the counter is bumped: seen by main
            started.fetch_add(1);
            begin_stop();
        } else {
            started.fetch_add(1);
        }
        uv_run(&loop_, UV_RUN_DEFAULT);

        listener_.reset();
        ctx_.reset();
        // Anything still open (should be nothing) is closed before the loop is destroyed.
        uv_walk(&loop_, [](uv_handle_t* h, void*) { if (!uv_is_closing(h)) uv_close(h, nullptr); }, nullptr);
        uv_run(&loop_, UV_RUN_DEFAULT);
        uv_loop_close(&loop_);
    }

    // Once a second: the Date header and the gauges that other threads read for /metrics.
    void on_tick() {
        format_http_date(ctx_->http_date);
        pg::pool_stats st = ctx_->pg.stats();
        ctx_->metrics.pg_in_use.store(st.in_use, std::memory_order_relaxed);
        ctx_->metrics.pg_waiting.store(st.waiting, std::memory_order_relaxed);
        ctx_->metrics.pg_connected.store(st.connected, std::memory_order_relaxed);
        ctx_->metrics.pg_waits_total.store(st.waits_total, std::memory_order_relaxed);
        ctx_->metrics.pg_refused_total.store(st.refused_total, std::memory_order_relaxed);
        ctx_->metrics.redis_connected.store(ctx_->redis.connected() ? 1 : 0, std::memory_order_relaxed);
        ctx_->metrics.replica_usable.store(ctx_->reads.state() == pg::replica_state::ok ? 1 : 0, std::memory_order_relaxed);
        ctx_->metrics.replica_lag_ms.store(ctx_->reads.lag_ms(), std::memory_order_relaxed);
        ctx_->metrics.replica_reads_total.store(ctx_->reads.replica_reads(), std::memory_order_relaxed);
        ctx_->metrics.replica_fallbacks_total.store(ctx_->reads.primary_fallbacks(), std::memory_order_relaxed);
        if (!stopping_) ctx_->reads.tick();
        if (stopping_) check_drained();
    }

    void begin_stop() {
        if (stopping_) return;
        stopping_ = true;
        ctx_->stopping = true;
        stop_deadline_ = uv_now(&loop_) + static_cast<std::uint64_t>(ctx_->cfg.http_shutdown_timeout_ms);
        listener_->stop_accepting();
        uv_timer_start(&tick_, [](uv_timer_t* t) { static_cast<reactor_thread*>(t->data)->on_tick(); }, 20, 20);
        check_drained();
    }

    // Ends the loop once every connection is gone, or by force at the deadline.
    void check_drained() {
        if (listener_->has_connections() && uv_now(&loop_) < stop_deadline_) return;
        if (listener_->has_connections()) spdlog::warn("loop {}: closing connections still open after the shutdown timeout", index_);
        ctx_->pg.close();
        ctx_->reads.close();
        ctx_->redis.close();
        ctx_->requests.close();
        if (ctx_->access) {
            ctx_->access->close();   // frees itself after its last write
            ctx_->access = nullptr;
        }
        uv_close(reinterpret_cast<uv_handle_t*>(&tick_), nullptr);
        uv_close(reinterpret_cast<uv_handle_t*>(&stop_async_), nullptr);
        // Forced: the walk in run() closes the remaining connection handles.
        if (listener_->has_connections()) uv_stop(&loop_);
    }

    int index_;
    shared_state& shared_;
    std::thread thread_;
    uv_loop_t loop_{};
    uv_async_t stop_async_{};
    uv_timer_t tick_{};
    std::unique_ptr<loop_context> ctx_;
    std::unique_ptr<http_listener> listener_;
    bool stopping_ = false;
    std::uint64_t stop_deadline_ = 0;
};

}  // namespace

int serve(const config& cfg, const serve_wiring& wiring) {
    ::signal(SIGPIPE, SIG_IGN);
    const int threads = resolved_threads(cfg);

    router routes;
    wiring.register_routes(routes);
    std::vector<std::string> route_names;
    for (const auto& r : routes.routes()) route_names.push_back(std::string(method_name(r->method)) + " " + r->pattern);

    // The upload spool (reactor/body_spool.h): made once here, before any loop runs.
    {
        std::error_code ec;
        std::filesystem::create_directories(cfg.var_dir + "/tmp", ec);
        if (ec) spdlog::warn("cannot create {}/tmp: {}", cfg.var_dir, ec.message());
    }
    static_files files;
    files.load(cfg.http_web_root);
    metrics_registry metrics(std::move(route_names), threads);
    zmq_hub hub(cfg.zmq_publish_endpoint, cfg.zmq_request_endpoint);
    if (std::string err = hub.start(); !err.empty()) {
        spdlog::error("zeromq: {}", err);
        return 1;
    }
    shared_state shared{&cfg, &routes, &files, &metrics, &hub};
    shared.make_domain = wiring.make_domain;
    if (wiring.register_metrics) wiring.register_metrics(metrics);
    connection_limits limits(cfg.http_max_connections, cfg.http_max_connections_per_client);
    shared.limits = &limits;
    // Access lines go where the log goes; opened once here, before any loop runs.
    if (!cfg.log_file.empty()) {
        shared.access_log_fd = ::open(cfg.log_file.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
        if (shared.access_log_fd < 0) {
            spdlog::error("cannot open log.file {}: {}", cfg.log_file, std::strerror(errno));
            return 1;
        }
    }

    std::vector<std::unique_ptr<reactor_thread>> loops;
    std::atomic<int> started{0};
    std::string listen_error = http_listener::port_taken_by_another(cfg.http_bind, cfg.http_port);
    for (int i = 0; listen_error.empty() && i < threads; ++i) {
        loops.push_back(std::make_unique<reactor_thread>(i, shared));
        loops.back()->start(started, listen_error);
        // Start one after the other so a bind error is reported once and cleanly.
        while (started.load() <= i) std::this_thread::yield();
        if (!listen_error.empty()) break;
    }
    if (!listen_error.empty()) {
        spdlog::error("{}", listen_error);
        for (auto& l : loops) l->request_stop();
        for (auto& l : loops) l->join();
        hub.stop();
        return 1;
    }
    spdlog::info("jobhafen serves http://{}:{} with {} loop thread(s)", cfg.http_bind, cfg.http_port, threads);

    // The main thread waits for a stop signal on a loop of its own.
    uv_loop_t main_loop;
    uv_loop_init(&main_loop);
    uv_signal_t sigterm, sigint;
    uv_signal_init(&main_loop, &sigterm);
    uv_signal_init(&main_loop, &sigint);
    auto on_signal = [](uv_signal_t* s, int signum) {
        spdlog::info("signal {}: finishing requests in flight, then stopping", signum);
        uv_signal_stop(s);
        uv_stop(s->loop);
    };
    uv_signal_start(&sigterm, on_signal, SIGTERM);
    uv_signal_start(&sigint, on_signal, SIGINT);
    uv_run(&main_loop, UV_RUN_DEFAULT);

    for (auto& l : loops) l->request_stop();
    for (auto& l : loops) l->join();
    hub.stop();
    uv_close(reinterpret_cast<uv_handle_t*>(&sigterm), nullptr);
    uv_close(reinterpret_cast<uv_handle_t*>(&sigint), nullptr);
    uv_run(&main_loop, UV_RUN_DEFAULT);
    uv_loop_close(&main_loop);
    if (shared.access_log_fd != 2) ::close(shared.access_log_fd);
    spdlog::info("stopped");
    return 0;
}

}  // namespace jh
