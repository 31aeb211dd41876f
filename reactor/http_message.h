// http_message.h: the request a route handler reads and the response it returns.
//
// The reactor fills an http_request from llhttp callbacks and writes an http_response back; a
// handler never sees a socket or the parser. One request object lives per connection and is
// reused (cleared, capacity kept), because a connection answers one request at a time.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace jh {

struct file_body;   // reactor/file_response.h
class body_stream;  // reactor/body_stream.h

enum class http_method : std::uint8_t { get, head, post, put, patch, del, options, other };

std::string_view method_name(http_method m) noexcept;

struct http_header {
    std::string name;   // lower case
    std::string value;
};

struct http_request {
    http_method method = http_method::get;
    std::string target;          // raw request target, e.g. "/api/job_postings?page=2"
    std::string path;            // percent-decoded path without the query
    std::string_view query;      // raw query string (points into target), without '?'
    std::vector<http_header> headers;
    std::string body;
    // Routes with route_options::stream_body: the body's file (removed after the answer) and size.
    std::string body_file;
    std::uint64_t body_file_size = 0;
    int version_minor = 1;
    bool keep_alive = true;
    std::string peer_ip;         // textual address of the client
    // X-Request-Id as received (from HAProxy) or made here (reactor/request_id.h); in the access
    // line and the answer's X-Request-Id.
    std::string request_id;

    // Route parameters filled by the router, e.g. {"id", "42"} for /api/job_postings/{id}.
    std::vector<std::pair<std::string_view, std::string>> params;

    // Case-insensitive header lookup (names are stored in lower case).
    std::optional<std::string_view> header(std::string_view lower_name) const noexcept;
    // Route parameter by name; empty when absent.
    std::string_view param(std::string_view name) const noexcept;
    // First query parameter with this name, percent-decoded ('+' is a space).
    std::optional<std::string> query_param(std::string_view name) const;
    // Every value of a repeated query parameter, e.g. id[]=1&id[]=2.
    std::vector<std::string> query_params(std::string_view name) const;

    void clear() noexcept;
};

struct http_response {
    int status = 200;
    std::string content_type = "application/json";
    std::vector<http_header> headers;   // extra headers (names as they should be written)
    std::string body;
    // A body shared with a cache (static files); used instead of `body` when set.
    std::shared_ptr<const std::string> shared_body;
    // A file streamed from disk (reactor/file_response.h); used instead of `body` when set.
    std::shared_ptr<file_body> file;
    // A body made while it is sent, in chunks (reactor/body_stream.h); used instead of `body` when set.
    std::shared_ptr<body_stream> stream;
    bool close = false;                 // close the connection after this response

    std::string_view body_view() const noexcept { return shared_body ? std::string_view(*shared_body) : std::string_view(body); }
    // The length of the body as sent: the file's part, or the bytes in memory (0 for a stream,
    // whose length is known only at its end).
    std::uint64_t body_size() const noexcept;
    http_response& header(std::string name, std::string value) {
        headers.push_back({std::move(name), std::move(value)});
        return *this;
    }

    static http_response json(int status, std::string body) {
        http_response r;
        r.status = status;
        r.body = std::move(body);
        return r;
    }
    static http_response no_content() {
        http_response r;
        r.status = 204;
        r.content_type.clear();
        return r;
    }
};

// "Not Found" for 404 and so on; "Unknown" for codes we never send.
std::string_view status_reason(int status) noexcept;

// Percent-decodes `in`; '+' becomes a space when `plus_is_space`. Returns false on a bad escape
// or an encoded NUL byte.
bool percent_decode(std::string_view in, std::string& out, bool plus_is_space);

}  // namespace jh
