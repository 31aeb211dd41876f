// accounts_routes_internal.h: what the routes files of the accounts domain share: the loop's
// accounts actor, the session cookies, reading form-encoded pairs, and the social sign-in handlers
// (accounts_social_routes.cpp) that accounts_routes.cpp registers with the others.
#pragma once

#include <string_view>

#include "actors/accounts/accounts_actor.h"
#include "reactor/http_message.h"
#include "reactor/http_pipeline.h"
#include "reactor/task.h"

namespace jh {

struct config;

namespace accounts_routes {

// Both tokens as HttpOnly cookies (the refresh token never appears in a body).
void add_token_cookies(http_response& res, const config& cfg, const accounts::session_tokens& t);

task<http_response> get_oauth_providers(request_context& ctx, accounts_actor& accounts);
task<http_response> get_oauth_login(request_context& ctx, accounts_actor& accounts);
task<http_response> get_oauth_register(request_context& ctx, accounts_actor& accounts);
task<http_response> oauth_callback(request_context& ctx, accounts_actor& accounts);

}  // namespace accounts_routes

}  // namespace jh
