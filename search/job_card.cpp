// job_card.cpp: see job_card.h.
#include "search/job_card.h"

#include <cmath>

namespace jh::search {

namespace {

constexpr double earth_radius_m = 6378168;                 // earth() of earthdistance
constexpr std::string_view null_distance = "null}";       // how every location object ends without a point
constexpr std::string_view list_separator = ", ";         // json_agg's between two elements

// The top-level objects of a JSON array of objects, as text; nullopt for anything else.
std::optional<std::vector<std::string_view>> array_objects(std::string_view json) {
    std::vector<std::string_view> out;
    if (json.size() < 2 || json.front() != '[' || json.back() != ']') return std::nullopt;
    int depth = 0;
    bool in_string = false, escaped = false;
    std::size_t start = 0;
    for (std::size_t i = 1; i + 1 < json.size(); ++i) {
        char c = json[i];
        if (in_string) {
            if (escaped) escaped = false;
            else if (c == '\\') escaped = true;
            else if (c == '"') in_string = false;
            continue;
        }
        if (c == '"') in_string = true;
        else if (c == '{' || c == '[') {
            if (depth++ == 0) {
                if (c != '{') return std::nullopt;
                start = i;
            }
        } else if (c == '}' || c == ']') {
            if (--depth < 0) return std::nullopt;
            if (depth == 0) out.push_back(json.substr(start, i + 1 - start));
        }
    }
    if (depth != 0 || in_string) return std::nullopt;
    return out;
}

// = round(x) for float8 (rint: halves to even), written as float8out writes an integral value.
std::string rounded_metres(double x) { return std::to_string(static_cast<std::int64_t>(std::rint(x))); }

}  // namespace

double earth_distance(const earth_point& a, const earth_point& b) noexcept {
    // sec_to_gc(x) = CASE WHEN x < 0 THEN 0 WHEN x / (2 * earth()) > 1 THEN pi() * earth()
    //                ELSE 2 * earth() * asin(x / (2 * earth())) END
    const double x = cube_distance(a, b);
    if (x < 0) return 0;
    if (x / (2 * earth_radius_m) > 1) return M_PI * earth_radius_m;
    return 2 * earth_radius_m * std::asin(x / (2 * earth_radius_m));
}

void split_locations(kept_card& k, std::vector<std::optional<earth_point>> points) {
    k.locations.clear();
    k.distances_known = false;
    auto objects = array_objects(k.card.locations_json);
    if (!objects || objects->size() != points.size()) return;
    std::string joined = "[";
    for (std::size_t i = 0; i < objects->size(); ++i) {
        std::string_view o = (*objects)[i];
        if (!o.ends_with(null_distance)) return;
        if (i) joined += list_separator;
        joined += o;
        k.locations.push_back({std::string(o.substr(0, o.size() - null_distance.size())), points[i]});
    }
    joined += "]";
    if (joined != k.card.locations_json) {
        k.locations.clear();
        return;
    }
    k.distances_known = true;
    k.card.locations_json = {};   // kept once, as its pieces: card_near joins them again
}

job_card card_near(const kept_card& k, const std::optional<earth_point>& point) {
    job_card c = k.card;
    if (!k.distances_known) return c;
    std::string json = "[";
    for (std::size_t i = 0; i < k.locations.size(); ++i) {
        const auto& l = k.locations[i];
        if (i) json += list_separator;
        json += l.json_head;
        if (point && l.at) {
            const double d = earth_distance(*l.at, *point);
            json += rounded_metres(d);
            if (!c.distance_m || d < *c.distance_m) c.distance_m = d;
        } else {
            json += "null";
        }
        json += '}';
    }
    json += ']';
    c.locations_json = std::move(json);
    return c;
}

}  // namespace jh::search
