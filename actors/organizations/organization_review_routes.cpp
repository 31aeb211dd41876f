// organization_review_routes.cpp: the administrators' review of registrations (docs/providers.md).
//
//   GET  /api/admin/organizations                 organizations waiting for review, oldest first
//   POST /api/admin/organizations/{id}/approve    the organization goes live
//   POST /api/admin/organizations/{id}/reject     the organization stays offline
#include <string>

#include "actors/accounts/authenticate.h"
#include "actors/organizations/organization_editor.h"
#include "actors/route.h"
#include "reactor/loop_context.h"
#include "reactor/router.h"

namespace jh {

namespace {

http_response private_json(std::string body) {
    http_response res;
    res.body = std::move(body);
    res.header("Cache-Control", "private, no-store");
    return res;
}

task<http_response> get_review_queue(request_context& ctx, organization_editor& editor) {
    ROUTE_TRY(auto who, co_await auth::authenticate(ctx));
    ROUTE_TRY(auto body, co_await editor.review_queue(who));
    co_return private_json(std::move(body));
}

task<http_response> review(request_context& ctx, organization_editor& editor, bool approve) {
    ROUTE_TRY(auto org, path_id(ctx));
    ROUTE_TRY(auto who, co_await auth::authenticate(ctx));
    ROUTE_TRY(auto body, co_await editor.review(who, org, approve));
    co_return private_json(std::move(body));
}

task<http_response> post_approve(request_context& ctx, organization_editor& editor) { return review(ctx, editor, true); }
task<http_response> post_reject(request_context& ctx, organization_editor& editor) { return review(ctx, editor, false); }

}  // namespace

void register_organization_review_routes(router& r, actor_of<organization_editor> editor) {
    r.add(http_method::get, "/api/admin/organizations", with_actor(editor, get_review_queue));
    r.add(http_method::post, "/api/admin/organizations/{id}/approve", with_actor(editor, post_approve));
    r.add(http_method::post, "/api/admin/organizations/{id}/reject", with_actor(editor, post_reject));
}

}  // namespace jh
