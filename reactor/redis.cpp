// redis.cpp: the Redis client of one loop (see redis.h): hiredis 0.14.1's async API on the loop,
// plus what 0.14.1 lacks: a connect timeout, a command timeout, reconnection with backoff,
// commands that wait for a connection within the outage grace (at most queue_limit of them) and
// fail at once past it, and commands that may run twice sent again after a drop.
// Long (about 770 lines) but one state machine: connection, timeouts, reconnection and the waiting
// queue share the client's state; its seams for a split are the Sentinel lookup (redis_sentinel.cpp
// already) and the reply conversion, left for a session that can run the whole suite after it.
//
// How a command travels: command() suspends on a command_op that lives in the coroutine frame and
// is handed to hiredis as privdata. hiredis calls reply_cb exactly once for it, with the reply, or
// with NULL when the context is freed. That callback is the only place a sent command completes:
// a timeout does not complete anything by itself, it frees the context, and hiredis then calls
// every pending callback with NULL before redisAsyncFree returns. So a command can never be
// resumed twice, and hiredis never holds a pointer to a frame that has gone.
//
// Completed commands are not resumed inside hiredis' callbacks: they go to ready_ and are resumed
// from a uv_check (right after the poll phase that read the reply, so no extra loop turn) or a
// uv_idle (when they completed in a timer, so the poll does not block first). The code that
// awaited a command may close or destroy this client, or send more commands; doing that from
// inside hiredis' own read loop would free the context under its feet.
//
// Longer than most files (about 770 lines) on purpose: connecting, the handshake, commands, their
// timeouts and the commands waiting out an outage share one context and one set of uv handles,
// whose lifetime rules (above: every command completed exactly once, never inside hiredis' own
// callbacks; a command taken back after a drop is not completed by its callback but waits to be
// sent again) are easiest to check in one place. The part that stands alone, the redis:// URL, is
// in redis_url.cpp. Reading order: connecting, losing the connection, commands, resuming,
// destruction.
#include "reactor/redis.h"

#include <hiredis/adapters/libuv.h>   // defines a static on_close: no function of ours may use that name
#include <hiredis/async.h>
#include <hiredis/hiredis.h>
#include <spdlog/spdlog.h>
#include <sys/socket.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <coroutine>
#include <cstring>
#include <deque>
#include <string_view>

#include "reactor/redis_sentinel.h"
#include "reactor/redis_url.h"
#include "reactor/resolve.h"
#include "reactor/text.h"

namespace jh::redis {

namespace {

constexpr std::uint64_t initial_backoff_ms = 100;
constexpr std::uint64_t max_backoff_ms = 5000;
// Behind Sentinels an outage is usually a failover that ends within seconds: ask again sooner.
constexpr std::uint64_t max_backoff_with_sentinels_ms = 1000;

// hiredis frees its reply when the callback returns, so the reply is copied out.
reply copy_reply(const redisReply* r) {
    reply out;
    switch (r->type) {
        // The three kinds that carry text.
        case REDIS_REPLY_STRING:
        case REDIS_REPLY_STATUS:
        case REDIS_REPLY_ERROR:
            out.kind = r->type == REDIS_REPLY_STRING   ? reply::type::string
                       : r->type == REDIS_REPLY_STATUS ? reply::type::status
                                                       : reply::type::error;
            out.str.assign(r->str, r->len);
            break;
        case REDIS_REPLY_INTEGER:
            out.kind = reply::type::integer;
            out.integer = r->integer;
            break;
        case REDIS_REPLY_ARRAY:
            out.kind = reply::type::array;
            out.elements.reserve(r->elements);
            for (std::size_t i = 0; i < r->elements; ++i) out.elements.push_back(copy_reply(r->element[i]));
            break;
        default:   // REDIS_REPLY_NIL, and a null array (*-1), which hiredis also reports as NIL
            out.kind = reply::type::nil;
            break;
    }
    return out;
}

}  // namespace

struct client::impl {
    struct command_op;

    enum class state {
        idle,          // start() not called yet
        connecting,    // TCP connect in progress (connect timer running)
        handshaking,   // connected, AUTH / SELECT sent (connect timer still running)
        ready,         // commands are sent
        backoff,       // waiting before the next connect attempt
        closed,        // close() was called
    };

    uv_loop_t* loop_;
    std::string url_;
    endpoint ep_;
    std::string url_error_;   // non-empty: the URL is invalid and nothing will connect
    std::uint64_t connect_timeout_ms_;
    std::uint64_t command_timeout_ms_;
    std::uint64_t outage_grace_ms_;
    std::size_t queue_limit_;            // commands waiting for a connection at once
    std::uint64_t down_since_ = 0;       // loop time the current outage began (or start())
    bool overflow_logged_ = false;       // the queue overflowed in this outage (warned once)

    state state_ = state::idle;
    redisAsyncContext* ac_ = nullptr;   // the current connection; null when there is none
    int handshake_left_ = 0;            // AUTH / SELECT replies still to come
    std::uint64_t backoff_ms_ = initial_backoff_ms;
    std::string last_error_;            // why the last connection failed; told to refused commands
    std::string drop_reason_;           // while we free a context: what its pending commands are told
    std::string fail_reason_;           // set by fail_soon(): why the connect timer fired early
    bool outage_logged_ = false;        // warn once per outage, not at every retry

    // Sent commands in the order sent; Redis answers in that order, so the front is the oldest
    // and its deadline the earliest: one timer covers every command.
    std::deque<command_op*> inflight_;
    std::deque<command_op*> ready_;     // completed, waiting to be resumed
    // Commands given while there is no connection, within the outage grace: sent in this order
    // once a connection is ready, each failed at its own deadline (the grace's end; for one taken
    // back after a drop, the grace counted from its first drop). One timer, due at the earliest.
    std::deque<command_op*> waiting_;
    std::uint64_t grace_due_ = 0;       // when the grace timer fires; 0: not armed
    // Sent commands the dropped connection gave back (resend::after_drop, or refused READONLY):
    // they join the front of waiting_ once the drop is handled (take_back_dropped()).
    std::deque<command_op*> dropped_;

    host_lookup* lookup_ = nullptr;   // the host name's lookup before a connect, while it runs
    std::vector<host_port> sentinels_;      // empty: connect to the URL's host
    std::string master_name_;
    std::string sentinel_password_;
    sentinel_lookup* sentinel_ = nullptr;   // asking the Sentinels before a connect, while it runs
    uv_timer_t connect_timer_{};
    uv_timer_t command_timer_{};
    uv_timer_t backoff_timer_{};
    uv_timer_t grace_timer_{};
    uv_idle_t idle_{};
    uv_check_t check_{};
    bool handles_open_ = false;
    bool handles_closing_ = false;
    int handles_to_close_ = 0;

    impl(uv_loop_t* loop, std::string url, int connect_timeout_ms, int command_timeout_ms, sentinel_settings sentinels,
         int outage_grace_ms, int queue_limit)
        : loop_(loop),
          url_(std::move(url)),
          connect_timeout_ms_(static_cast<std::uint64_t>(std::max(1, connect_timeout_ms))),
          command_timeout_ms_(static_cast<std::uint64_t>(std::max(1, command_timeout_ms))),
          outage_grace_ms_(static_cast<std::uint64_t>(std::max(0, outage_grace_ms))),
          queue_limit_(static_cast<std::size_t>(std::max(1, queue_limit))),
          master_name_(std::move(sentinels.master)),
          sentinel_password_(std::move(sentinels.password)) {
        if (auto ep = parse_url(url_)) ep_ = std::move(*ep);
        else url_error_ = "invalid redis URL: " + ep.error();
        for (const auto& text : sentinels.sentinels) {
            if (auto s = parse_sentinel_address(text)) sentinels_.push_back(std::move(*s));
            else url_error_ = "invalid redis.sentinels entry: " + s.error();
        }
        if (!sentinels_.empty() && master_name_.empty()) url_error_ = "redis.sentinel_master is empty";
    }

    // Where we connect, for log lines; never the password.
    std::string where() const { return ep_.host + ":" + std::to_string(ep_.port) + "/" + std::to_string(ep_.db); }

    void open_handles() {
        if (handles_open_) return;
        uv_timer_init(loop_, &connect_timer_);
        uv_timer_init(loop_, &command_timer_);
        uv_timer_init(loop_, &backoff_timer_);
        uv_timer_init(loop_, &grace_timer_);
        uv_idle_init(loop_, &idle_);
        uv_check_init(loop_, &check_);
        for (uv_handle_t* h : handles()) h->data = this;
        handles_open_ = true;
    }

    std::array<uv_handle_t*, 6> handles() {
        return {reinterpret_cast<uv_handle_t*>(&connect_timer_), reinterpret_cast<uv_handle_t*>(&command_timer_),
                reinterpret_cast<uv_handle_t*>(&backoff_timer_), reinterpret_cast<uv_handle_t*>(&grace_timer_),
                reinterpret_cast<uv_handle_t*>(&idle_), reinterpret_cast<uv_handle_t*>(&check_)};
    }

    void start() {
        if (!url_error_.empty()) {
            spdlog::error("redis: {}", url_error_);
            return;
        }
        if (state_ != state::idle && state_ != state::closed) return;
        open_handles();
        down_since_ = uv_now(loop_);   // the first connect is bridged like an outage
        connect();
    }

    // ---- connecting -----------------------------------------------------------------------------

    // redisAsyncConnect would resolve a host name with a blocking getaddrinfo, so a name is looked
    // up off the loop first (reactor/resolve.h) and hiredis gets the address. The connect timeout
    // bounds the lookup too.
    void connect() {
        state_ = state::connecting;
        if (!sentinels_.empty()) return ask_sentinels();
        connect_to_host();
    }

    // Each Sentinel in turn, each within the connect timeout; the primary they name is where the
    // next connection goes.
    void ask_sentinels() {
        sentinel_ = sentinel_lookup::start(loop_, sentinels_, master_name_, connect_timeout_ms_,
                                           [this](std::expected<host_port, std::string> primary) {
            sentinel_ = nullptr;
            if (!primary) return schedule_reconnect("no primary from the Sentinels (" + primary.error() + ")");
            if (primary->host != ep_.host || primary->port != ep_.port)
                spdlog::info("redis: the Sentinels name {}:{} as primary of {}", primary->host, primary->port, master_name_);
            ep_.host = std::move(primary->host);
            ep_.port = primary->port;
            connect_to_host();
        }, sentinel_password_);
    }

    void connect_to_host() {
        if (is_ip_address(ep_.host)) return connect_to(ep_.host);
        uv_timer_start(&connect_timer_, connect_timeout_cb, connect_timeout_ms_, 0);
        lookup_ = host_lookup::start(loop_, ep_.host, [this](std::expected<std::string, std::string> address) {
            lookup_ = nullptr;
            uv_timer_stop(&connect_timer_);
            if (!address) return schedule_reconnect(address.error());
            connect_to(*address);
        });
    }

    void connect_to(const std::string& address) {
        redisAsyncContext* ac = redisAsyncConnect(address.c_str(), ep_.port);
        if (!ac) {
            schedule_reconnect("out of memory");
            return;
        }
        if (ac->err) {   // e.g. an immediately refused connect; no events attached yet
            std::string why = ac->errstr;
            redisAsyncFree(ac);
            schedule_reconnect(why);
            return;
        }
        ac->data = this;
        if (redisLibuvAttach(ac, loop_) != REDIS_OK) {
            redisAsyncFree(ac);
            schedule_reconnect("cannot watch the socket");
            return;
        }
        // Attach first: setting the connect callback arms the write event that detects the connect.
        redisAsyncSetConnectCallback(ac, connect_cb);
        redisAsyncSetDisconnectCallback(ac, disconnect_cb);
        ac_ = ac;
        // 0.14.1's libuv adapter ignores poll errors, so a refused connect may never call
        // connect_cb: this timer is what ends such an attempt.
        uv_timer_start(&connect_timer_, connect_timeout_cb, connect_timeout_ms_, 0);
    }

    static void connect_cb(const redisAsyncContext* ac, int status) {
        if (auto* self = static_cast<impl*>(ac->data)) self->on_connect(status);
    }

    // Runs inside hiredis' write handler: the context must not be freed from here (hiredis keeps
    // using it after we return), so failures go through fail_soon().
    void on_connect(int status) {
        if (status != REDIS_OK) {
            // hiredis frees the context right after this callback and calls no disconnect callback.
            std::string why = ac_->errstr;
            ac_ = nullptr;
            uv_timer_stop(&connect_timer_);
            schedule_reconnect(why);
            return;
        }
        // A peer that vanished without a FIN is noticed by keep-alive even while no command runs.
        redisEnableKeepAlive(&ac_->c);
        state_ = state::handshaking;
        handshake_left_ = 0;
        if (!ep_.password.empty()) {
            std::vector<std::string> auth{"AUTH"};
            if (!ep_.user.empty()) auth.push_back(ep_.user);
            auth.push_back(ep_.password);
            send_handshake(auth);
        }
        if (ep_.db != 0) send_handshake({"SELECT", std::to_string(ep_.db)});
        // A Sentinel's answer may be a moment old: a server that is no longer the primary is left.
        if (!sentinels_.empty()) send_handshake({"ROLE"});
        if (handshake_left_ == 0 && state_ == state::handshaking) become_ready();
    }

    void send_handshake(const std::vector<std::string>& args) {
        std::vector<const char*> argv;
        std::vector<std::size_t> lens;
        for (const auto& a : args) {
            argv.push_back(a.data());
            lens.push_back(a.size());
        }
        if (redisAsyncCommandArgv(ac_, handshake_cb, this, static_cast<int>(argv.size()), argv.data(), lens.data()) != REDIS_OK)
            fail_soon("cannot send " + args[0]);
        else
            ++handshake_left_;
    }

    static void handshake_cb(redisAsyncContext* ac, void* r, void* privdata) {
        auto* self = static_cast<impl*>(privdata);
        // A NULL reply or a stale context: that connection is being torn down and whoever tears it
        // down (disconnect_cb or release_context) decides what comes next.
        if (ac != self->ac_ || r == nullptr) return;
        self->on_handshake_reply(static_cast<const redisReply*>(r));
    }

    void on_handshake_reply(const redisReply* r) {
        if (r->type == REDIS_REPLY_ERROR) {
            fail_soon("Redis refused the session set-up: " + std::string(r->str, r->len));
            return;
        }
        if (r->type == REDIS_REPLY_ARRAY && r->elements > 0 && r->element[0]->type == REDIS_REPLY_STRING) {
            std::string_view role(r->element[0]->str, r->element[0]->len);
            if (role != "master") {
                fail_soon(where() + " is not the primary (its role: " + std::string(role) + ")");
                return;
            }
        }
        if (--handshake_left_ == 0 && state_ == state::handshaking) become_ready();
    }

    // The backoff and the outage warning are reset by the first reply (answered()), not here: a
    // Redis that accepts connections but answers nothing (paused, stuck in a fork) would otherwise
    // be reconnected every command timeout and logged as recovered each time.
    void become_ready() {
        uv_timer_stop(&connect_timer_);
        state_ = state::ready;
        last_error_.clear();
        spdlog::debug("redis {}: connected", where());
        send_waiting();
    }

    void answered() {
        if (outage_logged_) spdlog::info("redis {}: answering again", where());
        outage_logged_ = false;
        overflow_logged_ = false;
        backoff_ms_ = initial_backoff_ms;
    }

    // Ends the current connection attempt from a clean stack (the next timer phase), for failures
    // noticed inside hiredis' callbacks, where the context must not be freed.
    void fail_soon(std::string why) {
        fail_reason_ = std::move(why);
        uv_timer_start(&connect_timer_, connect_timeout_cb, 0, 0);
    }

    static void connect_timeout_cb(uv_timer_t* t) { static_cast<impl*>(t->data)->on_connect_timeout(); }

    void on_connect_timeout() {
        if (lookup_) {
            std::exchange(lookup_, nullptr)->cancel();
            schedule_reconnect("no address for " + ep_.host + " within " + std::to_string(connect_timeout_ms_) + " ms");
            return;
        }
        if (!ac_) return;
        std::string why = std::exchange(fail_reason_, {});
        if (why.empty()) {
            why = "no connection within " + std::to_string(connect_timeout_ms_) + " ms";
            // The adapter dropped the poll error; the socket still knows what went wrong.
            int err = 0;
            socklen_t len = sizeof err;
            if (ac_->c.fd >= 0 && ::getsockopt(ac_->c.fd, SOL_SOCKET, SO_ERROR, &err, &len) == 0 && err != 0)
                why = std::strerror(err);
        }
        drop_connection(why);
    }

    // ---- losing the connection ------------------------------------------------------------------

    // Frees the current context from outside hiredis' callbacks. hiredis calls every pending
    // callback with a NULL reply before this returns, so every sent command is completed here,
    // each exactly once. ac->data is cleared first so disconnect_cb ignores what we started.
    void release_context(std::string why) {
        redisAsyncContext* ac = std::exchange(ac_, nullptr);
        if (handles_open_) {
            uv_timer_stop(&connect_timer_);
            uv_timer_stop(&command_timer_);
        }
        if (!ac) return;
        ac->data = nullptr;
        drop_reason_ = std::move(why);
        redisAsyncFree(ac);
        drop_reason_.clear();
        fail_inflight("redis connection closed");   // none should be left; never leave one hanging
    }

    void drop_connection(const std::string& why) {
        release_context("redis: " + why);
        schedule_reconnect(why);
    }

    static void disconnect_cb(const redisAsyncContext* ac, int status) {
        if (auto* self = static_cast<impl*>(ac->data)) self->on_disconnect(ac, status);
    }

    // hiredis lost the connection by itself (the server closed it, a read or write failed). The
    // pending callbacks have already run with NULL; the context is freed when we return.
    void on_disconnect(const redisAsyncContext* ac, int status) {
        std::string why = status == REDIS_OK ? "connection closed" : (ac->errstr[0] ? ac->errstr : "connection lost");
        ac_ = nullptr;
        uv_timer_stop(&connect_timer_);
        uv_timer_stop(&command_timer_);
        fail_inflight("redis: " + why);
        schedule_reconnect(why);
    }

    void schedule_reconnect(const std::string& why) {
        last_error_ = why;
        if (state_ == state::closed) return;
        if (state_ == state::ready) down_since_ = uv_now(loop_);   // an outage begins
        state_ = state::backoff;
        if (!outage_logged_) spdlog::warn("redis {}: {}; reconnecting", where(), why);
        else spdlog::debug("redis {}: {}; next attempt in {} ms", where(), why, backoff_ms_);
        outage_logged_ = true;
        uv_timer_start(&backoff_timer_, backoff_cb, backoff_ms_, 0);
        backoff_ms_ = std::min(backoff_ms_ * 2, sentinels_.empty() ? max_backoff_ms : max_backoff_with_sentinels_ms);
        take_back_dropped();
    }

    static void backoff_cb(uv_timer_t* t) {
        auto* self = static_cast<impl*>(t->data);
        if (self->state_ == state::backoff) self->connect();
    }

    void close() {
        if (state_ == state::closed) return;
        state_ = state::closed;
        if (lookup_) std::exchange(lookup_, nullptr)->cancel();
        if (sentinel_) std::exchange(sentinel_, nullptr)->cancel();
        if (handles_open_) uv_timer_stop(&backoff_timer_);
        release_context("redis client closed");
        waiting_.insert(waiting_.begin(), dropped_.begin(), dropped_.end());   // none expected: closed takes nothing back
        dropped_.clear();
        fail_waiting("redis client closed");
    }

    // ---- commands ---------------------------------------------------------------------------------

    // Returns false when the command could not be sent; its result then holds the error and the
    // awaiting coroutine continues without suspending.
    bool submit(command_op& op);
    bool send(command_op& op);
    bool within_grace() const;
    void wait_for_connection(command_op& op);
    void arm_grace_timer(std::uint64_t deadline);
    bool may_send_again(const command_op& op) const;
    void take_back(command_op* op);
    void take_back_dropped();
    void send_waiting();
    void fail_waiting(const std::string& why);
    static void grace_timeout_cb(uv_timer_t* t) { static_cast<impl*>(t->data)->on_grace_timeout(); }
    void on_grace_timeout();
    void complete(command_op* op);
    void fail_inflight(const std::string& why);
    void arm_command_timer();
    std::string refusal() const;

    static void reply_cb(redisAsyncContext* ac, void* r, void* privdata);

    static void command_timeout_cb(uv_timer_t* t) { static_cast<impl*>(t->data)->on_command_timeout(); }
    void on_command_timeout();

    // ---- resuming ---------------------------------------------------------------------------------

    void schedule_resume() {
        if (handles_closing_ || !handles_open_) return;   // the last close callback resumes them
        uv_check_start(&check_, check_cb);
        uv_idle_start(&idle_, idle_cb);
    }
    static void check_cb(uv_check_t* h) { static_cast<impl*>(h->data)->resume_ready(); }
    static void idle_cb(uv_idle_t* h) { static_cast<impl*>(h->data)->resume_ready(); }
    void resume_ready();

    // ---- destruction --------------------------------------------------------------------------------

    // The uv handles live inside this object, so it is deleted by the last close callback.
    void destroy() {
        close();
        if (!handles_open_) {
            resume_ready();
            delete this;
            return;
        }
        handles_closing_ = true;
        handles_to_close_ = static_cast<int>(handles().size());
        for (uv_handle_t* h : handles()) uv_close(h, handle_closed_cb);
    }

    static void handle_closed_cb(uv_handle_t* h) {
        auto* self = static_cast<impl*>(h->data);
        if (--self->handles_to_close_ == 0) {
            self->resume_ready();   // anything close() failed after the resume handles stopped
            delete self;
        }
    }
};

// The awaiter behind command(); it lives in command()'s coroutine frame.
struct client::impl::command_op {
    impl* owner;
    std::vector<std::string> args;
    expected<reply> result = std::unexpected(error{"redis command not sent"});
    std::coroutine_handle<> waiter;
    std::uint64_t deadline = 0;   // loop time (ms) by which the reply (or, waiting, a connection) must have come
    resend how = resend::never;
    std::uint64_t give_up_at = 0; // taken back after a drop: loop time its waiting ends (0: never dropped)

    bool await_ready() const noexcept { return false; }
    bool await_suspend(std::coroutine_handle<> h) noexcept {
        waiter = h;
        return owner->submit(*this);
    }
    expected<reply> await_resume() noexcept { return std::move(result); }
};

std::string client::impl::refusal() const {
    switch (state_) {
        case state::idle: return url_error_.empty() ? "redis client not started" : url_error_;
        case state::closed: return "redis client closed";
        default: return last_error_.empty() ? "redis not connected yet" : "redis not connected: " + last_error_;
    }
}

bool client::impl::submit(command_op& op) {
    if (op.args.empty()) {
        op.result = std::unexpected(error{"empty redis command"});
        return false;
    }
    if (state_ == state::ready) return send(op);
    if (!within_grace()) {
        op.result = std::unexpected(error{refusal()});
        return false;
    }
    if (waiting_.size() >= queue_limit_) {
        if (!overflow_logged_) spdlog::warn("redis {}: {} commands wait for the connection; more fail at once", where(), queue_limit_);
        overflow_logged_ = true;
        op.result = std::unexpected(error{"too many redis commands are waiting for the connection"});
        return false;
    }
    wait_for_connection(op);
    return true;
}

// A Sentinel failover or a restart takes a few seconds: a command given meanwhile waits for the
// next connection, for at most outage_grace_ms after the outage began, instead of failing the
// visitor's request (issue 46, item 1). Past the grace, commands fail at once again, so a long
// outage costs no more than one grace per request. Commands already sent when the connection
// drops still fail: whether Redis ran them is unknown, and an INCR must not count twice.
bool client::impl::within_grace() const {
    if (state_ == state::idle || state_ == state::closed) return false;
    return outage_grace_ms_ > 0 && uv_now(loop_) < down_since_ + outage_grace_ms_;
}

void client::impl::wait_for_connection(command_op& op) {
    op.deadline = down_since_ + outage_grace_ms_;
    waiting_.push_back(&op);
    arm_grace_timer(op.deadline);
}

// The timer is due at the earliest deadline of what waits: moved only when `deadline` is earlier.
void client::impl::arm_grace_timer(std::uint64_t deadline) {
    if (!handles_open_ || handles_closing_ || (grace_due_ != 0 && grace_due_ <= deadline)) return;
    grace_due_ = deadline;
    std::uint64_t now = uv_now(loop_);
    uv_timer_start(&grace_timer_, grace_timeout_cb, deadline > now ? deadline - now : 0, 0);
}

// A sent command whose connection dropped may go again when it may run twice, or when Redis
// refused it unrun (READONLY: the server became a replica), for the grace counted from its first
// drop: a flapping connection cannot keep it waiting longer.
bool client::impl::may_send_again(const command_op& op) const {
    if (state_ == state::closed || outage_grace_ms_ == 0) return false;
    return op.give_up_at == 0 || uv_now(loop_) < op.give_up_at;
}

// Inside hiredis' callback: the command leaves the sent ones without completing; the drop's
// handling (schedule_reconnect) puts it back among the waiting ones.
void client::impl::take_back(command_op* op) {
    if (auto it = std::find(inflight_.begin(), inflight_.end(), op); it != inflight_.end()) inflight_.erase(it);
    dropped_.push_back(op);
}

// After a drop: what the connection gave back waits at the front, in the order it was sent, ahead
// of what was given later.
void client::impl::take_back_dropped() {
    std::uint64_t now = uv_now(loop_);
    while (!dropped_.empty()) {
        command_op* op = dropped_.back();
        dropped_.pop_back();
        if (op->give_up_at == 0) op->give_up_at = now + outage_grace_ms_;
        if (state_ == state::closed || now >= op->give_up_at) {
            op->result = std::unexpected(error{"redis connection lost (waited " + std::to_string(outage_grace_ms_) + " ms)"});
            complete(op);
            continue;
        }
        op->deadline = op->give_up_at;
        waiting_.push_front(op);
        arm_grace_timer(op->deadline);
    }
}

// The connection is ready: what waited goes out in the order it was given.
void client::impl::send_waiting() {
    if (handles_open_) uv_timer_stop(&grace_timer_);
    grace_due_ = 0;
    while (!waiting_.empty() && state_ == state::ready) {
        command_op* op = waiting_.front();
        waiting_.pop_front();
        if (!send(*op)) complete(op);
    }
}

void client::impl::fail_waiting(const std::string& why) {
    if (handles_open_ && !handles_closing_) uv_timer_stop(&grace_timer_);
    grace_due_ = 0;
    while (!waiting_.empty()) {
        command_op* op = waiting_.front();
        waiting_.pop_front();
        op->result = std::unexpected(error{why});
        complete(op);
    }
}

// Fails what waited past its deadline; the rest keep their order and the timer the next deadline.
void client::impl::on_grace_timeout() {
    grace_due_ = 0;
    std::uint64_t now = uv_now(loop_);
    std::string why = refusal() + " (waited " + std::to_string(outage_grace_ms_) + " ms)";
    std::deque<command_op*> still;
    std::uint64_t next = 0;
    for (command_op* op : waiting_) {
        if (op->deadline > now) {
            still.push_back(op);
            next = next == 0 ? op->deadline : std::min(next, op->deadline);
            continue;
        }
        op->result = std::unexpected(error{why});
        complete(op);
    }
    waiting_ = std::move(still);
    if (next != 0) arm_grace_timer(next);
}

bool client::impl::send(command_op& op) {
    std::vector<const char*> argv;
    std::vector<std::size_t> lens;
    argv.reserve(op.args.size());
    lens.reserve(op.args.size());
    for (const auto& a : op.args) {
        argv.push_back(a.data());
        lens.push_back(a.size());
    }
    if (redisAsyncCommandArgv(ac_, reply_cb, &op, static_cast<int>(argv.size()), argv.data(), lens.data()) != REDIS_OK) {
        op.result = std::unexpected(error{"redis command could not be sent"});
        return false;
    }
    op.deadline = uv_now(loop_) + command_timeout_ms_;
    inflight_.push_back(&op);
    if (inflight_.size() == 1) arm_command_timer();
    return true;
}

void client::impl::reply_cb(redisAsyncContext* ac, void* r, void* privdata) {
    auto* op = static_cast<command_op*>(privdata);
    auto* self = op->owner;
    if (r) {
        op->result = copy_reply(static_cast<const redisReply*>(r));
        if (self->backoff_ms_ != initial_backoff_ms || self->outage_logged_) self->answered();
        // The server we write to became a replica (a failover we were not told of): the connection
        // is ended so the next one asks the Sentinels again, and the command, which did not run,
        // waits for the new primary (or fails, past its grace).
        if (op->result->kind == reply::type::error && op->result->str.starts_with("READONLY") && !self->sentinels_.empty()) {
            self->fail_soon("the primary became a replica (READONLY)");
            if (self->may_send_again(*op)) return self->take_back(op);
        }
    } else if (op->how == resend::after_drop && self->may_send_again(*op)) {
        return self->take_back(op);
    } else {
        std::string why = self->drop_reason_;   // set when we freed the context ourselves
        if (why.empty()) why = ac->errstr[0] ? std::string("redis: ") + ac->errstr : "redis connection lost";
        op->result = std::unexpected(error{std::move(why)});
    }
    self->complete(op);
}

void client::impl::complete(command_op* op) {
    bool was_front = !inflight_.empty() && inflight_.front() == op;
    if (was_front) inflight_.pop_front();
    else if (auto it = std::find(inflight_.begin(), inflight_.end(), op); it != inflight_.end()) inflight_.erase(it);
    ready_.push_back(op);
    if (was_front) arm_command_timer();
    schedule_resume();
}

void client::impl::fail_inflight(const std::string& why) {
    while (!inflight_.empty()) {
        command_op* op = inflight_.front();
        op->result = std::unexpected(error{why});
        complete(op);
    }
}

void client::impl::arm_command_timer() {
    if (!handles_open_ || handles_closing_) return;
    if (inflight_.empty()) {
        uv_timer_stop(&command_timer_);
        return;
    }
    std::uint64_t now = uv_now(loop_);
    std::uint64_t due = inflight_.front()->deadline;
    uv_timer_start(&command_timer_, command_timeout_cb, due > now ? due - now : 0, 0);
}

// The oldest command got no answer in time. Redis answers in order, so every later command on this
// connection waits behind it: the connection (or Redis) is stuck, and a fresh one is the way out.
void client::impl::on_command_timeout() {
    if (inflight_.empty()) return;
    if (inflight_.front()->deadline > uv_now(loop_)) {
        arm_command_timer();
        return;
    }
    drop_connection("no reply within " + std::to_string(command_timeout_ms_) + " ms");
}

void client::impl::resume_ready() {
    // A resumed coroutine may send commands, close or destroy the client (deletion waits for
    // the close callbacks, so this object stays valid for the whole loop).
    while (!ready_.empty()) {
        command_op* op = ready_.front();
        ready_.pop_front();
        op->waiter.resume();
    }
    if (handles_open_ && !handles_closing_) {
        uv_check_stop(&check_);
        uv_idle_stop(&idle_);
    }
}

// ---- client ---------------------------------------------------------------------------------------

client::client(uv_loop_t* loop, std::string url, int connect_timeout_ms, int command_timeout_ms, sentinel_settings sentinels,
               int outage_grace_ms, int queue_limit)
    : impl_(std::make_unique<impl>(loop, std::move(url), connect_timeout_ms, command_timeout_ms, std::move(sentinels),
                                   outage_grace_ms, queue_limit)) {}

client::~client() { impl_.release()->destroy(); }

void client::start() { impl_->start(); }

void client::close() { impl_->close(); }

bool client::connected() const noexcept { return impl_->state_ == impl::state::ready; }

task<expected<reply>> client::command(std::vector<std::string> args) { return command(std::move(args), resend::never); }

task<expected<reply>> client::command(std::vector<std::string> args, resend how) {
    impl::command_op op{impl_.get(), std::move(args)};
    op.how = how;
    co_return co_await op;
}

}  // namespace jh::redis
