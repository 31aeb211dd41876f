// job_filter.cpp: see job_filter.h.
#include "search/job_filter.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <limits>
#include <type_traits>

#include "search/query_values.h"
#include "search/text.h"

namespace jh::search {

namespace {

std::unexpected<std::string> bad(std::string msg) { return std::unexpected(std::move(msg)); }

std::string trim_blanks(std::string_view s) {
    auto b = s.find_first_not_of(" \t");
    if (b == std::string_view::npos) return {};
    auto e = s.find_last_not_of(" \t");
    return std::string(s.substr(b, e - b + 1));
}

constexpr std::array<std::string_view, 9> job_types{"promotionjobs", "messejobs",    "eventjobs",  "gastrojobs", "studentenjobs",
                                                     "rentnerjobs",   "schuelerjobs", "ferienjobs", "nebenjobs"};

// "(52.52, 13.40, 50 km)", "52.52,13.40,50" → up to three numbers.
std::vector<double> numbers_in(std::string_view s) {
    std::vector<double> out;
    std::size_t i = 0;
    while (i < s.size() && out.size() < 4) {
        if ((s[i] >= '0' && s[i] <= '9') || s[i] == '-' || s[i] == '.') {
            std::size_t j = i;
            while (j < s.size() && ((s[j] >= '0' && s[j] <= '9') || s[j] == '-' || s[j] == '.')) ++j;
            auto v = parse_number(s.substr(i, j - i));
            if (!v) return {};
            out.push_back(*v);
            i = j;
        } else {
            ++i;
        }
    }
    return out;
}

std::optional<bool> flag_param(const filter_params& params, std::string_view name, bool& bad_value) {
    auto v = params.first(name);
    if (!v || v->empty()) return std::nullopt;
    auto f = parse_flag(*v);
    if (!f) bad_value = true;
    return f;
}

// Slugs are checked to be [a-z0-9_-] by the filter, ids are numbers: no quoting needed.
template <typename T>
std::string array_literal(const std::vector<T>& v) {
    std::string out = "{";
    for (std::size_t i = 0; i < v.size(); ++i) {
        if (i) out += ',';
        if constexpr (std::is_same_v<T, std::string>) out += v[i];
        else out += std::to_string(v[i]);
    }
    return out + "}";
}

template <typename T>
std::optional<std::string> text_of(const std::optional<T>& v) {
    if (!v) return std::nullopt;
    if constexpr (std::is_same_v<T, std::string>) return *v;
    else if constexpr (std::is_same_v<T, bool>) return *v ? "true" : "false";
    else if constexpr (std::is_same_v<T, double>) {
        char buf[32];
        auto [p, ec] = std::to_chars(buf, buf + sizeof buf, *v);   // shortest exact form
        return std::string(buf, p);
    } else if constexpr (std::is_arithmetic_v<T>) return std::to_string(*v);
    else return array_literal(*v);
}

// jh_activity_ids & co.: the ids of the known values; an unknown value resolves to nothing, and a
// list that resolves to nothing matches no job (an engaged, empty list).
std::vector<int> resolve(const std::vector<std::string>& values, const std::unordered_map<std::string, int>& known) {
    std::vector<int> out;
    for (const auto& v : values)
        if (auto it = known.find(v); it != known.end()) out.push_back(it->second);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

// shiftsFrom, shiftsTo: dates, to not before from, at most max_shift_window_days together.
std::optional<std::string> read_shift_window(const filter_params& params, job_filter& f) {
    for (auto [name, target] : {std::pair{"shiftsFrom", &f.shifts_from}, std::pair{"shiftsTo", &f.shifts_to}}) {
        auto v = params.first(name);
        if (!v || v->empty()) continue;
        *target = parse_date_days(*v);
        if (!*target) return std::string(name) + " muss ein Datum im Format JJJJ-MM-TT sein (z. B. 2026-12-05).";
    }
    if (f.shifts_from && f.shifts_to) {
        if (*f.shifts_to < *f.shifts_from) return "shiftsTo darf nicht vor shiftsFrom liegen.";
        if (*f.shifts_to - *f.shifts_from >= max_shift_window_days)
            return "Der Zeitraum von shiftsFrom bis shiftsTo darf höchstens 366 Tage umfassen.";
    }
    return std::nullopt;
}


// The text (q), the lists of activities, employment types and industries (slugs, at most
// max_list_values each) and the job type.
std::optional<std::string> read_text_and_lists(const filter_params& params, job_filter& f) {
    if (auto q = params.first_of({"q", "what", "text"})) {
        if (q->size() > max_text_bytes) return "Der Suchtext ist zu lang (höchstens 1000 Zeichen).";
        std::string t = trim_blanks(*q);
        if (!t.empty()) f.q = std::move(t);
    }

    auto slugs = [&](std::initializer_list<std::string_view> names, std::optional<std::vector<std::string>>& target,
                     std::string_view what) -> std::optional<std::string> {
        auto values = params.list(names);
        if (values.empty()) return std::nullopt;
        if (values.size() > max_list_values) return "Zu viele Werte für " + std::string(what) + ".";
        for (auto& v : values) {
            std::transform(v.begin(), v.end(), v.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
            if (!valid_slug(v)) return "Unbekannter Wert für " + std::string(what) + ": nur Kürzel (slug) oder Ids.";
        }
        std::sort(values.begin(), values.end());
        values.erase(std::unique(values.begin(), values.end()), values.end());
        target = std::move(values);
        return std::nullopt;
    };
    if (auto e = slugs({"activity", "activity[]", "activities", "activities[]"}, f.activities, "activity")) return e;
    if (auto e = slugs({"employmentType", "employmentType[]", "employmentTypes", "employmentTypes[]"}, f.employment_types,
                       "employmentType"))
        return e;
    if (auto e = slugs({"industry", "industry[]", "industries", "industries[]"}, f.industries, "industry")) return e;

    if (auto t = params.first("jobType"); t && !t->empty()) {
        if (std::find(job_types.begin(), job_types.end(), *t) == job_types.end())
            return "Unbekannter jobType: erlaubt sind eventjobs, ferienjobs, gastrojobs, messejobs, nebenjobs, "
                   "promotionjobs, rentnerjobs, schuelerjobs und studentenjobs.";
        f.job_type = *t;
    }
    return std::nullopt;
}

// The place: lat/lon, a city's slug or geoCluster_typesense (one of them), and the distance around it.
std::optional<std::string> read_place(const filter_params& params, job_filter& f) {
    auto lat = params.first("lat");
    auto lon = params.first_of({"lon", "lng"});
    auto distance = params.first("distance");
    if (distance && distance->empty()) distance.reset();
    if (lat || lon) {
        if (!lat || !lon) return "lat und lon gehören zusammen.";
        auto a = parse_number(*lat), o = parse_number(*lon);
        if (!a || !o || !valid_lat(*a) || !valid_lon(*o)) return "lat und lon müssen gültige Koordinaten sein.";
        f.lat = a;
        f.lon = o;
    }
    if (auto c = params.first("city"); c && !c->empty()) {
        if (!valid_slug(*c)) return "city muss das Kürzel eines Orts sein (z. B. berlin).";
        if (f.lat) return "Entweder city oder lat/lon angeben, nicht beides.";
        f.city = *c;
    }
    if (auto g = params.first("geoCluster_typesense"); g && !g->empty()) {
        if (g->size() > 100) return "geoCluster_typesense ist ungültig.";
        auto n = numbers_in(*g);
        if (n.size() < 2 || n.size() > 3 || !valid_lat(n[0]) || !valid_lon(n[1]))
            return "geoCluster_typesense muss \"(lat, lon, Entfernung km)\" sein.";
        if (f.lat || f.city) return "Nur eine Ortsangabe: lat/lon, city oder geoCluster_typesense.";
        f.lat = n[0];
        f.lon = n[1];
        if (n.size() == 3) {
            auto text = std::to_string(static_cast<long long>(n[2]));
            if (static_cast<double>(static_cast<long long>(n[2])) != n[2]) return "Die Entfernung muss 10, 25, 50, 100, 250 oder 500 km sein.";
            auto r = parse_distance_m(text);
            if (!r) return "Die Entfernung muss 10, 25, 50, 100, 250 oder 500 km sein.";
            f.radius_m = r;
        }
    }
    if (distance) {
        auto r = parse_distance_m(*distance);
        if (!r) return "Die Entfernung muss 10, 25, 50, 100, 250 oder 500 km sein.";
        if (!f.lat && !f.city) return "Eine Entfernung braucht einen Ort (lat/lon oder city).";
        f.radius_m = r;
    }
    if (f.lat || f.city) f.radius_m = f.radius_or_default();
    return std::nullopt;
}

// Published since, the shift window, the card flags, the ids, the organization, "not yet applied
// to" and recommendations.
std::optional<std::string> read_narrowing(const filter_params& params, job_filter& f) {
    if (auto i = params.first("interval_created"); i && !i->empty()) {
        auto s = parse_interval_s(*i);
        if (!s) return "interval_created muss 1h, 4h, 24h, 3d oder 7d sein.";
        f.since_s = s;
    }

    if (auto e = read_shift_window(params, f)) return e;

    bool bad_flag = false;
    f.top_job = flag_param(params, "top_job", bad_flag);
    f.instant_teaser_job = flag_param(params, "instant_teaser_job", bad_flag);
    f.top_offer = flag_param(params, "top_offer", bad_flag);
    f.sponsored = flag_param(params, "sponsored", bad_flag);
    f.opportunity = flag_param(params, "opportunity", bad_flag);
    if (bad_flag) return "Die Merkmale top_job, instant_teaser_job, top_offer, sponsored und opportunity sind 1 oder 0.";

    auto ids = params.list({"id[]", "ids[]", "id", "ids"});
    if (!ids.empty()) {
        if (ids.size() > max_ids) return "Höchstens 100 Ids auf einmal (id[]).";
        std::vector<std::int64_t> parsed;
        for (const auto& s : ids) {
            auto v = parse_id(s);
            if (!v) return "id[] enthält eine ungültige Id.";
            parsed.push_back(*v);
        }
        std::sort(parsed.begin(), parsed.end());
        parsed.erase(std::unique(parsed.begin(), parsed.end()), parsed.end());
        f.ids = std::move(parsed);
    }

    if (auto o = params.first_of({"organization", "organization.id", "organizationId"}); o && !o->empty()) {
        auto v = parse_id(*o);
        if (!v) return "organization muss eine Id sein.";
        f.organization_id = v;
    }

    if (auto n = params.first("notYetAppliedTo")) {
        auto flag = parse_flag(*n);
        if (flag && !*flag) {
            // notYetAppliedTo=0: no exclusion
        } else {
            f.not_yet_applied_to = true;
            if (!flag && !n->empty()) {
                auto claimed = parse_id(*n);
                if (!claimed) return "notYetAppliedTo ist ungültig.";
                f.not_yet_applied_to_claimed = claimed;
            }
        }
    }

    if (auto r = params.first("recommend"); r && !r->empty()) {
        auto v = parse_int(*r);
        if (!v || *v < 1 || *v > 365) return "recommend muss zwischen 1 und 365 liegen.";
        f.recommend_days = static_cast<int>(*v);
    }
    return std::nullopt;
}

// The order (sort, or the older order[...] names) and the page.
std::optional<std::string> read_order_and_page(const filter_params& params, job_filter& f) {
    if (auto s = params.first("sort"); s && !s->empty()) {
        if (*s != "relevance" && *s != "newest" && *s != "distance" && *s != "random")
            return "sort muss relevance, newest, distance oder random sein.";
        f.sort = *s;
    } else if (auto o = params.first("order[publishedAt]"); o && !o->empty()) {
        if (*o != "desc") return "order[publishedAt] kann nur desc sein.";
        f.sort = "newest";
    } else if (auto d = params.first("order[distance]"); d && !d->empty()) {
        if (*d != "asc") return "order[distance] kann nur asc sein.";
        f.sort = "distance";
    }
    if (f.sort == "distance" && !f.has_place()) return "Sortieren nach Entfernung braucht einen Ort.";
    if (f.sort == "relevance" && !f.q) f.sort = "newest";

    if (auto p = params.first("page"); p && !p->empty()) {
        auto v = parse_int(*p);
        if (!v || *v < 1 || *v > 1000000) return "page muss eine positive Zahl sein.";
        f.page = static_cast<int>(*v);
    }
    if (auto p = params.first("itemsPerPage"); p && !p->empty()) {
        auto v = parse_int(*p);
        if (!v || *v < 1 || *v > max_items_per_page) return "itemsPerPage muss zwischen 1 und 100 liegen.";
        f.items_per_page = static_cast<int>(*v);
    }
    return std::nullopt;
}

}  // namespace

filter_params filter_params::decode(std::string_view q) {
    filter_params out;
    while (!q.empty()) {
        auto amp = q.find('&');
        std::string_view pair = q.substr(0, amp);
        auto eq = pair.find('=');
        auto name = decode_query_component(pair.substr(0, eq));
        auto value = decode_query_component(eq == std::string_view::npos ? std::string_view{} : pair.substr(eq + 1));
        if (!pair.empty() && name && value) out.add(std::move(*name), std::move(*value));
        if (amp == std::string_view::npos) break;
        q.remove_prefix(amp + 1);
    }
    return out;
}

bool filter_params::all_utf8() const noexcept {
    for (const auto& [k, v] : pairs_)
        if (!valid_utf8(k) || !valid_utf8(v)) return false;
    return true;
}

std::optional<std::string> filter_params::first(std::string_view name) const {
    for (const auto& [k, v] : pairs_)
        if (k == name) return v;
    return std::nullopt;
}

std::optional<std::string> filter_params::first_of(std::initializer_list<std::string_view> names) const {
    for (auto n : names)
        if (auto v = first(n)) return v;
    return std::nullopt;
}

std::vector<std::string> filter_params::list(std::initializer_list<std::string_view> names) const {
    std::vector<std::string> out;
    for (auto n : names) {
        for (const auto& [k, v] : pairs_) {
            if (k != n) continue;
            std::string_view s = v;
            while (!s.empty()) {
                auto comma = s.find(',');
                std::string part = trim_blanks(s.substr(0, comma));
                if (!part.empty()) out.push_back(std::move(part));
                if (comma == std::string_view::npos) break;
                s.remove_prefix(comma + 1);
            }
            if (out.size() > max_list_values * 2) return out;   // the caller rejects it
        }
    }
    return out;
}

bool job_filter::only_job_type() const noexcept {
    return !q && !activities && !employment_types && !industries && !has_place() && !since_s && !shifts_from && !shifts_to && !top_job &&
           !instant_teaser_job && !top_offer && !sponsored && !opportunity && !ids && !organization_id &&
           !not_yet_applied_to && !recommend_days;
}

std::expected<job_filter, std::string> read_job_filter(const filter_params& params) {
    job_filter f;
    if (!params.all_utf8()) return bad("Die Suche enthält Zeichen, die kein gültiger Text sind (UTF-8).");
    if (auto p = params.first("isPublished")) {
        auto v = parse_flag(*p);
        if (!v || !*v) return bad("Es werden nur veröffentlichte Stellen gelistet (isPublished=1).");
    }
    // In this order the answer names the first broken rule.
    for (auto read : {read_text_and_lists, read_place, read_narrowing, read_order_and_page})
        if (auto e = read(params, f)) return bad(std::move(*e));
    return f;
}

std::string bigint_array_text(const std::vector<std::int64_t>& ids) { return array_literal(ids); }

std::vector<std::int64_t> parse_bigint_array_text(std::string_view text) {
    std::vector<std::int64_t> out;
    for (std::size_t i = 1; i < text.size();) {   // past "{", then past each ","
        std::int64_t id = 0;
        auto [end, ec] = std::from_chars(text.data() + i, text.data() + text.size(), id);
        if (ec != std::errc()) break;
        out.push_back(id);
        i = static_cast<std::size_t>(end - text.data()) + 1;
    }
    return out;
}

std::expected<job_filter, std::string> parse_job_filter(std::string_view raw_query) {
    if (auto e = query_bounds_violation(raw_query)) return bad(std::move(*e));
    return read_job_filter(filter_params::decode(raw_query));
}

// The columns of jh_job_cards (migrations/repeatable/R__jh_job_cards.sql), in order.
const char* const job_search_sql =
    "SELECT total, capped, id, slug, title, teaser, organization_id, organization_name, organization_slug, "
    "organization_has_logo, base_salary, salary_unit, salary_currency, location_description, is_published, top_job, "
    "instant_teaser_job, top_offer, sponsored, opportunity, published_at, created_at, valid_through, activities, "
    "employment_types, locations, tags, distance_m "
    "FROM jh_job_search($1::text, $2::text[], $3::text[], $4::text[], $5::text, $6::float8, $7::float8, $8::float8, "
    "$9::int, $10::bool, $11::bool, $12::bool, $13::bool, $14::bool, $15::bigint[], $16::bigint, $17::bigint, "
    "$18::text, $19::int, $20::int, p_shifts_from => $21::date, p_shifts_to => $22::date)";

std::vector<std::optional<std::string>> job_search_arguments(const job_filter& f, std::optional<std::int64_t> not_applied_by,
                                                             int offset) {
    const bool located = f.lat && f.lon;
    const std::optional<double> radius = located ? std::optional<double>(f.radius_or_default()) : std::nullopt;
    const std::optional<int> limit = offset >= result_window ? 0 : f.items_per_page;   // past the window: the count only
    const std::optional<int> from = std::min(offset, result_window);
    return {text_of(f.q),
            text_of(f.activities),
            text_of(f.employment_types),
            text_of(f.industries),
            text_of(f.job_type),
            located ? text_of(f.lat) : std::nullopt,
            located ? text_of(f.lon) : std::nullopt,
            text_of(radius),
            text_of(f.since_s),
            text_of(f.top_job),
            text_of(f.instant_teaser_job),
            text_of(f.top_offer),
            text_of(f.sponsored),
            text_of(f.opportunity),
            text_of(f.ids),
            text_of(f.organization_id),
            f.not_yet_applied_to ? text_of(not_applied_by) : std::nullopt,
            f.sort.empty() ? std::nullopt : std::optional<std::string>(f.sort),
            text_of(limit),
            text_of(from),
            f.shifts_from ? std::optional(date_text(*f.shifts_from)) : std::nullopt,
            f.shifts_to ? std::optional(date_text(*f.shifts_to)) : std::nullopt};
}

std::optional<index_query> to_index_query(const job_filter& f, const reference_data& refs, std::int64_t now_us) {
    index_query q;
    q.now_us = now_us;
    q.sort = f.sort.empty() ? (f.q ? "relevance" : "newest") : f.sort;
    if (f.q) {
        auto text = parse_websearch(*f.q);
        if (!text) return std::nullopt;
        q.text = std::move(*text);
    }
    if (f.activities) q.activity_ids = resolve(*f.activities, refs.activities);
    if (f.employment_types) q.employment_type_ids = resolve(*f.employment_types, refs.employment_types);
    if (f.industries) q.industry_ids = resolve(*f.industries, refs.industries);
    if (f.job_type) {
        auto it = refs.job_types.find(*f.job_type);
        q.type_activity_ids = it == refs.job_types.end() ? std::vector<int>{} : it->second.activity_ids;
        q.type_employment_ids = it == refs.job_types.end() ? std::vector<int>{} : it->second.employment_type_ids;
    }
    if (f.lat && f.lon) {
        q.point = earth_of(*f.lat, *f.lon);
        q.radius_m = static_cast<double>(f.radius_or_default());
    }
    q.shifts_from_day = f.shifts_from;
    q.shifts_to_day = f.shifts_to;
    if (f.since_s) q.published_since_us = now_us - static_cast<std::int64_t>(*f.since_s) * 1000000;
    const std::optional<bool> flags[] = {f.top_job, f.instant_teaser_job, f.top_offer, f.sponsored, f.opportunity};
    for (std::size_t i = 0; i < q.flags.size(); ++i) q.flags[i] = flags[i];
    q.ids = f.ids;
    q.organization_id = f.organization_id;
    return q;
}

std::vector<job_type_count> count_job_types(const index_generation& g, std::int64_t now_us) {
    auto count = [&](const reference_data::job_type* type) {
        index_query q;
        q.now_us = now_us;
        q.limit = 0;
        q.count_cap = std::numeric_limits<int>::max();   // exact, as count(*)
        if (type) {
            q.type_activity_ids = type->activity_ids;
            q.type_employment_ids = type->employment_type_ids;
        }
        return g.jobs->search(q).total;
    };
    std::vector<job_type_count> out{{"", "Alle Jobs", count(nullptr)}};
    for (const auto& slug : g.refs->job_type_order) {
        const auto& type = g.refs->job_types.at(slug);
        out.push_back({slug, type.name, count(&type)});
    }
    return out;
}

}  // namespace jh::search
