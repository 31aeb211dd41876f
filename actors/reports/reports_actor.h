// reports_actor.h: the monthly report of an organization (issue 44 item 8; docs/reach.md,
// "Monatsbericht"): per job of a Berlin calendar month and in total the job pages' views, the
// applications, the applications per source, the median time to the organization's first answer
// and the shifts filled, as JSON for the portal page and as a CSV file for spreadsheets. The figures
// are computed by SQL (migrations/repeatable/R__jh_monthly_report.sql and …_sources.sql), the same
// functions the mail worker's monthly pass sends from, so page, file and mail agree.
//
// Who reads it: an active member of the organization (owner or team member; org_editor's
// member_of with `write`, so a blocked, pending or rejected organization gets its 403 with the
// reason); another organization's member 404, as for the time records. The month is checked after
// that: "YYYY-MM", not after the current Berlin month, not before the month the organization
// registered (422 at `month` with a German message; docs/decisions.md, "Monthly report").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "reactor/app_error.h"
#include "reactor/auth.h"
#include "reactor/task.h"

namespace jh {

struct loop_context;
class organization_editor;

namespace reports {

// At most this many jobs are listed one by one (most applications first); the totals count all.
inline constexpr int job_limit = 500;
// The organization's most frequent sources of the month keep their name; the rest are
// "Weitere Quellen" (R__jh_monthly_report_sources.sql).
inline constexpr int source_top = 10;

struct source_count {
    std::string source;
    std::int64_t applications = 0;
};

struct figures {
    std::int64_t views = 0, applications = 0, answered = 0;
    std::optional<double> median_seconds;   // none: no application of the month answered
    std::int64_t shifts = 0, shifts_filled = 0, places = 0, places_filled = 0;
    std::vector<source_count> sources;     // most applications first
};

struct job_figures {
    std::int64_t id = 0;
    std::string title;
    figures f;
};

struct monthly_report {
    std::int64_t organization_id = 0;
    std::string month;                      // "2026-10"
    std::string first_day, last_day;        // "2026-10-01", "2026-10-31"
    bool complete = false;                  // false for the current month (figures so far)
    std::int64_t jobs_total = 0;            // jobs of the month; `jobs` lists up to job_limit of them
    figures total;
    std::vector<job_figures> jobs;
};

// The month as the path gives it: "YYYY-MM" with a month 01..12 and a year 2000..2199; else 422 at
// `month`. Pure.
result<void> check_month_format(std::string_view month);

// The month checked against the current Berlin month and the organization's first month (both
// "YYYY-MM"): later than now or earlier than the organization 422 at `month`. Pure.
result<void> check_month_range(std::string_view month, std::string_view current, std::string_view first);

// The CSV file (csv_text.h: BOM, `;`, CRLF, formula cells neutralised): one row per job, then
// "Gesamt"; one column per source of the month's total.
std::string csv_file(const monthly_report& r);

// "monatsbericht-2026-10.csv".
std::string csv_file_name(const monthly_report& r);

}  // namespace reports

class reports_actor {
public:
    reports_actor(loop_context& loop, organization_editor& organizations);

    // The report of `org` for `month` ("YYYY-MM") as `who` may read it (above).
    task<result<reports::monthly_report>> monthly(const auth::identity& who, std::int64_t org, std::string month);

private:
    task<result<void>> may_read(const auth::identity& who, std::int64_t org);

    loop_context& loop_;
    organization_editor& organizations_;
};

}  // namespace jh
