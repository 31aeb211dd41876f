// query_values.cpp: see query_values.h.
#include "actors/search/query_values.h"

#include <array>
#include <charconv>
#include <cmath>
#include <string>

namespace jh::search {

namespace {
bool iequals(std::string_view a, std::string_view b) noexcept {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        char x = a[i] >= 'A' && a[i] <= 'Z' ? static_cast<char>(a[i] + 32) : a[i];
        if (x != b[i]) return false;
    }
    return true;
}
}  // namespace

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

bool valid_lat(double v) noexcept { return std::isfinite(v) && v >= -90 && v <= 90; }
bool valid_lon(double v) noexcept { return std::isfinite(v) && v >= -180 && v <= 180; }

bool valid_slug(std::string_view s) noexcept {
    if (s.empty() || s.size() > 120) return false;
    for (char c : s)
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_')) return false;
    return true;
}

}  // namespace jh::search
