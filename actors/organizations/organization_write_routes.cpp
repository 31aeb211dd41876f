// organization_write_routes.cpp: an organization's own members at work (docs/providers.md).
//
//   GET    /api/organization_members/me          who signed in, for which organization, owner or member
//   PATCH  /api/organizations/{id}               merge-patch of the profile (active members of {id})
//   POST   /api/organizations/{id}/logo          the logo, multipart field "file" (active members of {id})
//   DELETE /api/organizations/{id}/logo
//   GET    /api/organizations/{id}/logo          the logo image (public for approved organizations)
//   GET    /api/admin/organizations              administrators: registrations waiting for review
//   POST   /api/admin/organizations/{id}/approve administrators: the organization goes live
//   POST   /api/admin/organizations/{id}/reject  administrators: it stays offline
#include <string>

#include "actors/organizations/organization_editor.h"
#include "reactor/multipart.h"
#include "actors/route.h"
#include "actors/route_table.h"
#include "reactor/file_response.h"
#include "reactor/json_body.h"
#include "reactor/loop_context.h"

namespace jh {

namespace {

http_response json_text(int status, std::string body) {
    http_response res;
    res.status = status;
    res.body = std::move(body);
    return res;
}

task<http_response> get_me(request_context& ctx, organization_editor& editor) {
    ROUTE_TRY(auto body, co_await editor.me(ctx.who()));
    co_return json_text(200, std::move(body));
}

task<http_response> patch_organization(request_context& ctx, organization_editor& editor) {
    ROUTE_TRY(auto org, path_id(ctx));
    ROUTE_TRY(auto view, co_await editor.patch(ctx.who(), org, ctx.body));
    co_return json_text(200, std::move(view));
}

task<http_response> post_logo(request_context& ctx, organization_editor& editor) {
    ROUTE_TRY(auto org, path_id(ctx));
    files::upload u{ctx.req.body_file, ctx.req.body_file_size, std::string(ctx.req.header("content-type").value_or(""))};
    ROUTE_TRY(auto view, co_await editor.set_logo(ctx.who(), org, std::move(u)));
    co_return json_text(200, std::move(view));
}

task<http_response> get_logo(request_context& ctx, organization_editor& editor) {
    ROUTE_TRY(auto org, path_id(ctx));
    const std::optional<auth::identity>& who = ctx.caller;
    ROUTE_TRY(auto path, co_await editor.logo_path(who, org));
    // Logos are re-encoded to JPEG on upload; a new upload is a new file name, hence the short cache.
    file_options o;
    o.content_type = "image/jpeg";
    o.cache_control = "public, max-age=300";
    auto res = co_await file_response(ctx.loop.uv, ctx.req, path, o);
    if (!res) co_return error_response(404, organizations::msg::no_logo);
    co_return std::move(*res);
}

// ---- the administrators' review of registrations (organization_review.cpp) -----------------------

task<http_response> get_review_queue(request_context&, organization_editor& editor) {
    ROUTE_TRY(auto body, co_await editor.review_queue());
    co_return json_text(200, std::move(body));
}

task<http_response> review(request_context& ctx, organization_editor& editor, bool approve) {
    ROUTE_TRY(auto org, path_id(ctx));
    ROUTE_TRY(auto body, co_await editor.review(org, approve));
    co_return json_text(200, std::move(body));
}

task<http_response> post_approve(request_context& ctx, organization_editor& editor) { return review(ctx, editor, true); }
task<http_response> post_reject(request_context& ctx, organization_editor& editor) { return review(ctx, editor, false); }

}  // namespace

void register_organization_write_routes(router& r, actor_of<organization_editor> editor) {
    const route_policy logo_upload{.who = access::provider,
                                   .body = body_kind::upload,
                                   .cache = cache_kind::private_no_store, .rate = no_rate_limit,
                                   .max_body_bytes = static_cast<std::int64_t>(organizations::max_logo_bytes + files::multipart_overhead),
                                   .too_large_message = files::msg::file_too_large};
    const route_policy admin_review = without_body(access::admin, cache_kind::private_no_store);
    add_routes(r, editor, {
        {http_method::get, "/api/organization_members/me", without_body(access::provider, cache_kind::private_no_store), get_me},
        {http_method::patch, "/api/organizations/{id}", json_body(access::provider, cache_kind::private_no_store, 256 * 1024),
         patch_organization},
        {http_method::post, "/api/organizations/{id}/logo", logo_upload, post_logo},
        {http_method::del, "/api/organizations/{id}/logo", without_body(access::provider, cache_kind::no_store),
         delete_by_path_id<&organization_editor::delete_logo>},
        {http_method::get, "/api/organizations/{id}/logo", without_body(access::anyone_or_account, cache_kind::by_handler), get_logo},
        {http_method::get, "/api/admin/organizations", admin_review, get_review_queue},
        {http_method::post, "/api/admin/organizations/{id}/approve", admin_review, post_approve},
        {http_method::post, "/api/admin/organizations/{id}/reject", admin_review, post_reject},
    });
}

}  // namespace jh
