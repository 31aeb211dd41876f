// pg_json.cpp: see pg_json.h.
#include "search/pg_json.h"

#include <charconv>
#include <cmath>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <limits>
#include <utility>

namespace jh::search {

namespace {

// escape_json's two-character escapes; null for a byte written otherwise.
const char* short_escape(char c) {
    switch (c) {
    case '"': return "\\\"";
    case '\\': return "\\\\";
    case '\b': return "\\b";
    case '\f': return "\\f";
    case '\n': return "\\n";
    case '\r': return "\\r";
    case '\t': return "\\t";
    default: return nullptr;
    }
}

}  // namespace

void append_pg_json_string(std::string& out, std::string_view s) {
    static constexpr char hex[] = "0123456789abcdef";
    out.push_back('"');
    for (char c : s) {
        const auto byte = static_cast<unsigned char>(c);
        if (const char* escaped = short_escape(c)) {
            out += escaped;
        } else if (byte < 0x20) {
            out += "\\u00";
            out.push_back(hex[byte >> 4]);
            out.push_back(hex[byte & 0xF]);
        } else {
            out.push_back(c);
        }
    }
    out.push_back('"');
}

void append_pg_float8(std::string& out, double v) {
    char buf[64];
    if (std::isnan(v)) {   // not a JSON number: json_build_object quotes float8out's text
        out += "\"NaN\"";
        return;
    }
    if (std::isinf(v)) {
        out += v > 0 ? "\"Infinity\"" : "\"-Infinity\"";
        return;
    }
    // The shortest digits decide the form, as in PostgreSQL (its exponent, not the value's size,
    // so a value just below 1e-4 that reads back from "0.0001" is written plain).
    auto sci = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
    const std::string_view text(buf, static_cast<std::size_t>(sci.ptr - buf));
    // The exponent after 'e' (to_chars writes no terminating zero: parse within the text only).
    const auto at = text.find('e') + 1;
    int exponent = 0;
    std::from_chars(text.data() + at + (text[at] == '+' ? 1 : 0), text.data() + text.size(), exponent);
    if (v == 0 || (exponent >= -4 && exponent < 15)) {
        auto plain = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed);
        out.append(buf, plain.ptr);
    } else {
        out.append(text);
    }
}

namespace {

// The civil date of a day count since 1970-01-01 (H. Hinnant's civil_from_days).
void civil_from_days(std::int64_t z, std::int64_t& y, unsigned& m, unsigned& d) {
    z += 719468;
    const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    const auto doe = static_cast<unsigned>(z - era * 146097);
    const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const unsigned mp = (5 * doy + 2) / 153;
    d = doy - (153 * mp + 2) / 5 + 1;
    m = mp < 10 ? mp + 3 : mp - 9;
    y = static_cast<std::int64_t>(yoe) + era * 400 + (m <= 2 ? 1 : 0);
}

void append_optional_string(std::string& out, const std::optional<std::string_view>& s) {
    if (s) append_pg_json_string(out, *s);
    else out += "null";
}

}  // namespace

namespace {

// `v` as `width` decimal digits with leading zeros.
char* put_digits(char* at, std::uint64_t v, int width) {
    for (int i = width - 1; i >= 0; --i) {
        at[i] = static_cast<char>('0' + v % 10);
        v /= 10;
    }
    return at + width;
}

}  // namespace

bool append_pg_timestamptz_utc(std::string& out, std::int64_t pg_us) {
    if (pg_us == std::numeric_limits<std::int64_t>::max()) {
        out += "infinity";
        return true;
    }
    if (pg_us == std::numeric_limits<std::int64_t>::min()) {
        out += "-infinity";
        return true;
    }
    constexpr std::int64_t us_per_day = 86400LL * 1000000;
    constexpr std::int64_t days_1970_to_2000 = 10957;
    std::int64_t days = pg_us / us_per_day, rest = pg_us % us_per_day;
    if (rest < 0) {
        rest += us_per_day;
        --days;
    }
    std::int64_t year = 0;
    unsigned month = 0, day = 0;
    civil_from_days(days + days_1970_to_2000, year, month, day);
    if (year < 1 || year > 9999) return false;
    const auto seconds = static_cast<std::uint64_t>(rest / 1000000);
    auto fraction = static_cast<std::uint64_t>(rest % 1000000);
    // Written by hand, not by snprintf: a page of cards writes three per card (kept_card::view_near).
    char buf[40];
    char* at = put_digits(buf, static_cast<std::uint64_t>(year), 4);
    *at++ = '-';
    at = put_digits(at, month, 2);
    *at++ = '-';
    at = put_digits(at, day, 2);
    *at++ = 'T';
    at = put_digits(at, seconds / 3600, 2);
    *at++ = ':';
    at = put_digits(at, seconds / 60 % 60, 2);
    *at++ = ':';
    at = put_digits(at, seconds % 60, 2);
    if (fraction != 0) {   // the fraction's trailing zeros dropped
        int digits = 6;
        while (fraction % 10 == 0) {
            fraction /= 10;
            --digits;
        }
        *at++ = '.';
        at = put_digits(at, fraction, digits);
    }
    std::memcpy(at, "+00:00", 6);
    out.append(buf, static_cast<std::size_t>(at + 6 - buf));
    return true;
}

std::optional<std::string> pg_timestamptz_utc_json_text(std::int64_t pg_us) {
    std::string out;
    if (!append_pg_timestamptz_utc(out, pg_us)) return std::nullopt;
    return out;
}

std::optional<std::int64_t> read_pg_timestamptz_utc(std::string_view text) {
    // YYYY-MM-DDTHH:MM:SS[.f{1,6}]+00:00
    if (text.size() < 25 || !text.ends_with("+00:00")) return std::nullopt;
    auto number = [&](std::size_t at, std::size_t len) -> std::optional<std::int64_t> {
        std::int64_t v = 0;
        for (std::size_t i = at; i < at + len; ++i) {
            if (text[i] < '0' || text[i] > '9') return std::nullopt;
            v = v * 10 + (text[i] - '0');
        }
        return v;
    };
    const auto year = number(0, 4), month = number(5, 2), day = number(8, 2), hour = number(11, 2), minute = number(14, 2),
               second = number(17, 2);
    if (!year || !month || !day || !hour || !minute || !second || *month < 1 || *month > 12 || *day < 1 || *day > 31) return std::nullopt;
    std::int64_t micros = 0;
    const std::size_t fraction_digits = text.size() - 25 == 0 ? 0 : text.size() - 26;
    if (fraction_digits > 0) {
        if (text[19] != '.' || fraction_digits > 6) return std::nullopt;
        const auto f = number(20, fraction_digits);
        if (!f) return std::nullopt;
        micros = *f;
        for (std::size_t i = fraction_digits; i < 6; ++i) micros *= 10;
    }
    // days_from_civil (H. Hinnant), then from 1970 to 2000.
    const std::int64_t y = *year - (*month <= 2 ? 1 : 0);
    const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
    const auto yoe = static_cast<std::int64_t>(y - era * 400);
    const std::int64_t doy = (153 * (*month + (*month > 2 ? -3 : 9)) + 2) / 5 + *day - 1;
    const std::int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    const std::int64_t days = era * 146097 + doe - 719468 - 10957;
    const std::int64_t pg_us = ((days * 24 + *hour) * 60 + *minute) * 60000000LL + *second * 1000000LL + micros;
    // Only the exact text it is written as (no "24:00:00", no trailing zeros, no 31 April).
    std::string again;
    if (!append_pg_timestamptz_utc(again, pg_us) || again != text) return std::nullopt;
    return pg_us;
}

bool pg_time_zone_is_utc(std::string_view name) {
    static constexpr std::string_view utc_names[] = {"utc", "etc/utc", "uct", "etc/uct", "gmt", "etc/gmt", "universal", "etc/universal",
                                                     "zulu", "etc/zulu", "gmt0", "etc/gmt0", "gmt+0", "etc/gmt+0", "gmt-0", "etc/gmt-0",
                                                     "greenwich", "etc/greenwich"};
    std::string lower(name);
    for (auto& ch : lower) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    for (auto n : utc_names)
        if (lower == n) return true;
    return false;
}

namespace {

// An integer's decimal digits, without a string of its own: a kept card writes a head per location
// for every card of a page (kept_card::locations_near).
void append_integer(std::string& out, std::int64_t v) {
    char buf[24];
    out.append(buf, std::to_chars(buf, buf + sizeof buf, v).ptr);
}

}  // namespace

void append_pg_location_head(std::string& out, const location_columns& l) {
    // What json_build_object writes before each value: the key, and ", " before every key but the first.
    auto key = [&out](std::string_view name) {
        if (name != "id") out += ", ";
        out += '"';
        out += name;
        out += "\" : ";
    };
    out += '{';
    key("id");
    append_integer(out, l.id);
    using optional_text = std::pair<std::string_view, std::optional<std::string_view>>;
    for (const auto& [name, text] : {optional_text{"name", l.name}, optional_text{"street", l.street}, optional_text{"zipcode", l.zipcode}}) {
        key(name);
        append_optional_string(out, text);
    }
    for (const auto& [name, text] : {std::pair{"city", l.city}, std::pair{"country", l.country}}) {
        key(name);
        append_pg_json_string(out, text);
    }
    for (const auto& [name, degrees] : {std::pair{"lat", l.lat}, std::pair{"lon", l.lon}}) {
        key(name);
        append_pg_float8(out, degrees);
    }
    key("placeId");
    if (l.place_id) append_integer(out, *l.place_id);
    else out += "null";
    key("distance");
}

void append_pg_location(std::string& out, const location_columns& l, bool first) {
    if (!first) out += ", ";
    append_pg_location_head(out, l);
    out += "null}";
}

namespace {

// A head's reader: the members in append_pg_location_head's order, each value read plainly.
class head_reader {
public:
    explicit head_reader(std::string_view text) : text_(text) {}

    bool skip(std::string_view expected) {
        if (!text_.substr(at_).starts_with(expected)) return false;
        at_ += expected.size();
        return true;
    }
    // A string without an escape (one with an escape is not read: the card keeps its text).
    std::optional<std::string_view> string() {
        if (!skip("\"")) return std::nullopt;
        const auto end = text_.find_first_of("\"\\", at_);
        if (end == std::string_view::npos || text_[end] != '"') return std::nullopt;
        const auto s = text_.substr(at_, end - at_);
        at_ = end + 1;
        return s;
    }
    // A string or null: nullopt when neither; an empty optional inside for null.
    std::optional<std::optional<std::string_view>> optional_string() {
        if (skip("null")) return std::optional<std::string_view>{};
        auto s = string();
        if (!s) return std::nullopt;
        return std::optional<std::string_view>{*s};
    }
    template <class Number>
    std::optional<Number> number() {
        Number v{};
        const auto [end, ec] = std::from_chars(text_.data() + at_, text_.data() + text_.size(), v);
        if (ec != std::errc{}) return std::nullopt;
        at_ = static_cast<std::size_t>(end - text_.data());
        return v;
    }
    bool done() const noexcept { return at_ == text_.size(); }

private:
    std::string_view text_;
    std::size_t at_ = 0;
};

}  // namespace

std::optional<location_columns> read_pg_location_head(std::string_view head) {
    head_reader r(head);
    location_columns l;
    if (!r.skip("{\"id\" : ")) return std::nullopt;
    const auto id = r.number<std::int64_t>();
    if (!id) return std::nullopt;
    l.id = *id;
    for (auto [key, field] : {std::pair{", \"name\" : ", &l.name}, std::pair{", \"street\" : ", &l.street},
                              std::pair{", \"zipcode\" : ", &l.zipcode}}) {
        if (!r.skip(key)) return std::nullopt;
        auto v = r.optional_string();
        if (!v) return std::nullopt;
        *field = *v;
    }
    for (auto [key, field] : {std::pair{", \"city\" : ", &l.city}, std::pair{", \"country\" : ", &l.country}}) {
        std::optional<std::string_view> v;
        if (!r.skip(key) || !(v = r.string())) return std::nullopt;
        *field = *v;
    }
    for (auto [key, field] : {std::pair{", \"lat\" : ", &l.lat}, std::pair{", \"lon\" : ", &l.lon}}) {
        std::optional<double> v;
        if (!r.skip(key) || !(v = r.number<double>())) return std::nullopt;
        *field = *v;
    }
    if (!r.skip(", \"placeId\" : ")) return std::nullopt;
    if (!r.skip("null")) {
        const auto place = r.number<std::int32_t>();
        if (!place) return std::nullopt;
        l.place_id = *place;
    }
    if (!r.skip(", \"distance\" : ") || !r.done()) return std::nullopt;
    // Only a text the writer gives back to the byte (a number's other spellings, "1.50" or "+3").
    std::string again;
    append_pg_location_head(again, l);
    if (again != head) return std::nullopt;
    return l;
}

}  // namespace jh::search
