// pg_json.cpp: see pg_json.h.
#include "search/pg_json.h"

#include <charconv>
#include <cmath>
#include <cctype>
#include <cstdio>
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

std::optional<std::string> pg_timestamptz_utc_json_text(std::int64_t pg_us) {
    if (pg_us == std::numeric_limits<std::int64_t>::max()) return "infinity";
    if (pg_us == std::numeric_limits<std::int64_t>::min()) return "-infinity";
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
    if (year < 1 || year > 9999) return std::nullopt;
    const auto seconds = rest / 1000000;
    auto fraction = static_cast<int>(rest % 1000000);
    char buf[48];
    int n = std::snprintf(buf, sizeof buf, "%04d-%02u-%02uT%02d:%02d:%02d", static_cast<int>(year), month, day, static_cast<int>(seconds / 3600),
                          static_cast<int>(seconds / 60 % 60), static_cast<int>(seconds % 60));
    std::string out(buf, static_cast<std::size_t>(n));
    if (fraction != 0) {
        int digits = 6;
        while (fraction % 10 == 0) {
            fraction /= 10;
            --digits;
        }
        n = std::snprintf(buf, sizeof buf, ".%0*d", digits, fraction);
        out.append(buf, static_cast<std::size_t>(n));
    }
    out += "+00:00";
    return out;
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

void append_pg_location(std::string& out, const location_columns& l, bool first) {
    // What json_build_object writes before each value: the key, and ", " before every key but the first.
    auto key = [&out](std::string_view name) {
        if (name != "id") out += ", ";
        out += '"';
        out += name;
        out += "\" : ";
    };
    if (!first) out += ", ";
    out += '{';
    key("id");
    out += std::to_string(l.id);
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
    out += l.place_id ? std::to_string(*l.place_id) : std::string("null");
    key("distance");
    out += "null}";
}

}  // namespace jh::search
