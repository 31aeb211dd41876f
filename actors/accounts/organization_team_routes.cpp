// organization_team_routes.cpp: an organization's team and its invitations (docs/providers.md, "Team").
//
//   GET    /api/organizations/{id}/members                           the team: members of {id}
//   DELETE /api/organizations/{id}/members/{member}                  remove (the owner; never the last owner)
//   PATCH  /api/organizations/{id}/members/{member}                  {role: owner|member} (the owner; one owner remains)
//   GET    /api/organizations/{id}/invitations                       open invitations: members of {id}
//   POST   /api/organizations/{id}/members                           {email}: invite (the owner; 201 the invitation)
//   POST   /api/organizations/{id}/invitations                       the same
//   POST   /api/organizations/{id}/invitations/{invitation}/resend   a new link (the owner)
//   DELETE /api/organizations/{id}/invitations/{invitation}          withdraw (the owner)
//   GET    /api/organization_invitations/{token}                     the invited person: what it is (public)
//   POST   /api/organization_invitations/{token}/accept              {password, passwordConfirmation}: 201, the account
//   POST   /api/organization_invitations/{token}/decline             204
//   GET    /api/organizations/{id}/api_keys                          the organization's API keys (the owner)
//   POST   /api/organizations/{id}/api_keys                          {name, scopes}: 201 with the key, once (the owner)
//   DELETE /api/organizations/{id}/api_keys/{key}                    revoke (the owner); docs/reach.md "Provider-API"
#include <optional>
#include <string>

#include "actors/accounts/accounts_actor.h"
#include "actors/accounts/rate_classes.h"
#include "actors/actions_json.h"
#include "actors/route.h"
#include "actors/route_table.h"
#include "reactor/json_body.h"
#include "reactor/json_writer.h"
#include "reactor/loop_context.h"
#include "reactor/router.h"

namespace jh {

namespace {

void write_member(json_writer& w, const accounts::team_member& m, std::int64_t me) {
    begin_resource(w, "/api/organization_members/", "OrganizationMember", m.id)
        .member("email", m.email)
        .member("role", m.role)
        .member("emailVerified", m.email_verified)
        .member("invitationPending", m.invitation_pending)
        .member("isMe", m.id == me)
        .member("createdAt", m.created_at)
        .end_object();
}

void write_invitation(json_writer& w, std::int64_t org, const accounts::team_invitation& i) {
    begin_resource(w, "/api/organizations/" + std::to_string(org) + "/invitations/", "OrganizationInvitation", i.id)
        .member("email", i.email)
        .member("invitedBy", i.invited_by.empty() ? std::optional<std::string>() : std::optional<std::string>(i.invited_by))
        .member("sentCount", i.sent_count)
        .member("expired", i.expired)
        .member("createdAt", i.created_at)
        .member("lastSentAt", i.last_sent_at)
        .member("expiresAt", i.expires_at)
        .end_object();
}

constexpr nested_hydra_members<accounts::team_invitation> invitation_members{"OrganizationInvitation", write_invitation};

task<http_response> get_members(request_context& ctx, accounts::accounts_actor& accounts) {
    ROUTE_TRY(auto org, path_id(ctx));
    const auth::identity& who = ctx.who();
    ROUTE_TRY(auto team, co_await accounts.team_of(who, org));
    auto res = hydra_collection("OrganizationMember", team, [&](json_writer& w, const accounts::team_member& m) { write_member(w, m, who.account_id); });
    co_return std::move(res);
}

task<http_response> post_invitation(request_context& ctx, accounts::accounts_actor& accounts) {
    ROUTE_TRY(auto org, path_id(ctx));
    const auth::identity& who = ctx.who();
    auto body = ctx.body;
    ROUTE_TRY(auto i, co_await accounts.invite_member(who, org, actions::text_field(body, "email")));
    co_return created_response("/api/organizations/" + std::to_string(org) + "/invitations/", i.id, i,
                               [&](json_writer& w, const accounts::team_invitation& x) { write_invitation(w, org, x); });
}

task<http_response> post_resend(request_context& ctx, accounts::accounts_actor& accounts) {
    ROUTE_TRY(auto org, path_id(ctx));
    ROUTE_TRY(auto invitation, path_id(ctx, "invitation"));
    const auth::identity& who = ctx.who();
    ROUTE_TRY(auto i, co_await accounts.resend_invitation(who, org, invitation));
    co_return json_response(200, i, [&](json_writer& w, const accounts::team_invitation& x) { write_invitation(w, org, x); });
}

std::string token_param(const request_context& ctx) { return std::string(ctx.req.param("token")); }

task<http_response> get_invitation_by_token(request_context& ctx, accounts::accounts_actor& accounts) {
    ROUTE_TRY(auto p, co_await accounts.invitation_by_token(token_param(ctx)));
    co_return json_response(200, p, [](json_writer& w, const accounts::invitation_preview& x) {
        w.begin_object()
            .member("@type", "OrganizationInvitation")
            .member("organizationName", x.organization_name)
            .member("email", x.email)
            .member("expiresAt", x.expires_at)
            .end_object();
    });
}

task<http_response> post_accept(request_context& ctx, accounts::accounts_actor& accounts) {
    auto body = ctx.body;
    ROUTE_TRY(auto email, co_await accounts.accept_invitation(token_param(ctx), actions::text_field(body, "password"),
                                                              actions::text_field(body, "passwordConfirmation")));
    co_return json_response(201, email, [](json_writer& w, const std::string& e) {
        w.begin_object()
            .member("email", e)
            .member("message", "Willkommen im Team! Ihr Konto ist angelegt und Ihre E-Mail-Adresse bestätigt. Melden Sie sich jetzt an.")
            .end_object();
    });
}

task<http_response> post_decline(request_context& ctx, accounts::accounts_actor& accounts) {
    ROUTE_CHECK(co_await accounts.decline_invitation(token_param(ctx)));
    co_return http_response::no_content();
}

task<http_response> patch_member(request_context& ctx, accounts::accounts_actor& accounts) {
    ROUTE_TRY(auto org, path_id(ctx));
    ROUTE_TRY(auto member, path_id(ctx, "member"));
    const auth::identity& who = ctx.who();
    auto body = ctx.body;
    ROUTE_TRY(auto m, co_await accounts.set_member_role(who, org, member, actions::text_field(body, "role")));
    co_return json_response(200, m, [&](json_writer& w, const accounts::team_member& x) { write_member(w, x, who.account_id); });
}

void write_api_key(json_writer& w, std::int64_t org, const accounts::api_key_view& k, const std::string* secret = nullptr) {
    begin_resource(w, "/api/organizations/" + std::to_string(org) + "/api_keys/", "ApiKey", k.id)
        .member("name", k.name)
        .member("prefix", k.prefix)
        .member("createdAt", k.created_at)
        .member("lastUsedAt", k.last_used_at)
        .member("revokedAt", k.revoked_at)
        .member("createdBy", k.created_by)
        .member("usable", k.usable);
    member_list(w, "scopes", k.scopes);
    if (secret) w.member("key", *secret);
    w.end_object();
}

constexpr nested_hydra_members<accounts::api_key_view> api_key_members{
    "ApiKey", [](json_writer& w, std::int64_t org, const accounts::api_key_view& k) { write_api_key(w, org, k); }};

task<http_response> post_api_key(request_context& ctx, accounts::accounts_actor& accounts) {
    ROUTE_TRY(auto org, path_id(ctx));
    auto body = ctx.body;
    ROUTE_TRY(auto made, co_await accounts.create_api_key(ctx.who(), org, actions::text_field(body, "name"), actions::name_list_field(body, "scopes")));
    co_return created_response("/api/organizations/" + std::to_string(org) + "/api_keys/", made.key.id, made,
                               [&](json_writer& w, const accounts::created_api_key& x) { write_api_key(w, org, x.key, &x.secret); });
}

}  // namespace

void register_organization_team_routes(router& r, actor_of<accounts::accounts_actor> accounts) {
    constexpr std::int64_t small = 16 * 1024;
    const route_policy team_write = json_body(access::provider, cache_kind::private_no_store, small);
    // An invitation answers whether its address has an account: counted per client.
    const route_policy invite{.who = access::provider, .body = body_kind::json, .cache = cache_kind::private_no_store,
                              .rate = accounts::invitation_rate, .max_body_bytes = small};
    // The invited person may have no account yet: the token in the path is what admits them.
    const route_policy invitation_by_token = without_body(access::anyone, cache_kind::private_no_store);
    add_routes(r, accounts, {
        {http_method::get, "/api/organizations/{id}/members", provider_no_body, get_members},
        {http_method::post, "/api/organizations/{id}/members", invite, post_invitation},
        {http_method::del, "/api/organizations/{id}/members/{member}", provider_no_body,
         delete_child_by_path_ids<&accounts::accounts_actor::remove_member, "member">},
        {http_method::patch, "/api/organizations/{id}/members/{member}", team_write, patch_member},
        {http_method::get, "/api/organizations/{id}/invitations", provider_no_body,
         nested_list_by_path_id<&accounts::accounts_actor::invitations_of, invitation_members>},
        {http_method::post, "/api/organizations/{id}/invitations", invite, post_invitation},
        {http_method::post, "/api/organizations/{id}/invitations/{invitation}/resend", provider_no_body.with_max_body(small), post_resend},
        {http_method::del, "/api/organizations/{id}/invitations/{invitation}", provider_no_body,
         delete_child_by_path_ids<&accounts::accounts_actor::withdraw_invitation, "invitation">},
        {http_method::get, "/api/organization_invitations/{token}", invitation_by_token, get_invitation_by_token},
        {http_method::post, "/api/organization_invitations/{token}/accept",
         json_body(access::anyone, cache_kind::private_no_store, small), post_accept},
        {http_method::post, "/api/organization_invitations/{token}/decline", invitation_by_token.with_max_body(small), post_decline},
        // A key is a credential: only the person signed in manages them, never a key (no key scope).
        {http_method::get, "/api/organizations/{id}/api_keys", provider_no_body,
         nested_list_by_path_id<&accounts::accounts_actor::api_keys_of, api_key_members>},
        {http_method::post, "/api/organizations/{id}/api_keys", team_write, post_api_key},
        {http_method::del, "/api/organizations/{id}/api_keys/{key}", provider_no_body,
         delete_child_by_path_ids<&accounts::accounts_actor::revoke_api_key, "key">},
    });
}

}  // namespace jh
