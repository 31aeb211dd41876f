// query_values.cpp: see query_values.h.
#include "search/query_values.h"

#include <array>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <charconv>
#include <cmath>
#include <string>

namespace jh::search {

namespace {

std::atomic<std::size_t> bound_params{100}, bound_value_chars{2000};

bool is_hex(char c) noexcept { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
int hex_value(char c) noexcept { return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10; }

// Characters of a percent-encoded value once decoded: UTF-8 continuation bytes do not count.
std::size_t decoded_chars(std::string_view v) noexcept {
    std::size_t n = 0;
    for (std::size_t i = 0; i < v.size(); ++i) {
        unsigned char byte = static_cast<unsigned char>(v[i]);
        if (v[i] == '%' && i + 2 < v.size() && is_hex(v[i + 1]) && is_hex(v[i + 2])) {
            byte = static_cast<unsigned char>(hex_value(v[i + 1]) * 16 + hex_value(v[i + 2]));
            i += 2;
        }
        if ((byte & 0xC0) != 0x80) ++n;
    }
    return n;
}

bool iequals(std::string_view a, std::string_view b) noexcept {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        char x = a[i] >= 'A' && a[i] <= 'Z' ? static_cast<char>(a[i] + 32) : a[i];
        if (x != b[i]) return false;
    }
    return true;
}
}  // namespace

void set_query_bounds(std::size_t max_params, std::size_t max_value_chars) noexcept {
    bound_params.store(max_params, std::memory_order_relaxed);
    bound_value_chars.store(max_value_chars, std::memory_order_relaxed);
}

std::optional<std::string> query_bounds_violation(std::string_view raw_query) {
    return query_bounds_violation(raw_query, bound_params.load(std::memory_order_relaxed), bound_value_chars.load(std::memory_order_relaxed));
}

std::optional<std::string> query_bounds_violation(std::string_view q, std::size_t max_params, std::size_t max_value_chars) {
    std::size_t params = 0;
    while (!q.empty()) {
        auto amp = q.find('&');
        std::string_view pair = q.substr(0, amp);
        q = amp == std::string_view::npos ? std::string_view{} : q.substr(amp + 1);
        if (pair.empty()) continue;
        if (++params > max_params)
            return "Die Anfrage hat zu viele Parameter. Erlaubt sind höchstens " + std::to_string(max_params) + ".";
        auto eq = pair.find('=');
        std::string_view value = eq == std::string_view::npos ? std::string_view{} : pair.substr(eq + 1);
        if (value.size() > max_value_chars && decoded_chars(value) > max_value_chars)
            return "Ein Parameter der Anfrage ist zu lang. Erlaubt sind höchstens " + std::to_string(max_value_chars) + " Zeichen.";
        if (eq != std::string_view::npos && eq > max_value_chars)
            return "Ein Parametername der Anfrage ist zu lang.";
    }
    return std::nullopt;
}

std::optional<std::string> decode_query_component(std::string_view in) {
    std::string out;
    out.reserve(in.size());
    for (std::size_t i = 0; i < in.size(); ++i) {
        if (in[i] == '%') {
            if (i + 2 >= in.size() || !is_hex(in[i + 1]) || !is_hex(in[i + 2])) return std::nullopt;
            char decoded = static_cast<char>(hex_value(in[i + 1]) * 16 + hex_value(in[i + 2]));
            if (decoded == '\0') return std::nullopt;   // an encoded NUL never reaches a filter
            out += decoded;
            i += 2;
        } else {
            out += in[i] == '+' ? ' ' : in[i];
        }
    }
    return out;
}

std::optional<std::int64_t> parse_int(std::string_view s) noexcept {
    if (s.empty() || s.size() > 19) return std::nullopt;
    if (s.front() == '+') return std::nullopt;
    std::int64_t v = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || p != s.data() + s.size()) return std::nullopt;
    return v;
}

std::optional<std::int64_t> parse_id(std::string_view s) noexcept {
    auto v = parse_int(s);
    if (!v || *v < 1 || *v > (std::int64_t{1} << 62)) return std::nullopt;
    return v;
}

std::optional<double> parse_number(std::string_view s) noexcept {
    if (s.empty() || s.size() > 32) return std::nullopt;
    for (char c : s)
        if (!((c >= '0' && c <= '9') || c == '.' || c == '-')) return std::nullopt;   // no "inf", "nan", exponents
    double v = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || p != s.data() + s.size() || !std::isfinite(v)) return std::nullopt;
    return v;
}

std::optional<bool> parse_flag(std::string_view s) noexcept {
    for (std::string_view t : {"1", "true", "yes", "on"})
        if (iequals(s, t)) return true;
    for (std::string_view f : {"0", "false", "no", "off"})
        if (iequals(s, f)) return false;
    return std::nullopt;
}

std::optional<int> parse_distance_m(std::string_view s) noexcept {
    auto v = parse_int(s);
    if (!v) return std::nullopt;
    constexpr std::array<int, 6> km{10, 25, 50, 100, 250, 500};
    for (int k : km) {
        if (*v == k) return k * 1000;
        if (*v == std::int64_t{k} * 1000) return k * 1000;
    }
    return std::nullopt;
}

std::optional<int> parse_interval_s(std::string_view s) noexcept {
    struct entry {
        std::string_view text;
        int seconds;
    };
    constexpr std::array<entry, 8> table{{{"1h", 3600},
                                          {"4h", 4 * 3600},
                                          {"24h", 86400},
                                          {"1d", 86400},
                                          {"3d", 3 * 86400},
                                          {"7d", 7 * 86400},
                                          {"1", 86400},
                                          {"3", 3 * 86400}}};
    for (const auto& e : table)
        if (iequals(s, e.text)) return e.seconds;
    if (s == "7") return 7 * 86400;
    return std::nullopt;
}

std::optional<int> parse_date_days(std::string_view s) noexcept {
    if (s.size() != 10 || s[4] != '-' || s[7] != '-') return std::nullopt;
    auto digits = [&](std::size_t from, std::size_t n) -> std::optional<int> {
        int v = 0;
        for (std::size_t i = from; i < from + n; ++i) {
            if (s[i] < '0' || s[i] > '9') return std::nullopt;
            v = v * 10 + (s[i] - '0');
        }
        return v;
    };
    auto y = digits(0, 4), m = digits(5, 2), d = digits(8, 2);
    if (!y || !m || !d || *y < 2000 || *y > 2099) return std::nullopt;
    const std::chrono::year_month_day ymd{std::chrono::year(*y), std::chrono::month(static_cast<unsigned>(*m)),
                                          std::chrono::day(static_cast<unsigned>(*d))};
    if (!ymd.ok()) return std::nullopt;
    return static_cast<int>(std::chrono::sys_days(ymd).time_since_epoch().count());
}

std::string date_text(int days) {
    const std::chrono::year_month_day ymd{std::chrono::sys_days(std::chrono::days(days))};
    char buf[16];
    std::snprintf(buf, sizeof buf, "%04d-%02u-%02u", static_cast<int>(ymd.year()), static_cast<unsigned>(ymd.month()),
                  static_cast<unsigned>(ymd.day()));
    return buf;
}

bool valid_lat(double v) noexcept { return std::isfinite(v) && v >= -90 && v <= 90; }
bool valid_lon(double v) noexcept { return std::isfinite(v) && v >= -180 && v <= 180; }

bool valid_slug(std::string_view s) noexcept {
    if (s.empty() || s.size() > 120) return false;
    for (char c : s)
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_')) return false;
    return true;
}

}  // namespace jh::search
