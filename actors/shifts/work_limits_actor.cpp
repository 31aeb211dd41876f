// work_limits_actor.cpp: storing the candidate's stated work limit and adding up the confirmed
// shifts against it. See work_limits_actor.h and docs/shifts.md "Work limits".
#include "actors/shifts/work_limits_actor.h"

#include "actors/actions_common.h"
#include "actors/roles.h"
#include "actors/shifts/shift_rules.h"
#include "actors/shifts/work_limits_settings.h"
#include "actors/shifts/working_time.h"
#include "reactor/config.h"
#include "reactor/loop_context.h"
#include "reactor/pg_bind.h"
#include "reactor/try.h"

namespace jh {

namespace {

// The configured tables were checked when the configuration was loaded (work_limits_settings.cpp),
// so parsing them again cannot fail; an empty table would only mean a limit of 0.
per_year_figures figures_of(const std::vector<std::string>& items) {
    auto r = parse_per_year(items, 0, INT64_MAX);
    return r ? *r : per_year_figures{};
}

// The figures of the configured tables, read once per loop.
work_limits::figures figures_of(const work_limits_settings& s) {
    return {figures_of(s.minijob_month_eur), figures_of(s.short_term_days), figures_of(s.student_week_hours)};
}

}  // namespace

work_limits_actor::work_limits_actor(loop_context& loop)
    : loop_(loop), figures_(figures_of(section<work_limits_settings>(loop.cfg))) {}

task<result<work_limits::evaluation>> work_limits_actor::standing(const auth::identity& who, std::vector<std::int64_t> extra) {
    // One statement, one round trip: the stated limit (none yet: no row), Berlin's "today" (always
    // one row) and the shifts to count (none: one row of NULLs from the LEFT JOIN).
    pg::params p = pg::bind(who.account_id, actions::int_array(extra));
    CO_TRY(auto rows, co_await loop_.pg.read(
        "SELECT s.status, s.lecture_period, d.month, d.year, d.week_start, d.today, "
        "       w.shift_id, w.extra, w.day, w.month, w.year, w.week_start, w.months_ago, w.minutes, w.pay_cents "
        "  FROM jh_work_limit_today() d "
        "  LEFT JOIN candidate_work_limits s ON s.account_id = $1 "
        "  LEFT JOIN LATERAL jh_work_limit_shifts($1, $2::bigint[]) w ON true",
        std::move(p)));
    auto status = rows.is_null(0, 0) ? std::nullopt : work_limits::parse_status(rows.text(0, 0));
    bool lecture_period = rows.is_null(0, 1) ? true : rows.boolean(0, 1);
    work_limits::today today{std::string(rows.text(0, 5)), std::string(rows.text(0, 2)), std::string(rows.text(0, 4)),
                             static_cast<int>(rows.int64(0, 3))};
    std::vector<work_limits::counted_shift> counted;
    counted.reserve(static_cast<std::size_t>(rows.rows()));
    for (int i = 0; i < rows.rows(); ++i) {
        if (rows.is_null(i, 6)) continue;   // no shift to count
        work_limits::counted_shift s;
        s.id = rows.int64(i, 6);
        s.extra = rows.boolean(i, 7);
        s.day = rows.text(i, 8);
        s.month = rows.text(i, 9);
        s.year = static_cast<int>(rows.int64(i, 10));
        s.week_start = rows.text(i, 11);
        s.months_ago = static_cast<int>(rows.int64(i, 12));
        s.minutes = static_cast<int>(rows.int64(i, 13));
        if (!rows.is_null(i, 14)) s.pay_cents = rows.int64(i, 14);
        counted.push_back(std::move(s));
    }
    auto out = work_limits::evaluate(status.value_or(work_limits::status::none), lecture_period, figures_, today, counted);
    // The shifts asked about that count (upcoming shifts of a live job, as above), against the
    // working time across employers: an adult's breaches come back as warnings.
    std::vector<std::int64_t> asked;
    for (const auto& s : counted)
        if (s.extra) asked.push_back(s.id);
    if (!asked.empty()) {
        std::optional<std::string> sedcards_own;
        pg::params q = pg::bind(who.account_id, actions::int_array(asked), sedcards_own);
        CO_TRY(auto b, co_await loop_.pg.read(working_time::breaches_sql, std::move(q)));
        for (const auto& breach : working_time::read_breaches(b))
            if (!breach.minor) out.working_time.emplace_back(breach.rule, working_time::candidate_message(breach));
    }
    co_return out;
}

task<result<work_limits::evaluation>> work_limits_actor::state(const auth::identity& who, std::optional<work_limits::status> stated,
                                                               std::optional<bool> lecture_period) {
    // One statement: the row is made on first use; a member left out keeps its value. The
    // parameters are made before the co_await (g++ 12 and temporaries in a co_await expression).
    std::optional<std::string> status_text;
    if (stated) status_text = std::string(work_limits::status_name(*stated));
    pg::params p = pg::bind(who.account_id, status_text, lecture_period);
    CO_CHECK(co_await loop_.pg.query(
        "INSERT INTO candidate_work_limits (account_id, status, lecture_period) "
        "VALUES ($1, coalesce($2, 'none'), coalesce($3::boolean, true)) "
        "ON CONFLICT (account_id) DO UPDATE SET status = coalesce($2, candidate_work_limits.status), "
        "       lecture_period = coalesce($3::boolean, candidate_work_limits.lecture_period), updated_at = now()",
        std::move(p)));
    std::vector<std::int64_t> nothing_asked;
    co_return co_await standing(who, std::move(nothing_asked));
}

}  // namespace jh
