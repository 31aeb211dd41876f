// pipeline_routes.cpp: the HTTP side of the organization's pipeline tools (applicant_pipeline.h;
// docs/providers.md, "Pipeline tools"): notes and the rating of an application, its neighbours in
// the list, the bulk status change, and a job's applicants as CSV. Organization members only;
// nothing here is in any answer a candidate gets.
#include <simdjson.h>

#include "actors/actions_json.h"
#include "actors/applications/applicant_pipeline.h"
#include "actors/route.h"
#include "actors/route_table.h"
#include "reactor/http_pipeline.h"
#include "reactor/file_response.h"
#include "reactor/json_writer.h"
#include "reactor/router.h"

namespace jh {

// The list's filter (?jobPosting=&status=), read the same way for the list and its neighbours
// (applications_routes.cpp).
result<actions::applicant_filter> read_applicant_filter(const request_context& ctx);

namespace {

using namespace actions;
using namespace pipeline;

constexpr std::int64_t pipeline_body = 16 * 1024;
// 100 ids and a 2000-character message (up to 4 bytes each) fit with room to spare.
constexpr std::int64_t bulk_body = 64 * 1024;

void write_note(json_writer& w, const note& n) {
    begin_resource(w, "/api/application_notes/", "ApplicationNote", n.id)
        .member("application", "/api/applications/" + std::to_string(n.application_id))
        .member("body", n.body)
        .member("author", n.author)
        .member("mine", n.mine)
        .member("createdAt", n.created_at)
        .end_object();
}

constexpr hydra_members<note> note_members{"ApplicationNote", write_note};

void write_rating(json_writer& w, const pipeline::rating& r) {
    w.begin_object();
    if (r.stars) w.member("stars", static_cast<std::int64_t>(*r.stars)).member("setBy", r.set_by).member("updatedAt", r.updated_at);
    else w.key("stars").null().key("setBy").null().key("updatedAt").null();
    w.end_object();
}

void write_neighbour(json_writer& w, std::string_view key, const std::optional<neighbour>& n) {
    w.key(key);
    if (!n) {
        w.null();
        return;
    }
    w.begin_object()
        .member("id", n->id)
        .member("firstName", n->first_name)
        .member("lastName", n->last_name)
        .end_object();
}

task<http_response> post_note(request_context& ctx, applicant_pipeline& pipeline) {
    ROUTE_TRY(auto id, path_id(ctx));
    ROUTE_TRY(auto created, co_await pipeline.add_note(ctx.who(), id, text_field(ctx.body, "body")));
    co_return json_response(201, created, write_note);
}

// {stars: 1..5 | null}; a missing member or another type is a 422, not "no rating".
task<http_response> put_rating(request_context& ctx, applicant_pipeline& pipeline) {
    ROUTE_TRY(auto id, path_id(ctx));
    simdjson::dom::element e;
    std::optional<int> stars;
    std::int64_t n = 0;
    if (ctx.body["stars"].get(e) != simdjson::SUCCESS || (!e.is_null() && (e.get(n) != simdjson::SUCCESS || n < 1 || n > 5)))
        co_return error_response(app_error::invalid({{"stars", "Bitte vergeben Sie 1 bis 5 Sterne."}}));
    if (!e.is_null()) stars = static_cast<int>(n);
    ROUTE_TRY(auto r, co_await pipeline.set_rating(ctx.who(), id, stars));
    co_return json_response(200, r, write_rating);
}

task<http_response> get_neighbours(request_context& ctx, applicant_pipeline& pipeline) {
    ROUTE_TRY(auto id, path_id(ctx));
    ROUTE_TRY(auto filter, read_applicant_filter(ctx));
    ROUTE_TRY(auto n, co_await pipeline.neighbours(ctx.who(), id, std::move(filter)));
    co_return json_response(200, n, [](json_writer& w, const neighbours& v) {
        w.begin_object();
        write_neighbour(w, "previous", v.previous);
        write_neighbour(w, "next", v.next);
        w.end_object();
    });
}

// {ids: [id | IRI, …], status, message}: every entry an application's id, else 422 naming it.
result<bulk_change> read_bulk_change(simdjson::dom::object body) {
    bulk_change c;
    c.status = text_field(body, "status");
    c.message = text_field(body, "message");
    simdjson::dom::array arr;
    if (body["ids"].get(arr) != simdjson::SUCCESS) return c;   // none chosen: the actor's 422
    std::vector<violation> v;
    std::size_t i = 0;
    for (auto e : arr) {
        if (i >= bulk_max_ids) {
            v.push_back({"ids", "Bitte ändern Sie höchstens " + std::to_string(bulk_max_ids) + " Bewerbungen auf einmal."});
            break;
        }
        if (auto id = id_or_iri(e)) c.ids.push_back(*id);
        else v.push_back({"ids[" + std::to_string(i) + "]", "Das ist keine Bewerbung."});
        ++i;
    }
    if (!v.empty()) return std::unexpected(app_error::invalid(std::move(v)));
    return c;
}

task<http_response> post_bulk_status(request_context& ctx, applicant_pipeline& pipeline) {
    ROUTE_TRY(auto organization, path_id(ctx));
    ROUTE_TRY(auto change, read_bulk_change(ctx.body));
    ROUTE_TRY(auto changed, co_await pipeline.bulk_review(ctx.who(), organization, std::move(change)));
    co_return hydra_collection("Application", changed, [](json_writer& w, const received_application& r) {
                                   w.begin_object()
                                       .member("@id", "/api/applications/" + std::to_string(r.application.id))
                                       .member("id", r.application.id)
                                       .member("status", r.application.status)
                                       .member("statusMail", r.status_mail)
                                       .end_object();
                               });
}

task<http_response> get_applicants_csv(request_context& ctx, applicant_pipeline& pipeline) {
    ROUTE_TRY(auto organization, path_id(ctx));
    ROUTE_TRY(auto job, path_id(ctx, "job"));
    ROUTE_TRY(auto file, co_await pipeline.applicants_csv(ctx.who(), organization, job));
    co_return attachment_response(std::move(file.first), std::move(file.second));
}

// The same file for every job of the organization (issue 41, item 17).
task<http_response> get_organization_applicants_csv(request_context& ctx, applicant_pipeline& pipeline) {
    ROUTE_TRY(auto organization, path_id(ctx));
    ROUTE_TRY(auto file, co_await pipeline.applicants_csv(ctx.who(), organization, std::nullopt));
    co_return attachment_response(std::move(file.first), std::move(file.second));
}

}  // namespace

void register_pipeline_routes(router& r, actor_of<applicant_pipeline> pipeline) {
    const route_policy provider_write = json_body(access::provider, cache_kind::no_store, pipeline_body);
    add_routes(r, pipeline, {
        {http_method::get, "/api/applications/{id}/notes", provider_no_body, list_by_path_id<&applicant_pipeline::notes, note_members>},
        {http_method::post, "/api/applications/{id}/notes", provider_write, post_note},
        {http_method::del, "/api/application_notes/{id}", without_body(access::provider, cache_kind::no_store),
         delete_by_path_id<&applicant_pipeline::delete_note>},
        {http_method::get, "/api/applications/{id}/rating", provider_no_body, json_by_path_id<&applicant_pipeline::rating, write_rating>},
        {http_method::put, "/api/applications/{id}/rating", provider_write, put_rating},
        {http_method::get, "/api/applications/{id}/neighbours", provider_no_body, get_neighbours},
        {http_method::post, "/api/organizations/{id}/applications/status",
         json_body(access::provider, cache_kind::no_store, bulk_body), post_bulk_status},
        {http_method::get, "/api/organizations/{id}/job_postings/{job}/applications.csv",
         without_body(access::provider_first_party, cache_kind::private_no_store), get_applicants_csv},
        {http_method::get, "/api/organizations/{id}/applications.csv",
         without_body(access::provider_first_party, cache_kind::private_no_store), get_organization_applicants_csv},
    });
}

}  // namespace jh
