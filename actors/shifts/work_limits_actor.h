// work_limits_actor.h: the candidate's work limits (Arbeitszeitgrenzen, issue 30 part 5,
// docs/shifts.md "Work limits"): what the candidate states in the account, and where the
// confirmed shifts put them this month, year or week — with the shifts about to be applied for
// added, so the web can warn before applying (never a block). Writes `candidate_work_limits`
// (migrations/0188_work_limits.sql); reads shifts through jh_work_limit_shifts. The rules are
// work_limits.h; the figures per year come from the configuration (work_limits.*).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "actors/shifts/work_limits.h"
#include "reactor/app_error.h"
#include "reactor/auth.h"
#include "reactor/task.h"

namespace jh {

struct loop_context;

class work_limits_actor {
public:
    explicit work_limits_actor(loop_context& loop);

    // The stated limit and the standing; `extra`: shift ids about to be applied for (their
    // periods become warnings when they would cross the limit). Candidates only: the routes say so.
    task<result<work_limits::evaluation>> standing(const auth::identity& who, std::vector<std::int64_t> extra);
    // Stores what the candidate states (either member may be left out), then answers standing().
    task<result<work_limits::evaluation>> state(const auth::identity& who, std::optional<work_limits::status> stated,
                                                std::optional<bool> lecture_period);

private:
    loop_context& loop_;
    work_limits::figures figures_;
};

}  // namespace jh
