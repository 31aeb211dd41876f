// indexing_batch.cpp: see indexing_batch.h.
#include "workers/google_index/indexing_batch.h"

#include <cctype>
#include <charconv>

#include "reactor/json_writer.h"

namespace jh::workers::google {

namespace {

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '"')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '"' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

// boundary=… of a Content-Type ("" when absent).
std::string boundary_of(std::string_view content_type) {
    std::string ct = lower(content_type);
    if (!ct.starts_with("multipart/mixed")) return {};
    auto at = ct.find("boundary=");
    if (at == std::string::npos) return {};
    std::string_view rest = content_type.substr(at + 9);
    auto end = rest.find(';');
    return std::string(trim(rest.substr(0, end)));
}

// The next line of `s` from `pos` (without CR LF); pos moves past it.
std::string_view next_line(std::string_view s, std::size_t& pos) {
    auto nl = s.find('\n', pos);
    std::string_view line = s.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
    pos = nl == std::string_view::npos ? s.size() : nl + 1;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    return line;
}

// One answer part: its Content-ID's number (item{N} → N, 0 when none) and the status of the HTTP
// answer it holds (0 when unreadable).
std::pair<std::size_t, int> read_part(std::string_view part) {
    std::size_t pos = 0, id = 0;
    while (pos < part.size()) {
        std::string_view line = next_line(part, pos);
        if (line.empty()) break;   // the part's own headers end
        auto colon = line.find(':');
        if (colon == std::string_view::npos || lower(line.substr(0, colon)) != "content-id") continue;
        std::string_view v = trim(line.substr(colon + 1));   // <response-item7>
        if (!v.empty() && v.front() == '<') v.remove_prefix(1);
        if (!v.empty() && v.back() == '>') v.remove_suffix(1);
        auto digits = v.find_last_not_of("0123456789");
        v = v.substr(digits == std::string_view::npos ? 0 : digits + 1);
        std::from_chars(v.data(), v.data() + v.size(), id);
    }
    // The embedded answer's status line: "HTTP/1.1 200 OK".
    while (pos < part.size()) {
        std::string_view line = next_line(part, pos);
        if (line.empty()) continue;
        if (!line.starts_with("HTTP/")) return {id, 0};
        auto sp = line.find(' ');
        int status = 0;
        if (sp != std::string_view::npos) std::from_chars(line.data() + sp + 1, line.data() + line.size(), status);
        return {id, status};
    }
    return {id, 0};
}

}  // namespace

std::string batch_body(std::span<const url_notification> items) {
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) {
        std::string json;
        json_writer(json).begin_object().member("url", items[i].url).member("type", items[i].type).end_object();
        out += "--";
        out += batch_boundary;
        out += "\r\nContent-Type: application/http\r\nContent-ID: <item" + std::to_string(i + 1) + ">\r\n\r\n";
        out += "POST /v3/urlNotifications:publish HTTP/1.1\r\nContent-Type: application/json\r\naccept: application/json\r\n";
        out += "content-length: " + std::to_string(json.size()) + "\r\n\r\n";
        out += json;
        out += "\r\n";
    }
    out += "--";
    out += batch_boundary;
    out += "--\r\n";
    return out;
}

std::optional<std::vector<int>> batch_statuses(std::string_view content_type, std::string_view body, std::size_t calls) {
    std::string boundary = boundary_of(content_type);
    if (boundary.empty()) return std::nullopt;
    std::vector<int> statuses(calls, 0);
    std::string delim = "--" + boundary;
    std::size_t at = body.find(delim);
    std::size_t order = 0;   // parts without a Content-ID count in order
    while (at != std::string_view::npos) {
        std::size_t start = at + delim.size();
        if (body.substr(start, 2) == "--") break;   // the closing delimiter
        std::size_t end = body.find(delim, start);
        std::string_view part = body.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
        std::size_t pos = 0;
        next_line(part, pos);   // the rest of the delimiter line
        auto [id, status] = read_part(part.substr(pos));
        std::size_t index = id > 0 ? id - 1 : order;
        if (index < calls) statuses[index] = status;
        ++order;
        at = end;
    }
    return statuses;
}

}  // namespace jh::workers::google
