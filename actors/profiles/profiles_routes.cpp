// profiles_routes.cpp: the HTTP side of the sedcard domain (docs/sedcard.md lists every route).
//
//   GET   /api/candidate_profiles/{id}                       the profile with completeness and media
//   PATCH /api/candidate_profiles/{id}                       merge-patch (application/merge-patch+json or JSON)
//   GET   /api/candidate_profiles/{id}/sedcard               the sedcard PDF (attachment)
//   GET   /api/candidate_profiles/{id}/pbasis_search/{organization_id}/status
//   POST  /api/candidate_profiles/{id}/profile_images        file form: file, type
//   DELETE /api/profile_images/{id};  GET /api/profile_images/file/{id}[?filter=thumbnail[&width=N]]
//   POST  /api/profile_documents_business_license | _certificate_of_enrollment | _misc   file forms
//   PATCH, DELETE /api/profile_documents/{id};  POST /api/profile_documents/{id}/profile_document_attachments
//   DELETE /api/profile_document_attachments/{id};  GET /api/profile_document_attachments/{id}/file
//   POST  /api/candidate_profiles/{id}/profile_videos_goals | _introduction | _selling_point   file forms
//   DELETE /api/profile_videos/{id};  GET /api/profile_videos/file/{id}[?filter=poster]
//   GET   /api/reference_lists/{name}                        the members of a reference list (public, cached a day)
// Uploads are streamed to disk by the connection (body_kind::upload), only after the
// connection checked the route policy's `who` (a signed-in account). Stored files are
// streamed back from disk (reactor/file_response.h); videos answer Range requests.
#include <simdjson.h>

#include <charconv>

#include "actors/files/file_delivery.h"
#include "actors/profiles/profiles_actor.h"
#include "actors/route.h"
#include "actors/route_table.h"
#include "reactor/auth.h"
#include "reactor/file_response.h"
#include "reactor/http_pipeline.h"
#include "reactor/json_body.h"
#include "reactor/json_writer.h"
#include "reactor/loop_context.h"
#include "reactor/router.h"

namespace jh {

namespace {

using profiles::document_kind;

files::upload upload_of(const request_context& ctx) {
    return {ctx.req.body_file, ctx.req.body_file_size, std::string(ctx.req.header("content-type").value_or(""))};
}

// The profile's portrait or introduction video under `key`: {id, contentUrl, <preview_key>: the
// file with ?filter=<filter>} (its thumbnail, its poster), or null without one.
void write_media(json_writer& w, std::string_view key, std::optional<std::int64_t> id, std::string_view file_path,
                 std::string_view preview_key, std::string_view filter) {
    w.key(key);
    if (!id) {
        w.null();
        return;
    }
    std::string base = std::string(file_path) + std::to_string(*id);
    w.begin_object().member("id", *id).member("contentUrl", base).member(preview_key, base + "?filter=" + std::string(filter)).end_object();
}

void write_profile(json_writer& w, const profiles::profile_view& v) {
    simdjson::dom::parser parser;
    simdjson::dom::object doc;
    begin_resource(w, "/api/candidate_profiles/", "CandidateProfile", v.id);
    if (parser.parse(v.document).get(doc) == simdjson::SUCCESS)
        for (auto [k, val] : doc) w.key(k).raw(simdjson::minify(val));
    write_media(w, "profileImagePortrait", v.portrait_id, "/api/profile_images/file/", "thumbnailUrl", "thumbnail");
    write_media(w, "profileVideoIntroduction", v.introduction_video_id, "/api/profile_videos/file/", "posterUrl", "poster");
    w.key("images").raw(v.images_json);
    w.key("videos").raw(v.videos_json);
    // The spec's three document lists, split by kind from one array.
    simdjson::dom::parser dparser;
    simdjson::dom::array docs;
    bool ok = dparser.parse(v.documents_json).get(docs) == simdjson::SUCCESS;
    auto list = [&](std::string_view key, std::string_view kind) {
        w.key(key).begin_array();
        if (ok)
            for (auto d : docs) {
                std::string_view k;
                if (d["kind"].get(k) == simdjson::SUCCESS && k == kind) w.raw(simdjson::minify(d));
            }
        w.end_array();
    };
    list("profileDocumentBusinessLicense", "business_license");
    list("profileDocumentCertificateOfEnrollment", "certificate_of_enrollment");
    list("profileDocumentsMisc", "misc");
    w.key("completeness").begin_object();
    w.member("points", v.score.points).member("maxPoints", profiles::max_points).member("percent", v.score.percent);
    w.key("groups").begin_object();
    for (auto& [g, met] : v.score.groups) w.member(g, met);
    w.end_object();
    member_list(w, "missingForApplication", v.score.missing_for_application);
    w.end_object();
    w.member("completenessPercent", v.score.percent);
    w.member("hasRelevantDataForApplication", v.score.has_relevant_data_for_application);
    w.member("updatedAt", v.updated_at);
    w.end_object();
}

http_response profile_response(const profiles::profile_view& v) {
    http_response res;
    json_writer w(res.body);
    write_profile(w, v);
    return res;
}

task<http_response> patch_profile(request_context& ctx, profiles_actor& profiles) {
    ROUTE_TRY(auto id, path_id(ctx));
    // The pipeline checked that the body is a JSON object with bounded strings; the actor reads it as a merge patch.
    ROUTE_TRY(auto v, co_await profiles.patch(ctx.who(), id, ctx.req.body));
    co_return profile_response(v);
}

task<http_response> get_search_status(request_context& ctx, profiles_actor& profiles) {
    ROUTE_TRY(auto id, path_id(ctx));
    ROUTE_TRY(auto org, path_id(ctx, "organization_id"));
    ROUTE_TRY(auto s, co_await profiles.search_status(ctx.who(), id, org));
    http_response res;
    json_writer(res.body)
        .begin_object()
        .member("candidateProfile", "/api/candidate_profiles/" + std::to_string(id))
        .member("organization", "/api/organizations/" + std::to_string(org))
        .member("status", s.status)
        .member("searchable", s.searchable)
        .member("profilePublic", s.profile_public)
        .member("changedAt", s.changed_at)
        .end_object();
    co_return res;
}

http_response created(std::string_view type, std::string_view path, std::int64_t id, std::string_view extra_key = {},
                      std::string extra_value = {}) {
    http_response res;
    res.status = 201;
    json_writer w(res.body);
    begin_resource(w, path, type, id);
    if (!extra_key.empty()) w.member(extra_key, extra_value);
    w.end_object();
    res.header("Location", std::string(path) + std::to_string(id));
    return res;
}

task<http_response> post_image(request_context& ctx, profiles_actor& profiles) {
    ROUTE_TRY(auto id, path_id(ctx));
    ROUTE_TRY(auto r, co_await profiles.add_image(ctx.who(), id, upload_of(ctx)));
    co_return created("ProfileImage", "/api/profile_images/", r, "contentUrl", "/api/profile_images/file/" + std::to_string(r));
}

task<http_response> get_image_file(request_context& ctx, profiles_actor& profiles) {
    ROUTE_TRY(auto id, path_id(ctx));
    const std::optional<auth::identity>& who = ctx.caller;
    std::string filter = ctx.req.query_param("filter").value_or("");
    int width = 0;
    if (auto w = ctx.req.query_param("width")) std::from_chars(w->data(), w->data() + w->size(), width);
    ROUTE_TRY(auto f, co_await profiles.image_file(who, id, filter, width));
    co_return co_await send_file(ctx, std::move(f), delivery::inline_file);
}

template <document_kind K>
task<http_response> post_document(request_context& ctx, profiles_actor& profiles) {
    ROUTE_TRY(auto r, co_await profiles.add_document(ctx.who(), K, upload_of(ctx)));
    co_return created("ProfileDocument", "/api/profile_documents/", r);
}

task<http_response> patch_document(request_context& ctx, profiles_actor& profiles) {
    ROUTE_TRY(auto id, path_id(ctx));
    ROUTE_CHECK(co_await profiles.patch_document(ctx.who(), id, upload_of(ctx)));
    http_response res;
    json_writer(res.body).begin_object().member("@id", "/api/profile_documents/" + std::to_string(id)).member("id", id).end_object();
    co_return res;
}

task<http_response> post_attachment(request_context& ctx, profiles_actor& profiles) {
    ROUTE_TRY(auto id, path_id(ctx));
    ROUTE_TRY(auto r, co_await profiles.add_attachment(ctx.who(), id, upload_of(ctx)));
    co_return created("ProfileDocumentAttachment", "/api/profile_document_attachments/", r);
}

task<http_response> get_attachment_file(request_context& ctx, profiles_actor& profiles) {
    ROUTE_TRY(auto id, path_id(ctx));
    ROUTE_TRY(auto f, co_await profiles.attachment_file(ctx.who(), id));
    co_return co_await send_file(ctx, std::move(f), delivery::download);
}

template <int Type>
task<http_response> post_video(request_context& ctx, profiles_actor& profiles) {
    static constexpr const char* types[] = {"goals", "introduction", "selling_point"};
    ROUTE_TRY(auto id, path_id(ctx));
    ROUTE_TRY(auto r, co_await profiles.add_video(ctx.who(), id, types[Type], upload_of(ctx)));
    co_return created("ProfileVideo", "/api/profile_videos/", r, "contentUrl", "/api/profile_videos/file/" + std::to_string(r));
}

task<http_response> get_video_file(request_context& ctx, profiles_actor& profiles) {
    ROUTE_TRY(auto id, path_id(ctx));
    bool poster = ctx.req.query_param("filter").value_or("") == "poster";
    ROUTE_TRY(auto f, co_await profiles.video_file(ctx.who(), id, poster));
    co_return co_await send_file(ctx, std::move(f), poster ? delivery::inline_file : delivery::video);
}

task<http_response> get_sedcard(request_context& ctx, profiles_actor& profiles) {
    ROUTE_TRY(auto id, path_id(ctx));
    ROUTE_TRY(auto f, co_await profiles.sedcard_pdf(ctx.who(), id, std::string(ctx.req.header("if-none-match").value_or(""))));
    co_return co_await send_file(ctx, std::move(f), delivery::download);
}

// The codes the profile rules accept, with their German names, so forms offer exactly those.
task<http_response> get_reference_list(request_context& ctx, profiles_actor& profiles) {
    ROUTE_TRY(auto list, co_await profiles.reference_list(ctx.req.param("name")));
    http_response res;
    json_writer w(res.body);
    w.begin_object().key("hydra:member").begin_array();
    for (const auto& e : list) w.begin_object().member("code", e.code).member("name", e.name).end_object();
    w.end_array().member("hydra:totalItems", static_cast<std::int64_t>(list.size())).end_object();
    co_return res;
}

}  // namespace

void register_profiles_routes(router& r, actor_of<profiles_actor> profiles) {
    // A file of at most `limit` bytes in a multipart body, streamed to disk after `who` passed.
    auto upload = [](std::uint64_t limit) {
        return route_policy{.who = access::account,
                            .body = body_kind::upload,
                            .cache = cache_kind::no_store, .rate = no_rate_limit,
                            .max_body_bytes = static_cast<std::int64_t>(limit + files::multipart_overhead),
                            .too_large_message = profiles::msg::file_too_large};
    };
    const route_policy document_upload = upload(profiles::max_document_bytes * 4);
    const route_policy video_upload = upload(profiles::max_video_bytes);
    add_routes(r, profiles, {
        {http_method::get, "/api/reference_lists/{name}", public_cached(cache_kind::public_day), get_reference_list},
        {http_method::get, "/api/candidate_profiles/{id}", signed_in_no_body, answer_by_path_id<&profiles_actor::get, profile_response>},
        {http_method::patch, "/api/candidate_profiles/{id}", signed_in_json(256 * 1024), patch_profile},
        {http_method::get, "/api/candidate_profiles/{id}/sedcard", signed_in_no_body, get_sedcard},
        {http_method::get, "/api/candidate_profiles/{id}/pbasis_search/{organization_id}/status",
         without_body(access::account, cache_kind::private_no_store), get_search_status},

        {http_method::post, "/api/candidate_profiles/{id}/profile_images", upload(profiles::max_image_bytes), post_image},
        {http_method::del, "/api/profile_images/{id}", signed_in_no_body, delete_by_path_id<&profiles_actor::delete_image>},
        {http_method::get, "/api/profile_images/file/{id}", without_body(access::anyone_or_account, cache_kind::no_store), get_image_file},

        {http_method::post, "/api/profile_documents_business_license", document_upload,
         post_document<document_kind::business_license>},
        {http_method::post, "/api/profile_documents_certificate_of_enrollment", document_upload,
         post_document<document_kind::certificate_of_enrollment>},
        {http_method::post, "/api/profile_documents_misc", document_upload, post_document<document_kind::misc>},
        {http_method::patch, "/api/profile_documents/{id}", document_upload, patch_document},
        {http_method::del, "/api/profile_documents/{id}", signed_in_no_body, delete_by_path_id<&profiles_actor::delete_document>},
        {http_method::post, "/api/profile_documents/{id}/profile_document_attachments", upload(profiles::max_document_bytes),
         post_attachment},
        {http_method::del, "/api/profile_document_attachments/{id}", signed_in_no_body,
         delete_by_path_id<&profiles_actor::delete_attachment>},
        {http_method::get, "/api/profile_document_attachments/{id}/file", signed_in_no_body, get_attachment_file},

        {http_method::post, "/api/candidate_profiles/{id}/profile_videos_goals", video_upload, post_video<0>},
        {http_method::post, "/api/candidate_profiles/{id}/profile_videos_introduction", video_upload, post_video<1>},
        {http_method::post, "/api/candidate_profiles/{id}/profile_videos_selling_point", video_upload, post_video<2>},
        {http_method::del, "/api/profile_videos/{id}", signed_in_no_body, delete_by_path_id<&profiles_actor::delete_video>},
        {http_method::get, "/api/profile_videos/file/{id}", signed_in_no_body, get_video_file},
    });
}

}  // namespace jh
