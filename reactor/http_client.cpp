// http_client.cpp: see http_client.h. Read send() first, then the three callbacks curl and libuv
// call: on_curl_socket (what to watch), on_curl_timer (when to wake), on_poll / on_timer (they
// woke), and finish_done_transfers (resume the coroutines of finished transfers).
#include "reactor/http_client.h"

#include <curl/curl.h>
#include <spdlog/spdlog.h>

#include <coroutine>
#include <mutex>
#include <unordered_set>

namespace jh {

namespace {

struct transfer {
    CURL* easy = nullptr;
    curl_slist* headers = nullptr;
    std::string body;                    // request body (curl reads it from here)
    http_client_response response;
    std::string error;
    std::size_t max_body = 0;
    bool too_large = false;
    bool done = false;
    std::coroutine_handle<> waiting;
    ~transfer() {
        if (headers) curl_slist_free_all(headers);
        if (easy) curl_easy_cleanup(easy);
    }
};

// One watched socket. Freed in its close callback.
struct watched_socket {
    uv_poll_t poll{};
    curl_socket_t fd = CURL_SOCKET_BAD;
    http_client::impl* owner = nullptr;
};

std::size_t on_body(char* data, std::size_t size, std::size_t n, void* userp) {
    auto* t = static_cast<transfer*>(userp);
    std::size_t len = size * n;
    if (t->response.body.size() + len > t->max_body) {
        t->too_large = true;
        return 0;   // makes curl fail the transfer with CURLE_WRITE_ERROR
    }
    t->response.body.append(data, len);
    return len;
}

void close_socket_watch(watched_socket* w) {
    uv_poll_stop(&w->poll);
    uv_close(reinterpret_cast<uv_handle_t*>(&w->poll), [](uv_handle_t* h) { delete static_cast<watched_socket*>(h->data); });
}

}  // namespace

struct http_client::impl {
    uv_loop_t* loop;
    std::size_t max_body;
    CURLM* multi = nullptr;
    uv_timer_t* timer = nullptr;                 // heap: freed in its close callback
    std::unordered_set<watched_socket*> sockets;
    std::unordered_set<transfer*> in_flight;

    static int on_curl_socket(CURL*, curl_socket_t fd, int what, void* userp, void* socketp) {
        auto* self = static_cast<impl*>(userp);
        auto* w = static_cast<watched_socket*>(socketp);
        if (what == CURL_POLL_REMOVE) {
            if (w) {
                self->sockets.erase(w);
                close_socket_watch(w);
                curl_multi_assign(self->multi, fd, nullptr);
            }
            return 0;
        }
        if (!w) {
            w = new watched_socket;
            w->fd = fd;
            w->owner = self;
            w->poll.data = w;
            if (uv_poll_init_socket(self->loop, &w->poll, fd) != 0) {
                delete w;
                return -1;
            }
            // Unreferenced: a watched socket never keeps a stopping loop alive on its own (a
            // transfer in flight belongs to a request, whose connection keeps the loop running).
            uv_unref(reinterpret_cast<uv_handle_t*>(&w->poll));
            self->sockets.insert(w);
            curl_multi_assign(self->multi, fd, w);
        }
        int events = 0;
        if (what == CURL_POLL_IN || what == CURL_POLL_INOUT) events |= UV_READABLE;
        if (what == CURL_POLL_OUT || what == CURL_POLL_INOUT) events |= UV_WRITABLE;
        uv_poll_start(&w->poll, events, on_poll);
        return 0;
    }

    static int on_curl_timer(CURLM*, long timeout_ms, void* userp) {
        auto* self = static_cast<impl*>(userp);
        if (timeout_ms < 0) {
            uv_timer_stop(self->timer);
        } else {
            // 0 means "as soon as possible": the next loop iteration, never from inside curl.
            uv_timer_start(self->timer, on_timer, static_cast<std::uint64_t>(timeout_ms), 0);
        }
        return 0;
    }

    static void on_poll(uv_poll_t* h, int status, int events) {
        auto* w = static_cast<watched_socket*>(h->data);
        impl* self = w->owner;
        int flags = 0;
        if (status < 0) flags |= CURL_CSELECT_ERR;
        if (events & UV_READABLE) flags |= CURL_CSELECT_IN;
        if (events & UV_WRITABLE) flags |= CURL_CSELECT_OUT;
        int running = 0;
        curl_multi_socket_action(self->multi, w->fd, flags, &running);
        self->finish_done_transfers();
    }

    static void on_timer(uv_timer_t* t) {
        auto* self = static_cast<impl*>(t->data);
        int running = 0;
        curl_multi_socket_action(self->multi, CURL_SOCKET_TIMEOUT, 0, &running);
        self->finish_done_transfers();
    }

    // Collects every finished transfer first, then resumes their coroutines: a resumed coroutine
    // may start new transfers, which must not disturb the reading of curl's message queue.
    void finish_done_transfers() {
        std::vector<transfer*> finished;
        int left = 0;
        while (CURLMsg* m = curl_multi_info_read(multi, &left)) {
            if (m->msg != CURLMSG_DONE) continue;
            transfer* t = nullptr;
            curl_easy_getinfo(m->easy_handle, CURLINFO_PRIVATE, reinterpret_cast<char**>(&t));
            if (!t) continue;
            if (m->data.result != CURLE_OK) {
                t->error = t->too_large ? "the answer is too large" : curl_easy_strerror(m->data.result);
            } else {
                curl_easy_getinfo(t->easy, CURLINFO_RESPONSE_CODE, &t->response.status);
                char* ct = nullptr;
                if (curl_easy_getinfo(t->easy, CURLINFO_CONTENT_TYPE, &ct) == CURLE_OK && ct) t->response.content_type = ct;
            }
            curl_multi_remove_handle(multi, t->easy);
            t->done = true;
            in_flight.erase(t);
            finished.push_back(t);
        }
        for (transfer* t : finished) t->waiting.resume();
    }
};

http_client::http_client(uv_loop_t* loop, std::size_t max_body_bytes) : impl_(std::make_unique<impl>()) {
    static std::once_flag curl_once;
    std::call_once(curl_once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
    impl_->loop = loop;
    impl_->max_body = max_body_bytes;
    impl_->multi = curl_multi_init();
    impl_->timer = new uv_timer_t;
    uv_timer_init(loop, impl_->timer);
    uv_unref(reinterpret_cast<uv_handle_t*>(impl_->timer));
    impl_->timer->data = impl_.get();
    curl_multi_setopt(impl_->multi, CURLMOPT_SOCKETFUNCTION, &impl::on_curl_socket);
    curl_multi_setopt(impl_->multi, CURLMOPT_SOCKETDATA, impl_.get());
    curl_multi_setopt(impl_->multi, CURLMOPT_TIMERFUNCTION, &impl::on_curl_timer);
    curl_multi_setopt(impl_->multi, CURLMOPT_TIMERDATA, impl_.get());
}

http_client::~http_client() {
    // No callbacks into us from here on; we close the handles ourselves.
    curl_multi_setopt(impl_->multi, CURLMOPT_SOCKETFUNCTION, nullptr);
    curl_multi_setopt(impl_->multi, CURLMOPT_TIMERFUNCTION, nullptr);
    // The transfers belong to their (suspended) coroutine frames, which free them if destroyed.
    for (transfer* t : impl_->in_flight) {
        curl_multi_remove_handle(impl_->multi, t->easy);
        t->error = "the client was closed";
    }
    curl_multi_cleanup(impl_->multi);
    for (watched_socket* w : impl_->sockets) close_socket_watch(w);
    uv_timer_stop(impl_->timer);
    uv_close(reinterpret_cast<uv_handle_t*>(impl_->timer), [](uv_handle_t* h) { delete reinterpret_cast<uv_timer_t*>(h); });
}

namespace {

// co_await start{...}: adds the transfer to the multi handle and suspends until it is done.
struct start_transfer {
    http_client::impl* client;
    transfer* t;
    bool await_ready() const noexcept { return false; }
    bool await_suspend(std::coroutine_handle<> h) {
        t->waiting = h;
        CURLMcode rc = curl_multi_add_handle(client->multi, t->easy);
        if (rc != CURLM_OK) {
            t->error = curl_multi_strerror(rc);
            return false;
        }
        client->in_flight.insert(t);
        return true;
    }
    void await_resume() const noexcept {}
};

}  // namespace

task<std::expected<http_client_response, std::string>> http_client::send(http_client_request req) {
    auto owned = std::make_unique<transfer>();
    transfer* t = owned.get();
    t->easy = curl_easy_init();
    if (!t->easy) co_return std::unexpected(std::string("curl_easy_init failed"));
    t->max_body = impl_->max_body;
    t->body = std::move(req.body);
    for (const auto& h : req.headers) t->headers = curl_slist_append(t->headers, h.c_str());
    curl_easy_setopt(t->easy, CURLOPT_URL, req.url.c_str());
    curl_easy_setopt(t->easy, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(t->easy, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(t->easy, CURLOPT_TIMEOUT_MS, req.timeout_ms);
    curl_easy_setopt(t->easy, CURLOPT_FOLLOWLOCATION, 0L);
    curl_easy_setopt(t->easy, CURLOPT_WRITEFUNCTION, &on_body);
    curl_easy_setopt(t->easy, CURLOPT_WRITEDATA, t);
    curl_easy_setopt(t->easy, CURLOPT_PRIVATE, t);
    curl_easy_setopt(t->easy, CURLOPT_USERAGENT, "Jobhafen/1");
    if (t->headers) curl_easy_setopt(t->easy, CURLOPT_HTTPHEADER, t->headers);
    if (req.method == "POST") {
        curl_easy_setopt(t->easy, CURLOPT_POST, 1L);
        curl_easy_setopt(t->easy, CURLOPT_POSTFIELDS, t->body.c_str());
        curl_easy_setopt(t->easy, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(t->body.size()));
    } else if (req.method != "GET") {
        curl_easy_setopt(t->easy, CURLOPT_CUSTOMREQUEST, req.method.c_str());
        if (!t->body.empty()) {
            curl_easy_setopt(t->easy, CURLOPT_POSTFIELDS, t->body.c_str());
            curl_easy_setopt(t->easy, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(t->body.size()));
        }
    }
    co_await start_transfer{impl_.get(), t};
    if (!t->error.empty()) co_return std::unexpected(t->error);
    co_return std::move(t->response);
}

std::string url_escape(std::string_view s) {
    static constexpr char hex[] = "0123456789ABCDEF";
    std::string out;
    out.reserve(s.size() * 3);
    for (unsigned char c : s) {
        if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_' || c == '~') {
            out += static_cast<char>(c);
        } else {
            out += '%';
            out += hex[c >> 4];
            out += hex[c & 0xF];
        }
    }
    return out;
}

std::string form_encode(const std::vector<std::pair<std::string, std::string>>& fields) {
    std::string out;
    for (const auto& [k, v] : fields) {
        if (!out.empty()) out += '&';
        out += url_escape(k);
        out += '=';
        out += url_escape(v);
    }
    return out;
}

}  // namespace jh
