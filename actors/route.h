// route.h: what every route handler needs besides its one domain call.
//
// A route declares its policy (reactor/route_policy.h) and the pipeline enforces it before the
// handler runs, so a handler is its domain call and little else:
//
//     task<http_response> post_apply(request_context& ctx, applications_actor& applications) {
//         ROUTE_TRY(auto job, path_id(ctx));                                  // 404 for a bad id
//         ROUTE_TRY(auto created, co_await applications.apply(ctx.who(), job, ctx.body));
//         co_return json_response(201, created, write_application);
//     }
//
//     void register_applications_routes(router& r, actor_of<applications_actor> applications) {
//         add_routes(r, applications, {
//             {http_method::post, "/api/job_postings/{id}/apply",
//              json_or_empty_body(access::account, cache_kind::no_store, small_json_body), post_apply},
//             …
//         });
//     }
//
// (actors/route_table.h: a domain's routes as one table of rows.)
//
// The route table is built once and shared by every loop, but each loop has its own actors, so a
// route carries a getter (actor_of<A>) that app/ hands to the domain's register function; the
// handler receives its loop's actor as an argument and never looks actors up itself.
#pragma once

#include <simdjson.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "actors/roles.h"
#include "reactor/app_error.h"
#include "reactor/http_message.h"
#include "reactor/http_pipeline.h"
#include "reactor/json_writer.h"
#include "reactor/router.h"
#include "reactor/task.h"
#include "reactor/try.h"

namespace jh {

struct loop_context;

// How a route reaches its loop's actor of type A (made by app/, which alone knows every actor).
template <typename A>
using actor_of = A& (*)(loop_context&);

// A handler that takes its actor, bound to the getter: the route's handler_fn.
template <typename A>
handler_fn with_actor(actor_of<A> get, task<http_response> (*fn)(request_context&, A&)) {
    return [get, fn](request_context& ctx) { return fn(ctx, get(ctx.loop)); };
}

// The body limit of a route whose JSON body is a small form (a login, a rating, a contact message):
// 64 KiB, far above any such form, far below the server default meant for documents.
inline constexpr std::int64_t small_json_body = 64 * 1024;

// ---- reading the request --------------------------------------------------------------------------

// "12" → 12; anything but a positive decimal number without sign or spaces is nullopt.
std::optional<std::int64_t> parse_positive_id(std::string_view s) noexcept;

// The path parameter `name` as a positive id; a malformed one is a 404 (no such page), the same
// answer as an id that does not exist.
result<std::int64_t> path_id(const request_context& ctx, std::string_view name = "id");
// The same with the 404's words of the thing the path names ("Diese Stelle gibt es nicht.").
result<std::int64_t> path_id(const request_context& ctx, std::string_view name, std::string_view not_found);

// 12, "12" or "/api/organizations/12" → 12 (the spec's clients send IRIs and plain ids alike).
std::optional<std::int64_t> id_or_iri(simdjson::dom::element e) noexcept;

// The signed-in sender of a public route that only notes who it is (a tracking event's account, a
// job view left uncounted for the job's own organization): the account of a verified access token
// (signature and expiry only, no session lookup, so no I/O per page view); none without one.
// Attribution, never authorization: a route that grants something declares its `who`.
std::optional<std::int64_t> signed_in_account(const request_context& ctx);

// ?page=&itemsPerPage= of a list: page ≥ 1 (at most 100000), 1 ≤ itemsPerPage ≤ max_per_page;
// anything else is a 400 naming the parameter.
struct paging {
    int page = 1;
    int per_page = 20;
    std::int64_t offset() const noexcept { return static_cast<std::int64_t>(page - 1) * per_page; }
};
result<paging> read_paging(const request_context& ctx, int default_per_page = 20, int max_per_page = 100);

// ?name=1 or ?name=0 of a switch in the query (an import's dryRun, a job's publish): true for 1,
// false for 0 or none; anything else is a 400 "<name> muss 1 oder 0 sein.".
result<bool> query_switch(const request_context& ctx, std::string_view name);

// ---- handlers that are one domain call ------------------------------------------------------------

// The class of a member function pointer (the actor a generic handler is bound to).
template <typename M>
struct method_owner;
template <typename R, typename C, typename... Args>
struct method_owner<R (C::*)(Args...)> {
    using type = C;
};

// DELETE of the thing the path's {id} names: the actor's `Remove(who, id)` as the signed-in caller,
// 204 on success, the error's answer otherwise (404 for a malformed id, like an unknown one).
//     with_actor(ratings, delete_by_path_id<&ratings_actor::delete_rating>)
template <auto Remove>
task<http_response> delete_by_path_id(request_context& ctx, typename method_owner<decltype(Remove)>::type& actor) {
    ROUTE_TRY(auto id, path_id(ctx));
    ROUTE_CHECK(co_await (actor.*Remove)(ctx.who(), id));
    co_return http_response::no_content();
}

// The name of a path parameter as a template argument: "member" of .../{id}/members/{member}.
template <std::size_t N>
struct path_param_name {
    char text[N]{};
    constexpr path_param_name(const char (&s)[N]) {
        for (std::size_t i = 0; i < N; ++i) text[i] = s[i];
    }
    constexpr std::string_view view() const { return {text, N - 1}; }
};

// DELETE of a thing that lives inside the one the path's {id} names (an organization's member,
// invitation, API key, webhook): the actor's `Remove(who, id, child)` with the path's {Child} as the
// signed-in caller, 204 on success; a malformed id of either is a 404, like an unknown one.
//     delete_child_by_path_ids<&accounts::accounts_actor::remove_member, "member">
template <auto Remove, path_param_name Child>
task<http_response> delete_child_by_path_ids(request_context& ctx, typename method_owner<decltype(Remove)>::type& actor) {
    ROUTE_TRY(auto id, path_id(ctx));
    ROUTE_TRY(auto child, path_id(ctx, Child.view()));
    ROUTE_CHECK(co_await (actor.*Remove)(ctx.who(), id, child));
    co_return http_response::no_content();
}

// ---- writing the answer ---------------------------------------------------------------------------

// {"message": text} with `status`.
http_response message_response(int status, std::string_view text);

// One object written by `write` with `status`.
template <typename T, typename W>
http_response json_response(int status, const T& value, W write) {
    http_response res;
    res.status = status;
    json_writer w(res.body);
    write(w, value);
    return res;
}

// 201 of a resource just made: its JSON written by `write`, and its Location, the collection's path
// with its trailing slash (`collection`) and the new id.
template <typename T, typename W>
http_response created_response(std::string_view collection, std::int64_t id, const T& value, W write) {
    http_response res = json_response(201, value, std::move(write));
    res.header("Location", std::string(collection) + std::to_string(id));
    return res;
}

// A JSON document made elsewhere (PostgreSQL's jsonb of a resource) as the answer with `status`.
http_response json_text_response(int status, std::string body);

// A change to the thing the path's {id} names: the body read by `Read` (its 422 per field), then
// the actor's `Act(who, id, input)` as the signed-in caller; the JSON text it returns with `Status`.
//     with_actor(records, change_by_path_id<&read_objection, &time_records_actor::object, 201>)
template <auto Read, auto Act, int Status = 200>
task<http_response> change_by_path_id(request_context& ctx, typename method_owner<decltype(Act)>::type& actor) {
    ROUTE_TRY(auto id, path_id(ctx));
    ROUTE_TRY(auto input, Read(ctx.body));
    ROUTE_TRY(auto out, co_await (actor.*Act)(ctx.who(), id, std::move(input)));
    co_return json_text_response(Status, std::move(out));
}

// A hydra collection whose members come as one JSON array already written (PostgreSQL's
// jsonb_agg): {"@type":"hydra:Collection","hydra:member":[…],"hydra:totalItems":N, and of a page
// "page":P,"itemsPerPage":I, "@context":"/api/contexts/TYPE"}. `page` 0: the whole list.
http_response json_array_collection(std::string_view type, std::string_view items, std::int64_t total, int page = 0,
                                    int per_page = 0);

// The JSON-LD head every API resource starts with: opens its object and writes
// {"@id": iri_prefix + id, "@type": type, "id": id}. `iri_prefix` is the collection's path with its
// trailing slash ("/api/places/"); the caller writes the other members and closes the object.
json_writer& begin_resource(json_writer& w, std::string_view iri_prefix, std::string_view type, std::int64_t id);

// "key": [each of `items`]: a list of names (an API key's scopes, a webhook's events, an account's
// social providers) as a member of the object `w` has open.
template <typename Range>
json_writer& member_list(json_writer& w, std::string_view key, const Range& items) {
    w.key(key).begin_array();
    for (const auto& item : items) w.value(item);
    return w.end_array();
}

// A hydra collection: {"@type":"hydra:Collection","hydra:member":[…],"hydra:totalItems":N,
// "@context":"/api/contexts/TYPE"}.
template <typename T, typename W>
http_response hydra_collection(std::string_view type, const std::vector<T>& items, std::int64_t total, W write_one) {
    http_response res;
    json_writer w(res.body);
    w.begin_object().member("@type", "hydra:Collection").key("hydra:member").begin_array();
    for (const auto& item : items) write_one(w, item);
    w.end_array().member("hydra:totalItems", total);
    std::string context = "/api/contexts/";
    context += type;
    w.member("@context", context).end_object();
    return res;
}
// The whole list, its size the total.
template <typename T, typename W>
http_response hydra_collection(std::string_view type, const std::vector<T>& items, W write_one) {
    return hydra_collection(type, items, static_cast<std::int64_t>(items.size()), std::move(write_one));
}

}  // namespace jh
