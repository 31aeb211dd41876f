// job_alerts_routes.cpp: the HTTP side of the job alerts domain (docs/candidate-actions.md, "Job
// alerts"): create, update, delete, confirm (by the mailed token), pause, unpause, list and the
// one-click unsubscribe.
#include <simdjson.h>

#include "actors/actions_json.h"
#include "actors/job_alerts/job_alerts_actor.h"
#include "actors/route.h"
#include "actors/route_table.h"
#include "reactor/auth.h"
#include "reactor/http_client.h"
#include "reactor/http_pipeline.h"
#include "reactor/json_body.h"
#include "reactor/json_writer.h"
#include "reactor/router.h"

namespace jh {

namespace {

using namespace actions;

void write_alert(json_writer& w, const alert_view& a) {
    begin_resource(w, "/api/job_alerts/", "JobAlert", a.id)
        .member("candidateAccount", "/api/candidate_accounts/" + std::to_string(a.account_id))
        .member("title", a.title)
        .member("interval", a.interval)
        .member("searchFilter", a.search_query)
        .member("confirmed", a.confirmed)
        .member("paused", a.paused)
        .member("createdAt", a.created_at)
        .member("confirmedAt", a.confirmed_at)
        .member("lastSentAt", a.last_sent_at)
        .member("nextRunAt", a.next_run_at)
        .end_object();
}

constexpr hydra_members<alert_view> alert_members{"JobAlert", write_alert};

// The search filter: a query string ("q=promotion&city=berlin") or an object of the same
// parameters ({"q": "promotion", "activity": ["promotion", "messe"]}).
std::optional<std::string> read_search_filter(simdjson::dom::object body) {
    simdjson::dom::element f;
    if (body["searchFilter"].get(f) != simdjson::SUCCESS && body["filter"].get(f) != simdjson::SUCCESS) return std::nullopt;
    std::string_view s;
    if (f.get(s) == simdjson::SUCCESS) return std::string(s);
    simdjson::dom::object o;
    if (f.get(o) != simdjson::SUCCESS) return std::string();
    std::string qs;
    auto add = [&](std::string_view k, std::string_view v) {
        if (!qs.empty()) qs += '&';
        qs += url_escape(k);
        qs += '=';
        qs += url_escape(v);
    };
    for (auto [k, v] : o) {
        std::string_view sv;
        double d = 0;
        std::int64_t n = 0;
        bool b = false;
        simdjson::dom::array arr;
        if (v.get(sv) == simdjson::SUCCESS) add(k, sv);
        else if (v.get(n) == simdjson::SUCCESS) add(k, std::to_string(n));
        else if (v.get(d) == simdjson::SUCCESS) add(k, std::to_string(d));
        else if (v.get(b) == simdjson::SUCCESS) add(k, b ? "1" : "0");
        else if (v.get(arr) == simdjson::SUCCESS)
            for (auto e : arr) {
                if (e.get(sv) == simdjson::SUCCESS) add(std::string(k) + "[]", sv);
                else if (e.get(n) == simdjson::SUCCESS) add(std::string(k) + "[]", std::to_string(n));
            }
    }
    return qs;
}

alert_input read_alert(simdjson::dom::object body) {
    alert_input in;
    in.title = optional_text(body, "title");
    in.interval = optional_text(body, "interval");
    in.search_query = read_search_filter(body);
    return in;
}

task<http_response> post_job_alert(request_context& ctx, job_alerts_actor& alerts) {
    ROUTE_TRY(auto created, co_await alerts.create_alert(ctx.who(), read_alert(ctx.body), ctx.req.peer_ip));
    co_return json_response(201, created, write_alert);
}

task<http_response> patch_job_alert(request_context& ctx, job_alerts_actor& alerts) {
    ROUTE_TRY(auto id, path_id(ctx));
    ROUTE_TRY(auto changed, co_await alerts.update_alert(ctx.who(), id, read_alert(ctx.body)));
    co_return json_response(200, changed, write_alert);
}

task<http_response> post_job_alert_delete(request_context& ctx, job_alerts_actor& alerts) {
    ROUTE_TRY(auto id, path_id(ctx));
    ROUTE_CHECK(co_await alerts.delete_alert(ctx.who(), id));
    co_return message_response(200, "Dein Job-Alert wurde gelöscht.");
}

task<http_response> patch_job_alert_confirm(request_context& ctx, job_alerts_actor& alerts) {
    ROUTE_TRY(auto id, path_id(ctx));
    const std::optional<auth::identity>& who = ctx.caller;
    std::string token = text_field(ctx.body, "token");
    if (token.empty()) token = ctx.req.query_param("token").value_or("");
    ROUTE_TRY(auto confirmed, co_await alerts.confirm_alert(who, id, std::move(token), ctx.req.peer_ip));
    co_return json_response(200, confirmed, write_alert);
}

task<http_response> pause(request_context& ctx, job_alerts_actor& alerts, bool paused) {
    ROUTE_TRY(auto id, path_id(ctx));
    ROUTE_TRY(auto changed, co_await alerts.pause_alert(ctx.who(), id, paused));
    co_return json_response(200, changed, write_alert);
}

task<http_response> patch_job_alert_pause(request_context& ctx, job_alerts_actor& alerts) { co_return co_await pause(ctx, alerts, true); }
task<http_response> patch_job_alert_unpause(request_context& ctx, job_alerts_actor& alerts) { co_return co_await pause(ctx, alerts, false); }

task<http_response> unsubscribe_job_alert(request_context& ctx, job_alerts_actor& alerts) {
    ROUTE_CHECK(co_await alerts.unsubscribe_alert(std::string(ctx.req.param("token"))));
    co_return message_response(200, "Du bist abgemeldet: Dieser Job-Alert schickt dir keine E-Mails mehr.");
}

}  // namespace

void register_job_alerts_routes(router& r, actor_of<job_alerts_actor> alerts) {
    add_routes(r, alerts, {
        {http_method::post, "/api/job_alerts", signed_in_json(small_json_body), post_job_alert},
        {http_method::patch, "/api/job_alerts/{id}", signed_in_json(small_json_body), patch_job_alert},
        {http_method::post, "/api/job_alerts/{id}/delete", signed_in_action, post_job_alert_delete},
        {http_method::patch, "/api/job_alerts/{id}/confirm",
         json_or_empty_body(access::anyone_or_account, cache_kind::no_store, small_json_body), patch_job_alert_confirm},
        {http_method::patch, "/api/job_alerts/{id}/pause", signed_in_action, patch_job_alert_pause},
        {http_method::patch, "/api/job_alerts/{id}/unpause", signed_in_action, patch_job_alert_unpause},
        {http_method::get, "/api/candidate_accounts/{id}/job_alerts", signed_in_no_body,
         list_by_path_id<&job_alerts_actor::alerts_of, alert_members>},
        // POST only (a link preview or a mail scanner must not unsubscribe): GET answers 405.
        {http_method::post, "/api/job_alerts/unsubscribe/{token}", without_body(access::anyone, cache_kind::no_store).with_max_body(small_json_body),
         unsubscribe_job_alert},
    });
}

}  // namespace jh
