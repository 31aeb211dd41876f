// shift_choice.h: a candidate's choice of shifts while applying, for the applications actor: the
// shifts domain's one write that runs inside another domain's transaction (the application and its
// shifts are stored together or not at all). Defined in shift_choice.cpp; docs/shifts.md.
#pragma once

#include <cstdint>
#include <vector>

#include "reactor/app_error.h"
#include "reactor/pg.h"
#include "reactor/task.h"

namespace jh::shifts {

// Stores the candidate's choice of `shift_ids` (upcoming, not cancelled shifts of `job_id`) for
// `application_id` in the caller's transaction: refused (422, propertyPath `shifts`, "du") for a
// shift of another job or one that has begun, and for shifts that overlap each other or a shift
// the candidate already holds or waits for (pending or confirmed, any job).
task<result<void>> choose_shifts(pg::transaction& tx, std::int64_t account_id, std::int64_t job_id, std::int64_t application_id,
                                 const std::vector<std::int64_t>& shift_ids);

// The same rules before an account exists (register-and-apply): the shifts are upcoming, not
// cancelled shifts of `job_id` that do not overlap each other. A read, so that no account is made
// for a choice that cannot be stored, and the answer does not depend on whether the address
// already has an account; choose_shifts() in the registration's transaction checks them again.
task<result<void>> check_shifts(pg::pool& pool, std::int64_t job_id, const std::vector<std::int64_t>& shift_ids);

}  // namespace jh::shifts
