// file_delivery.cpp: see file_delivery.h.
#include "actors/files/file_delivery.h"

#include "reactor/file_response.h"
#include "reactor/loop_context.h"

namespace jh {

task<http_response> send_file(request_context& ctx, files::file_answer f, delivery how) {
    std::string_view name;
    if (how == delivery::download) name = f.file_name.empty() ? std::string_view("dokument") : std::string_view(f.file_name);
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

}  // namespace jh
