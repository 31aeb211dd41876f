// accounts_social_routes.cpp: the HTTP side of social sign-in: the offered providers, the redirect
// to a provider, and its callback (GET, or a form POST from Apple), which ends on a page of the site
// with the session cookies set or with the reason it failed. Registered in accounts_routes.cpp.
#include <string>

#include "actors/accounts/accounts_actor.h"
#include "actors/accounts/accounts_routes_internal.h"
#include "actors/accounts/oauth.h"
#include "actors/form_text.h"
#include "actors/route.h"
#include "reactor/auth.h"
#include "reactor/config.h"
#include "reactor/http_client.h"
#include "reactor/http_pipeline.h"
#include "reactor/json_writer.h"
#include "reactor/loop_context.h"

namespace jh::accounts_routes {

namespace {

constexpr std::string_view oauth_state_cookie = "auth_oauth_state";

http_response redirect_to(std::string location) {
    http_response res;
    res.status = 302;
    res.content_type.clear();
    res.header("Location", std::move(location));
    return res;
}

// The state cookie binds a sign-in to the browser that started it. SameSite=None: Apple returns
// with a cross-site POST (form_post), which would not carry a Lax cookie.
std::string state_cookie(std::string_view value, int max_age) {
    return std::string(oauth_state_cookie) + "=" + std::string(value) + "; Max-Age=" + std::to_string(max_age) +
           "; Path=/api/oauth; HttpOnly; Secure; SameSite=None";
}

task<http_response> oauth_begin(request_context& ctx, accounts_actor& actor, accounts::oauth_mode mode) {
    ROUTE_TRY(auto r, co_await actor.begin_social_sign_in(std::string(ctx.req.param("provider")), mode,
                                                               accounts::campaign_query(ctx.req.query)));
    http_response res = redirect_to(r.redirect_url);
    res.header("Set-Cookie", state_cookie(r.state, 600));
    co_return res;
}

// Reads code, state and error from the query (GET) or the form body (POST, Apple).
std::optional<std::string> callback_value(const http_request& req, std::string_view name) {
    if (req.method != http_method::post) return req.query_param(name);
    // The first pair of that name whose value decodes, as query_param reads a query.
    for (auto& [key, value] : forms::decoded_pairs(req.body))
        if (key == name) return std::move(value);
    return std::nullopt;
}

}  // namespace

task<http_response> get_oauth_providers(request_context&, accounts_actor& actor) {
    http_response res;
    json_writer w(res.body);
    w.begin_object().key("providers").begin_array();
    for (auto name : actor.offered_providers()) w.value(name);
    w.end_array().end_object();
    co_return res;
}

task<http_response> get_oauth_login(request_context& ctx, accounts_actor& actor) { co_return co_await oauth_begin(ctx, actor, accounts::oauth_mode::login); }
task<http_response> get_oauth_register(request_context& ctx, accounts_actor& actor) {
    co_return co_await oauth_begin(ctx, actor, accounts::oauth_mode::register_account);
}


task<http_response> oauth_callback(request_context& ctx, accounts_actor& actor) {
    const std::string& origin = ctx.loop.cfg.http_public_origin;
    std::string provider(ctx.req.param("provider"));
    std::string browser_state(auth::cookie_value(ctx.req.header("cookie").value_or(""), oauth_state_cookie).value_or(""));
    auto error_page = [&](std::string_view query) {
        http_response res = redirect_to(origin + "/oauthError?provider=" + url_escape(provider) + "&" + std::string(query));
        res.header("Set-Cookie", state_cookie("", 0));
        return res;
    };
    if (auto denied = callback_value(ctx.req, "error"))
        co_return error_page("error=" + url_escape(*denied));
    auto r = co_await actor.complete_social_sign_in(provider, callback_value(ctx.req, "code").value_or(""),
                                                         callback_value(ctx.req, "state").value_or(""), browser_state);
    if (!r) {
        if (r.error().kind == error_kind::not_found) co_return error_response(r.error());
        co_return error_page("message=" + url_escape(r.error().message));
    }
    std::string campaign = r->campaign_query.empty() ? "" : "&" + r->campaign_query;
    using kind = accounts::social_outcome::kind;
    switch (r->result) {
        case kind::logged_in:
        case kind::registered: {
            // The callback route is the root; a new account opens the registration-success dialog.
            std::string target = origin + (r->result == kind::registered ? "/?success=1" + campaign
                                                                          : (campaign.empty() ? "/" : "/?" + campaign.substr(1)));
            http_response res = redirect_to(std::move(target));
            add_token_cookies(res, ctx.loop.cfg, r->tokens);
            res.header("Set-Cookie", state_cookie("", 0));
            co_return res;
        }
        case kind::no_account:
        case kind::account_exists:
            co_return error_page("code=" + std::to_string(r->code()) + campaign);
        case kind::failed: break;
    }
    co_return error_page("message=" + url_escape(r->message) + campaign);
}

}  // namespace jh::accounts_routes
