// openapi.h: the OpenAPI 3.1 document of the route table (GET /api/openapi.json; docs/reach.md,
// "Provider-API"). It is written from what every route declares (reactor/route_policy.h): its path
// and method, the path's parameters, who may call it (the security schemes: the session cookie,
// the session's bearer token, an organization's API key with the scope the route names), its body
// kind and limit, its rate class and caching. Nothing is written by hand beside the table, so the
// document cannot drift from the routes; the request and answer bodies are described only as JSON
// objects (their members are in docs/, per domain).
#pragma once

#include <string>
#include <string_view>

namespace jh {

class router;

struct openapi_info {
    std::string_view title;
    std::string_view version;
    std::string_view description;
};

// The document as JSON text: every route whose path starts with one of "/api/" or "/feeds/", in
// the table's order, grouped by path.
std::string openapi_document(const router& r, const openapi_info& info);

}  // namespace jh
