// content_actor.cpp: see content_actor.h. Read in this order: list queries, pages by slug, writes,
// caches, page heads, sitemaps.
#include "actors/content/content_actor.h"

#include <simdjson.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <ctime>

#include "actors/jobs/jobs_actor.h"
#include "actors/organizations/organizations_actor.h"
#include "actors/content/menus.h"
#include "actors/content/sections.h"
#include "actors/content/seo.h"
#include "actors/jobs/job_json.h"
#include "actors/search/query_values.h"
#include "reactor/http_message.h"
#include "reactor/json_writer.h"
#include "reactor/loop_context.h"

namespace jh {

namespace content {

namespace {

constexpr std::string_view collections[] = {
    "activities", "articles", "article-categories", "article-tags", "cities", "events", "event-categories",
    "pages", "wikis", "seo-contents", "homepage-teaser-jobs", "homepage-job-cards"};

bool valid_field_name(std::string_view s) {
    if (s.empty() || s.size() > 64) return false;
    for (char c : s)
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')) return false;
    return true;
}

bool all_digits(std::string_view s) {
    if (s.empty() || s.size() > 15) return false;
    return std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

bool known_collection(std::string_view c) noexcept {
    return std::find(std::begin(collections), std::end(collections), c) != std::end(collections);
}

result<list_query> parse_list_query(const http_request& req) {
    if (auto e = search::query_bounds_violation(req.query)) return fail(error_kind::bad_request, std::move(*e));
    list_query q;
    std::string extra;
    json_writer w(extra);
    w.begin_object();
    bool any_extra = false;
    std::string_view rest = req.query;
    while (!rest.empty()) {
        auto amp = rest.find('&');
        std::string_view pair = rest.substr(0, amp);
        rest = amp == std::string_view::npos ? std::string_view{} : rest.substr(amp + 1);
        if (pair.empty()) continue;
        auto eq = pair.find('=');
        std::string name, value;
        if (!percent_decode(pair.substr(0, eq), name, true) ||
            !percent_decode(eq == std::string_view::npos ? std::string_view{} : pair.substr(eq + 1), value, true))
            return fail(error_kind::bad_request, "Die Anfrage ist fehlerhaft.");
        if (name == "page") {
            auto n = search::parse_int(value);
            if (!n || *n < 1 || *n > 100000) return fail(error_kind::bad_request, "page muss eine Zahl ab 1 sein.");
            q.page = static_cast<int>(*n);
        } else if (name == "pageSize") {
            auto n = search::parse_int(value);
            if (!n || *n < 1) return fail(error_kind::bad_request, "pageSize muss eine Zahl ab 1 sein.");
            q.page_size = static_cast<int>(std::min<std::int64_t>(*n, 100));
        } else if (name == "sort") {
            std::string_view f = value;
            if (f.starts_with('-')) f.remove_prefix(1);
            if (!valid_field_name(f)) return fail(error_kind::bad_request, "sort nennt kein gültiges Feld.");
            q.sort = value;
        } else if (name == "slug") {
            q.slug = value;
        } else if (name == "scope") {
            q.scope = value;
        } else if (name == "category") {
            q.category = value;
        } else if (name == "tag") {
            q.tag = value;
        } else if (name == "active" || name == "Active") {
            auto f = search::parse_flag(value);
            if (!f) return fail(error_kind::bad_request, "active muss true oder false sein.");
            q.active = *f;
        } else if (name == "_switch_user" || name.starts_with("utm_") || name.starts_with("mtm_")) {
            continue;   // campaign and session parameters are not filters
        } else {
            if (!valid_field_name(name)) return fail(error_kind::bad_request, "Unbekannter Filter: " + name);
            w.key(name);
            if (value == "true") w.value(true);
            else if (value == "false") w.value(false);
            else if (all_digits(value)) w.value(static_cast<std::int64_t>(std::stoll(value)));
            else w.value(value);
            any_extra = true;
        }
    }
    w.end_object();
    if (any_extra) q.data_filter = std::move(extra);
    return q;
}

}  // namespace content

namespace {

using namespace std::chrono_literals;
constexpr auto head_ttl = 60s;
constexpr auto job_section_ttl = 60s;
constexpr std::size_t head_cache_limit = 5000;

#define JH_ENTRY_JSON                                                                                                   \
    "(e.data || jsonb_build_object('id', e.id, 'slug', e.slug, 'active', e.active, 'position', e.position, 'createdAt', " \
    "e.created_at, 'updatedAt', e.updated_at, 'publishedAt', e.published_at))::text"

#define JH_ENTRY_WHERE                                                                                       \
    " WHERE e.collection = $1::text AND ($2::text IS NULL OR e.slug = $2::text)"                            \
    " AND ($3::boolean IS NULL OR e.active = $3::boolean)"                                                   \
    " AND ($4::text IS NULL OR e.scope = $4::text OR e.scope = 'both')"                                      \
    " AND ($5::text IS NULL OR e.category = $5::text) AND ($6::text IS NULL OR e.tags @> ARRAY[$6::text])"  \
    " AND ($7::jsonb IS NULL OR e.data @> $7::jsonb)"

// Sorting by a parameter keeps the text static; collections are small, so the sort is cheap.
constexpr const char* entries_find_sql =
    "SELECT " JH_ENTRY_JSON " FROM content_entries AS e" JH_ENTRY_WHERE
    " ORDER BY CASE WHEN $8::text = 'id' THEN e.id END, CASE WHEN $8::text = '-id' THEN e.id END DESC,"
    " CASE WHEN $8::text = 'slug' THEN e.slug END, CASE WHEN $8::text = '-slug' THEN e.slug END DESC,"
    " CASE WHEN $8::text IN ('title', 'name') THEN e.title END, CASE WHEN $8::text IN ('-title', '-name') THEN e.title END DESC,"
    " CASE WHEN $8::text = 'position' THEN e.position END, CASE WHEN $8::text = '-position' THEN e.position END DESC,"
    " CASE WHEN $8::text = 'publishedAt' THEN e.published_at END, CASE WHEN $8::text = '-publishedAt' THEN e.published_at END DESC,"
    " CASE WHEN $8::text = 'createdAt' THEN e.created_at END, CASE WHEN $8::text = '-createdAt' THEN e.created_at END DESC,"
    " CASE WHEN $8::text = 'updatedAt' THEN e.updated_at END, CASE WHEN $8::text = '-updatedAt' THEN e.updated_at END DESC,"
    " CASE WHEN $9::text IS NOT NULL AND NOT $10::boolean THEN e.data ->> $9::text END,"
    " CASE WHEN $9::text IS NOT NULL AND $10::boolean THEN e.data ->> $9::text END DESC,"
    " e.position, e.id LIMIT $11::int OFFSET $12::int";

constexpr const char* entries_count_sql = "SELECT count(*) FROM content_entries AS e" JH_ENTRY_WHERE;

constexpr const char* entry_by_id_sql =
    "SELECT " JH_ENTRY_JSON " FROM content_entries AS e WHERE e.collection = $1::text AND e.id = $2::bigint"
    " AND (e.active OR $3::boolean)";

constexpr const char* entry_by_slug_sql =
    "SELECT " JH_ENTRY_JSON " FROM content_entries AS e WHERE e.collection = $1::text AND e.slug = $2::text AND e.active";

#define JH_PAGE_JSON                                                                                                      \
    "jsonb_build_object('id', p.id, 'InternalTitle', p.internal_title, 'slug', p.slug, 'Active', p.active, 'scope', "    \
    "p.scope, 'views', p.views, 'show_seo_content', p.show_seo_content, 'meta', p.meta, 'seo_content_config', "          \
    "p.seo_content_config, 'position', p.position, 'createdAt', p.created_at, 'updatedAt', p.updated_at, 'publishedAt', " \
    "p.published_at)::text"

#define JH_PAGE_WHERE                                                                                             \
    " WHERE ($1::text IS NULL OR p.slug = $1::text) AND ($2::boolean IS NULL OR p.active = $2::boolean)"         \
    " AND ($3::text IS NULL OR p.scope = $3::text)"

constexpr const char* pages_find_sql =
    "SELECT " JH_PAGE_JSON " FROM content_pages AS p" JH_PAGE_WHERE
    " ORDER BY CASE WHEN $4::text = 'id' THEN p.id END, CASE WHEN $4::text = '-id' THEN p.id END DESC,"
    " CASE WHEN $4::text = 'slug' THEN p.slug END, CASE WHEN $4::text = '-slug' THEN p.slug END DESC,"
    " CASE WHEN $4::text IN ('InternalTitle', 'title') THEN p.internal_title END,"
    " CASE WHEN $4::text IN ('-InternalTitle', '-title') THEN p.internal_title END DESC,"
    " CASE WHEN $4::text = 'views' THEN p.views END, CASE WHEN $4::text = '-views' THEN p.views END DESC,"
    " CASE WHEN $4::text = 'publishedAt' THEN p.published_at END, CASE WHEN $4::text = '-publishedAt' THEN p.published_at END DESC,"
    " CASE WHEN $4::text = 'createdAt' THEN p.created_at END, CASE WHEN $4::text = '-createdAt' THEN p.created_at END DESC,"
    " CASE WHEN $4::text = 'updatedAt' THEN p.updated_at END, CASE WHEN $4::text = '-updatedAt' THEN p.updated_at END DESC,"
    " p.position, p.id LIMIT $5::int OFFSET $6::int";

constexpr const char* pages_count_sql = "SELECT count(*) FROM content_pages AS p" JH_PAGE_WHERE;

#define JH_PAGE_SECTIONS                                                                                         \
    "(SELECT coalesce(jsonb_agg(jsonb_build_object('__component', s.component) || s.body ORDER BY s.position),"  \
    " '[]') FROM content_page_sections AS s WHERE s.page_id = p.id)::text"

constexpr const char* page_by_id_sql =
    "SELECT " JH_PAGE_JSON ", " JH_PAGE_SECTIONS " FROM content_pages AS p WHERE p.id = $1::bigint AND (p.active OR $2::boolean)";
constexpr const char* page_by_slug_sql =
    "SELECT " JH_PAGE_JSON ", " JH_PAGE_SECTIONS " FROM content_pages AS p WHERE p.slug = $1::text AND p.active";
constexpr const char* page_meta_sql =
    "SELECT p.internal_title, p.meta::text, p.scope FROM content_pages AS p WHERE p.slug = $1::text AND p.active";

// ---- writes ------------------------------------------------------------------------------------------

#define JH_ENTRY_COLUMNS                                                                                          \
    "d->>'slug', left(coalesce(d->>'title', d->>'name', ''), 300), coalesce((d->>'active')::boolean, true),"      \
    " d->>'scope', coalesce(d->'article_category'->>'slug', d->'event_category'->>'slug'),"                       \
    " ARRAY(SELECT t->>'slug' FROM jsonb_array_elements(CASE WHEN jsonb_typeof(d->'article_tags') = 'array'"     \
    " THEN d->'article_tags' ELSE '[]'::jsonb END) AS t WHERE t->>'slug' IS NOT NULL),"                            \
    " coalesce((d->>'position')::int, 0),"                                                                         \
    " d - 'id' - 'slug' - 'active' - 'position' - 'createdAt' - 'updatedAt' - 'publishedAt',"                      \
    " coalesce((d->>'publishedAt')::timestamptz, now())"

constexpr const char* entry_insert_sql =
    "INSERT INTO content_entries AS e (slug, title, active, scope, category, tags, position, data, published_at, collection, edited)"
    " SELECT " JH_ENTRY_COLUMNS ", $1::text, true FROM (SELECT $2::jsonb AS d) AS s RETURNING " JH_ENTRY_JSON;

constexpr const char* entry_update_sql =
    "UPDATE content_entries AS e SET (slug, title, active, scope, category, tags, position, data, published_at) ="
    " (SELECT " JH_ENTRY_COLUMNS " FROM (SELECT $3::jsonb AS d) AS s), edited = true, updated_at = now()"
    " WHERE e.collection = $1::text AND e.id = $2::bigint RETURNING " JH_ENTRY_JSON;

constexpr const char* entry_delete_sql = "DELETE FROM content_entries WHERE collection = $1::text AND id = $2::bigint";

#define JH_PAGE_COLUMNS                                                                                      \
    "d->>'InternalTitle', d->>'slug', coalesce((d->>'Active')::boolean, true), coalesce(d->>'scope', 'candidate'),"  \
    " coalesce((d->>'show_seo_content')::boolean, false), coalesce(d->'meta', '{}'::jsonb),"                  \
    " coalesce(d->'seo_content_config', '{\"seo_contents\": []}'::jsonb), coalesce((d->>'position')::int, 0),"  \
    " coalesce((d->>'publishedAt')::timestamptz, now())"

constexpr const char* page_insert_sql =
    "INSERT INTO content_pages (internal_title, slug, active, scope, show_seo_content, meta, seo_content_config, position,"
    " published_at, edited) SELECT " JH_PAGE_COLUMNS ", true FROM (SELECT $1::jsonb AS d) AS s RETURNING id";

constexpr const char* page_update_sql =
    "UPDATE content_pages SET (internal_title, slug, active, scope, show_seo_content, meta, seo_content_config, position,"
    " published_at) = (SELECT " JH_PAGE_COLUMNS " FROM (SELECT $2::jsonb AS d) AS s), edited = true, updated_at = now()"
    " WHERE id = $1::bigint RETURNING id";

constexpr const char* page_sections_delete_sql = "DELETE FROM content_page_sections WHERE page_id = $1::bigint";
constexpr const char* page_sections_insert_sql =
    "INSERT INTO content_page_sections (page_id, position, component, body)"
    " SELECT $1::bigint, (t.ord - 1)::int, t.s->>'__component', t.s - '__component'"
    " FROM jsonb_array_elements($2::jsonb -> 'sections') WITH ORDINALITY AS t(s, ord)";
constexpr const char* page_delete_sql = "DELETE FROM content_pages WHERE id = $1::bigint";

app_error db_error(const pg::error& e) {
    if (e.unique_violation()) return app_error::make(error_kind::conflict, "Diesen Slug gibt es in dieser Sammlung schon.");
    // Bad casts (a date, a number) and CHECK constraints: the input was wrong.
    if (e.sqlstate.starts_with("22") || e.sqlstate == "23514" || e.sqlstate == "23502")
        return app_error::invalid({{"", "Die Eingaben sind nicht gültig: ein Feld hat das falsche Format."}});
    return e.to_app_error();
}

bool valid_slug(std::string_view s) {
    if (s.empty() || s.size() > 120 || s.front() == '-' || s.back() == '-') return false;
    for (std::size_t i = 0; i < s.size(); ++i) {
        char c = s[i];
        if (c == '-' && i > 0 && s[i - 1] == '-') return false;
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
    }
    return true;
}

constexpr std::string_view required_message = "Dieses Feld darf nicht leer sein";

// Checks a written object; every broken rule at once (422).
result<void> validate(std::string_view collection, simdjson::dom::object o) {
    std::vector<violation> v;
    std::string_view slug;
    if (o["slug"].get(slug)) v.push_back({"slug", std::string(required_message)});
    else if (!valid_slug(slug)) v.push_back({"slug", "Dieses Feld darf nur Kleinbuchstaben, Ziffern und Bindestriche enthalten"});
    auto check_bool = [&](const char* name) {
        simdjson::dom::element e;
        if (!o[name].get(e) && !e.is_bool() && !e.is_null()) v.push_back({name, "Dieses Feld muss wahr oder falsch sein"});
    };
    auto check_scope = [&](std::initializer_list<std::string_view> allowed) {
        simdjson::dom::element e;
        if (o["scope"].get(e) || e.is_null()) return;
        std::string_view s;
        if (e.get(s) || std::find(allowed.begin(), allowed.end(), s) == allowed.end())
            v.push_back({"scope", "Diesen Bereich gibt es nicht"});
    };
    simdjson::dom::element pos;
    if (!o["position"].get(pos) && !pos.is_int64() && !pos.is_null()) v.push_back({"position", "Dieses Feld muss eine ganze Zahl sein"});
    if (collection == "pages") {
        std::string_view title;
        if (o["InternalTitle"].get(title) || title.empty()) v.push_back({"InternalTitle", std::string(required_message)});
        else if (title.size() > 200) v.push_back({"InternalTitle", "Dieses Feld darf höchstens 200 Zeichen lang sein"});
        check_bool("Active");
        check_bool("show_seo_content");
        check_scope({"candidate", "organization"});
        simdjson::dom::element sections;
        if (!o["sections"].get(sections)) {
            if (!sections.is_array()) {
                v.push_back({"sections", "Dieses Feld muss eine Liste von Abschnitten sein"});
            } else {
                std::size_t i = 0;
                for (auto s : simdjson::dom::array(sections)) {
                    std::string_view component;
                    if (!s.is_object() || s["__component"].get(component) || !content::known_component(component))
                        v.push_back({"sections[" + std::to_string(i) + "].__component", "Diesen Abschnittstyp gibt es nicht"});
                    ++i;
                }
            }
        }
        for (const char* obj : {"meta", "seo_content_config"}) {
            simdjson::dom::element e;
            if (!o[obj].get(e) && !e.is_object()) v.push_back({obj, "Dieses Feld muss ein Objekt sein"});
        }
    } else {
        std::string_view title;
        bool has_title = !o["title"].get(title) && !title.empty();
        if (!has_title) has_title = !o["name"].get(title) && !title.empty();
        if (!has_title) v.push_back({collection == "activities" || collection == "cities" || collection.ends_with("categories") || collection == "article-tags" ? "name" : "title", std::string(required_message)});
        else if (title.size() > 300) v.push_back({"title", "Dieses Feld darf höchstens 300 Zeichen lang sein"});
        check_bool("active");
        check_scope({"candidate", "organization", "both"});
    }
    if (!v.empty()) return std::unexpected(app_error::invalid(std::move(v)));
    return {};
}

std::string path_prefix_of(std::string_view collection) {
    if (collection == "articles") return "/tipps-faq/";
    if (collection == "wikis") return "/wiki/";
    if (collection == "events") return "/messen-events/";
    if (collection == "cities") return "/jobs-stadt/";
    if (collection == "activities") return "/jobs-taetigkeit/";
    return "/";
}

// The versioned collections a cached path depends on.
std::vector<std::string> dependencies_of(std::string_view path) {
    constexpr std::string_view prefix = "content/";
    if (!path.starts_with(prefix)) return {};
    std::string_view rest = path.substr(prefix.size());
    std::string collection(rest.substr(0, rest.find('/')));
    if (collection == "pages") return {"pages", "cities", "activities", "seo-contents"};
    if (collection == "menus") return {};
    return {collection};
}

std::string version_key(std::string_view collection) { return "jobhafen:content-version:" + std::string(collection); }
std::string resource_key(std::string_view id) { return "jobhafen:xhr-cache:resource:" + std::string(id); }

struct subject {
    std::string slug, name, description, content;
    std::vector<std::string> activity_keys;
    double lat = 0, lon = 0;
    int distance = 50000;
    std::string json;   // the entry as JSON
};

std::optional<subject> read_subject(std::string json) {
    simdjson::dom::parser parser;
    simdjson::dom::element e;
    if (parser.parse(json).get(e)) return std::nullopt;
    subject s;
    std::string_view v;
    if (!e["slug"].get(v)) s.slug = v;
    if (!e["name"].get(v) || !e["title"].get(v)) s.name = v;
    if (!e["description"].get(v)) s.description = v;
    if (!e["content"].get(v)) s.content = v;
    simdjson::dom::array keys;
    if (!e["activity_keys"].get(keys))
        for (auto k : keys)
            if (!k.get(v)) s.activity_keys.emplace_back(v);
    if (s.activity_keys.empty()) s.activity_keys.push_back(s.slug);
    double d = 0;
    if (!e["latitude"].get(d)) s.lat = d;
    if (!e["longitude"].get(d)) s.lon = d;
    std::int64_t dist = 0;
    if (!e["distance"].get(dist) && dist >= 10000 && dist <= 500000) s.distance = static_cast<int>(dist);
    s.json = std::move(json);
    return s;
}

std::string today_utc() {
    std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char buf[16];
    std::strftime(buf, sizeof buf, "%Y-%m-%d", &tm);
    return buf;
}

}  // namespace

content_actor::content_actor(loop_context& loop, jobs_actor& jobs, organizations_actor& organizations)
    : loop_(loop), jobs_(jobs), organizations_(organizations), images_(loop.uv, 2, 256) {
    if (!loop_.cfg.redis_url.empty()) {
        auto on_change = [this](std::string_view, std::string_view) { forget_heads(); };
        changes_ = std::make_unique<redis::subscriber>(loop_.uv, loop_.cfg.redis_url, std::string(content::changes_channel), on_change);
        changes_->start();
    }
}

content_actor::~content_actor() = default;

void content_actor::forget_heads() { heads_.clear(); }

// ---- lists -----------------------------------------------------------------------------------------

task<result<std::string>> content_actor::find(std::string collection, content::list_query q, bool admin) {
    if (!admin) q.active = true;
    pg::params p;
    std::string body;
    json_writer w(body);
    w.begin_object().key("data").begin_array();
    std::int64_t offset = static_cast<std::int64_t>(q.page - 1) * q.page_size;
    if (collection == "pages") {
        p.add(q.slug).add(q.active).add(q.scope).add(q.sort).add(q.page_size).add(offset);
        auto r = co_await loop_.pg.query(pages_find_sql, std::move(p));
        if (!r) co_return std::unexpected(r.error().to_app_error());
        for (int i = 0; i < r->rows(); ++i) w.raw(r->text(i, 0));
    } else {
        std::optional<std::string> other_sort;
        bool desc = q.sort.starts_with('-');
        std::string field = desc ? q.sort.substr(1) : q.sort;
        static constexpr std::string_view column_sorts[] = {"id", "slug", "title", "name", "position", "publishedAt", "createdAt", "updatedAt"};
        if (!field.empty() && std::find(std::begin(column_sorts), std::end(column_sorts), field) == std::end(column_sorts))
            other_sort = field;
        p.add(collection).add(q.slug).add(q.active).add(q.scope).add(q.category).add(q.tag).add(q.data_filter);
        p.add(q.sort).add(other_sort).add(desc).add(q.page_size).add(offset);
        auto r = co_await loop_.pg.query(entries_find_sql, std::move(p));
        if (!r) co_return std::unexpected(r.error().to_app_error());
        for (int i = 0; i < r->rows(); ++i) w.raw(r->text(i, 0));
    }
    w.end_array();
    auto total = co_await count(collection, q, true);
    if (!total) co_return std::unexpected(total.error());
    w.key("meta").begin_object().member("page", q.page).member("pageSize", q.page_size).member("total", *total).end_object();
    w.end_object();
    co_return body;
}

task<result<std::int64_t>> content_actor::count(std::string collection, content::list_query q, bool admin) {
    if (!admin) q.active = true;
    pg::params p;
    if (collection == "pages") {
        p.add(q.slug).add(q.active).add(q.scope);
        auto r = co_await loop_.pg.query(pages_count_sql, std::move(p));
        if (!r) co_return std::unexpected(r.error().to_app_error());
        co_return r->int64(0, 0);
    }
    p.add(collection).add(q.slug).add(q.active).add(q.scope).add(q.category).add(q.tag).add(q.data_filter);
    auto r = co_await loop_.pg.query(entries_count_sql, std::move(p));
    if (!r) co_return std::unexpected(r.error().to_app_error());
    co_return r->int64(0, 0);
}

task<result<std::string>> content_actor::find_one(std::string collection, std::int64_t id, bool admin) {
    pg::params p;
    if (collection == "pages") {
        p.add(id).add(admin);
        auto r = co_await loop_.pg.query(page_by_id_sql, std::move(p));
        if (!r) co_return std::unexpected(r.error().to_app_error());
        if (r->rows() == 0) co_return fail(error_kind::not_found, "Diese Seite gibt es nicht.");
        std::string out(r->text(0, 0));
        out.pop_back();   // the closing brace: the sections are added
        out += ", \"sections\": ";
        out += r->text(0, 1);
        out += "}";
        co_return out;
    }
    p.add(collection).add(id).add(admin);
    auto r = co_await loop_.pg.query(entry_by_id_sql, std::move(p));
    if (!r) co_return std::unexpected(r.error().to_app_error());
    if (r->rows() == 0) co_return fail(error_kind::not_found, "Diesen Eintrag gibt es nicht.");
    co_return std::string(r->text(0, 0));
}

// ---- pages by slug ------------------------------------------------------------------------------------

task<result<std::string>> content_actor::page_by_slug(std::string slug, std::optional<std::string> city_slug,
                                                      std::optional<std::string> activity_slug) {
    pg::params p;
    p.add(slug);
    auto page = co_await loop_.pg.query(page_by_slug_sql, std::move(p));
    if (!page) co_return std::unexpected(page.error().to_app_error());
    if (page->rows() == 0) co_return fail(error_kind::not_found, "Diese Seite gibt es nicht.");

    std::optional<subject> city, activity;
    for (int which = 0; which < 2; ++which) {
        const auto& wanted = which == 0 ? city_slug : activity_slug;
        if (!wanted) continue;
        pg::params q;
        q.add(which == 0 ? "cities" : "activities").add(*wanted);
        auto r = co_await loop_.pg.query(entry_by_slug_sql, std::move(q));
        if (!r) co_return std::unexpected(r.error().to_app_error());
        if (r->rows() == 0)
            co_return fail(error_kind::not_found, which == 0 ? "Diese Stadt gibt es nicht." : "Diese Tätigkeit gibt es nicht.");
        (which == 0 ? city : activity) = read_subject(std::string(r->text(0, 0)));
    }

    content::placeholders ph;
    if (const subject* s = activity ? &*activity : city ? &*city : nullptr) {
        ph.name = s->name;
        ph.description = s->description;
        ph.content = s->content;
        ph.slug = s->slug;
    }
    if (city) {
        ph.city_name = city->name;
        ph.city_slug = city->slug;
    }
    if (activity) {
        ph.activity_name = activity->name;
        ph.activity_slug = activity->slug;
    }

    simdjson::dom::parser page_parser, sections_parser;
    simdjson::dom::object page_obj;
    simdjson::dom::array sections;
    std::string page_json(page->text(0, 0)), sections_json(page->text(0, 1));
    if (page_parser.parse(page_json).get(page_obj) || sections_parser.parse(sections_json).get(sections))
        co_return fail(error_kind::internal);

    std::string body;
    body.reserve(page_json.size() + sections_json.size() + 4096);
    json_writer w(body);
    content::begin_filled_object(w, page_obj, ph);
    if (city) w.key("city").raw(city->json);
    if (activity) w.key("activity").raw(activity->json);
    w.key("sections").begin_array();
    for (auto section : sections) {
        simdjson::dom::object s;
        if (section.get(s)) continue;
        bool active = true;
        bool flag = true;
        if (!s["active"].get(flag)) active = flag;
        if (!s.at_pointer("/base_data/active").get(flag)) active = active && flag;
        if (!active) continue;
        std::string_view component;
        if (s["__component"].get(component)) component = {};
        if (!content::is_job_section(component)) {
            content::begin_filled_object(w, s, ph);
            w.end_object();
            continue;
        }
        // A job section: the jobs of the activity, near the city, or of the section's job type.
        jobs::job_filter f;
        f.sort = "newest";
        std::int64_t limit = 10;
        if (!s["limit"].get(limit)) f.items_per_page = static_cast<int>(std::clamp<std::int64_t>(limit, 1, 50));
        else f.items_per_page = 10;
        std::string_view job_type;
        if (!s.at_pointer("/filterParams/jobType").get(job_type) && !job_type.empty()) f.job_type = std::string(job_type);
        std::string_view text;
        if (!s.at_pointer("/filterParams/q").get(text) && !text.empty()) f.q = std::string(text.substr(0, 200));
        if (activity) f.activities = activity->activity_keys;
        if (city) {
            f.lat = city->lat;
            f.lon = city->lon;
            f.radius_m = city->distance;
        }
        auto found = co_await job_section(f);
        if (!found) co_return std::unexpected(found.error());
        content::begin_filled_object(w, s, ph, {"filterParams", "jobs"});
        w.key("filterParams").begin_object();
        if (f.job_type) w.member("jobType", *f.job_type);
        if (f.q) w.member("q", *f.q);
        if (activity) {
            w.key("activities").begin_array();
            for (const auto& k : activity->activity_keys) w.value(k);
            w.end_array();
        }
        if (city) w.member("lat", city->lat).member("lon", city->lon).member("distance", city->distance).member("city", city->slug);
        w.end_object();
        w.key("jobs").raw(**found);
        w.end_object();
    }
    w.end_array();
    w.end_object();
    co_return body;
}

// {"total": N, "items": [cards]} of one job section's filter. The same filter on the same loop is
// answered from memory for 60 s: a landing page is read far more often than jobs change, and one
// search costs a millisecond or more.
task<result<std::shared_ptr<const std::string>>> content_actor::job_section(jobs::job_filter f) {
    std::string key;
    json_writer k(key);
    k.begin_array().value(f.job_type.value_or("")).value(f.q.value_or("")).value(f.lat.value_or(0.0)).value(f.lon.value_or(0.0));
    k.value(f.radius_m.value_or(0)).value(f.items_per_page).begin_array();
    for (const auto& a : f.activities.value_or(std::vector<std::string>{})) k.value(a);
    k.end_array().end_array();
    auto now = std::chrono::steady_clock::now();
    if (auto it = job_sections_.find(key); it != job_sections_.end() && now - it->second.made < job_section_ttl)
        co_return it->second.json;
    auto found = co_await jobs_.search(std::move(f), std::nullopt);
    if (!found) co_return std::unexpected(found.error());
    std::string out;
    json_writer w(out);
    w.begin_object().member("total", found->total).key("items").begin_array();
    for (const auto& card : found->items) jobs::write_card(w, card);
    w.end_array().end_object();
    auto json = std::make_shared<const std::string>(std::move(out));
    if (job_sections_.size() >= head_cache_limit) job_sections_.clear();
    job_sections_[key] = job_section_entry{json, now};
    co_return json;
}

// ---- writes -------------------------------------------------------------------------------------------

task<result<std::string>> content_actor::create(std::string collection, std::string body) {
    simdjson::dom::parser parser;
    simdjson::dom::object o;
    if (parser.parse(body).get(o)) co_return fail(error_kind::bad_request, "Der Inhalt muss ein JSON-Objekt sein.");
    if (auto ok = validate(collection, o); !ok) co_return std::unexpected(ok.error());
    if (collection == "pages") {
        auto tx = co_await loop_.pg.begin();
        if (!tx) co_return std::unexpected(tx.error().to_app_error());
        pg::params p;
        p.add(body);
        auto r = co_await tx->query(page_insert_sql, std::move(p));
        if (!r) co_return std::unexpected(db_error(r.error()));
        std::int64_t id = r->int64(0, 0);
        simdjson::dom::element sections;
        if (!o["sections"].get(sections)) {
            pg::params s;
            s.add(id).add(body);
            auto ins = co_await tx->query(page_sections_insert_sql, std::move(s));
            if (!ins) co_return std::unexpected(db_error(ins.error()));
        }
        if (auto c = co_await tx->commit(); !c) co_return std::unexpected(c.error().to_app_error());
        co_await changed(collection);
        co_return co_await find_one(collection, id, true);
    }
    pg::params p;
    p.add(collection).add(body);
    auto r = co_await loop_.pg.query(entry_insert_sql, std::move(p));
    if (!r) co_return std::unexpected(db_error(r.error()));
    co_await changed(collection);
    co_return std::string(r->text(0, 0));
}

task<result<std::string>> content_actor::update(std::string collection, std::int64_t id, std::string body) {
    simdjson::dom::parser parser;
    simdjson::dom::object o;
    if (parser.parse(body).get(o)) co_return fail(error_kind::bad_request, "Der Inhalt muss ein JSON-Objekt sein.");
    if (auto ok = validate(collection, o); !ok) co_return std::unexpected(ok.error());
    if (collection == "pages") {
        auto tx = co_await loop_.pg.begin();
        if (!tx) co_return std::unexpected(tx.error().to_app_error());
        pg::params p;
        p.add(id).add(body);
        auto r = co_await tx->query(page_update_sql, std::move(p));
        if (!r) co_return std::unexpected(db_error(r.error()));
        if (r->rows() == 0) co_return fail(error_kind::not_found, "Diese Seite gibt es nicht.");
        simdjson::dom::element sections;
        if (!o["sections"].get(sections)) {
            pg::params d;
            d.add(id);
            auto del = co_await tx->query(page_sections_delete_sql, std::move(d));
            if (!del) co_return std::unexpected(db_error(del.error()));
            pg::params s;
            s.add(id).add(body);
            auto ins = co_await tx->query(page_sections_insert_sql, std::move(s));
            if (!ins) co_return std::unexpected(db_error(ins.error()));
        }
        if (auto c = co_await tx->commit(); !c) co_return std::unexpected(c.error().to_app_error());
        co_await changed(collection);
        co_return co_await find_one(collection, id, true);
    }
    pg::params p;
    p.add(collection).add(id).add(body);
    auto r = co_await loop_.pg.query(entry_update_sql, std::move(p));
    if (!r) co_return std::unexpected(db_error(r.error()));
    if (r->rows() == 0) co_return fail(error_kind::not_found, "Diesen Eintrag gibt es nicht.");
    co_await changed(collection);
    co_return std::string(r->text(0, 0));
}

task<result<void>> content_actor::remove(std::string collection, std::int64_t id) {
    pg::params p;
    if (collection == "pages") p.add(id);
    else p.add(collection).add(id);
    auto r = co_await loop_.pg.query(collection == "pages" ? page_delete_sql : entry_delete_sql, std::move(p));
    if (!r) co_return std::unexpected(r.error().to_app_error());
    if (r->affected() == 0) co_return fail(error_kind::not_found, "Diesen Eintrag gibt es nicht.");
    co_await changed(collection);
    co_return result<void>{};
}

// A change is committed: new versions for the path cache, the touched resources dropped, and every
// loop of every instance told (including this one, through its own subscription).
task<void> content_actor::changed(std::string collection) {
    forget_heads();
    auto bumped = co_await loop_.redis.command("INCR", version_key(collection));
    if (!bumped) spdlog::warn("content: could not bump the version of {}: {}", collection, bumped.error().message);
    if (collection == "seo-contents") (void)co_await loop_.redis.command("DEL", resource_key("cookie-consent"));
    auto published = co_await loop_.redis.command("PUBLISH", std::string(content::changes_channel), collection);
    if (!published) spdlog::warn("content: could not publish the change of {}: {}", collection, published.error().message);
}

// ---- caches -------------------------------------------------------------------------------------------

task<result<std::string>> content_actor::build_resource(const std::string& id) {
    constexpr std::string_view count_prefix = "job-postings-count";
    if (id == "job-postings-active-keys") {
        auto keys = co_await jobs_.active_keys();
        if (!keys) co_return std::unexpected(keys.error());
        co_return std::string(*keys->plain);
    }
    if (id.starts_with(count_prefix)) {
        auto totals = co_await jobs_.totals();
        if (!totals) co_return std::unexpected(totals.error());
        std::string_view type = std::string_view(id).substr(count_prefix.size());
        if (!type.empty() && type.front() != '-') co_return fail(error_kind::not_found, "resource not found");
        if (!type.empty()) type.remove_prefix(1);
        for (const auto& t : *totals) {
            if (t.slug != type) continue;
            std::string out;
            json_writer w(out);
            w.begin_object();
            if (!type.empty()) w.member("jobType", t.slug).member("name", t.name);
            w.member("total", t.total).end_object();
            co_return out;
        }
        co_return fail(error_kind::not_found, "resource not found");
    }
    if (id == "cookie-consent") {
        pg::params p;
        p.add("seo-contents").add("cookie-consent");
        auto r = co_await loop_.pg.query(entry_by_slug_sql, std::move(p));
        if (!r) co_return std::unexpected(r.error().to_app_error());
        if (r->rows() == 0) co_return fail(error_kind::not_found, "resource not found");
        co_return std::string(r->text(0, 0));
    }
    co_return fail(error_kind::not_found, "resource not found");
}

task<result<content::cached_answer>> content_actor::resource(std::string id) {
    std::string key = resource_key(id);
    auto got = co_await loop_.redis.command("GET", key);
    if (!got) co_return std::unexpected(got.error().to_app_error());
    if (got->kind == redis::reply::type::string) co_return content::cached_answer{std::move(got->str), true};
    auto built = co_await build_resource(id);
    if (!built) co_return std::unexpected(built.error());
    auto set = co_await loop_.redis.command("SET", key, *built, "EX", std::to_string(content::cache_ttl_s));
    if (!set) spdlog::warn("xhr-cache: could not store {}: {}", id, set.error().message);
    co_return content::cached_answer{std::move(*built), false};
}

task<result<void>> content_actor::refresh(std::string id) {
    std::string lock = "jobhafen:xhr-cache:refreshing:" + id;
    auto taken = co_await loop_.redis.command("SET", lock, "1", "NX", "EX", "60");
    if (!taken) co_return std::unexpected(taken.error().to_app_error());
    if (taken->kind == redis::reply::type::nil) co_return fail(error_kind::conflict, "refresh already in progress");
    auto built = co_await build_resource(id);
    if (built) {
        auto set = co_await loop_.redis.command("SET", resource_key(id), *built, "EX", std::to_string(content::cache_ttl_s));
        if (!set) built = std::unexpected(set.error().to_app_error());
    }
    (void)co_await loop_.redis.command("DEL", lock);
    if (!built) co_return std::unexpected(built.error());
    co_return result<void>{};
}

task<result<std::string>> content_actor::versions_for(std::string_view path) {
    auto deps = dependencies_of(path);
    if (deps.empty()) co_return std::string("0");
    std::vector<std::string> args{"MGET"};
    for (const auto& d : deps) args.push_back(version_key(d));
    auto r = co_await loop_.redis.command(std::move(args));
    if (!r) co_return std::unexpected(r.error().to_app_error());
    std::string out;
    for (const auto& e : r->elements) {
        if (!out.empty()) out += '.';
        out += e.kind == redis::reply::type::string ? e.str : "0";
    }
    co_return out;
}

task<result<std::string>> content_actor::path_cache_key(std::string path, std::string query) {
    auto versions = co_await versions_for(path);
    if (!versions) co_return std::unexpected(versions.error());
    co_return "jobhafen:xhr-cache:path:" + *versions + ":" + path + "?" + query;
}

task<result<std::optional<std::string>>> content_actor::cache_get(std::string key) {
    auto got = co_await loop_.redis.command("GET", key);
    if (!got) co_return std::unexpected(got.error().to_app_error());
    if (got->kind != redis::reply::type::string) co_return std::optional<std::string>{};
    co_return std::optional<std::string>(std::move(got->str));
}

task<void> content_actor::cache_put(std::string key, std::string body) {
    auto set = co_await loop_.redis.command("SET", key, body, "EX", std::to_string(content::cache_ttl_s));
    if (!set) spdlog::warn("xhr-cache: could not store {}: {}", key, set.error().message);
}

// ---- page heads ---------------------------------------------------------------------------------------

task<std::optional<page_head>> content_actor::head_for(std::string path) {
    auto now = std::chrono::steady_clock::now();
    if (auto it = heads_.find(path); it != heads_.end() && now - it->second.made < head_ttl) co_return it->second.head;
    auto head = co_await build_head(path);
    if (heads_.size() >= head_cache_limit) heads_.clear();
    heads_[path] = head_entry{head, now};
    co_return head;
}

namespace {

std::vector<std::string_view> split_path(std::string_view path) {
    std::vector<std::string_view> parts;
    std::size_t pos = 1;
    while (pos <= path.size()) {
        auto slash = path.find('/', pos);
        std::string_view part = path.substr(pos, slash == std::string_view::npos ? std::string_view::npos : slash - pos);
        if (!part.empty()) parts.push_back(part);
        if (slash == std::string_view::npos) break;
        pos = slash + 1;
    }
    return parts;
}

bool is_job_type(std::string_view s) {
    static constexpr std::string_view types[] = {"eventjobs", "ferienjobs", "gastrojobs", "messejobs", "nebenjobs",
                                                 "promotionjobs", "rentnerjobs", "schuelerjobs", "studentenjobs"};
    return std::find(std::begin(types), std::end(types), s) != std::end(types);
}

// Title, description and image of a content entry or a page's meta.
void take_meta(content::head_data& h, std::string_view json, const content::placeholders* ph = nullptr) {
    simdjson::dom::parser parser;
    simdjson::dom::element e;
    if (parser.parse(json).get(e)) return;
    std::string_view v;
    auto fill = [&](std::string_view s) { return ph ? content::fill(s, *ph) : std::string(s); };
    if (!e["title"].get(v) || !e["name"].get(v)) h.title = fill(v);
    if (!e.at_pointer("/meta/title").get(v)) h.title = fill(v);
    if (!e["description"].get(v) || !e["teaser"].get(v)) h.description = content::plain_excerpt(fill(v));
    if (!e.at_pointer("/meta/description").get(v)) h.description = content::plain_excerpt(fill(v));
    if (!e["image"].get(v) || !e["header_image"].get(v) || !e.at_pointer("/meta/image").get(v)) h.image = std::string(v);
}

// The image of the page's first section when that is a hero (the largest paint of the page), if
// its path is one the image service serves.
std::string hero_image(std::string_view page_json) {
    simdjson::dom::parser parser;
    simdjson::dom::element e;
    std::string_view component, image;
    if (parser.parse(page_json).get(e) || e.at_pointer("/sections/0/__component").get(component)) return {};
    if (component.find("hero") == std::string_view::npos || e.at_pointer("/sections/0/image").get(image)) return {};
    constexpr std::string_view prefix = "/content-images/";
    if (!image.starts_with(prefix) || image.size() > 200) return {};
    for (char c : image.substr(prefix.size()))
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.')) return {};
    return std::string(image);
}

// The app's query key of a content page: ["content","page",slug,{city?,activity?}]
// (web/src/features/content/api/content.ts, contentKeys.page).
std::string page_query_key(std::string_view slug, const std::optional<std::string>& city, const std::optional<std::string>& activity) {
    std::string key;
    json_writer w(key);
    w.begin_array().value("content").value("page").value(slug).begin_object();
    if (city) w.member("city", *city);
    if (activity) w.member("activity", *activity);
    w.end_object().end_array();
    return key;
}

}  // namespace

task<void> content_actor::embed_page(content::head_data& h, std::string slug, std::optional<std::string> city,
                                     std::optional<std::string> activity) {
    std::string key = page_query_key(slug, city, activity);
    auto body = co_await page_by_slug(std::move(slug), std::move(city), std::move(activity));
    if (!body || body->size() > content::initial_data_max_bytes) co_return;
    h.preload_image = hero_image(*body);
    h.initial_data.emplace_back(std::move(key), std::move(*body));
}

task<bool> content_actor::head_page_meta(content::head_data& h, std::string slug, const content::placeholders* ph) {
    pg::params p;
    p.add(slug);
    auto r = co_await loop_.pg.query(page_meta_sql, std::move(p));
    if (!r || r->rows() == 0) co_return false;
    h.title = std::string(r->text(0, 0));
    std::string meta = "{\"meta\":" + std::string(r->text(0, 1)) + "}";
    take_meta(h, meta, ph);
    co_return true;
}

task<std::optional<std::string>> content_actor::entry_json(std::string collection, std::string slug) {
    pg::params p;
    p.add(collection).add(slug);
    auto r = co_await loop_.pg.query(entry_by_slug_sql, std::move(p));
    if (!r || r->rows() == 0) co_return std::nullopt;
    co_return std::string(r->text(0, 0));
}

task<std::optional<page_head>> content_actor::build_head(const std::string& path) {
    const std::string origin = loop_.cfg.http_public_origin;
    content::head_data h;
    h.canonical = origin + (path == "/" ? "/" : path);
    int status = 200;
    auto parts = split_path(path);

    if (parts.empty()) {
        co_await head_page_meta(h, "home", nullptr);
        h.title = h.title == "Startseite" || h.title.empty() ? std::string(content::default_title) : h.title;
        co_await embed_page(h, "home", std::nullopt, std::nullopt);
    } else if (parts[0] == "jobs" && parts.size() == 2 && parts[1] != "suche" && parts[1] != "job-nicht-gefunden") {
        result<jobs::job_detail> d = fail(error_kind::not_found);
        if (auto id = search::parse_id(parts[1])) d = co_await jobs_.by_id(*id);
        else d = co_await jobs_.by_slug(std::string(parts[1]));
        if (d) {
            h.title = d->card.title + (d->card.organization_name.empty() ? "" : " bei " + d->card.organization_name);
            h.description = content::plain_excerpt(d->card.teaser.empty() ? d->description : d->card.teaser);
            h.canonical = origin + "/jobs/" + d->card.slug;
            h.json_ld.push_back(content::job_posting_json_ld(*d, origin));
            // The app's query of the detail (["jobs","detail",slug-or-id], features/jobs/api/jobs.ts).
            std::string key, data;
            json_writer kw(key), dw(data);
            kw.begin_array().value("jobs").value("detail").value(parts[1]).end_array();
            dw.begin_object();
            jobs::write_detail(dw, *d);
            dw.end_object();
            if (data.size() <= content::initial_data_max_bytes) h.initial_data.emplace_back(std::move(key), std::move(data));
        } else if (d.error().kind == error_kind::gone) {
            status = 410;
            h.noindex = true;
            if (!co_await head_page_meta(h, "error-jobposting-inactive", nullptr)) h.title = "Diese Stelle ist nicht mehr verfügbar";
        } else if (d.error().kind == error_kind::not_found) {
            status = 404;
            h.noindex = true;
            h.title = "Diese Stelle gibt es nicht";
        } else {
            co_return std::nullopt;   // the database is away: the plain index.html still works
        }
    } else if (parts[0] == "jobanbieter" && parts.size() == 2) {
        auto o = co_await organizations_.by_slug(std::string(parts[1]));
        if (o) {
            h.title = o->name + " – Jobs und Bewertungen";
            h.description = content::plain_excerpt(o->description);
            h.og_type = "profile";
            if (auto ld = content::employer_rating_json_ld(*o, origin)) h.json_ld.push_back(*ld);
        } else if (o.error().kind == error_kind::not_found) {
            status = 404;
            h.noindex = true;
            h.title = "Diesen Jobanbieter gibt es nicht";
        } else {
            co_return std::nullopt;
        }
    } else if ((parts[0] == "tipps-faq" || (parts[0] == "recruiting" && parts.size() >= 2 && parts[1] == "hr-wissen"))) {
        std::size_t base = parts[0] == "tipps-faq" ? 1 : 2;
        if (parts.size() == 1) {
            co_await head_page_meta(h, "articles", nullptr);
        } else if (parts.size() == base) {   // /recruiting/hr-wissen has no content page of its own
            h.title = "HR-Wissen für Arbeitgeber";
            h.description = "Muster, Vorlagen und Tipps zu Stellenanzeigen, Verträgen und Bewerbermanagement für Promotion-, "
                            "Messe- und Eventpersonal.";
        }
        else if (parts.size() == base + 1) {
            if (auto e = co_await entry_json("article-categories", std::string(parts[base]))) take_meta(h, *e);
        } else if (auto e = co_await entry_json("articles", std::string(parts.back()))) {
            take_meta(h, *e);
            h.og_type = "article";
        }
        if (parts.size() > base && h.title.empty()) { status = 404; h.noindex = true; }
    } else if (parts[0] == "wiki" || (parts[0] == "recruiting" && parts.size() >= 2 && parts[1] == "wiki")) {
        std::size_t base = parts[0] == "wiki" ? 1 : 2;
        if (parts.size() == base) {
            std::string slug = base == 1 ? "wikis" : "organization-wikis";   // not inside the co_await (g++ 12)
            co_await head_page_meta(h, std::move(slug), nullptr);
        }
        else if (auto e = co_await entry_json("wikis", std::string(parts.back()))) take_meta(h, *e);
        else { status = 404; h.noindex = true; }
        if (h.title.empty()) h.title = "Wiki";
    } else if (parts[0] == "messen-events") {
        if (parts.size() == 1) co_await head_page_meta(h, "events", nullptr);
        else if (parts.size() == 2) {
            if (auto e = co_await entry_json("event-categories", std::string(parts[1]))) take_meta(h, *e);
        } else if (auto e = co_await entry_json("events", std::string(parts.back()))) {
            take_meta(h, *e);
            h.og_type = "article";
        }
        if (parts.size() > 1 && h.title.empty()) { status = 404; h.noindex = true; }
    } else if (parts[0] == "jobs-stadt" || parts[0] == "jobs-taetigkeit" || is_job_type(parts[0])) {
        std::optional<subject> city, activity;
        if (parts[0] == "jobs-stadt" && parts.size() >= 2) {
            if (auto e = co_await entry_json("cities", std::string(parts[1]))) city = read_subject(*e);
            if (parts.size() == 4 && parts[2] == "als")
                if (auto e = co_await entry_json("activities", std::string(parts[3]))) activity = read_subject(*e);
        } else if (parts[0] == "jobs-taetigkeit" && parts.size() == 2) {
            if (auto e = co_await entry_json("activities", std::string(parts[1]))) activity = read_subject(*e);
        } else if (is_job_type(parts[0]) && parts.size() == 2) {
            if (auto e = co_await entry_json("cities", std::string(parts[1]))) city = read_subject(*e);
        }
        content::placeholders ph;
        if (const subject* s = activity ? &*activity : city ? &*city : nullptr) {
            ph.name = s->name;
            ph.description = s->description;
            ph.slug = s->slug;
        }
        if (city) {
            ph.city_name = city->name;
            ph.city_slug = city->slug;
        }
        if (activity) {
            ph.activity_name = activity->name;
            ph.activity_slug = activity->slug;
        }
        std::string page = is_job_type(parts[0]) ? "landingpages-" + std::string(parts[0])
                           : parts.size() == 1  ? (parts[0] == "jobs-stadt" ? "landingpages-cities" : "landingpages-activities")
                           : city && activity   ? "landingpages-cities-city-activity"
                           : city               ? "landingpages-cities-city"
                                                : "landingpages-activities-activity";
        bool wants_subject = parts.size() >= 2;
        if (wants_subject && !city && !activity) {
            status = 404;
            h.noindex = true;
            h.title = "Diese Seite gibt es nicht";
        } else {
            co_await head_page_meta(h, page, &ph);
            if (is_job_type(parts[0]) && city && h.title.find(city->name) == std::string::npos) h.title += " in " + city->name;
            // The app asks with the slugs of its address (they name the city and activity found above).
            std::optional<std::string> city_slug, activity_slug;
            if (city) city_slug = std::string(parts[1]);
            if (activity) activity_slug = std::string(parts.back());
            co_await embed_page(h, page, std::move(city_slug), std::move(activity_slug));
        }
    } else if (parts[0] == "recruiting") {
        // The slug is built before the co_await: g++ 12 destroys a conditional's temporary inside a
        // co_await expression twice (a crash on /recruiting/...).
        std::string slug = parts.size() == 1 ? "recruiting" : std::string(parts[1]);
        if (!co_await head_page_meta(h, slug, nullptr)) {
            if (parts.size() > 1) { status = 404; h.noindex = true; }
            h.title = "Personal finden";
        } else if (parts.size() <= 2) {
            co_await embed_page(h, std::move(slug), std::nullopt, std::nullopt);
        }
    } else if (parts[0].starts_with("mein") || parts[0] == "myInvoices" || parts[0] == "oauth" || parts[0] == "oauthError" ||
               parts[0] == "jobs-bewerbung") {
        h.noindex = true;   // account and flow pages: nothing to index
        h.title = "Mein Jobhafen";
    } else if (parts.size() == 1) {
        static constexpr std::pair<std::string_view, std::string_view> routes[] = {
            {"jobs", "jobs"}, {"jobanbieter", "organizations"}};
        std::string slug(parts[0]);
        bool content_route = true;   // /jobs and /jobanbieter are app pages, not content pages
        for (const auto& [route, page] : routes)
            if (route == parts[0]) {
                slug = std::string(page);
                content_route = false;
            }
        bool found = co_await head_page_meta(h, slug, nullptr);
        if (found && content_route) co_await embed_page(h, std::move(slug), std::nullopt, std::nullopt);
    } else if (parts[0] == "jobs") {
        co_await head_page_meta(h, "jobs", nullptr);
    }
    if (h.image.starts_with('/')) h.image = origin + h.image;   // Open Graph wants an absolute URL
    page_head head;
    head.status = status;
    head.html = content::render_head(h);
    co_return head;
}

// ---- sitemaps -------------------------------------------------------------------------------------------

task<result<std::string>> content_actor::sitemap(std::string name) {
    const std::string origin = loop_.cfg.http_public_origin;
    if (name.empty()) {
        auto n = co_await jobs_.live_count();
        if (!n) co_return std::unexpected(n.error());
        std::vector<content::sitemap_url> maps;
        std::string today = today_utc();
        maps.push_back({origin + "/sitemaps/pages.xml", today});
        std::int64_t files = std::max<std::int64_t>(1, (*n + content::sitemap_max_urls - 1) / content::sitemap_max_urls);
        for (std::int64_t i = 1; i <= files; ++i) maps.push_back({origin + "/sitemaps/jobs-" + std::to_string(i) + ".xml", today});
        co_return content::sitemap_index(maps);
    }
    if (name == "pages.xml") {
        auto r = co_await loop_.pg.query(
            "SELECT 'page', slug, NULL, scope, to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') FROM content_pages"
            " WHERE active AND slug NOT LIKE 'error%' AND slug NOT IN ('landingpages-activities-activity',"
            " 'landingpages-cities-city', 'landingpages-cities-city-activity')"
            " UNION ALL SELECT collection, slug, category, scope, to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')"
            " FROM content_entries WHERE active AND collection IN ('articles', 'wikis', 'events', 'cities', 'activities')"
            " ORDER BY 1, 2");
        if (!r) co_return std::unexpected(r.error().to_app_error());
        std::vector<content::sitemap_url> urls;
        urls.reserve(static_cast<std::size_t>(r->rows()));
        for (int i = 0; i < r->rows(); ++i) {
            std::string_view kind = r->text(i, 0), slug = r->text(i, 1), category = r->text(i, 2), scope = r->text(i, 3);
            std::string loc;
            if (kind == "page") loc = content::path_of_page(slug, scope == "organization");
            else if (kind == "articles") loc = (scope == "organization" ? "/recruiting/hr-wissen/" : "/tipps-faq/") + std::string(category) + "/" + std::string(slug);
            else if (kind == "events") loc = "/messen-events/" + std::string(category) + "/" + std::string(slug);
            else if (kind == "wikis") loc = (scope == "organization" ? "/recruiting/wiki/" : "/wiki/") + std::string(slug);
            else loc = path_prefix_of(kind) + std::string(slug);
            urls.push_back({origin + loc, std::string(r->text(i, 4))});
        }
        co_return content::sitemap_urlset(urls);
    }
    constexpr std::string_view jobs_prefix = "jobs-", suffix = ".xml";
    if (name.starts_with(jobs_prefix) && name.ends_with(suffix)) {
        auto n = search::parse_int(std::string_view(name).substr(jobs_prefix.size(), name.size() - jobs_prefix.size() - suffix.size()));
        if (n && *n >= 1 && *n <= 100000) {
            auto slice = co_await jobs_.sitemap_slice((*n - 1) * static_cast<std::int64_t>(content::sitemap_max_urls),
                                                                 static_cast<int>(content::sitemap_max_urls));
            if (!slice) co_return std::unexpected(slice.error());
            if (slice->empty() && *n > 1) co_return fail(error_kind::not_found, "Diese Sitemap gibt es nicht.");
            std::vector<content::sitemap_url> urls;
            urls.reserve(slice->size());
            for (auto& j : *slice) urls.push_back({origin + "/jobs/" + j.slug, std::move(j.lastmod)});
            co_return content::sitemap_urlset(urls);
        }
    }
    co_return fail(error_kind::not_found, "Diese Sitemap gibt es nicht.");
}

// ---- images ----------------------------------------------------------------------------------------------

task<result<content::ipx_image>> content_actor::image(content::ipx_request r) {
    std::string source = loop_.cfg.var_dir + "/content-images";
    std::string cache = loop_.cfg.var_dir + "/ipx-cache";
    auto job = [r = std::move(r), source = std::move(source), cache = std::move(cache)] { return content::ipx_render(r, source, cache); };
    auto done = co_await images_.run(std::move(job));
    if (!done) co_return std::unexpected(done.error());
    co_return std::move(*done);
}

}  // namespace jh
