// router.h: method + path pattern → handler.
//
// Patterns are literal segments and {name} parameters: "/api/job_postings/{id}". Literal segments
// win over parameters, so "/api/job_postings/slug/{slug}" and "/api/job_postings/{id}" coexist.
// An unknown path is 404; a known path with another method is 405 with an Allow header. Each
// domain registers its routes in actors/<domain>/*_routes.cpp; app/routes.cpp calls them all.
#pragma once

#include <array>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <simdjson.h>

#include "reactor/app_error.h"
#include "reactor/auth.h"
#include "reactor/http_message.h"
#include "reactor/route_policy.h"
#include "reactor/task.h"

namespace jh {

struct loop_context;

// What a handler gets: the request, the loop it runs on (its actors, pools and clients), and what
// the route's policy established before the handler ran (reactor/route_policy.h).
struct request_context {
    http_request& req;
    loop_context& loop;
    // The authenticated caller: always there for a route whose `who` requires an account; for
    // anyone_or_account only when credentials came; never read for anyone.
    std::optional<auth::identity> caller = {};
    // body_kind::json and json_or_empty: the request's JSON object (its document lives in parser).
    simdjson::dom::object body = {};
    simdjson::dom::parser parser{};   // allocates only when a body is parsed

    // The caller of a route whose policy requires an account.
    const auth::identity& who() const noexcept { return *caller; }
};

// A handler is any callable: a plain function, or a lambda made by actors/route.h that hands the
// handler its loop's actor (the route table is shared by all loops; the actor is per loop).
using handler_fn = std::function<task<http_response>(request_context&)>;

// How the pipeline authenticates the caller of a route, reading credentials as its policy's `who`
// says: app/ installs the accounts actor's check once, before any loop runs
// (actors/accounts/authenticate.h). nullopt: no credentials where none are required. The role
// check (access_level::roles) is the pipeline's, after this.
using authenticator_fn = task<result<std::optional<auth::identity>>> (*)(request_context&, const access_level&);
void set_authenticator(authenticator_fn fn) noexcept;
authenticator_fn current_authenticator() noexcept;

struct route {
    http_method method;
    std::string pattern;
    handler_fn handler;
    route_policy policy;
    int index = 0;                     // position in the table; the metrics label
    // Bit i: path segment i is a parameter whose value never goes into a log ({token}, {code};
    // reactor/log_redaction.h).
    std::uint32_t secret_segments = 0;
};

struct route_match {
    const route* found = nullptr;
    bool path_known = false;           // some route has this path but another method (405)
    std::string allow;                 // the Allow header value for a 405
};

class router {
public:
    // Every route declares its policy: route_policy has no default for who, body and cache.
    void add(http_method m, std::string pattern, route_policy policy, handler_fn h);
    // Matches the raw (still percent-encoded) path, so an encoded slash stays inside one
    // parameter; parameters are decoded into req.params on a match.
    route_match match(http_method m, std::string_view path, http_request& req) const;
    const std::vector<std::unique_ptr<route>>& routes() const noexcept { return routes_; }

    struct node;   // a path segment (defined in router.cpp)

private:
    struct node_deleter { void operator()(node*) const noexcept; };
    std::unique_ptr<node, node_deleter> root_;
    // Patterns without parameters, by their exact text: most requests are answered by one hash
    // lookup instead of a walk (a literal path always wins the walk, so the answer is the same).
    struct path_hash {
        using is_transparent = void;   // look up by string_view without building a string
        std::size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
    };
    std::unordered_map<std::string, const node*, path_hash, std::equal_to<>> exact_;
    std::vector<std::unique_ptr<route>> routes_;
};

}  // namespace jh
