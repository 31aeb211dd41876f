// free_shifts.cpp: see free_shifts.h.
#include "search/free_shifts.h"

#include <algorithm>
#include <charconv>
#include <limits>

namespace jh::search {

std::vector<std::int64_t> read_free_shifts(std::string_view text) {
    std::vector<std::int64_t> out;
    while (!text.empty()) {
        const auto comma = text.find(',');
        const std::string_view entry = text.substr(0, comma);
        const auto space = entry.find(' ');
        int day = 0;
        std::int64_t starts = 0;
        if (space != std::string_view::npos &&
            std::from_chars(entry.data(), entry.data() + space, day).ec == std::errc() &&
            std::from_chars(entry.data() + space + 1, entry.data() + entry.size(), starts).ec == std::errc())
            out.push_back(free_shift_key(day, starts));
        if (comma == std::string_view::npos) break;
        text.remove_prefix(comma + 1);
    }
    return out;
}

void mark_free_shift_docs(std::span<const std::pair<std::int64_t, std::uint32_t>> entries, std::optional<int> from_day,
                          std::optional<int> to_day, std::int64_t now_us, std::vector<std::uint64_t>& bits) {
    const std::int64_t lo = from_day ? free_shift_key(*from_day, 0) : std::numeric_limits<std::int64_t>::min();
    const std::int64_t hi = to_day ? free_shift_key(*to_day + 1, 0) : std::numeric_limits<std::int64_t>::max();
    auto it = std::lower_bound(entries.begin(), entries.end(), std::pair<std::int64_t, std::uint32_t>{lo, 0});
    for (; it != entries.end() && it->first < hi; ++it) {
        const std::int64_t starts_us = (it->first & 0xffffffff) * 1000000;
        if (starts_us > now_us) bits[it->second >> 6] |= std::uint64_t{1} << (it->second & 63);
    }
}

}  // namespace jh::search
