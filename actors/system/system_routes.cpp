// system_routes.cpp: GET /api/health, GET /metrics, the bench route GET /api/bench/hello, and
// the diagnostic routes (only with diagnostics.enabled) that tests use to reach the reactor's
// JSON reading, slow-request handling, response-header checks and a stalled loop.
#include <algorithm>
#include <charconv>
#include <chrono>
#include <thread>

#include "actors/system/system_actor.h"
#include "actors/route.h"
#include "actors/route_table.h"
#include "reactor/http_pipeline.h"
#include "reactor/json_body.h"
#include "reactor/json_writer.h"
#include "reactor/timer.h"
#include "reactor/loop_context.h"
#include "reactor/router.h"

namespace jh {

namespace {

task<http_response> get_health(request_context&, system_actor& system) {
    health_report h = co_await system.check_health();
    http_response res;
    res.status = h.ok() ? 200 : 503;
    json_writer w(res.body);
    w.begin_object()
        .member("postgres", h.postgres_ok ? "ok" : "unavailable")
        .member("redis", h.redis_ok ? "ok" : "unavailable");
    // Only with a replica configured: without one the answer stays what it always was.
    if (h.replica != pg::replica_state::none) w.member("replica", pg::to_string(h.replica));
    if (h.replica_lag_ms >= 0) w.member("replicaLagMs", h.replica_lag_ms);
    w.end_object();
    co_return res;
}

task<http_response> get_metrics(request_context& ctx, system_actor& system) {
    const system_actor& sys = system;
    if (!sys.may_read_metrics(ctx.req.peer_ip)) co_return error_response(404, {});
    http_response res;
    res.content_type = "text/plain; version=0.0.4; charset=utf-8";
    res.body = co_await system.metrics_text();
    co_return res;
}

// A small JSON answer with no I/O: what bench/run compares with a bare libuv + llhttp program
// and Node's http module, so it measures the framework (parsing, routing, JSON, logging, metrics).
task<http_response> get_bench_hello(request_context&) {
    http_response res;
    json_writer w(res.body);
    w.begin_object().member("message", "Hallo Welt").member("service", "jobhafen").end_object();
    co_return res;
}

// Writes a parsed JSON value back out through json_writer (checks reading and escaping).
void write_element(json_writer& w, simdjson::dom::element e) {
    switch (e.type()) {
        case simdjson::dom::element_type::OBJECT:
            w.begin_object();
            for (auto [k, v] : simdjson::dom::object(e)) {
                w.key(k);
                write_element(w, v);
            }
            w.end_object();
            break;
        case simdjson::dom::element_type::ARRAY:
            w.begin_array();
            for (auto v : simdjson::dom::array(e)) write_element(w, v);
            w.end_array();
            break;
        case simdjson::dom::element_type::STRING: w.value(std::string_view(e)); break;
        case simdjson::dom::element_type::INT64: w.value(std::int64_t(e)); break;
        case simdjson::dom::element_type::UINT64: w.value(static_cast<double>(std::uint64_t(e))); break;
        case simdjson::dom::element_type::DOUBLE: w.value(double(e)); break;
        case simdjson::dom::element_type::BOOL: w.value(bool(e)); break;
        case simdjson::dom::element_type::NULL_VALUE: w.null(); break;
    }
}

task<http_response> post_diagnostics_echo(request_context& ctx) {
    if (!ctx.loop.cfg.diagnostics_enabled) co_return error_response(404, {});
    simdjson::dom::parser parser;
    ROUTE_TRY(auto doc, parse_json_body(ctx.req, parser));
    http_response res;
    json_writer w(res.body);
    w.begin_object().key("echo");
    write_element(w, doc);
    w.member("bytes", static_cast<std::int64_t>(ctx.req.body.size())).end_object();
    co_return res;
}

// Answers after ?ms= milliseconds (at most 30 s) without blocking the loop.
task<http_response> get_diagnostics_delay(request_context& ctx) {
    if (!ctx.loop.cfg.diagnostics_enabled) co_return error_response(404, {});
    std::int64_t ms = 0;
    auto text = ctx.req.query_param("ms").value_or("0");
    std::from_chars(text.data(), text.data() + text.size(), ms);
    ms = std::clamp<std::int64_t>(ms, 0, 30000);
    co_await delay{ctx.loop.uv, static_cast<std::uint64_t>(ms)};
    http_response res;
    json_writer(res.body).begin_object().member("waited_ms", ms).end_object();
    co_return res;
}

// Blocks this loop's thread for ?ms= milliseconds (at most 5 s), then answers 204: the one route
// that blocks a loop, on purpose, so that tests can show what a stalled loop (a loaded machine, a
// descheduled process) does to the clocks the loop keeps for its other connections.
task<http_response> get_diagnostics_stall(request_context& ctx) {
    if (!ctx.loop.cfg.diagnostics_enabled) co_return error_response(404, {});
    std::int64_t ms = 0;
    auto text = ctx.req.query_param("ms").value_or("0");
    std::from_chars(text.data(), text.data() + text.size(), ms);
    std::this_thread::sleep_for(std::chrono::milliseconds(std::clamp<std::int64_t>(ms, 0, 5000)));
    co_return http_response::no_content();
}

// Answers 204 with the decoded ?value= as the header X-Diagnostics: how tests show that the
// response writer refuses a header value with CR or LF (the answer becomes 500).
task<http_response> get_diagnostics_header(request_context& ctx) {
    if (!ctx.loop.cfg.diagnostics_enabled) co_return error_response(404, {});
    http_response res = http_response::no_content();
    res.header("X-Diagnostics", ctx.req.query_param("value").value_or(""));
    co_return res;
}

}  // namespace

void register_system_routes(router& r, actor_of<system_actor> system) {
    add_routes(r, system, {
        {http_method::get, "/api/health", public_read, get_health},
        {http_method::get, "/metrics", public_read, get_metrics},
        {http_method::get, "/api/bench/hello", public_read, get_bench_hello},
        {http_method::post, "/api/diagnostics/echo",
         {.who = access::anyone, .body = body_kind::raw, .cache = cache_kind::no_store, .rate = no_rate_limit},
         post_diagnostics_echo},
        {http_method::get, "/api/diagnostics/delay", public_read, get_diagnostics_delay},
        {http_method::get, "/api/diagnostics/header", public_read, get_diagnostics_header},
        {http_method::get, "/api/diagnostics/stall", public_read, get_diagnostics_stall},
    });
}

}  // namespace jh
