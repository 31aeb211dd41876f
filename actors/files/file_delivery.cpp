// file_delivery.cpp: see file_delivery.h.
#include "actors/files/file_delivery.h"

#include "reactor/file_response.h"
#include "reactor/loop_context.h"

namespace jh {

task<http_response> send_file(request_context& ctx, files::file_answer f, delivery how) {
    std::string_view name;
    if (how == delivery::download) name = f.file_name.empty() ? std::string_view("dokument") : std::string_view(f.file_name);
    if (!f.etag.empty()) {
        // A version the route has just authorized for this reader; the reader's copy is checked
        // again next time (no-cache), and no shared cache keeps it (private). Weak: two renderings
        // of one version show the same but differ in bytes (the PDF's creation date).
        http_response res;
        res.content_type = std::move(f.content_type);
        if (f.not_modified) res.status = 304;
        else res.body = std::move(f.body);
        set_private_file_headers(res, name);
        for (auto& h : res.headers)
            if (h.name == "Cache-Control" || h.name == "cache-control") h.value = "private, no-cache";
        res.header("ETag", "W/\"" + f.etag + "\"");
        co_return res;
    }
    if (f.path.empty()) {
        http_response res;
        res.content_type = std::move(f.content_type);
        res.body = std::move(f.body);
        set_private_file_headers(res, name);
        co_return res;
    }
    file_options o;
    o.content_type = f.content_type;
    o.cache_control = f.public_cache ? "public, max-age=31536000, immutable" : "private, no-store";
    o.download_name = name;
    o.ranges = how == delivery::video;
    auto res = co_await file_response(ctx.loop.uv, ctx.req, f.path, o);
    if (!res) co_return error_response(404, "Das gibt es nicht.");
    co_return std::move(*res);
}

bool etag_listed(std::optional<std::string_view> if_none_match, std::string_view etag) {
    if (!if_none_match || etag.empty()) return false;
    auto trim = [](std::string_view s) {
        while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
        while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
        return s;
    };
    for (std::string_view list = *if_none_match; !list.empty();) {
        auto comma = list.find(',');
        std::string_view tag = trim(list.substr(0, comma));
        list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
        if (tag == "*") return true;
        if (tag.starts_with("W/")) tag.remove_prefix(2);
        if (tag.size() >= 2 && tag.front() == '"' && tag.back() == '"' && tag.substr(1, tag.size() - 2) == etag) return true;
    }
    return false;
}

}  // namespace jh
