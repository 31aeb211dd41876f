// redis_sentinel.cpp: see redis_sentinel.h.
#include "reactor/redis_sentinel.h"

#include <charconv>

#include "reactor/resolve.h"

namespace jh::redis {

namespace {

constexpr std::size_t max_reply_bytes = 1024;   // an address pair is far shorter

std::optional<int> parse_port(std::string_view s) {
    int port = 0;
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), port);
    if (ec != std::errc{} || end != s.data() + s.size() || s.empty() || port < 1 || port > 65535) return std::nullopt;
    return port;
}

// Reads RESP lines from the front of `bytes`; `incomplete` once it runs out.
struct resp_reader {
    std::string_view rest;
    bool incomplete = false;

    std::optional<std::string_view> line() {
        auto end = rest.find("\r\n");
        if (end == std::string_view::npos) {
            incomplete = true;
            return std::nullopt;
        }
        auto l = rest.substr(0, end);
        rest.remove_prefix(end + 2);
        return l;
    }
    // A bulk string whose "$len" line was read.
    std::optional<std::string_view> bulk(std::size_t len) {
        if (rest.size() < len + 2) {
            incomplete = true;
            return std::nullopt;
        }
        auto s = rest.substr(0, len);
        rest.remove_prefix(len + 2);
        return s;
    }
};

}  // namespace

std::expected<host_port, std::string> parse_sentinel_address(std::string_view text) {
    std::string_view host, port;
    if (text.starts_with('[')) {
        auto close = text.find("]:");
        if (close == std::string_view::npos) return std::unexpected("\"" + std::string(text) + "\" is not [address]:port");
        host = text.substr(1, close - 1);
        port = text.substr(close + 2);
    } else {
        auto colon = text.rfind(':');
        if (colon == std::string_view::npos) return std::unexpected("\"" + std::string(text) + "\" has no port");
        host = text.substr(0, colon);
        port = text.substr(colon + 1);
    }
    auto p = parse_port(port);
    if (!p) return std::unexpected("\"" + std::string(text) + "\" has no valid port");
    if (!is_ip_address(host)) return std::unexpected("\"" + std::string(text) + "\" must name an IP address");
    return host_port{std::string(host), *p};
}

// One RESP bulk string ("$len\r\nbytes\r\n") appended to `out`.
static void append_bulk(std::string& out, std::string_view s) {
    out += '$';
    out += std::to_string(s.size());
    out += "\r\n";
    out += s;
    out += "\r\n";
}

std::string master_address_request(std::string_view master) {
    std::string out = "*3\r\n";
    append_bulk(out, "SENTINEL");
    append_bulk(out, "get-master-addr-by-name");
    append_bulk(out, master);
    return out;
}

std::string auth_request(std::string_view password) {
    std::string out = "*2\r\n";
    append_bulk(out, "AUTH");
    append_bulk(out, password);
    return out;
}

namespace {

using sentinel_reply = std::expected<host_port, std::string>;

// A reply's first line, or what to answer without it: nullopt while it has not come whole, and an
// error reply ("-ERR ...") as `error_prefix` and the Sentinel's words.
std::expected<std::string_view, std::optional<sentinel_reply>> reply_head(resp_reader& r, std::string_view error_prefix) {
    auto head = r.line();
    if (!head) return std::unexpected(std::optional<sentinel_reply>{});
    if (head->starts_with('-'))
        return std::unexpected(sentinel_reply(std::unexpected(std::string(error_prefix) + std::string(head->substr(1)))));
    return *head;
}

}  // namespace

std::optional<sentinel_reply> parse_reply_after_auth(std::string_view bytes) {
    resp_reader r{bytes};
    auto head = reply_head(r, "Sentinel refused the password: ");
    if (!head) return head.error();
    if (*head != "+OK") return sentinel_reply(std::unexpected(std::string("unexpected Sentinel reply to AUTH")));
    return parse_master_address_reply(r.rest);
}

std::optional<sentinel_reply> parse_master_address_reply(std::string_view bytes) {
    using result = sentinel_reply;
    resp_reader r{bytes};
    auto head = reply_head(r, "Sentinel answered: ");
    if (!head) return head.error();
    if (*head == "*-1" || *head == "$-1" || *head == "_")
        return result(std::unexpected(std::string("Sentinel does not know this master")));
    if (*head != "*2") return result(std::unexpected(std::string("unexpected Sentinel reply")));
    std::string_view parts[2];
    for (auto& part : parts) {
        auto len_line = r.line();
        if (!len_line) return std::nullopt;
        std::size_t len = 0;
        auto [end, ec] = std::from_chars(len_line->data() + 1, len_line->data() + len_line->size(), len);
        if (!len_line->starts_with('$') || ec != std::errc{} || end != len_line->data() + len_line->size() || len > max_reply_bytes)
            return result(std::unexpected(std::string("unexpected Sentinel reply")));
        auto s = r.bulk(len);
        if (!s) return std::nullopt;
        part = *s;
    }
    auto port = parse_port(parts[1]);
    if (parts[0].empty() || !port) return result(std::unexpected(std::string("Sentinel named no valid address")));
    return result(host_port{std::string(parts[0]), *port});
}

// ---- asking over TCP ------------------------------------------------------------------------------

// One connection to one Sentinel. Its handles are freed in their close callbacks; the lookup stays
// alive until both are closed.
struct sentinel_lookup::attempt {
    sentinel_lookup* owner;
    uv_tcp_t tcp{};
    uv_timer_t timer{};
    uv_connect_t connect_req{};
    uv_write_t write_req{};
    std::string request;
    std::string received;
    char buffer[256];
    bool over = false;
    int open = 0;
};

sentinel_lookup::sentinel_lookup(uv_loop_t* loop, std::vector<host_port> sentinels, std::string master, std::uint64_t timeout_ms,
                                 callback done, std::string password)
    : loop_(loop), sentinels_(std::move(sentinels)), master_(std::move(master)), password_(std::move(password)),
      timeout_ms_(timeout_ms), done_(std::move(done)) {}

sentinel_lookup* sentinel_lookup::start(uv_loop_t* loop, std::vector<host_port> sentinels, std::string master,
                                        std::uint64_t timeout_ms, callback done, std::string password) {
    auto* l = new sentinel_lookup(loop, std::move(sentinels), std::move(master), timeout_ms, std::move(done), std::move(password));
    // The first question goes out from the next timer phase, so `done` never runs before the
    // caller holds the pointer returned here.
    auto* kick = new uv_timer_t;
    uv_timer_init(loop, kick);
    kick->data = l;
    ++l->open_handles_;
    uv_timer_start(kick, [](uv_timer_t* t) {
        auto* owner = static_cast<sentinel_lookup*>(t->data);
        uv_close(reinterpret_cast<uv_handle_t*>(t), [](uv_handle_t* h) {
            auto* o = static_cast<sentinel_lookup*>(h->data);
            delete reinterpret_cast<uv_timer_t*>(h);
            --o->open_handles_;
            o->maybe_free();
        });
        owner->ask_next();
    }, 0, 0);
    return l;
}

void sentinel_lookup::cancel() {
    finished_ = true;
    done_ = nullptr;
    if (current_) attempt_over(current_, std::nullopt);
    maybe_free();
}

void sentinel_lookup::ask_next() {
    if (finished_) return maybe_free();
    if (next_ >= sentinels_.size()) {
        finish(std::unexpected(errors_.empty() ? std::string("no Sentinel configured") : errors_));
        return;
    }
    const host_port& s = sentinels_[next_++];
    sockaddr_storage addr{};
    bool v6 = s.host.find(':') != std::string::npos;
    int rc = v6 ? uv_ip6_addr(s.host.c_str(), s.port, reinterpret_cast<sockaddr_in6*>(&addr))
                : uv_ip4_addr(s.host.c_str(), s.port, reinterpret_cast<sockaddr_in*>(&addr));
    if (rc != 0) {
        errors_ += (errors_.empty() ? "" : "; ") + s.host + ": bad address";
        return ask_next();
    }
    auto* a = new attempt{this};
    current_ = a;
    a->request = password_.empty() ? master_address_request(master_) : auth_request(password_) + master_address_request(master_);
    uv_tcp_init(loop_, &a->tcp);
    uv_timer_init(loop_, &a->timer);
    a->tcp.data = a;
    a->timer.data = a;
    a->connect_req.data = a;
    a->write_req.data = a;
    a->open = 2;
    open_handles_ += 2;
    uv_timer_start(&a->timer, [](uv_timer_t* t) {
        auto* at = static_cast<attempt*>(t->data);
        at->owner->attempt_over(at, std::unexpected(std::string("no answer in time")));
    }, timeout_ms_, 0);
    rc = uv_tcp_connect(&a->connect_req, &a->tcp, reinterpret_cast<sockaddr*>(&addr), [](uv_connect_t* req, int status) {
        auto* at = static_cast<attempt*>(req->data);
        if (at->over) return;
        if (status != 0) return at->owner->attempt_over(at, std::unexpected(std::string(uv_strerror(status))));
        uv_buf_t buf = uv_buf_init(at->request.data(), static_cast<unsigned>(at->request.size()));
        uv_write(&at->write_req, reinterpret_cast<uv_stream_t*>(&at->tcp), &buf, 1, [](uv_write_t* w, int st) {
            auto* a2 = static_cast<attempt*>(w->data);
            if (st != 0 && !a2->over) a2->owner->attempt_over(a2, std::unexpected(std::string(uv_strerror(st))));
        });
        uv_read_start(
            reinterpret_cast<uv_stream_t*>(&at->tcp),
            [](uv_handle_t* h, std::size_t, uv_buf_t* b) {
                auto* a2 = static_cast<attempt*>(h->data);
                *b = uv_buf_init(a2->buffer, sizeof a2->buffer);
            },
            [](uv_stream_t* s, ssize_t n, const uv_buf_t* b) {
                auto* a2 = static_cast<attempt*>(s->data);
                if (a2->over) return;
                if (n < 0) return a2->owner->attempt_over(a2, std::unexpected(std::string("connection closed before the answer")));
                a2->received.append(b->base, static_cast<std::size_t>(n));
                auto reply = a2->owner->password_.empty() ? parse_master_address_reply(a2->received) : parse_reply_after_auth(a2->received);
                if (reply) return a2->owner->attempt_over(a2, std::move(*reply));
                if (a2->received.size() > max_reply_bytes) a2->owner->attempt_over(a2, std::unexpected(std::string("reply too long")));
            });
    });
    if (rc != 0) attempt_over(a, std::unexpected(std::string(uv_strerror(rc))));
}

// Closes the attempt's handles; with an outcome, either delivers the address or asks the next one.
void sentinel_lookup::attempt_over(attempt* a, std::optional<std::expected<host_port, std::string>> outcome) {
    if (a->over) return;
    a->over = true;
    if (current_ == a) current_ = nullptr;
    auto closed = [](uv_handle_t* h) {
        auto* at = static_cast<attempt*>(h->data);
        sentinel_lookup* owner = at->owner;
        --owner->open_handles_;
        if (--at->open == 0) delete at;
        owner->maybe_free();
    };
    uv_close(reinterpret_cast<uv_handle_t*>(&a->tcp), closed);
    uv_close(reinterpret_cast<uv_handle_t*>(&a->timer), closed);
    if (!outcome || finished_) return;
    if (*outcome) return finish(std::move(**outcome));
    const host_port& s = sentinels_[next_ - 1];
    errors_ += (errors_.empty() ? "" : "; ") + s.host + ":" + std::to_string(s.port) + ": " + outcome->error();
    ask_next();
}

void sentinel_lookup::finish(std::expected<host_port, std::string> r) {
    if (finished_) return;
    finished_ = true;
    auto done = std::move(done_);
    done_ = nullptr;
    if (done) done(std::move(r));
    maybe_free();
}

void sentinel_lookup::maybe_free() {
    if (finished_ && open_handles_ == 0 && !current_) delete this;
}

}  // namespace jh::redis
