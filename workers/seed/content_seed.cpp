// content_seed.cpp: see content_seed.h.
#include "workers/seed/content_seed.h"

#include <simdjson.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <vector>

#include "media/ipx.h"
#include "media/media_files.h"
#include "reactor/source_dir.h"
#include "workers/db.h"

namespace jh::seed {

namespace {

namespace fs = std::filesystem;

// The same column expressions as the content API's writes (actors/content/content_actor.cpp).
constexpr const char* upsert_entries_sql =
    "INSERT INTO content_entries AS e (slug, title, active, scope, category, tags, position, data, published_at, collection, seed_hash)"
    " SELECT d->>'slug', left(coalesce(d->>'title', d->>'name', ''), 300), coalesce((d->>'active')::boolean, true),"
    " d->>'scope', coalesce(d->'article_category'->>'slug', d->'event_category'->>'slug'),"
    " ARRAY(SELECT t->>'slug' FROM jsonb_array_elements(CASE WHEN jsonb_typeof(d->'article_tags') = 'array'"
    " THEN d->'article_tags' ELSE '[]'::jsonb END) AS t WHERE t->>'slug' IS NOT NULL),"
    " coalesce((d->>'position')::int, 0),"
    " d - 'id' - 'slug' - 'active' - 'position' - 'createdAt' - 'updatedAt' - 'publishedAt',"
    " coalesce((d->>'publishedAt')::timestamptz, now()), $1::text, md5(d::text)"
    " FROM jsonb_array_elements($2::jsonb) AS x(d)"
    " ON CONFLICT (collection, slug) DO UPDATE SET title = EXCLUDED.title, active = EXCLUDED.active, scope = EXCLUDED.scope,"
    " category = EXCLUDED.category, tags = EXCLUDED.tags, position = EXCLUDED.position, data = EXCLUDED.data,"
    " published_at = EXCLUDED.published_at, seed_hash = EXCLUDED.seed_hash, updated_at = now()"
    " WHERE NOT e.edited AND e.seed_hash IS DISTINCT FROM EXCLUDED.seed_hash";

constexpr const char* upsert_pages_sql =
    "INSERT INTO content_pages AS p (internal_title, slug, active, scope, show_seo_content, meta, seo_content_config,"
    " position, published_at, seed_hash)"
    " SELECT d->>'InternalTitle', d->>'slug', coalesce((d->>'Active')::boolean, true), coalesce(d->>'scope', 'candidate'),"
    " coalesce((d->>'show_seo_content')::boolean, false), coalesce(d->'meta', '{}'::jsonb),"
    " coalesce(d->'seo_content_config', '{\"seo_contents\": []}'::jsonb), coalesce((d->>'position')::int, 0),"
    " coalesce((d->>'publishedAt')::timestamptz, now()), md5(d::text)"
    " FROM jsonb_array_elements($1::jsonb) AS x(d)"
    " ON CONFLICT (slug) DO UPDATE SET internal_title = EXCLUDED.internal_title, active = EXCLUDED.active,"
    " scope = EXCLUDED.scope, show_seo_content = EXCLUDED.show_seo_content, meta = EXCLUDED.meta,"
    " seo_content_config = EXCLUDED.seo_content_config, position = EXCLUDED.position,"
    " published_at = EXCLUDED.published_at, seed_hash = EXCLUDED.seed_hash, updated_at = now()"
    " WHERE NOT p.edited AND p.seed_hash IS DISTINCT FROM EXCLUDED.seed_hash"
    " RETURNING p.id";

constexpr const char* delete_sections_sql = "DELETE FROM content_page_sections WHERE page_id = ANY ($1::bigint[])";

constexpr const char* insert_sections_sql =
    "INSERT INTO content_page_sections (page_id, position, component, body)"
    " SELECT p.id, (s.ord - 1)::int, s.v->>'__component', s.v - '__component'"
    " FROM jsonb_array_elements($1::jsonb) AS x(d)"
    " JOIN content_pages AS p ON p.slug = x.d->>'slug'"
    " CROSS JOIN LATERAL jsonb_array_elements(coalesce(x.d->'sections', '[]'::jsonb)) WITH ORDINALITY AS s(v, ord)"
    " WHERE p.id = ANY ($2::bigint[])";

// What every line this file prints on stderr starts with.
constexpr const char* who = "seed content";

// Loads one file inside its own transaction; the number of objects written, or -1.
long load_file(workers::db& conn, const fs::path& file) {
    auto text = media::read_file(file.string());
    if (!text) {
        std::fprintf(stderr, "seed content: cannot read %s\n", file.c_str());
        return -1;
    }
    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    std::string_view collection;
    simdjson::dom::array items;
    if (parser.parse(*text).get(doc) || doc["collection"].get(collection) || doc["items"].get(items)) {
        std::fprintf(stderr, "seed content: %s is not {\"collection\": ..., \"items\": [...]}\n", file.c_str());
        return -1;
    }
    std::string items_json = simdjson::minify(items);
    if (!workers::or_say(conn.exec_simple("BEGIN"), who)) return -1;
    long written = 0;
    if (collection == "pages") {
        auto r = workers::or_say(conn.exec(upsert_pages_sql, pg::params().add(items_json)), who);
        if (!r) return -1;
        std::string ids = "{";
        for (int i = 0; i < r->rows(); ++i) {
            if (i) ids += ',';
            ids += r->text(i, 0);
        }
        ids += "}";
        written = r->rows();
        if (!workers::or_say(conn.exec(delete_sections_sql, pg::params().add(ids)), who) ||
            !workers::or_say(conn.exec(insert_sections_sql, pg::params().add(items_json).add(ids)), who))
            return -1;
    } else {
        auto r = workers::or_say(conn.exec(upsert_entries_sql, pg::params().add(collection).add(items_json)), who);
        if (!r) return -1;
        written = r->affected();
    }
    if (!workers::or_say(conn.exec_simple("COMMIT"), who)) return -1;
    return written;
}

}  // namespace

std::string default_content_dir() {
    std::error_code ec;
    if (fs::is_directory("workers/seed/content", ec)) return "workers/seed/content";
    return source_path("workers/seed/content");
}

int seed_content(const std::string& database_url, const std::string& content_dir, const std::string& image_dir) {
    workers::db conn(database_url);
    if (auto c = conn.ensure_connected(); !c) {
        std::fprintf(stderr, "%s: %s\n", who, c.error().c_str());
        return 1;
    }
    std::vector<fs::path> files;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(content_dir, ec))
        if (e.path().extension() == ".json") files.push_back(e.path());
    if (ec) {
        std::fprintf(stderr, "seed content: cannot read %s: %s\n", content_dir.c_str(), ec.message().c_str());
        return 1;
    }
    // Sorted: categories before the articles that name them, and the same order on every run.
    std::sort(files.begin(), files.end());
    long total = 0;
    for (const auto& f : files) {
        long n = load_file(conn, f);
        if (n < 0) {
            std::fprintf(stderr, "seed content: %s failed\n", f.filename().c_str());
            return 1;
        }
        total += n;
    }
    std::string error;
    int images = media::draw_content_images(image_dir, error);
    if (images < 0) {
        std::fprintf(stderr, "seed content: drawing images into %s: %s\n", image_dir.c_str(), error.c_str());
        return 1;
    }
    std::printf("seed: content: %zu files, %ld objects new or changed, %d images drawn\n", files.size(), total, images);
    return 0;
}

}  // namespace jh::seed
