// http_message.cpp: helpers on requests and responses (header and query lookup, decoding).
#include "reactor/http_message.h"

#include <algorithm>

#include "reactor/file_response.h"
#include "reactor/text.h"

namespace jh {

std::string_view method_name(http_method m) noexcept {
    switch (m) {
        case http_method::get: return "GET";
        case http_method::head: return "HEAD";
        case http_method::post: return "POST";
        case http_method::put: return "PUT";
        case http_method::patch: return "PATCH";
        case http_method::del: return "DELETE";
        case http_method::options: return "OPTIONS";
        case http_method::other: return "OTHER";
    }
    return "OTHER";
}

std::uint64_t http_response::body_size() const noexcept { return file ? file->length : body_view().size(); }

std::optional<std::string_view> http_request::header(std::string_view lower_name) const noexcept {
    for (const auto& h : headers)
        if (h.name == lower_name) return std::string_view(h.value);
    return std::nullopt;
}

std::string_view http_request::param(std::string_view name) const noexcept {
    for (const auto& [k, v] : params)
        if (k == name) return v;
    return {};
}

namespace {
// Calls fn(name, raw_value) for each key=value pair of the query string.
template <typename Fn>
void for_each_query_pair(std::string_view q, Fn&& fn) {
    while (!q.empty()) {
        auto amp = q.find('&');
        std::string_view pair = q.substr(0, amp);
        auto eq = pair.find('=');
        fn(pair.substr(0, eq), eq == std::string_view::npos ? std::string_view{} : pair.substr(eq + 1));
        if (amp == std::string_view::npos) break;
        q.remove_prefix(amp + 1);
    }
}
}  // namespace

std::optional<std::string> http_request::query_param(std::string_view name) const {
    std::optional<std::string> found;
    for_each_query_pair(query, [&](std::string_view k, std::string_view v) {
        if (found) return;
        std::string key;
        if (!percent_decode(k, key, true) || key != name) return;
        std::string value;
        if (percent_decode(v, value, true)) found = std::move(value);
    });
    return found;
}

std::vector<std::string> http_request::query_params(std::string_view name) const {
    std::vector<std::string> out;
    for_each_query_pair(query, [&](std::string_view k, std::string_view v) {
        std::string key;
        if (!percent_decode(k, key, true) || key != name) return;
        std::string value;
        if (percent_decode(v, value, true)) out.push_back(std::move(value));
    });
    return out;
}

void http_request::clear() noexcept {
    method = http_method::get;
    target.clear();
    path.clear();
    query = {};
    headers.clear();
    body.clear();
    body_file.clear();
    body_file_size = 0;
    version_minor = 1;
    keep_alive = true;
    request_id.clear();
    params.clear();
}

bool percent_decode(std::string_view in, std::string& out, bool plus_is_space) {
    out.clear();
    out.reserve(in.size());
    for (std::size_t i = 0; i < in.size(); ++i) {
        char c = in[i];
        if (c == '%') {
            if (i + 2 >= in.size()) return false;
            int hi = hex_value(in[i + 1]), lo = hex_value(in[i + 2]);
            if (hi < 0 || lo < 0) return false;
            char decoded = static_cast<char>(hi * 16 + lo);
            if (decoded == '\0') return false;   // an encoded NUL never reaches a handler
            out += decoded;
            i += 2;
        } else if (c == '+' && plus_is_space) {
            out += ' ';
        } else {
            out += c;
        }
    }
    return true;
}

std::string_view status_reason(int status) noexcept {
    switch (status) {
        case 100: return "Continue";
        case 200: return "OK";
        case 201: return "Created";
        case 202: return "Accepted";
        case 204: return "No Content";
        case 206: return "Partial Content";
        case 301: return "Moved Permanently";
        case 302: return "Found";
        case 303: return "See Other";
        case 304: return "Not Modified";
        case 307: return "Temporary Redirect";
        case 308: return "Permanent Redirect";
        case 400: return "Bad Request";
        case 401: return "Unauthorized";
        case 403: return "Forbidden";
        case 404: return "Not Found";
        case 405: return "Method Not Allowed";
        case 408: return "Request Timeout";
        case 409: return "Conflict";
        case 410: return "Gone";
        case 411: return "Length Required";
        case 413: return "Payload Too Large";
        case 415: return "Unsupported Media Type";
        case 416: return "Range Not Satisfiable";
        case 417: return "Expectation Failed";
        case 422: return "Unprocessable Entity";
        case 429: return "Too Many Requests";
        case 431: return "Request Header Fields Too Large";
        case 500: return "Internal Server Error";
        case 501: return "Not Implemented";
        case 502: return "Bad Gateway";
        case 503: return "Service Unavailable";
        case 504: return "Gateway Timeout";
        case 505: return "HTTP Version Not Supported";
        default: return "Unknown";
    }
}

}  // namespace jh
