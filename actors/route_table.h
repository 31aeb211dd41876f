// route_table.h: a domain's routes as one table, a row a route, registered by one call; and the
// handlers that are nothing but one domain call on the thing the path names.
//
//     void register_billing_routes(router& r, actor_of<billing_actor> billing) {
//         add_routes(r, billing, {
//             {http_method::get, "/api/legacy_billing", signed_in_no_body, get_invoices},
//             {http_method::get, "/api/legacy_billing/print/{id}", signed_in_no_body, get_invoice_print},
//         });
//     }
//
// A row reads like a line of docs/routes.md: method, path, policy (reactor/route_policy.h: a preset
// or a policy the file names once), handler. The rows are added in their order, which is the order
// of `jobhafen routes` and the routes' metrics labels.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <type_traits>

#include "actors/route.h"
#include "reactor/http_message.h"
#include "reactor/json_writer.h"
#include "reactor/route_policy.h"
#include "reactor/router.h"
#include "reactor/task.h"
#include "reactor/try.h"

namespace jh {

// What a row runs: a handler of the domain's actor (it gets its loop's actor), or one that needs no
// actor (a static answer, a refusal).
template <typename A>
class route_handler {
public:
    using with_actor_fn = task<http_response> (*)(request_context&, A&);
    using alone_fn = task<http_response> (*)(request_context&);

    route_handler(with_actor_fn fn) noexcept : with_actor_(fn) {}   // NOLINT: implicit, a row names a function
    route_handler(alone_fn fn) noexcept : alone_(fn) {}             // NOLINT

    handler_fn bind(actor_of<A> actor) const {
        if (alone_) return alone_;
        return with_actor(actor, with_actor_);
    }

private:
    with_actor_fn with_actor_ = nullptr;
    alone_fn alone_ = nullptr;
};

// One route: method, path pattern, policy, handler. The policy has no default (route_policy.h).
template <typename A>
struct route_row {
    http_method method;
    std::string_view pattern;
    route_policy policy;
    route_handler<A> handler;
};

// Adds the rows in their order; each handler gets the loop's actor through `actor`.
template <typename A>
void add_routes(router& r, actor_of<A> actor, std::initializer_list<route_row<std::type_identity_t<A>>> rows) {
    for (const auto& row : rows) r.add(row.method, std::string(row.pattern), row.policy, row.handler.bind(actor));
}

// A signed-in caller's action that its path names (favor a job, pause a job alert): no body is read,
// and what a client sends anyway is bounded like a small form before it is ignored.
inline constexpr route_policy signed_in_action = signed_in_no_body.with_max_body(small_json_body);

// An organization member's request without a body on what their organization keeps (its jobs,
// applicants, shifts, team): the answer is private to them, never stored by a cache on the way.
// The role-bound presets live here, not in reactor/, which names no role.
inline constexpr route_policy provider_no_body = without_body(access::provider, cache_kind::private_no_store);

// The same for a candidate's own planning (their shifts, work limits, the calendar link).
inline constexpr route_policy candidate_no_body = without_body(access::candidate, cache_kind::private_no_store);

// ---- handlers that are one domain call on the path's {id} ------------------------------------------
//
// Many routes name a thing by its {id}, ask the actor about it as the signed-in caller and answer
// with what it returns; these spell those steps once. A malformed id is a 404, like an unknown one
// (path_id in route.h), and an error of the actor is answered by its status (http_pipeline.h).
//     {http_method::get, "/api/applications/{id}/messages", first_party_read,
//      json_by_path_id<&applications_actor::conversation, write_conversation>},

// `Ask(who, id)` answered by `Answer(value)` (an http_response built from the value).
template <auto Ask, auto Answer>
task<http_response> answer_by_path_id(request_context& ctx, typename method_owner<decltype(Ask)>::type& actor) {
    ROUTE_TRY(auto id, path_id(ctx));
    ROUTE_TRY(auto value, co_await (actor.*Ask)(ctx.who(), id));
    co_return Answer(std::move(value));
}

// `Ask(who, id)` answered with 200 and one JSON object written by `Write`.
template <auto Ask, auto Write>
task<http_response> json_by_path_id(request_context& ctx, typename method_owner<decltype(Ask)>::type& actor) {
    ROUTE_TRY(auto id, path_id(ctx));
    ROUTE_TRY(auto value, co_await (actor.*Ask)(ctx.who(), id));
    co_return json_response(200, value, Write);
}

// ---- handlers that answer a list ---------------------------------------------------------------------
//
// A list answers as a hydra collection (route.h): the members' JSON-LD type and how one is written
// are named once, beside the writer, and every list of that type uses them:
//     constexpr hydra_members<rating_view> rating_members{"OrganizationStarRating", write_rating};
//     {http_method::get, "/api/candidate_accounts/{id}/star_ratings", signed_in_no_body,
//      list_by_path_id<&ratings_actor::ratings_of_account, rating_members>},

template <typename T>
struct hydra_members {
    std::string_view type;
    void (*write_one)(json_writer&, const T&);
};

// `Ask(who, id)` answering a vector: all of it as one collection (the lists that are short by
// nature: an application's notes, an account's job alerts).
template <auto Ask, const auto& Members>
task<http_response> list_by_path_id(request_context& ctx, typename method_owner<decltype(Ask)>::type& actor) {
    ROUTE_TRY(auto id, path_id(ctx));
    ROUTE_TRY(auto list, co_await (actor.*Ask)(ctx.who(), id));
    co_return hydra_collection(Members.type, list, Members.write_one);
}

// The members of a list that lives inside the thing the path's {id} names (an organization's
// invitations, API keys, webhooks): their IRIs contain that id, so the writer is handed it.
template <typename T>
struct nested_hydra_members {
    std::string_view type;
    void (*write_one)(json_writer&, std::int64_t parent, const T&);
};

// `Ask(who, id)` answering a vector of what the path's {id} holds: all of it as one collection,
// each member written with the id.
//     {http_method::get, "/api/organizations/{id}/api_keys", provider_no_body,
//      nested_list_by_path_id<&accounts::accounts_actor::api_keys_of, api_key_members>},
template <auto Ask, const auto& Members>
task<http_response> nested_list_by_path_id(request_context& ctx, typename method_owner<decltype(Ask)>::type& actor) {
    ROUTE_TRY(auto id, path_id(ctx));
    ROUTE_TRY(auto list, co_await (actor.*Ask)(ctx.who(), id));
    co_return hydra_collection(Members.type, list, [&](json_writer& w, const auto& item) { Members.write_one(w, id, item); });
}

// `Ask(who, page, per_page)` answering {items, total}: a page (?page=&itemsPerPage=, read_paging)
// of the signed-in caller's own list.
template <auto Ask, const auto& Members>
task<http_response> own_list_page(request_context& ctx, typename method_owner<decltype(Ask)>::type& actor) {
    ROUTE_TRY(auto p, read_paging(ctx));
    ROUTE_TRY(auto list, co_await (actor.*Ask)(ctx.who(), p.page, p.per_page));
    co_return hydra_collection(Members.type, list.items, list.total, Members.write_one);
}

}  // namespace jh
