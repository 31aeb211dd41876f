// shift_writes.h: the checks a provider's shift write makes against the database, shared by the
// one shift (shifts_actor::create, patch) and the series (shifts_actor::create_series, issue 43):
// a date not before today in Berlin, a place of one of the job's locations, and the answer to a
// write the table's CHECKs refused. Written once so both ways of creating shifts follow the same
// rules (docs/shifts.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "actors/shifts/shift_rules.h"
#include "reactor/app_error.h"
#include "reactor/pg.h"
#include "reactor/task.h"

namespace jh::shifts {

// The place of a new or changed shift: a gazetteer place of one of the job's locations, given as
// that place (placeId) or as the location (location). 422 for anything else.
task<result<std::optional<std::int64_t>>> resolve_place(pg::transaction& tx, std::int64_t job_id, const shift_fields& f);

// A date sent for a shift must not be before today in Berlin: 422 at `date`.
task<result<void>> check_not_past(pg::transaction& tx, const std::optional<std::string>& date);
// The same for several dates (checked YYYY-MM-DD): 422 with one violation per past date at
// `<member>[i]`.
task<result<void>> check_dates_not_past(pg::transaction& tx, const std::vector<std::string>& dates, std::string_view member);

// A write the table's CHECKs refused: start equal to end after a partial change is the only one
// a checked request can reach.
app_error write_error(const pg::error& e);

}  // namespace jh::shifts
