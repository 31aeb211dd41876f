// pg_internal.h: what the two halves of the PostgreSQL pool share (reactor/pg.cpp: the pool, its
// queue and transactions; reactor/pg_connection.cpp: one connection's state machine). Not for use
// outside these two files: pg.h is the interface.
#pragma once

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <deque>
#include <functional>
#include <optional>
#include <unordered_map>
#include <vector>

#include "reactor/pg.h"
#include "reactor/resolve.h"

namespace jh::pg {

inline constexpr std::uint64_t backoff_first_ms = 100;
// At most 250 ms between attempts: an outage is usually a failover (Patroni promotes the standby
// and HAProxy sends new sessions there within a few seconds), and a pool that waits 5 s after the
// new primary is up keeps answering 503 for nothing. Four attempts a second per connection are
// no load on a server that is really down.
inline constexpr std::uint64_t backoff_max_ms = 250;
inline constexpr std::uint64_t connect_timeout_ms = 5000;
// A connection that broke after being up at least this long is reconnected at once; one that
// breaks sooner goes through the backoff, so a server that drops every new session cannot make
// us spin.
inline constexpr std::uint64_t stable_after_ms = 1000;

using wakeups = std::vector<std::coroutine_handle<>>;

inline void resume_all(const wakeups& w) {
    for (auto h : w) h.resume();
}

inline error unavailable(std::string message) { return error{true, {}, std::move(message)}; }

template <typename Handle>
void free_handle_cb(uv_handle_t* h) {
    delete reinterpret_cast<Handle*>(h);
}

// Handles live on the heap and are freed in their close callback, so a connection or the pool
// can be destroyed right after closing them without waiting for the loop.
template <typename Handle>
void close_and_free(Handle*& h) {
    if (!h) return;
    uv_close(reinterpret_cast<uv_handle_t*>(h), &free_handle_cb<Handle>);
    h = nullptr;
}

// libpq's messages span lines ("...\n\tIs the server running..."); a log line must not.
inline std::string trimmed(const char* s) {
    std::string out;
    for (const char* p = s ? s : ""; *p; ++p) {
        bool space = *p == '\n' || *p == '\t' || *p == ' ';
        if (!space) out.push_back(*p);
        else if (!out.empty() && out.back() != ' ') out.push_back(' ');
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out;
}

inline error sql_error(const PGresult* r) {
    const char* state = PQresultErrorField(r, PG_DIAG_SQLSTATE);
    const char* primary = PQresultErrorField(r, PG_DIAG_MESSAGE_PRIMARY);
    // Only the primary message: the detail of e.g. a unique violation carries the row's values,
    // which have no place in a log.
    return error{false, state ? state : "", primary ? primary : trimmed(PQresultErrorMessage(r))};
}

// The server ends the session with these (shutdown, crash recovery, start-up): the query did not
// fail on its own, the database was away.
inline bool session_ended(std::string_view sqlstate) {
    return sqlstate == "57P01" || sqlstate == "57P02" || sqlstate == "57P03";
}

inline void notice_cb(void*, const PGresult* r) {
    const char* sev = PQresultErrorField(r, PG_DIAG_SEVERITY_NONLOCALIZED);
    std::string msg = trimmed(PQresultErrorField(r, PG_DIAG_MESSAGE_PRIMARY));
    if (sev && std::strcmp(sev, "WARNING") == 0) spdlog::warn("postgres: {}", msg);
    else spdlog::debug("postgres {}: {}", sev ? sev : "notice", msg);
}

struct string_hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
};

enum class op_kind {
    statement,   // a prepared statement with parameters
    control,     // BEGIN / ROLLBACK: sent unprepared, no parameters
    commit,      // COMMIT: also checks that the server did not turn it into a ROLLBACK
};

// One operation on one connection. It lives in the frame of the coroutine that awaits it (or in
// the connection, for the rollback of a dropped transaction).
struct op {
    op_kind kind = op_kind::statement;
    std::string_view sql;
    const params* args = nullptr;
    std::coroutine_handle<> waiter;   // null: a background rollback, released when it is done
    std::optional<expected<result_set>> result;
};


// A connection handed out by the pool. `session` tells a stale lease (the connection broke and
// reconnected meanwhile) from a live one.
struct lease {
    connection* conn = nullptr;
    std::uint64_t session = 0;
};

// ---- the pool's state --------------------------------------------------------------------------

struct pool::impl {
    // A coroutine waiting for a free connection (lives in the coroutine's frame).
    struct acquire_awaiter {
        impl& p;
        lease got{};
        std::optional<error> err;
        std::uint64_t deadline = 0;
        bool waits_out_outage = true;   // false: fails when no connection is up (the health check)
        std::coroutine_handle<> waiting;

        bool await_ready();
        void await_suspend(std::coroutine_handle<> h);
        expected<lease> await_resume() {
            if (err) return std::unexpected(std::move(*err));
            return got;
        }
    };

    // A coroutine waiting for one operation on a leased connection.
    struct run_awaiter {
        lease l;
        op o;
        bool await_ready() const noexcept { return false; }
        bool await_suspend(std::coroutine_handle<> h);
        expected<result_set> await_resume() { return std::move(*o.result); }
    };

    impl(uv_loop_t* loop, std::string conninfo, int size, int queue_limit, int query_timeout_ms, int outage_grace_ms);

    acquire_awaiter acquire(bool waits_out_outage = true) {
        acquire_awaiter a{*this};
        a.waits_out_outage = waits_out_outage;
        return a;
    }
    static run_awaiter run(lease l, op_kind kind, std::string_view sql, const params* args) {
        return run_awaiter{l, op{kind, sql, args, {}, {}}};
    }
    lease take(connection& c);
    void release(lease l);
    void release(lease l, wakeups& w);
    void rollback_in_background(lease l);
    void grant(connection& c, wakeups& w);
    void connection_up(connection& c, wakeups& w);
    void check_all_down(wakeups& w);
    void connection_down();
    bool bridging_outage() const;
    void fail_waiters(const std::string& why, wakeups& w);
    void arm_queue_timer();
    static void queue_timer_cb(uv_timer_t* t);
    void on_queue_timer();
    void start();
    void close();

    int statement_id(std::string_view sql);

    uv_loop_t* loop_;
    std::string conninfo_;
    std::expected<std::string, std::string> host_;   // to look up before each connect (host_to_look_up)
    int size_;
    int queue_limit_;
    std::uint64_t query_timeout_ms_;
    std::uint64_t outage_grace_ms_;
    std::uint64_t all_down_since_ = 0;   // uv_now when the last connection went down, or start()
    std::vector<std::unique_ptr<connection>> conns_;
    // FIFO. Deadlines mostly ascend, but one that arrived during an outage waits until the
    // grace ends, which may be later than the next one's: the timer looks at all of them.
    std::deque<acquire_awaiter*> waiters_;
    uv_timer_t* queue_timer_ = nullptr;
    std::unordered_map<std::string, int, string_hash, std::equal_to<>> statements_;
    std::vector<const std::string*> statement_sql_;   // id → the key in statements_ (stable)
    bool started_ = false;
    bool closed_ = false;
    int connected_ = 0;
    int in_use_ = 0;
    std::uint64_t waits_total_ = 0;     // queries that had to wait for a connection, since start
    std::uint64_t refused_total_ = 0;   // queries refused because too many were waiting
    // Connections in their first attempt after start() or after losing a session that had been
    // up. While one runs, new queries wait for it instead of failing: it usually succeeds at once
    // (a query timeout, a server that closed one idle session). Later attempts, in backoff, do
    // not count, so with the server away queries fail at once.
    int attempting_ = 0;
};

// ---- one connection ----------------------------------------------------------------------------

class connection {
public:
    connection(pool::impl& owner, int index) : owner_(owner), index_(index) {}
    connection(const connection&) = delete;
    connection& operator=(const connection&) = delete;

    bool ready() const noexcept { return state_ == state::ready; }
    bool idle() const noexcept { return ready() && !held_ && !current_; }
    bool busy() const noexcept { return current_ != nullptr; }

    void start(wakeups& w);
    void shutdown(wakeups& w);
    // Sends `o`. False when it could not be sent; then `o.result` is set and nothing will resume
    // its waiter.
    bool send(op& o, std::uint64_t session, wakeups& w);
    // `timed_out`: the query ran past the query timeout (not a lost server).
    void break_session(const std::string& why, wakeups& w, bool timed_out = false);

    std::uint64_t session_ = 1;
    bool held_ = false;
    op background_;   // the rollback of a transaction dropped without commit or rollback

private:
    enum class state { down, connecting, ready, closed };
    enum class phase { none, preparing, executing };

    static void poll_cb(uv_poll_t* h, int status, int events);
    static void timer_cb(uv_timer_t* t);
    void on_poll(int status, int events);
    void on_timer();

    void begin_attempt(wakeups& w);
    void connect_to(const std::string& hostaddr, wakeups& w);
    void continue_attempt(wakeups& w);
    void attempt_failed(const std::string& why, wakeups& w);
    void session_up(wakeups& w);
    void schedule_retry();
    void teardown();
    bool open_poll(int fd);
    void watch(int events);

    void on_session_io(int status, int events, wakeups& w);
    bool send_current();
    bool send_execute();
    bool flush();
    void collect_results(wakeups& w);
    void finish_op(wakeups& w);
    void complete(op* o, expected<result_set> r, wakeups& w);

    pool::impl& owner_;
    int index_;
    state state_ = state::down;
    PGconn* conn_ = nullptr;
    uv_poll_t* poll_ = nullptr;   // a fresh one per socket: the fd changes between attempts
    int poll_fd_ = -1;
    int watched_ = 0;             // events the poll is started with
    uv_timer_t* timer_ = nullptr; // backoff, connect timeout or query timeout, by state
    host_lookup* lookup_ = nullptr;   // the host name's lookup before a connect, while it runs
    std::uint64_t backoff_ms_ = backoff_first_ms;
    std::uint64_t up_since_ = 0;
    int failures_ = 0;            // failed attempts in a row, for logging
    bool first_attempt_ = false;  // counted in owner_.attempting_
    std::vector<char> prepared_;  // by statement id: prepared on this session
    phase phase_ = phase::none;
    int pending_stmt_ = -1;
    bool flushing_ = false;       // output left in libpq's buffer: wait for writable
    op* current_ = nullptr;
    PGresult* last_ = nullptr;    // the last good result of the current op
    std::optional<error> err_;    // the first error of the current op
    bool unusable_ = false;       // the op left the session in a state we cannot go on from
};

}  // namespace jh::pg
