// content_actor.h: the content of the site (docs/content.md): collections, pages by slug with
// placeholders and job sections, the xhr caches, the head of each public page, the sitemap and
// content images.
//
// Writes come only from administrators (the routes check). After a write the actor bumps the
// collection's version in Redis (keys of the path cache carry the versions, so old answers are
// never read again), drops the cached resources the change touched, and publishes the change on
// the channel `jobhafen:content-changed`; every loop of every instance subscribes and empties its
// in-memory caches (page heads).
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "media/ipx.h"
#include "reactor/app_error.h"
#include "reactor/page_head.h"
#include "reactor/redis_subscriber.h"
#include "reactor/task.h"
#include "reactor/thread_pool.h"
#include "search/job_filter.h"

namespace jh {

struct loop_context;
class jobs_actor;
class organizations_actor;
struct http_request;

namespace content {

inline constexpr int cache_ttl_s = 14400;   // site-shell spec section 9: content cache 4 h
inline constexpr std::string_view changes_channel = "jobhafen:content-changed";

// The query of a list (docs/content.md, "Collections").
struct list_query {
    std::optional<std::string> slug, scope, category, tag;
    std::optional<bool> active;
    std::optional<std::string> data_filter;   // a JSON object matched by containment
    std::string sort;                         // "" | field | -field
    int page = 1;
    int page_size = 20;
};

// 400 for a bad page, pageSize or filter name.
result<list_query> parse_list_query(const http_request& req);
bool known_collection(std::string_view c) noexcept;

struct head_data;
struct placeholders;

struct cached_answer {
    std::string body;
    bool hit = false;
};

}  // namespace content

class content_actor {
public:
    // jobs, organizations: the pages, heads and sitemaps that list or name them.
    content_actor(loop_context& loop, jobs_actor& jobs, organizations_actor& organizations);
    ~content_actor();

    // JSON answers, written by the actor (they are mostly JSON from PostgreSQL).
    task<result<std::string>> find(std::string collection, content::list_query q, bool admin);
    task<result<std::int64_t>> count(std::string collection, content::list_query q, bool admin);
    task<result<std::string>> find_one(std::string collection, std::int64_t id, bool admin);
    task<result<std::string>> page_by_slug(std::string slug, std::optional<std::string> city, std::optional<std::string> activity);

    // body: the object as JSON. Returns the stored object.
    task<result<std::string>> create(std::string collection, std::string body);
    task<result<std::string>> update(std::string collection, std::int64_t id, std::string body);
    task<result<void>> remove(std::string collection, std::int64_t id);

    // The xhr caches (docs/content.md, "Caches").
    task<result<content::cached_answer>> resource(std::string id);
    task<result<void>> refresh(std::string id);
    // The path cache: the key of a content API path (it carries the versions of the collections
    // the answer depends on), and reading and storing under it (TTL 4 h).
    task<result<std::string>> path_cache_key(std::string path, std::string query);
    task<result<std::optional<std::string>>> cache_get(std::string key);
    task<void> cache_put(std::string key, std::string body);

    // The head of a public page (reactor/page_head.h), kept per path: the same object while it is
    // fresh (content::head_freshness), so the pipeline keeps the page's bytes beside it.
    task<std::shared_ptr<const page_head>> head_for(std::string path);

    // Sitemaps: the index, "pages" or "jobs-N" (1-based).
    task<result<std::string>> sitemap(std::string name);

    task<result<media::ipx_image>> image(media::ipx_request r);

private:
    task<result<std::string>> build_resource(const std::string& id);
    task<result<std::string>> versions_for(std::string_view path);
    task<void> changed(std::string collection);
    // A head and when it goes stale by a date whatever the catalogue (a job's valid_through: the
    // job's end makes no new generation of the index).
    struct built_head {
        page_head head;
        std::chrono::steady_clock::time_point until = std::chrono::steady_clock::time_point::max();
    };
    task<std::optional<built_head>> build_head(const std::string& path);
    // One kind of page's part of build_head (content_heads.cpp): each fills in the head and answers
    // the status and the page's main content, or nullopt when the database did not answer.
    struct head_part {
        int status = 200;
        std::string main_html;   // the job pages' main content (job_paint.h)
        std::chrono::steady_clock::time_point until = std::chrono::steady_clock::time_point::max();   // see built_head
    };
    using path_parts = std::vector<std::string_view>;
    task<std::optional<head_part>> home_head(content::head_data& h);
    task<std::optional<head_part>> job_page_head(content::head_data& h, std::string_view slug_or_id);
    task<std::optional<head_part>> organization_page_head(content::head_data& h, std::string_view slug);
    task<std::optional<head_part>> article_head(content::head_data& h, const path_parts& parts);
    task<std::optional<head_part>> wiki_head(content::head_data& h, const path_parts& parts);
    task<std::optional<head_part>> event_head(content::head_data& h, const path_parts& parts);
    task<std::optional<head_part>> landing_head(content::head_data& h, const path_parts& parts);
    task<std::optional<head_part>> recruiting_head(content::head_data& h, const path_parts& parts);
    task<std::optional<head_part>> single_segment_head(content::head_data& h, const path_parts& parts);
    task<std::optional<head_part>> app_page_head(content::head_data& h, const path_parts& parts);
    task<bool> head_page_meta(content::head_data& h, std::string slug, const content::placeholders* ph);
    // The same, nullopt when the database did not answer (a missing page is false).
    task<std::optional<bool>> try_page_meta(content::head_data& h, std::string slug, const content::placeholders* ph);
    task<std::optional<std::string>> entry_json(std::string collection, std::string slug);
    // The content page the app draws for a path, embedded into its head (with its hero image preloaded).
    task<void> embed_page(content::head_data& h, std::string slug, std::optional<std::string> city,
                          std::optional<std::string> activity);
    // The first page of /jobs embedded into its head; returns its cards as HTML (job_paint.h).
    task<std::string> embed_job_list(content::head_data& h);
    void forget_heads();
    task<result<std::shared_ptr<const std::string>>> job_section(search::job_filter f);

    loop_context& loop_;
    jobs_actor& jobs_;
    organizations_actor& organizations_;
    thread_pool images_;
    std::unique_ptr<redis::subscriber> changes_;
    struct head_entry {
        std::shared_ptr<const page_head> head;   // null: the database did not answer
        std::chrono::steady_clock::time_point made;
        std::optional<std::uint64_t> catalogue;   // the job index's generation it was made from
        std::chrono::steady_clock::time_point until;   // stale from then on (built_head)
        std::size_t bytes = 0;                          // its path and head, counted in heads_bytes_
    };
    std::unordered_map<std::string, head_entry> heads_;
    std::size_t heads_bytes_ = 0;   // bounded by head_cache_bytes (content_internal.h)
    struct job_section_entry {
        std::shared_ptr<const std::string> json;
        std::chrono::steady_clock::time_point made;
        std::optional<std::uint64_t> catalogue;
    };
    std::unordered_map<std::string, job_section_entry> job_sections_;   // see job_section()
};

}  // namespace jh
