// organization_team_routes.cpp: an organization's team (docs/providers.md, "Team").
//
//   GET    /api/organizations/{id}/members             the team: members of {id}
//   POST   /api/organizations/{id}/members             {email}: invite (the owner; 201 the new member)
//   DELETE /api/organizations/{id}/members/{member}    remove (the owner; never the last owner)
//   PATCH  /api/organizations/{id}/members/{member}    {role: owner|member} (the owner; one owner remains)
#include <string>

#include "actors/accounts/accounts_actor.h"
#include "actors/accounts/authenticate.h"
#include "actors/actions_json.h"
#include "actors/route.h"
#include "reactor/json_body.h"
#include "reactor/json_writer.h"
#include "reactor/loop_context.h"
#include "reactor/router.h"

namespace jh {

namespace {

void write_member(json_writer& w, const accounts::team_member& m, std::int64_t me) {
    w.begin_object()
        .member("@id", "/api/organization_members/" + std::to_string(m.id))
        .member("@type", "OrganizationMember")
        .member("id", m.id)
        .member("email", m.email)
        .member("role", m.role)
        .member("emailVerified", m.email_verified)
        .member("invitationPending", m.invitation_pending)
        .member("isMe", m.id == me)
        .member("createdAt", m.created_at)
        .end_object();
}

http_response private_answer(http_response res) {
    res.header("Cache-Control", "private, no-store");
    return res;
}

task<http_response> get_members(request_context& ctx, accounts::accounts_actor& accounts) {
    ROUTE_TRY(auto org, path_id(ctx));
    ROUTE_TRY(auto who, co_await auth::authenticate(ctx));
    ROUTE_TRY(auto team, co_await accounts.team_of(who, org));
    auto res = hydra_collection("OrganizationMember", team, static_cast<std::int64_t>(team.size()),
                                [&](json_writer& w, const accounts::team_member& m) { write_member(w, m, who.account_id); });
    co_return private_answer(std::move(res));
}

task<http_response> post_member(request_context& ctx, accounts::accounts_actor& accounts) {
    ROUTE_TRY(auto org, path_id(ctx));
    ROUTE_TRY(auto who, co_await auth::authenticate(ctx));
    simdjson::dom::parser parser;
    ROUTE_TRY(auto body, parse_json_object(ctx.req, parser));
    ROUTE_TRY(auto m, co_await accounts.invite_member(who, org, actions::text_field(body, "email")));
    auto res = json_response(201, m, [&](json_writer& w, const accounts::team_member& x) { write_member(w, x, who.account_id); });
    res.header("Location", "/api/organization_members/" + std::to_string(m.id));
    co_return private_answer(std::move(res));
}

task<http_response> delete_member(request_context& ctx, accounts::accounts_actor& accounts) {
    ROUTE_TRY(auto org, path_id(ctx));
    ROUTE_TRY(auto member, path_id(ctx, "member"));
    ROUTE_TRY(auto who, co_await auth::authenticate(ctx));
    ROUTE_CHECK(co_await accounts.remove_member(who, org, member));
    http_response res;
    res.status = 204;
    co_return res;
}

task<http_response> patch_member(request_context& ctx, accounts::accounts_actor& accounts) {
    ROUTE_TRY(auto org, path_id(ctx));
    ROUTE_TRY(auto member, path_id(ctx, "member"));
    ROUTE_TRY(auto who, co_await auth::authenticate(ctx));
    simdjson::dom::parser parser;
    ROUTE_TRY(auto body, parse_json_object(ctx.req, parser));
    ROUTE_TRY(auto m, co_await accounts.set_member_role(who, org, member, actions::text_field(body, "role")));
    co_return private_answer(json_response(200, m, [&](json_writer& w, const accounts::team_member& x) { write_member(w, x, who.account_id); }));
}

}  // namespace

void register_organization_team_routes(router& r, actor_of<accounts::accounts_actor> accounts) {
    route_options small{.max_body_bytes = 16 * 1024};
    r.add(http_method::get, "/api/organizations/{id}/members", with_actor(accounts, get_members));
    r.add(http_method::post, "/api/organizations/{id}/members", with_actor(accounts, post_member), small);
    r.add(http_method::del, "/api/organizations/{id}/members/{member}", with_actor(accounts, delete_member));
    r.add(http_method::patch, "/api/organizations/{id}/members/{member}", with_actor(accounts, patch_member), small);
}

}  // namespace jh
