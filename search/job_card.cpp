// job_card.cpp: see job_card.h.
#include "search/job_card.h"

#include "search/pg_json.h"

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

// A card's own text fields, in the order kept_card packs them. Then, when its times are kept as
// text (times_as_text), the three times; then per location its head (heads_as_text) or the five
// texts of its record (location_text).
namespace at {
enum : std::size_t { slug, title, teaser, base_salary, locations, times };
}  // namespace at
enum class time_of : std::size_t { published, created, valid_through };
namespace location_text {
enum : std::size_t { name, street, zipcode, city, country, count };
}  // namespace location_text
// The optional pieces: a bit each in `nulls_` when NULL.
namespace null_bit {
enum : std::uint8_t { base_salary = 1, valid_through = 8 };
}  // namespace null_bit
// The fields many cards share, kept once in the pool (null pointer: NULL).
namespace shared {
enum : std::size_t { organization_name, organization_slug, salary_unit, salary_currency, location_description, activities, employment_types, tags };
}  // namespace shared
namespace bit {
enum : std::uint8_t { has_logo = 1, is_published = 2, top_job = 4, instant_teaser_job = 8, top_offer = 16, sponsored = 32, opportunity = 64,
                      texts_need_no_escape = 128 };
}  // namespace bit

}  // namespace

std::optional<card_strings::text> card_strings::intern(std::string_view s) {
    if (auto it = numbers_.find(s); it != numbers_.end()) return text{&it->first, it->second};
    const auto n = static_cast<std::uint32_t>(numbers_.size());
    if ((n >> chunk_bits) >= max_chunks) return std::nullopt;
    auto& chunk = chunks_[n >> chunk_bits];
    if (!chunk) chunk = std::make_unique<const std::string*[]>(std::size_t{1} << chunk_bits);
    const auto [it, added] = numbers_.emplace(s, n);
    chunk[n & chunk_mask] = &it->first;   // before any card with this number is published
    return text{&it->first, n};
}

std::size_t card_strings::memory_bytes() const noexcept {
    std::size_t bytes = numbers_.bucket_count() * sizeof(void*) + sizeof chunks_;
    for (const auto& [s, n] : numbers_) bytes += sizeof(s) + sizeof n + 2 * sizeof(void*) + (s.capacity() > 15 ? s.capacity() + 1 : 0);
    for (const auto& c : chunks_)
        if (c) bytes += (std::size_t{1} << chunk_bits) * sizeof(void*);
    return bytes;
}

namespace {

// location_record::nulls
namespace location_null {
enum : std::uint8_t { name = 1, street = 2, zipcode = 4, place_id = 8, no_point = 16 };
}  // namespace location_null

bool same_point(const earth_point& a, const earth_point& b) noexcept {
    return std::memcmp(&a, &b, sizeof a) == 0;
}

// A time of the card as a number when it reads back to its exact text; a NULL one counts as read.
bool read_time(const std::optional<std::string>& text, std::int64_t& out) {
    if (!text) return true;
    const auto us = read_pg_timestamptz_utc(*text);
    if (us) out = *us;
    return us.has_value();
}

}  // namespace

// What make() works out before the allocation: the card's fixed fields, and its block's parts in
// buffers reused from card to card by each thread that makes cards (the index thread, a full
// load's cards thread), so a card leaves no freed buffers between kept cards.
struct kept_card::packing {
    kept_card* fields = nullptr;   // the card's members but the block's (a card not yet placed)
    const std::vector<std::optional<earth_point>>* points = nullptr;
    std::vector<location_record>& records;
    std::array<std::int64_t, 3> times{};
    std::string& text;
    std::vector<std::uint32_t>& ends;

    std::size_t time_bytes() const noexcept { return fields->form_ & times_as_text ? 0 : sizeof times; }
    std::size_t block_bytes() const noexcept {
        return fields->kept_points() * sizeof(earth_point) + records.size() * sizeof(location_record) + time_bytes() +
               ends.size() * fields->end_bytes() + text.size();
    }
};

shared_block<kept_card> kept_card::make(const job_card& c, const std::vector<std::optional<earth_point>>& points,
                                        const std::shared_ptr<card_strings>& pool, const interned_card_texts& interned) {
    // The fields are worked out on a card of no block (its block accessors are never called), then
    // copied with the block into the allocation.
    thread_local std::vector<location_record> records;
    thread_local std::string text;
    thread_local std::vector<std::uint32_t> ends;
    alignas(kept_card) std::byte storage[sizeof(kept_card)];
    auto* fields = new (storage) kept_card();
    packing p{.fields = fields, .points = &points, .records = records, .text = text, .ends = ends};
    fields->id_ = c.id;
    fields->organization_id_ = c.organization_id;
    fields->flags_ = static_cast<std::uint8_t>((c.has_logo ? bit::has_logo : 0) | (c.is_published ? bit::is_published : 0) |
                                               (c.top_job ? bit::top_job : 0) | (c.instant_teaser_job ? bit::instant_teaser_job : 0) |
                                               (c.top_offer ? bit::top_offer : 0) | (c.sponsored ? bit::sponsored : 0) |
                                               (c.opportunity ? bit::opportunity : 0) |
                                               (search::texts_need_no_escape(c) ? bit::texts_need_no_escape : 0));
    if (!fields->share(c, *pool, interned)) {
        fields->~kept_card();
        return nullptr;
    }
    fields->pack(c, p);
    auto made = shared_block<kept_card>::make(p.block_bytes(), p);
    fields->~kept_card();
    return made;
}

kept_card::kept_card(std::span<std::byte> block, const packing& p)
    : locations_(p.fields->locations_), ends_(p.fields->ends_), pool_(p.fields->pool_), shared_(p.fields->shared_), id_(p.fields->id_),
      organization_id_(p.fields->organization_id_), flags_(p.fields->flags_), nulls_(p.fields->nulls_), form_(p.fields->form_),
      distances_known_(p.fields->distances_known_) {
    std::byte* at = block.data();
    for (std::size_t i = 0; i < kept_points(); ++i) {
        const earth_point point = (*p.points)[i].value_or(no_point);
        std::memcpy(at, &point, sizeof point);
        at += sizeof point;
    }
    if (!p.records.empty()) std::memcpy(at, p.records.data(), p.records.size() * sizeof(location_record));
    at += p.records.size() * sizeof(location_record);
    std::memcpy(at, p.times.data(), p.time_bytes());
    at += p.time_bytes();
    for (std::uint32_t end : p.ends) {   // never empty: the card's fixed pieces
        if (form_ & wide_ends) {
            std::memcpy(at, &end, sizeof end);
        } else {
            const auto narrow = static_cast<std::uint16_t>(end);
            std::memcpy(at, &narrow, sizeof narrow);
        }
        at += end_bytes();
    }
    std::memcpy(at, p.text.data(), p.text.size());   // a string's data() is never null
}

bool kept_card::share(const job_card& c, card_strings& pool, const interned_card_texts& interned) {
    // A full load's cards share a few thousand organizations and lists: hashing their texts again
    // per card was a sixth of the load's reading time (1,000,000 jobs), so the caller passes those interned.
    pool_ = &pool;
    bool ok = true;
    auto share = [&](std::size_t i, const std::string* v, const card_strings::text& done = {}) {
        if (done.string) {
            shared_[i] = done.number;
        } else if (!v) {
            shared_[i] = card_strings::none;
        } else if (auto t = pool.intern(*v)) {
            shared_[i] = t->number;
        } else {
            ok = false;
        }
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
    return ok;
}

// The locations as heads to join again: only when that gives back the exact text (else none, and
// the distances are not known).
std::vector<std::string_view> kept_card::split_heads(const job_card& c, std::size_t points) {
    std::vector<std::string_view> heads;
    auto objects = array_objects(c.locations_json);
    if (!objects || objects->size() != points) return heads;
    std::string joined = "[";
    for (std::size_t i = 0; i < objects->size(); ++i) {
        std::string_view o = (*objects)[i];
        if (!o.ends_with(null_distance)) return {};
        if (i) joined += list_separator;
        joined += o;
        heads.push_back(o.substr(0, o.size() - null_distance.size()));
    }
    joined += "]";
    if (joined != c.locations_json) heads.clear();
    return heads;
}

void kept_card::pack(const job_card& c, packing& p) {
    const auto heads = split_heads(c, p.points->size());
    distances_known_ = !heads.empty() || (p.points->empty() && c.locations_json == "[]");
    // The times as numbers and the heads as columns, each only when all of them read back exactly.
    if (!read_time(c.published_at, p.times[0]) || !read_time(c.created_at, p.times[1]) || !read_time(c.valid_through, p.times[2]))
        form_ |= times_as_text;
    std::vector<location_columns> columns;
    columns.reserve(heads.size());
    for (auto h : heads) {
        auto l = read_pg_location_head(h);
        if (!l) {
            form_ |= heads_as_text;
            break;
        }
        columns.push_back(*l);
    }

    p.text.clear();
    p.ends.clear();
    p.records.clear();
    auto put = [&](std::string_view v) {
        p.text += v;
        p.ends.push_back(static_cast<std::uint32_t>(p.text.size()));
    };
    p.text.reserve(c.slug.size() + c.title.size() + c.teaser.size() + c.published_at.size() + c.created_at.size() + 64 +
                   (c.valid_through ? c.valid_through->size() : 0) + c.locations_json.size());
    put(c.slug);
    put(c.title);
    put(c.teaser);
    if (!c.base_salary) nulls_ |= null_bit::base_salary;
    put(c.base_salary.value_or(""));
    put(distances_known_ ? std::string_view() : std::string_view(c.locations_json));   // else kept once, per location
    if (!c.valid_through) nulls_ |= null_bit::valid_through;
    if (form_ & times_as_text) {
        put(c.published_at);
        put(c.created_at);
        put(c.valid_through.value_or(""));
    }
    if (form_ & heads_as_text) {
        for (auto h : heads) put(h);
    } else {
        for (const auto& l : columns) {
            location_record r{.id = l.id, .lat = l.lat, .lon = l.lon, .place_id = l.place_id.value_or(0)};
            r.nulls = static_cast<std::uint8_t>((l.name ? 0 : location_null::name) | (l.street ? 0 : location_null::street) |
                                                (l.zipcode ? 0 : location_null::zipcode) | (l.place_id ? 0 : location_null::place_id));
            p.records.push_back(r);
            const auto& point = (*p.points)[p.records.size() - 1];
            // The point is made again from the record when it is the one PostgreSQL made from the
            // same degrees (jh_earth: job_posting_locations.geo), bit for bit; else every point is kept.
            if (!point) p.records.back().nulls |= location_null::no_point;
            else if (!same_point(*point, earth_of(l.lat, l.lon))) form_ |= points_kept;
            put(l.name.value_or(""));
            put(l.street.value_or(""));
            put(l.zipcode.value_or(""));
            put(l.city);
            put(l.country);
        }
    }
    if (heads_as_text & form_) form_ |= points_kept;   // no records to make them from
    if (p.text.size() > 0xFFFF) form_ |= wide_ends;
    locations_ = distances_known_ ? static_cast<std::uint32_t>(p.points->size()) : 0;
    ends_ = static_cast<std::uint32_t>(p.ends.size());
}

void destroy_block(const kept_card* card) noexcept { shared_block<kept_card>::destroy(card); }

std::size_t kept_card::first_location_piece() const noexcept { return at::times + (form_ & times_as_text ? 3 : 0); }

// An owning copy of the view, so that view_near is the one reader of a kept card's pieces.
job_card kept_card::near(const std::optional<earth_point>& point) const {
    std::string scratch;
    return card_of(view_near(point, scratch));
}

std::optional<double> kept_card::locations_near(const std::optional<earth_point>& point, std::string& json) const {
    std::optional<double> nearest;
    json += '[';
    const earth_point* points = points_begin();
    const location_record* records = records_begin();
    const bool kept_heads = form_ & heads_as_text, kept_points = form_ & points_kept;
    const std::size_t first = first_location_piece();
    for (std::size_t i = 0; i < locations_; ++i) {
        if (i) json += list_separator;
        std::optional<earth_point> at;   // the location's point (none: no coordinates)
        if (kept_heads) {
            json += piece(first + i);
        } else {
            const location_record& r = records[i];
            const std::size_t p = first + i * location_text::count;
            auto text = [&](std::size_t k, std::uint8_t null) -> std::optional<std::string_view> {
                if (r.nulls & null) return std::nullopt;
                return piece(p + k);
            };
            append_pg_location_head(json, {.id = r.id,
                                           .name = text(location_text::name, location_null::name),
                                           .street = text(location_text::street, location_null::street),
                                           .zipcode = text(location_text::zipcode, location_null::zipcode),
                                           .city = piece(p + location_text::city),
                                           .country = piece(p + location_text::country),
                                           .lat = r.lat,
                                           .lon = r.lon,
                                           .place_id = r.nulls & location_null::place_id ? std::nullopt : std::optional<std::int32_t>(r.place_id)});
            if (point && !kept_points && !(r.nulls & location_null::no_point)) at = earth_of(r.lat, r.lon);
        }
        if (point && kept_points && !std::isnan(points[i].x)) at = points[i];
        if (point && at) {
            const double d = earth_distance(*at, *point);
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

std::optional<std::string_view> kept_card::optional_view(std::size_t i, std::uint8_t null) const noexcept {
    if (nulls_ & null) return std::nullopt;
    return piece(i);
}

std::optional<std::string_view> kept_card::shared_view(std::size_t i) const noexcept {
    if (shared_[i] == card_strings::none) return std::nullopt;
    return std::string_view(pool_->at(shared_[i]));
}

card_view kept_card::view_near(const std::optional<earth_point>& point, std::string& scratch) const {
    card_view v;
    v.id = id_;
    v.slug = piece(at::slug);
    v.title = piece(at::title);
    v.teaser = piece(at::teaser);
    v.organization_id = organization_id_;
    v.organization_name = shared_view(shared::organization_name).value_or("");
    v.organization_slug = shared_view(shared::organization_slug).value_or("");
    v.has_logo = flags_ & bit::has_logo;
    v.base_salary = optional_view(at::base_salary, null_bit::base_salary);
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
    v.activities_json = shared_view(shared::activities).value_or("[]");
    v.employment_types_json = shared_view(shared::employment_types).value_or("[]");
    v.tags_json = shared_view(shared::tags).value_or("[]");
    // What is written into `scratch` is viewed once all of it is there (an append may move it).
    scratch.clear();
    if (distances_known_) v.distance_m = locations_near(point, scratch);
    const std::size_t locations_end = scratch.size();
    std::array<std::size_t, 4> time_ends{};
    if (!(form_ & times_as_text)) {
        const std::int64_t* times = times_begin();
        for (std::size_t t = 0; t < 3; ++t) {
            if (t != static_cast<std::size_t>(time_of::valid_through) || !(nulls_ & null_bit::valid_through))
                append_pg_timestamptz_utc(scratch, times[t]);   // read from such a text: it has one
            time_ends[t + 1] = scratch.size();
        }
    }
    const std::string_view written = scratch;
    v.locations_json = distances_known_ ? written.substr(0, locations_end) : piece(at::locations);
    auto time = [&](time_of t) {
        const auto k = static_cast<std::size_t>(t);
        if (form_ & times_as_text) return piece(at::times + k);
        const std::size_t from = k == 0 ? locations_end : time_ends[k];
        return written.substr(from, time_ends[k + 1] - from);
    };
    v.published_at = time(time_of::published);
    v.created_at = time(time_of::created);
    if (!(nulls_ & null_bit::valid_through)) v.valid_through = time(time_of::valid_through);
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
