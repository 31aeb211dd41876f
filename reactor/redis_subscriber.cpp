// redis_subscriber.cpp: see redis_subscriber.h.
#include "reactor/redis_subscriber.h"

#include <hiredis/adapters/libuv.h>   // defines a static on_close: no function of ours may use that name
#include <hiredis/async.h>
#include <hiredis/hiredis.h>
#include <spdlog/spdlog.h>

#include <charconv>

#include "reactor/resolve.h"

namespace jh::redis {

namespace {

struct address {
    std::string host = "127.0.0.1";
    int port = 6379;
    std::string user, password;
};

// Enough of the redis:// URL for a subscription (no database: pub/sub ignores it).
address subscriber_address(std::string_view url) {
    address a;
    constexpr std::string_view scheme = "redis://";
    if (url.starts_with(scheme)) url.remove_prefix(scheme.size());
    if (auto slash = url.find('/'); slash != std::string_view::npos) url = url.substr(0, slash);
    if (auto at = url.rfind('@'); at != std::string_view::npos) {
        std::string_view cred = url.substr(0, at);
        url.remove_prefix(at + 1);
        if (auto colon = cred.find(':'); colon != std::string_view::npos) {
            a.user = std::string(cred.substr(0, colon));
            a.password = std::string(cred.substr(colon + 1));
        } else {
            a.password = std::string(cred);
        }
    }
    if (auto colon = url.rfind(':'); colon != std::string_view::npos) {
        std::from_chars(url.data() + colon + 1, url.data() + url.size(), a.port);
        url = url.substr(0, colon);
    }
    if (!url.empty()) a.host = std::string(url);
    return a;
}

}  // namespace

struct subscriber::impl {
    uv_loop_t* loop;
    address addr;
    std::string channel;
    handler on_message;
    redisAsyncContext* ac = nullptr;
    host_lookup* lookup = nullptr;   // the host name's lookup before a connect, while it runs
    uv_timer_t retry{};
    bool closing = false;
    bool is_subscribed = false;

    impl(uv_loop_t* l, std::string url, std::string ch, handler h)
        : loop(l), addr(subscriber_address(url)), channel(std::move(ch)), on_message(std::move(h)) {
        uv_timer_init(loop, &retry);
        retry.data = this;
        uv_unref(reinterpret_cast<uv_handle_t*>(&retry));
    }

    void schedule_retry() {
        if (closing) return;
        uv_timer_start(&retry, [](uv_timer_t* t) { static_cast<impl*>(t->data)->connect(); }, 1000, 0);
    }

    // A host name is looked up off the loop first (reactor/resolve.h): hiredis' own lookup blocks.
    void connect() {
        if (closing || ac || lookup) return;
        if (is_ip_address(addr.host)) return connect_to(addr.host);
        lookup = host_lookup::start(loop, addr.host, [this](std::expected<std::string, std::string> address) {
            lookup = nullptr;
            if (!address) {
                spdlog::debug("redis subscriber: {}", address.error());
                return schedule_retry();
            }
            connect_to(*address);
        });
    }

    void connect_to(const std::string& address) {
        if (closing) return;
        redisAsyncContext* c = redisAsyncConnect(address.c_str(), addr.port);
        if (!c) {
            schedule_retry();
            return;
        }
        if (c->err) {
            redisAsyncFree(c);
            schedule_retry();
            return;
        }
        if (redisLibuvAttach(c, loop) != REDIS_OK) {
            redisAsyncFree(c);
            schedule_retry();
            return;
        }
        // The poll handle belongs to hiredis' adapter; it must not keep the loop alive either.
        uv_unref(reinterpret_cast<uv_handle_t*>(&static_cast<redisLibuvEvents*>(c->ev.data)->handle));
        c->data = this;
        redisAsyncSetConnectCallback(c, [](const redisAsyncContext* x, int status) {
            auto* self = static_cast<impl*>(x->data);
            if (status != REDIS_OK) {   // hiredis frees the context after this callback
                self->ac = nullptr;
                self->is_subscribed = false;
                self->schedule_retry();
            }
        });
        redisAsyncSetDisconnectCallback(c, [](const redisAsyncContext* x, int) {
            auto* self = static_cast<impl*>(x->data);
            self->ac = nullptr;
            self->is_subscribed = false;
            self->schedule_retry();
        });
        ac = c;
        if (!addr.password.empty()) {
            if (addr.user.empty()) redisAsyncCommand(c, nullptr, nullptr, "AUTH %b", addr.password.data(), addr.password.size());
            else redisAsyncCommand(c, nullptr, nullptr, "AUTH %b %b", addr.user.data(), addr.user.size(), addr.password.data(), addr.password.size());
        }
        redisAsyncCommand(c, &impl::message_cb, this, "SUBSCRIBE %b", channel.data(), channel.size());
    }

    static void message_cb(redisAsyncContext*, void* r, void* privdata) {
        auto* self = static_cast<impl*>(privdata);
        auto* reply = static_cast<redisReply*>(r);
        if (!reply || self->closing || reply->type != REDIS_REPLY_ARRAY || reply->elements < 3) return;
        std::string_view kind(reply->element[0]->str, reply->element[0]->len);
        if (kind == "subscribe") {
            self->is_subscribed = true;
            self->on_message({}, {});   // anything may have changed while we were not listening
        } else if (kind == "message" && reply->element[1]->type == REDIS_REPLY_STRING &&
                   reply->element[2]->type == REDIS_REPLY_STRING) {
            self->on_message(std::string_view(reply->element[1]->str, reply->element[1]->len),
                             std::string_view(reply->element[2]->str, reply->element[2]->len));
        }
    }

    // Frees the context now; the timer's close callback frees this object.
    void shut() {
        closing = true;
        if (lookup) std::exchange(lookup, nullptr)->cancel();
        if (redisAsyncContext* c = std::exchange(ac, nullptr)) redisAsyncFree(c);
        uv_timer_stop(&retry);
        uv_close(reinterpret_cast<uv_handle_t*>(&retry), [](uv_handle_t* h) { delete static_cast<impl*>(h->data); });
    }
};

subscriber::subscriber(uv_loop_t* loop, std::string url, std::string channel, handler on_message)
    : impl_(new impl(loop, std::move(url), std::move(channel), std::move(on_message))) {}

subscriber::~subscriber() { close(); }

void subscriber::start() {
    if (impl_) impl_->connect();
}

void subscriber::close() {
    if (impl_) std::exchange(impl_, nullptr)->shut();
}

bool subscriber::subscribed() const noexcept { return impl_ && impl_->is_subscribed; }

}  // namespace jh::redis
