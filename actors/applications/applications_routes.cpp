// applications_routes.cpp: the HTTP side of the applications domain (docs/candidate-actions.md
// lists every route with its body and answers): applying, register-and-apply, the candidate's
// list, the organization's applicants and the status it sets, the conversation of an application,
// and the candidate's dashboard.
#include <simdjson.h>

#include <algorithm>

#include "actors/accounts/rate_classes.h"
#include "actors/form_text.h"
#include "actors/actions_json.h"
#include "actors/api_scopes.h"
#include "actors/applications/applications_actor.h"
#include "actors/files/file_delivery.h"
#include "actors/profiles/profile_rules.h"
#include "actors/route.h"
#include "actors/route_table.h"
#include "actors/shifts/shift_rules.h"
#include "actors/shifts/working_time.h"
#include "reactor/auth.h"
#include "reactor/config.h"
#include "reactor/http_pipeline.h"
#include "reactor/json_body.h"
#include "reactor/json_writer.h"
#include "reactor/loop_context.h"
#include "reactor/router.h"

namespace jh {

namespace {

using namespace actions;

void write_application(json_writer& w, const application_view& a) {
    begin_resource(w, "/api/applications/", "Application", a.id)
        .member("status", a.status)
        .member("notes", a.notes)
        .member("forwarded", a.forwarded)
        // The organization's retention period is over: the candidate's list says "abgelaufen".
        .member("anonymized", a.anonymized)
        .member("createdAt", a.created_at)
        .member("updatedAt", a.updated_at);
    w.key("locations").raw(a.locations_json);
    w.key("jobPosting");
    write_job_ref(w, a.job_id, a.job_slug, a.job_title, a.organization_id, a.organization_name);
    w.end_object();
}

constexpr hydra_members<application_view> application_members{"Application", write_application};

// An application as its organization sees it; `detailed` (one application, a logged view) adds the
// candidate's address and sedcard fields.
void write_received(json_writer& w, const received_application& v, bool detailed) {
    const application_view& a = v.application;
    begin_resource(w, "/api/applications/", "Application", a.id)
        .member("status", a.status)
        .member("statusMessage", v.status_message)
        .member("statusChangedAt", v.status_changed_at)
        .member("notes", a.notes)
        .member("createdAt", a.created_at)
        .member("updatedAt", a.updated_at)
        // The retention period (docs/fair-play.md): anonymized ("anonymisiert", the candidate gone
        // from this row), or from 30 days before, the day it will be.
        .member("anonymized", a.anonymized)
        .member("anonymizeAt", a.anonymize_at);
    // The organization's private rating (applicant_pipeline.h): only in the organization's list.
    if (v.rating) w.member("rating", static_cast<std::int64_t>(*v.rating));
    // Worked shifts and no-shows (figures only) and the organization's own reliability ratings.
    if (v.reliability_json) w.key("reliability").raw(*v.reliability_json);
    // Where the application came from ("Quelle: Indeed"); null before sources were recorded.
    w.key("source");
    if (v.source_json) w.raw(*v.source_json);
    else w.null();
    w.key("locations").raw(a.locations_json);
    w.key("jobPosting");
    write_job_ref(w, a.job_id, a.job_slug, a.job_title, a.organization_id, a.organization_name);
    w.key("candidate").begin_object().member("firstName", v.first_name).member("lastName", v.last_name);
    if (detailed) {
        w.member("email", v.email);
        w.key("sedcard").raw(v.sedcard_json);
        w.key("documents").raw(v.documents_json);
    }
    w.end_object();
    // Only the answer of a status change: whether the candidate gets a mail, in the provider's words.
    if (v.status_mail)
        w.key("statusMail").begin_object().member("state", *v.status_mail).member("message", v.status_mail_notice).end_object();
    w.end_object();
}

void write_counters(json_writer& w, const counters& c) {
    w.begin_object()
        .member("applications", c.applications)
        .member("favorites", c.favorites)
        .member("numLogins", c.num_logins)
        .key("pbCoins")
        .begin_object()
        .member("total", c.coins_total)
        .member("currentMonth", c.coins_current_month)
        .member("lastMonth", c.coins_last_month)
        .end_object()
        .member("created", c.created)
        .member("lastDataUpdate", c.last_data_update)
        .member("lastImageUpdate", c.last_image_update)
        .member("lastLogin", c.last_login)
        .end_object();
}

// Reads notes and locations from the body (also from a "data" member, as the spec's client sends).
result<application_request> read_application(simdjson::dom::object body) {
    simdjson::dom::object data;
    if (body["data"].get(data) == simdjson::SUCCESS) body = data;
    application_request r;
    simdjson::dom::element notes;
    if (body["notes"].get(notes) == simdjson::SUCCESS && !notes.is_null()) {
        std::string_view s;
        if (notes.get(s) != simdjson::SUCCESS) return fail(error_kind::bad_request, "notes muss ein Text sein.");
        r.notes = std::string(forms::trim_ascii(s));
    }
    simdjson::dom::element locs;
    if (body["locations"].get(locs) == simdjson::SUCCESS && !locs.is_null()) {
        simdjson::dom::array arr;
        if (locs.get(arr) != simdjson::SUCCESS) {
            auto one = id_or_iri(locs);
            if (one) r.locations.push_back(*one);
            else r.bad_locations = true;
        } else {
            for (auto e : arr) {
                simdjson::dom::object o;
                simdjson::dom::element idv = e;
                if (e.get(o) == simdjson::SUCCESS && o["id"].get(idv) != simdjson::SUCCESS && o["@id"].get(idv) != simdjson::SUCCESS) {
                    r.bad_locations = true;
                    continue;
                }
                auto id = id_or_iri(idv);
                if (id) r.locations.push_back(*id);
                else r.bad_locations = true;
            }
        }
    }
    auto chosen = shifts::read_shift_ids(body);
    if (!chosen) return std::unexpected(chosen.error());
    if (*chosen) r.shifts = std::move(**chosen);
    simdjson::dom::element born;
    if (body["birthDate"].get(born) == simdjson::SUCCESS && !born.is_null()) {
        std::string_view s;
        if (born.get(s) != simdjson::SUCCESS || !working_time::plausible_birth_date(s))
            return std::unexpected(app_error::invalid({{"birthDate", working_time::msg::birth_date_invalid}}));
        r.birth_date = std::string(s);
    }
    // Where the candidate came from (the flow's URL carries it; application_source.h).
    auto source = read_application_source(body);
    if (!source) return std::unexpected(source.error());
    r.source = std::move(*source);
    std::sort(r.locations.begin(), r.locations.end());
    r.locations.erase(std::unique(r.locations.begin(), r.locations.end()), r.locations.end());
    return r;
}

// `languages: [{language, level}, …]` of a registration together with an application: at least one
// (candidate-side.md section 5), each a language code and one of the spec's levels; the codes are
// checked against the languages table by the actor.
result<std::vector<std::pair<std::string, std::string>>> read_languages(simdjson::dom::object body) {
    std::vector<std::pair<std::string, std::string>> out;
    std::vector<violation> v;
    simdjson::dom::array arr;
    if (body["languages"].get(arr) == simdjson::SUCCESS) {
        std::size_t i = 0;
        for (auto e : arr) {
            std::string path = "languages[" + std::to_string(i++) + "]";
            if (i > 30) {
                v.push_back({"languages", "Bitte gib höchstens 30 Sprachen an."});
                break;
            }
            simdjson::dom::object o;
            std::string_view code, level;
            if (e.get(o) != simdjson::SUCCESS || o["language"].get(code) != simdjson::SUCCESS || code.size() != 2) {
                v.push_back({path + ".language", "Bitte wähle eine Sprache aus der Liste."});
                continue;
            }
            if (o["level"].get(level) != simdjson::SUCCESS || !profiles::in(profiles::enums::language_level, level)) {
                v.push_back({path + ".level", "Bitte wähle dein Sprachniveau aus."});
                continue;
            }
            out.emplace_back(std::string(code), std::string(level));
        }
    }
    if (out.empty() && v.empty()) v.push_back({"languages", "Bitte gib mindestens eine Sprache an, die du sprichst."});
    if (!v.empty()) return std::unexpected(app_error::invalid(std::move(v)));
    return out;
}

// The registration fields, the job (id or IRI) and the application of register-and-apply.
result<std::pair<accounts::registration, application_request>> read_register_and_apply(simdjson::dom::object body) {
    accounts::registration reg;
    reg.email = text_field(body, "email");
    reg.password = text_field(body, "password");
    reg.password_confirmation = text_field(body, "passwordConfirmation");
    reg.first_name = text_field(body, "firstName");
    reg.last_name = text_field(body, "lastName");
    bool b = false;
    reg.newsletter = body["newsletter"].get(b) == simdjson::SUCCESS && b;
    b = false;
    reg.jobletter = body["jobletter"].get(b) == simdjson::SUCCESS && b;
    simdjson::dom::object q;
    if (body["query"].get(q) == simdjson::SUCCESS) {
        std::string json = simdjson::minify(q);
        if (json.size() <= 4000) reg.query_json = std::move(json);
    }
    simdjson::dom::element job;
    std::optional<std::int64_t> job_id;
    if (body["jobPosting"].get(job) == simdjson::SUCCESS || body["jobPostingId"].get(job) == simdjson::SUCCESS ||
        body["job"].get(job) == simdjson::SUCCESS)
        job_id = id_or_iri(job);
    if (!job_id) {
        std::vector<violation> v{{"jobPosting", "Dieses Feld darf nicht leer sein"}};
        return std::unexpected(app_error::invalid(std::move(v)));
    }
    auto req = read_application(body);
    if (!req) return std::unexpected(req.error());
    req->job_id = *job_id;
    auto languages = read_languages(body);
    if (!languages) return std::unexpected(languages.error());
    req->languages = std::move(*languages);
    return std::pair{std::move(reg), std::move(*req)};
}

task<http_response> post_apply(request_context& ctx, applications_actor& applications) {
    ROUTE_TRY(auto job, path_id(ctx));
    ROUTE_TRY(auto req, read_application(ctx.body));
    req.job_id = job;
    ROUTE_TRY(auto created, co_await applications.apply(ctx.who(), std::move(req)));
    co_return json_response(201, created, write_application);
}

task<http_response> post_register_and_apply(request_context& ctx, applications_actor& applications) {
    ROUTE_TRY(auto read, read_register_and_apply(ctx.body));
    ROUTE_CHECK(co_await applications.register_and_apply(std::move(read.first), std::move(read.second)));
    // The same answer whether or not the address had an account: registration does not sign in,
    // the link in the verification mail does (and forwards the application).
    http_response res;
    res.status = 201;
    json_writer(res.body)
        .begin_object()
        .member("applicationStatus", "waiting_for_email_confirmation")
        .member("message", "Deine Bewerbung ist gespeichert. Bitte bestätige deine E-Mail-Adresse über den Link in der E-Mail, "
                           "die wir dir geschickt haben. Danach leiten wir sie an den Jobanbieter weiter.")
        .end_object();
    co_return res;
}

}  // namespace

// ?jobPosting= (an id or its IRI) &status= &page= &itemsPerPage= of an organization's applications;
// also the filter of an applicant's neighbours (pipeline_routes.cpp).
result<actions::applicant_filter> read_applicant_filter(const request_context& ctx) {
    auto p = read_paging(ctx);
    if (!p) return std::unexpected(p.error());
    actions::applicant_filter f;
    f.page = p->page;
    f.per_page = p->per_page;
    if (auto job = ctx.req.query_param("jobPosting"); job && !job->empty()) {
        std::string_view s = *job;
        f.job_id = parse_positive_id(s.substr(s.rfind('/') == std::string_view::npos ? 0 : s.rfind('/') + 1));
        if (!f.job_id) return fail(error_kind::bad_request, "jobPosting muss die ID einer Stellenanzeige sein.");
    }
    if (auto status = ctx.req.query_param("status"); status && !status->empty()) f.status = std::string(*status);
    return f;
}

namespace {

task<http_response> get_organization_applications(request_context& ctx, applications_actor& applications) {
    ROUTE_TRY(auto organization, path_id(ctx));
    const auth::identity& who = ctx.who();
    ROUTE_TRY(auto filter, read_applicant_filter(ctx));
    ROUTE_TRY(auto list, co_await applications.applications_of_organization(who, organization, std::move(filter)));
    co_return hydra_collection("Application", list.items, list.total,
                               [](json_writer& w, const received_application& v) { write_received(w, v, false); });
}

// The candidate's own applications (?page=&itemsPerPage=, ?jobPosting= for one job's).
task<http_response> get_my_applications(request_context& ctx, applications_actor& applications) {
    ROUTE_TRY(auto filter, read_applicant_filter(ctx));
    ROUTE_TRY(auto list, co_await applications.my_applications(ctx.who(), filter.page, filter.per_page, filter.job_id));
    co_return hydra_collection(application_members.type, list.items, list.total, application_members.write_one);
}

task<http_response> get_received_application(request_context& ctx, applications_actor& applications) {
    ROUTE_TRY(auto id, path_id(ctx));
    const auth::identity& who = ctx.who();
    ROUTE_TRY(auto v, co_await applications.received(who, id));
    co_return json_response(200, v, [](json_writer& w, const received_application& r) { write_received(w, r, true); });
}

// Opening an applicant, the sedcard or a document is logged for the candidate: only from our own
// pages (authenticate_first_party), so another site cannot forge those entries.
// The applicant's sedcard and document files: downloads, never cached (file_delivery.h).
task<http_response> get_application_sedcard(request_context& ctx, applications_actor& applications) {
    ROUTE_TRY(auto id, path_id(ctx));
    ROUTE_TRY(auto f, co_await applications.sedcard(ctx.who(), id, std::string(ctx.req.header("if-none-match").value_or(""))));
    co_return co_await send_file(ctx, std::move(f), delivery::download);
}

task<http_response> get_application_document(request_context& ctx, applications_actor& applications) {
    ROUTE_TRY(auto id, path_id(ctx));
    ROUTE_TRY(auto attachment, path_id(ctx, "attachment"));
    ROUTE_TRY(auto f, co_await applications.document(ctx.who(), id, attachment));
    co_return co_await send_file(ctx, std::move(f), delivery::download);
}

// "Bewerbungen nach Quelle": per job and source label, ?jobPosting= for one job's.
void write_source_count(json_writer& w, const source_count& c) {
    w.begin_object()
        .member("jobPosting", c.job_id)
        .member("jobTitle", c.job_title)
        .member("source", c.label)
        .member("applications", c.applications)
        .end_object();
}

task<http_response> get_application_sources(request_context& ctx, applications_actor& applications) {
    ROUTE_TRY(auto organization, path_id(ctx));
    ROUTE_TRY(auto filter, read_applicant_filter(ctx));
    ROUTE_TRY(auto rows, co_await applications.application_sources(ctx.who(), organization, filter.job_id));
    co_return hydra_collection("ApplicationSourceCount", rows, write_source_count);
}

task<http_response> get_organization_dashboard(request_context& ctx, applications_actor& applications) {
    ROUTE_TRY(auto organization, path_id(ctx));
    const auth::identity& who = ctx.who();
    ROUTE_TRY(auto c, co_await applications.organization_dashboard(who, organization));
    co_return json_response(200, c, [](json_writer& w, const organization_counters& v) {
        w.begin_object().member("newApplications", v.new_applications).member("jobViewsLast30Days", v.job_views_30_days).end_object();
    });
}

task<http_response> patch_review(request_context& ctx, applications_actor& applications) {
    ROUTE_TRY(auto id, path_id(ctx));
    const auth::identity& who = ctx.who();
    auto body = ctx.body;
    ROUTE_TRY(auto v, co_await applications.review(who, id, text_field(body, "status"), text_field(body, "message")));
    co_return json_response(200, v, [](json_writer& w, const received_application& r) { write_received(w, r, false); });
}

// The conversation of an application (application_messages.cpp), as GET answers it and a written
// message is answered (with what became of the other side's mail).
void write_conversation(json_writer& w, const conversation& c) {
    w.begin_object()
        .member("@type", "ApplicationConversation")
        .member("application", "/api/applications/" + std::to_string(c.application_id))
        .member("side", c.side)
        .member("canWrite", c.can_write)
        .member("notice", c.notice);
    w.key("messages").raw(c.messages_json);
    if (c.mail_state) w.key("mail").begin_object().member("state", *c.mail_state).member("message", c.mail_notice).end_object();
    w.end_object();
}

task<http_response> post_message(request_context& ctx, applications_actor& applications) {
    ROUTE_TRY(auto id, path_id(ctx));
    ROUTE_TRY(auto c, co_await applications.write_message(ctx.who(), id, text_field(ctx.body, "message")));
    co_return json_response(201, c, write_conversation);
}

}  // namespace

void register_applications_routes(router& r, actor_of<applications_actor> applications) {
    // Opening an applicant is logged for the candidate: from our own pages only (above get_application_sedcard).
    const route_policy first_party_read = without_body(access::account_first_party, cache_kind::no_store);
    // An applicant as the organization sees it: its members and administrators, in the words the
    // actor used before the role moved here.
    const route_policy applicant_read =
        without_body(refusing_with(access::provider_or_admin_first_party, "Das dürfen nur Jobanbieter."), cache_kind::no_store);
    const route_policy organization_read = without_body(access::provider_or_admin, cache_kind::no_store);
    // Only candidates apply; an application goes out in the candidate's name: never from an
    // administrator acting as them.
    const access_level applicant = refusing_with(access::candidate, "Nur Bewerberinnen und Bewerber können sich bewerben.");
    add_routes(r, applications, {
        {http_method::post, "/api/job_postings/{id}/apply", in_person(json_or_empty_body(applicant, cache_kind::no_store, small_json_body)),
         post_apply},
        {http_method::get, "/api/applications/my", signed_in_no_body, get_my_applications},
        {http_method::post, "/api/candidate_profiles/register_and_apply_on_job",
         route_policy{.who = access::anyone, .body = body_kind::json, .cache = cache_kind::no_store, .rate = accounts::registration_rate,
                      .max_body_bytes = small_json_body}
             .only_from_our_pages(),
         post_register_and_apply},
        {http_method::get, "/api/candidate_account/{id}/dashboard", signed_in_no_body,
         json_by_path_id<&applications_actor::dashboard, write_counters>},
        {http_method::get, "/api/organizations/{id}/applications", organization_read.accepting_key(api_scope::applications_read), get_organization_applications},
        {http_method::get, "/api/applications/{id}", applicant_read.accepting_key(api_scope::applications_read), get_received_application},
        {http_method::patch, "/api/applications/{id}/status", json_body(access::provider_or_admin, cache_kind::no_store, small_json_body),
         patch_review},
        {http_method::get, "/api/applications/{id}/sedcard", applicant_read, get_application_sedcard},
        {http_method::get, "/api/applications/{id}/documents/{attachment}", applicant_read, get_application_document},
        {http_method::get, "/api/applications/{id}/messages", first_party_read,
         json_by_path_id<&applications_actor::conversation, write_conversation>},
        // 2000 characters, each up to a 12-byte escape (a surrogate pair): under 32 KiB.
        {http_method::post, "/api/applications/{id}/messages", signed_in_json(32 * 1024), post_message},
        {http_method::get, "/api/organizations/{id}/dashboard", organization_read, get_organization_dashboard},
        {http_method::get, "/api/organizations/{id}/application_sources", organization_read, get_application_sources},
    });
}

}  // namespace jh
