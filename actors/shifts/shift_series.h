// shift_series.h: the pure rules of a shift series (issue 43, item 1; docs/shifts.md "Many shifts
// at once"): `POST /api/job_postings/{id}/shift_series` `{dates: [YYYY-MM-DD…], slots: [{start,
// end, staffNeeded}], baseSalary?, note?, placeId?|location?}` makes one shift per date and time
// slot. Each slot is read by the one shift's reader (read_shift_fields), so its bounds and German
// messages ("Sie") are the same; here only what a series adds: the lists, at most
// max_series_shifts shifts, no date twice, and no two slots overlapping each other. No I/O
// (tests/unit/shift_series_test.cpp).
#pragma once

#include <simdjson.h>

#include <cstddef>
#include <string>
#include <vector>

#include "actors/shifts/shift_rules.h"
#include "reactor/app_error.h"

namespace jh::shifts {

inline constexpr std::size_t max_series_shifts = 200;

struct series_slot {
    std::string start, end;   // HH:MM; an end at or before the start is the next day
    int staff_needed = 1;
};

struct shift_series {
    std::vector<std::string> dates;   // YYYY-MM-DD, each once, in the order sent
    std::vector<series_slot> slots;
    shift_fields common;              // baseSalary, note, placeId or location: for every shift
};

// The whole request, all or nothing: every problem as a violation at its member (`dates[2]`,
// `slots[1].end`, `slots` for the count), so the form can name each bad slot.
result<shift_series> read_shift_series(simdjson::dom::object body);

// Each slot that overlaps an earlier slot of the list, as (slot, the earlier one): on the same
// date, or — when `consecutive_dates` — a night slot running into the next date's slot.
struct slot_overlap {
    std::size_t slot, earlier;
};
std::vector<slot_overlap> overlapping_slots(const std::vector<series_slot>& slots, bool consecutive_dates);

}  // namespace jh::shifts
