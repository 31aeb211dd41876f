// content_sitemaps.cpp: the XML sitemaps (the index, the content pages, the jobs in slices) and
// the resized content images. Part of content_actor (content_actor.h).
#include "actors/content/content_actor.h"

#include <algorithm>
#include <ctime>

#include "actors/content/content_internal.h"
#include "actors/content/menus.h"
#include "actors/content/seo.h"
#include "reactor/loop_context.h"
#include "reactor/text_table.h"
#include "search/query_values.h"

namespace jh {

using namespace content::detail;

namespace {

// The URL path under which each collection's pages stand; other kinds stand at the root.
constexpr text_pair path_prefixes[] = {
    {"articles", "/tipps-faq/"},
    {"wikis", "/wiki/"},
    {"events", "/messen-events/"},
    {"cities", "/jobs-stadt/"},
    {"activities", "/jobs-taetigkeit/"},
};

std::string today_utc() {
    std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char buf[16];
    std::strftime(buf, sizeof buf, "%Y-%m-%d", &tm);
    return buf;
}

}  // namespace

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
        CO_TRY(auto r, co_await loop_.pg.read(
            "SELECT 'page', slug, NULL, scope, to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') FROM content_pages"
            " WHERE active AND slug NOT LIKE 'error%' AND slug NOT IN ('landingpages-activities-activity',"
            " 'landingpages-cities-city', 'landingpages-cities-city-activity')"
            " UNION ALL SELECT collection, slug, category, scope, to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')"
            " FROM content_entries WHERE active AND collection IN ('articles', 'wikis', 'events', 'cities', 'activities')"
            " ORDER BY 1, 2"));
        std::vector<content::sitemap_url> urls;
        urls.reserve(static_cast<std::size_t>(r.rows()));
        for (int i = 0; i < r.rows(); ++i) {
            std::string_view kind = r.text(i, 0), slug = r.text(i, 1), category = r.text(i, 2), scope = r.text(i, 3);
            std::string loc;
            if (kind == "page") loc = content::path_of_page(slug, scope == "organization");
            else if (kind == "articles") loc = (scope == "organization" ? "/recruiting/hr-wissen/" : "/tipps-faq/") + std::string(category) + "/" + std::string(slug);
            else if (kind == "events") loc = "/messen-events/" + std::string(category) + "/" + std::string(slug);
            else if (kind == "wikis") loc = (scope == "organization" ? "/recruiting/wiki/" : "/wiki/") + std::string(slug);
            else loc = std::string(value_or(path_prefixes, kind, "/")) + std::string(slug);
            urls.push_back({origin + loc, std::string(r.text(i, 4))});
        }
        co_return content::sitemap_urlset(urls);
    }
    constexpr std::string_view jobs_prefix = "jobs-", suffix = ".xml";
    if (name.starts_with(jobs_prefix) && name.ends_with(suffix)) {
        auto n = search::parse_int(std::string_view(name).substr(jobs_prefix.size(), name.size() - jobs_prefix.size() - suffix.size()));
        if (n && *n >= 1 && *n <= 100000) {
            CO_TRY(auto slice, co_await jobs_.sitemap_slice((*n - 1) * static_cast<std::int64_t>(content::sitemap_max_urls),
                                                                       static_cast<int>(content::sitemap_max_urls)));
            if (slice.empty() && *n > 1) co_return fail(error_kind::not_found, "Diese Sitemap gibt es nicht.");
            std::vector<content::sitemap_url> urls;
            urls.reserve(slice.size());
            for (auto& j : slice) urls.push_back({origin + "/jobs/" + j.slug, std::move(j.lastmod)});
            co_return content::sitemap_urlset(urls);
        }
    }
    co_return fail(error_kind::not_found, "Diese Sitemap gibt es nicht.");
}

// ---- images ----------------------------------------------------------------------------------------------

task<result<media::ipx_image>> content_actor::image(media::ipx_request r) {
    std::string source = loop_.cfg.var_dir + "/content-images";
    std::string cache = loop_.cfg.var_dir + "/ipx-cache";
    auto job = [r = std::move(r), source = std::move(source), cache = std::move(cache)] { return media::ipx_render(r, source, cache); };
    CO_TRY(auto done, co_await images_.run(std::move(job)));
    co_return std::move(done);
}

}  // namespace jh
