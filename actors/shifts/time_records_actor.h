// time_records_actor.h: the worked hours of confirmed shifts (issue 43, items 2 and 3;
// docs/shifts.md "Time recording" and "The § 17 MiLoG record"). After a confirmed shift has ended
// the candidate enters start, end and break; the provider approves, corrects (the candidate is
// mailed and may object once) or marks "nicht erschienen"; the organization's month is its § 17
// MiLoG record as CSV. Nothing entered: the planned times are the proposal, computed on read
// (jh_time_records_of, migrations/repeatable/R__jh_time_records.sql); the seven-day approval is the
// mail worker's hourly pass (R__jh_time_records_housekeeping.sql).
//
// Writes `shift_time_records` (migrations/0215_time_records.sql). Each write locks the shift
// application first, so the candidate's entry and the provider's decision wait for each other.
// Another candidate's or another organization's shift application is 404.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "actors/organizations/organization_editor.h"
#include "actors/shifts/time_record_rules.h"
#include "reactor/app_error.h"
#include "reactor/auth.h"
#include "reactor/task.h"

namespace jh {

struct loop_context;

namespace shifts {
// A calendar month "YYYY-MM" as its first and last day.
struct month_span {
    std::string month, first, last;
};
// ?month=YYYY-MM (2000-01..2199-12): else 422 at `month` ("Sie").
result<month_span> read_month(const std::optional<std::string>& month);
}  // namespace shifts

class time_records_actor {
public:
    time_records_actor(loop_context& loop, organization_editor& organizations);

    // The candidate's entry for their own confirmed shift, after its end, while the provider has
    // not decided. Answers the record's JSON.
    task<result<std::string>> enter(const auth::identity& who, std::int64_t shift_application_id, shifts::time_entry entry);
    // The provider's decision (an active member of the job's organization), after the shift's end.
    task<result<std::string>> decide(const auth::identity& who, std::int64_t shift_application_id, shifts::time_decision d);
    // The candidate's one objection to a correction or a "nicht erschienen".
    task<result<std::string>> object(const auth::identity& who, std::int64_t shift_application_id, std::string text);
    // The organization's rating of the worker's reliability (an active member of the job's
    // organization), once the hours are approved or corrected; one per shift application (a second
    // 409). Answers the record as the organization sees it. Never shown to the candidate.
    task<result<std::string>> rate_reliability(const auth::identity& who, std::int64_t shift_application_id,
                                               shifts::reliability_rating rating);

    // The candidate's ended confirmed shifts of the last 60 days with their hours (JSON array).
    task<result<std::string>> mine(const auth::identity& who);
    // The organization's hours of one month (JSON array): a member of that organization.
    task<result<std::string>> of_organization(const auth::identity& who, std::int64_t org, shifts::month_span month);
    // The same month as the § 17 MiLoG record: file name and CSV text.
    task<result<std::pair<std::string, std::string>>> csv(const auth::identity& who, std::int64_t org, shifts::month_span month);
    // The same month as a printable PDF, drawn by a render worker: file name and bytes (503 without one).
    task<result<std::pair<std::string, std::string>>> pdf(const auth::identity& who, std::int64_t org, shifts::month_span month);

    // The QR check-in (docs/shifts.md "Checking in and out by QR code", time_records_check_in.cpp).
    // The shift's signed code for the provider's portal: a member of the job's organization.
    // JSON {shift, code, url, validFrom, validUntil, label, job}.
    task<result<std::string>> check_in_code(const auth::identity& who, std::int64_t shift);
    // A candidate scanned a shift's code: the first scan checks in, the second checks out and
    // writes start, end and break into the time record as her entry. JSON {action, …, record}.
    task<result<std::string>> scan(const auth::identity& who, std::string code);

private:
    task<result<void>> may_read(const auth::identity& who, std::int64_t org);
    task<result<std::vector<std::vector<std::string>>>> record_rows(std::int64_t org, const shifts::month_span& month);
    loop_context& loop_;
    organization_editor& organizations_;
};

}  // namespace jh
