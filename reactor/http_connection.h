// http_connection.h: one HTTP/1.1 client connection on a loop, and the listener that accepts them.
//
// Bytes flow socket → llhttp → http_request → request handling (http_pipeline.h) → response bytes
// → uv_try_write / uv_write. A connection answers one request at a time: when a request is
// complete the parser pauses, the handler runs (maybe asynchronously), the answer is written, and
// parsing resumes with whatever the client pipelined meanwhile — so answers keep their order.
// Limits (header size and count, body size, header and idle timeouts, a floor rate and a total
// deadline for bodies, open connections in all and per client) end with the right status and a
// closed connection: the answer is written, the sending side shut down, and what the client still
// sends is read and dropped for a moment (a "lingering close"), so the client reads the answer
// instead of a reset. Uploads (body_kind::upload routes) pass their route policy's `who` at headers-complete,
// before a byte of the body is stored. File answers (reactor/file_response.h) are streamed from
// disk piece by piece, and CR or LF in any header of an answer turns it into a 500.
#pragma once

#include <llhttp.h>
#include <uv.h>

#include <cstdint>
#include <memory>
#include <string>

#include "reactor/connection_limits.h"
#include "reactor/file_response.h"
#include "reactor/log_redaction.h"
#include "reactor/http_message.h"
#include "reactor/router.h"
#include "reactor/task.h"

namespace jh {

struct loop_context;
class http_listener;

// Limits of the HTTP layer; the defaults are the numbers the spec names.
inline constexpr std::size_t max_header_bytes = 16 * 1024;   // request line + headers → 431
inline constexpr int max_header_count = 100;                  // → 431
inline constexpr std::size_t max_pending_input = 256 * 1024;  // unparsed pipelined bytes before we stop reading
inline constexpr std::uint64_t linger_ms = 2000;               // reading and dropping after a final error answer
inline constexpr std::uint64_t linger_max_bytes = 1 << 20;     // ... or until this much was dropped

class http_connection final : public file_sender::owner {
public:
    http_connection(http_listener& owner, loop_context& loop);
    ~http_connection();
    http_connection(const http_connection&) = delete;
    http_connection& operator=(const http_connection&) = delete;

    uv_tcp_t* handle() noexcept { return &tcp_; }
    // Called once the listener accepted the socket.
    void start();
    // Shutdown: close now if idle, or after the request in flight has been answered.
    void close_when_idle();
    bool busy() const noexcept { return in_handler_; }

    // llhttp callbacks (public for the C trampolines in the .cpp file).
    int on_message_begin();
    int on_url(const char* at, std::size_t len);
    int on_header_field(const char* at, std::size_t len);
    int on_header_value(const char* at, std::size_t len);
    int on_headers_complete();
    int on_body(const char* at, std::size_t len);
    int on_message_complete();

    // libuv callbacks.
    void on_read(ssize_t nread, const uv_buf_t* buf);
    void on_write_done(int status);
    void on_timer();
    void on_closed();
    void on_shutdown(int status);
    // file_sender::owner: a piece of a file answer was written / the file answer ended.
    void on_file_progress() override;
    void on_file_sent(bool ok) override;

    http_connection* next = nullptr;   // the listener's intrusive list
    http_connection* prev = nullptr;

private:
    enum class phase { idle, headers, body, handling };

    void process_input();
    void parse(const char* data, std::size_t len);
    void dispatch();
    task<void> run_request();
    void after_response();                       // ready for the next request on this connection
    task<void> pass_body_gate();                 // upload routes, at headers-complete
    void refuse(connection_limits::verdict why); // over a connection limit: 503 and close
    void fail(int status);                       // answer an error and close
    void answer_and_close(http_response res);    // a final answer, then the lingering close
    void write_response(http_response& res);
    void write_bytes(std::string head, std::shared_ptr<const std::string> body, std::string_view body_view);
    // A streamed answer (reactor/body_stream.h): piece by piece, each written before the next is made.
    task<void> send_stream(std::shared_ptr<body_stream> stream, bool chunked);
    // Suspends until every queued write has completed (or failed).
    struct drained_awaiter {
        http_connection& c;
        bool await_ready() const noexcept { return c.pending_writes_ == 0 || c.closing_; }
        void await_suspend(std::coroutine_handle<> h) noexcept { c.drain_waiter_ = h; }
        void await_resume() const noexcept {}
    };
    void arm_timer(std::uint64_t ms);
    void start_body_clock();
    void check_body_progress();
    // Bytes the client has delivered to our socket that the loop has not read yet (FIONREAD).
    std::uint64_t bytes_waiting_unread() const;
    void close();
    void finish_close();                         // after the last write: close, or linger first
    bool count_header_bytes(std::size_t n);
    // Moves the header read so far (field_, value_) into the request; false, with a pending 431,
    // when the request already holds max_header_count headers.
    bool store_header();
    void start_spool();
    void on_spool_drain();
    void release_spool();
    log_target_hint log_hint() const noexcept;

    http_listener& owner_;
    loop_context& loop_;
    uv_tcp_t tcp_{};
    uv_timer_t timer_{};
    llhttp_t parser_{};
    http_request req_;
    std::string field_, value_;          // the header being read
    bool reading_value_ = false;
    std::size_t header_bytes_ = 0;
    std::int64_t body_limit_ = 0;
    const route* route_ = nullptr;       // matched at headers-complete
    route_match match_;
    int pending_error_ = 0;              // a status set by a callback that stopped the parser
    phase phase_ = phase::idle;
    bool in_handler_ = false;
    bool in_process_input_ = false;
    bool reading_ = false;
    bool closing_ = false;               // uv_close called or pending
    bool close_after_write_ = false;
    bool shutting_down_ = false;
    bool received_any_ = false;          // a byte of the current request arrived
    int pending_writes_ = 0;
    int open_handles_ = 0;
    std::string input_;                  // bytes read but not yet parsed (while a handler runs)
    std::uint64_t started_ns_ = 0;
    class body_spool* spool_ = nullptr;  // the body of a streaming route, on its way to disk
    bool spool_paused_ = false;          // reading stopped until the disk catches up
    bool gate_pending_ = false;          // headers of an upload request complete, gate not yet run
    bool expect_continue_ = false;       // the client waits for 100 Continue
    bool streaming_ = false;             // a file or stream answer is being sent (file_sender, send_stream)
    std::coroutine_handle<> drain_waiter_;   // send_stream waiting for its writes (drained_awaiter)
    std::shared_ptr<body_stream> stream_;    // a streamed body whose head is written, until send_stream starts
    bool stream_chunked_ = false;
    // The body clock (check_body_progress): when the body began, bytes in the current window, and
    // whether reading was paused for the disk within it (then the window does not count).
    std::uint64_t body_started_ms_ = 0;
    std::uint64_t window_started_ms_ = 0;
    std::uint64_t window_bytes_ = 0;
    bool window_paused_ = false;
    // After a final error answer: input is read and dropped until EOF, linger_ms or linger_max_bytes.
    bool discarding_ = false;
    bool shutdown_sent_ = false;
    std::uint64_t discarded_ = 0;
    uv_shutdown_t shutdown_req_{};
    peer_client client_;
    std::string socket_ip_;              // the peer's address; req_.peer_ip is the client behind a trusted proxy
    bool admitted_ = false;              // counted in loop_.shared.limits; released when destroyed
};

// One per loop: the listening socket (SO_REUSEPORT) and the open connections.
class http_listener {
public:
    explicit http_listener(loop_context& loop);
    ~http_listener();
    // Binds and listens; returns an error text on failure.
    std::string start();
    // Before the loops bind: an error text when another socket already listens on http.port. The
    // loops bind with SO_REUSEPORT, so a second jobhafen (or anything else of the same user that set
    // the option) would otherwise share the port silently and take part of its connections.
    static std::string port_taken_by_another(const std::string& host, int port);
    // Stops accepting and closes idle connections; busy ones close after their answer.
    void stop_accepting();
    bool has_connections() const noexcept { return head_ != nullptr; }
    void add(http_connection* c) noexcept;
    void remove(http_connection* c) noexcept;
    void on_connection(int status);
    loop_context& loop() noexcept { return loop_; }

private:
    loop_context& loop_;
    uv_tcp_t server_{};
    bool listening_ = false;
    http_connection* head_ = nullptr;
};

}  // namespace jh
