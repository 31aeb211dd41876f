// content_heads.cpp: the <head> of a server-rendered page (title, description, Open Graph, the
// embedded page data), built from the page, its subject and the job counts, and kept in memory for a
// minute. Part of content_actor (content_actor.h).
#include "actors/content/content_actor.h"

#include <simdjson.h>
#include <spdlog/spdlog.h>

#include "actors/content/content_internal.h"
#include "actors/content/job_paint.h"
#include "actors/content/sections.h"
#include "actors/content/seo.h"
#include "actors/jobs/job_json.h"
#include "reactor/json_writer.h"
#include "reactor/loop_context.h"
#include "search/query_values.h"

namespace jh {

using namespace content::detail;

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

// The app's own addresses that are not content pages (web/src/app/router.tsx): the redirects of
// old addresses, the search screens under /jobs and the pages a mail links to with a token. Every
// other address without a content page, job, organization or entry does not exist.
bool is_app_page(const std::vector<std::string_view>& parts) {
    static constexpr std::string_view single[] = {"jobs", "joblisting", "job-detail-page", "artikel-faq", "artikel-faq-detail-page", "error"};
    static constexpr std::string_view with_token[] = {"email-bestaetigen", "passwort-zuruecksetzen", "email-aenderung-widerrufen",
                                                      "passwort-festlegen", "job-alert-abmelden", "newsletter-bestaetigen"};
    auto in = [](auto& list, std::string_view s) { return std::find(std::begin(list), std::end(list), s) != std::end(list); };
    if (parts.size() == 1) return in(single, parts[0]);
    if (parts[0] == "jobs")
        return (parts.size() == 2 && (parts[1] == "suche" || parts[1] == "job-nicht-gefunden")) || parts[1] == "suche-als" ||
               (parts.size() == 3 && parts[1] == "suche-nach");
    if (parts[0] == "job-alert-bestaetigen") return parts.size() == 3;
    return parts.size() == 2 && in(with_token, parts[0]);
}

// The head of an address that does not exist: 404, not indexed.
void not_found(int& status, content::head_data& h) {
    status = 404;
    h.noindex = true;
    h.title = "Seite nicht gefunden";
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

task<std::string> content_actor::embed_job_list(content::head_data& h) {
    // The app's first query of /jobs for a visitor: ["jobs","list",{"itemsPerPage":20,"page":1}]
    // (features/jobs/api/jobs.ts jobListQueryOptions with search-params.ts apiQuery; the query
    // cache compares keys with their members sorted, so their order here does not matter).
    search::job_filter f;
    auto found = co_await jobs_.search(f, std::nullopt);
    if (!found) co_return std::string();
    std::string key, data;
    json_writer kw(key), dw(data);
    kw.begin_array().value("jobs").value("list").begin_object().member("itemsPerPage", f.items_per_page).member("page", f.page);
    kw.end_object().end_array();
    jobs::write_page(dw, *found);
    if (data.size() <= content::initial_data_max_bytes) h.initial_data.emplace_back(std::move(key), std::move(data));
    co_return content::job_list_html(*found);
}

task<bool> content_actor::head_page_meta(content::head_data& h, std::string slug, const content::placeholders* ph) {
    co_return (co_await try_page_meta(h, std::move(slug), ph)).value_or(false);
}

task<std::optional<bool>> content_actor::try_page_meta(content::head_data& h, std::string slug, const content::placeholders* ph) {
    pg::params p;
    p.add(slug);
    auto r = co_await loop_.pg.query(page_meta_sql, std::move(p));
    if (!r) co_return std::nullopt;
    if (r->rows() == 0) co_return false;
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
    std::string main_html;   // the job pages' main content (job_paint.h)
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
            main_html = content::job_detail_html(*d);
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
        content::placeholders ph = placeholders_of(city, activity, false);
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
    } else if (parts[0] == "recruiting" && parts.size() >= 2 && parts[1] == "portal") {
        h.noindex = true;   // the provider portal: the app's own pages behind the organization login
        h.title = "Jobhafen für Arbeitgeber";
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
        auto found = co_await try_page_meta(h, slug, nullptr);
        if (!found) co_return std::nullopt;   // the database is away: the plain index.html still works
        if (*found && content_route) co_await embed_page(h, std::move(slug), std::nullopt, std::nullopt);
        if (parts[0] == "jobs") main_html = co_await embed_job_list(h);
        // Neither a content page nor one of the app's own: a 404 from here, not a 200 the app
        // paints as "Seite nicht gefunden" (a soft 404 that search engines index).
        if (!*found && content_route && !is_app_page(parts)) not_found(status, h);
    } else if (parts[0] == "jobs" && is_app_page(parts)) {
        co_await head_page_meta(h, "jobs", nullptr);
    } else if (is_app_page(parts)) {
        h.noindex = true;   // a link from a mail (a token): nothing to index
        h.title = "Jobhafen";
    } else {
        not_found(status, h);
    }
    if (h.image.starts_with('/')) h.image = origin + h.image;   // Open Graph wants an absolute URL
    page_head head;
    head.status = status;
    head.html = content::render_head(h);
    head.main_html = std::move(main_html);
    co_return head;
}

}  // namespace jh
