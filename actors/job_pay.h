// job_pay.h: a job's pay and its shifts' paid lengths as the pay rules need them (pay_rules.h),
// read inside the caller's transaction, and the one check both the job editor and the shifts run
// (issue 42, docs/fair-play.md). Reads the job tables (one owner writes them: the jobs domain and
// the shifts domain; reading across is allowed), writes nothing.
#pragma once

#include <cstdint>
#include <optional>

#include "actors/pay_rules.h"
#include "reactor/app_error.h"
#include "reactor/pg.h"
#include "reactor/task.h"

namespace jh::pay {

// The stored pay of job `job`, with this Berlin year and its end date's year.
struct stored_job_pay {
    job_pay pay;
    std::vector<int> years;   // this year, and the year of validThrough when it is later
};
task<result<stored_job_pay>> read_job_pay(pg::transaction& tx, std::int64_t job);

// The job's shifts that have not ended and are not cancelled, soonest first; or only `shift`.
task<result<std::vector<shift_pay>>> read_shifts(pg::transaction& tx, std::int64_t job, std::optional<std::int64_t> shift = {});

// The fields at every save; with `publishable` also what publication needs (the minimum wage per
// shift or per year). 422 with the violations, else nothing.
task<result<void>> check_job(pg::transaction& tx, std::int64_t job, bool publishable, const per_year_figures& minimum_wage);

// One shift of `job` after it was written, against the job's pay (422 at the shift's field).
task<result<void>> check_written_shift(pg::transaction& tx, std::int64_t job, std::int64_t shift,
                                       const per_year_figures& minimum_wage);

}  // namespace jh::pay
