// shifts_routes.cpp: the HTTP side of the shifts domain (docs/shifts.md lists every route with
// its body and answers): a job's shifts (public and for its organization), the provider's writes
// and decisions, the candidate's shifts and private calendar feed. Each handler is its one call on
// the shifts actor.
#include <simdjson.h>

#include "actors/actions_json.h"
#include "actors/route.h"
#include "actors/route_table.h"
#include "actors/shifts/shifts_actor.h"
#include "reactor/http_pipeline.h"
#include "reactor/route_policy.h"
#include "reactor/router.h"

namespace jh {

namespace {

constexpr std::int64_t shift_body = 16 * 1024;
constexpr std::int64_t series_body = 64 * 1024;

// Shifts as a hydra collection: the array and its number come from the same query; a page of the
// public list says which page of what size it is.
http_response shift_collection(const shifts::shift_list& list) {
    return json_array_collection("Shift", list.items, list.total, list.page, list.per_page);
}

task<http_response> get_job_shifts(request_context& ctx, shifts_actor& shifts) {
    ROUTE_TRY(auto job, path_id(ctx));
    auto all = ctx.req.query_param("all");
    ROUTE_TRY(auto page, read_paging(ctx, shifts::shifts_per_page, shifts::max_shifts_per_page));
    // ?free=1: only the free shifts (jh_free_shift_rows, the rule the result cards read), so the job
    // page's "Nächste freie Einsätze" and its "Alle N" come from the server (review 22, finding 1).
    auto free = ctx.req.query_param("free");
    ROUTE_TRY(auto list, co_await shifts.list(ctx.caller, job, all && (*all == "1" || *all == "true"), page.page, page.per_page,
                                              free && (*free == "1" || *free == "true")));
    co_return shift_collection(list);
}

// A new shift's fields (all that a shift needs) and a change's (only those it sends): the readers
// of POST /api/job_postings/{id}/shifts and PATCH /api/shifts/{id} (change_by_path_id).
result<shifts::shift_fields> read_new_shift(simdjson::dom::object body) { return shifts::read_shift_fields(body, true); }
result<shifts::shift_fields> read_shift_change(simdjson::dom::object body) { return shifts::read_shift_fields(body, false); }

// Many shifts at once (issue 43): 201 with the new shifts as a collection.
task<http_response> post_shift_series(request_context& ctx, shifts_actor& shifts) {
    ROUTE_TRY(auto job, path_id(ctx));
    ROUTE_TRY(auto series, shifts::read_shift_series(ctx.body));
    ROUTE_TRY(auto list, co_await shifts.create_series(ctx.who(), job, std::move(series)));
    http_response res = shift_collection(list);
    res.status = 201;
    co_return res;
}

task<http_response> post_cancel_shift(request_context& ctx, shifts_actor& shifts) {
    ROUTE_TRY(auto id, path_id(ctx));
    ROUTE_TRY(auto cancelled, co_await shifts.cancel(ctx.who(), id));
    co_return json_text_response(200, std::move(cancelled));
}

task<http_response> patch_shift_application(request_context& ctx, shifts_actor& shifts) {
    ROUTE_TRY(auto id, path_id(ctx));
    ROUTE_TRY(auto shift, co_await shifts.decide(ctx.who(), id, actions::text_field(ctx.body, "status")));
    co_return json_text_response(200, std::move(shift));
}

// The portal's calendar: ?from=&to= (Berlin dates, at most 42 days), checked before the actor runs.
task<http_response> get_organization_shifts(request_context& ctx, shifts_actor& shifts) {
    ROUTE_TRY(auto org, path_id(ctx));
    ROUTE_TRY(auto window, shifts::read_date_window(ctx.req.query_param("from"), ctx.req.query_param("to")));
    ROUTE_TRY(auto list, co_await shifts.of_organization(ctx.who(), org, std::move(window)));
    co_return shift_collection(list);
}

task<http_response> get_my_shifts(request_context& ctx, shifts_actor& shifts) {
    ROUTE_TRY(auto list, co_await shifts.my_shifts(ctx.who()));
    co_return shift_collection(list);
}

task<http_response> post_application_shifts(request_context& ctx, shifts_actor& shifts) {
    ROUTE_TRY(auto id, path_id(ctx));
    ROUTE_TRY(auto chosen, shifts::read_shift_ids(ctx.body));
    ROUTE_TRY(auto list, co_await shifts.add_to_application(ctx.who(), id, chosen.value_or(std::vector<std::int64_t>{})));
    co_return shift_collection(list);
}

// A new feed address: 201 {token, url} (shown once; only its hash is stored).
http_response calendar_link_response(const shifts::calendar_link& link) {
    return json_response(201, link, [](json_writer& w, const shifts::calendar_link& l) {
        w.begin_object().member("token", l.token).member("url", l.url).end_object();
    });
}

task<http_response> post_calendar_token(request_context& ctx, shifts_actor& shifts) {
    ROUTE_TRY(auto link, co_await shifts.renew_calendar_token(ctx.who()));
    co_return calendar_link_response(link);
}

// The organization's feed (issue 43, item 8): 201 {token, url}, the same answer as the candidate's.
task<http_response> post_organization_calendar_token(request_context& ctx, shifts_actor& shifts) {
    ROUTE_TRY(auto org, path_id(ctx));
    ROUTE_TRY(auto link, co_await shifts.renew_organization_calendar_token(ctx.who(), org));
    co_return calendar_link_response(link);
}

// "Kalender-Abo beenden": the address stops working at once (204, also when there was none).
task<http_response> delete_calendar_token(request_context& ctx, shifts_actor& shifts) {
    ROUTE_CHECK(co_await shifts.end_calendar_token(ctx.who()));
    co_return http_response::no_content();
}

// /api/calendar/{token}.ics: the router matches whole segments, so {token} holds "….ics" (and is
// redacted from logs by its name, reactor/log_redaction.h).
task<http_response> get_calendar(request_context& ctx, shifts_actor& shifts) {
    std::string token(ctx.req.param("token"));
    constexpr std::string_view suffix = ".ics";
    if (token.size() <= suffix.size() || token.compare(token.size() - suffix.size(), suffix.size(), suffix) != 0)
        co_return error_response(404, shifts::msg::calendar_not_found);
    token.resize(token.size() - suffix.size());
    ROUTE_TRY(auto ics, co_await shifts.calendar(std::move(token)));
    http_response res;
    res.content_type = "text/calendar; charset=utf-8";
    res.body = std::move(ics);
    res.header("Cache-Control", "private, max-age=300");
    res.header("Content-Disposition", "inline; filename=\"jobhafen-einsaetze.ics\"");
    co_return res;
}

}  // namespace

void register_shifts_routes(router& r, actor_of<shifts_actor> shifts) {
    const route_policy provider_write = json_body(access::provider, cache_kind::no_store, shift_body);
    const route_policy provider_action = without_body(access::provider, cache_kind::no_store);
    // The calendar link is minted by the candidate in person: one made during an impersonation
    // would outlive it (docs/shifts.md).
    const route_policy calendar_link_policy = in_person(without_body(access::candidate, cache_kind::private_no_store));
    add_routes(r, shifts, {
        {http_method::get, "/api/job_postings/{id}/shifts", without_body(access::anyone_or_account, cache_kind::no_store), get_job_shifts},
        {http_method::post, "/api/job_postings/{id}/shifts", provider_write,
         change_by_path_id<&read_new_shift, &shifts_actor::create, 201>},
        // 200 dates or 200 slots fit (issue 43: at most 200 shifts a request).
        {http_method::post, "/api/job_postings/{id}/shift_series", json_body(access::provider, cache_kind::no_store, series_body),
         post_shift_series},
        {http_method::patch, "/api/shifts/{id}", provider_write, change_by_path_id<&read_shift_change, &shifts_actor::patch>},
        {http_method::del, "/api/shifts/{id}", provider_action, delete_by_path_id<&shifts_actor::remove>},
        {http_method::post, "/api/shifts/{id}/cancel", provider_action, post_cancel_shift},
        {http_method::patch, "/api/shift_applications/{id}", provider_write, patch_shift_application},
        {http_method::get, "/api/organizations/{id}/shifts", provider_no_body, get_organization_shifts},
        {http_method::post, "/api/shift_applications/{id}/withdraw", without_body(access::candidate, cache_kind::no_store),
         answer_by_path_id<&shifts_actor::withdraw, shift_collection>},
        {http_method::get, "/api/me/shifts", candidate_no_body, get_my_shifts},
        // Choosing shifts is applying for them (POST .../apply is in person too).
        {http_method::post, "/api/applications/{id}/shifts", in_person(json_body(access::candidate, cache_kind::no_store, shift_body)),
         post_application_shifts},
        // Only the candidate in person: a link made while impersonating would outlive the impersonation.
        {http_method::post, "/api/me/calendar_token", calendar_link_policy, post_calendar_token},
        {http_method::del, "/api/me/calendar_token", calendar_link_policy, delete_calendar_token},
        // The organization's feed: a member who may write its shifts, in person (the actor: 404 for
        // another organization, 403 for a blocked or not yet approved one).
        {http_method::post, "/api/organizations/{id}/calendar_token",
         in_person(without_body(access::provider, cache_kind::private_no_store)), post_organization_calendar_token},
        // The feed sets its own Cache-Control (private, five minutes): calendar apps poll it.
        {http_method::get, "/api/calendar/{token}", without_body(access::anyone, cache_kind::by_handler), get_calendar},
    });
}

}  // namespace jh
