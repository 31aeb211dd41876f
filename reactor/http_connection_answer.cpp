// http_connection_answer.cpp: the second half of an HTTP connection (reactor/http_connection.h):
// handing a parsed request to its handler (dispatch, run_request), writing the answer (in memory or
// streamed from a file) and the error answers that close; and the listener that accepts
// connections. Reading and parsing are in http_connection.cpp.
#include "reactor/http_connection.h"

#include <spdlog/spdlog.h>

#include <cstring>

#include "reactor/access_log.h"
#include "reactor/body_stream.h"
#include "reactor/body_spool.h"
#include "reactor/cannot_store.h"
#include "reactor/connection_limits.h"
#include "reactor/http_pipeline.h"
#include "reactor/log_redaction.h"
#include "reactor/loop_context.h"
#include "reactor/request_id.h"

namespace jh {

namespace {

struct write_request {
    uv_write_t req;
    http_connection* conn;
    std::string head;                            // owned bytes (head, or head + small body)
    std::shared_ptr<const std::string> body;     // keeps a shared body alive until written
};

void write_cb(uv_write_t* w, int status) {
    auto* wr = static_cast<write_request*>(w->data);
    http_connection* c = wr->conn;
    delete wr;
    c->on_write_done(status);
}

// False when a header of `res` holds CR, LF or NUL (it would split the answer); names the header.
bool headers_are_safe(const http_response& res, std::string_view& bad) {
    if (!header_is_safe(res.content_type)) {
        bad = "Content-Type";
        return false;
    }
    for (const auto& h : res.headers) {
        if (!header_is_safe(h.name) || !header_is_safe(h.value)) {
            bad = header_is_safe(h.name) ? std::string_view(h.name) : std::string_view("(name)");
            return false;
        }
    }
    return true;
}

}  // namespace

// ---- handling and writing -----------------------------------------------------------------------

void http_connection::dispatch() {
    uv_timer_stop(&timer_);
    in_handler_ = true;
    if (!spool_) {
        spawn(run_request());
        return;
    }
    // A streamed body: answer once the last bytes are on disk. in_handler_ keeps this object
    // alive meanwhile, and pipelined bytes are kept in input_.
    spool_paused_ = false;
    spool_->finish([this](bool ok) {
        if (closing_) {
            in_handler_ = false;
            release_spool();
            if (open_handles_ == 0) delete this;
            return;
        }
        if (!ok) {
            in_handler_ = false;
            const bool no_room = spool_->out_of_space();
            release_spool();
            if (no_room) answer_and_close(error_response(cannot_store_now()));
            else fail(500);
            return;
        }
        req_.body_file = spool_->path();
        req_.body_file_size = spool_->size();
        spawn(run_request());
    });
}

task<void> http_connection::run_request() {
    req_.request_id = accept_or_make_request_id(req_.header("x-request-id"));
    serve_request_id serve{&req_.request_id};
    co_await serve;
    http_response res;
    try {
        res = co_await handle_request(loop_, req_, match_);
    } catch (const std::exception& e) {
        spdlog::error("handler for {} {} threw: {}", method_name(req_.method), redacted_target(req_.target, log_hint()), e.what());
        res = error_response(500, "Ein interner Fehler ist aufgetreten.");
    }
    release_spool();
    in_handler_ = false;
    if (closing_) {
        if (open_handles_ == 0) delete this;
        co_return;
    }
    finish_response(req_, res);

    // Counted before the answer is written: uv_write may send it at once, and the client's next
    // request (to /metrics, on another loop) must find it counted.
    std::uint64_t micros = (uv_hrtime() - started_ns_) / 1000;
    std::size_t slot = route_ ? static_cast<std::size_t>(route_->index)
                      : res.status == 404 ? loop_.shared.metrics->unmatched_slot()
                      : (req_.method == http_method::get || req_.method == http_method::head) ? loop_.shared.metrics->static_slot()
                      : loop_.shared.metrics->other_slot();
    loop_.metrics.record(slot, res.status, micros);
    if (loop_.access) loop_.access->record(method_name(req_.method), req_.target, log_hint(), res.status, res.body_size(), micros, req_.peer_ip,
                                           req_.request_id);
    write_response(res);
    // A streamed body: its sender ends the answer (on_file_sent), perhaps before spawn returns, so
    // nothing here touches the connection after it.
    if (stream_) {
        spawn(send_stream(std::exchange(stream_, {}), stream_chunked_));
        co_return;
    }
    if (!streaming_) after_response();   // else when the file is sent (on_file_sent)
}

void http_connection::after_response() {
    phase_ = phase::idle;
    received_any_ = false;
    if (close_after_write_ || closing_) return;
    arm_timer(static_cast<std::uint64_t>(input_.empty() ? loop_.cfg.http_idle_timeout_ms : loop_.cfg.http_header_timeout_ms));
    process_input();
}

log_target_hint http_connection::log_hint() const noexcept {
    return route_ ? log_target_hint{true, route_->secret_segments} : log_target_hint{};
}

void http_connection::write_response(http_response& res) {
    // A header with CR or LF would let whoever chose its value write headers or a second answer
    // of their own. Such an answer is never sent; the bug behind it is logged (without the value).
    if (std::string_view bad; !headers_are_safe(res, bad)) {
        spdlog::error("refused an answer to {} {}: header {} holds CR, LF or NUL", method_name(req_.method),
                      redacted_target(req_.target, log_hint()), bad);
        res = error_response(500, {});
        finish_response(req_, res);
    }
    bool keep_alive = req_.keep_alive && !res.close && !shutting_down_ && !loop_.stopping;
    std::string_view body = res.body_view();
    bool head_only = req_.method == http_method::head || res.status == 304 || res.status == 204 || res.status < 200;
    bool file = res.file && res.file->length > 0;
    // A stream's length is known only at its end: chunked on HTTP/1.1; HTTP/1.0 has no chunks,
    // so there the end of the body is the end of the connection.
    bool stream = res.stream != nullptr;
    bool chunked = stream && req_.version_minor >= 1;
    if (stream && !chunked) keep_alive = false;

    std::string head;
    head.reserve(256 + (body.size() < 8192 && !head_only ? body.size() : 0));
    head.append(req_.version_minor == 0 ? "HTTP/1.0 " : "HTTP/1.1 ");
    head.append(std::to_string(res.status));
    head += ' ';
    head.append(status_reason(res.status));
    head.append("\r\nDate: ");
    head.append(loop_.http_date);
    head.append("\r\nServer: jobhafen\r\n");
    if (!res.content_type.empty() && res.status != 304 && res.status != 204) {
        head.append("Content-Type: ");
        head.append(res.content_type);
        head.append("\r\n");
    }
    if (chunked) {
        head.append("Transfer-Encoding: chunked\r\n");
    } else if (stream) {
        // HTTP/1.0: neither a length nor chunks; the closed connection ends the body.
    } else if (res.status != 204 && res.status != 304) {
        head.append("Content-Length: ");
        head.append(std::to_string(res.body_size()));
        head.append("\r\n");
    }
    for (const auto& h : res.headers) {
        head.append(h.name);
        head.append(": ");
        head.append(h.value);
        head.append("\r\n");
    }
    if (!keep_alive) head.append("Connection: close\r\n");
    else if (req_.version_minor == 0) head.append("Connection: keep-alive\r\n");
    head.append("\r\n");

    if (!keep_alive) close_after_write_ = true;
    if (head_only || (res.file && !file)) {
        write_bytes(std::move(head), nullptr, {});
    } else if (stream) {
        write_bytes(std::move(head), nullptr, {});
        if (closing_) return;
        // The body follows piece by piece (run_request starts it, after the answer is counted and
        // logged); the connection waits as if a handler ran.
        streaming_ = true;
        in_handler_ = true;
        stream_ = std::move(res.stream);
        stream_chunked_ = chunked;
        return;
    } else if (file) {
        write_bytes(std::move(head), nullptr, {});
        if (closing_) return;
        // The file follows the head piece by piece; the connection waits as if a handler ran.
        streaming_ = true;
        in_handler_ = true;
        arm_timer(static_cast<std::uint64_t>(loop_.cfg.http_idle_timeout_ms));
        file_sender::start(loop_.uv, reinterpret_cast<uv_stream_t*>(&tcp_), res.file, *this);
        return;
    } else if (body.size() < 8192) {
        head.append(body);   // one buffer, one syscall for the common small answer
        write_bytes(std::move(head), nullptr, {});
    } else {
        auto keep = res.shared_body ? res.shared_body : std::make_shared<const std::string>(res.body);
        write_bytes(std::move(head), keep, std::string_view(*keep));
    }
    if (close_after_write_ && pending_writes_ == 0) finish_close();
}

// Each written piece of a file answer gives the client another idle timeout to read the next.
void http_connection::on_file_progress() { arm_timer(static_cast<std::uint64_t>(loop_.cfg.http_idle_timeout_ms)); }

void http_connection::on_file_sent(bool ok) {
    streaming_ = false;
    in_handler_ = false;
    if (closing_) {
        if (open_handles_ == 0) delete this;
        return;
    }
    if (!ok) {   // the client went away, or the file could not be read: the answer is cut short
        close();
        return;
    }
    if (close_after_write_) {
        if (pending_writes_ == 0) finish_close();
        return;
    }
    after_response();
}

void http_connection::write_bytes(std::string head, std::shared_ptr<const std::string> body, std::string_view body_view) {
    if (closing_) return;
    auto* stream = reinterpret_cast<uv_stream_t*>(&tcp_);
    uv_buf_t bufs[2] = {uv_buf_init(head.data(), static_cast<unsigned>(head.size())),
                        uv_buf_init(const_cast<char*>(body_view.data()), static_cast<unsigned>(body_view.size()))};
    unsigned nbufs = body_view.empty() ? 1 : 2;

    // Try to write at once; libuv refuses (UV_EAGAIN) while earlier writes are queued, which
    // keeps the order of pipelined answers.
    int written = uv_try_write(stream, bufs, nbufs);
    std::size_t total = head.size() + body_view.size();
    if (written == static_cast<int>(total)) return;
    if (written < 0 && written != UV_EAGAIN) {
        close();
        return;
    }
    std::size_t done = written > 0 ? static_cast<std::size_t>(written) : 0;

    auto* wr = new write_request{};
    wr->conn = this;
    wr->req.data = wr;
    if (done < head.size()) {
        wr->head = head.substr(done);
        bufs[0] = uv_buf_init(wr->head.data(), static_cast<unsigned>(wr->head.size()));
        wr->body = std::move(body);
    } else {
        std::size_t body_done = done - head.size();
        wr->body = std::move(body);
        bufs[0] = uv_buf_init(const_cast<char*>(body_view.data()) + body_done, static_cast<unsigned>(body_view.size() - body_done));
        nbufs = 1;
    }
    if (uv_write(&wr->req, stream, bufs, nbufs, write_cb) != 0) {
        delete wr;
        close();
        return;
    }
    ++pending_writes_;
}

void http_connection::on_write_done(int status) {
    --pending_writes_;
    if (status < 0) {
        close();
    } else if (close_after_write_ && pending_writes_ == 0 && !in_handler_) {
        finish_close();
    }
    // A streamed answer waits for its piece to be written; it may finish the answer (and, with the
    // connection closed, free this object), so nothing here touches `this` after the resume.
    if (drain_waiter_ && (pending_writes_ == 0 || closing_)) std::exchange(drain_waiter_, {}).resume();
}

task<void> http_connection::send_stream(std::shared_ptr<body_stream> stream, bool chunked) {
    bool ok = true;
    std::string piece, wire;
    for (bool more = true; more && !closing_;) {
        piece.clear();
        arm_timer(static_cast<std::uint64_t>(loop_.cfg.http_idle_timeout_ms));   // also bounds a slow producer
        // A producer that throws ends the answer as one that fails: without the catch the answer
        // would never end, and the connection and its limit slot would never be freed.
        result<bool> next = false;
        try {
            next = co_await stream->next(piece);
        } catch (const std::exception& e) {
            next = std::unexpected(app_error::make(error_kind::internal, e.what()));
        }
        if (closing_) break;
        if (!next) {
            spdlog::error("streamed answer to {} cut short: {}", redacted_target(req_.target, log_hint()), next.error().message);
            ok = false;
            break;
        }
        more = *next;
        wire.clear();
        if (!chunked) wire.swap(piece);
        else if (!piece.empty()) append_chunk(wire, piece);
        if (chunked && !more) wire.append("0\r\n\r\n");
        if (wire.empty()) continue;
        write_bytes(std::move(wire), nullptr, {});
        wire = std::string();
        co_await drained_awaiter{*this};
    }
    // The last reference to the producer goes before the answer ends (it may hold a pooled
    // database connection's result).
    stream.reset();
    on_file_sent(ok && !closing_);
}

void http_connection::fail(int status) {
    std::string_view message;   // empty: the German default for the status (http_pipeline.cpp)
    if (status == 413 && route_ && !route_->policy.too_large_message.empty()) message = route_->policy.too_large_message;
    release_spool();            // a half-received upload is removed at once
    answer_and_close(error_response(status, message));
}

void http_connection::answer_and_close(http_response res) {
    if (discarding_ || closing_) return;
    req_.keep_alive = false;
    res.close = true;
    discarding_ = true;
    req_.request_id = accept_or_make_request_id(req_.header("x-request-id"));
    finish_response(req_, res);
    write_response(res);
    arm_timer(linger_ms);
    // A connection refused before it sent a request line is logged as "- -".
    bool parsed = !req_.target.empty();
    if (loop_.access)
        loop_.access->record(parsed ? method_name(req_.method) : "-", parsed ? std::string_view(req_.target) : "-", log_hint(),
                             res.status, res.body_size(), 0, req_.peer_ip, req_.request_id);
    loop_.metrics.record(loop_.shared.metrics->other_slot(), res.status, 0);
}

// ---- the listener ---------------------------------------------------------------------------------

namespace {
void connection_cb(uv_stream_t* server, int status) { static_cast<http_listener*>(server->data)->on_connection(status); }
}  // namespace

http_listener::http_listener(loop_context& loop) : loop_(loop) {}

http_listener::~http_listener() = default;

namespace {
// http.bind and http.port as a socket address; false when the host is not an IP address.
bool listen_address(const std::string& host, int port, sockaddr_storage& addr) {
    return uv_ip4_addr(host.c_str(), port, reinterpret_cast<sockaddr_in*>(&addr)) == 0 ||
           uv_ip6_addr(host.c_str(), port, reinterpret_cast<sockaddr_in6*>(&addr)) == 0;
}
}  // namespace

std::string http_listener::port_taken_by_another(const std::string& host, int port) {
    sockaddr_storage addr{};
    if (port == 0 || !listen_address(host, port, addr)) return {};   // start() reports a bad host
    // A plain bind (SO_REUSEADDR only, for connections in TIME_WAIT) fails on a port that any
    // socket listens on, with or without SO_REUSEPORT.
    int sock = ::socket(addr.ss_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (sock < 0) return {};
    int one = 1;
    ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    const socklen_t len = addr.ss_family == AF_INET6 ? sizeof(sockaddr_in6) : sizeof(sockaddr_in);
    const bool taken = ::bind(sock, reinterpret_cast<sockaddr*>(&addr), len) != 0 && errno == EADDRINUSE;
    ::close(sock);
    return taken ? "cannot bind " + host + ":" + std::to_string(port) + ": address already in use" : std::string();
}

std::string http_listener::start() {
    sockaddr_storage addr{};
    const std::string& host = loop_.cfg.http_bind;
    if (!listen_address(host, loop_.cfg.http_port, addr)) return "http.bind '" + host + "' is not an IP address";
    // Every loop binds the same port with SO_REUSEPORT and the kernel spreads new connections
    // across them. libuv 1.44 cannot set that option itself, so the socket is made here.
    int sock = ::socket(addr.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (sock < 0) return std::string("socket: ") + std::strerror(errno);
    int one = 1;
    ::setsockopt(sock, SOL_SOCKET, SO_REUSEPORT, &one, sizeof one);
    ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    uv_tcp_init(loop_.uv, &server_);
    server_.data = this;
    if (int r = uv_tcp_open(&server_, sock); r != 0) return std::string("uv_tcp_open: ") + uv_strerror(r);
    listening_ = true;   // from here on the handle must be closed by stop_accepting()
    if (int r = uv_tcp_bind(&server_, reinterpret_cast<sockaddr*>(&addr), 0); r != 0)
        return "cannot bind " + host + ":" + std::to_string(loop_.cfg.http_port) + ": " + uv_strerror(r);
    if (int r = uv_listen(reinterpret_cast<uv_stream_t*>(&server_), 1024, connection_cb); r != 0)
        return "cannot listen on port " + std::to_string(loop_.cfg.http_port) + ": " + uv_strerror(r);
    return {};
}

void http_listener::on_connection(int status) {
    if (status < 0 || loop_.stopping) return;
    auto* c = new http_connection(*this, loop_);
    if (uv_accept(reinterpret_cast<uv_stream_t*>(&server_), reinterpret_cast<uv_stream_t*>(c->handle())) != 0) {
        c->close_when_idle();
        return;
    }
    c->start();
}

void http_listener::stop_accepting() {
    if (listening_) {
        uv_close(reinterpret_cast<uv_handle_t*>(&server_), nullptr);
        listening_ = false;
    }
    // Closing may unlink the current node: walk with the next pointer saved first.
    for (http_connection* c = head_; c;) {
        http_connection* next = c->next;
        c->close_when_idle();
        c = next;
    }
}

void http_listener::add(http_connection* c) noexcept {
    c->next = head_;
    c->prev = nullptr;
    if (head_) head_->prev = c;
    head_ = c;
}

void http_listener::remove(http_connection* c) noexcept {
    if (c->prev) c->prev->next = c->next;
    else head_ = c->next;
    if (c->next) c->next->prev = c->prev;
}

}  // namespace jh
