// shift_refill_actor.h: the waitlist of a full shift and its refill, the candidate's side (issue
// 43, item 6; docs/shifts.md "Waitlist and refill"): joining and leaving a shift's waitlist, the
// candidate's offers, and accepting one ("Platz übernehmen"). The offers themselves are made where
// a place frees (shift_refill.h) and by the mail worker's minute pass.
//
// Writes `shift_waitlist` (migrations/0230_shift_waitlist.sql) and, on an accepted offer, the
// candidate's `shift_applications` row (confirmed, through the choice's own checks in
// shift_choice.h) with the reminder and the provider's mail "… rückt nach" in the same
// transaction. Another candidate's entry or offer is 404.
#pragma once

#include <cstdint>
#include <string>

#include "actors/shifts/shift_rules.h"
#include "reactor/app_error.h"
#include "reactor/auth.h"
#include "reactor/task.h"

namespace jh {

struct loop_context;
class work_limits_actor;

namespace shifts {

// An entry's JSON (jh_shift_waitlist_json) and whether the call made it (201) or found it (200).
struct waitlist_answer {
    std::string json;
    bool created = false;
};

}  // namespace shifts

class shift_refill_actor {
public:
    shift_refill_actor(loop_context& loop, work_limits_actor& limits);

    // The candidate joins the waitlist of a full shift (confirmed + open offers ≥ needed) of a live
    // job, with their forwarded application to that job (else 422 at `application`); at the end of
    // the queue. 409 for a shift with free places, a cancelled or begun one, and a shift the
    // candidate already chose. Joining again while waiting or offered changes nothing.
    task<result<shifts::waitlist_answer>> join(const auth::identity& who, std::int64_t shift_id);
    // Leaves it (waiting or offered; an open offer passes to the next at once). Idempotent.
    task<result<void>> leave(const auth::identity& who, std::int64_t shift_id);
    // The candidate's waitlist entries and offers of shifts that have not ended, soonest first.
    task<result<shifts::shift_list>> mine(const auth::identity& who);
    // "Platz übernehmen": the first to accept an open offer while a place is free is confirmed
    // (the shift's row locked, then counted). 410 after the window, 409 when the place is gone;
    // 422 at `confirmLimits` when the shift would take the candidate over a stated work limit and
    // `confirm_limits` is false (the candidate decides, as when applying). Answers the entry.
    task<result<std::string>> accept(const auth::identity& who, std::int64_t offer_id, bool confirm_limits);

private:
    loop_context& loop_;
    work_limits_actor& limits_;
};

}  // namespace jh
