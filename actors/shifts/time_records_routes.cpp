// time_records_routes.cpp: the HTTP side of time recording and the § 17 MiLoG record (issue 43,
// docs/shifts.md "Time recording"): the candidate's entry and objection, the provider's decision,
// the candidate's list and the organization's month as JSON and CSV. Each handler reads its body
// with the pure rules (time_record_rules.h) and is its one call on the actor.
#include "actors/route.h"
#include "actors/route_table.h"
#include "actors/shifts/time_records_actor.h"
#include "reactor/file_response.h"
#include "reactor/json_writer.h"
#include "reactor/http_pipeline.h"
#include "reactor/route_policy.h"
#include "reactor/router.h"

namespace jh {

namespace {

constexpr std::int64_t time_record_body = 16 * 1024;

// A JSON array as a hydra collection of TimeRecord.
http_response record_collection(std::string items) {
    http_response res;
    json_writer w(res.body);
    w.begin_object().member("@type", "hydra:Collection").key("hydra:member").raw(items).member("@context", "/api/contexts/TimeRecord");
    w.end_object();
    return res;
}

task<http_response> get_my_time_records(request_context& ctx, time_records_actor& records) {
    ROUTE_TRY(auto items, co_await records.mine(ctx.who()));
    co_return record_collection(std::move(items));
}

task<http_response> get_organization_time_records(request_context& ctx, time_records_actor& records) {
    ROUTE_TRY(auto org, path_id(ctx));
    ROUTE_TRY(auto month, shifts::read_month(ctx.req.query_param("month")));
    ROUTE_TRY(auto items, co_await records.of_organization(ctx.who(), org, std::move(month)));
    co_return record_collection(std::move(items));
}

task<http_response> get_time_records_csv(request_context& ctx, time_records_actor& records) {
    ROUTE_TRY(auto org, path_id(ctx));
    ROUTE_TRY(auto month, shifts::read_month(ctx.req.query_param("month")));
    ROUTE_TRY(auto file, co_await records.csv(ctx.who(), org, std::move(month)));
    co_return attachment_response(std::move(file.first), std::move(file.second));
}

task<http_response> get_time_records_pdf(request_context& ctx, time_records_actor& records) {
    ROUTE_TRY(auto org, path_id(ctx));
    ROUTE_TRY(auto month, shifts::read_month(ctx.req.query_param("month")));
    ROUTE_TRY(auto file, co_await records.pdf(ctx.who(), org, std::move(month)));
    co_return attachment_response(std::move(file.first), std::move(file.second), "application/pdf");
}

task<http_response> get_check_in_code(request_context& ctx, time_records_actor& records) {
    ROUTE_TRY(auto id, path_id(ctx));
    ROUTE_TRY(auto out, co_await records.check_in_code(ctx.who(), id));
    co_return json_text_response(200, std::move(out));
}

task<http_response> post_scan(request_context& ctx, time_records_actor& records) {
    ROUTE_TRY(auto code, shifts::read_scan_code(ctx.body));
    ROUTE_TRY(auto out, co_await records.scan(ctx.who(), std::move(code)));
    co_return json_text_response(200, std::move(out));
}

}  // namespace

void register_time_records_routes(router& r, actor_of<time_records_actor> records) {
    // The hours and the objection are the worker's own statement for the § 17 MiLoG record: only
    // the candidate in person, never an administrator acting as her (docs/decisions.md "In person").
    const route_policy candidate_write = in_person(json_body(access::candidate, cache_kind::no_store, time_record_body));
    add_routes(r, records, {
        {http_method::put, "/api/shift_applications/{id}/time_record", candidate_write, change_by_path_id<&shifts::read_time_entry, &time_records_actor::enter>},
        {http_method::patch, "/api/shift_applications/{id}/time_record", json_body(access::provider, cache_kind::no_store, time_record_body),
         change_by_path_id<&shifts::read_time_decision, &time_records_actor::decide>},
        {http_method::post, "/api/shift_applications/{id}/time_record/objection", candidate_write, change_by_path_id<&shifts::read_objection, &time_records_actor::object, 201>},
        // The organization's own reliability rating of the worker (never shown to the candidate).
        {http_method::post, "/api/shift_applications/{id}/reliability_rating",
         json_body(access::provider, cache_kind::no_store, time_record_body), change_by_path_id<&shifts::read_reliability_rating, &time_records_actor::rate_reliability, 201>},
        {http_method::get, "/api/me/time_records", candidate_no_body, get_my_time_records},
        {http_method::get, "/api/organizations/{id}/time_records", provider_no_body, get_organization_time_records},
        // The § 17 MiLoG record: personal data of the organization's workers, first party only, as
        // the applicants' CSV.
        {http_method::get, "/api/organizations/{id}/time_records.csv",
         without_body(access::provider_first_party, cache_kind::private_no_store), get_time_records_csv},
        {http_method::get, "/api/organizations/{id}/time_records.pdf",
         without_body(access::provider_first_party, cache_kind::private_no_store), get_time_records_pdf},
        // The QR check-in (docs/shifts.md "Checking in and out by QR code"): the shift's signed code
        // for the portal (a member of the job's organization), and the candidate's scan, in person —
        // the scan is her statement of her hours, as the entry.
        {http_method::get, "/api/shifts/{id}/check_in_code", without_body(access::provider, cache_kind::private_no_store),
         get_check_in_code},
        {http_method::post, "/api/shift_check_ins", in_person(json_body(access::candidate, cache_kind::no_store, 4 * 1024)), post_scan},
    });
}

}  // namespace jh
