// http_pipeline.cpp: see http_pipeline.h.
#include "reactor/http_pipeline.h"

#include <spdlog/spdlog.h>

#include <algorithm>

#include "reactor/answer_cache.h"
#include "reactor/auth.h"
#include "reactor/body_stream.h"
#include "reactor/client_key.h"
#include "reactor/compress.h"
#include "reactor/json_body.h"
#include "reactor/json_writer.h"
#include "reactor/loop_context.h"
#include "reactor/page_head.h"
#include "reactor/rate_window.h"
#include "reactor/static_files.h"

namespace jh {

namespace {

// Sent with every HTML page: the app loads only its own scripts and may not be framed.
constexpr std::string_view content_security_policy =
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; "
    "font-src 'self'; connect-src 'self'; media-src 'self' blob:; object-src 'none'; base-uri 'self'; "
    "form-action 'self'; frame-ancestors 'none'";

bool has_header(const http_response& res, std::string_view name) {
    for (const auto& h : res.headers) {
        if (h.name.size() != name.size()) continue;
        bool same = true;
        for (std::size_t i = 0; i < name.size() && same; ++i)
            same = std::tolower(static_cast<unsigned char>(h.name[i])) == std::tolower(static_cast<unsigned char>(name[i]));
        if (same) return true;
    }
    return false;
}

bool is_api_path(std::string_view path) { return path == "/api" || path.starts_with("/api/"); }

bool compressible(std::string_view content_type) {
    return content_type.starts_with("application/json") || content_type.starts_with("text/") ||
           content_type.starts_with("application/ld+json") || content_type.starts_with("application/xml") ||
           content_type.starts_with("image/svg+xml") || content_type.starts_with("application/manifest+json");
}

// A path that tries to climb out of the web root. Lookups are by table key anyway; answering
// these with 404 (not the app's index.html) makes the refusal visible.
bool is_traversal(std::string_view path) {
    if (path.find('\\') != std::string_view::npos || path.find('\0') != std::string_view::npos) return true;
    std::size_t pos = 0;
    while ((pos = path.find("..", pos)) != std::string_view::npos) {
        bool starts_segment = pos == 0 || path[pos - 1] == '/';
        bool ends_segment = pos + 2 == path.size() || path[pos + 2] == '/';
        if (starts_segment && ends_segment) return true;
        pos += 2;
    }
    return false;
}

// "/assets/x.js" or "/favicon.ico": a request for a file, not an app route.
bool looks_like_file(std::string_view path) {
    if (path.starts_with("/assets/")) return true;
    auto slash = path.rfind('/');
    std::string_view last = path.substr(slash + 1);
    auto dot = last.rfind('.');
    return dot != std::string_view::npos && dot + 1 < last.size() && last.size() - dot <= 12;
}

http_response serve_static(const loop_context& loop, const http_request& req) {
    if (is_traversal(req.path)) return error_response(404, {});
    const static_files& files = *loop.shared.files;
    const static_file* f = files.find(req.path);
    if (!f) {
        if (looks_like_file(req.path)) return error_response(404, {});
        f = files.index_html();   // an app route: the React app decides what to show
        if (!f) return error_response(404, "Die Web-App ist nicht gebaut (npm run build in web/).");
    }
    http_response res;
    res.content_type = f->content_type;
    res.header("ETag", f->etag);
    res.header("Cache-Control", f->immutable ? "public, max-age=31536000, immutable" : "no-cache");
    if (auto inm = req.header("if-none-match"); inm && inm->find(f->etag) != std::string_view::npos) {
        res.status = 304;
        return res;
    }
    auto ae = req.header("accept-encoding").value_or("");
    if (f->brotli && accepts_encoding(ae, "br")) {
        res.shared_body = f->brotli;
        res.header("Content-Encoding", "br");
    } else if (f->gzip && accepts_encoding(ae, "gzip")) {
        res.shared_body = f->gzip;
        res.header("Content-Encoding", "gzip");
    } else {
        res.shared_body = f->body;
    }
    if (f->gzip || f->brotli) res.header("Vary", "Accept-Encoding");
    return res;
}

// index.html with the page's head (and its main content, when the domain drew it), revalidated
// every time (no-cache) against its ETag.
http_response page_with_head(const static_file& index, const page_head& head, std::string_view main_html,
                             std::string_view banner) {
    http_response res;
    res.status = head.status;
    res.content_type = index.content_type;
    res.body = with_before_body_end(with_main_content(render_with_head(*index.body, head.html), main_html), banner);
    res.header("Cache-Control", "no-cache");
    return res;
}

// What a kept page was made of: the head object (fresh as long as the provider hands out the same
// one), the shell and the banner. Held, not only compared, so no address is reused meanwhile.
struct page_parts {
    std::shared_ptr<const page_head> head;
    std::shared_ptr<const std::string> shell, banner;
    bool same(const page_parts& o) const noexcept { return head == o.head && shell == o.shell && banner == o.banner; }
};

// The finished pages of this loop's thread (every loop runs on a thread of its own), by path, whether
// the main content is drawn, and the banner: made once per head object instead of per request (the
// splice and the compression were most of a page's cost). 12 MB per loop; emptied when full.
answer_cache& kept_pages() {
    thread_local answer_cache pages{12u << 20};
    return pages;
}

http_response kept_page(const http_request& req, const static_file& shell, page_parts parts, bool drawn) {
    std::string key(req.path);
    key += drawn ? "\n1" : "\n0";
    key += parts.banner ? "b" : "-";   // which banner follows from the path
    const auto now = std::chrono::steady_clock::now();
    constexpr answer_freshness by_parts{std::chrono::hours(24), std::chrono::hours(24)};   // the parts decide
    answer_cache& pages = kept_pages();
    constexpr std::uint64_t by_parts_version = 1;   // the parts decide, not a version
    if (const kept_answer* kept = pages.find(key, by_parts_version, by_parts, now);
        kept && static_cast<const page_parts*>(kept->made_from.get())->same(parts))
        return answer_from(*kept, req);
    const page_head& head = *parts.head;
    http_response res = page_with_head(shell, head, drawn ? std::string_view(head.main_html) : std::string_view{},
                                       parts.banner ? std::string_view(*parts.banner) : std::string_view{});
    auto made_from = std::make_shared<const page_parts>(std::move(parts));
    if (const kept_answer* kept = pages.keep(std::move(key), by_parts_version, res, now, std::chrono::steady_clock::time_point::max(), made_from))
        return answer_from(*kept, req);
    return res;
}

// The page drawn at build time for an app route (web/scripts/prerender.mjs writes
// dist/prerendered/<path>.html, "/" as prerendered/index.html), or index.html when there is none.
const static_file& shell_for(const static_files& files, const static_file& index, std::string_view path) {
    std::string name = path == "/" ? std::string("/prerendered/index.html") : "/prerendered" + std::string(path) + ".html";
    const static_file* drawn = files.find(name);
    return drawn ? *drawn : index;
}

std::string_view default_message(int status) {
    switch (status) {
        case 400: return "Die Anfrage ist fehlerhaft.";
        case 401: return "Bitte melde dich an.";
        case 403: return "Dafür fehlt dir die Berechtigung.";
        case 404: return "Die Seite wurde nicht gefunden.";
        case 405: return "Diese Methode ist hier nicht erlaubt.";
        case 408: return "Die Anfrage kam nicht rechtzeitig an.";
        case 409: return "Das gibt es bereits.";
        case 410: return "Das ist nicht mehr verfügbar.";
        case 413: return "Die Anfrage ist zu groß.";
        case 417: return "Diese Erwartung kann nicht erfüllt werden.";
        case 422: return "Die Eingaben sind nicht gültig.";
        case 429: return "Zu viele Anfragen. Bitte versuche es später noch einmal.";
        case 431: return "Die Kopfzeilen der Anfrage sind zu groß.";
        case 503: return "Der Dienst ist gerade nicht erreichbar. Bitte versuche es gleich noch einmal.";
        case 505: return "Diese HTTP-Version wird nicht unterstützt.";
        default: return "Ein interner Fehler ist aufgetreten.";
    }
}

}  // namespace

int status_of(error_kind k) noexcept {
    switch (k) {
        case error_kind::bad_request: return 400;
        case error_kind::unauthorized: return 401;
        case error_kind::forbidden: return 403;
        case error_kind::not_found: return 404;
        case error_kind::method_not_allowed: return 405;
        case error_kind::conflict: return 409;
        case error_kind::gone: return 410;
        case error_kind::payload_too_large: return 413;
        case error_kind::validation: return 422;
        case error_kind::too_many_requests: return 429;
        case error_kind::unavailable: return 503;
        case error_kind::internal: return 500;
    }
    return 500;
}

http_response error_response(const app_error& e) {
    int status = status_of(e.kind);
    http_response res;
    res.status = status;
    json_writer w(res.body);
    w.begin_object();
    w.member("status", status);
    w.member("message", e.message.empty() ? default_message(status) : std::string_view(e.message));
    if (!e.violations.empty()) {
        w.key("violations").begin_array();
        for (const auto& v : e.violations)
            w.begin_object().member("propertyPath", v.property_path).member("message", v.message).end_object();
        w.end_array();
    }
    w.end_object();
    if (e.retry_after_s > 0) res.header("Retry-After", std::to_string(e.retry_after_s));
    else if (status == 503) res.header("Retry-After", "1");
    return res;
}

http_response error_response(int status, std::string_view message) {
    http_response res;
    res.status = status;
    json_writer w(res.body);
    w.begin_object().member("status", status).member("message", message.empty() ? default_message(status) : message).end_object();
    return res;
}

namespace {

// A key passes only a route that declares a scope (401 elsewhere: the key is no credential there, as
// an unknown token is none) and only with that scope among its own (403, RFC 6750 insufficient_scope).
std::optional<http_response> check_key_scope(const auth::identity& caller, const route_policy& policy) {
    if (!policy.key) return error_response(401, key_not_accepted);
    if ((caller.api_scopes & policy.key->bit) == 0)
        return error_response(403, "Diesem API-Schlüssel fehlt die Berechtigung „" + std::string(policy.key->name) + "“.");
    return std::nullopt;
}

// Every request made with a key counts against the key's own window, whatever address it comes
// from (an integration that runs on many machines has one budget), the refused ones too: a key
// that keeps asking for what it may not do costs a lookup each time.
task<std::optional<http_response>> limit_key_rate(request_context& ctx, const auth::identity& caller) {
    const rate_class* rate = caller.key_rate;
    if (!rate || !rate->limit) co_return std::nullopt;
    const int limit = rate->limit(ctx.loop);
    auto window = co_await count_in_window(ctx.loop.redis, std::string(rate->key_prefix) + std::to_string(caller.api_key_id), rate->window_s);
    if (!window) co_return error_response(window.error());
    if (window->count <= limit) co_return std::nullopt;
    if (window->count == limit + 1) spdlog::warn("rate class {}: API key {} reached its limit of {} in {} s", rate->name, caller.api_key_id, limit, rate->window_s);
    app_error refused = app_error::make(error_kind::too_many_requests, std::string(rate->message));
    refused.retry_after_s = std::max(window->seconds_left, 1);
    co_return error_response(refused);
}

}  // namespace

task<std::optional<http_response>> authenticate_caller(request_context& ctx, const route_policy& policy) {
    const access_level& who = policy.who.value;
    if (!reads_credentials(who)) co_return std::nullopt;
    if (auth::repeated_authorization(ctx.req)) co_return error_response(400, std::string(auth::repeated_authorization_refusal));
    authenticator_fn authenticate = current_authenticator();
    // A table with credentialed routes and nobody to check them is a wiring mistake, never an open door.
    if (!authenticate) co_return error_response(500, {});
    auto caller = co_await authenticate(ctx, who);
    if (!caller) co_return error_response(caller.error());
    // A key first: its window, then the route's scope (401 where no scope is declared, whatever the
    // route's role), so the role's refusal below is a person's answer only.
    if (*caller && (*caller)->by_api_key()) {
        if (auto refused = co_await limit_key_rate(ctx, **caller)) co_return std::move(*refused);
        if (auto refused = check_key_scope(**caller, policy)) co_return std::move(*refused);
    }
    // What only the person may do is refused to an impersonating administrator whatever the role.
    if (*caller && (*caller)->impersonating() && !policy.impersonation_refusal.empty())
        co_return error_response(403, policy.impersonation_refusal);
    // The role of the identity after impersonation: an administrator acting as a candidate is one.
    if (*caller && !admits(who, (*caller)->account_role)) co_return error_response(403, who.refusal);
    ctx.caller = std::move(*caller);
    co_return std::nullopt;
}

task<result<std::optional<auth::identity>>> ask_caller(request_context& ctx) {
    if (auth::repeated_authorization(ctx.req)) co_return fail(error_kind::bad_request, std::string(auth::repeated_authorization_refusal));
    authenticator_fn authenticate = current_authenticator();
    if (!authenticate) co_return fail(error_kind::internal, "");
    auto caller = co_await authenticate(ctx, access::anyone_or_account);
    // A route that asks on demand declares no key scope: a key is no person to personalize for.
    if (caller && *caller && (*caller)->by_api_key()) co_return fail(error_kind::unauthorized, std::string(key_not_accepted));
    co_return caller;
}

namespace {

// The route policy's `rate`: this request counts against its client's window of the class, and is
// refused once the window holds more than the limit. Counted before the body is parsed, so a
// malformed body is not a free request; after `who`, so a refused caller costs no count.
task<std::optional<http_response>> limit_rate(request_context& ctx, const rate_class& rate) {
    if (!rate.limit) co_return std::nullopt;
    const int limit = rate.limit(ctx.loop);
    std::string client = client_key(ctx.req.peer_ip);
    auto window = co_await count_in_window(ctx.loop.redis, std::string(rate.key_prefix) + client, rate.window_s);
    if (!window) co_return error_response(window.error());
    if (window->count <= limit) co_return std::nullopt;
    // Once per window, not once per refused request: a flood must not flood the log as well.
    if (window->count == limit + 1)
        spdlog::warn("rate class {}: client {} reached its limit of {} in {} s", rate.name, client, limit, rate.window_s);
    app_error refused = app_error::make(error_kind::too_many_requests, std::string(rate.message));
    refused.retry_after_s = std::max(window->seconds_left, 1);
    co_return error_response(refused);
}

// The route policy's `body`: the JSON object into ctx.body (400 malformed or not an object, 422 an
// overlong string: reactor/json_body.h).
std::optional<http_response> read_body(request_context& ctx, body_kind kind) {
    if (kind != body_kind::json && kind != body_kind::json_or_empty) return std::nullopt;
    if (kind == body_kind::json_or_empty && ctx.req.body.empty()) ctx.req.body = "{}";
    auto body = parse_json_object(ctx.req, ctx.parser);
    if (!body) return error_response(body.error());
    ctx.body = *body;
    return std::nullopt;
}

// The route policy's `cache` on a successful answer that did not choose its own.
void apply_cache(http_response& res, cache_kind kind) {
    if (res.status < 200 || res.status >= 300 || has_header(res, "Cache-Control")) return;
    if (auto value = cache_control(kind); !value.empty()) res.header("Cache-Control", std::string(value));
}

// Whether the request carries one of our session cookies, not empty.
bool carries_session_cookie(const http_request& req) {
    auto header = req.header("cookie");
    if (!header) return false;
    for (std::string_view name : {auth::access_cookie, auth::refresh_cookie})
        if (auto v = auth::cookie_value(*header, name); v && !v->empty()) return true;
    return false;
}

// The route policy's `from`: a request another site's page started, where the route takes only ours;
// a request with our cookies that does not show it came from our pages, where a cookie authenticates.
std::optional<http_response> check_origin(const request_context& ctx, page_origin from) {
    const std::string_view ours = ctx.loop.cfg.http_public_origin;
    const bool refused = (from == page_origin::ours && auth::sent_by_other_site(ctx.req, ours)) ||
                         (from == page_origin::ours_with_cookies && carries_session_cookie(ctx.req) && !auth::is_same_origin(ctx.req, ours));
    if (refused) return error_response(403, foreign_page_refusal);
    return std::nullopt;
}

task<http_response> run_route(loop_context& loop, http_request& req, const route& r) {
    request_context ctx{req, loop};
    if (auto refused = check_origin(ctx, r.policy.from)) co_return std::move(*refused);
    if (auto refused = co_await authenticate_caller(ctx, r.policy)) co_return std::move(*refused);
    if (auto refused = co_await limit_rate(ctx, r.policy.rate.get())) co_return std::move(*refused);
    if (auto refused = read_body(ctx, r.policy.body)) co_return std::move(*refused);
    http_response res = co_await r.handler(ctx);
    apply_cache(res, r.policy.cache);
    co_return res;
}

}  // namespace

task<http_response> handle_request(loop_context& loop, http_request& req, const route_match& match) {
    if (match.found) co_return co_await run_route(loop, req, *match.found);
    if (match.path_known) {
        http_response res = error_response(405, {});
        res.header("Allow", match.allow);
        co_return res;
    }
    if (is_api_path(req.path)) co_return error_response(404, {});
    if (req.method == http_method::get || req.method == http_method::head) {
        // An app route (not a file): the page's own head when a provider knows one (page_head.h).
        if (auto provider = current_page_head_provider(); provider && !is_traversal(req.path) && !looks_like_file(req.path)) {
            const static_files& files = *loop.shared.files;
            const static_file* index = files.index_html();
            if (index && (req.path == "/" || !files.find(req.path))) {
                // Only a page that is there (200) gets its prerendered content; a 404 or 410 keeps the app's.
                if (auto head = co_await provider(loop, req)) {
                    const bool providers = req.path == "/recruiting" || req.path.starts_with("/recruiting/");
                    const static_file* banner = providers ? files.find(consent_banner_organization_file) : nullptr;
                    if (!banner) banner = files.find(consent_banner_file);
                    std::shared_ptr<const std::string> banner_html;
                    if (banner && !auth::cookie_value(req.header("cookie").value_or(""), consent_cookie)) banner_html = banner->body;
                    const static_file& shell = head->status == 200 ? shell_for(files, *index, req.path) : *index;
                    // The server's drawing is of the page without a query (no filters, no paging).
                    bool drawn = head->status == 200 && &shell == index && req.query.empty();
                    co_return kept_page(req, shell, page_parts{std::move(head), shell.body, std::move(banner_html)}, drawn);
                }
            }
        }
        co_return serve_static(loop, req);
    }
    http_response res = error_response(405, {});
    res.header("Allow", "GET, HEAD");
    co_return res;
}

void finish_response(const http_request& req, http_response& res) {
    const bool html = res.content_type.starts_with("text/html");
    // A download (an invoice, a data export) is a private file even where its route forgot to say so.
    if (is_api_path(req.path) && !has_header(res, "Cache-Control"))
        res.header("Cache-Control", has_header(res, "Content-Disposition") ? "private, no-store" : "no-store");
    res.header("X-Content-Type-Options", "nosniff");
    if (!req.request_id.empty()) res.header("X-Request-Id", req.request_id);
    if (html) {
        res.header("Content-Security-Policy", std::string(content_security_policy));
        res.header("Referrer-Policy", "strict-origin-when-cross-origin");
        res.header("X-Frame-Options", "DENY");
        res.header("Permissions-Policy", "camera=(), microphone=(), geolocation=(self)");
    }
    // A streamed body is compressed as it streams (reactor/body_stream.h).
    if (res.stream && res.status == 200 && compressible(res.content_type) && !has_header(res, "Content-Encoding") &&
        accepts_encoding(req.header("accept-encoding").value_or(""), "gzip")) {
        res.stream = gzip_stream(std::move(res.stream));
        res.header("Content-Encoding", "gzip");
    }
    if (res.stream && compressible(res.content_type) && !has_header(res, "Vary")) res.header("Vary", "Accept-Encoding");
    // Compress answers built at request time; static files bring their own compressed forms.
    if (!res.stream && !res.shared_body && res.body.size() > 1024 && compressible(res.content_type) &&
        !has_header(res, "Content-Encoding") && accepts_encoding(req.header("accept-encoding").value_or(""), "gzip")) {
        if (auto gz = gzip_compress(res.body)) {
            res.body = std::move(*gz);
            res.header("Content-Encoding", "gzip");
            res.header("Vary", "Accept-Encoding");
        }
    }
}

}  // namespace jh
