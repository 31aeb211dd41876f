// http_client.h: outgoing HTTP(S) from a loop without blocking it.
//
// libcurl's multi interface driven by libuv: curl tells us which sockets to watch
// (CURLMOPT_SOCKETFUNCTION → one uv_poll_t per socket) and when to wake it
// (CURLMOPT_TIMERFUNCTION → one uv_timer_t); we hand readiness back with curl_multi_socket_action
// and resume the awaiting coroutine when curl reports the transfer done. Name resolution is
// curl's threaded resolver (Debian's libcurl is built with AsynchDNS), so nothing here waits.
//
// One http_client per loop and owner, used only on that loop's thread. Used by the social
// sign-in (token exchange and userinfo with the provider); any later caller that needs a request
// to another service from a loop uses it the same way:
//
//     http_client_request r{.method = "POST", .url = token_url, .headers = {...}, .body = form};
//     auto res = co_await client.send(std::move(r));
//     if (!res) ... res.error() is a message (timeout, connection refused, ...)
//     if (res->status != 200) ...
#pragma once

#include <uv.h>

#include <expected>
#include <memory>
#include <string>
#include <vector>

#include "reactor/task.h"

namespace jh {

struct http_client_request {
    std::string method = "GET";
    std::string url;                     // http:// or https:// only
    std::vector<std::string> headers;    // "Name: value"
    std::string body;
    long timeout_ms = 10000;             // the whole transfer, connect included
};

struct http_client_response {
    long status = 0;
    std::string content_type;
    std::string body;
};

class http_client {
public:
    // `max_body_bytes`: a response body larger than this fails the request.
    explicit http_client(uv_loop_t* loop, std::size_t max_body_bytes = 1 << 20);
    // Transfers still in flight are dropped without resuming their coroutines: destroy the client
    // only when nothing awaits it any more (at loop shutdown).
    ~http_client();
    http_client(const http_client&) = delete;
    http_client& operator=(const http_client&) = delete;

    task<std::expected<http_client_response, std::string>> send(http_client_request req);

    struct impl;

private:
    std::unique_ptr<impl> impl_;
};

// "a=1&b=x%20y": application/x-www-form-urlencoded, every byte outside [A-Za-z0-9-._~] escaped.
std::string form_encode(const std::vector<std::pair<std::string, std::string>>& fields);
std::string url_escape(std::string_view s);

}  // namespace jh
