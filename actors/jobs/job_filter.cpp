// job_filter.cpp: see job_filter.h.
#include "actors/jobs/job_filter.h"

#include <algorithm>
#include <array>
#include <cctype>

#include "actors/search/query_values.h"

namespace jh::jobs {

namespace {

result<job_filter> bad(std::string msg) { return std::unexpected(app_error::make(error_kind::bad_request, std::move(msg))); }

std::string trim(std::string_view s) {
    auto b = s.find_first_not_of(" \t");
    if (b == std::string_view::npos) return {};
    auto e = s.find_last_not_of(" \t");
    return std::string(s.substr(b, e - b + 1));
}

std::optional<std::string> first_of(const http_request& req, std::initializer_list<std::string_view> names) {
    for (auto n : names)
        if (auto v = req.query_param(n)) return v;
    return std::nullopt;
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
            auto v = search::parse_number(s.substr(i, j - i));
            if (!v) return {};
            out.push_back(*v);
            i = j;
        } else {
            ++i;
        }
    }
    return out;
}

std::optional<bool> flag_param(const http_request& req, std::string_view name, bool& bad_value) {
    auto v = req.query_param(name);
    if (!v || v->empty()) return std::nullopt;
    auto f = search::parse_flag(*v);
    if (!f) bad_value = true;
    return f;
}

}  // namespace

bool job_filter::only_job_type() const noexcept {
    return !q && !activities && !employment_types && !industries && !has_place() && !since_s && !top_job &&
           !instant_teaser_job && !top_offer && !sponsored && !opportunity && !ids && !organization_id &&
           !not_yet_applied_to && !recommend_days;
}

std::vector<std::string> list_values(const http_request& req, std::initializer_list<std::string_view> names) {
    std::vector<std::string> out;
    for (auto n : names) {
        for (const auto& v : req.query_params(n)) {
            std::string_view s = v;
            while (!s.empty()) {
                auto comma = s.find(',');
                std::string part = trim(s.substr(0, comma));
                if (!part.empty()) out.push_back(std::move(part));
                if (comma == std::string_view::npos) break;
                s.remove_prefix(comma + 1);
            }
            if (out.size() > max_list_values * 2) return out;   // the caller rejects it
        }
    }
    return out;
}

result<job_filter> parse_job_filter(const http_request& req) {
    if (auto e = search::query_bounds_violation(req.query)) return bad(std::move(*e));
    job_filter f;

    if (auto p = req.query_param("isPublished")) {
        auto v = search::parse_flag(*p);
        if (!v || !*v) return bad("Es werden nur veröffentlichte Stellen gelistet (isPublished=1).");
    }

    if (auto q = first_of(req, {"q", "what", "text"})) {
        if (q->size() > max_text_bytes) return bad("Der Suchtext ist zu lang (höchstens 1000 Zeichen).");
        std::string t = trim(*q);
        if (!t.empty()) f.q = std::move(t);
    }

    auto slugs = [&](std::initializer_list<std::string_view> names, std::optional<std::vector<std::string>>& target,
                     std::string_view what) -> std::optional<std::string> {
        auto values = list_values(req, names);
        if (values.empty()) return std::nullopt;
        if (values.size() > max_list_values) return "Zu viele Werte für " + std::string(what) + ".";
        for (auto& v : values) {
            std::transform(v.begin(), v.end(), v.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
            if (!search::valid_slug(v)) return "Unbekannter Wert für " + std::string(what) + ": nur Kürzel (slug) oder Ids.";
        }
        std::sort(values.begin(), values.end());
        values.erase(std::unique(values.begin(), values.end()), values.end());
        target = std::move(values);
        return std::nullopt;
    };
    if (auto e = slugs({"activity", "activity[]", "activities", "activities[]"}, f.activities, "activity")) return bad(*e);
    if (auto e = slugs({"employmentType", "employmentType[]", "employmentTypes", "employmentTypes[]"}, f.employment_types,
                       "employmentType"))
        return bad(*e);
    if (auto e = slugs({"industry", "industry[]", "industries", "industries[]"}, f.industries, "industry")) return bad(*e);

    if (auto t = req.query_param("jobType"); t && !t->empty()) {
        if (std::find(job_types.begin(), job_types.end(), *t) == job_types.end())
            return bad("Unbekannter jobType: erlaubt sind eventjobs, ferienjobs, gastrojobs, messejobs, nebenjobs, "
                       "promotionjobs, rentnerjobs, schuelerjobs und studentenjobs.");
        f.job_type = *t;
    }

    // The place: lat/lon/distance, or city, or geoCluster_typesense.
    auto lat = req.query_param("lat");
    auto lon = first_of(req, {"lon", "lng"});
    auto distance = req.query_param("distance");
    if (distance && distance->empty()) distance.reset();
    if (lat || lon) {
        if (!lat || !lon) return bad("lat und lon gehören zusammen.");
        auto a = search::parse_number(*lat), o = search::parse_number(*lon);
        if (!a || !o || !search::valid_lat(*a) || !search::valid_lon(*o)) return bad("lat und lon müssen gültige Koordinaten sein.");
        f.lat = a;
        f.lon = o;
    }
    if (auto c = req.query_param("city"); c && !c->empty()) {
        if (!search::valid_slug(*c)) return bad("city muss das Kürzel eines Orts sein (z. B. berlin).");
        if (f.lat) return bad("Entweder city oder lat/lon angeben, nicht beides.");
        f.city = *c;
    }
    if (auto g = req.query_param("geoCluster_typesense"); g && !g->empty()) {
        if (g->size() > 100) return bad("geoCluster_typesense ist ungültig.");
        auto n = numbers_in(*g);
        if (n.size() < 2 || n.size() > 3 || !search::valid_lat(n[0]) || !search::valid_lon(n[1]))
            return bad("geoCluster_typesense muss \"(lat, lon, Entfernung km)\" sein.");
        if (f.lat || f.city) return bad("Nur eine Ortsangabe: lat/lon, city oder geoCluster_typesense.");
        f.lat = n[0];
        f.lon = n[1];
        if (n.size() == 3) {
            auto text = std::to_string(static_cast<long long>(n[2]));
            if (static_cast<double>(static_cast<long long>(n[2])) != n[2]) return bad("Die Entfernung muss 10, 25, 50, 100, 250 oder 500 km sein.");
            auto r = search::parse_distance_m(text);
            if (!r) return bad("Die Entfernung muss 10, 25, 50, 100, 250 oder 500 km sein.");
            f.radius_m = r;
        }
    }
    if (distance) {
        auto r = search::parse_distance_m(*distance);
        if (!r) return bad("Die Entfernung muss 10, 25, 50, 100, 250 oder 500 km sein.");
        if (!f.lat && !f.city) return bad("Eine Entfernung braucht einen Ort (lat/lon oder city).");
        f.radius_m = r;
    }
    if ((f.lat || f.city) && !f.radius_m) f.radius_m = default_radius_m;

    if (auto i = req.query_param("interval_created"); i && !i->empty()) {
        auto s = search::parse_interval_s(*i);
        if (!s) return bad("interval_created muss 1h, 4h, 24h, 3d oder 7d sein.");
        f.since_s = s;
    }

    bool bad_flag = false;
    f.top_job = flag_param(req, "top_job", bad_flag);
    f.instant_teaser_job = flag_param(req, "instant_teaser_job", bad_flag);
    f.top_offer = flag_param(req, "top_offer", bad_flag);
    f.sponsored = flag_param(req, "sponsored", bad_flag);
    f.opportunity = flag_param(req, "opportunity", bad_flag);
    if (bad_flag) return bad("Die Merkmale top_job, instant_teaser_job, top_offer, sponsored und opportunity sind 1 oder 0.");

    auto ids = list_values(req, {"id[]", "ids[]", "id", "ids"});
    if (!ids.empty()) {
        if (ids.size() > max_ids) return bad("Höchstens 100 Ids auf einmal (id[]).");
        std::vector<std::int64_t> parsed;
        for (const auto& s : ids) {
            auto v = search::parse_id(s);
            if (!v) return bad("id[] enthält eine ungültige Id.");
            parsed.push_back(*v);
        }
        std::sort(parsed.begin(), parsed.end());
        parsed.erase(std::unique(parsed.begin(), parsed.end()), parsed.end());
        f.ids = std::move(parsed);
    }

    if (auto o = first_of(req, {"organization", "organization.id", "organizationId"}); o && !o->empty()) {
        auto v = search::parse_id(*o);
        if (!v) return bad("organization muss eine Id sein.");
        f.organization_id = v;
    }

    if (auto n = req.query_param("notYetAppliedTo")) {
        auto flag = search::parse_flag(*n);
        if (flag && !*flag) {
            // notYetAppliedTo=0: no exclusion
        } else {
            f.not_yet_applied_to = true;
            if (!flag && !n->empty()) {
                auto claimed = search::parse_id(*n);
                if (!claimed) return bad("notYetAppliedTo ist ungültig.");
                f.not_yet_applied_to_claimed = claimed;
            }
        }
    }

    if (auto r = req.query_param("recommend"); r && !r->empty()) {
        auto v = search::parse_int(*r);
        if (!v || *v < 1 || *v > 365) return bad("recommend muss zwischen 1 und 365 liegen.");
        f.recommend_days = static_cast<int>(*v);
    }

    if (auto s = req.query_param("sort"); s && !s->empty()) {
        if (*s != "relevance" && *s != "newest" && *s != "distance" && *s != "random")
            return bad("sort muss relevance, newest, distance oder random sein.");
        f.sort = *s;
    } else if (auto o = req.query_param("order[publishedAt]"); o && !o->empty()) {
        if (*o != "desc") return bad("order[publishedAt] kann nur desc sein.");
        f.sort = "newest";
    } else if (auto d = req.query_param("order[distance]"); d && !d->empty()) {
        if (*d != "asc") return bad("order[distance] kann nur asc sein.");
        f.sort = "distance";
    }
    if (f.sort == "distance" && !f.has_place()) return bad("Sortieren nach Entfernung braucht einen Ort.");
    if (f.sort == "relevance" && !f.q) f.sort = "newest";

    if (auto p = req.query_param("page"); p && !p->empty()) {
        auto v = search::parse_int(*p);
        if (!v || *v < 1 || *v > 1000000) return bad("page muss eine positive Zahl sein.");
        f.page = static_cast<int>(*v);
    }
    if (auto p = req.query_param("itemsPerPage"); p && !p->empty()) {
        auto v = search::parse_int(*p);
        if (!v || *v < 1 || *v > max_items_per_page) return bad("itemsPerPage muss zwischen 1 und 100 liegen.");
        f.items_per_page = static_cast<int>(*v);
    }
    return f;
}

}  // namespace jh::jobs
