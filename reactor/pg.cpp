// pg.cpp: the asynchronous PostgreSQL pool of one loop (see pg.h): parameters, results, the pool
// and its queue, transactions. One connection's state machine is in pg_connection.cpp.
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
#include "reactor/cannot_store.h"
#include "reactor/pg_internal.h"
#include "reactor/timer.h"

namespace jh::pg {

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

namespace {
// The server lacks a resource for the statement (class 53: 53100 a full disk, 53200 out of memory,
// 53300 too many connections): nothing is wrong with the request, it goes through once an operator
// has made room (issue 46 item 4, docs/operations.md "A full disk").
bool out_of_resources(std::string_view sqlstate) { return sqlstate.size() == 5 && sqlstate.starts_with("53"); }
}  // namespace

app_error error::to_app_error() const {
    if (unavailable) {
        // The pool already logged the outage once per connection; one line per request is noise.
        spdlog::debug("database unavailable: {}", message);
        return app_error::make(error_kind::unavailable,
                               "Die Datenbank ist gerade nicht erreichbar. Bitte versuche es gleich noch einmal.");
    }
    if (conflict()) {
        // Retried already (pool::statement, in_transaction) and still in conflict: busy, not broken.
        spdlog::warn("database conflict {} after every retry: {}", sqlstate, message);
        return app_error::make(error_kind::unavailable,
                               "Die Datenbank ist gerade stark beschäftigt. Bitte versuche es gleich noch einmal.");
    }
    if (out_of_resources(sqlstate)) {
        // A full disk refuses every write until someone makes room: the operator must hear of it
        // (an error line, the alert on 5xx), the visitor that nothing was stored and when to retry.
        spdlog::error("database out of resources {}: {}", sqlstate, message);
        return cannot_store_now();
    }
    spdlog::error("database error {}: {}", sqlstate.empty() ? "-" : sqlstate, message);
    return app_error::make(error_kind::internal, "Ein interner Fehler ist aufgetreten.");
}

// ---- the pool ----------------------------------------------------------------------------------

pool::impl::impl(uv_loop_t* loop, std::string conninfo, int size, int queue_limit, int query_timeout_ms,
                 int outage_grace_ms)
    : loop_(loop),
      conninfo_(std::move(conninfo)),
      host_(host_to_look_up(conninfo_)),
      size_(std::max(size, 1)),
      queue_limit_(std::max(queue_limit, 0)),
      query_timeout_ms_(static_cast<std::uint64_t>(std::max(query_timeout_ms, 1))),
      outage_grace_ms_(static_cast<std::uint64_t>(std::max(outage_grace_ms, 0))) {
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
    if (p.connected_ == 0 && p.attempting_ == 0 && !(waits_out_outage && p.bridging_outage())) {
        err = unavailable("no database connection is up");
        return true;
    }
    if (static_cast<int>(p.waiters_.size()) >= p.queue_limit_) {
        ++p.refused_total_;
        err = unavailable("too many queries are waiting for a database connection");
        return true;
    }
    return false;
}

void pool::impl::acquire_awaiter::await_suspend(std::coroutine_handle<> h) {
    waiting = h;
    ++p.waits_total_;
    std::uint64_t now = uv_now(p.loop_);
    deadline = now + p.query_timeout_ms_;
    // Waiting out an outage: until the grace ends, even past the query timeout.
    if (waits_out_outage && p.bridging_outage()) deadline = std::max(deadline, p.all_down_since_ + p.outage_grace_ms_);
    p.waiters_.push_back(this);
    p.arm_queue_timer();
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

// With nothing up and nothing connecting, the waiters fail, except those that wait out an outage
// while its grace lasts (the queue timer ends them with it).
void pool::impl::check_all_down(wakeups& w) {
    if (connected_ != 0 || attempting_ != 0) return;
    bool bridging = bridging_outage();
    std::erase_if(waiters_, [&](acquire_awaiter* a) {
        if (bridging && a->waits_out_outage) return false;
        a->err = unavailable("no database connection is up");
        w.push_back(a->waiting);
        return true;
    });
}

// A session that was up ended; when it was the last one, the outage (and its grace) begins. Those
// already waiting for a free connection wait it out as a query sent now would: under load the
// queue is full when the primary goes away, and its waiters timed out at their query timeout in
// the middle of a switchover (the drill's 503s after 5 s, 30 November 2026).
void pool::impl::connection_down() {
    if (--connected_ != 0) return;
    all_down_since_ = uv_now(loop_);
    for (acquire_awaiter* a : waiters_)
        if (a->waits_out_outage) a->deadline = std::max(a->deadline, all_down_since_ + outage_grace_ms_);
    arm_queue_timer();
}

bool pool::impl::bridging_outage() const {
    return connected_ == 0 && started_ && !closed_ && uv_now(loop_) < all_down_since_ + outage_grace_ms_;
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
    for (const acquire_awaiter* a : waiters_) due = std::min(due, a->deadline);
    // When the grace ends with nothing up, the waiters fail then, not at their own deadlines.
    if (connected_ == 0 && outage_grace_ms_ > 0 && all_down_since_ + outage_grace_ms_ > now)
        due = std::min(due, all_down_since_ + outage_grace_ms_);
    uv_timer_start(queue_timer_, queue_timer_cb, due > now ? due - now : 0, 0);
}

void pool::impl::queue_timer_cb(uv_timer_t* t) { static_cast<impl*>(t->data)->on_queue_timer(); }

void pool::impl::on_queue_timer() {
    wakeups w;
    std::uint64_t now = uv_now(loop_);
    if (connected_ == 0 && attempting_ == 0 && !bridging_outage()) {
        fail_waiters(fmt::format("no database connection came back within {} ms", outage_grace_ms_), w);
    } else {
        std::erase_if(waiters_, [&](acquire_awaiter* a) {
            if (a->deadline > now) return false;
            a->err = unavailable(fmt::format("no database connection became free within {} ms", query_timeout_ms_));
            w.push_back(a->waiting);
            return true;
        });
    }
    arm_queue_timer();
    resume_all(w);
}

void pool::impl::start() {
    if (started_ || closed_) return;
    started_ = true;
    all_down_since_ = uv_now(loop_);
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

pool::pool(uv_loop_t* loop, std::string conninfo, int size, int queue_limit, int query_timeout_ms,
           int outage_grace_ms)
    : impl_(std::make_unique<impl>(loop, std::move(conninfo), size, queue_limit, query_timeout_ms, outage_grace_ms)) {}

pool::~pool() {
    if (impl_) impl_->close();
}

void pool::start() { impl_->start(); }
void pool::close() { impl_->close(); }

pool_stats pool::stats() const noexcept {
    return pool_stats{impl_->size_,        impl_->connected_,   impl_->in_use_,
                      static_cast<int>(impl_->waiters_.size()), impl_->bridging_outage(),
                      impl_->waits_total_, impl_->refused_total_};
}

// A statement (outside a transaction) that the server answered with "terminating connection"
// (57P01–57P03: a shutdown, a switchover) was aborted before it committed, so it runs once more
// on another connection, which may first wait out the outage. So does one the server rolled
// back for a deadlock or a serialization failure (40P01, 40001: a migration's ALTER TABLE locking
// the tables a read uses); by its next run the other party holds its locks, and it waits instead.
// A statement whose connection simply broke is not repeated: it may have committed.
// Not coroutines: the parameters move into statement()'s frame, which outlives these calls.
task<expected<result_set>> pool::query(std::string_view sql, params p) { return statement(sql, std::move(p), false); }

task<expected<result_set>> pool::read(std::string_view sql, params p) { return statement(sql, std::move(p), true); }

task<expected<result_set>> pool::statement(std::string_view sql, params p, bool only_reads) {
    impl& im = *impl_;
    for (int attempt = 1;; ++attempt) {
        auto l = co_await im.acquire();
        if (!l) co_return std::unexpected(std::move(l.error()));
        auto r = co_await impl::run(*l, op_kind::statement, sql, &p);
        im.release(*l);   // may resume the next waiter
        if (r || attempt >= attempts_after_a_lost_session()) co_return r;
        bool again = session_ended(r.error().sqlstate) || r.error().conflict() || (only_reads && r.error().lost());
        if (!again) co_return r;
    }
}

// A switchover or a crash ends every session of the old server at about the same time, one after
// the other as the pool notices: the next free connection may be about to break too. Each break
// takes that session out of the pool, so after `size` broken ones the next attempt runs on a
// session made after the failure. Bounded: a server that keeps dropping sessions is not retried
// forever (and the outage grace bounds each wait).
int pool::attempts_after_a_lost_session() const noexcept { return impl_->size_ + 1; }

task<expected<result_set>> pool::query_without_waiting(std::string_view sql) {
    impl& im = *impl_;
    auto l = co_await im.acquire(false);
    if (!l) co_return std::unexpected(std::move(l.error()));
    params none;
    auto r = co_await impl::run(*l, op_kind::statement, sql, &none);
    im.release(*l);
    co_return r;
}

// BEGIN changes nothing, so a BEGIN that failed because the database went away is tried once
// more (after the outage grace's wait, when there is one). So is one the server answered with its
// goodbye (57P01–57P03, read from an idle session it closed in a switchover): before, that answer
// ended the write at once with 503 although nothing of it had run.
task<expected<transaction>> pool::begin() {
    impl& im = *impl_;
    for (int attempt = 1;; ++attempt) {
        auto l = co_await im.acquire();
        if (!l) co_return std::unexpected(std::move(l.error()));
        auto r = co_await impl::run(*l, op_kind::control, "BEGIN", nullptr);
        if (r) co_return transaction(this, l->conn, l->session);
        im.release(*l);
        if (attempt >= attempts_after_a_lost_session() || !(r.error().unavailable || session_ended(r.error().sqlstate)))
            co_return std::unexpected(std::move(r.error()));
    }
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
    auto r = co_await pool::impl::run(lease{conn_, session_}, op_kind::statement, sql, &p);
    if (!r && (session_ended(r.error().sqlstate) || r.error().lost())) interrupted_ = true;
    if (!r && r.error().conflict()) conflicted_ = true;
    co_return r;
}

task<expected<void>> transaction::commit() {
    if (!conn_) co_return std::unexpected(error{false, {}, "the transaction is already finished"});
    // The transaction's id, if it wrote anything, asked before COMMIT: a COMMIT whose answer is
    // lost can only be settled by it. One round trip more per write (about 0.1 ms locally).
    // A transaction a failed statement already aborted (25P02) is rolled back by its COMMIT, as
    // before, and has nothing to settle; any other failure here ends it unstored (a lost session
    // marks it interrupted, to run again).
    std::optional<std::string> xid;
    if (auto id = co_await query("SELECT pg_current_xact_id_if_assigned()::text"); id) {
        if (id->rows() == 1 && !id->is_null(0, 0)) xid = std::string(id->text(0, 0));
    } else if (id.error().sqlstate != "25P02") {
        co_return std::unexpected(std::move(id.error()));
    }
    lease l{conn_, session_};
    pool::impl& im = *pool_->impl_;
    conn_ = nullptr;   // finished from here on, whatever COMMIT answers
    auto r = co_await pool::impl::run(l, op_kind::commit, "COMMIT", nullptr);
    im.release(l);
    if (!r && r.error().conflict()) conflicted_ = true;   // a serializable transaction's commit check
    if (!r && (r.error().lost() || session_ended(r.error().sqlstate))) {
        switch (co_await settle_lost_commit(xid)) {
            case commit_outcome::committed:
                spdlog::info("database: a COMMIT's answer was lost, and the database has it committed");
                co_return expected<void>{};
            case commit_outcome::not_committed:
                interrupted_ = true;   // nothing of it is stored: in_transaction runs it again
                break;
            case commit_outcome::in_progress:
            case commit_outcome::unknown:
                spdlog::warn("database: a COMMIT's answer was lost and its outcome cannot be told");
                break;
        }
    }
    if (!r) co_return std::unexpected(std::move(r.error()));
    co_return expected<void>{};
}

commit_outcome commit_outcome_of(std::string_view status, std::string_view refusal_sqlstate) noexcept {
    if (refusal_sqlstate == "22023") return commit_outcome::not_committed;   // "is in the future"
    if (!refusal_sqlstate.empty()) return commit_outcome::unknown;
    if (status == "committed") return commit_outcome::committed;
    if (status == "aborted") return commit_outcome::not_committed;
    if (status == "in progress") return commit_outcome::in_progress;
    return commit_outcome::unknown;   // NULL: the id is too old for the commit log
}

// Asked through pool::read on a new session, which first waits out the outage (the grace): after
// a failover the new primary answers, and its history is the one that counts. "In progress" (the
// old session still commits; only without a failover) is asked again for up to 2 s.
task<commit_outcome> transaction::settle_lost_commit(const std::optional<std::string>& xid) {
    if (!xid) co_return commit_outcome::not_committed;   // it wrote nothing: running it again repeats nothing
    for (int asked = 0; asked < 20; ++asked) {
        if (asked > 0) co_await delay{pool_->impl_->loop_, 100};
        auto r = co_await pool_->read("SELECT pg_xact_status($1::xid8)", params().add(*xid));
        const auto outcome = !r ? commit_outcome_of({}, r.error().sqlstate.empty() ? "-" : r.error().sqlstate)
                                : commit_outcome_of(r->rows() == 1 && !r->is_null(0, 0) ? r->text(0, 0) : "");
        if (outcome != commit_outcome::in_progress) co_return outcome;
    }
    co_return commit_outcome::unknown;
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
