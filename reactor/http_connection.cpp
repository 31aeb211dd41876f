// http_connection.cpp: see http_connection.h. Read top to bottom, a request travels:
// on_read → process_input → parse (llhttp callbacks fill req_) → on_message_complete pauses the
// parser → dispatch → run_request (handler) → write_response → process_input again. This file
// reads and parses; http_connection_answer.cpp runs the handler, writes the answer and accepts.
#include "reactor/http_connection.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstring>

#include <sys/ioctl.h>

#include "reactor/access_log.h"
#include "reactor/auth.h"
#include "reactor/body_spool.h"
#include "reactor/connection_limits.h"
#include "reactor/forwarded_for.h"
#include "reactor/http_pipeline.h"
#include "reactor/log_redaction.h"
#include "reactor/loop_context.h"
#include "reactor/text.h"

static_assert(LLHTTP_VERSION_MAJOR == 9 && LLHTTP_VERSION_MINOR >= 2,
              "llhttp 9.2 or newer is required: older versions allow request smuggling (see ops/setup)");

namespace jh {

namespace {

http_connection* self(llhttp_t* p) { return static_cast<http_connection*>(p->data); }

int on_message_begin_cb(llhttp_t* p) { return self(p)->on_message_begin(); }
int on_url_cb(llhttp_t* p, const char* at, std::size_t n) { return self(p)->on_url(at, n); }
int on_header_field_cb(llhttp_t* p, const char* at, std::size_t n) { return self(p)->on_header_field(at, n); }
int on_header_value_cb(llhttp_t* p, const char* at, std::size_t n) { return self(p)->on_header_value(at, n); }
int on_headers_complete_cb(llhttp_t* p) { return self(p)->on_headers_complete(); }
int on_body_cb(llhttp_t* p, const char* at, std::size_t n) { return self(p)->on_body(at, n); }
int on_message_complete_cb(llhttp_t* p) { return self(p)->on_message_complete(); }

const llhttp_settings_t& parser_settings() {
    static const llhttp_settings_t s = [] {
        llhttp_settings_t st;
        llhttp_settings_init(&st);
        st.on_message_begin = on_message_begin_cb;
        st.on_url = on_url_cb;
        st.on_header_field = on_header_field_cb;
        st.on_header_value = on_header_value_cb;
        st.on_headers_complete = on_headers_complete_cb;
        st.on_body = on_body_cb;
        st.on_message_complete = on_message_complete_cb;
        return st;
    }();
    return s;
}

http_method method_from_llhttp(std::uint8_t m) {
    switch (m) {
        case HTTP_GET: return http_method::get;
        case HTTP_HEAD: return http_method::head;
        case HTTP_POST: return http_method::post;
        case HTTP_PUT: return http_method::put;
        case HTTP_PATCH: return http_method::patch;
        case HTTP_DELETE: return http_method::del;
        case HTTP_OPTIONS: return http_method::options;
        default: return http_method::other;
    }
}


// One read buffer per thread: data is parsed straight out of it, and only bytes left over while
// a handler runs are copied into the connection.
thread_local char read_buffer[64 * 1024];

void alloc_cb(uv_handle_t*, std::size_t, uv_buf_t* buf) { *buf = uv_buf_init(read_buffer, sizeof read_buffer); }
void read_cb(uv_stream_t* s, ssize_t n, const uv_buf_t* buf) { static_cast<http_connection*>(s->data)->on_read(n, buf); }
void timer_cb(uv_timer_t* t) { static_cast<http_connection*>(t->data)->on_timer(); }
void close_cb(uv_handle_t* h) { static_cast<http_connection*>(h->data)->on_closed(); }

void shutdown_cb(uv_shutdown_t* r, int status) { static_cast<http_connection*>(r->data)->on_shutdown(status); }

}  // namespace

// ---- lifetime ----------------------------------------------------------------------------------

http_connection::http_connection(http_listener& owner, loop_context& loop) : owner_(owner), loop_(loop) {
    uv_tcp_init(loop_.uv, &tcp_);
    uv_timer_init(loop_.uv, &timer_);
    tcp_.data = this;
    timer_.data = this;
    open_handles_ = 2;
    llhttp_init(&parser_, HTTP_REQUEST, &parser_settings());
    parser_.data = this;
    owner_.add(this);
    loop_.metrics.open_connections.fetch_add(1, std::memory_order_relaxed);
}

http_connection::~http_connection() {
    release_spool();
    if (admitted_ && loop_.shared.limits) loop_.shared.limits->release(client_);
    owner_.remove(this);
    loop_.metrics.open_connections.fetch_sub(1, std::memory_order_relaxed);
}

void http_connection::start() {
    uv_tcp_nodelay(&tcp_, 1);
    sockaddr_storage addr{};
    int len = sizeof addr;
    if (uv_tcp_getpeername(&tcp_, reinterpret_cast<sockaddr*>(&addr), &len) == 0) {
        char ip[INET6_ADDRSTRLEN] = {0};
        if (addr.ss_family == AF_INET) uv_ip4_name(reinterpret_cast<sockaddr_in*>(&addr), ip, sizeof ip);
        else if (addr.ss_family == AF_INET6) uv_ip6_name(reinterpret_cast<sockaddr_in6*>(&addr), ip, sizeof ip);
        socket_ip_ = ip;
        req_.peer_ip = ip;
        client_ = client_of(addr);
    }
    auto verdict = loop_.shared.limits ? loop_.shared.limits->admit(client_) : connection_limits::verdict::admitted;
    admitted_ = verdict == connection_limits::verdict::admitted;
    reading_ = uv_read_start(reinterpret_cast<uv_stream_t*>(&tcp_), alloc_cb, read_cb) == 0;
    if (!reading_) {
        close();
        return;
    }
    if (!admitted_) {
        refuse(verdict);
        return;
    }
    // A fresh connection must send its first request line and headers within the header timeout.
    arm_timer(static_cast<std::uint64_t>(loop_.cfg.http_header_timeout_ms));
}

// Accepted only to say no: the answer goes out at once (the client may not even have sent its
// request yet), then the lingering close.
void http_connection::refuse(connection_limits::verdict why) {
    std::string_view message = why == connection_limits::verdict::too_many_from_client
                                   ? "Von deiner Adresse sind zu viele Verbindungen offen. Bitte versuche es gleich noch einmal."
                                   : "Der Server ist gerade ausgelastet. Bitte versuche es gleich noch einmal.";
    http_response res = error_response(503, message);
    res.header("Retry-After", "5");
    answer_and_close(std::move(res));
}

void http_connection::close() {
    if (closing_) return;
    closing_ = true;
    uv_timer_stop(&timer_);
    uv_close(reinterpret_cast<uv_handle_t*>(&timer_), close_cb);
    uv_close(reinterpret_cast<uv_handle_t*>(&tcp_), close_cb);
}

void http_connection::on_closed() {
    // The handler coroutine refers to this object; it deletes it when it finishes.
    if (--open_handles_ == 0 && !in_handler_) delete this;
}

void http_connection::close_when_idle() {
    shutting_down_ = true;
    if (!in_handler_ && pending_writes_ == 0) close();
    else close_after_write_ = true;
}

// Called once the last answer is written on a connection that is to close. After an error answer
// the client may still be sending (a body we refused): shut our side down so it sees the end of
// the answer, and drop what it sends until it closes too, rather than reset the connection under
// an answer it has not read yet.
void http_connection::finish_close() {
    if (closing_) return;
    if (!discarding_) {
        close();
        return;
    }
    if (!shutdown_sent_) {
        shutdown_sent_ = true;
        shutdown_req_.data = this;
        if (uv_shutdown(&shutdown_req_, reinterpret_cast<uv_stream_t*>(&tcp_), shutdown_cb) != 0) {
            close();
            return;
        }
    }
    if (!reading_) reading_ = uv_read_start(reinterpret_cast<uv_stream_t*>(&tcp_), alloc_cb, read_cb) == 0;
}

void http_connection::on_shutdown(int status) {
    if (status < 0) close();
}

void http_connection::arm_timer(std::uint64_t ms) {
    if (!closing_) uv_timer_start(&timer_, timer_cb, ms, 0);
}

void http_connection::on_timer() {
    if (discarding_ || streaming_) {   // lingered long enough, or the client stopped reading our file
        close();
        return;
    }
    if (in_handler_) return;   // handlers bound their own time (database, Redis timeouts)
    if (received_any_ && phase_ == phase::body) {
        check_body_progress();
    } else if (received_any_ && phase_ == phase::headers) {
        fail(408);             // started a request but did not finish its headers in time
    } else {
        close();               // idle keep-alive connection, or one that never sent a byte
    }
}

// ---- the body clock ------------------------------------------------------------------------------------
// A body is judged once per window (http.body_rate_window_ms; the first window is the grace
// period): a window must bring at least http.body_min_bytes_per_s × its length, and at least one
// byte; the whole body must be in within http.body_timeout_ms. Otherwise 408. A window in which
// we paused reading for the disk is not judged and not counted: then the slowness was ours. So are
// the bytes that wait unread in our socket when a short window is judged: they are the client's
// delivered bytes, only our loop came late to them (libuv runs due timers before it polls, so
// after a stall of the loop the timer sees the window before the reads; the sanitizer suites at
// nice 10 beside the browsers and the fuzzers had a 20 MiB chunked upload answered 408).

void http_connection::start_body_clock() {
    body_started_ms_ = window_started_ms_ = uv_now(loop_.uv);
    window_bytes_ = 0;
    window_paused_ = false;
    auto window = static_cast<std::uint64_t>(loop_.cfg.http_body_rate_window_ms);
    arm_timer(std::min(window, static_cast<std::uint64_t>(loop_.cfg.http_body_timeout_ms)));
}

void http_connection::check_body_progress() {
    const auto& cfg = loop_.cfg;
    std::uint64_t now = uv_now(loop_.uv);
    if (window_paused_ || spool_paused_) body_started_ms_ += now - window_started_ms_;   // our pause is not the client's time
    window_started_ms_ = now;
    std::uint64_t elapsed = now - body_started_ms_;
    auto total = static_cast<std::uint64_t>(cfg.http_body_timeout_ms);
    auto window = static_cast<std::uint64_t>(cfg.http_body_rate_window_ms);
    std::uint64_t needed = std::max<std::uint64_t>(1, static_cast<std::uint64_t>(cfg.http_body_min_bytes_per_s) * window / 1000);
    bool short_window = !window_paused_ && !spool_paused_ && window_bytes_ < needed;
    if (short_window) short_window = window_bytes_ + bytes_waiting_unread() < needed;   // only when short: a system call
    if (elapsed >= total || short_window) {
        fail(408);
        return;
    }
    window_bytes_ = 0;
    window_paused_ = spool_paused_;
    arm_timer(std::min(window, total - elapsed));
}

std::uint64_t http_connection::bytes_waiting_unread() const {
    uv_os_fd_t fd = -1;
    int waiting = 0;
    if (uv_fileno(reinterpret_cast<const uv_handle_t*>(&tcp_), &fd) != 0 || ::ioctl(fd, FIONREAD, &waiting) != 0) return 0;
    return static_cast<std::uint64_t>(std::max(waiting, 0));
}

// ---- reading and parsing ---------------------------------------------------------------------

void http_connection::on_read(ssize_t n, const uv_buf_t* buf) {
    if (discarding_) {         // after a final error answer: drop, and close at the client's end
        if (n < 0 || (discarded_ += static_cast<std::uint64_t>(std::max<ssize_t>(n, 0))) > linger_max_bytes) close();
        return;
    }
    if (n < 0) {               // EOF or error: nothing more will come
        if (in_handler_ || pending_writes_ > 0) {
            close_after_write_ = true;
            uv_read_stop(reinterpret_cast<uv_stream_t*>(&tcp_));
            reading_ = false;
        } else {
            close();
        }
        return;
    }
    if (n == 0) return;
    if (in_handler_ || !input_.empty() || in_process_input_) {
        // Pipelined bytes behind a request still being answered: keep them for later, but stop
        // reading when too much piles up, so a client cannot make us buffer without bound.
        input_.append(buf->base, static_cast<std::size_t>(n));
        if (input_.size() > max_pending_input) {
            uv_read_stop(reinterpret_cast<uv_stream_t*>(&tcp_));
            reading_ = false;
        }
        if (!in_handler_) process_input();
        return;
    }
    parse(buf->base, static_cast<std::size_t>(n));
    if (!in_handler_ && !input_.empty()) process_input();
}

void http_connection::process_input() {
    if (in_process_input_) return;   // a synchronous handler finished inside our own loop below
    in_process_input_ = true;
    while (!in_handler_ && !closing_ && !close_after_write_ && !input_.empty()) {
        std::string pending = std::move(input_);
        input_.clear();
        parse(pending.data(), pending.size());
    }
    in_process_input_ = false;
    if (!reading_ && !spool_paused_ && !closing_ && !close_after_write_ && !in_handler_ && input_.empty()) {
        reading_ = uv_read_start(reinterpret_cast<uv_stream_t*>(&tcp_), alloc_cb, read_cb) == 0;
    }
}

// Feeds bytes to llhttp. When a request is complete the parser pauses: the bytes after it are
// kept in input_ and the request is dispatched. Never recurses per request: whoever called parse()
// (on_read or process_input) goes on with input_ once the handler is done.
void http_connection::parse(const char* data, std::size_t len) {
    if (closing_ || close_after_write_) return;
    llhttp_errno_t err = llhttp_execute(&parser_, data, len);
    if (err == HPE_OK) return;
    if (err == HPE_PAUSED) {
        const char* stop = llhttp_get_error_pos(&parser_);
        std::size_t used = stop ? static_cast<std::size_t>(stop - data) : len;
        llhttp_resume(&parser_);
        if (used < len) input_.insert(0, data + used, len - used);
        if (gate_pending_) {   // paused at headers-complete of an upload: ask its gate first
            gate_pending_ = false;
            uv_timer_stop(&timer_);
            in_handler_ = true;
            spawn(pass_body_gate());
            return;
        }
        dispatch();
        return;
    }
    // A parse error, or a limit that a callback enforced (pending_error_ says which).
    if (pending_error_ == 0)
        spdlog::debug("http parse error: {} ({})", llhttp_errno_name(err), llhttp_get_error_reason(&parser_));
    fail(pending_error_ != 0 ? pending_error_ : 400);
}

bool http_connection::count_header_bytes(std::size_t n) {
    header_bytes_ += n;
    if (header_bytes_ > max_header_bytes) {
        pending_error_ = 431;
        return false;
    }
    return true;
}

int http_connection::on_message_begin() {
    req_.clear();
    field_.clear();
    value_.clear();
    reading_value_ = false;
    header_bytes_ = 0;
    pending_error_ = 0;
    route_ = nullptr;
    gate_pending_ = false;
    expect_continue_ = false;
    phase_ = phase::headers;
    received_any_ = true;
    started_ns_ = uv_hrtime();
    arm_timer(static_cast<std::uint64_t>(loop_.cfg.http_header_timeout_ms));
    return 0;
}

int http_connection::on_url(const char* at, std::size_t len) {
    if (!count_header_bytes(len)) return -1;
    req_.target.append(at, len);
    return 0;
}

bool http_connection::store_header() {
    if (req_.headers.size() >= static_cast<std::size_t>(max_header_count)) {
        pending_error_ = 431;
        return false;
    }
    req_.headers.push_back({std::move(field_), std::move(value_)});
    field_.clear();
    value_.clear();
    return true;
}

int http_connection::on_header_field(const char* at, std::size_t len) {
    if (!count_header_bytes(len)) return -1;
    if (reading_value_) {
        if (!store_header()) return -1;
        reading_value_ = false;
    }
    for (std::size_t i = 0; i < len; ++i) field_ += static_cast<char>(std::tolower(static_cast<unsigned char>(at[i])));
    return 0;
}

int http_connection::on_header_value(const char* at, std::size_t len) {
    if (!count_header_bytes(len)) return -1;
    value_.append(at, len);
    reading_value_ = true;
    return 0;
}

int http_connection::on_headers_complete() {
    if (!field_.empty() && !store_header()) return -1;
    req_.peer_ip = client_address(socket_ip_, req_.headers, loop_.proxies);
    req_.method = method_from_llhttp(parser_.method);
    req_.version_minor = parser_.http_minor;
    if (parser_.http_major != 1) {
        pending_error_ = 505;
        return -1;
    }

    // Split target into path and query; the path is percent-decoded once, here.
    std::string_view target(req_.target);
    auto q = target.find('?');
    std::string_view raw_path = target.substr(0, q);
    if (q != std::string_view::npos) req_.query = target.substr(q + 1);
    if (raw_path.empty() || raw_path.front() != '/' || !percent_decode(raw_path, req_.path, false)) {
        pending_error_ = 400;
        return -1;
    }

    match_ = loop_.shared.routes->match(req_.method, raw_path, req_);
    route_ = match_.found;
    body_limit_ = (route_ && route_->policy.max_body_bytes > 0) ? route_->policy.max_body_bytes : loop_.cfg.http_max_body_bytes;

    // Refuse an oversized body before reading it.
    bool has_length = (parser_.flags & F_CONTENT_LENGTH) != 0;
    if (has_length && parser_.content_length > static_cast<std::uint64_t>(body_limit_)) {
        pending_error_ = 413;
        return -1;
    }
    expect_continue_ = false;
    if (auto expect = req_.header("expect")) {
        if (!iequals(*expect, "100-continue")) {
            pending_error_ = 417;
            return -1;
        }
        expect_continue_ = req_.version_minor >= 1;
    }
    phase_ = phase::body;
    if (route_ && route_->policy.body == body_kind::upload) {
        gate_pending_ = true;   // parse() runs the route's gate before the body is read
        return HPE_PAUSED;
    }
    // The client waits for our go-ahead before sending the body.
    if (expect_continue_) write_bytes("HTTP/1.1 100 Continue\r\n\r\n", nullptr, {});
    // Without a body llhttp completes the message at once and the header timer is stopped there.
    if ((has_length && parser_.content_length > 0) || (parser_.flags & F_CHUNKED) != 0) start_body_clock();
    return 0;
}

task<void> http_connection::pass_body_gate() {
    // The route's `who` before a byte of the upload is stored (the handler's pipeline checks it
    // again, with the body; router::add allows uploads only to signed-in callers).
    std::optional<http_response> refusal;
    try {
        request_context ctx{req_, loop_};
        refusal = co_await authenticate_caller(ctx, route_->policy);
    } catch (const std::exception& e) {
        spdlog::error("body gate for {} {} threw: {}", method_name(req_.method), redacted_target(req_.target, log_hint()), e.what());
        refusal = error_response(500, {});
    }
    in_handler_ = false;
    if (closing_) {
        if (open_handles_ == 0) delete this;
        co_return;
    }
    if (refusal) {
        answer_and_close(std::move(*refusal));
        co_return;
    }
    if (expect_continue_) write_bytes("HTTP/1.1 100 Continue\r\n\r\n", nullptr, {});
    start_spool();
    start_body_clock();
    process_input();   // the body bytes that came meanwhile; reading goes on from there
}

// ---- streaming bodies (reactor/body_spool.h) ------------------------------------------------------

void http_connection::start_spool() {
    release_spool();
    // The name is ours and random; nothing the client sent goes into a path.
    std::string path = loop_.cfg.var_dir + "/tmp/upload-" + auth::random_token(18);
    spool_ = body_spool::create(loop_.uv, std::move(path), [this] { on_spool_drain(); });
}

void http_connection::on_spool_drain() {
    spool_paused_ = false;
    if (!reading_ && !closing_ && !close_after_write_ && !in_handler_)
        reading_ = uv_read_start(reinterpret_cast<uv_stream_t*>(&tcp_), alloc_cb, read_cb) == 0;
}

void http_connection::release_spool() {
    if (spool_) spool_->abandon();   // removes the file and frees itself when idle
    spool_ = nullptr;
    spool_paused_ = false;
}

int http_connection::on_body(const char* at, std::size_t len) {
    if (spool_) {
        if (spool_->size() + len > static_cast<std::uint64_t>(body_limit_)) {   // chunked bodies
            pending_error_ = 413;
            return -1;
        }
        spool_->append(at, len);
        window_bytes_ += len;
        if (spool_->over_high_water() && reading_) {   // let the disk catch up before reading more
            uv_read_stop(reinterpret_cast<uv_stream_t*>(&tcp_));
            reading_ = false;
            spool_paused_ = true;
            window_paused_ = true;
        }
        return 0;
    }
    if (req_.body.size() + len > static_cast<std::size_t>(body_limit_)) {   // chunked bodies
        pending_error_ = 413;
        return -1;
    }
    req_.body.append(at, len);
    window_bytes_ += len;   // judged by check_body_progress
    return 0;
}

int http_connection::on_message_complete() {
    req_.keep_alive = llhttp_should_keep_alive(&parser_) != 0;
    phase_ = phase::handling;
    return HPE_PAUSED;   // handled in parse(): the request is answered before the next is read
}

}  // namespace jh
