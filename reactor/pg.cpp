// pg.cpp: the asynchronous PostgreSQL pool of one loop (see pg.h).
//
// Each connection is a small state machine driven by libuv:
//   down        no server session; a timer starts the next connection attempt (backoff)
//   connecting  PQconnectPoll steps, each waiting on a uv_poll of the socket; a timer bounds it
//   ready       a server session, idle or running one operation (its timer is the query timeout)
//   closed      the pool was closed
// libpq is in non-blocking mode and every wait is a uv_poll or a uv_timer, so the loop never
// blocks; PQexec, PQconnectdb and PQprepare are never called here.
//
// Statements are prepared on first use per connection (PQsendPrepare, then PQsendQueryPrepared
// when the prepare answered). Pipeline mode would save that one round trip per statement and
// connection, once in the life of a connection; it is not used, since it would not pay for the
// extra states it brings.
//
// Coroutines waiting here are resumed from libuv callbacks. Every callback first finishes its
// own bookkeeping and collects the coroutines to wake in a local list (`wakeups`), and resumes
// them last, touching nothing of the pool afterwards: a resumed coroutine may start the next
// query, end a transaction or close the pool.
#include "reactor/pg.h"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <functional>
#include <unordered_map>

#include "reactor/resolve.h"

namespace jh::pg {

namespace {

constexpr std::uint64_t backoff_first_ms = 100;
constexpr std::uint64_t backoff_max_ms = 5000;
constexpr std::uint64_t connect_timeout_ms = 5000;
// A connection that broke after being up at least this long is reconnected at once; one that
// breaks sooner goes through the backoff, so a server that drops every new session cannot make
// us spin.
constexpr std::uint64_t stable_after_ms = 1000;

using wakeups = std::vector<std::coroutine_handle<>>;

void resume_all(const wakeups& w) {
    for (auto h : w) h.resume();
}

error unavailable(std::string message) { return error{true, {}, std::move(message)}; }

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
std::string trimmed(const char* s) {
    std::string out;
    for (const char* p = s ? s : ""; *p; ++p) {
        bool space = *p == '\n' || *p == '\t' || *p == ' ';
        if (!space) out.push_back(*p);
        else if (!out.empty() && out.back() != ' ') out.push_back(' ');
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out;
}

error sql_error(const PGresult* r) {
    const char* state = PQresultErrorField(r, PG_DIAG_SQLSTATE);
    const char* primary = PQresultErrorField(r, PG_DIAG_MESSAGE_PRIMARY);
    // Only the primary message: the detail of e.g. a unique violation carries the row's values,
    // which have no place in a log.
    return error{false, state ? state : "", primary ? primary : trimmed(PQresultErrorMessage(r))};
}

// The server ends the session with these (shutdown, crash recovery, start-up): the query did not
// fail on its own, the database was away.
bool session_ended(std::string_view sqlstate) {
    return sqlstate == "57P01" || sqlstate == "57P02" || sqlstate == "57P03";
}

void notice_cb(void*, const PGresult* r) {
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

}  // namespace

// A connection handed out by the pool. `session` tells a stale lease (the connection broke and
// reconnected meanwhile) from a live one.
struct lease {
    connection* conn = nullptr;
    std::uint64_t session = 0;
};

// ---- params -----------------------------------------------------------------------------------

params& params::add(std::string_view v) {
    values_.emplace_back(v);
    null_.push_back(false);
    index_.push_back(values_.size() - 1);
    return *this;
}

params& params::add(std::int64_t v) {
    char buf[24];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
    return add(std::string_view(buf, static_cast<std::size_t>(end - buf)));
}

params& params::add(double v) {
    // PostgreSQL's spellings; to_chars would write "nan" and "inf".
    if (std::isnan(v)) return add(std::string_view("NaN"));
    if (std::isinf(v)) return add(std::string_view(v > 0 ? "Infinity" : "-Infinity"));
    char buf[32];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);   // shortest text that reads back exactly
    return add(std::string_view(buf, static_cast<std::size_t>(end - buf)));
}

params& params::add(bool v) { return add(std::string_view(v ? "true" : "false")); }

params& params::add(std::nullopt_t) {
    null_.push_back(true);
    index_.push_back(0);
    return *this;
}

std::vector<const char*> params::pointers() const {
    std::vector<const char*> out(null_.size());
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = null_[i] ? nullptr : values_[index_[i]].c_str();
    return out;
}

// ---- result_set --------------------------------------------------------------------------------

int result_set::column(std::string_view name) const {
    // Not PQfnumber: it folds unquoted names to lower case.
    for (int i = 0; i < columns(); ++i)
        if (name == PQfname(r_.get(), i)) return i;
    return -1;
}

std::int64_t result_set::int64(int row, int col) const noexcept {
    auto t = text(row, col);
    std::int64_t v = 0;
    std::from_chars(t.data(), t.data() + t.size(), v);
    return v;
}

double result_set::number(int row, int col) const noexcept {
    auto t = text(row, col);
    double v = 0;
    std::from_chars(t.data(), t.data() + t.size(), v);
    return v;
}

std::int64_t result_set::affected() const noexcept {
    if (!r_) return 0;
    const char* t = PQcmdTuples(r_.get());
    std::int64_t v = 0;
    std::from_chars(t, t + std::strlen(t), v);
    return v;
}

// ---- error -------------------------------------------------------------------------------------

app_error error::to_app_error() const {
    if (unavailable) {
        // The pool already logged the outage once per connection; one line per request is noise.
        spdlog::debug("database unavailable: {}", message);
        return app_error::make(error_kind::unavailable,
                               "Die Datenbank ist gerade nicht erreichbar. Bitte versuche es gleich noch einmal.");
    }
    spdlog::error("database error {}: {}", sqlstate.empty() ? "-" : sqlstate, message);
    return app_error::make(error_kind::internal, "Ein interner Fehler ist aufgetreten.");
}

// ---- the pool's state --------------------------------------------------------------------------

struct pool::impl {
    // A coroutine waiting for a free connection (lives in the coroutine's frame).
    struct acquire_awaiter {
        impl& p;
        lease got{};
        std::optional<error> err;
        std::uint64_t deadline = 0;
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

    impl(uv_loop_t* loop, std::string conninfo, int size, int queue_limit, int query_timeout_ms);

    acquire_awaiter acquire() { return acquire_awaiter{*this}; }
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
    std::vector<std::unique_ptr<connection>> conns_;
    std::deque<acquire_awaiter*> waiters_;   // FIFO; with one timeout for all, deadlines ascend
    uv_timer_t* queue_timer_ = nullptr;
    std::unordered_map<std::string, int, string_hash, std::equal_to<>> statements_;
    std::vector<const std::string*> statement_sql_;   // id → the key in statements_ (stable)
    bool started_ = false;
    bool closed_ = false;
    int connected_ = 0;
    int in_use_ = 0;
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
    void break_session(const std::string& why, wakeups& w);

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

void connection::poll_cb(uv_poll_t* h, int status, int events) {
    static_cast<connection*>(h->data)->on_poll(status, events);
}

void connection::timer_cb(uv_timer_t* t) { static_cast<connection*>(t->data)->on_timer(); }

void connection::start(wakeups& w) {
    timer_ = new uv_timer_t;
    uv_timer_init(owner_.loop_, timer_);
    timer_->data = this;
    first_attempt_ = true;
    ++owner_.attempting_;
    begin_attempt(w);
}

// The connect timeout bounds the lookup and the connect together.
void connection::begin_attempt(wakeups& w) {
    state_ = state::connecting;
    uv_timer_start(timer_, timer_cb, connect_timeout_ms, 0);
    if (!owner_.host_.has_value()) return attempt_failed("database.url: " + owner_.host_.error(), w);
    if (owner_.host_->empty()) return connect_to({}, w);
    lookup_ = host_lookup::start(owner_.loop_, *owner_.host_, [this](std::expected<std::string, std::string> address) {
        lookup_ = nullptr;
        wakeups later;
        if (address) connect_to(*address, later);
        else attempt_failed(address.error(), later);
        resume_all(later);
    });
}

void connection::connect_to(const std::string& hostaddr, wakeups& w) {
    // The URL comes after the defaults, so what it sets wins over them; the looked-up address
    // comes last and wins over the URL's (there is none: host_to_look_up() says so).
    const char* keywords[] = {"fallback_application_name", "dbname", hostaddr.empty() ? nullptr : "hostaddr", nullptr};
    const char* values[] = {"jobhafen", owner_.conninfo_.c_str(), hostaddr.empty() ? nullptr : hostaddr.c_str(), nullptr};
    conn_ = PQconnectStartParams(keywords, values, 1);
    if (!conn_) return attempt_failed("out of memory", w);
    if (PQstatus(conn_) == CONNECTION_BAD) return attempt_failed(trimmed(PQerrorMessage(conn_)), w);
    PQsetNoticeReceiver(conn_, notice_cb, nullptr);
    if (!open_poll(PQsocket(conn_))) return attempt_failed("cannot watch the socket", w);
    // Right after PQconnectStart libpq waits for the socket to become writable.
    watch(UV_WRITABLE);
}

void connection::continue_attempt(wakeups& w) {
    PostgresPollingStatusType st = PQconnectPoll(conn_);
    if (st == PGRES_POLLING_FAILED) return attempt_failed(trimmed(PQerrorMessage(conn_)), w);
    int fd = PQsocket(conn_);
    if (fd != poll_fd_) {
        // libpq moved on to another socket (the next address of the host, or a retry without
        // SSL): a poll must never outlive its fd, so this one goes and a fresh one comes.
        close_and_free(poll_);
        if (!open_poll(fd)) return attempt_failed("cannot watch the socket", w);
    } else {
        // The number may be the same while the socket is a new one (the kernel reuses the lowest
        // free fd): stopping and starting again makes libuv register it with epoll afresh.
        uv_poll_stop(poll_);
        watched_ = 0;
    }
    switch (st) {
        case PGRES_POLLING_READING: watch(UV_READABLE); break;
        case PGRES_POLLING_WRITING: watch(UV_WRITABLE); break;
        case PGRES_POLLING_OK: session_up(w); break;
        default: attempt_failed("unexpected connection state", w); break;
    }
}

void connection::session_up(wakeups& w) {
    if (PQsetnonblocking(conn_, 1) != 0) return attempt_failed(trimmed(PQerrorMessage(conn_)), w);
    uv_timer_stop(timer_);
    if (failures_ > 0 || session_ > 1) spdlog::info("database connection {} is up again", index_);
    failures_ = 0;
    state_ = state::ready;
    up_since_ = uv_now(owner_.loop_);
    // The backoff is not reset here but when the session has lasted (break_session): a server
    // that accepts and then drops every session still sees the delays grow.
    if (first_attempt_) {
        first_attempt_ = false;
        --owner_.attempting_;
    }
    watch(UV_READABLE);   // an idle session must notice the server closing it
    owner_.connection_up(*this, w);
}

void connection::attempt_failed(const std::string& why, wakeups& w) {
    if (++failures_ == 1) spdlog::warn("database connection {}: cannot connect: {}", index_, why);
    else spdlog::debug("database connection {}: cannot connect (attempt {}): {}", index_, failures_, why);
    teardown();
    state_ = state::down;
    schedule_retry();
    if (first_attempt_) {
        first_attempt_ = false;
        --owner_.attempting_;
        owner_.check_all_down(w);
    }
}

void connection::schedule_retry() {
    uv_timer_start(timer_, timer_cb, backoff_ms_, 0);
    backoff_ms_ = std::min(backoff_ms_ * 2, backoff_max_ms);
}

// Ends the session: the in-flight operation fails with unavailable, every lease on this session
// goes stale, and the connection starts over.
void connection::break_session(const std::string& why, wakeups& w) {
    if (state_ != state::ready) return;
    spdlog::warn("database connection {} lost: {}", index_, why);
    op* o = std::exchange(current_, nullptr);
    teardown();
    state_ = state::down;
    ++session_;
    if (held_) {
        held_ = false;
        --owner_.in_use_;
    }
    --owner_.connected_;
    if (uv_now(owner_.loop_) - up_since_ >= stable_after_ms) {
        backoff_ms_ = backoff_first_ms;
        first_attempt_ = true;
        ++owner_.attempting_;
        begin_attempt(w);
    } else {
        schedule_retry();
    }
    owner_.check_all_down(w);
    if (o && o->waiter) complete(o, std::unexpected(unavailable(why)), w);
}

void connection::shutdown(wakeups& w) {
    op* o = std::exchange(current_, nullptr);
    teardown();
    close_and_free(timer_);
    state_ = state::closed;
    ++session_;
    held_ = false;
    first_attempt_ = false;
    if (o && o->waiter) {
        o->result = std::unexpected(unavailable("the database pool was closed"));
        w.push_back(o->waiter);
    }
}

// Closes the poll before PQfinish closes the socket, as libuv requires.
void connection::teardown() {
    if (timer_) uv_timer_stop(timer_);
    if (lookup_) std::exchange(lookup_, nullptr)->cancel();
    close_and_free(poll_);
    poll_fd_ = -1;
    watched_ = 0;
    if (conn_) {
        PQfinish(conn_);   // in non-blocking mode the Terminate message is sent without waiting
        conn_ = nullptr;
    }
    if (last_) {
        PQclear(last_);
        last_ = nullptr;
    }
    err_.reset();
    prepared_.clear();
    phase_ = phase::none;
    flushing_ = false;
    unusable_ = false;
}

bool connection::open_poll(int fd) {
    if (fd < 0) return false;
    auto* p = new uv_poll_t;
    if (uv_poll_init_socket(owner_.loop_, p, fd) != 0) {
        delete p;
        return false;
    }
    p->data = this;
    poll_ = p;
    poll_fd_ = fd;
    watched_ = 0;
    return true;
}

void connection::watch(int events) {
    if (!poll_ || events == watched_) return;
    uv_poll_start(poll_, events, poll_cb);
    watched_ = events;
}

void connection::on_poll(int status, int events) {
    wakeups w;
    if (status < 0) watched_ = 0;   // libuv stopped the handle; watch() starts it again
    if (state_ == state::connecting) {
        // On a socket error too: PQconnectPoll reads the error and tries the next address.
        continue_attempt(w);
    } else if (state_ == state::ready) {
        on_session_io(status, events, w);
    }
    resume_all(w);
}

void connection::on_timer() {
    wakeups w;
    switch (state_) {
        case state::down: begin_attempt(w); break;
        case state::connecting: attempt_failed("connecting timed out", w); break;
        case state::ready:
            // A query ran past its time. PQcancel (and PQrequestCancel) would open a second
            // connection and wait for it, blocking the loop, so we end the session instead: the
            // server rolls back what the session had open, the query fails with unavailable, and
            // the connection reconnects. The backend itself only notices the closed socket when
            // the statement ends; a server-side statement_timeout bounds that.
            if (current_)
                break_session(fmt::format("the query ran longer than {} ms", owner_.query_timeout_ms_), w);
            break;
        case state::closed: break;
    }
    resume_all(w);
}

void connection::on_session_io(int status, int events, wakeups& w) {
    if (status < 0) {
        // libuv says only "bad file descriptor" for an error on the socket; libpq can tell more.
        std::string why = PQconsumeInput(conn_) ? std::string("the connection failed (") + uv_strerror(status) + ")" : trimmed(PQerrorMessage(conn_));
        return break_session(why, w);
    }
    if ((events & UV_READABLE) && !PQconsumeInput(conn_)) return break_session(trimmed(PQerrorMessage(conn_)), w);
    if (flushing_ && !flush()) return break_session(trimmed(PQerrorMessage(conn_)), w);
    if (current_) {
        collect_results(w);
    } else {
        // Idle: nothing should arrive but notifications and the server's goodbye.
        while (PGnotify* n = PQnotifies(conn_)) PQfreemem(n);
        if (PQstatus(conn_) == CONNECTION_BAD) return break_session(trimmed(PQerrorMessage(conn_)), w);
    }
    if (state_ == state::ready) watch(UV_READABLE | (flushing_ ? UV_WRITABLE : 0));
}

bool connection::flush() {
    int r = PQflush(conn_);
    if (r < 0) return false;
    flushing_ = r == 1;
    return true;
}

bool connection::send(op& o, std::uint64_t session, wakeups& w) {
    if (session != session_ || state_ != state::ready) {
        o.result = std::unexpected(unavailable("the database connection was lost"));
        return false;
    }
    if (current_) {
        o.result = std::unexpected(error{false, {}, "another query is still running on this connection"});
        return false;
    }
    current_ = &o;
    if (!send_current()) {
        current_ = nullptr;   // fails below without resuming: the caller reads o.result
        std::string why = trimmed(PQerrorMessage(conn_));
        o.result = std::unexpected(unavailable(why));
        break_session(why, w);
        return false;
    }
    watch(UV_READABLE | (flushing_ ? UV_WRITABLE : 0));
    uv_timer_start(timer_, timer_cb, owner_.query_timeout_ms_, 0);
    return true;
}

bool connection::send_current() {
    const op& o = *current_;
    if (o.kind != op_kind::statement) {
        phase_ = phase::executing;
        std::string sql(o.sql);
        if (!PQsendQueryParams(conn_, sql.c_str(), 0, nullptr, nullptr, nullptr, nullptr, 0)) return false;
        return flush();
    }
    int id = owner_.statement_id(o.sql);
    if (static_cast<std::size_t>(id) >= prepared_.size()) prepared_.resize(static_cast<std::size_t>(id) + 1, 0);
    if (prepared_[static_cast<std::size_t>(id)]) {
        pending_stmt_ = id;
        return send_execute();
    }
    phase_ = phase::preparing;
    pending_stmt_ = id;
    std::string name = "s" + std::to_string(id + 1);
    int n = o.args ? o.args->count() : 0;
    if (!PQsendPrepare(conn_, name.c_str(), owner_.statement_sql_[static_cast<std::size_t>(id)]->c_str(), n, nullptr)) return false;
    return flush();
}

bool connection::send_execute() {
    const op& o = *current_;
    phase_ = phase::executing;
    std::string name = "s" + std::to_string(pending_stmt_ + 1);
    std::vector<const char*> values;
    if (o.args) values = o.args->pointers();
    // libpq copies the values into its output buffer here, so `values` may go right after.
    if (!PQsendQueryPrepared(conn_, name.c_str(), static_cast<int>(values.size()), values.data(), nullptr, nullptr, 0)) return false;
    return flush();
}

void connection::collect_results(wakeups& w) {
    while (!PQisBusy(conn_)) {
        PGresult* r = PQgetResult(conn_);
        if (r) {
            switch (PQresultStatus(r)) {
                case PGRES_TUPLES_OK:
                case PGRES_COMMAND_OK:
                case PGRES_EMPTY_QUERY:
                    if (last_) PQclear(last_);
                    last_ = r;
                    break;
                case PGRES_COPY_IN:
                case PGRES_COPY_OUT:
                case PGRES_COPY_BOTH:
                    // COPY needs a data exchange this client does not speak; leave the session.
                    if (!err_) err_ = error{false, {}, "COPY is not supported by this client"};
                    unusable_ = true;
                    PQclear(r);
                    return finish_op(w);
                default:
                    if (!err_) err_ = sql_error(r);
                    PQclear(r);
                    break;
            }
            continue;
        }
        // The command is complete.
        if (phase_ == phase::preparing && !err_) {
            prepared_[static_cast<std::size_t>(pending_stmt_)] = 1;
            if (last_) {
                PQclear(last_);
                last_ = nullptr;
            }
            if (!send_execute()) return break_session(trimmed(PQerrorMessage(conn_)), w);
            continue;   // busy again until the execute answers
        }
        return finish_op(w);
    }
}

void connection::finish_op(wakeups& w) {
    op* o = std::exchange(current_, nullptr);
    uv_timer_stop(timer_);
    phase_ = phase::none;
    bool lost = unusable_ || PQstatus(conn_) == CONNECTION_BAD;
    expected<result_set> res;
    if (err_) {
        if (session_ended(err_->sqlstate) || PQstatus(conn_) == CONNECTION_BAD) {
            lost = true;
            err_->unavailable = true;
        }
        res = std::unexpected(std::move(*err_));
        err_.reset();
        if (last_) PQclear(last_);
    } else if (o->kind == op_kind::commit && last_ && std::strcmp(PQcmdStatus(last_), "ROLLBACK") == 0) {
        // COMMIT in a transaction that already failed answers "ROLLBACK", not an error.
        res = std::unexpected(error{false, "25P02", "the transaction was rolled back because a statement in it failed"});
        PQclear(last_);
    } else {
        res = result_set(last_);
    }
    last_ = nullptr;
    if (lost) {
        std::string why = res ? std::string("the session became unusable") : res.error().message;
        break_session(why, w);   // current_ is already cleared: `o` is completed below, once
    }
    complete(o, std::move(res), w);
}

void connection::complete(op* o, expected<result_set> r, wakeups& w) {
    o->result = std::move(r);
    if (o->waiter) {
        w.push_back(o->waiter);
    } else {
        // The rollback of a dropped transaction is done: the connection goes back to the pool.
        owner_.release(lease{this, session_}, w);
    }
}

// ---- the host name --------------------------------------------------------------------------------

std::expected<std::string, std::string> host_to_look_up(const std::string& conninfo) {
    char* parse_error = nullptr;
    PQconninfoOption* options = PQconninfoParse(conninfo.c_str(), &parse_error);
    if (!options) {
        // libpq reports a malformed URL itself when it connects; nothing to look up here.
        if (parse_error) PQfreemem(parse_error);
        return std::string();
    }
    std::string host, hostaddr;
    for (PQconninfoOption* o = options; o->keyword; ++o) {
        if (!o->val) continue;
        if (std::strcmp(o->keyword, "host") == 0) host = o->val;
        else if (std::strcmp(o->keyword, "hostaddr") == 0) hostaddr = o->val;
    }
    PQconninfoFree(options);
    if (!hostaddr.empty() || host.empty() || host.front() == '/' || host.front() == '@' || is_ip_address(host))
        return std::string();
    if (host.find(',') == std::string::npos) return host;
    for (std::string_view rest = host; !rest.empty();) {
        std::string_view one = rest.substr(0, rest.find(','));
        rest = one.size() < rest.size() ? rest.substr(one.size() + 1) : std::string_view{};
        if (!one.empty() && one.front() != '/' && !is_ip_address(one))
            return std::unexpected("with several hosts, write them as IP addresses or give hostaddr (libpq would look a name up blocking)");
    }
    return std::string();
}

// ---- the pool ----------------------------------------------------------------------------------

pool::impl::impl(uv_loop_t* loop, std::string conninfo, int size, int queue_limit, int query_timeout_ms)
    : loop_(loop),
      conninfo_(std::move(conninfo)),
      host_(host_to_look_up(conninfo_)),
      size_(std::max(size, 1)),
      queue_limit_(std::max(queue_limit, 0)),
      query_timeout_ms_(static_cast<std::uint64_t>(std::max(query_timeout_ms, 1))) {
    for (int i = 0; i < size_; ++i) conns_.push_back(std::make_unique<connection>(*this, i));
}

int pool::impl::statement_id(std::string_view sql) {
    if (auto it = statements_.find(sql); it != statements_.end()) return it->second;
    int id = static_cast<int>(statement_sql_.size());
    auto [it, inserted] = statements_.emplace(std::string(sql), id);
    statement_sql_.push_back(&it->first);   // node-based map: the key's address is stable
    return id;
}

bool pool::impl::acquire_awaiter::await_ready() {
    if (p.closed_ || !p.started_) {
        err = unavailable("the database pool is not running");
        return true;
    }
    for (auto& c : p.conns_) {
        if (c->idle()) {
            got = p.take(*c);
            return true;
        }
    }
    if (p.connected_ == 0 && p.attempting_ == 0) {
        err = unavailable("no database connection is up");
        return true;
    }
    if (static_cast<int>(p.waiters_.size()) >= p.queue_limit_) {
        err = unavailable("too many queries are waiting for a database connection");
        return true;
    }
    return false;
}

void pool::impl::acquire_awaiter::await_suspend(std::coroutine_handle<> h) {
    waiting = h;
    deadline = uv_now(p.loop_) + p.query_timeout_ms_;
    p.waiters_.push_back(this);
    if (!uv_is_active(reinterpret_cast<uv_handle_t*>(p.queue_timer_))) p.arm_queue_timer();
}

bool pool::impl::run_awaiter::await_suspend(std::coroutine_handle<> h) {
    o.waiter = h;
    wakeups w;
    bool sent = l.conn->send(o, l.session, w);
    resume_all(w);   // only filled when sending broke the session and others were waiting
    return sent;
}

lease pool::impl::take(connection& c) {
    c.held_ = true;
    ++in_use_;
    return lease{&c, c.session_};
}

void pool::impl::release(lease l) {
    wakeups w;
    release(l, w);
    resume_all(w);
}

void pool::impl::release(lease l, wakeups& w) {
    connection* c = l.conn;
    // A stale lease: the session broke meanwhile and the connection already left the holder.
    if (closed_ || !c || c->session_ != l.session || !c->held_) return;
    if (c->busy()) {
        // Given back in the middle of an operation (its awaiter went away): the session's state
        // is unknown, so it ends.
        c->break_session("released while a query was running", w);
        return;
    }
    c->held_ = false;
    --in_use_;
    grant(*c, w);
}

void pool::impl::rollback_in_background(lease l) {
    connection* c = l.conn;
    if (closed_ || !c || c->session_ != l.session) return;
    wakeups w;
    if (c->busy()) {
        c->break_session("a transaction was dropped while its query ran", w);
    } else {
        c->background_ = op{op_kind::control, "ROLLBACK", nullptr, {}, {}};
        if (!c->send(c->background_, l.session, w)) release(l, w);
    }
    resume_all(w);
}

void pool::impl::grant(connection& c, wakeups& w) {
    if (waiters_.empty() || !c.idle()) return;
    acquire_awaiter* a = waiters_.front();
    waiters_.pop_front();
    a->got = take(c);
    w.push_back(a->waiting);
}

void pool::impl::connection_up(connection& c, wakeups& w) {
    ++connected_;
    grant(c, w);
}

void pool::impl::check_all_down(wakeups& w) {
    if (connected_ == 0 && attempting_ == 0) fail_waiters("no database connection is up", w);
}

void pool::impl::fail_waiters(const std::string& why, wakeups& w) {
    for (acquire_awaiter* a : waiters_) {
        a->err = unavailable(why);
        w.push_back(a->waiting);
    }
    waiters_.clear();
}

void pool::impl::arm_queue_timer() {
    if (!queue_timer_) return;
    if (waiters_.empty()) {
        uv_timer_stop(queue_timer_);
        return;
    }
    std::uint64_t now = uv_now(loop_);
    std::uint64_t due = waiters_.front()->deadline;
    uv_timer_start(queue_timer_, queue_timer_cb, due > now ? due - now : 0, 0);
}

void pool::impl::queue_timer_cb(uv_timer_t* t) { static_cast<impl*>(t->data)->on_queue_timer(); }

void pool::impl::on_queue_timer() {
    wakeups w;
    std::uint64_t now = uv_now(loop_);
    while (!waiters_.empty() && waiters_.front()->deadline <= now) {
        acquire_awaiter* a = waiters_.front();
        waiters_.pop_front();
        a->err = unavailable(fmt::format("no database connection became free within {} ms", query_timeout_ms_));
        w.push_back(a->waiting);
    }
    arm_queue_timer();
    resume_all(w);
}

void pool::impl::start() {
    if (started_ || closed_) return;
    started_ = true;
    queue_timer_ = new uv_timer_t;
    uv_timer_init(loop_, queue_timer_);
    queue_timer_->data = this;
    wakeups w;
    for (auto& c : conns_) c->start(w);
    resume_all(w);   // empty: nobody can wait before start()
}

void pool::impl::close() {
    if (closed_) return;
    closed_ = true;
    wakeups w;
    fail_waiters("the database pool was closed", w);
    close_and_free(queue_timer_);
    for (auto& c : conns_) c->shutdown(w);
    connected_ = 0;
    in_use_ = 0;
    attempting_ = 0;
    // The coroutines run after all state is final; what they call on the pool now answers
    // "unavailable" at once.
    resume_all(w);
}

pool::pool(uv_loop_t* loop, std::string conninfo, int size, int queue_limit, int query_timeout_ms)
    : impl_(std::make_unique<impl>(loop, std::move(conninfo), size, queue_limit, query_timeout_ms)) {}

pool::~pool() {
    if (impl_) impl_->close();
}

void pool::start() { impl_->start(); }
void pool::close() { impl_->close(); }

pool_stats pool::stats() const noexcept {
    return pool_stats{impl_->size_, impl_->connected_, impl_->in_use_, static_cast<int>(impl_->waiters_.size())};
}

task<expected<result_set>> pool::query(std::string_view sql, params p) {
    impl& im = *impl_;
    auto l = co_await im.acquire();
    if (!l) co_return std::unexpected(std::move(l.error()));
    auto r = co_await impl::run(*l, op_kind::statement, sql, &p);
    im.release(*l);   // may resume the next waiter; nothing of the pool is touched after it
    co_return r;
}

task<expected<transaction>> pool::begin() {
    impl& im = *impl_;
    auto l = co_await im.acquire();
    if (!l) co_return std::unexpected(std::move(l.error()));
    auto r = co_await impl::run(*l, op_kind::control, "BEGIN", nullptr);
    if (!r) {
        im.release(*l);
        co_return std::unexpected(std::move(r.error()));
    }
    co_return transaction(this, l->conn, l->session);
}

// ---- transaction -------------------------------------------------------------------------------

transaction::transaction(transaction&& o) noexcept
    : pool_(std::exchange(o.pool_, nullptr)), conn_(std::exchange(o.conn_, nullptr)), session_(o.session_) {}

transaction& transaction::operator=(transaction&& o) noexcept {
    if (this != &o) {
        release_rolling_back();
        pool_ = std::exchange(o.pool_, nullptr);
        conn_ = std::exchange(o.conn_, nullptr);
        session_ = o.session_;
    }
    return *this;
}

transaction::~transaction() { release_rolling_back(); }

void transaction::release_rolling_back() noexcept {
    if (!conn_) return;
    lease l{conn_, session_};
    conn_ = nullptr;
    pool_->impl_->rollback_in_background(l);
}

task<expected<result_set>> transaction::query(std::string_view sql, params p) {
    if (!conn_) co_return std::unexpected(error{false, {}, "the transaction is already finished"});
    co_return co_await pool::impl::run(lease{conn_, session_}, op_kind::statement, sql, &p);
}

task<expected<void>> transaction::commit() {
    if (!conn_) co_return std::unexpected(error{false, {}, "the transaction is already finished"});
    lease l{conn_, session_};
    pool::impl& im = *pool_->impl_;
    conn_ = nullptr;   // finished from here on, whatever COMMIT answers
    auto r = co_await pool::impl::run(l, op_kind::commit, "COMMIT", nullptr);
    im.release(l);
    if (!r) co_return std::unexpected(std::move(r.error()));
    co_return expected<void>{};
}

task<void> transaction::rollback() {
    if (!conn_) co_return;
    lease l{conn_, session_};
    pool::impl& im = *pool_->impl_;
    conn_ = nullptr;
    auto r = co_await pool::impl::run(l, op_kind::control, "ROLLBACK", nullptr);
    if (!r) spdlog::debug("database: ROLLBACK failed: {}", r.error().message);
    im.release(l);
}

}  // namespace jh::pg
