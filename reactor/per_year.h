// per_year.h: a setting that holds one whole number per calendar year, written as a list of
// "YEAR=VALUE" strings ("2026=603"), so a figure that the law changes each January lives in the
// configuration instead of the code (the work limits of issue 30, docs/shifts.md). The loader
// checks every such list at start (reactor/config.cpp); a year the list does not name takes the
// figure of the latest year before it. Knows no domain.
#pragma once

#include <cstdint>
#include <expected>
#include <string>
#include <string_view>
#include <vector>

namespace jh {

struct per_year_figures {
    struct entry {
        int year = 0;
        std::int64_t value = 0;
    };
    std::vector<entry> entries;   // ascending by year, each year once

    // The figure for `year`: its own, else the latest year before it, else the earliest given.
    // Also says which year's figure that is. An empty table answers {0, 0}.
    entry for_year(int year) const noexcept;
};

// Reads ["2025=556", "2026=603"]: years 2000..2199, values within [min, max], each year once,
// at least one entry. The error names the bad item.
std::expected<per_year_figures, std::string> parse_per_year(const std::vector<std::string>& items, std::int64_t min,
                                                            std::int64_t max);

}  // namespace jh
