// reports_routes.cpp: the HTTP side of the monthly report (issue 44 item 8; docs/reach.md,
// "Monatsbericht"): GET /api/organizations/{id}/reports/{month} answers the JSON the portal page
// draws; the same path with ".csv" after the month ("2026-10.csv") answers the CSV file. One row of
// the route table serves both (the router matches whole segments), so both have one policy: an
// organization member (the actor checks that it is this organization's, and that it may act).
#include <cmath>

#include "actors/reports/reports_actor.h"
#include "actors/route.h"
#include "actors/route_table.h"
#include "reactor/file_response.h"
#include "reactor/json_writer.h"
#include "reactor/router.h"

namespace jh {

namespace {

// Names are qualified (reports::): a using-directive here would reach the next files of a unity batch.
void write_sources(json_writer& w, const std::vector<reports::source_count>& sources) {
    w.key("sources").begin_array();
    for (const auto& s : sources) w.begin_object().member("source", s.source).member("applications", s.applications).end_object();
    w.end_array();
}

// The median in hours with one decimal, or null.
void write_figures(json_writer& w, const reports::figures& f) {
    w.member("views", f.views).member("applications", f.applications).member("answered", f.answered);
    w.key("medianResponseHours");
    if (f.median_seconds) w.value(std::round(*f.median_seconds / 360.0) / 10.0);
    else w.null();
    w.member("shifts", f.shifts).member("shiftsFilled", f.shifts_filled).member("places", f.places).member("placesFilled", f.places_filled);
    write_sources(w, f.sources);
}

void write_report(json_writer& w, const reports::monthly_report& r) {
    w.begin_object()
        .member("@type", "MonthlyReport")
        .member("organization", r.organization_id)
        .member("month", r.month)
        .member("from", r.first_day)
        .member("to", r.last_day)
        .member("complete", r.complete)
        .member("jobsTotal", r.jobs_total)
        .member("jobsListed", static_cast<std::int64_t>(r.jobs.size()));
    w.key("totals").begin_object();
    write_figures(w, r.total);
    w.end_object();
    w.key("jobs").begin_array();
    for (const auto& j : r.jobs) {
        w.begin_object().member("id", j.id).member("title", j.title);
        write_figures(w, j.f);
        w.end_object();
    }
    w.end_array();
    w.end_object();
}

// {month} is "2026-10" (JSON) or "2026-10.csv" (the file).
task<http_response> get_monthly_report(request_context& ctx, reports_actor& reports) {
    ROUTE_TRY(auto org, path_id(ctx));
    std::string month(ctx.req.param("month"));
    constexpr std::string_view csv_suffix = ".csv";
    const bool csv = month.size() > csv_suffix.size() && month.ends_with(csv_suffix);
    if (csv) month.resize(month.size() - csv_suffix.size());
    ROUTE_TRY(auto report, co_await reports.monthly(ctx.who(), org, std::move(month)));
    if (csv) co_return attachment_response(reports::csv_file_name(report), reports::csv_file(report));
    co_return json_response(200, report, write_report);
}

}  // namespace

void register_reports_routes(router& r, actor_of<reports_actor> reports) {
    add_routes(r, reports, {
        {http_method::get, "/api/organizations/{id}/reports/{month}", provider_no_body, get_monthly_report},
    });
}

}  // namespace jh
