// authenticate.h: who is asking, as the accounts actor sees it.
//
// A route declares who may call it (reactor/route_policy.h, {.who = access::account, …}); the
// pipeline then calls authenticate_for() before the handler runs, and the handler reads the caller
// from ctx.who() (ctx.caller for anyone_or_account). No handler authenticates by hand.
//
// authenticate() reads the access token from `Authorization: Bearer` or, failing that, from the
// auth_token cookie; refuses an unsafe method (POST, PUT, PATCH, DELETE) that authenticates by
// cookie unless it is same-origin (CSRF); verifies the token (reactor/auth.h: HS256 only); asks the
// accounts actor whether the token's session (its refresh-token family) is still alive, so logout,
// a detected token theft, a password change and account deletion end access at once rather than
// after 15 minutes; and applies an administrator's `_switch_user` header (impersonation).
#pragma once

#include <optional>

#include "actors/route.h"
#include "reactor/auth.h"

namespace jh {

namespace accounts {
class accounts_actor;
}

namespace auth {

// Names the accounts actor of a loop; app/ calls it once before any loop starts (app/routes.cpp).
void use_accounts(actor_of<accounts::accounts_actor> accounts) noexcept;

// See the top of this file. 401 without valid credentials or with an ended session; 403 for a
// cross-site unsafe request authenticated by cookie and for `_switch_user` from a non-administrator;
// 404 when `_switch_user` names no candidate; 503 when Redis cannot say whether the session lives.
task<result<identity>> authenticate(request_context& ctx, bool formal = false);

// For GET routes that log what a provider opened (an applicant, the sedcard PDF, a document, a
// candidate found in the search): authenticate(), and 403 for a request authenticated by cookie
// that another site's page started (reactor/auth.h started_by_other_site). A link or image there
// would otherwise make the browser send the SameSite=Lax cookie and forge entries in the log.
task<result<identity>> authenticate_first_party(request_context& ctx, bool formal = false);

// The same for routes that also serve visitors: no credentials at all is nullopt (not 401).
// Credentials that are present but bad are still an error, so the client knows to refresh.
task<result<std::optional<identity>>> authenticate_optional(request_context& ctx);

// The caller, with credentials read as a route's declared `who` demands (reactor/route_policy.h):
// the pipeline's authenticator (reactor/router.h set_authenticator), installed by app/routes.cpp.
// The pipeline then checks the caller's role against the level's roles (actors/roles.h). A level
// only providers (or administrators) pass is answered in "Sie" when nobody or an ended session
// calls: "Bitte melden Sie sich an." (the portal's voice); every other level in "du".
task<result<std::optional<identity>>> authenticate_for(request_context& ctx, const access_level& who);

}  // namespace auth
}  // namespace jh
