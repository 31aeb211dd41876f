// free_shifts.h: the shift date filter (shiftsFrom, shiftsTo) in the in-memory index. A live job
// carries its free shifts (not cancelled, not begun, fewer confirmed than needed: jh_free_shifts,
// migrations/repeatable/R__jh_free_shifts.sql) as keys (Berlin date, start instant); the index
// keeps them sorted with their documents and marks the jobs with a key in a query's window whose
// shift has not begun by the query's now. Pure C++; docs/search.md, "Shift dates".
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

namespace jh::search {

// One free shift: its date (days since 1970-01-01, Berlin) in the high bits, its start (seconds
// since 1970, a whole minute) in the low 32: sorted by date, then start.
inline std::int64_t free_shift_key(int day, std::int64_t starts_s) noexcept {
    return (static_cast<std::int64_t>(day) << 32) | (starts_s & 0xffffffff);
}

// The loader's text "day starts_s,day starts_s" → keys; a malformed entry is skipped.
std::vector<std::int64_t> read_free_shifts(std::string_view text);

// Sets in `bits` the documents of `entries` ((key, doc), sorted) with a shift dated from_day..to_day
// (either open) that starts after now_us (µs since 1970).
void mark_free_shift_docs(std::span<const std::pair<std::int64_t, std::uint32_t>> entries, std::optional<int> from_day,
                          std::optional<int> to_day, std::int64_t now_us, std::vector<std::uint64_t>& bits);

}  // namespace jh::search
