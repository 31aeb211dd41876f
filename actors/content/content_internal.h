// content_internal.h: what the files of content_actor share and nobody else needs: the read
// queries of entries and pages, the cache limits, and the subject of a landing page. The actor is
// one class whose methods live in several files by topic: content_actor.cpp (lists and pages),
// content_writes.cpp (writes and caches), content_heads.cpp (page heads), content_sitemaps.cpp.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "actors/content/sections.h"
#include "reactor/answer_cache.h"
#include "reactor/try.h"
#include "search/job_filter.h"

namespace jh::content::detail {

// A page's head and a landing page's job section are kept per loop while the job index's generation
// is the one they were made from (an edit, a close, a new job makes a new one: docs/caching.md),
// or for `catalogue_grace` after their making whatever happened (so a catalogue written to many
// times a second rebuilds each page at most five times a second), and never longer than a minute
// (an organization's description, its response time: what no generation tracks). Without an index
// (search.index off) only the grace holds. A content edit forgets every head at once (changed()).
inline constexpr std::chrono::seconds head_ttl{60};
inline constexpr std::chrono::seconds job_section_ttl{60};
inline constexpr std::chrono::milliseconds catalogue_grace{200};
inline constexpr std::size_t head_cache_limit = 5000;
// The heads' bytes per loop besides their number: a path (up to 16 KB) is in its head twice
// (canonical, og:url), so 5,000 heads of hostile long paths held about 1 GB in two loops.
inline constexpr std::size_t head_cache_bytes = 16u << 20;

// Whether something made at `made` from catalogue generation `made_from` may still be used.
inline bool still_fresh(std::chrono::steady_clock::time_point made, std::optional<std::uint64_t> made_from,
                        std::optional<std::uint64_t> current, std::chrono::steady_clock::time_point now, std::chrono::seconds ttl) {
    return jh::still_fresh(made, made_from, current, answer_freshness{ttl, catalogue_grace}, now);
}

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
inline constexpr const char* entries_find_sql =
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

inline constexpr const char* entries_count_sql = "SELECT count(*) FROM content_entries AS e" JH_ENTRY_WHERE;

inline constexpr const char* entry_by_id_sql =
    "SELECT " JH_ENTRY_JSON " FROM content_entries AS e WHERE e.collection = $1::text AND e.id = $2::bigint"
    " AND (e.active OR $3::boolean)";

inline constexpr const char* entry_by_slug_sql =
    "SELECT " JH_ENTRY_JSON " FROM content_entries AS e WHERE e.collection = $1::text AND e.slug = $2::text AND e.active";

#define JH_PAGE_JSON                                                                                                      \
    "jsonb_build_object('id', p.id, 'InternalTitle', p.internal_title, 'slug', p.slug, 'Active', p.active, 'scope', "    \
    "p.scope, 'views', p.views, 'show_seo_content', p.show_seo_content, 'meta', p.meta, 'seo_content_config', "          \
    "p.seo_content_config, 'position', p.position, 'createdAt', p.created_at, 'updatedAt', p.updated_at, 'publishedAt', " \
    "p.published_at)::text"

#define JH_PAGE_WHERE                                                                                             \
    " WHERE ($1::text IS NULL OR p.slug = $1::text) AND ($2::boolean IS NULL OR p.active = $2::boolean)"         \
    " AND ($3::text IS NULL OR p.scope = $3::text)"

inline constexpr const char* pages_find_sql =
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

inline constexpr const char* pages_count_sql = "SELECT count(*) FROM content_pages AS p" JH_PAGE_WHERE;

#define JH_PAGE_SECTIONS                                                                                         \
    "(SELECT coalesce(jsonb_agg(jsonb_build_object('__component', s.component) || s.body ORDER BY s.position),"  \
    " '[]') FROM content_page_sections AS s WHERE s.page_id = p.id)::text"

inline constexpr const char* page_by_id_sql =
    "SELECT " JH_PAGE_JSON ", " JH_PAGE_SECTIONS " FROM content_pages AS p WHERE p.id = $1::bigint AND (p.active OR $2::boolean)";
inline constexpr const char* page_by_slug_sql =
    "SELECT " JH_PAGE_JSON ", " JH_PAGE_SECTIONS " FROM content_pages AS p WHERE p.slug = $1::text AND p.active";
inline constexpr const char* page_meta_sql =
    "SELECT p.internal_title, p.meta::text, p.scope FROM content_pages AS p WHERE p.slug = $1::text AND p.active";

inline std::string version_key(std::string_view collection) { return "jobhafen:content-version:" + std::string(collection); }
inline std::string resource_key(std::string_view id) { return "jobhafen:xhr-cache:resource:" + std::string(id); }

// The entry a landing page is about (a city, an activity), read from its JSON.
struct subject {
    std::string slug, name, description, content;
    std::vector<std::string> activity_keys;
    double lat = 0, lon = 0;
    int radius_m = search::default_radius_m;   // a city entry's "distance" (metres) when it gives one
    std::string json;   // the entry as JSON
};

std::optional<subject> read_subject(std::string json);

// The placeholders of a landing page about a city, an activity or both (the activity's name and
// description when there are both). Page heads leave {content} empty (`with_content` false).
content::placeholders placeholders_of(const std::optional<subject>& city, const std::optional<subject>& activity,
                                      bool with_content);

}  // namespace jh::content::detail
