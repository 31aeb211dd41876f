// work_limits_routes.cpp: the HTTP side of the candidate's work limits (docs/shifts.md "Work
// limits"): reading the standing, optionally with the shifts about to be applied for
// (?shifts=1,2: their periods that would cross the limit come back as warnings, never as a
// refusal), and stating what applies. Each handler is its one call on the work limits actor.
#include <simdjson.h>

#include "actors/actions_common.h"
#include "actors/route.h"
#include "actors/route_table.h"
#include "actors/shifts/work_limits_actor.h"
#include "reactor/http_pipeline.h"
#include "reactor/route_policy.h"
#include "reactor/router.h"

namespace jh {

namespace {

namespace wl = work_limits;

constexpr std::int64_t work_limits_body = 4096;

// A value in the unit the web shows: euros, days, hours.
void write_amount(json_writer& w, std::string_view name, wl::measure m, std::int64_t v) {
    if (m == wl::measure::short_term_year) w.member(name, v);
    else w.member(name, static_cast<double>(v) / (m == wl::measure::minijob_month ? 100.0 : 60.0));
}

void write_period(json_writer& w, const wl::period& p, bool warning) {
    w.begin_object();
    w.member("measure", wl::measure_name(p.what)).member("key", p.key).member("label", wl::period_label(p));
    w.member("current", p.current).member("over", p.over()).member("figuresYear", p.figures_year);
    w.member("unit", p.what == wl::measure::minijob_month ? "EUR" : p.what == wl::measure::short_term_year ? "days" : "hours");
    write_amount(w, "value", p.what, p.value);
    write_amount(w, "confirmed", p.what, p.confirmed);
    write_amount(w, "limit", p.what, p.limit);
    w.member("valueText", wl::amount_text(p.what, p.value)).member("confirmedText", wl::amount_text(p.what, p.confirmed));
    w.member("limitText", wl::amount_text(p.what, p.limit)).member("unknownPay", p.unknown_pay);
    if (warning) w.member("message", wl::warning_message(p));
    w.end_object();
}

void write_evaluation(json_writer& w, const wl::evaluation& e) {
    w.begin_object();
    w.member("@id", "/api/candidate_accounts/me/work_limits").member("@type", "WorkLimits");
    w.member("status", wl::status_name(e.stated)).member("lecturePeriod", e.lecture_period);
    w.key("measure");
    if (e.what) w.value(wl::measure_name(*e.what));
    else w.null();
    w.member("overrunMonths", e.overrun_months).member("guidance", wl::guidance);
    w.key("periods").begin_array();
    for (const auto& p : e.periods) write_period(w, p, false);
    w.end_array().key("warnings").begin_array();
    for (const auto& p : e.warnings) write_period(w, p, true);
    w.end_array().key("workingTime").begin_array();
    for (const auto& [rule, message] : e.working_time) w.begin_object().member("rule", rule).member("message", message).end_object();
    w.end_array().end_object();
}

task<http_response> get_work_limits(request_context& ctx, work_limits_actor& limits) {
    std::vector<std::int64_t> extra;
    if (auto q = ctx.req.query_param("shifts")) {
        auto ids = wl::parse_shift_ids(*q);
        if (!ids) co_return error_response(app_error::invalid({{"shifts", wl::msg::shifts}}));
        extra = std::move(*ids);
    }
    ROUTE_TRY(auto e, co_await limits.standing(ctx.who(), std::move(extra)));
    co_return json_response(200, e, write_evaluation);
}

// {status?, lecturePeriod?}: a member of the wrong type or an unknown status is a 422 at it.
task<http_response> patch_work_limits(request_context& ctx, work_limits_actor& limits) {
    std::optional<wl::status> stated;
    std::optional<bool> lecture_period;
    simdjson::dom::element v;
    if (ctx.body["status"].get(v) == simdjson::SUCCESS) {
        std::string_view s;
        if (v.get_string().get(s) != simdjson::SUCCESS || s.size() > 32 || !(stated = wl::parse_status(s)))
            co_return error_response(app_error::invalid({{"status", wl::msg::status}}));
    }
    if (ctx.body["lecturePeriod"].get(v) == simdjson::SUCCESS) {
        bool b = false;
        if (v.get_bool().get(b) != simdjson::SUCCESS) co_return error_response(app_error::invalid({{"lecturePeriod", wl::msg::lecture_period}}));
        lecture_period = b;
    }
    ROUTE_TRY(auto e, co_await limits.state(ctx.who(), stated, lecture_period));
    co_return json_response(200, e, write_evaluation);
}

}  // namespace

void register_work_limits_routes(router& r, actor_of<work_limits_actor> limits) {
    add_routes(r, limits, {
        {http_method::get, "/api/candidate_accounts/me/work_limits", candidate_no_body, get_work_limits},
        {http_method::patch, "/api/candidate_accounts/me/work_limits", json_body(access::candidate, cache_kind::no_store, work_limits_body),
         patch_work_limits},
    });
}

}  // namespace jh
