// job_postings_write_routes.cpp: job postings as their organization writes them (docs/providers.md).
//
//   POST  /api/job_postings[?publish=1]               a new draft (active members); published at once with ?publish=1
//   PATCH /api/job_postings/{id}[?publish=1]          merge-patch of every job field; and publish, in one transaction
//   POST  /api/job_postings/{id}/publish|unpublish|close|duplicate
//   GET   /api/organizations/{id}/job_postings?state=draft|published|review|paused|closed&page=&itemsPerPage=
//   GET   /api/organizations/{id}/job_postings/{job}   one job in any state (members of {id})
//   GET   /api/publication_channels                  the channels a job can be published in, with their price per ad
//   POST  /api/job_postings/wording_check          the AGG wording check of unsaved texts (the editor's live warnings)
//   GET   /api/admin/job_postings/review            administrators: jobs waiting for review (AGG wording check)
//   POST  /api/admin/job_postings/{id}/release      administrators: the job goes live
//   POST  /api/admin/job_postings/{id}/reject       administrators: {"reason": "…"}, back to its provider by mail
//
// Every answer is the provider's view of the job (jh_provider_job_json) and never cached.
#include <string>

#include "actors/api_scopes.h"
#include "actors/jobs/job_postings_editor.h"
#include "actors/route.h"
#include "actors/route_table.h"
#include "reactor/json_body.h"
#include "reactor/json_writer.h"

namespace jh {

namespace {

using jobs::provider_job;

http_response job_response(int status, provider_job job) {
    http_response res;
    res.status = status;
    res.body = std::move(job.json);
    if (status == 201) res.header("Location", "/api/job_postings/" + std::to_string(job.id));
    return res;
}

// ?publish=1: save and publish in one transaction ("Speichern und veröffentlichen"); absent or 0: save.
result<bool> publish_param(const request_context& ctx) { return query_switch(ctx, "publish"); }

task<http_response> post_job(request_context& ctx, job_postings_editor& editor) {
    ROUTE_TRY(bool publish, publish_param(ctx));
    const auth::identity& who = ctx.who();
    auto body = ctx.body;
    ROUTE_TRY(auto job, co_await editor.create(who, body, publish));
    co_return job_response(201, std::move(job));
}

task<http_response> patch_job(request_context& ctx, job_postings_editor& editor) {
    ROUTE_TRY(auto id, path_id(ctx));
    ROUTE_TRY(bool publish, publish_param(ctx));
    const auth::identity& who = ctx.who();
    auto body = ctx.body;
    ROUTE_TRY(auto job, co_await editor.patch(who, id, body, publish));
    co_return job_response(200, std::move(job));
}

// publish, unpublish, close, duplicate: a bodyless POST on one job.
template <auto Action, int Status>
task<http_response> job_action(request_context& ctx, job_postings_editor& editor) {
    ROUTE_TRY(auto id, path_id(ctx));
    const auth::identity& who = ctx.who();
    ROUTE_TRY(auto job, co_await (editor.*Action)(who, id));
    co_return job_response(Status, std::move(job));
}

task<http_response> get_organization_jobs(request_context& ctx, job_postings_editor& editor) {
    ROUTE_TRY(auto org, path_id(ctx));
    ROUTE_TRY(auto page, read_paging(ctx));
    auto state = ctx.req.query_param("state");
    if (state && state->empty()) state.reset();
    if (state && *state != "draft" && *state != "published" && *state != "review" && *state != "paused" && *state != "closed")
        co_return error_response(400, "state muss draft, published, review, paused oder closed sein.");
    const auth::identity& who = ctx.who();
    ROUTE_TRY(auto found, co_await editor.list(who, org, std::move(state), page.page, page.per_page));
    http_response res;
    json_writer w(res.body);
    w.begin_object()
        .member("@id", "/api/organizations/" + std::to_string(org) + "/job_postings")
        .member("@type", "hydra:Collection")
        .key("hydra:member")
        .begin_array();
    for (const auto& item : found.items) w.raw(item);
    w.end_array()
        .member("hydra:totalItems", found.total)
        .member("page", found.page)
        .member("itemsPerPage", found.per_page)
        .end_object();
    co_return res;
}

task<http_response> get_organization_job(request_context& ctx, job_postings_editor& editor) {
    // The router names the organization's segment "id" for every /api/organizations/{id}/… route.
    ROUTE_TRY(auto org, path_id(ctx));
    ROUTE_TRY(auto id, path_id(ctx, "job"));
    const auth::identity& who = ctx.who();
    ROUTE_TRY(auto job, co_await editor.one(who, org, id));
    co_return job_response(200, std::move(job));
}

// ---- the administrators' review (job_review.cpp) ----------------------------------------------------

http_response json_text(std::string body) {
    http_response res;
    res.body = std::move(body);
    return res;
}

task<http_response> get_publication_channels(request_context&, job_postings_editor& editor) {
    ROUTE_TRY(auto body, co_await editor.publication_channels());
    co_return json_text(std::move(body));
}

task<http_response> post_wording_check(request_context& ctx, job_postings_editor& editor) {
    auto body = ctx.body;
    ROUTE_TRY(auto answer, co_await editor.check_wording(ctx.who(), body));
    co_return json_text(std::move(answer));
}

task<http_response> get_review_queue(request_context&, job_postings_editor& editor) {
    ROUTE_TRY(auto body, co_await editor.review_queue());
    co_return json_text(std::move(body));
}

task<http_response> post_release(request_context& ctx, job_postings_editor& editor) {
    ROUTE_TRY(auto id, path_id(ctx));
    ROUTE_TRY(auto body, co_await editor.release(id));
    co_return json_text(std::move(body));
}

task<http_response> post_reject(request_context& ctx, job_postings_editor& editor) {
    ROUTE_TRY(auto id, path_id(ctx));
    auto body = ctx.body;
    ROUTE_TRY(auto answer, co_await editor.reject(id, body));
    co_return json_text(std::move(answer));
}

}  // namespace

void register_job_postings_write_routes(router& r, actor_of<job_postings_editor> editor) {
    const route_policy job_write = json_body(access::provider, cache_kind::private_no_store, 256 * 1024);
    add_routes(r, editor, {
        {http_method::post, "/api/job_postings", job_write.accepting_key(api_scope::jobs_write), post_job},
        {http_method::patch, "/api/job_postings/{id}", job_write.accepting_key(api_scope::jobs_write), patch_job},
        {http_method::post, "/api/job_postings/{id}/publish", provider_no_body.accepting_key(api_scope::jobs_write), job_action<&job_postings_editor::publish, 200>},
        {http_method::post, "/api/job_postings/{id}/unpublish", provider_no_body.accepting_key(api_scope::jobs_write), job_action<&job_postings_editor::unpublish, 200>},
        {http_method::post, "/api/job_postings/{id}/close", provider_no_body.accepting_key(api_scope::jobs_write), job_action<&job_postings_editor::close, 200>},
        {http_method::post, "/api/job_postings/{id}/duplicate", provider_no_body, job_action<&job_postings_editor::duplicate, 201>},
        {http_method::get, "/api/organizations/{id}/job_postings", provider_no_body.accepting_key(api_scope::jobs_read), get_organization_jobs},
        {http_method::get, "/api/organizations/{id}/job_postings/{job}", provider_no_body.accepting_key(api_scope::jobs_read), get_organization_job},
        {http_method::get, "/api/publication_channels", provider_no_body, get_publication_channels},
        {http_method::post, "/api/job_postings/wording_check", job_write, post_wording_check},
        {http_method::get, "/api/admin/job_postings/review", without_body(access::admin, cache_kind::private_no_store), get_review_queue},
        {http_method::post, "/api/admin/job_postings/{id}/release", without_body(access::admin, cache_kind::private_no_store), post_release},
        {http_method::post, "/api/admin/job_postings/{id}/reject", json_body(access::admin, cache_kind::private_no_store, 16 * 1024),
         post_reject},
    });
}

}  // namespace jh
