// shift_writes.cpp: see shift_writes.h.
#include "actors/shifts/shift_writes.h"

#include "actors/actions_common.h"
#include "reactor/pg_bind.h"
#include "reactor/try.h"

namespace jh::shifts {

namespace {
constexpr const char* msg_past = "Das Datum des Einsatzes darf nicht in der Vergangenheit liegen.";
}  // namespace

task<result<std::optional<std::int64_t>>> resolve_place(pg::transaction& tx, std::int64_t job_id, const shift_fields& f) {
    if (f.location_id) {
        CO_TRY(auto r, co_await tx.query("SELECT place_id FROM job_posting_locations WHERE id = $1 AND job_posting_id = $2",
                                         pg::bind(*f.location_id, job_id)));
        if (r.rows() == 0 || r.is_null(0, 0)) co_return actions::invalid("location", msg::place);
        co_return std::optional<std::int64_t>(r.int64(0, 0));
    }
    if (f.place_id) {
        CO_TRY(auto r, co_await tx.query("SELECT 1 FROM job_posting_locations WHERE job_posting_id = $1 AND place_id = $2 LIMIT 1",
                                         pg::bind(job_id, *f.place_id)));
        if (r.rows() == 0) co_return actions::invalid("placeId", msg::place);
        co_return f.place_id;
    }
    co_return std::optional<std::int64_t>{};
}

task<result<void>> check_not_past(pg::transaction& tx, const std::optional<std::string>& date) {
    if (!date) co_return result<void>{};
    CO_TRY(auto r, co_await tx.query("SELECT $1::date >= (now() AT TIME ZONE 'Europe/Berlin')::date", pg::bind(*date)));
    if (!r.boolean(0, 0)) co_return actions::invalid("date", msg_past);
    co_return result<void>{};
}

task<result<void>> check_dates_not_past(pg::transaction& tx, const std::vector<std::string>& dates, std::string_view member) {
    if (dates.empty()) co_return result<void>{};
    std::string list = "{";
    for (std::size_t i = 0; i < dates.size(); ++i) list += (i ? "," : "") + dates[i];   // checked YYYY-MM-DD
    list += "}";
    CO_TRY(auto r, co_await tx.query(
        "SELECT (i - 1)::int FROM unnest($1::date[]) WITH ORDINALITY AS u (d, i) "
        " WHERE d < (now() AT TIME ZONE 'Europe/Berlin')::date ORDER BY i",
        pg::bind(list)));
    if (r.rows() == 0) co_return result<void>{};
    std::vector<violation> v;
    for (int i = 0; i < r.rows(); ++i) v.push_back({std::string(member) + "[" + std::to_string(r.int64(i, 0)) + "]", msg_past});
    co_return std::unexpected(app_error::invalid(std::move(v)));
}

app_error write_error(const pg::error& e) {
    if (e.sqlstate == "23514") return app_error::invalid({{"end", msg::same_time}});
    return e.to_app_error();
}

}  // namespace jh::shifts
