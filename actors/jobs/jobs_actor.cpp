// jobs_actor.cpp: see jobs_actor.h.
#include "actors/jobs/jobs_actor.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>

#include "actors/pg_columns.h"
#include "reactor/compress.h"
#include "reactor/html.h"
#include "reactor/loop_context.h"
#include "reactor/pg_bind.h"
#include "reactor/try.h"

namespace jh {

namespace {

using namespace std::chrono_literals;
using jobs::job_card;

constexpr auto cache_ttl = 60s;

#define JH_DETAIL_SELECT                                                                                               \
    "SELECT c.*, j.description, "                                                                                      \
    "(SELECT coalesce(json_agg(json_build_object('id', i.id, 'slug', i.slug, 'name', i.name) ORDER BY i.sort_order), " \
    "'[]') FROM industries AS i WHERE i.id = ANY (j.industry_ids))::text, to_json(j.brands)::text, "                   \
    "j.period_description, j.salary_description, j.overnight_stay_allowance, j.travel_expenses, j.special_payments, "  \
    "j.working_time, j.benefits, j.requirement, coalesce(j.contact_name, o.contact_name), "                            \
    "coalesce(j.contact_email, o.contact_email)::text, coalesce(j.contact_phone, o.contact_phone), o.website, "         \
    "coalesce(o.company_name, o.name), o.legal_form, o.street, o.zipcode, o.city, o.country, o.vat_id, "               \
    "o.register_court, o.register_number, to_json(j.updated_at) #>> '{}', j.is_published, j.active, "                 \
    "(j.valid_through IS NOT NULL AND j.valid_through <= now()), rt.median_seconds, rt.sample_size, "                  \
    "jh_job_shifts_end(j.id), j.base_salary_max::text, j.wage_exemption, "                                             \
    "(extract(epoch FROM j.valid_through) * 1000)::bigint "                                                            \
    "FROM job_postings AS j JOIN organizations AS o ON o.id = j.organization_id "                                      \
    "LEFT JOIN organization_response_times AS rt ON rt.organization_id = o.id "                                        \
    "CROSS JOIN LATERAL jh_job_cards(ARRAY[j.id], NULL, NULL) AS c "

constexpr const char* detail_by_id_sql = JH_DETAIL_SELECT "WHERE j.id = $1::bigint";
constexpr const char* detail_by_slug_sql = JH_DETAIL_SELECT "WHERE j.slug = $1::text";
#undef JH_DETAIL_SELECT

// What recommend_random searches by: the job's activities and its first location's point.
constexpr const char* similar_jobs_basis_sql =
    "SELECT j.activity_ids::text, l.lat, l.lon FROM job_postings AS j "
    "LEFT JOIN LATERAL (SELECT x.lat, x.lon FROM job_posting_locations AS x WHERE x.job_posting_id = j.id "
    "                   ORDER BY x.sort_order, x.id LIMIT 1) AS l ON true "
    "WHERE j.id = $1::bigint AND j.is_published";

// Columns [at, at + 26) are the card, in jh_job_cards' order.
job_card read_card(const pg::result_set& r, int row, int at) {
    using card = job_card;
    job_card c;
    read_columns(r, row, at, c, &card::id, &card::slug, &card::title, &card::teaser, &card::organization_id,
                 &card::organization_name, &card::organization_slug, &card::has_logo, &card::base_salary, &card::salary_unit,
                 &card::salary_currency, &card::location_description, &card::is_published, &card::top_job,
                 &card::instant_teaser_job, &card::top_offer, &card::sponsored, &card::opportunity, &card::published_at,
                 &card::created_at, &card::valid_through, &card::activities_json, &card::employment_types_json,
                 &card::locations_json, &card::tags_json, &card::distance_m);
    return c;
}

// "{1,4,7}" → {"1", "4", "7"}.
std::vector<std::string> parse_int_array(std::string_view s) {
    std::vector<std::string> out;
    if (s.size() < 2) return out;
    s = s.substr(1, s.size() - 2);
    while (!s.empty()) {
        auto comma = s.find(',');
        out.emplace_back(s.substr(0, comma));
        if (comma == std::string_view::npos) break;
        s.remove_prefix(comma + 1);
    }
    return out;
}

// The cards of `ids` from the index generation, in order, as jh_job_cards gives them for a search
// around `point`; false (and `into` untouched) when one of them is not kept there. The page holds
// on to the generation until it is written.
bool kept_cards(const std::shared_ptr<const search::index_generation>& generation, const std::vector<std::int64_t>& ids,
                const std::optional<search::earth_point>& point, jobs::job_page& into) {
    std::vector<const search::kept_card*> kept;
    kept.reserve(ids.size());
    for (auto id : ids) {
        const auto* k = generation->jobs->card(id);
        if (!k || (point && !k->distances_known())) return false;
        kept.push_back(k);
    }
    into.items.reserve(into.items.size() + kept.size());
    for (const auto* k : kept) into.items.emplace_back(*k, point);
    into.kept_in = generation;
    return true;
}

// The first character (UTF-8) of each of the first two words, upper-cased when ASCII.
std::string initials(std::string_view name) {
    std::string out;
    int count = 0;
    bool at_word = true;
    for (std::size_t i = 0; i < name.size() && count < 2;) {
        unsigned char c = static_cast<unsigned char>(name[i]);
        std::size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : 4;
        bool letter = c >= 0x80 || std::isalnum(c);
        if (at_word && letter) {
            if (c < 0x80) out.push_back(static_cast<char>(std::toupper(c)));
            else out.append(name.substr(i, len));
            ++count;
            at_word = false;
        } else if (!letter) {
            at_word = true;
        }
        i += len;
    }
    return out.empty() ? "J" : out;
}

std::string placeholder_svg(std::string_view name, std::int64_t org_id) {
    static constexpr const char* colors[] = {"#0D223F", "#3D6190", "#DCA441", "#2E7D6B", "#8C3B5E", "#5B4B8A"};
    const char* bg = colors[static_cast<std::size_t>(org_id) % std::size(colors)];
    std::string text = html_escape(initials(name));
    return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"160\" height=\"160\" viewBox=\"0 0 160 160\" role=\"img\" "
           "aria-label=\"" + html_escape(name) + "\"><rect width=\"160\" height=\"160\" rx=\"24\" fill=\"" + bg +
           "\"/><text x=\"80\" y=\"80\" dy=\".35em\" text-anchor=\"middle\" font-family=\"DejaVu Sans, Arial, sans-serif\" "
           "font-size=\"64\" font-weight=\"700\" fill=\"#FFFFFF\">" + text + "</text></svg>";
}

std::optional<std::string> image_type(std::string_view path) {
    auto dot = path.rfind('.');
    if (dot == std::string_view::npos) return std::nullopt;
    std::string ext(path.substr(dot + 1));
    for (auto& ch : ext) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    if (ext == "png") return "image/png";
    if (ext == "jpg" || ext == "jpeg") return "image/jpeg";
    if (ext == "webp") return "image/webp";
    if (ext == "gif") return "image/gif";
    return std::nullopt;   // SVG uploads are not served: they can carry scripts
}

}  // namespace

namespace jobs {

search::card_view page_card::view(std::string& scratch) const {
    if (card_) return search::view_of(*card_);
    return kept_->view_near(point_, scratch);
}

job_card page_card::card() const { return card_ ? *card_ : kept_->near(point_); }

}  // namespace jobs

jobs_actor::jobs_actor(loop_context& loop, const search::index_service* job_index, jobs::search_fallback_counts& fallbacks,
                       std::chrono::seconds totals_cache)
    : loop_(loop), job_index_(job_index), fallbacks_(&fallbacks), files_(loop.uv, 1, 64), totals_cache_(totals_cache) {}

task<result<jobs::job_page>> jobs_actor::search(search::job_filter f, std::optional<std::int64_t> candidate) {
    jobs::job_page page;
    page.page = f.page;
    page.items_per_page = f.items_per_page;

    // A city slug → the coordinates of the most populous place of that name.
    if (f.city) {
        pg::params p;
        p.add(*f.city);
        CO_TRY(auto r, co_await loop_.reads.query(
            "SELECT lat, lon FROM places WHERE slug = $1::text AND country IN ('de', 'at', 'ch') "
            "ORDER BY population DESC, id LIMIT 1",
            std::move(p)));
        if (r.rows() == 0) co_return page;   // unknown city: nothing matches
        f.lat = r.number(0, 0);
        f.lon = r.number(0, 1);
    }

    // Recommendations: the activities of the jobs the candidate applied to or marked in the last
    // N days; applied jobs are left out. Visitors (or a candidate without history) get the newest.
    if (f.recommend_days && candidate) {
        pg::params p;
        p.add(*candidate).add(*f.recommend_days);
        CO_TRY(auto r, co_await loop_.pg.read(
            "SELECT coalesce(array_agg(DISTINCT s.a ORDER BY s.a), '{}')::text FROM ("
            " SELECT unnest(j.activity_ids) AS a FROM applications AS ap JOIN job_postings AS j ON j.id = ap.job_posting_id"
            "  WHERE ap.candidate_account_id = $1::bigint AND ap.created_at > now() - make_interval(days => $2::int)"
            " UNION ALL"
            " SELECT unnest(j.activity_ids) FROM favorites AS fv JOIN job_postings AS j ON j.id = fv.job_posting_id"
            "  WHERE fv.candidate_account_id = $1::bigint AND fv.created_at > now() - make_interval(days => $2::int)) AS s",
            std::move(p)));
        auto ids = parse_int_array(r.text(0, 0));
        if (!ids.empty() && !f.activities) f.activities = std::move(ids);
        f.not_yet_applied_to = true;
    }

    const int offset = (f.page - 1) * f.items_per_page;
    auto from_index = co_await search_index(f, candidate, offset, page);
    if (!from_index) co_return std::unexpected(from_index.error());
    if (*from_index) {
        CO_CHECK(co_await add_free_shifts(f, page));
        co_return co_await with_exact_total(f, std::move(page));
    }

    // The filter's own SQL arguments (search/job_filter.h): the alerts worker binds the same ones.
    pg::params p;
    const auto not_applied_by = f.not_yet_applied_to ? candidate : std::nullopt;
    for (auto& a : search::job_search_arguments(f, not_applied_by, offset)) p.add(std::move(a));
    // Leaving out the candidate's own applications may follow their own write: that stays on the primary.
    pg::expected<pg::result_set> r;
    if (not_applied_by) r = co_await loop_.pg.read(search::job_search_sql, std::move(p));
    else r = co_await loop_.reads.query(search::job_search_sql, std::move(p));
    if (!r) co_return std::unexpected(r.error().to_app_error());
    for (int i = 0; i < r->rows(); ++i) {
        if (i == 0) {
            page.total = r->int64(0, 0);
            page.capped = r->boolean(0, 1);
        }
        if (r->is_null(i, 2)) continue;   // the row of an empty page
        page.items.emplace_back(read_card(*r, i, 2));
    }
    CO_CHECK(co_await add_free_shifts(f, page));
    co_return co_await with_exact_total(f, std::move(page));
}

// Only a search by Einsatztage asks: the cards then say which of her dates are free, and every
// other search stays one answer from memory (docs/search.md, "Shift dates").
constexpr int free_shifts_on_card = 2;

task<result<void>> jobs_actor::add_free_shifts(const search::job_filter& f, jobs::job_page& page) {
    if ((!f.shifts_from && !f.shifts_to) || page.items.empty()) co_return result<void>{};
    std::vector<std::int64_t> ids;
    ids.reserve(page.items.size());
    for (const auto& c : page.items) ids.push_back(c.id());
    pg::params p;
    p.add(search::bigint_array_text(ids)).add(f.shifts_from).add(f.shifts_to).add(free_shifts_on_card);
    CO_TRY(auto r, co_await loop_.reads.query(
        "SELECT job_posting_id, free_shifts::text FROM jh_job_free_shifts($1::bigint[], date '1970-01-01' + $2::int, "
        "date '1970-01-01' + $3::int, $4::int)",
        std::move(p)));
    for (int i = 0; i < r.rows(); ++i)
        for (auto& c : page.items)
            if (c.id() == r.int64(i, 0)) c.free_shifts_json = std::string(r.text(i, 1));
    co_return result<void>{};
}

task<jobs::job_page> jobs_actor::with_exact_total(const search::job_filter& f, jobs::job_page page) {
    // The count of a search narrowed by nothing but a job type is known exactly (totals cache).
    if (f.only_job_type() && page.capped) {
        auto t = co_await totals();
        if (t) {
            std::string want = f.job_type.value_or("");
            for (const auto& e : *t)
                if (e.slug == want) {
                    page.total = e.total;
                    page.capped = false;
                }
        }
    }
    co_return page;
}

task<result<bool>> jobs_actor::search_index(const search::job_filter& f, std::optional<std::int64_t> candidate, int offset,
                                           jobs::job_page& page) {
    if (!job_index_) co_return false;
    auto generation = job_index_->current();
    if (!generation) {   // still building: the SQL search answers
        fallbacks_->count(jobs::search_fallback::not_ready);
        co_return false;
    }
    const auto now_us = std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
    auto q = search::to_index_query(f, *generation->refs, now_us);
    if (!q) {
        fallbacks_->count(jobs::search_fallback::query);
        co_return false;
    }
    q->limit = offset >= search::result_window ? 0 : f.items_per_page;
    q->offset = std::min(offset, search::result_window);
    if (f.not_yet_applied_to && candidate) {
        pg::params p;
        p.add(*candidate);
        CO_TRY(auto r, co_await loop_.pg.read(
            "SELECT coalesce(array_agg(job_posting_id), '{}')::text FROM applications WHERE candidate_account_id = $1::bigint",
            std::move(p)));
        q->excluded_ids = search::parse_bigint_array_text(r.text(0, 0));
    }
    auto answer = generation->jobs->search(*q);
    page.total = answer.total;
    page.capped = answer.capped;
    if (answer.page.empty() && answer.window.empty()) co_return true;

    // A window of text matches is ordered by PostgreSQL first (ts_rank or distance,
    // jh_job_order_window), as the SQL search does; the index knows the order of the rest.
    std::vector<std::int64_t> ids = std::move(answer.page);
    if (answer.ordered_by_postgres) {
        fallbacks_->count(jobs::search_fallback::window);
        pg::params p;
        p.add(search::bigint_array_text(answer.window)).add(q->sort).add(*f.q);
        if (f.lat && f.lon) p.add(*f.lat).add(*f.lon);
        else p.add(std::nullopt).add(std::nullopt);
        p.add(search::bigint_array_text(answer.after_window)).add(q->offset).add(q->limit);
        CO_TRY(auto r, co_await loop_.reads.query(
            "SELECT ((jh_job_order_window($1::bigint[], $2::text, jh_search_query($3::text), jh_earth($4::float8, $5::float8)) "
            "|| $6::bigint[])[$7::int + 1 : $7::int + $8::int])::text",
            std::move(p)));
        if (!r.is_null(0, 0))
            for (auto id : search::parse_bigint_array_text(r.text(0, 0))) ids.push_back(id);
    }
    if (kept_cards(generation, ids, q->point, page)) co_return true;

    // A card the generation does not keep (a job older than the newest search.index_cards, or one
    // that changed while its card was read): the page's cards by primary key, in the index's order.
    fallbacks_->count(jobs::search_fallback::cards);
    pg::params p;
    if (f.lat && f.lon) p.add(*f.lat).add(*f.lon);
    else p.add(std::nullopt).add(std::nullopt);
    p.add(search::bigint_array_text(ids));
    CO_TRY(auto r, co_await loop_.reads.query("SELECT c.* FROM jh_job_cards($3::bigint[], $1::float8, $2::float8) AS c",
                                              std::move(p)));
    for (int i = 0; i < r.rows(); ++i) page.items.emplace_back(read_card(r, i, 0));
    co_return true;
}

task<result<jobs::job_detail>> jobs_actor::by_id(std::int64_t id) { return detail(false, id, {}); }

task<result<jobs::job_detail>> jobs_actor::by_slug(std::string slug) { return detail(true, 0, std::move(slug)); }

task<result<jobs::job_detail>> jobs_actor::detail(bool by_slug, std::int64_t id, std::string slug) {
    pg::params p;
    if (by_slug) p.add(slug);
    else p.add(id);
    CO_TRY(auto r, co_await loop_.reads.query(by_slug ? detail_by_slug_sql : detail_by_id_sql, std::move(p)));
    if (r.rows() == 0 || !r.boolean(0, 51))
        co_return std::unexpected(app_error::make(error_kind::not_found, "Diese Stelle gibt es nicht."));
    if (!r.boolean(0, 52) || r.boolean(0, 53))
        co_return std::unexpected(app_error::make(error_kind::gone, "JobPosting is inactive!"));
    jobs::job_detail d;
    d.card = read_card(r, 0, 0);
    // Columns 26 to 50: what the page of one job adds to its card.
    using job = jobs::job_detail;
    read_columns(r, 0, 26, d, &job::description, &job::industries_json, &job::brands_json, &job::period_description,
                 &job::salary_description, &job::overnight_stay_allowance, &job::travel_expenses, &job::special_payments,
                 &job::working_time, &job::benefits, &job::requirement, &job::contact_name, &job::contact_email,
                 &job::contact_phone, &job::website, &job::company_name, &job::legal_form, &job::street, &job::zipcode, &job::city,
                 &job::country, &job::vat_id, &job::register_court, &job::register_number, &job::updated_at);
    d.response = organizations::read_response_time(r, 0, 54);
    read_column(r, 0, 56, d.shifts_end);
    read_column(r, 0, 57, d.base_salary_max);
    read_column(r, 0, 58, d.wage_exemption);
    read_column(r, 0, 59, d.valid_through_ms);
    co_return d;
}

std::optional<std::uint64_t> jobs_actor::catalogue_version() const noexcept { return search::generation_number(job_index_); }

// What a job's recommendations search by, kept per loop while the catalogue is unchanged (the
// similar jobs under every job page asked the database for it each time).
task<result<std::optional<jobs_actor::similar_basis>>> jobs_actor::similar_jobs_basis(std::int64_t id) {
    const auto now = std::chrono::steady_clock::now();
    const auto version = catalogue_version();
    if (auto it = bases_.find(id); it != bases_.end() && still_fresh(it->second.made, it->second.version, version, jobs::detail_freshness, now))
        co_return it->second.basis;
    CO_TRY(auto r, co_await loop_.pg.read(similar_jobs_basis_sql, pg::bind(id)));
    std::optional<similar_basis> basis;
    if (r.rows() > 0) {
        basis.emplace();
        basis->activities = parse_int_array(r.text(0, 0));
        if (!r.is_null(0, 1)) basis->point = std::pair{r.number(0, 1), r.number(0, 2)};
    }
    if (bases_.size() >= max_kept_bases) bases_.clear();
    bases_[id] = kept_basis{basis, version, now};
    co_return basis;
}

task<result<std::vector<jobs::job_card>>> jobs_actor::recommend_random(std::int64_t id, int n, std::optional<std::int64_t> candidate) {
    CO_TRY(auto base, co_await similar_jobs_basis(id));
    if (!base) co_return std::unexpected(app_error::make(error_kind::not_found, "Diese Stelle gibt es nicht."));

    search::job_filter f;
    f.sort = "random";
    f.items_per_page = n + 1;   // the job itself may come back
    f.not_yet_applied_to = candidate.has_value();   // her applied jobs are left out (issue 41, item 14)
    if (!base->activities.empty()) f.activities = base->activities;
    std::vector<jobs::job_card> out;
    // First near the job (100 km), then anywhere.
    for (int attempt = 0; attempt < 2 && static_cast<int>(out.size()) < n; ++attempt) {
        search::job_filter g = f;
        if (attempt == 0) {
            if (!base->point) continue;
            g.lat = base->point->first;
            g.lon = base->point->second;
            g.radius_m = 100000;
        }
        auto page = co_await search(std::move(g), candidate);
        if (!page) co_return std::unexpected(page.error());
        for (const auto& c : page->items) {
            if (c.id() == id || static_cast<int>(out.size()) >= n) continue;
            if (std::any_of(out.begin(), out.end(), [&](const job_card& o) { return o.id == c.id(); })) continue;
            out.push_back(c.card());
        }
    }
    co_return out;
}

task<result<jobs::logo_file>> jobs_actor::logo(std::int64_t id) {
    pg::params p;
    p.add(id);
    CO_TRY(auto r, co_await loop_.pg.read(
        "SELECT coalesce(j.logo_path, o.logo_path), o.name, o.id FROM job_postings AS j "
        "JOIN organizations AS o ON o.id = j.organization_id WHERE j.id = $1::bigint AND j.is_published",
        std::move(p)));
    if (r.rows() == 0) co_return std::unexpected(app_error::make(error_kind::not_found, "Diese Stelle gibt es nicht."));
    std::string name(r.text(0, 1));
    std::int64_t org_id = r.int64(0, 2);
    if (!r.is_null(0, 0)) {
        std::string rel(r.text(0, 0));
        auto type = image_type(rel);
        // Paths are content-addressed names under var/media written by the media code: never
        // absolute, never climbing.
        if (type && !rel.starts_with('/') && rel.find("..") == std::string::npos) {
            std::string path = loop_.cfg.var_dir + "/media/" + rel;
            auto read = [path] {
                std::ifstream in(path, std::ios::binary);
                std::optional<std::string> body;
                if (in) body = std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
                return body;
            };
            auto body = co_await files_.run(std::move(read));
            if (body && *body && !(*body)->empty()) co_return jobs::logo_file{*type, std::move(**body), false};
        }
    }
    co_return jobs::logo_file{"image/svg+xml", placeholder_svg(name, org_id), true};
}

task<result<jobs::cached_body>> jobs_actor::active_keys() {
    auto now = std::chrono::steady_clock::now();
    if (keys_.plain && now - keys_.made < cache_ttl) co_return keys_;
    CO_TRY(auto r, co_await loop_.pg.read(
        "SELECT coalesce(string_agg(job_posting_id::text, ',' ORDER BY job_posting_id), ''), count(*) "
        "FROM job_search_points WHERE is_primary AND (valid_through IS NULL OR valid_through > now())"));
    std::string body = "{\"hydra:member\":[";
    body += r.text(0, 0);
    body += "],\"hydra:totalItems\":";
    body += r.text(0, 1);
    body += "}";
    jobs::cached_body c;
    if (auto gz = gzip_compress(body)) c.gzip = std::make_shared<const std::string>(std::move(*gz));
    c.plain = std::make_shared<const std::string>(std::move(body));
    c.made = now;
    keys_ = c;
    co_return c;
}

// The list a keystroke is answered from: read every five minutes per loop (a new activity or a word
// that became common shows within that), never per keystroke.
constexpr auto suggestions_ttl = 300s;
constexpr int suggested_words = 3000;   // the most frequent title words kept (a few hundred KB)
constexpr std::size_t suggestions_shown = 8;

task<result<std::vector<jobs::search_suggestion>>> jobs_actor::suggest(std::string typed) {
    const auto now = std::chrono::steady_clock::now();
    if (suggestions_.empty() || now - suggestions_made_ >= suggestions_ttl) {
        pg::params p;
        p.add(suggested_words);
        CO_TRY(auto r, co_await loop_.pg.read("SELECT kind, name, coalesce(slug, ''), jobs FROM jh_search_suggestions($1::int)", std::move(p)));
        std::vector<jobs::search_suggestion> all;
        for (int i = 0; i < r.rows(); ++i)
            all.push_back({std::string(r.text(i, 0)), std::string(r.text(i, 1)), std::string(r.text(i, 2)), r.int64(i, 3)});
        suggestions_ = jobs::suggestion_list(std::move(all));
        suggestions_made_ = now;
    }
    co_return suggestions_.matching(typed, suggestions_shown);
}

task<result<std::vector<jobs::job_type_total>>> jobs_actor::totals() {
    auto now = std::chrono::steady_clock::now();
    // From the index when it is built: a few bitmap counts instead of counting every live job in SQL,
    // made again for each new generation (a change) and at least once a minute (jobs that expired).
    if (auto generation = job_index_ ? job_index_->current() : nullptr) {
        const bool same_generation = !totals_generation_.expired() && !totals_generation_.owner_before(generation) &&
                                     !generation.owner_before(totals_generation_);
        if (!totals_.empty() && same_generation && now - totals_made_ < cache_ttl) co_return totals_;
        totals_generation_ = generation;
        const auto now_us = std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
        std::vector<jobs::job_type_total> out;
        for (auto& c : search::count_job_types(*generation, now_us)) out.push_back({std::move(c.slug), std::move(c.name), c.total});
        totals_ = out;
        totals_made_ = now;
        co_return out;
    }
    totals_generation_.reset();
    if (!totals_.empty() && now - totals_made_ < totals_cache_) co_return totals_;
    CO_TRY(auto r, co_await loop_.pg.read("SELECT coalesce(job_type, ''), name, total FROM jh_job_totals()"));
    std::vector<jobs::job_type_total> out;
    for (int i = 0; i < r.rows(); ++i) out.push_back({std::string(r.text(i, 0)), std::string(r.text(i, 1)), r.int64(i, 2)});
    totals_ = out;
    totals_made_ = now;
    co_return out;
}

task<result<std::vector<jobs::sitemap_job>>> jobs_actor::sitemap_slice(std::int64_t offset, int limit) {
    pg::params p;
    p.add(offset).add(limit);
    CO_TRY(auto r, co_await loop_.pg.read(
        "SELECT slug, to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') FROM job_postings "
        "WHERE is_published AND active AND (valid_through IS NULL OR valid_through > now()) "
        "ORDER BY id OFFSET $1::bigint LIMIT $2::int",
        std::move(p)));
    std::vector<jobs::sitemap_job> out;
    out.reserve(static_cast<std::size_t>(r.rows()));
    for (int i = 0; i < r.rows(); ++i) out.push_back({std::string(r.text(i, 0)), std::string(r.text(i, 1))});
    co_return out;
}

task<result<std::int64_t>> jobs_actor::live_count() {
    CO_TRY(auto r, co_await loop_.pg.read(
        "SELECT count(*) FROM job_postings WHERE is_published AND active AND (valid_through IS NULL OR valid_through > now())"));
    co_return r.int64(0, 0);
}

}  // namespace jh
