// reports_actor.cpp: see reports_actor.h.
#include "actors/reports/reports_actor.h"

#include <unordered_map>

#include "actors/actions_common.h"
#include "actors/organizations/organization_editor.h"
#include "reactor/loop_context.h"
#include "reactor/pg_bind.h"
#include "reactor/try.h"

namespace jh {

namespace reports {

namespace {

constexpr const char* msg_month_format = "Bitte geben Sie den Monat als JJJJ-MM an, zum Beispiel 2026-10.";
constexpr const char* msg_month_future = "Für einen Monat in der Zukunft gibt es noch keinen Bericht.";
constexpr const char* msg_month_before =
    "Für diesen Monat gibt es keinen Bericht: Ihr Unternehmen war damals noch nicht bei Jobhafen registriert.";

bool all_digits(std::string_view s) {
    for (char c : s)
        if (c < '0' || c > '9') return false;
    return !s.empty();
}

}  // namespace

result<void> check_month_format(std::string_view month) {
    if (month.size() != 7 || month[4] != '-' || !all_digits(month.substr(0, 4)) || !all_digits(month.substr(5, 2)))
        return actions::invalid("month", msg_month_format);
    int year = (month[0] - '0') * 1000 + (month[1] - '0') * 100 + (month[2] - '0') * 10 + (month[3] - '0');
    int m = (month[5] - '0') * 10 + (month[6] - '0');
    if (year < 2000 || year > 2199 || m < 1 || m > 12) return actions::invalid("month", msg_month_format);
    return {};
}

// "YYYY-MM" texts compare as their months do.
result<void> check_month_range(std::string_view month, std::string_view current, std::string_view first) {
    if (month > current) return actions::invalid("month", msg_month_future);
    if (month < first) return actions::invalid("month", msg_month_before);
    return {};
}

}  // namespace reports

namespace {

// Columns [2, 10) of jh_monthly_report.
reports::figures read_figures(const pg::result_set& r, int row) {
    reports::figures f;
    f.views = r.int64(row, 2);
    f.applications = r.int64(row, 3);
    f.answered = r.int64(row, 4);
    if (!r.is_null(row, 5)) f.median_seconds = r.number(row, 5);
    f.shifts = r.int64(row, 6);
    f.shifts_filled = r.int64(row, 7);
    f.places = r.int64(row, 8);
    f.places_filled = r.int64(row, 9);
    return f;
}

// The listed jobs' ids as a PostgreSQL array literal ("{12,7}").
std::string id_array(const std::vector<reports::job_figures>& jobs) {
    std::string out = "{";
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        if (i) out += ',';
        out += std::to_string(jobs[i].id);
    }
    return out + "}";
}

}  // namespace

reports_actor::reports_actor(loop_context& loop, organization_editor& organizations) : loop_(loop), organizations_(organizations) {}

// Another organization's member: 404, the report "does not exist" for it (as the time records).
// Its own: member_of with `write`, which refuses a blocked, pending or rejected organization and an
// unconfirmed address with the reason (403), as every provider action does.
task<result<void>> reports_actor::may_read(const auth::identity& who, std::int64_t org) {
    CO_TRY(auto ms, co_await organizations_.membership_of(who));
    if (ms.organization_id != org) co_return fail(error_kind::not_found, organizations::msg::not_found);
    CO_TRY(auto acting, co_await organizations_.member_of(who, org, true));
    (void)acting;
    co_return result<void>{};
}

task<result<reports::monthly_report>> reports_actor::monthly(const auth::identity& who, std::int64_t org, std::string month) {
    CO_CHECK(co_await may_read(who, org));
    CO_CHECK(reports::check_month_format(month));
    const std::string first_day = month + "-01";
    CO_TRY(auto span, co_await loop_.pg.read(
        "SELECT to_char(now() AT TIME ZONE 'Europe/Berlin', 'YYYY-MM'), to_char(o.created_at AT TIME ZONE 'Europe/Berlin', 'YYYY-MM'), "
        "       to_char($2::date + interval '1 month' - interval '1 day', 'YYYY-MM-DD') "
        "  FROM organizations o WHERE o.id = $1",
        pg::bind(org, first_day)));
    if (span.rows() != 1) co_return fail(error_kind::not_found, organizations::msg::not_found);
    CO_CHECK(reports::check_month_range(month, span.text(0, 0), span.text(0, 1)));

    reports::monthly_report out;
    out.organization_id = org;
    out.month = month;
    out.first_day = first_day;
    out.last_day = std::string(span.text(0, 2));
    out.complete = month < span.text(0, 0);
    CO_TRY(auto r, co_await loop_.pg.read("SELECT * FROM jh_monthly_report($1, $2::date, $3)",
                                          pg::bind(org, first_day, reports::job_limit)));
    for (int i = 0; i < r.rows(); ++i) {
        if (r.is_null(i, 0)) {
            out.total = read_figures(r, i);
            out.jobs_total = r.int64(i, 10);
        } else {
            out.jobs.push_back({r.int64(i, 0), std::string(r.text(i, 1)), read_figures(r, i)});
        }
    }
    CO_TRY(auto s, co_await loop_.pg.read("SELECT job_id, source, applications FROM jh_monthly_report_sources($1, $2::date, $3, $4::bigint[])",
                                          pg::bind(org, first_day, reports::source_top, id_array(out.jobs))));
    std::unordered_map<std::int64_t, std::size_t> listed;
    for (std::size_t i = 0; i < out.jobs.size(); ++i) listed.emplace(out.jobs[i].id, i);
    for (int i = 0; i < s.rows(); ++i) {
        reports::source_count c{std::string(s.text(i, 1)), s.int64(i, 2)};
        if (s.is_null(i, 0)) out.total.sources.push_back(std::move(c));
        else if (auto it = listed.find(s.int64(i, 0)); it != listed.end()) out.jobs[it->second].f.sources.push_back(std::move(c));
    }
    co_return out;
}

}  // namespace jh
