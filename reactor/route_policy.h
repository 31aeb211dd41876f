// route_policy.h: what a route declares besides its handler, and what the pipeline enforces before
// the handler runs (docs/routes.md lists the policy of every route; `jobhafen routes` prints it).
//
//     {http_method::post, "/api/organizations/{id}/contact/visitor",
//      {.who = access::anyone_or_account, .body = body_kind::json, .cache = cache_kind::no_store,
//       .rate = contact_rate, .max_body_bytes = small_json_body},
//      post_contact_visitor},
//
// `who`, `body`, `cache` and `rate` have no default: a route that leaves one out does not compile,
// so no route gets its authentication, its caching or its freedom from a limit by an oversight.
// The policies many routes share are named once (the presets at the end of this file, or a
// constant in the routes file), and a route names its policy:
//
//     {http_method::get, "/api/legacy_billing", signed_in_no_body, get_invoices},
//
// Redis declares a command's flags in its command table and enforces them in one place; this is
// the same idea for HTTP routes.
//
// Before the handler, in this order (reactor/http_pipeline.cpp):
//   0. from: a request another site's page started, or one with our session cookie that does not
//      show it came from our pages, is refused where the route says so (403);
//   1. who: the caller is authenticated as the access level demands (401/503), an administrator
//      impersonating it is refused where the route says so (403), its role must be one the level
//      admits (403), and the identity is put into request_context::caller;
//   2. rate: the request is counted against its client's window of the route's rate class, and
//      refused with the class's 429 once the window is full (reactor/rate_window.h);
//   3. body: a JSON body is parsed (400 for malformed JSON or a non-object, 422 for an overlong
//      string) into request_context::body;
// after it:
//   4. cache: a successful answer without its own Cache-Control gets the declared one.
// The body limit (413) and the upload gate act even earlier, in the connection, before a byte of
// the body is read.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "reactor/auth.h"

namespace jh {

struct loop_context;

// How the pipeline reads a caller's credentials, whatever the caller's role.
enum class credentials : std::uint8_t {
    none,                  // no credentials are read
    optional,              // read when present (bad ones are still a 401)
    on_demand,             // read only when the handler asks (ask_caller in reactor/http_pipeline.h)
    required,              // a signed-in account
    required_first_party,  // signed in, and a cookie request was not started by another site
};

// Who may call a route: how the credentials are read, and which roles pass. Whether the caller may
// act on the object the path names (their own application, their organization's job) stays the
// domain's question and is answered by the actor.
//
// The reactor knows the mechanism, the domains the values (as with rate_class below): the levels
// that name no role are defined here, in namespace access; those that name roles are defined by
// the actors layer in the same namespace (actors/roles.h), so a route names a level as
// access::<level> either way and reactor/ names no role (test borders.reactor_names_no_role).
struct access_level {
    credentials reads;
    auth::role_set roles = {};         // the roles that pass (checked after impersonation); empty: all
    std::string_view name;             // in `jobhafen routes` and docs/routes.md
    std::string_view refusal = {};     // the 403's message for a role outside `roles`
};

namespace access {
inline constexpr access_level anyone{.reads = credentials::none, .name = "anyone"};
inline constexpr access_level anyone_or_account{.reads = credentials::optional, .name = "anyone_or_account"};
// Public; credentials are read only when the handler asks: a search that only some filters
// personalize, so a visitor's stale cookie never breaks the public answer.
inline constexpr access_level account_on_demand{.reads = credentials::on_demand, .name = "account_on_demand"};
inline constexpr access_level account{.reads = credentials::required, .name = "account"};
inline constexpr access_level account_first_party{.reads = credentials::required_first_party, .name = "account_first_party"};
}  // namespace access

// What the body of a request is and who reads it.
enum class body_kind : std::uint8_t {
    none,            // no body is read; one that is sent is ignored
    json,            // a JSON object, parsed into request_context::body
    json_or_empty,   // the same, and an empty body is read as {}
    raw,             // the handler reads http_request::body itself (signed webhooks, forms)
    upload,          // streamed to a file under var_dir/tmp (http_request::body_file) after the
                     // caller has passed `who`, so no stranger makes us write a byte to disk
};

// The Cache-Control of a successful answer (2xx) that did not set its own. Errors are never cached.
enum class cache_kind : std::uint8_t {
    no_store,           // "no-store": answers that change with every write
    private_no_store,   // "private, no-store": one user's data
    public_minute,      // "public, max-age=60"
    public_hour,        // "public, max-age=3600"
    public_day,         // "public, max-age=86400"
    public_revalidate,  // "public, no-cache": public, but asked again each time (an ETag makes that a 304)
    by_handler,         // the handler decides (conditional answers, ETags); the pipeline's default applies otherwise
};

// A per-client rate limit that several routes can share: every request of a route of the class
// counts against one fixed window per client (reactor/client_key.h: an IPv4 address or an IPv6
// /64) in Redis, and the request after `limit` within `window_s` seconds is a 429 with `message`
// and a Retry-After until the window ends. The reactor knows no class but no_rate_limit: each
// domain defines its own (their limits come from its settings, their messages are its words) and
// names them in its routes, so a route of two domains can share one count (the registrations).
// What a domain counts per account, per e-mail address or per visitor stays in the domain: the
// pipeline knows only the client's address (docs/routes.md).
struct rate_class {
    std::string_view name;                          // in `jobhafen routes` and docs/routes.md
    std::string_view key_prefix;                    // the Redis key of a window: prefix + client key
    int window_s = 0;
    int (*limit)(const loop_context&) = nullptr;    // requests per window; nullptr: not limited
    std::string_view message;                       // the 429's message; empty: the default one
};

// The class of every route that no per-client count guards.
inline constexpr rate_class no_rate_limit{.name = "none"};

// What an organization's API key may do (docs/reach.md, "Provider-API"): a route that accepts keys
// names the scope a key must hold (route_policy::key); every other route answers a key with 401.
// As with rate classes and roles, the reactor knows the mechanism and the domains the values
// (actors/api_scopes.h): a scope is a bit of auth::identity::api_scopes, and every request made
// with a key counts against `rate` per key (not per client), before the handler runs.
struct key_scope {
    std::string_view name;      // in `jobhafen routes`, docs/routes.md and /api/openapi.json
    std::uint32_t bit = 0;
    const rate_class* rate = nullptr;   // the per-key window; nullptr: not limited
};

// A value that must be named: it has no default constructor, so a designated initializer that
// leaves the member out is a compile error ("a route without a declared policy does not compile").
template <typename E>
struct declared {
    E value;
    constexpr declared(E v) noexcept : value(v) {}   // NOLINT: implicit on purpose, {.who = access::…}
    constexpr operator E() const noexcept { return value; }
};

// The same for a class named by reference (.rate = contact_rate): kept as a pointer, so a policy
// stays copyable; a temporary is refused, because the class must outlive the route table.
template <typename C>
struct declared<const C&> {
    const C* value;
    constexpr declared(const C& c) noexcept : value(&c) {}   // NOLINT: implicit on purpose
    declared(const C&&) = delete;
    constexpr const C& get() const noexcept { return *value; }
};

// Which pages a browser request may come from.
enum class page_origin : std::uint8_t {
    any,    // any page, and clients that are no browser
    ours,   // 403 (foreign_page_refusal) for a request another site's page started, by either sign
            // (auth::sent_by_other_site): the forms that set cookies or act in a visitor's name
            // (login CSRF, a foreign page raising a job's views); apps and scripts send neither sign
    ours_with_cookies,   // 403 (foreign_page_refusal) for a request carrying our session cookies
            // (auth_token or auth_refresh_token) that does not show it came from our pages (an Origin
            // of ours or Sec-Fetch-Site: same-origin, auth::is_same_origin): the POSTs a cookie
            // alone authenticates (refresh, logout). A token in the body or the Authorization header
            // is no browser's ambient authority and passes.
};

// The 403's words for a request another site's page started: the same for every route that
// refuses one and for a cookie-authenticated write (actors/accounts/authenticate.cpp).
inline constexpr std::string_view foreign_page_refusal = "Diese Anfrage kam nicht von unserer Seite und wurde abgelehnt.";

// The 401 of an API key on a route that declares no key scope (and on one asking on demand).
inline constexpr std::string_view key_not_accepted =
    "Dieser Endpunkt ist mit einem API-Schlüssel nicht erreichbar. Bitte melden Sie sich an.";

struct route_policy {
    declared<access_level> who;
    declared<body_kind> body;
    declared<cache_kind> cache;
    declared<const rate_class&> rate;
    std::int64_t max_body_bytes = 0;   // 0: the server default (http.max_body_bytes)
    std::string_view too_large_message = {};   // the message of a 413; empty: the default
    page_origin from = page_origin::any;
    // Not empty: an administrator impersonating the caller is refused with this 403 message, what
    // only the person may do (mint a credential that outlives the impersonation, send a message in
    // their name, change their address or password, …). The words are the accounts' (actors/roles.h).
    std::string_view impersonation_refusal = {};
    // The scope an API key needs for this route; nullptr: no key is accepted (401).
    const key_scope* key = nullptr;

    // The same policy, also open to an organization's API key that holds `scope`.
    constexpr route_policy accepting_key(const key_scope& scope) const noexcept {
        route_policy p = *this;
        p.key = &scope;
        return p;
    }

    // The same policy, refusing requests another site's page started (page_origin::ours).
    constexpr route_policy only_from_our_pages() const noexcept {
        route_policy p = *this;
        p.from = page_origin::ours;
        return p;
    }
    // The same policy, refusing a request with our session cookies from anywhere but our pages
    // (page_origin::ours_with_cookies).
    constexpr route_policy cookies_only_from_our_pages() const noexcept {
        route_policy p = *this;
        p.from = page_origin::ours_with_cookies;
        return p;
    }
    // The same policy, refusing an impersonating administrator with `message`.
    constexpr route_policy refusing_impersonation(std::string_view message) const noexcept {
        route_policy p = *this;
        p.impersonation_refusal = message;
        return p;
    }

    // The same policy with a body limit of its own: a preset with its route's limit
    // (json_body(…).with_max_body(bytes)), or a route without a body that still bounds what a
    // client sends anyway before it is ignored.
    constexpr route_policy with_max_body(std::int64_t bytes) const noexcept {
        route_policy p = *this;
        p.max_body_bytes = bytes;
        return p;
    }
};

// ---- presets ----------------------------------------------------------------------------------------
//
// Most routes share one of a few policies. A route table names the policy instead of spelling the
// same four members on every route, and a policy that several routes of a domain share is named
// once in its routes file:
//
//     const route_policy account_change = json_or_empty_body(access::account, cache_kind::no_store, small_body);
//
// A preset states who, body, cache and rate like any policy; the constructors below take the
// members that vary as arguments without defaults, so nothing is left to an oversight here either.
// Each fixes `rate` to no_rate_limit: a route that a rate class guards spells its policy out.

// A request without a body (a read, a DELETE, an action its path names) that no rate class counts.
constexpr route_policy without_body(const access_level& who, cache_kind cache) noexcept {
    return {.who = who, .body = body_kind::none, .cache = cache, .rate = no_rate_limit};
}

// A request whose body is a JSON object of at most `max_body_bytes`, which no rate class counts.
constexpr route_policy json_body(const access_level& who, cache_kind cache, std::int64_t max_body_bytes) noexcept {
    return {.who = who, .body = body_kind::json, .cache = cache, .rate = no_rate_limit, .max_body_bytes = max_body_bytes};
}

// The same where an empty body reads as {} (a PATCH whose members are all optional).
constexpr route_policy json_or_empty_body(const access_level& who, cache_kind cache, std::int64_t max_body_bytes) noexcept {
    return {.who = who, .body = body_kind::json_or_empty, .cache = cache, .rate = no_rate_limit, .max_body_bytes = max_body_bytes};
}

// Public data anyone may read, answered fresh every time (a job, an organization, a search).
inline constexpr route_policy public_read = without_body(access::anyone, cache_kind::no_store);

// Public data that caches may keep as `cache` says (public_minute, public_hour or public_day): a
// place, a sitemap, a logo; or keep and ask again each time (public_revalidate): a job's data.
constexpr route_policy public_cached(cache_kind cache) noexcept { return without_body(access::anyone, cache); }

// A signed-in caller's request without a body (their own data, a DELETE, an action its path
// names), never stored by a cache.
inline constexpr route_policy signed_in_no_body = without_body(access::account, cache_kind::no_store);

// A signed-in caller's write with a small JSON body (a rating, a job alert, a message).
constexpr route_policy signed_in_json(std::int64_t max_body_bytes) noexcept {
    return json_body(access::account, cache_kind::no_store, max_body_bytes);
}

std::string_view access_name(const access_level& a) noexcept;
std::string_view body_kind_name(body_kind b) noexcept;
std::string_view cache_kind_name(cache_kind c) noexcept;
// What a route refuses besides its access level, for `jobhafen routes`: "other sites", "other
// sites' cookies", "impersonation", joined by ", ", or "–".
std::string route_refusals(const route_policy& p);
// The Cache-Control header of `c`; empty for by_handler.
std::string_view cache_control(cache_kind c) noexcept;
// The scope a route's API key needs, or "–" when the route accepts no key.
std::string_view key_scope_name(const route_policy& p) noexcept;
// Whether the pipeline reads credentials before the handler (not for anyone and account_on_demand).
bool reads_credentials(const access_level& a) noexcept;
// Whether `a` refuses a caller without credentials.
bool requires_account(const access_level& a) noexcept;
// Whether a caller of role `r` passes `a` (403 with a.refusal otherwise).
bool admits(const access_level& a, auth::role_id r) noexcept;

}  // namespace jh
