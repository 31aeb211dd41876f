// job_pay.cpp: see job_pay.h.
#include "actors/job_pay.h"

#include "reactor/pg_bind.h"
#include "reactor/try.h"

namespace jh::pay {

namespace {

constexpr const char* job_pay_sql =
    "SELECT j.base_salary::text, j.base_salary_max::text, j.salary_unit::text, j.salary_currency, j.wage_exemption, "
    "       coalesce((SELECT string_agg(e.slug, ',') FROM job_posting_employment_types t "
    "                   JOIN employment_types e ON e.id = t.employment_type_id WHERE t.job_posting_id = j.id), ''), "
    "       extract(year FROM now() AT TIME ZONE 'Europe/Berlin')::bigint, "
    "       extract(year FROM j.valid_through AT TIME ZONE 'Europe/Berlin')::bigint "
    "  FROM job_postings j WHERE j.id = $1";

// The real length from the instants (a night across midnight and a change of daylight saving
// count as worked), minus the stated break.
constexpr const char* shifts_sql =
    "SELECT extract(year FROM s.shift_date)::bigint, "
    "       to_char(s.shift_date, 'DD.MM.YYYY') || ', ' || to_char(s.start_time, 'HH24:MI') || '–' || to_char(s.end_time, 'HH24:MI'), "
    "       (extract(epoch FROM s.ends_at - s.starts_at) / 60)::bigint - s.break_minutes, s.base_salary::text "
    "  FROM shifts s WHERE s.job_posting_id = $1 AND ($2::bigint IS NULL OR s.id = $2) "
    "   AND s.cancelled_at IS NULL AND s.ends_at > now() ORDER BY s.starts_at, s.id";

std::optional<std::string> opt_text(const pg::result_set& r, int row, int col) {
    if (r.is_null(row, col)) return std::nullopt;
    return std::string(r.text(row, col));
}

}  // namespace

task<result<stored_job_pay>> read_job_pay(pg::transaction& tx, std::int64_t job) {
    CO_TRY(auto r, co_await tx.query(job_pay_sql, pg::bind(job)));
    stored_job_pay out;
    if (r.rows() == 0) co_return out;
    job_pay& p = out.pay;
    if (!r.is_null(0, 0)) p.amount = cents_of(r.text(0, 0));
    if (!r.is_null(0, 1)) p.max = cents_of(r.text(0, 1));
    p.unit = opt_text(r, 0, 2);
    p.currency = std::string(r.text(0, 3));
    p.exemption = opt_text(r, 0, 4);
    std::string_view types = r.text(0, 5);
    while (!types.empty()) {
        auto comma = types.find(',');
        p.employment_types.emplace_back(types.substr(0, comma));
        types = comma == std::string_view::npos ? std::string_view{} : types.substr(comma + 1);
    }
    out.years.push_back(static_cast<int>(r.int64(0, 6)));
    if (!r.is_null(0, 7) && r.int64(0, 7) > r.int64(0, 6)) out.years.push_back(static_cast<int>(r.int64(0, 7)));
    co_return out;
}

task<result<std::vector<shift_pay>>> read_shifts(pg::transaction& tx, std::int64_t job, std::optional<std::int64_t> shift) {
    CO_TRY(auto r, co_await tx.query(shifts_sql, pg::bind(job, shift)));
    std::vector<shift_pay> out;
    for (int i = 0; i < r.rows(); ++i) {
        shift_pay s;
        s.year = static_cast<int>(r.int64(i, 0));
        s.label = std::string(r.text(i, 1));
        s.paid_minutes = r.int64(i, 2);
        if (!r.is_null(i, 3)) s.own_hourly = cents_of(r.text(i, 3));
        out.push_back(std::move(s));
    }
    co_return out;
}

task<result<void>> check_job(pg::transaction& tx, std::int64_t job, bool publishable, const per_year_figures& minimum_wage) {
    CO_TRY(auto stored, co_await read_job_pay(tx, job));
    std::vector<violation> v = check_fields(stored.pay);
    if (v.empty() && publishable) {
        CO_TRY(auto shifts, co_await read_shifts(tx, job));
        v = check_publishable(stored.pay, shifts, stored.years, minimum_wage);
    }
    if (!v.empty()) co_return std::unexpected(app_error::invalid(std::move(v)));
    co_return result<void>{};
}

task<result<void>> check_written_shift(pg::transaction& tx, std::int64_t job, std::int64_t shift,
                                       const per_year_figures& minimum_wage) {
    CO_TRY(auto stored, co_await read_job_pay(tx, job));
    CO_TRY(auto shifts, co_await read_shifts(tx, job, shift));
    for (const auto& s : shifts)
        if (auto bad = check_shift(stored.pay, s, minimum_wage)) co_return std::unexpected(app_error::invalid({*bad}));
    co_return result<void>{};
}

}  // namespace jh::pay
