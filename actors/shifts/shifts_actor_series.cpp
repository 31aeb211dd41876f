// shifts_actor_series.cpp: shifts_actor::create_series, many shifts at once (issue 43, item 1;
// docs/shifts.md "Many shifts at once"). The request was read and checked by read_shift_series
// (slot bounds, count, overlap); here what needs the database, by the same functions as one shift
// (shift_writes.h): the caller may write the job, no date before today, the place is one of the
// job's. One INSERT for all shifts in one transaction: a refusal stores none.
#include "actors/actions_common.h"
#include "actors/job_pay.h"
#include "actors/shifts/shift_writes.h"
#include "actors/shifts/shifts_actor.h"
#include "reactor/loop_context.h"
#include "reactor/pg_bind.h"
#include "reactor/try.h"

namespace jh {

namespace {

// "{a,b}": a PostgreSQL array literal of checked values (dates, HH:MM, numbers: nothing to quote).
template <typename T, typename F>
std::string array_literal(const std::vector<T>& items, F&& text) {
    std::string out = "{";
    for (std::size_t i = 0; i < items.size(); ++i) out += (i ? "," : "") + text(items[i]);
    return out + "}";
}

}  // namespace

task<result<shifts::shift_list>> shifts_actor::create_series(const auth::identity& who, std::int64_t job_id,
                                                             shifts::shift_series series) {
    CO_CHECK(co_await may_write_job(who, job_id));
    co_return co_await pg::in_transaction(loop_.pg, [&](pg::transaction& tx) -> task<result<shifts::shift_list>> {
        CO_CHECK(co_await shifts::check_dates_not_past(tx, series.dates, "dates"));
        CO_TRY(auto place, co_await shifts::resolve_place(tx, job_id, series.common));
        std::string dates = array_literal(series.dates, [](const std::string& d) { return d; });
        std::string starts = array_literal(series.slots, [](const shifts::series_slot& s) { return s.start; });
        std::string ends = array_literal(series.slots, [](const shifts::series_slot& s) { return s.end; });
        std::string staff = array_literal(series.slots, [](const shifts::series_slot& s) { return std::to_string(s.staff_needed); });
        const auto& f = series.common;
        // The same cap as one shift: one writer of the job's shifts at a time, counted after.
        CO_CHECK(co_await lock_job_shifts(tx, job_id));
        auto ins = co_await tx.query(
            "INSERT INTO shifts (job_posting_id, shift_date, start_time, end_time, staff_needed, base_salary, note, place_id, "
            "                    break_minutes) "
            "SELECT $1, d, sl.st, sl.en, sl.n, $6::numeric, coalesce($7, ''), $8, coalesce($9, 0) "
            "  FROM unnest($2::date[]) WITH ORDINALITY AS dd (d, di) "
            " CROSS JOIN unnest($3::time[], $4::time[], $5::int[]) WITH ORDINALITY AS sl (st, en, n, si) "
            " ORDER BY di, si RETURNING id",
            pg::bind(job_id, dates, starts, ends, staff, f.base_salary, f.note, place, f.break_minutes));
        if (!ins) co_return std::unexpected(shifts::write_error(ins.error()));
        CO_CHECK(co_await check_upcoming_shifts(tx, job_id));
        std::vector<std::int64_t> ids;
        for (int i = 0; i < ins->rows(); ++i) ids.push_back(ins->int64(i, 0));
        // The minimum wage per shift, as for one shift (docs/fair-play.md): a refusal rolls back all.
        for (std::int64_t id : ids) CO_CHECK(co_await pay::check_written_shift(tx, job_id, id, minimum_wage_));
        // A second statement: the function reads the shifts, which the INSERT's own statement
        // would not yet see.
        CO_TRY(auto r, co_await tx.query(
            "SELECT coalesce(jsonb_agg(jh_shift_json(s.id, true) ORDER BY s.starts_at, s.id), '[]')::text, count(*) "
            "  FROM shifts s WHERE s.id = ANY ($1::bigint[])",
            pg::bind(actions::int_array(ids))));
        shifts::shift_list out{std::string(r.text(0, 0)), r.int64(0, 1)};
        CO_CHECK(co_await tx.commit());
        co_return out;
    });
}

}  // namespace jh
