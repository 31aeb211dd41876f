// accounts_routes.cpp: the HTTP side of the accounts domain (docs/accounts.md lists every route
// with its body and answers). A handler reads the request, calls the accounts actor, and writes
// the result or the error. The access token is returned in the body ("token") and both tokens are
// set as HttpOnly cookies; the refresh token never appears in a body, where a script on the page
// could read it.
#include <simdjson.h>

#include <algorithm>
#include <charconv>
#include <iterator>

#include "actors/accounts/accounts_actor.h"
#include "actors/accounts/accounts_routes_internal.h"
#include "actors/accounts/impersonation.h"
#include "actors/accounts/oauth.h"
#include "actors/accounts/password_rules.h"
#include "actors/accounts/rate_classes.h"
#include "actors/form_text.h"
#include "actors/route.h"
#include "actors/route_table.h"
#include "reactor/auth.h"
#include "reactor/config.h"
#include "reactor/file_response.h"
#include "reactor/http_client.h"
#include "reactor/http_pipeline.h"
#include "reactor/json_body.h"
#include "reactor/json_writer.h"
#include "reactor/loop_context.h"
#include "reactor/router.h"

namespace jh {

namespace accounts_routes {


void add_token_cookies(http_response& res, const config& cfg, const accounts::session_tokens& t) {
    res.header("Set-Cookie", auth::set_cookie(auth::access_cookie, t.access_token, cfg.auth_cookie_max_age_s));
    res.header("Set-Cookie", auth::set_cookie(auth::refresh_cookie, t.refresh_token, cfg.auth_cookie_max_age_s));
}

}  // namespace accounts_routes

namespace {

using namespace accounts_routes;

using accounts::account_view;
using accounts::session_tokens;

constexpr std::int64_t account_body = 16 * 1024;

// A string member, or "" when it is missing or not a string (the required rule then speaks).
std::string text_field(simdjson::dom::object o, std::string_view key) {
    std::string_view s;
    if (o[key].get(s) == simdjson::SUCCESS) return std::string(s);
    return {};
}

bool bool_field(simdjson::dom::object o, std::string_view key) {
    bool b = false;
    return o[key].get(b) == simdjson::SUCCESS && b;
}

void clear_token_cookies(http_response& res) {
    res.header("Set-Cookie", auth::clear_cookie(auth::access_cookie));
    res.header("Set-Cookie", auth::clear_cookie(auth::refresh_cookie));
}

http_response tokens_response(int status, const config& cfg, const session_tokens& t) {
    http_response res;
    res.status = status;
    json_writer(res.body).begin_object().member("token", t.access_token).end_object();
    add_token_cookies(res, cfg, t);
    return res;
}

// The account's yes/no settings its owner may change: the JSON key, where the account has it and
// where a PATCH carries it. The answer of GET and the PATCH both read their keys from here, so a
// setting the page shows is one it can change.
struct account_setting {
    std::string_view key;
    bool account_view::*shown;
    std::optional<bool> accounts::settings_patch::*patched;
};

constexpr account_setting account_settings[] = {
    {"profilePublic", &account_view::profile_public, &accounts::settings_patch::profile_public},
    {"searchableByProviders", &account_view::searchable_by_providers, &accounts::settings_patch::searchable_by_providers},
    {"newsletter", &account_view::newsletter, &accounts::settings_patch::newsletter},
    {"jobletter", &account_view::jobletter, &accounts::settings_patch::jobletter},
};

void write_account(json_writer& w, const account_view& a) {
    begin_resource(w, "/api/candidate_accounts/", "CandidateAccount", a.id);
    w.member("email", a.email);
    w.member("role", a.role);
    w.member("emailVerified", a.email_verified);
    w.member("hasPassword", a.has_password);
    for (const auto& setting : account_settings) w.member(setting.key, a.*setting.shown);
    w.member("numLogins", a.num_logins);
    w.member("lastLogin", a.last_login);
    w.member("createdAt", a.created_at);
    w.member("pendingEmail", a.pending_email);
    member_list(w, "socialProviders", a.social_providers);
    w.key("candidateProfile");
    if (a.profile) {
        begin_resource(w, "/api/candidate_profiles/", "CandidateProfile", a.profile->id);
        w.member("firstName", a.profile->first_name);
        w.member("lastName", a.profile->last_name);
        w.key("profileImagePortrait");
        if (a.profile->portrait_id) {
            w.begin_object()
                .member("@id", "/api/profile_images/" + std::to_string(*a.profile->portrait_id))
                .member("id", *a.profile->portrait_id)
                .end_object();
        } else {
            w.null();
        }
        w.end_object();
    } else {
        w.null();
    }
    w.member("impersonatorId", a.impersonator_id);
    w.end_object();
}

http_response account_response(const account_view& a) {
    http_response res;
    json_writer w(res.body);
    write_account(w, a);
    return res;
}

// ---- registration and login ---------------------------------------------------------------------------

task<http_response> post_email_check(request_context& ctx, accounts_actor& accounts) {
    std::string email = text_field(ctx.body, "email");
    ROUTE_TRY(auto r, co_await accounts.check_email(email));
    http_response res;
    json_writer w(res.body);
    w.begin_object()
        .member("email", accounts::trim_ascii(email))
        .member("exists", r.exists)
        .member("accountType", r.exists ? std::optional<std::string>(r.account_type) : std::nullopt)
        // What the check-email dialog shows next.
        .member("next", !r.exists ? "registration" : r.account_type == "organization" ? "organization_login" : "login")
        .end_object();
    co_return res;
}

task<http_response> register_with(request_context& ctx, accounts_actor& accounts, bool without_password) {
    accounts::registration reg;
    reg.email = text_field(ctx.body, "email");
    reg.first_name = text_field(ctx.body, "firstName");
    reg.last_name = text_field(ctx.body, "lastName");
    reg.without_password = without_password;
    if (!without_password) {
        reg.password = text_field(ctx.body, "password");
        reg.password_confirmation = text_field(ctx.body, "passwordConfirmation");
    }
    reg.newsletter = bool_field(ctx.body, "newsletter");
    reg.jobletter = bool_field(ctx.body, "jobletter");
    // "Registration payloads attach the current query": a "query" object in the body, or else the
    // campaign parameters of the request's own query string.
    simdjson::dom::object q;
    if (ctx.body["query"].get(q) == simdjson::SUCCESS) {
        std::string json = simdjson::minify(q);
        if (json.size() <= 4000) reg.query_json = std::move(json);
    } else {
        std::string campaign = accounts::campaign_query(ctx.req.query);
        if (!campaign.empty()) {
            std::string json;
            json_writer w(json);
            w.begin_object();
            for (const auto& [name, value] : forms::decoded_pairs(campaign)) w.member(name, value);
            w.end_object();
            reg.query_json = std::move(json);
        }
    }
    ROUTE_CHECK(co_await accounts.register_candidate(std::move(reg)));
    // The same answer whether or not the address had an account (the mail tells the owner).
    co_return message_response(201, accounts::registration_done_message);
}

task<http_response> post_register(request_context& ctx, accounts_actor& accounts) { co_return co_await register_with(ctx, accounts, false); }
task<http_response> post_register_without_password(request_context& ctx, accounts_actor& accounts) { co_return co_await register_with(ctx, accounts, true); }

task<http_response> post_login(request_context& ctx, accounts_actor& accounts) {
    std::string email = text_field(ctx.body, "email");
    if (email.empty()) email = text_field(ctx.body, "username");
    ROUTE_TRY(auto r, co_await accounts.login(std::move(email), text_field(ctx.body, "password"), ctx.req.peer_ip));
    co_return tokens_response(200, ctx.loop.cfg, r);
}

task<http_response> post_token_refresh(request_context& ctx, accounts_actor& accounts) {
    std::string token = text_field(ctx.body, "refresh_token");   // or the cookie below
    if (token.empty()) {
        auto cookie = auth::cookie_value(ctx.req.header("cookie").value_or(""), auth::refresh_cookie);
        // The refresh cookie authenticates this POST: the route takes it from our own pages only.
        if (cookie && !cookie->empty()) token = std::string(*cookie);
    }
    if (token.empty()) co_return error_response(401, "Bitte melde dich an.");
    auto r = co_await accounts.refresh(std::move(token));
    if (!r) {
        http_response res = error_response(r.error());
        if (res.status == 401) clear_token_cookies(res);
        co_return res;
    }
    co_return tokens_response(200, ctx.loop.cfg, *r);
}

// DELETE /api/me/sessions → 204: signed out everywhere, here too (the cookies go with the answer).
task<http_response> delete_my_sessions(request_context& ctx, accounts_actor& accounts) {
    ROUTE_CHECK(co_await accounts.logout_everywhere(ctx.who()));
    http_response res = http_response::no_content();
    clear_token_cookies(res);
    co_return res;
}

task<http_response> post_logout(request_context& ctx, accounts_actor& accounts) {
    std::optional<std::string> family, refresh;
    // A cookie names the session only from our own pages (the route's policy refuses the rest).
    if (auto t = auth::find_access_token(ctx.req)) {
        // An expired access token still names its session; its signature must be ours.
        auto claims = auth::verify_access_token(t->token, auth::process_signing_key(ctx.loop.cfg), auth::unix_now(), false);
        if (claims) family = claims->session;
    }
    if (std::string r = text_field(ctx.body, "refresh_token"); !r.empty()) refresh = std::move(r);
    if (!refresh) {
        auto cookie = auth::cookie_value(ctx.req.header("cookie").value_or(""), auth::refresh_cookie);
        if (cookie && !cookie->empty()) refresh = std::string(*cookie);
    }
    ROUTE_CHECK(co_await accounts.logout(std::move(family), std::move(refresh)));
    http_response res = http_response::no_content();
    clear_token_cookies(res);
    co_return res;
}

// ---- the account --------------------------------------------------------------------------------------

task<http_response> get_me(request_context& ctx, accounts_actor& accounts) {
    ROUTE_TRY(auto a, co_await accounts.account(ctx.who(), ctx.who().account_id));
    co_return account_response(a);
}

task<http_response> patch_account(request_context& ctx, accounts_actor& accounts) {
    ROUTE_TRY(auto id, path_id(ctx));
    accounts::settings_patch p;
    std::vector<violation> v;
    for (auto [key, value] : ctx.body) {
        const auto setting = std::ranges::find(account_settings, key, &account_setting::key);
        if (setting == std::end(account_settings)) {
            v.push_back({std::string(key), "Dieses Feld kann hier nicht geändert werden"});
            continue;
        }
        bool b = false;
        if (value.get(b) != simdjson::SUCCESS) {
            v.push_back({std::string(key), value.is_null() ? "Dieses Feld darf nicht leer sein" : "Dieses Feld muss ja oder nein sein"});
            continue;
        }
        p.*setting->patched = b;
    }
    if (!v.empty()) co_return error_response(app_error::invalid(std::move(v)));
    ROUTE_TRY(auto a, co_await accounts.patch_settings(ctx.who(), id, p));
    co_return account_response(a);
}

task<http_response> get_export(request_context& ctx, accounts_actor& accounts) {
    ROUTE_TRY(auto id, path_id(ctx));
    // A ZIP: daten.json (everything stored) and the files (data_export.cpp).
    // Streamed from disk in pieces, so a large archive never sits in memory.
    ROUTE_TRY(auto zip, co_await accounts.export_archive(ctx.who(), id));
    file_options o;
    o.content_type = "application/zip";
    o.download_name = "jobhafen-daten.zip";
    auto res = co_await file_response(ctx.loop.uv, ctx.req, zip, o);
    co_await accounts.remove_export(std::move(zip));
    if (!res) co_return error_response(app_error::make(error_kind::unavailable, "Der Datenexport konnte gerade nicht erstellt werden. Bitte versuche es gleich noch einmal."));
    co_return std::move(*res);
}

void write_coins(json_writer& w, const accounts::coin_totals& c) {
    w.begin_object()
        .member("total", c.total)
        .member("currentMonth", c.current_month)
        .member("lastMonth", c.last_month)
        .end_object();
}

// The account's two login figures, a route each: {"numLogins": n} and {"lastLogin": "…"}.
void write_num_logins(json_writer& w, const account_view& a) { w.begin_object().member("numLogins", a.num_logins).end_object(); }
void write_last_login(json_writer& w, const account_view& a) { w.begin_object().member("lastLogin", a.last_login).end_object(); }

// ---- mail flows ------------------------------------------------------------------------------------------

task<http_response> get_request_email_verification(request_context& ctx, accounts_actor& accounts) {
    ROUTE_TRY(auto r, co_await accounts.request_email_verification(ctx.who()));
    switch (r) {
        case accounts::verification_request::already_verified:
            co_return error_response(409, "Deine E-Mail-Adresse ist bereits bestätigt.");
        case accounts::verification_request::recently_sent:
            co_return error_response(429, "Wir haben dir gerade schon eine Bestätigungs-E-Mail geschickt. Bitte schau in dein "
                                          "Postfach (auch in den Spam-Ordner).");
        case accounts::verification_request::sent: break;
    }
    co_return message_response(200, "Wir haben dir eine E-Mail geschickt. Bitte bestätige deine E-Mail-Adresse über den Link darin.");
}

task<http_response> get_validate_email_token(request_context& ctx, accounts_actor& accounts) {
    ROUTE_TRY(auto r, co_await accounts.confirm_email_token(std::string(ctx.req.param("token"))));
    http_response res;
    json_writer w(res.body);
    w.begin_object()
        .member("status", "confirmed")
        .member("message", r.changed_address ? "Deine neue E-Mail-Adresse ist bestätigt und gilt ab sofort."
                                              : "Deine E-Mail-Adresse ist bestätigt.")
        .member("id", r.account_id)
        .member("email", r.email)
        .member("role", r.role);
    if (!r.organization_state.empty()) w.member("organizationState", r.organization_state);
    // A candidate's registration link signs in (registration itself does not).
    if (r.session) {
        w.member("token", r.session->access_token);
        add_token_cookies(res, ctx.loop.cfg, *r.session);
    }
    w.end_object();
    co_return res;
}

task<http_response> post_request_password_reset(request_context& ctx, accounts_actor& accounts) {
    ROUTE_CHECK(co_await accounts.request_password_reset(text_field(ctx.body, "email")));
    co_return message_response(200, "Wenn es ein Konto mit dieser E-Mail-Adresse gibt, haben wir dir eine E-Mail zum "
                                    "Zurücksetzen deines Passworts geschickt.");
}

task<http_response> get_validate_password_reset_token(request_context& ctx, accounts_actor& accounts) {
    ROUTE_TRY(auto r, co_await accounts.check_password_reset_token(std::string(ctx.req.param("token"))));
    http_response res;
    json_writer(res.body)
        .begin_object()
        .member("@id", "/api/candidate_accounts/" + std::to_string(r))
        .member("id", r)
        .member("valid", true)
        .end_object();
    co_return res;
}

task<http_response> patch_password(request_context& ctx, accounts_actor& accounts) {
    ROUTE_TRY(auto id, path_id(ctx));
    auto body = ctx.body;
    ROUTE_CHECK(co_await accounts.reset_password(id, text_field(body, "token"), text_field(body, "password"),
                                                   text_field(body, "passwordConfirmation")));
    co_return message_response(200, "Dein Passwort ist gespeichert. Du kannst dich jetzt damit anmelden.");
}

// ---- changes --------------------------------------------------------------------------------------------

task<http_response> patch_change_password(request_context& ctx, accounts_actor& accounts) {
    ROUTE_TRY(auto id, path_id(ctx));
    auto body = ctx.body;
    ROUTE_CHECK(co_await accounts.change_password(ctx.who(), id, text_field(body, "oldPassword"), text_field(body, "password"),
                                                    text_field(body, "passwordConfirmation")));
    co_return message_response(200, "Dein Passwort wurde geändert.");
}

task<http_response> patch_change_email(request_context& ctx, accounts_actor& accounts) {
    ROUTE_TRY(auto id, path_id(ctx));
    auto body = ctx.body;
    ROUTE_TRY(auto r, co_await accounts.change_email(ctx.who(), id, text_field(body, "email"), text_field(body, "emailConfirmation"),
                                                       text_field(body, "password")));
    http_response res;
    res.status = 202;
    json_writer(res.body)
        .begin_object()
        .member("message", "Wir haben dir eine E-Mail an die neue Adresse geschickt. Sobald du sie bestätigst, gilt sie. Deine "
                           "anderen Geräte haben wir abgemeldet.")
        .member("pendingEmail", r)
        .end_object();
    co_return res;
}

// The link mailed to the old address: the page asks for one click, which posts the token here.
task<http_response> post_undo_email_change(request_context& ctx, accounts_actor& accounts) {
    ROUTE_TRY(auto r, co_await accounts.undo_email_change(text_field(ctx.body, "token")));
    http_response res;
    json_writer(res.body)
        .begin_object()
        .member("message", "Deine bisherige E-Mail-Adresse gilt wieder, und alle Sitzungen sind beendet. Wir haben dir eine E-Mail "
                           "geschickt, mit der du ein neues Passwort festlegst.")
        .member("email", r)
        .end_object();
    clear_token_cookies(res);
    co_return res;
}

task<http_response> patch_delete(request_context& ctx, accounts_actor& accounts) {
    ROUTE_TRY(auto id, path_id(ctx));
    ROUTE_CHECK(co_await accounts.delete_account(ctx.who(), id, text_field(ctx.body, "confirmation")));
    http_response res = message_response(200, "Dein Konto und deine Daten wurden gelöscht.");
    clear_token_cookies(res);
    co_return res;
}

}  // namespace

void register_accounts_routes(router& r, actor_of<accounts_actor> accounts) {
    // Login and registration set the session cookies. A browser on a foreign site could post a form
    // (text/plain bodies pass as JSON) and so log the visitor into the attacker's account ("login
    // CSRF"): both take requests from our own pages only.
    const route_policy registration = route_policy{.who = access::anyone, .body = body_kind::json, .cache = cache_kind::no_store,
                                                   .rate = accounts::registration_rate, .max_body_bytes = account_body}
                                          .only_from_our_pages();
    const route_policy public_json = json_body(access::anyone, cache_kind::no_store, account_body);
    // Forms whose members may all be missing: a token may come as a cookie instead of in the body.
    const route_policy public_form = json_or_empty_body(access::anyone, cache_kind::no_store, account_body);
    // The refresh and the logout, which a session cookie alone may authenticate: with a cookie, only
    // from our own pages (a token in the body or the header is no browser's ambient authority).
    const route_policy cookie_form = public_form.cookies_only_from_our_pages();
    const route_policy account_change = json_or_empty_body(access::account, cache_kind::no_store, account_body);
    // What only the person may change: the password, the address, the account's existence.
    const route_policy account_change_in_person = in_person(account_change);
    add_routes(r, accounts, {
        {http_method::post, "/api/candidate_profiles/email_check",
         {.who = access::anyone, .body = body_kind::json, .cache = cache_kind::no_store, .rate = accounts::email_check_rate,
          .max_body_bytes = account_body},
         post_email_check},
        {http_method::post, "/api/candidate_profiles/register", registration, post_register},
        {http_method::post, "/api/candidate_profiles/register_without_password", registration, post_register_without_password},
        {http_method::post, "/api/login", public_json.only_from_our_pages(), post_login},
        {http_method::post, "/api/token/refresh", cookie_form, post_token_refresh},
        {http_method::post, "/api/logout", cookie_form, post_logout},
        // Only the person signs themselves out everywhere, never an administrator acting as them.
        {http_method::del, "/api/me/sessions", in_person(signed_in_no_body), delete_my_sessions},

        {http_method::get, "/api/candidate_accounts/me", signed_in_no_body, get_me},
        {http_method::get, "/api/candidate_accounts/{id}", signed_in_no_body, answer_by_path_id<&accounts_actor::account, account_response>},
        {http_method::patch, "/api/candidate_accounts/{id}", account_change, patch_account},
        {http_method::get, "/api/candidate_accounts/{id}/export", in_person(signed_in_no_body), get_export},
        {http_method::patch, "/api/candidate_accounts/{id}/delete", account_change_in_person, patch_delete},
        {http_method::patch, "/api/candidate_accounts/{id}/password", public_form, patch_password},
        {http_method::patch, "/api/candidate_accounts/{id}/change_password", account_change_in_person, patch_change_password},
        {http_method::patch, "/api/candidate_accounts/{id}/change_email", account_change_in_person, patch_change_email},
        {http_method::get, "/api/candidate_account/{id}/pb_coins/dashboard", signed_in_no_body,
         json_by_path_id<&accounts_actor::coins, write_coins>},
        {http_method::get, "/api/candidate_account/{id}/num_logins", signed_in_no_body,
         json_by_path_id<&accounts_actor::account, write_num_logins>},
        {http_method::get, "/api/candidate_account/{id}/last_login", signed_in_no_body,
         json_by_path_id<&accounts_actor::account, write_last_login>},

        {http_method::get, "/api/candidate_accounts_request_email_verification", signed_in_no_body, get_request_email_verification},
        {http_method::get, "/api/candidate_accounts/validate_email_verification_token/{token}", public_read, get_validate_email_token},
        // POST only: a GET answers 405 (state changes are never GETs).
        {http_method::post, "/api/candidate_accounts_request_password_reset",
         {.who = access::anyone, .body = body_kind::json, .cache = cache_kind::no_store, .rate = accounts::reset_request_rate,
          .max_body_bytes = account_body},
         post_request_password_reset},
        {http_method::post, "/api/candidate_accounts_undo_email_change", public_json, post_undo_email_change},
        {http_method::get, "/api/candidate_accounts/validate_password_reset_token/{token}", public_read,
         get_validate_password_reset_token},

        {http_method::get, "/api/oauth/providers", public_read, get_oauth_providers},
        {http_method::get, "/api/oauth/login/{provider}", public_read, get_oauth_login},
        {http_method::get, "/api/oauth/register/{provider}", public_read, get_oauth_register},
        {http_method::get, "/api/oauth/callback/{provider}", public_read, oauth_callback},
        // Apple returns with a form POST (accounts_social_routes.cpp reads it).
        {http_method::post, "/api/oauth/callback/{provider}",
         {.who = access::anyone, .body = body_kind::raw, .cache = cache_kind::no_store, .rate = no_rate_limit,
          .max_body_bytes = account_body},
         oauth_callback},
    });

    impersonation::register_routes(r);
}

}  // namespace jh
