// job_card.cpp: see job_card.h.
#include "search/job_card.h"

#include <clocale>
#include <cmath>
#include <cstring>
#include <cwctype>
#include <limits>
#include <locale.h>

namespace jh::search {

namespace {

constexpr std::string_view null_distance = "null}";       // how every location object ends without a point
constexpr std::string_view list_separator = ", ";         // json_agg's between two elements
// A location without coordinates among a kept card's points: 24 bytes instead of an optional's 32.
constexpr earth_point no_point{std::numeric_limits<double>::quiet_NaN(), 0, 0};

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

// The code point at s[i] (UTF-8, as PostgreSQL stores text) and its length; a malformed byte is
// taken alone (PostgreSQL never stores one).
std::pair<char32_t, std::size_t> code_point(std::string_view s, std::size_t i) {
    const auto b = static_cast<unsigned char>(s[i]);
    const std::size_t len = b < 0x80 ? 1 : (b >> 5) == 6 ? 2 : (b >> 4) == 14 ? 3 : (b >> 3) == 30 ? 4 : 1;
    if (len == 1 || i + len > s.size()) return {b, 1};
    char32_t c = b & (0x7F >> len);
    for (std::size_t k = 1; k < len; ++k) c = (c << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    return {c, len};
}

bool regex_space(char32_t c, bool unicode_spaces) {
    if (c < 0x80) return c == ' ' || (c >= '\t' && c <= '\r');
    if (!unicode_spaces) return false;
    static const locale_t utf8 = ::newlocale(LC_CTYPE_MASK, "C.UTF-8", nullptr);
    return utf8 && ::iswspace_l(static_cast<wint_t>(c), utf8);
}

}  // namespace

std::string teaser_of(std::string_view line, bool unicode_spaces) {
    constexpr std::size_t max_chars = 200;
    std::string out;
    out.reserve(std::min<std::size_t>(line.size(), max_chars * 2));
    std::size_t chars = 0;
    bool in_space = false;
    for (std::size_t i = 0; i < line.size() && chars < max_chars;) {
        const auto [c, len] = code_point(line, i);
        if (regex_space(c, unicode_spaces)) {
            if (!in_space) {
                out += ' ';
                ++chars;
            }
            in_space = true;
        } else {
            out.append(line.substr(i, len));
            ++chars;
            in_space = false;
        }
        i += len;
    }
    return out;
}

namespace {

// A card's own text fields, in the order kept_card packs them; then one piece per location head.
namespace at {
enum : std::size_t { slug, title, teaser, base_salary, published_at, created_at, valid_through, locations, heads };
}  // namespace at
// The optional pieces: a bit each in `nulls_` when NULL.
constexpr std::uint8_t null_bit(std::size_t piece) { return piece == at::base_salary ? 1 : piece == at::valid_through ? 8 : 0; }
// The fields many cards share, kept once in the pool (null pointer: NULL).
namespace shared {
enum : std::size_t { organization_name, organization_slug, salary_unit, salary_currency, location_description, activities, employment_types, tags };
}  // namespace shared
namespace bit {
enum : std::uint8_t { has_logo = 1, is_published = 2, top_job = 4, instant_teaser_job = 8, top_offer = 16, sponsored = 32, opportunity = 64,
                      texts_need_no_escape = 128 };
}  // namespace bit

}  // namespace

const std::string* card_strings::intern(std::string_view s) {
    if (auto it = strings_.find(s); it != strings_.end()) return &*it;
    return &*strings_.emplace(s).first;
}

std::size_t card_strings::memory_bytes() const noexcept {
    std::size_t bytes = strings_.bucket_count() * sizeof(void*);
    for (const auto& s : strings_) bytes += sizeof(s) + 2 * sizeof(void*) + (s.capacity() > 15 ? s.capacity() + 1 : 0);
    return bytes;
}

kept_card::kept_card(const job_card& c, const std::vector<std::optional<earth_point>>& points, const std::shared_ptr<card_strings>& pool,
                     const interned_card_texts& interned)
    : pool_(pool), id_(c.id), organization_id_(c.organization_id) {
    flags_ = static_cast<std::uint8_t>((c.has_logo ? bit::has_logo : 0) | (c.is_published ? bit::is_published : 0) | (c.top_job ? bit::top_job : 0) |
                                       (c.instant_teaser_job ? bit::instant_teaser_job : 0) | (c.top_offer ? bit::top_offer : 0) |
                                       (c.sponsored ? bit::sponsored : 0) | (c.opportunity ? bit::opportunity : 0) |
                                       (search::texts_need_no_escape(c) ? bit::texts_need_no_escape : 0));
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

    // A full load's cards share a few thousand organizations and lists: hashing their texts again
    // per card was a sixth of the load's reading time (1,000,000 jobs), so the caller passes those interned.
    auto share = [&](std::size_t i, const std::string* v, const std::string* done = nullptr) {
        shared_[i] = done ? done : v ? pool->intern(*v) : nullptr;
    };
    auto present = [](const std::optional<std::string>& v) { return v ? &*v : nullptr; };
    share(shared::organization_name, &c.organization_name, interned.organization_name);
    share(shared::organization_slug, &c.organization_slug, interned.organization_slug);
    share(shared::salary_unit, present(c.salary_unit));
    share(shared::salary_currency, &c.salary_currency);
    share(shared::location_description, present(c.location_description));
    share(shared::activities, &c.activities_json, interned.activities_json);
    share(shared::employment_types, &c.employment_types_json, interned.employment_types_json);
    share(shared::tags, &c.tags_json);

    // Built here, reused from card to card by each thread that makes cards (the index thread, a
    // full load's cards thread): the card keeps only its block, allocated once at its final size,
    // and leaves no freed buffers between kept cards.
    thread_local std::string text;
    thread_local std::vector<std::uint32_t> ends;
    text.clear();
    ends.clear();
    auto put = [&](std::string_view v) {
        text += v;
        ends.push_back(static_cast<std::uint32_t>(text.size()));
    };
    auto put_optional = [&](const std::optional<std::string>& v, std::size_t piece) {
        if (!v) nulls_ |= null_bit(piece);
        put(v ? std::string_view(*v) : std::string_view());
    };
    std::size_t size = c.slug.size() + c.title.size() + c.teaser.size() + c.published_at.size() + c.created_at.size() + 64 +
                       (c.valid_through ? c.valid_through->size() : 0) + c.locations_json.size();
    text.reserve(size);
    ends.reserve(at::heads + heads.size());
    put(c.slug);
    put(c.title);
    put(c.teaser);
    put_optional(c.base_salary, at::base_salary);
    put(c.published_at);
    put(c.created_at);
    put_optional(c.valid_through, at::valid_through);
    put(distances_known_ ? std::string_view() : std::string_view(c.locations_json));   // else kept once, as the heads
    for (auto h : heads) put(h);

    points_ = distances_known_ ? static_cast<std::uint32_t>(points.size()) : 0;
    ends_ = static_cast<std::uint32_t>(ends.size());
    block_ = std::make_unique_for_overwrite<std::byte[]>(points_ * sizeof(earth_point) + ends.size() * sizeof(std::uint32_t) + text.size());
    std::byte* at = block_.get();
    for (std::uint32_t i = 0; i < points_; ++i) {
        const earth_point p = points[i].value_or(no_point);
        std::memcpy(at, &p, sizeof p);
        at += sizeof p;
    }
    std::memcpy(at, ends.data(), ends.size() * sizeof(std::uint32_t));   // never empty: the card's fixed pieces
    at += ends.size() * sizeof(std::uint32_t);
    std::memcpy(at, text.data(), text.size());   // a string's data() is never null
}

// An owning copy of the view, so that view_near is the one reader of a kept card's pieces.
job_card kept_card::near(const std::optional<earth_point>& point) const {
    std::string locations;
    return card_of(view_near(point, locations));
}

std::optional<double> kept_card::locations_near(const std::optional<earth_point>& point, std::string& json) const {
    std::optional<double> nearest;
    json = "[";
    const earth_point* points = points_begin();
    for (std::size_t i = 0; i < points_; ++i) {
        if (i) json += list_separator;
        json += piece(at::heads + i);
        if (point && !std::isnan(points[i].x)) {
            const double d = earth_distance(points[i], *point);
            json += rounded_metres(d);
            if (!nearest || d < *nearest) nearest = d;
        } else {
            json += "null";
        }
        json += '}';
    }
    json += ']';
    return nearest;
}

std::optional<std::string_view> kept_card::optional_view(std::size_t i) const noexcept {
    if (nulls_ & null_bit(i)) return std::nullopt;
    return piece(i);
}

std::optional<std::string_view> kept_card::shared_view(std::size_t i) const noexcept {
    if (!shared_[i]) return std::nullopt;
    return std::string_view(*shared_[i]);
}

card_view kept_card::view_near(const std::optional<earth_point>& point, std::string& locations) const {
    card_view v;
    v.id = id_;
    v.slug = piece(at::slug);
    v.title = piece(at::title);
    v.teaser = piece(at::teaser);
    v.organization_id = organization_id_;
    v.organization_name = shared_view(shared::organization_name).value_or("");
    v.organization_slug = shared_view(shared::organization_slug).value_or("");
    v.has_logo = flags_ & bit::has_logo;
    v.base_salary = optional_view(at::base_salary);
    v.salary_unit = shared_view(shared::salary_unit);
    v.salary_currency = shared_view(shared::salary_currency).value_or("");
    v.location_description = shared_view(shared::location_description);
    v.is_published = flags_ & bit::is_published;
    v.top_job = flags_ & bit::top_job;
    v.instant_teaser_job = flags_ & bit::instant_teaser_job;
    v.top_offer = flags_ & bit::top_offer;
    v.sponsored = flags_ & bit::sponsored;
    v.opportunity = flags_ & bit::opportunity;
    v.texts_need_no_escape = flags_ & bit::texts_need_no_escape;
    v.published_at = piece(at::published_at);
    v.created_at = piece(at::created_at);
    v.valid_through = optional_view(at::valid_through);
    v.activities_json = shared_view(shared::activities).value_or("[]");
    v.employment_types_json = shared_view(shared::employment_types).value_or("[]");
    v.tags_json = shared_view(shared::tags).value_or("[]");
    if (!distances_known_) {
        v.locations_json = piece(at::locations);
        return v;
    }
    v.distance_m = locations_near(point, locations);
    v.locations_json = locations;
    return v;
}

bool json_text_needs_no_escape(std::string_view s) noexcept {
    const auto* p = reinterpret_cast<const unsigned char*>(s.data());
    const std::size_t n = s.size();
    const auto cont = [&](std::size_t i) { return i < n && (p[i] & 0xC0) == 0x80; };
    for (std::size_t i = 0; i < n;) {
        const unsigned char c = p[i];
        std::size_t len = 0;
        if (c < 0x80) len = c >= 0x20 && c != '"' && c != '\\' ? 1 : 0;
        else if (c >= 0xC2 && c <= 0xDF) len = cont(i + 1) ? 2 : 0;
        else if (c >= 0xE0 && c <= 0xEF)   // not overlong (E0 80–9F), not a surrogate (ED A0–BF)
            len = cont(i + 1) && cont(i + 2) && !(c == 0xE0 && p[i + 1] < 0xA0) && !(c == 0xED && p[i + 1] >= 0xA0) ? 3 : 0;
        else if (c >= 0xF0 && c <= 0xF4)   // not overlong (F0 80–8F), not above U+10FFFF (F4 90–BF)
            len = cont(i + 1) && cont(i + 2) && cont(i + 3) && !(c == 0xF0 && p[i + 1] < 0x90) && !(c == 0xF4 && p[i + 1] >= 0x90) ? 4 : 0;
        if (len == 0) return false;
        i += len;
    }
    return true;
}

bool texts_need_no_escape(const job_card& c) noexcept {
    const auto plain = [](std::string_view s) { return json_text_needs_no_escape(s); };
    const auto plain_optional = [&](const std::optional<std::string>& s) { return !s || plain(*s); };
    return plain(c.slug) && plain(c.title) && plain(c.teaser) && plain(c.organization_name) && plain(c.organization_slug) &&
           plain_optional(c.salary_unit) && plain(c.salary_currency) && plain_optional(c.location_description) &&
           plain(c.published_at) && plain(c.created_at) && plain_optional(c.valid_through);
}

card_view view_of(const job_card& c) noexcept {
    card_view v;
    v.id = c.id;
    v.slug = c.slug;
    v.title = c.title;
    v.teaser = c.teaser;
    v.organization_id = c.organization_id;
    v.organization_name = c.organization_name;
    v.organization_slug = c.organization_slug;
    v.has_logo = c.has_logo;
    v.base_salary = c.base_salary;
    v.salary_unit = c.salary_unit;
    v.salary_currency = c.salary_currency;
    v.location_description = c.location_description;
    v.is_published = c.is_published;
    v.top_job = c.top_job;
    v.instant_teaser_job = c.instant_teaser_job;
    v.top_offer = c.top_offer;
    v.sponsored = c.sponsored;
    v.opportunity = c.opportunity;
    v.published_at = c.published_at;
    v.created_at = c.created_at;
    v.valid_through = c.valid_through;
    v.activities_json = c.activities_json;
    v.employment_types_json = c.employment_types_json;
    v.locations_json = c.locations_json;
    v.tags_json = c.tags_json;
    v.distance_m = c.distance_m;
    return v;
}

namespace {
std::optional<std::string> owned(const std::optional<std::string_view>& v) {
    if (!v) return std::nullopt;
    return std::string(*v);
}
}  // namespace

job_card card_of(const card_view& v) {
    job_card c;
    c.id = v.id;
    c.slug = v.slug;
    c.title = v.title;
    c.teaser = v.teaser;
    c.organization_id = v.organization_id;
    c.organization_name = v.organization_name;
    c.organization_slug = v.organization_slug;
    c.has_logo = v.has_logo;
    c.base_salary = owned(v.base_salary);
    c.salary_unit = owned(v.salary_unit);
    c.salary_currency = v.salary_currency;
    c.location_description = owned(v.location_description);
    c.is_published = v.is_published;
    c.top_job = v.top_job;
    c.instant_teaser_job = v.instant_teaser_job;
    c.top_offer = v.top_offer;
    c.sponsored = v.sponsored;
    c.opportunity = v.opportunity;
    c.published_at = v.published_at;
    c.created_at = v.created_at;
    c.valid_through = owned(v.valid_through);
    c.activities_json = v.activities_json;
    c.employment_types_json = v.employment_types_json;
    c.locations_json = v.locations_json;
    c.tags_json = v.tags_json;
    c.distance_m = v.distance_m;
    return c;
}

}  // namespace jh::search
