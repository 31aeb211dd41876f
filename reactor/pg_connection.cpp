// pg_connection.cpp: one connection of the PostgreSQL pool (see pg.cpp for the states): connecting
// (after looking its host name up off the loop), sending prepared statements, collecting results,
// timeouts and reconnecting with backoff.
#include "reactor/pg_internal.h"

namespace jh::pg {


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
void connection::break_session(const std::string& why, wakeups& w, bool timed_out) {
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
    owner_.connection_down();
    if (uv_now(owner_.loop_) - up_since_ >= stable_after_ms) {
        backoff_ms_ = backoff_first_ms;
        first_attempt_ = true;
        ++owner_.attempting_;
        begin_attempt(w);
    } else {
        schedule_retry();
    }
    owner_.check_all_down(w);
    if (o && o->waiter) {
        error e = unavailable(why);
        e.timed_out = timed_out;
        complete(o, std::unexpected(std::move(e)), w);
    }
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
                break_session(fmt::format("the query ran longer than {} ms", owner_.query_timeout_ms_), w, true);
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
    if ((events & UV_READABLE) && !PQconsumeInput(conn_)) {
        std::string why = trimmed(PQerrorMessage(conn_));
        // What the server said before it closed (57P01 on a shutdown or switchover) is the running
        // operation's answer, with its SQLSTATE: pool::query repeats such a statement.
        if (current_) collect_results(w);
        return break_session(why, w);   // nothing more to do when collecting already ended it
    }
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

}  // namespace jh::pg
