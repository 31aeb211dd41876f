// content_actor.cpp: see content_actor.h. The list queries, pages by slug and the job sections of
// landing pages. The rest by topic: content_writes.cpp (writes and caches), content_heads.cpp (page
// heads), content_sitemaps.cpp (sitemaps and images); content_internal.h holds what they share.
#include "actors/content/content_actor.h"

#include <simdjson.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <ctime>

#include "actors/jobs/jobs_actor.h"
#include "actors/organizations/organizations_actor.h"
#include "actors/content/menus.h"
#include "actors/content/content_internal.h"
#include "actors/content/sections.h"
#include "actors/content/seo.h"
#include "actors/jobs/job_json.h"
#include "reactor/http_message.h"
#include "reactor/json_writer.h"
#include "reactor/loop_context.h"
#include "search/query_values.h"

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

namespace content::detail {

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
    if (!e["distance"].get(dist) && dist >= 10000 && dist <= 500000) s.radius_m = static_cast<int>(dist);
    s.json = std::move(json);
    return s;
}

content::placeholders placeholders_of(const std::optional<subject>& city, const std::optional<subject>& activity,
                                      bool with_content) {
    content::placeholders ph;
    if (const subject* s = activity ? &*activity : city ? &*city : nullptr) {
        ph.name = s->name;
        ph.description = s->description;
        if (with_content) ph.content = s->content;
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
    return ph;
}

}  // namespace content::detail

using namespace content::detail;

content_actor::content_actor(loop_context& loop, jobs_actor& jobs, organizations_actor& organizations)
    : loop_(loop), jobs_(jobs), organizations_(organizations), images_(loop.uv, 2, 256) {
    if (!loop_.cfg.redis_url.empty()) {
        auto on_change = [this](std::string_view, std::string_view) { forget_heads(); };
        changes_ = std::make_unique<redis::subscriber>(loop_.uv, loop_.cfg.redis_url, std::string(content::changes_channel), on_change);
        changes_->start();
    }
}

content_actor::~content_actor() = default;

void content_actor::forget_heads() {
    heads_.clear();
    heads_bytes_ = 0;
}

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
        CO_TRY(auto r, co_await loop_.pg.read(pages_find_sql, std::move(p)));
        for (int i = 0; i < r.rows(); ++i) w.raw(r.text(i, 0));
    } else {
        std::optional<std::string> other_sort;
        bool desc = q.sort.starts_with('-');
        std::string field = desc ? q.sort.substr(1) : q.sort;
        static constexpr std::string_view column_sorts[] = {"id", "slug", "title", "name", "position", "publishedAt", "createdAt", "updatedAt"};
        if (!field.empty() && std::find(std::begin(column_sorts), std::end(column_sorts), field) == std::end(column_sorts))
            other_sort = field;
        p.add(collection).add(q.slug).add(q.active).add(q.scope).add(q.category).add(q.tag).add(q.data_filter);
        p.add(q.sort).add(other_sort).add(desc).add(q.page_size).add(offset);
        CO_TRY(auto r, co_await loop_.pg.read(entries_find_sql, std::move(p)));
        for (int i = 0; i < r.rows(); ++i) w.raw(r.text(i, 0));
    }
    w.end_array();
    CO_TRY(auto total, co_await count(collection, q, true));
    w.key("meta").begin_object().member("page", q.page).member("pageSize", q.page_size).member("total", total).end_object();
    w.end_object();
    co_return body;
}

task<result<std::int64_t>> content_actor::count(std::string collection, content::list_query q, bool admin) {
    if (!admin) q.active = true;
    pg::params p;
    if (collection == "pages") {
        p.add(q.slug).add(q.active).add(q.scope);
        CO_TRY(auto r, co_await loop_.pg.read(pages_count_sql, std::move(p)));
        co_return r.int64(0, 0);
    }
    p.add(collection).add(q.slug).add(q.active).add(q.scope).add(q.category).add(q.tag).add(q.data_filter);
    CO_TRY(auto r, co_await loop_.pg.read(entries_count_sql, std::move(p)));
    co_return r.int64(0, 0);
}

task<result<std::string>> content_actor::find_one(std::string collection, std::int64_t id, bool admin) {
    pg::params p;
    if (collection == "pages") {
        p.add(id).add(admin);
        CO_TRY(auto r, co_await loop_.pg.read(page_by_id_sql, std::move(p)));
        if (r.rows() == 0) co_return fail(error_kind::not_found, "Diese Seite gibt es nicht.");
        std::string out(r.text(0, 0));
        out.pop_back();   // the closing brace: the sections are added
        out += ", \"sections\": ";
        out += r.text(0, 1);
        out += "}";
        co_return out;
    }
    p.add(collection).add(id).add(admin);
    CO_TRY(auto r, co_await loop_.pg.read(entry_by_id_sql, std::move(p)));
    if (r.rows() == 0) co_return fail(error_kind::not_found, "Diesen Eintrag gibt es nicht.");
    co_return std::string(r.text(0, 0));
}

// ---- pages by slug ------------------------------------------------------------------------------------

task<result<std::string>> content_actor::page_by_slug(std::string slug, std::optional<std::string> city_slug,
                                                      std::optional<std::string> activity_slug) {
    pg::params p;
    p.add(slug);
    CO_TRY(auto page, co_await loop_.pg.read(page_by_slug_sql, std::move(p)));
    if (page.rows() == 0) co_return fail(error_kind::not_found, "Diese Seite gibt es nicht.");

    std::optional<subject> city, activity;
    for (int which = 0; which < 2; ++which) {
        const auto& wanted = which == 0 ? city_slug : activity_slug;
        if (!wanted) continue;
        pg::params q;
        q.add(which == 0 ? "cities" : "activities").add(*wanted);
        CO_TRY(auto r, co_await loop_.pg.read(entry_by_slug_sql, std::move(q)));
        if (r.rows() == 0)
            co_return fail(error_kind::not_found, which == 0 ? "Diese Stadt gibt es nicht." : "Diese Tätigkeit gibt es nicht.");
        (which == 0 ? city : activity) = read_subject(std::string(r.text(0, 0)));
    }

    content::placeholders ph = placeholders_of(city, activity, true);

    simdjson::dom::parser page_parser, sections_parser;
    simdjson::dom::object page_obj;
    simdjson::dom::array sections;
    std::string page_json(page.text(0, 0)), sections_json(page.text(0, 1));
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
        search::job_filter f;
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
            f.radius_m = city->radius_m;
        }
        CO_TRY(auto found, co_await job_section(f));
        content::begin_filled_object(w, s, ph, {"filterParams", "jobs"});
        w.key("filterParams").begin_object();
        if (f.job_type) w.member("jobType", *f.job_type);
        if (f.q) w.member("q", *f.q);
        if (activity) {
            w.key("activities").begin_array();
            for (const auto& k : activity->activity_keys) w.value(k);
            w.end_array();
        }
        if (city) w.member("lat", city->lat).member("lon", city->lon).member("distance", city->radius_m).member("city", city->slug);
        w.end_object();
        w.key("jobs").raw(*found);
        w.end_object();
    }
    w.end_array();
    w.end_object();
    co_return body;
}

// {"total": N, "items": [cards]} of one job section's filter. The same filter on the same loop is
// answered from memory while the catalogue has not changed (still_fresh, content_internal.h): a
// landing page is read far more often than jobs change, and one search costs a millisecond or more.
task<result<std::shared_ptr<const std::string>>> content_actor::job_section(search::job_filter f) {
    std::string key;
    json_writer k(key);
    k.begin_array().value(f.job_type.value_or("")).value(f.q.value_or("")).value(f.lat.value_or(0.0)).value(f.lon.value_or(0.0));
    k.value(f.radius_m.value_or(0)).value(f.items_per_page).begin_array();
    for (const auto& a : f.activities.value_or(std::vector<std::string>{})) k.value(a);
    k.end_array().end_array();
    auto now = std::chrono::steady_clock::now();
    auto catalogue = jobs_.catalogue_version();
    if (auto it = job_sections_.find(key);
        it != job_sections_.end() && still_fresh(it->second.made, it->second.catalogue, catalogue, now, job_section_ttl))
        co_return it->second.json;
    CO_TRY(auto found, co_await jobs_.search(std::move(f), std::nullopt));
    std::string out;
    json_writer w(out);
    w.begin_object().member("total", found.total).key("items").begin_array();
    std::string locations;
    for (const auto& card : found.items) jobs::write_card(w, card, locations);
    w.end_array().end_object();
    auto json = std::make_shared<const std::string>(std::move(out));
    if (job_sections_.size() >= head_cache_limit) job_sections_.clear();
    job_sections_[key] = job_section_entry{json, now, catalogue};
    co_return json;
}

}  // namespace jh
