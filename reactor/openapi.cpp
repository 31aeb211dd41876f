// openapi.cpp: see openapi.h.
#include "reactor/openapi.h"

#include <cctype>
#include <map>
#include <set>
#include <vector>

#include "reactor/http_message.h"
#include "reactor/json_writer.h"
#include "reactor/route_policy.h"
#include "reactor/router.h"

namespace jh {

namespace {

// The names of the security schemes (components.securitySchemes) the operations name.
constexpr std::string_view oa_session_cookie = "sessionCookie";
constexpr std::string_view oa_session_token = "sessionToken";
constexpr std::string_view oa_api_key = "providerApiKey";

// What an integrator may call: the API and the feeds, without the operator's console, the
// diagnostics and bench routes (switched off in production), the content system's cache hook, the
// tracking webhook and the session refresh (the web app's own plumbing).
bool oa_documented(std::string_view path) {
    if (!path.starts_with("/api/") && !path.starts_with("/feeds/")) return false;
    for (std::string_view internal : {"/api/admin/", "/api/diagnostics/", "/api/bench/", "/api/xhr-cache/", "/api/webhook/", "/api/token/"})
        if (path.starts_with(internal)) return false;
    return true;
}

// The {name} segments of a pattern, in order.
std::vector<std::string_view> oa_path_parameters(std::string_view pattern) {
    std::vector<std::string_view> out;
    for (std::size_t open = pattern.find('{'); open != std::string_view::npos; open = pattern.find('{', open + 1)) {
        auto close = pattern.find('}', open);
        if (close == std::string_view::npos) break;
        out.push_back(pattern.substr(open + 1, close - open - 1));
    }
    return out;
}

std::string oa_lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// "get_api_organizations_id_job_postings": the method and the path's letters and digits, each
// other run of characters one '_'; made unique with the route's position where two would meet.
std::string oa_operation_id(const route& rt, std::set<std::string>& taken) {
    std::string id = oa_lower(method_name(rt.method));
    bool gap = true;
    for (char c : rt.pattern) {
        if (std::isalnum(static_cast<unsigned char>(c))) {
            if (gap) id += '_';
            id += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            gap = false;
        } else {
            gap = true;
        }
    }
    if (!taken.insert(id).second) {
        id += "_" + std::to_string(rt.index);
        taken.insert(id);
    }
    return id;
}

void oa_write_security(json_writer& w, const route_policy& p) {
    const access_level& who = p.who;
    if (!reads_credentials(who) && who.reads != credentials::on_demand) {
        w.key("security").begin_array().end_array();   // public: no credentials read
        return;
    }
    w.key("security").begin_array();
    if (!requires_account(who)) w.begin_object().end_object();   // credentials are optional
    w.begin_object().key(oa_session_cookie).begin_array().end_array().end_object();
    w.begin_object().key(oa_session_token).begin_array().end_array().end_object();
    if (p.key) w.begin_object().key(oa_api_key).begin_array().value(p.key->name).end_array().end_object();
    w.end_array();
}

void oa_write_request_body(json_writer& w, const route_policy& p) {
    std::string_view media;
    switch (p.body.value) {
        case body_kind::none: return;
        case body_kind::json:
        case body_kind::json_or_empty: media = "application/json"; break;
        case body_kind::upload: media = "multipart/form-data"; break;
        case body_kind::raw: media = "*/*"; break;
    }
    w.key("requestBody").begin_object().member("required", p.body.value != body_kind::json_or_empty);
    w.key("content").begin_object().key(media).begin_object().key("schema").begin_object();
    if (media != "*/*") w.member("type", "object");
    w.end_object().end_object().end_object().end_object();
}

void oa_write_responses(json_writer& w) {
    w.key("responses").begin_object();
    w.key("2XX").begin_object().member("description", "Erfolg").end_object();
    w.key("default")
        .begin_object()
        .member("description", "Fehler: Status, deutsche Meldung und bei 422 die Verstöße je Feld")
        .key("content")
        .begin_object()
        .key("application/json")
        .begin_object()
        .key("schema")
        .begin_object()
        .member("$ref", "#/components/schemas/Error")
        .end_object()
        .end_object()
        .end_object()
        .end_object();
    w.end_object();
}

void oa_write_operation(json_writer& w, const route& rt, std::set<std::string>& taken) {
    const route_policy& p = rt.policy;
    w.key(oa_lower(method_name(rt.method))).begin_object();
    w.member("operationId", oa_operation_id(rt, taken));
    oa_write_security(w, p);
    oa_write_request_body(w, p);
    oa_write_responses(w);
    // What the table declares beyond OpenAPI's words, for a reader of `jobhafen routes`.
    w.member("x-jobhafen-access", access_name(p.who));
    w.member("x-jobhafen-rate", p.rate.get().name);
    w.member("x-jobhafen-cache", cache_kind_name(p.cache));
    if (p.key) w.member("x-jobhafen-key-scope", p.key->name);
    w.end_object();
}

void oa_write_components(json_writer& w) {
    w.key("components").begin_object();
    w.key("securitySchemes").begin_object();
    w.key(oa_session_cookie)
        .begin_object()
        .member("type", "apiKey")
        .member("in", "cookie")
        .member("name", auth::access_cookie)
        .member("description", "Die Sitzung einer angemeldeten Person im Browser (Cookie der Anmeldung).")
        .end_object();
    w.key(oa_session_token)
        .begin_object()
        .member("type", "http")
        .member("scheme", "bearer")
        .member("bearerFormat", "JWT")
        .member("description", "Das Zugriffstoken einer angemeldeten Person (POST /api/login).")
        .end_object();
    w.key(oa_api_key)
        .begin_object()
        .member("type", "http")
        .member("scheme", "bearer")
        .member("bearerFormat", "jhk_…")
        .member("description",
                "Ein API-Schlüssel eines Unternehmens (im Portal unter „API-Schlüssel“ angelegt). Er handelt für sein Unternehmen "
                "und erreicht nur die Endpunkte, deren Berechtigung er hat (jobs:read, jobs:write, applications:read).")
        .end_object();
    w.end_object();
    w.key("schemas").begin_object();
    w.key("Error")
        .begin_object()
        .member("type", "object")
        .key("required")
        .begin_array()
        .value("status")
        .value("message")
        .end_array()
        .key("properties")
        .begin_object()
        .key("status")
        .begin_object()
        .member("type", "integer")
        .end_object()
        .key("message")
        .begin_object()
        .member("type", "string")
        .end_object()
        .key("violations")
        .begin_object()
        .member("type", "array")
        .key("items")
        .begin_object()
        .member("type", "object")
        .key("properties")
        .begin_object()
        .key("propertyPath")
        .begin_object()
        .member("type", "string")
        .end_object()
        .key("message")
        .begin_object()
        .member("type", "string")
        .end_object()
        .end_object()
        .end_object()
        .end_object()
        .end_object()
        .end_object();
    w.end_object();
    w.end_object();
}

}  // namespace

std::string openapi_document(const router& r, const openapi_info& info) {
    // The paths in the table's order, each with its routes.
    std::vector<std::string_view> order;
    std::map<std::string_view, std::vector<const route*>> by_path;
    for (const auto& rt : r.routes()) {
        if (!oa_documented(rt->pattern)) continue;
        auto& list = by_path[rt->pattern];
        if (list.empty()) order.push_back(rt->pattern);
        list.push_back(rt.get());
    }
    std::string out;
    json_writer w(out);
    w.begin_object().member("openapi", "3.1.0");
    w.key("info").begin_object().member("title", info.title).member("version", info.version).member("description", info.description).end_object();
    w.key("paths").begin_object();
    std::set<std::string> taken;
    for (std::string_view path : order) {
        w.key(path).begin_object();
        auto params = oa_path_parameters(path);
        if (!params.empty()) {
            w.key("parameters").begin_array();
            for (std::string_view name : params)
                w.begin_object()
                    .member("name", name)
                    .member("in", "path")
                    .member("required", true)
                    .key("schema")
                    .begin_object()
                    .member("type", "string")
                    .end_object()
                    .end_object();
            w.end_array();
        }
        for (const route* rt : by_path[path]) oa_write_operation(w, *rt, taken);
        w.end_object();
    }
    w.end_object();
    oa_write_components(w);
    w.end_object();
    return out;
}

}  // namespace jh
