// per_year.cpp: reading and asking a per-year figure table. See per_year.h.
#include "reactor/per_year.h"

#include <algorithm>
#include <charconv>

namespace jh {

per_year_figures::entry per_year_figures::for_year(int year) const noexcept {
    if (entries.empty()) return {};
    entry found = entries.front();
    for (const auto& e : entries)
        if (e.year <= year) found = e;
    return found;
}

std::expected<per_year_figures, std::string> parse_per_year(const std::vector<std::string>& items, std::int64_t min,
                                                            std::int64_t max) {
    per_year_figures out;
    if (items.empty()) return std::unexpected("needs at least one \"YEAR=VALUE\" item");
    for (const auto& item : items) {
        std::string_view s(item);
        auto eq = s.find('=');
        auto bad = [&] { return std::unexpected("'" + item + "' is not \"YEAR=VALUE\" (a year 2000..2199, a value " +
                                                std::to_string(min) + ".." + std::to_string(max) + ")"); };
        if (eq == std::string_view::npos) return bad();
        int year = 0;
        std::int64_t value = 0;
        auto y = s.substr(0, eq), v = s.substr(eq + 1);
        auto ry = std::from_chars(y.data(), y.data() + y.size(), year);
        auto rv = std::from_chars(v.data(), v.data() + v.size(), value);
        if (y.empty() || v.empty() || ry.ec != std::errc{} || ry.ptr != y.data() + y.size() || rv.ec != std::errc{} ||
            rv.ptr != v.data() + v.size() || year < 2000 || year > 2199 || value < min || value > max)
            return bad();
        for (const auto& e : out.entries)
            if (e.year == year) return std::unexpected("year " + std::to_string(year) + " is given twice");
        out.entries.push_back({year, value});
    }
    std::sort(out.entries.begin(), out.entries.end(), [](const auto& a, const auto& b) { return a.year < b.year; });
    return out;
}

}  // namespace jh
