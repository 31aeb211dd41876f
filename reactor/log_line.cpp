// log_line.cpp: see log_line.h.
#include "reactor/log_line.h"

#include <fmt/format.h>

#include "reactor/json_writer.h"

namespace jh {

std::optional<log_format> parse_log_format(std::string_view name) {
    if (name == "text") return log_format::text;
    if (name == "json") return log_format::json;
    return std::nullopt;
}

namespace {
void append_string(std::string& out, std::string_view key, std::string_view value) {
    out += '"';
    out += key;
    out += "\":\"";
    json_writer::escape_into(out, value);
    out += '"';
}

// " rid=ID" at the end of a message, ID without spaces: the id, and the message without it.
std::pair<std::string_view, std::string_view> split_request_id(std::string_view message) {
    constexpr std::string_view marker = " rid=";
    auto at = message.rfind(marker);
    if (at == std::string_view::npos) return {message, {}};
    std::string_view id = message.substr(at + marker.size());
    if (id.empty() || id.find(' ') != std::string_view::npos) return {message, {}};
    return {message.substr(0, at), id == "-" ? std::string_view{} : id};
}
}  // namespace

void append_json_log_line(std::string& out, std::string_view time, std::string_view level, std::uint64_t thread,
                          std::string_view message) {
    auto [text, request_id] = split_request_id(message);
    out += '{';
    append_string(out, "time", time);
    out += ',';
    append_string(out, "level", level);
    fmt::format_to(std::back_inserter(out), ",\"thread\":{},", thread);
    append_string(out, "message", text);
    if (!request_id.empty()) {
        out += ',';
        append_string(out, "requestId", request_id);
    }
    out += "}\n";
}

void append_json_access_line(std::string& out, const access_fields& f) {
    out += '{';
    append_string(out, "time", f.time);
    fmt::format_to(std::back_inserter(out), ",\"level\":\"access\",\"loop\":{},", f.loop);
    append_string(out, "method", f.method);
    out += ',';
    append_string(out, "target", f.target);
    fmt::format_to(std::back_inserter(out), ",\"status\":{},\"bytes\":{},\"micros\":{},", f.status, f.bytes, f.micros);
    append_string(out, "client", f.client);
    if (!f.request_id.empty()) {
        out += ',';
        append_string(out, "requestId", f.request_id);
    }
    out += "}\n";
}

}  // namespace jh
