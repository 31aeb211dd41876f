// content_writes.cpp: writes of entries and pages with their rules, and the caches they keep
// fresh (versioned collections, the xhr resource cache). Part of content_actor (content_actor.h).
#include "actors/content/content_actor.h"

#include <simdjson.h>
#include <spdlog/spdlog.h>

#include "actors/content/content_internal.h"
#include "actors/content/sections.h"
#include "actors/jobs/job_json.h"
#include "reactor/json_writer.h"
#include "reactor/loop_context.h"

namespace jh {

using namespace content::detail;

namespace {

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

// The body of a create or an update: a JSON object (400 otherwise) that passes its collection's
// rules (validate). The object lives in `parser`.
result<simdjson::dom::object> parse_entry(simdjson::dom::parser& parser, const std::string& body, std::string_view collection) {
    simdjson::dom::object o;
    if (parser.parse(body).get(o)) return fail(error_kind::bad_request, "Der Inhalt muss ein JSON-Objekt sein.");
    if (auto valid = validate(collection, o); !valid) return std::unexpected(std::move(valid).error());
    return o;
}

// The rows of a page's "sections" array in content_page_sections, written in the page's
// transaction; `replace` first removes the rows an earlier version wrote. A body without
// "sections" leaves them as they are (a PUT that changes only the title keeps the sections).
task<result<void>> write_sections(pg::transaction& tx, std::int64_t page_id, simdjson::dom::object page,
                                  const std::string& body, bool replace) {
    simdjson::dom::element sections;
    if (page["sections"].get(sections)) co_return result<void>{};
    if (replace) {
        pg::params d;
        d.add(page_id);
        auto del = co_await tx.query(page_sections_delete_sql, std::move(d));
        if (!del) co_return std::unexpected(db_error(del.error()));
    }
    pg::params s;
    s.add(page_id).add(body);
    auto ins = co_await tx.query(page_sections_insert_sql, std::move(s));
    if (!ins) co_return std::unexpected(db_error(ins.error()));
    co_return result<void>{};
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

}  // namespace

// ---- writes -------------------------------------------------------------------------------------------

task<result<std::string>> content_actor::create(std::string collection, std::string body) {
    simdjson::dom::parser parser;
    CO_TRY(simdjson::dom::object o, parse_entry(parser, body, collection));
    if (collection == "pages") {
        // Only database writes; the caches hear of it after the commit (changed()).
        auto write = [&](pg::transaction& tx) -> task<result<std::int64_t>> {
            pg::params p;
            p.add(body);
            auto r = co_await tx.query(page_insert_sql, std::move(p));
            if (!r) co_return std::unexpected(db_error(r.error()));
            std::int64_t id = r->int64(0, 0);
            CO_CHECK(co_await write_sections(tx, id, o, body, false));
            CO_CHECK(co_await tx.commit());
            co_return id;
        };
        CO_TRY(std::int64_t id, co_await pg::in_transaction(loop_.pg, write));
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
    CO_TRY(simdjson::dom::object o, parse_entry(parser, body, collection));
    if (collection == "pages") {
        auto write = [&](pg::transaction& tx) -> task<result<void>> {
            pg::params p;
            p.add(id).add(body);
            auto r = co_await tx.query(page_update_sql, std::move(p));
            if (!r) co_return std::unexpected(db_error(r.error()));
            if (r->rows() == 0) co_return fail(error_kind::not_found, "Diese Seite gibt es nicht.");
            CO_CHECK(co_await write_sections(tx, id, o, body, true));
            CO_CHECK(co_await tx.commit());
            co_return result<void>{};
        };
        CO_CHECK(co_await pg::in_transaction(loop_.pg, write));
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
    CO_TRY(auto r, co_await loop_.pg.query(collection == "pages" ? page_delete_sql : entry_delete_sql, std::move(p)));
    if (r.affected() == 0) co_return fail(error_kind::not_found, "Diesen Eintrag gibt es nicht.");
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
        CO_TRY(auto keys, co_await jobs_.active_keys());
        co_return std::string(*keys.plain);
    }
    if (id.starts_with(count_prefix)) {
        CO_TRY(auto totals, co_await jobs_.totals());
        std::string_view type = std::string_view(id).substr(count_prefix.size());
        if (!type.empty() && type.front() != '-') co_return fail(error_kind::not_found, "resource not found");
        if (!type.empty()) type.remove_prefix(1);
        for (const auto& t : totals) {
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
        CO_TRY(auto r, co_await loop_.pg.read(entry_by_slug_sql, std::move(p)));
        if (r.rows() == 0) co_return fail(error_kind::not_found, "resource not found");
        co_return std::string(r.text(0, 0));
    }
    co_return fail(error_kind::not_found, "resource not found");
}

task<result<content::cached_answer>> content_actor::resource(std::string id) {
    std::string key = resource_key(id);
    CO_TRY(auto got, co_await loop_.redis.command("GET", key));
    if (got.kind == redis::reply::type::string) co_return content::cached_answer{std::move(got.str), true};
    CO_TRY(auto built, co_await build_resource(id));
    auto set = co_await loop_.redis.command("SET", key, built, "EX", std::to_string(content::cache_ttl_s));
    if (!set) spdlog::warn("xhr-cache: could not store {}: {}", id, set.error().message);
    co_return content::cached_answer{std::move(built), false};
}

task<result<void>> content_actor::refresh(std::string id) {
    std::string lock = "jobhafen:xhr-cache:refreshing:" + id;
    CO_TRY(auto taken, co_await loop_.redis.command("SET", lock, "1", "NX", "EX", "60"));
    if (taken.kind == redis::reply::type::nil) co_return fail(error_kind::conflict, "refresh already in progress");
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
    CO_TRY(auto r, co_await loop_.redis.command(std::move(args)));
    std::string out;
    for (const auto& e : r.elements) {
        if (!out.empty()) out += '.';
        out += e.kind == redis::reply::type::string ? e.str : "0";
    }
    co_return out;
}

task<result<std::string>> content_actor::path_cache_key(std::string path, std::string query) {
    CO_TRY(auto versions, co_await versions_for(path));
    co_return "jobhafen:xhr-cache:path:" + versions + ":" + path + "?" + query;
}

task<result<std::optional<std::string>>> content_actor::cache_get(std::string key) {
    CO_TRY(auto got, co_await loop_.redis.command("GET", key));
    if (got.kind != redis::reply::type::string) co_return std::optional<std::string>{};
    co_return std::optional<std::string>(std::move(got.str));
}

task<void> content_actor::cache_put(std::string key, std::string body) {
    auto set = co_await loop_.redis.command("SET", key, body, "EX", std::to_string(content::cache_ttl_s));
    if (!set) spdlog::warn("xhr-cache: could not store {}: {}", key, set.error().message);
}

}  // namespace jh
