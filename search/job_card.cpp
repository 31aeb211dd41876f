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

namespace {

// The text fields of a card, in the order kept_card packs them; then one piece per location head.
namespace at {
enum : std::size_t {
    slug, title, teaser, organization_name, organization_slug, base_salary, salary_unit, salary_currency, location_description,
    published_at, created_at, valid_through, activities, employment_types, locations, tags, heads
};
}  // namespace at
// The optional pieces: a bit each in `nulls_` when NULL.
constexpr std::uint8_t null_bit(std::size_t piece) {
    return piece == at::base_salary ? 1 : piece == at::salary_unit ? 2 : piece == at::location_description ? 4 : piece == at::valid_through ? 8 : 0;
}
namespace bit {
enum : std::uint8_t { has_logo = 1, is_published = 2, top_job = 4, instant_teaser_job = 8, top_offer = 16, sponsored = 32, opportunity = 64 };
}  // namespace bit

}  // namespace

kept_card::kept_card(const job_card& c, const std::vector<std::optional<earth_point>>& points)
    : id_(c.id), organization_id_(c.organization_id) {
    flags_ = static_cast<std::uint8_t>((c.has_logo ? bit::has_logo : 0) | (c.is_published ? bit::is_published : 0) | (c.top_job ? bit::top_job : 0) |
                                       (c.instant_teaser_job ? bit::instant_teaser_job : 0) | (c.top_offer ? bit::top_offer : 0) |
                                       (c.sponsored ? bit::sponsored : 0) | (c.opportunity ? bit::opportunity : 0));
    // The locations as pieces to join again: only when that gives back the exact text.
    std::vector<std::string_view> heads;
    auto objects = array_objects(c.locations_json);
    if (objects && objects->size() == points.size()) {
        std::string joined = "[";
        bool ok = true;
        for (std::size_t i = 0; ok && i < objects->size(); ++i) {
            std::string_view o = (*objects)[i];
            ok = o.ends_with(null_distance);
            if (i) joined += list_separator;
            joined += o;
            heads.push_back(o.substr(0, o.size() - null_distance.size()));
        }
        joined += "]";
        distances_known_ = ok && joined == c.locations_json;
    }
    if (!distances_known_) heads.clear();
    else points_ = points;

    auto put = [this](std::string_view v) {
        text_ += v;
        ends_.push_back(static_cast<std::uint32_t>(text_.size()));
    };
    auto put_optional = [&](const std::optional<std::string>& v, std::size_t piece) {
        if (!v) nulls_ |= null_bit(piece);
        put(v ? std::string_view(*v) : std::string_view());
    };
    std::size_t size = c.slug.size() + c.title.size() + c.teaser.size() + c.organization_name.size() + c.organization_slug.size() +
                       c.salary_currency.size() + c.published_at.size() + c.created_at.size() + c.activities_json.size() +
                       c.employment_types_json.size() + c.locations_json.size() + c.tags_json.size() + 64;
    text_.reserve(size);
    ends_.reserve(at::heads + heads.size());
    put(c.slug);
    put(c.title);
    put(c.teaser);
    put(c.organization_name);
    put(c.organization_slug);
    put_optional(c.base_salary, at::base_salary);
    put_optional(c.salary_unit, at::salary_unit);
    put(c.salary_currency);
    put_optional(c.location_description, at::location_description);
    put(c.published_at);
    put(c.created_at);
    put_optional(c.valid_through, at::valid_through);
    put(c.activities_json);
    put(c.employment_types_json);
    put(distances_known_ ? std::string_view() : std::string_view(c.locations_json));   // else kept once, as the heads
    put(c.tags_json);
    for (auto h : heads) put(h);
    text_.shrink_to_fit();
}

std::string_view kept_card::piece(std::size_t i) const noexcept {
    const std::uint32_t from = i == 0 ? 0 : ends_[i - 1];
    return std::string_view(text_).substr(from, ends_[i] - from);
}

std::optional<std::string> kept_card::optional_piece(std::size_t i) const {
    if (nulls_ & null_bit(i)) return std::nullopt;
    return std::string(piece(i));
}

job_card kept_card::near(const std::optional<earth_point>& point) const {
    job_card c;
    c.id = id_;
    c.slug = piece(at::slug);
    c.title = piece(at::title);
    c.teaser = piece(at::teaser);
    c.organization_id = organization_id_;
    c.organization_name = piece(at::organization_name);
    c.organization_slug = piece(at::organization_slug);
    c.has_logo = flags_ & bit::has_logo;
    c.base_salary = optional_piece(at::base_salary);
    c.salary_unit = optional_piece(at::salary_unit);
    c.salary_currency = piece(at::salary_currency);
    c.location_description = optional_piece(at::location_description);
    c.is_published = flags_ & bit::is_published;
    c.top_job = flags_ & bit::top_job;
    c.instant_teaser_job = flags_ & bit::instant_teaser_job;
    c.top_offer = flags_ & bit::top_offer;
    c.sponsored = flags_ & bit::sponsored;
    c.opportunity = flags_ & bit::opportunity;
    c.published_at = piece(at::published_at);
    c.created_at = piece(at::created_at);
    c.valid_through = optional_piece(at::valid_through);
    c.activities_json = piece(at::activities);
    c.employment_types_json = piece(at::employment_types);
    c.tags_json = piece(at::tags);
    if (!distances_known_) {
        c.locations_json = piece(at::locations);
        return c;
    }
    std::string json = "[";
    for (std::size_t i = 0; i < points_.size(); ++i) {
        if (i) json += list_separator;
        json += piece(at::heads + i);
        if (point && points_[i]) {
            const double d = earth_distance(*points_[i], *point);
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
