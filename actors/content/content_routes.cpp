// content_routes.cpp: the content API and the site services around it (docs/content.md).
//
//   GET    /api/content/menus                           the fixed menus and footers
//   GET    /api/content/pages/by-slug/{slug}            a page with its sections (?city=, ?activity=)
//   GET    /api/content/{collection}                    list (filters, sort, page, pageSize)
//   GET    /api/content/{collection}/count              {"count": N}
//   GET    /api/content/{collection}/{id}               one object
//   POST   /api/content/{collection}                    create      (administrators)
//   PUT    /api/content/{collection}/{id}               replace     (administrators)
//   DELETE /api/content/{collection}/{id}               delete      (administrators)
//   GET    /api/features                                toggles and experiments (?visitorId=, ?toggleX=)
//   GET    /api/xhr-cache/resource/{id}                 cached resources (Redis, 4 h)
//   GET    /api/xhr-cache/refresh/{id}?apiKey=          rebuild one resource
//   GET    /api/xhr-cache/{path...}                     a cached content API answer
//   GET    /_ipx/{modifiers}/content-images/{file}      resized content images
//   GET    /sitemap.xml, /sitemaps/{name}, /robots.txt
#include <sodium.h>

#include <string>

#include "actors/content/content_actor.h"
#include "actors/content/content_settings.h"
#include "actors/roles.h"
#include "actors/route.h"
#include "actors/route_table.h"
#include "actors/content/features.h"
#include "actors/content/menus.h"
#include "actors/content/xhr_cache_key.h"
#include "actors/route.h"
#include "reactor/auth.h"
#include "reactor/http_pipeline.h"
#include "reactor/json_writer.h"
#include "reactor/loop_context.h"
#include "reactor/router.h"
#include "reactor/try.h"

namespace jh {

namespace {

http_response json_answer(std::string body, int status = 200) {
    http_response res;
    res.status = status;
    res.body = std::move(body);
    return res;
}

// Visitors see active entries only; administrators see everything (the reads are anyone_or_account;
// the writes are for administrators alone, by their route policy).
bool is_admin(const request_context& ctx) { return ctx.caller && ctx.caller->account_role == auth::role::admin; }

std::optional<std::string> collection_of(request_context& ctx) {
    std::string c(ctx.req.param("collection"));
    if (!content::known_collection(c)) return std::nullopt;
    return c;
}

constexpr std::string_view msg_unknown_collection = "Diese Sammlung gibt es nicht.";

http_response unknown_collection() { return error_response(404, msg_unknown_collection); }

// What a list of a collection and its count both read: the collection (404 when unknown), the
// list query, and whether the caller sees drafts.
struct list_request {
    std::string collection;
    content::list_query query;
    bool admin = false;
};

result<list_request> read_list_request(request_context& ctx) {
    auto collection = collection_of(ctx);
    if (!collection) return fail(error_kind::not_found, std::string(msg_unknown_collection));
    auto query = content::parse_list_query(ctx.req);
    if (!query) return std::unexpected(query.error());
    return list_request{std::move(*collection), std::move(*query), is_admin(ctx)};
}

task<http_response> get_list(request_context& ctx, content_actor& content) {
    ROUTE_TRY(auto list, read_list_request(ctx));
    ROUTE_TRY(auto body, co_await content.find(std::move(list.collection), std::move(list.query), list.admin));
    co_return json_answer(std::move(body));
}

task<http_response> get_count(request_context& ctx, content_actor& content) {
    ROUTE_TRY(auto list, read_list_request(ctx));
    ROUTE_TRY(auto n, co_await content.count(std::move(list.collection), std::move(list.query), list.admin));
    http_response res;
    json_writer w(res.body);
    w.begin_object().member("count", n).end_object();
    co_return res;
}

task<http_response> get_one(request_context& ctx, content_actor& content) {
    auto collection = collection_of(ctx);
    if (!collection) co_return unknown_collection();
    ROUTE_TRY(auto id, path_id(ctx, "id", "Diesen Eintrag gibt es nicht."));
    const bool admin = is_admin(ctx);
    ROUTE_TRY(auto body, co_await content.find_one(std::move(*collection), id, admin));
    co_return json_answer(std::move(body));
}

task<http_response> get_page_by_slug(request_context& ctx, content_actor& content) {
    std::string slug(ctx.req.param("slug"));
    if (slug.empty() || slug.size() > 120) co_return error_response(404, "Diese Seite gibt es nicht.");
    ROUTE_TRY(auto body, co_await content.page_by_slug(std::move(slug), ctx.req.query_param("city"),
                                                               ctx.req.query_param("activity")));
    co_return json_answer(std::move(body));
}

task<http_response> post_entry(request_context& ctx, content_actor& content) {
    auto collection = collection_of(ctx);
    if (!collection) co_return unknown_collection();
    ROUTE_TRY(auto body, co_await content.create(std::move(*collection), ctx.req.body));
    co_return json_answer(std::move(body), 201);
}

task<http_response> put_entry(request_context& ctx, content_actor& content) {
    auto collection = collection_of(ctx);
    if (!collection) co_return unknown_collection();
    ROUTE_TRY(auto id, path_id(ctx, "id", "Diesen Eintrag gibt es nicht."));
    ROUTE_TRY(auto body, co_await content.update(std::move(*collection), id, ctx.req.body));
    co_return json_answer(std::move(body));
}

task<http_response> delete_entry(request_context& ctx, content_actor& content) {
    auto collection = collection_of(ctx);
    if (!collection) co_return unknown_collection();
    ROUTE_TRY(auto id, path_id(ctx, "id", "Diesen Eintrag gibt es nicht."));
    ROUTE_CHECK(co_await content.remove(std::move(*collection), id));
    co_return http_response::no_content();
}

task<http_response> get_menus(request_context&) {
    // Fixed data: written once per process, then shared by every answer.
    static const auto body = [] {
        std::string out;
        json_writer w(out);
        content::write_menus(w);
        return std::make_shared<const std::string>(std::move(out));
    }();
    http_response res;
    res.shared_body = body;
    co_return res;
}

task<http_response> get_features(request_context& ctx) {
    std::string visitor = ctx.req.query_param("visitorId").value_or("");
    if (visitor.empty())
        if (auto cookie = ctx.req.header("cookie"))
            if (auto v = auth::cookie_value(*cookie, "pb_visitor_id")) visitor = std::string(*v);
    if (visitor.size() > 128) co_return error_response(400, "visitorId ist zu lang.");
    http_response res;
    json_writer w(res.body);
    content::write_features(w, ctx.req, visitor, section<content_settings>(ctx.loop.cfg).special_offer_job_id);
    co_return res;
}

http_response cached(std::string body, bool hit) {
    http_response res = json_answer(std::move(body));
    res.header("X-Cache", hit ? "HIT" : "MISS");
    return res;
}

task<http_response> get_resource(request_context& ctx, content_actor& content) {
    std::string id(ctx.req.param("id"));
    ROUTE_TRY(auto r, co_await content.resource(std::move(id)));
    co_return cached(std::move(r.body), r.hit);
}

task<http_response> get_refresh(request_context& ctx, content_actor& content) {
    const std::string& key = section<content_settings>(ctx.loop.cfg).xhr_cache_api_key;
    auto given = ctx.req.query_param("apiKey");
    if (key.empty() || !given || given->size() != key.size() ||
        sodium_memcmp(given->data(), key.data(), key.size()) != 0)
        co_return error_response(403, "Der apiKey ist nicht gültig.");
    std::string id(ctx.req.param("id"));
    ROUTE_CHECK(co_await content.refresh(id));
    http_response res;
    json_writer w(res.body);
    w.begin_object().member("refreshed", id).end_object();
    co_return res;
}

// The cacheable paths: the content API and the shell's job totals, as a visitor sees them.
bool cacheable(std::string_view path) {
    return (path.starts_with("content/") && path.size() > 8) || path == "features" || path.starts_with("job_postings_totals");
}

task<http_response> get_cached_path(request_context& ctx, content_actor& content) {
    constexpr std::string_view prefix = "/api/xhr-cache/";
    std::string path = ctx.req.path.substr(prefix.size());
    if (!cacheable(path) || path.size() > 500 || ctx.req.query.size() > 500) co_return error_response(404, "resource not found");
    // The key (and the request made on a miss) holds only the parameters the resource reads.
    std::string query = content::xhr_cache_query(path, ctx.req.query);
    ROUTE_TRY(auto key, co_await content.path_cache_key(path, query));
    ROUTE_TRY(auto hit, co_await content.cache_get(key));
    if (hit) co_return cached(std::move(*hit), true);

    // A miss: the answer of the path itself, asked as a visitor (no credentials are passed on).
    http_request inner;
    inner.method = http_method::get;
    inner.target = "/api/" + path + (query.empty() ? "" : "?" + query);
    inner.path = "/api/" + path;
    inner.query = std::string_view(inner.target).substr(inner.path.size() + (query.empty() ? 0 : 1));
    inner.peer_ip = ctx.req.peer_ip;
    std::string raw_path = inner.path;
    route_match m = ctx.loop.shared.routes->match(http_method::get, raw_path, inner);
    // Only a route that answers visitors: the inner request carries no credentials.
    if (!m.found || std::string_view(m.found->pattern).starts_with(prefix) || requires_account(m.found->policy.who))
        co_return error_response(404, "resource not found");
    request_context inner_ctx{inner, ctx.loop};
    http_response res = co_await m.found->handler(inner_ctx);
    if (res.status != 200 || res.shared_body) co_return res;
    co_await content.cache_put(std::move(key), res.body);
    res.header("X-Cache", "MISS");
    co_return res;
}

task<http_response> get_ipx(request_context& ctx, content_actor& content) {
    ROUTE_TRY(auto r, media::parse_ipx(ctx.req.param("modifiers"), ctx.req.param("file")));
    ROUTE_TRY(auto img, co_await content.image(std::move(r)));
    http_response res;
    res.content_type = std::move(img.content_type);
    res.body = std::move(img.body);
    co_return res;
}

// Sources outside the content image folder.
task<http_response> refuse_ipx(request_context&) { co_return error_response(400, "Diese Bildquelle ist nicht erlaubt."); }

http_response xml_answer(result<std::string> body) {
    if (!body) return error_response(body.error());
    http_response res;
    res.content_type = "application/xml; charset=utf-8";
    res.body = std::move(*body);
    return res;
}

task<http_response> get_sitemap_index(request_context&, content_actor& content) { co_return xml_answer(co_await content.sitemap("")); }

task<http_response> get_sitemap(request_context& ctx, content_actor& content) {
    co_return xml_answer(co_await content.sitemap(std::string(ctx.req.param("name"))));
}

task<http_response> get_robots(request_context& ctx) {
    http_response res;
    res.content_type = "text/plain; charset=utf-8";
    res.body =
        "User-agent: *\n"
        "Allow: /\n"
        "Disallow: /api/\n"
        "Disallow: /mein\n"
        "Disallow: /meine-\n"
        "Disallow: /jobs-bewerbung/\n"
        "Disallow: /oauth\n"
        "\nSitemap: " + ctx.loop.cfg.http_public_origin + "/sitemap.xml\n";
    co_return res;
}

}  // namespace

void register_content_routes(router& r, actor_of<content_actor> content) {
    // Visitors see active entries, a signed-in administrator all of them (is_admin above).
    const route_policy entries_read = without_body(access::anyone_or_account, cache_kind::no_store);
    // The entry's JSON goes to the content actor as it came (ctx.req.body).
    const route_policy admin_write{.who = access::admin, .body = body_kind::raw, .cache = cache_kind::no_store, .rate = no_rate_limit};
    add_routes(r, content, {
        {http_method::get, "/api/content/menus", public_cached(cache_kind::public_hour), get_menus},
        {http_method::get, "/api/content/pages/by-slug/{slug}", public_read, get_page_by_slug},
        {http_method::get, "/api/content/{collection}", entries_read, get_list},
        {http_method::get, "/api/content/{collection}/count", entries_read, get_count},
        {http_method::get, "/api/content/{collection}/{id}", entries_read, get_one},
        {http_method::post, "/api/content/{collection}", admin_write, post_entry},
        {http_method::put, "/api/content/{collection}/{id}", admin_write, put_entry},
        {http_method::del, "/api/content/{collection}/{id}", without_body(access::admin, cache_kind::no_store), delete_entry},
        {http_method::get, "/api/features", public_read, get_features},
        {http_method::get, "/api/xhr-cache/resource/{id}", public_read, get_resource},
        {http_method::get, "/api/xhr-cache/refresh/{id}", public_read, get_refresh},
        // A cached path has up to seven segments ("content/pages/by-slug/home" has four).
        {http_method::get, "/api/xhr-cache/{a}", public_read, get_cached_path},
        {http_method::get, "/api/xhr-cache/{a}/{b}", public_read, get_cached_path},
        {http_method::get, "/api/xhr-cache/{a}/{b}/{c}", public_read, get_cached_path},
        {http_method::get, "/api/xhr-cache/{a}/{b}/{c}/{d}", public_read, get_cached_path},
        {http_method::get, "/api/xhr-cache/{a}/{b}/{c}/{d}/{e}", public_read, get_cached_path},
        {http_method::get, "/api/xhr-cache/{a}/{b}/{c}/{d}/{e}/{f}", public_read, get_cached_path},
        {http_method::get, "/api/xhr-cache/{a}/{b}/{c}/{d}/{e}/{f}/{g}", public_read, get_cached_path},
        {http_method::get, "/_ipx/{modifiers}/content-images/{file}", public_cached(cache_kind::public_day), get_ipx},
        {http_method::get, "/_ipx/{modifiers}/{source}", public_read, refuse_ipx},
        {http_method::get, "/_ipx/{modifiers}/{a}/{b}", public_read, refuse_ipx},
        {http_method::get, "/_ipx/{modifiers}/{a}/{b}/{c}", public_read, refuse_ipx},
        {http_method::get, "/sitemap.xml", public_cached(cache_kind::public_hour), get_sitemap_index},
        {http_method::get, "/sitemaps/{name}", public_cached(cache_kind::public_hour), get_sitemap},
        {http_method::get, "/robots.txt", public_cached(cache_kind::public_day), get_robots},
    });
}

}  // namespace jh
