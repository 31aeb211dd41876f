// shift_refill.h: offering a shift's freed places down its waitlist, in the transaction that frees
// them (issue 43, item 6; docs/shifts.md "Waitlist and refill"). The rule (who is next, the offer
// window, the mail) is one SQL function, jh_shift_refill (migrations/repeatable/R__jh_shift_refill.sql),
// which the mail worker's minute pass calls too.
#pragma once

#include <cstdint>

#include "reactor/app_error.h"
#include "reactor/pg.h"
#include "reactor/task.h"

namespace jh {

struct config;

namespace shifts {

// Offers the shift's free places (needed − confirmed − open offers) to the next people waiting,
// each with the mail shift_offer, in the caller's transaction; locks the shift's row. Returns the
// number of offers made (the caller wakes the mail workers after its commit when > 0).
task<result<std::int64_t>> refill(pg::transaction& tx, std::int64_t shift_id, const config& cfg);

}  // namespace shifts
}  // namespace jh
