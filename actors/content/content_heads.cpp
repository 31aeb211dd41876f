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

task<std::shared_ptr<const page_head>> content_actor::head_for(std::string path) {
    auto now = std::chrono::steady_clock::now();
    // Taken before the build: a change while it runs leaves the new head stale at once.
    auto catalogue = jobs_.catalogue_version();
    if (auto it = heads_.find(path); it != heads_.end() && now < it->second.until &&
                                     still_fresh(it->second.made, it->second.catalogue, catalogue, now, head_ttl))
        co_return it->second.head;
    std::shared_ptr<const page_head> head;
    auto until = std::chrono::steady_clock::time_point::max();
    if (auto built = co_await build_head(path)) {
        head = std::make_shared<const page_head>(std::move(built->head));
        until = built->until;
    }
    const std::size_t bytes = path.size() + (head ? head->html.size() + head->main_html.size() : 0) + 128;
    if (auto old = heads_.find(path); old != heads_.end()) {
        heads_bytes_ -= old->second.bytes;
        heads_.erase(old);
    }
    if (heads_.size() >= head_cache_limit || heads_bytes_ + bytes > head_cache_bytes) {
        heads_.clear();
        heads_bytes_ = 0;
    }
    // A head the database did not answer is kept for the grace only: enough to spare it a flood.
    heads_[path] = head_entry{head, now, head ? catalogue : std::nullopt, until, bytes};
    heads_bytes_ += bytes;
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

// Account and flow pages (/meine-daten, /myInvoices, the sign-in's return, the apply flow): nothing
// to index.
bool is_account_page(std::string_view first) {
    return first.starts_with("mein") || first == "myInvoices" || first == "oauth" || first == "oauthError" || first == "jobs-bewerbung";
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
    auto r = co_await loop_.pg.read(page_meta_sql, std::move(p));
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
    auto r = co_await loop_.pg.read(entry_by_slug_sql, std::move(p));
    if (!r || r->rows() == 0) co_return std::nullopt;
    co_return std::string(r->text(0, 0));
}

// The head of one address: which kind of page it is decides who fills it in (the functions below).
task<std::optional<content_actor::built_head>> content_actor::build_head(const std::string& path) {
    const std::string& origin = loop_.cfg.http_public_origin;
    content::head_data h;
    h.canonical = origin + (path == "/" ? "/" : path);
    auto parts = split_path(path);
    std::optional<head_part> part;
    if (!simdjson::validate_utf8(path.data(), path.size())) {
        // No page has such an address, and PostgreSQL refuses the bytes (error 22021): not "the
        // database is away" (the start page with 200), but a 404.
        part.emplace();
        not_found(part->status, h);
    } else if (parts.empty()) part = co_await home_head(h);
    else if (parts[0] == "jobs" && parts.size() == 2 && parts[1] != "suche" && parts[1] != "job-nicht-gefunden")
        part = co_await job_page_head(h, parts[1]);
    else if (parts[0] == "jobanbieter" && parts.size() == 2) part = co_await organization_page_head(h, parts[1]);
    else if (parts[0] == "tipps-faq" || (parts[0] == "recruiting" && parts.size() >= 2 && parts[1] == "hr-wissen"))
        part = co_await article_head(h, parts);
    else if (parts[0] == "wiki" || (parts[0] == "recruiting" && parts.size() >= 2 && parts[1] == "wiki"))
        part = co_await wiki_head(h, parts);
    else if (parts[0] == "messen-events") part = co_await event_head(h, parts);
    else if (parts[0] == "jobs-stadt" || parts[0] == "jobs-taetigkeit" || is_job_type(parts[0]))
        part = co_await landing_head(h, parts);
    else if (parts[0] == "recruiting") part = co_await recruiting_head(h, parts);
    else if (parts.size() == 1) part = co_await single_segment_head(h, parts);
    else part = co_await app_page_head(h, parts);
    if (!part) co_return std::nullopt;   // the database is away: the plain index.html still works
    if (h.image.starts_with('/')) h.image = origin + h.image;   // Open Graph wants an absolute URL
    page_head head;
    head.status = part->status;
    head.html = content::render_head(h);
    head.main_html = std::move(part->main_html);
    co_return built_head{std::move(head), part->until};
}

task<std::optional<content_actor::head_part>> content_actor::home_head(content::head_data& h) {
    co_await head_page_meta(h, "home", nullptr);
    h.title = h.title == "Startseite" || h.title.empty() ? std::string(content::default_title) : h.title;
    co_await embed_page(h, "home", std::nullopt, std::nullopt);
    co_return head_part{};
}

// /jobs/{slug or id}: the job's title, its JobPosting data, the app's query of the detail
// (["jobs","detail",slug-or-id], features/jobs/api/jobs.ts) and its main content (job_paint.h);
// 410 for a job that has ended, 404 for none.
task<std::optional<content_actor::head_part>> content_actor::job_page_head(content::head_data& h, std::string_view slug_or_id) {
    const std::string& origin = loop_.cfg.http_public_origin;
    result<jobs::job_detail> d = fail(error_kind::not_found);
    if (auto id = search::parse_id(slug_or_id)) d = co_await jobs_.by_id(*id);
    else d = co_await jobs_.by_slug(std::string(slug_or_id));
    head_part part;
    if (d) {
        h.title = d->card.title + (d->card.organization_name.empty() ? "" : " bei " + d->card.organization_name);
        h.description = content::plain_excerpt(d->card.teaser.empty() ? d->description : d->card.teaser);
        h.canonical = origin + "/jobs/" + d->card.slug;
        h.json_ld.push_back(content::job_posting_json_ld(*d, origin));
        std::string key, data;
        json_writer kw(key), dw(data);
        kw.begin_array().value("jobs").value("detail").value(slug_or_id).end_array();
        dw.begin_object();
        jobs::write_detail(dw, *d);
        dw.end_object();
        if (data.size() <= content::initial_data_max_bytes) h.initial_data.emplace_back(std::move(key), std::move(data));
        part.main_html = content::job_detail_html(*d);
        // The job's end makes no new generation: its page is stale then, as its data (jobs_routes.cpp).
        if (d->valid_through_ms) {
            auto wall_now = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch());
            part.until = std::chrono::steady_clock::now() + (std::chrono::milliseconds(*d->valid_through_ms) - wall_now);
        }
    } else if (d.error().kind == error_kind::gone) {
        part.status = 410;
        h.noindex = true;
        if (!co_await head_page_meta(h, "error-jobposting-inactive", nullptr)) h.title = "Diese Stelle ist nicht mehr verfügbar";
    } else if (d.error().kind == error_kind::not_found) {
        part.status = 404;
        h.noindex = true;
        h.title = "Diese Stelle gibt es nicht";
    } else {
        co_return std::nullopt;
    }
    co_return part;
}

// /jobanbieter/{slug}: the organization's name, description and rating data.
task<std::optional<content_actor::head_part>> content_actor::organization_page_head(content::head_data& h, std::string_view slug) {
    // A slug no organization can have (a stray byte PostgreSQL refuses as UTF-8) is a 404 as in the
    // API (organizations_routes.cpp), not "the database is away" and the plain start page with 200.
    result<organizations::organization_view> o = fail(error_kind::not_found);
    if (search::valid_slug(slug)) o = co_await organizations_.by_slug(std::string(slug));   // not a conditional around co_await (g++ 12)
    head_part part;
    if (o) {
        h.title = o->name + " – Jobs und Bewertungen";
        h.description = content::plain_excerpt(o->description);
        h.og_type = "profile";
        if (auto ld = content::employer_rating_json_ld(*o, loop_.cfg.http_public_origin)) h.json_ld.push_back(*ld);
    } else if (o.error().kind == error_kind::not_found) {
        part.status = 404;
        h.noindex = true;
        h.title = "Diesen Jobanbieter gibt es nicht";
    } else {
        co_return std::nullopt;
    }
    // What no generation tracks (its texts; its block or approval while it has no published jobs)
    // shows within the bound of the organization's data, not after the heads' minute.
    part.until = std::chrono::steady_clock::now() + organization_freshness.ttl;
    co_return part;
}

// /tipps-faq[/category[/article]] and /recruiting/hr-wissen[/category[/article]].
task<std::optional<content_actor::head_part>> content_actor::article_head(content::head_data& h, const path_parts& parts) {
    std::size_t base = parts[0] == "tipps-faq" ? 1 : 2;
    head_part part;
    if (parts.size() == 1) {
        co_await head_page_meta(h, "articles", nullptr);
    } else if (parts.size() == base) {   // /recruiting/hr-wissen has no content page of its own
        h.title = "HR-Wissen für Arbeitgeber";
        h.description = "Muster, Vorlagen und Tipps zu Stellenanzeigen, Verträgen und Bewerbermanagement für Promotion-, "
                        "Messe- und Eventpersonal.";
    } else if (parts.size() == base + 1) {
        if (auto e = co_await entry_json("article-categories", std::string(parts[base]))) take_meta(h, *e);
    } else if (auto e = co_await entry_json("articles", std::string(parts.back()))) {
        take_meta(h, *e);
        h.og_type = "article";
    }
    if (parts.size() > base && h.title.empty()) {
        part.status = 404;
        h.noindex = true;
    }
    co_return part;
}

// /wiki[/entry] and /recruiting/wiki[/entry].
task<std::optional<content_actor::head_part>> content_actor::wiki_head(content::head_data& h, const path_parts& parts) {
    std::size_t base = parts[0] == "wiki" ? 1 : 2;
    head_part part;
    if (parts.size() == base) {
        std::string slug = base == 1 ? "wikis" : "organization-wikis";   // not inside the co_await (g++ 12)
        co_await head_page_meta(h, std::move(slug), nullptr);
    } else if (auto e = co_await entry_json("wikis", std::string(parts.back()))) {
        take_meta(h, *e);
    } else {
        part.status = 404;
        h.noindex = true;
    }
    if (h.title.empty()) h.title = "Wiki";
    co_return part;
}

// /messen-events[/category[/event]].
task<std::optional<content_actor::head_part>> content_actor::event_head(content::head_data& h, const path_parts& parts) {
    head_part part;
    if (parts.size() == 1) {
        co_await head_page_meta(h, "events", nullptr);
    } else if (parts.size() == 2) {
        if (auto e = co_await entry_json("event-categories", std::string(parts[1]))) take_meta(h, *e);
    } else if (auto e = co_await entry_json("events", std::string(parts.back()))) {
        take_meta(h, *e);
        h.og_type = "article";
    }
    if (parts.size() > 1 && h.title.empty()) {
        part.status = 404;
        h.noindex = true;
    }
    co_return part;
}

// The landing pages: /jobs-stadt[/{city}[/als/{activity}]], /jobs-taetigkeit[/{activity}] and
// /{job type}[/{city}], with the city's and activity's names in the page's placeholders.
task<std::optional<content_actor::head_part>> content_actor::landing_head(content::head_data& h, const path_parts& parts) {
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
    head_part part;
    if (parts.size() >= 2 && !city && !activity) {
        part.status = 404;
        h.noindex = true;
        h.title = "Diese Seite gibt es nicht";
        co_return part;
    }
    content::placeholders ph = placeholders_of(city, activity, false);
    std::string page = is_job_type(parts[0]) ? "landingpages-" + std::string(parts[0])
                       : parts.size() == 1  ? (parts[0] == "jobs-stadt" ? "landingpages-cities" : "landingpages-activities")
                       : city && activity   ? "landingpages-cities-city-activity"
                       : city               ? "landingpages-cities-city"
                                            : "landingpages-activities-activity";
    co_await head_page_meta(h, page, &ph);
    if (is_job_type(parts[0]) && city && h.title.find(city->name) == std::string::npos) h.title += " in " + city->name;
    // The app asks with the slugs of its address (they name the city and activity found above).
    std::optional<std::string> city_slug, activity_slug;
    if (city) city_slug = std::string(parts[1]);
    if (activity) activity_slug = std::string(parts.back());
    co_await embed_page(h, page, std::move(city_slug), std::move(activity_slug));
    co_return part;
}

// /recruiting[/{page}]: the providers' content pages; /recruiting/portal is the app's portal.
task<std::optional<content_actor::head_part>> content_actor::recruiting_head(content::head_data& h, const path_parts& parts) {
    head_part part;
    if (parts.size() >= 2 && parts[1] == "portal") {
        h.noindex = true;   // the provider portal: the app's own pages behind the organization login
        h.title = "Jobhafen für Arbeitgeber";
        co_return part;
    }
    // The slug is built before the co_await: g++ 12 destroys a conditional's temporary inside a
    // co_await expression twice (a crash on /recruiting/...).
    std::string slug = parts.size() == 1 ? "recruiting" : std::string(parts[1]);
    if (!co_await head_page_meta(h, slug, nullptr)) {
        if (parts.size() > 1) {
            part.status = 404;
            h.noindex = true;
        }
        h.title = "Personal finden";
    } else if (parts.size() <= 2) {
        co_await embed_page(h, std::move(slug), std::nullopt, std::nullopt);
    }
    co_return part;
}

// /{slug}: a content page, or /jobs and /jobanbieter (the app's pages with a content page's head),
// or an account page; anything else is a 404.
task<std::optional<content_actor::head_part>> content_actor::single_segment_head(content::head_data& h, const path_parts& parts) {
    if (is_account_page(parts[0])) co_return co_await app_page_head(h, parts);
    static constexpr std::pair<std::string_view, std::string_view> routes[] = {{"jobs", "jobs"}, {"jobanbieter", "organizations"}};
    std::string slug(parts[0]);
    bool content_route = true;   // /jobs and /jobanbieter are app pages, not content pages
    for (const auto& [route, page] : routes)
        if (route == parts[0]) {
            slug = std::string(page);
            content_route = false;
        }
    auto found = co_await try_page_meta(h, slug, nullptr);
    if (!found) co_return std::nullopt;
    head_part part;
    if (*found && content_route) co_await embed_page(h, std::move(slug), std::nullopt, std::nullopt);
    if (parts[0] == "jobs") part.main_html = co_await embed_job_list(h);
    // Neither a content page nor one of the app's own: a 404 from here, not a 200 the app
    // paints as "Seite nicht gefunden" (a soft 404 that search engines index).
    if (!*found && content_route && !is_app_page(parts)) not_found(part.status, h);
    co_return part;
}

// The app's own pages of more than one segment: account and flow pages, the search screens under
// /jobs, the pages a mail links to; anything else is a 404.
task<std::optional<content_actor::head_part>> content_actor::app_page_head(content::head_data& h, const path_parts& parts) {
    head_part part;
    if (is_account_page(parts[0])) {
        h.noindex = true;   // account and flow pages: nothing to index
        h.title = "Mein Jobhafen";
    } else if (parts[0] == "jobs" && is_app_page(parts)) {
        co_await head_page_meta(h, "jobs", nullptr);   // the search screens share the head of /jobs
    } else if (is_app_page(parts)) {
        h.noindex = true;   // a link from a mail (a token): nothing to index
        h.title = "Jobhafen";
    } else {
        not_found(part.status, h);
    }
    co_return part;
}

}  // namespace jh
