// authenticate.cpp: see authenticate.h.
#include "actors/accounts/authenticate.h"

#include "actors/accounts/accounts_actor.h"
#include "actors/roles.h"
#include "reactor/config.h"
#include "reactor/http_pipeline.h"
#include "reactor/loop_context.h"
#include "reactor/route_policy.h"
#include "reactor/router.h"
#include "reactor/try.h"

namespace jh::auth {

namespace {

// Set once by app/ before the loops start, read-only afterwards.
actor_of<accounts::accounts_actor> accounts_of = nullptr;

// The 401s in the voice of the route's audience: "Sie" where only providers (or administrators)
// may call, the portal's voice; "du" everywhere else (docs/decisions.md, "Du and Sie").
app_error not_signed_in(bool formal) {
    return app_error::make(error_kind::unauthorized, formal ? "Bitte melden Sie sich an." : "Bitte melde dich an.");
}
app_error session_ended(bool formal) {
    return app_error::make(error_kind::unauthorized, formal ? "Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an."
                                                            : "Deine Sitzung ist abgelaufen. Bitte melde dich erneut an.");
}

// A level that providers pass and candidates do not speaks to providers.
bool speaks_to_providers(const access_level& who) {
    return who.roles.contains(role::organization_member) && !who.roles.contains(role::candidate);
}

// A cookie request another site's page sent: the route policy's words for it (reactor/route_policy.h).
app_error foreign_request() { return app_error::make(error_kind::forbidden, std::string(foreign_page_refusal)); }

task<result<identity>> authenticate_token(request_context& ctx, presented_token t, bool formal) {
    // An organization's API key (docs/reach.md, "Provider-API"); the pipeline then admits it only
    // to routes that declare a scope it holds (reactor/http_pipeline.cpp).
    if (!t.from_cookie && t.token.starts_with("jhk_")) co_return co_await accounts_of(ctx.loop).resolve_api_key(t.token);
    if (t.from_cookie && is_unsafe_method(ctx.req.method) && !is_same_origin(ctx.req, ctx.loop.cfg.http_public_origin))
        co_return std::unexpected(foreign_request());
    auto claims = verify_access_token(t.token, process_signing_key(ctx.loop.cfg), unix_now());
    if (!claims) co_return std::unexpected(session_ended(formal));
    CO_TRY(auto who, co_await accounts_of(ctx.loop).resolve_identity(*claims, requested_switch_user(ctx.req)));
    who.from_cookie = t.from_cookie;
    co_return std::move(who);
}

}  // namespace

void use_accounts(actor_of<accounts::accounts_actor> accounts) noexcept { accounts_of = accounts; }

task<result<identity>> authenticate(request_context& ctx, bool formal) {
    auto t = find_access_token(ctx.req);
    if (!t) co_return std::unexpected(not_signed_in(formal));
    co_return co_await authenticate_token(ctx, *t, formal);
}

task<result<identity>> authenticate_first_party(request_context& ctx, bool formal) {
    auto t = find_access_token(ctx.req);
    if (!t) co_return std::unexpected(not_signed_in(formal));
    if (t->from_cookie && started_by_other_site(ctx.req)) co_return std::unexpected(foreign_request());
    co_return co_await authenticate_token(ctx, *t, formal);
}

task<result<std::optional<identity>>> authenticate_optional(request_context& ctx) {
    auto t = find_access_token(ctx.req);
    if (!t) co_return std::optional<identity>{};
    CO_TRY(auto who, co_await authenticate_token(ctx, *t, false));
    co_return std::optional<identity>(std::move(who));
}

task<result<std::optional<identity>>> authenticate_for(request_context& ctx, const access_level& level) {
    const credentials reads = level.reads;
    const bool formal = speaks_to_providers(level);
    if (reads == credentials::none || reads == credentials::on_demand) co_return std::optional<identity>{};
    if (reads == credentials::optional) co_return co_await authenticate_optional(ctx);
    // Two statements, not a conditional expression: g++ 12 destroys a co_await's temporary twice
    // inside ?: (a double free on every authenticated request).
    result<identity> who = std::unexpected(app_error{});
    if (reads == credentials::required_first_party)
        who = co_await authenticate_first_party(ctx, formal);
    else
        who = co_await authenticate(ctx, formal);
    if (!who) co_return std::unexpected(who.error());
    co_return std::optional<identity>(std::move(*who));
}

}  // namespace jh::auth
