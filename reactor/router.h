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

#include "reactor/http_message.h"
#include "reactor/task.h"

namespace jh {

struct loop_context;

// What a handler gets: the request and the loop it runs on (its actors, pools and clients).
struct request_context {
    http_request& req;
    loop_context& loop;
};

// A handler is any callable: a plain function, or a lambda made by actors/route.h that hands the
// handler its loop's actor (the route table is shared by all loops; the actor is per loop).
using handler_fn = std::function<task<http_response>(request_context&)>;

// Runs when the headers of a stream_body request are complete, before a byte of its body is read
// or stored: a response refuses the request (it is sent and the connection closed), nullopt lets
// the body in. The handler still checks everything itself; this only keeps strangers off the disk.
using body_gate_fn = task<std::optional<http_response>> (*)(request_context&);

struct route_options {
    std::int64_t max_body_bytes = 0;   // 0: the server default (http.max_body_bytes)
    // Uploads: the body goes to a file under var_dir/tmp while it arrives (reactor/body_spool.h),
    // and the handler reads http_request::body_file instead of body.
    bool stream_body = false;
    // The message of a 413 for this route (e.g. "Die Datei ist zu groß"); empty: the default.
    std::string_view too_large_message;
    // stream_body routes: who may send a body at all (required: router::add refuses a stream_body
    // route without one, e.g. auth::require_session in actors/accounts/authenticate.h), so no
    // upload reaches the disk without the route saying who may send it.
    body_gate_fn before_body = nullptr;
};

struct route {
    http_method method;
    std::string pattern;
    handler_fn handler;
    route_options options;
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
    void add(http_method m, std::string pattern, handler_fn h, route_options o = {});
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
