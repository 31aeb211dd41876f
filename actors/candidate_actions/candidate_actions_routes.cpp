// candidate_actions_routes.cpp: the HTTP side of the candidate actions (docs/candidate-actions.md
// lists every route with its body and answers). A handler authenticates, reads the body, calls
// the actor and writes JSON; lists answer as hydra collections.
#include <simdjson.h>

#include <charconv>

#include "actors/accounts/impersonation.h"
#include "actors/accounts/password_rules.h"
#include "actors/route.h"
#include "actors/candidate_actions/candidate_actions_actor.h"
#include "actors/profiles/profile_rules.h"
#include "actors/accounts/authenticate.h"
#include "reactor/auth.h"
#include "reactor/config.h"
#include "reactor/file_response.h"
#include "reactor/http_client.h"
#include "reactor/http_pipeline.h"
#include "reactor/json_body.h"
#include "reactor/json_writer.h"
#include "reactor/loop_context.h"
#include "reactor/router.h"

namespace jh {

namespace {

using namespace actions;

constexpr std::int64_t small_body = 64 * 1024;

std::optional<std::int64_t> parse_positive(std::string_view s) {
    std::int64_t v = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc{} || p != s.data() + s.size() || v <= 0) return std::nullopt;
    return v;
}

std::optional<std::int64_t> id_param(const request_context& ctx, std::string_view name = "id") {
    return parse_positive(ctx.req.param(name));
}

std::string text_field(simdjson::dom::object o, std::string_view key) {
    std::string_view s;
    if (o[key].get(s) == simdjson::SUCCESS) return std::string(s);
    return {};
}

std::optional<std::string> optional_text(simdjson::dom::object o, std::string_view key) {
    std::string_view s;
    if (o[key].get(s) == simdjson::SUCCESS) return std::string(s);
    return std::nullopt;
}

http_response not_found() { return error_response(404, "Die Seite wurde nicht gefunden."); }

template <typename T, typename F>
http_response hydra(std::string_view type, const std::vector<T>& items, std::int64_t total, F write_one) {
    http_response res;
    json_writer w(res.body);
    w.begin_object().member("@type", "hydra:Collection").key("hydra:member").begin_array();
    for (const auto& i : items) write_one(w, i);
    w.end_array().member("hydra:totalItems", total).member("@context", std::string("/api/contexts/") + std::string(type)).end_object();
    return res;
}

void write_job_ref(json_writer& w, std::int64_t id, const std::string& slug, const std::string& title, std::int64_t org_id,
                   const std::string& org_name) {
    w.begin_object()
        .member("@id", "/api/job_postings/" + std::to_string(id))
        .member("id", id)
        .member("slug", slug)
        .member("title", title)
        .key("organization")
        .begin_object()
        .member("@id", "/api/organizations/" + std::to_string(org_id))
        .member("id", org_id)
        .member("name", org_name)
        .end_object()
        .end_object();
}

void write_application(json_writer& w, const application_view& a) {
    w.begin_object()
        .member("@id", "/api/applications/" + std::to_string(a.id))
        .member("@type", "Application")
        .member("id", a.id)
        .member("status", a.status)
        .member("notes", a.notes)
        .member("forwarded", a.forwarded)
        .member("createdAt", a.created_at)
        .member("updatedAt", a.updated_at);
    w.key("locations").raw(a.locations_json);
    w.key("jobPosting");
    write_job_ref(w, a.job_id, a.job_slug, a.job_title, a.organization_id, a.organization_name);
    w.end_object();
}

void write_alert(json_writer& w, const alert_view& a) {
    w.begin_object()
        .member("@id", "/api/job_alerts/" + std::to_string(a.id))
        .member("@type", "JobAlert")
        .member("id", a.id)
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

void write_rating(json_writer& w, const rating_view& r) {
    w.begin_object()
        .member("@id", "/api/organization_star_ratings/" + std::to_string(r.id))
        .member("@type", "OrganizationStarRating")
        .member("id", r.id)
        .member("stars", r.stars)
        .member("comment", r.comment)
        .member("author", r.author)
        .member("createdAt", r.created_at)
        .key("organization")
        .begin_object()
        .member("@id", "/api/organizations/" + std::to_string(r.organization_id))
        .member("id", r.organization_id)
        .member("name", r.organization_name)
        .end_object()
        .end_object();
}

template <typename T>
http_response one(int status, const T& v, void (*write)(json_writer&, const T&)) {
    http_response res;
    res.status = status;
    json_writer w(res.body);
    write(w, v);
    return res;
}

http_response message(int status, std::string_view text) {
    http_response res;
    res.status = status;
    json_writer(res.body).begin_object().member("message", text).end_object();
    return res;
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
        r.notes = std::string(accounts::trim_ascii(s));
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
    std::sort(r.locations.begin(), r.locations.end());
    r.locations.erase(std::unique(r.locations.begin(), r.locations.end()), r.locations.end());
    return r;
}

// ---- applications ------------------------------------------------------------------------------------

task<http_response> post_apply(request_context& ctx, candidate_actions_actor& actions) {
    auto job = id_param(ctx);
    if (!job) co_return not_found();
    auto who = co_await auth::authenticate(ctx);
    if (!who) co_return error_response(who.error());
    if (who->impersonating()) co_return error_response(impersonation::refused_while_impersonating());
    if (ctx.req.body.empty()) ctx.req.body = "{}";
    simdjson::dom::parser parser;
    auto body = parse_json_object(ctx.req, parser);
    if (!body) co_return error_response(body.error());
    auto req = read_application(*body);
    if (!req) co_return error_response(req.error());
    req->job_id = *job;
    auto r = co_await actions.apply(*who, std::move(*req));
    if (!r) co_return error_response(r.error());
    co_return one(201, *r, write_application);
}

task<http_response> get_my_applications(request_context& ctx, candidate_actions_actor& actions) {
    auto who = co_await auth::authenticate(ctx);
    if (!who) co_return error_response(who.error());
    auto p = read_paging(ctx);
    if (!p) co_return error_response(p.error());
    auto r = co_await actions.my_applications(*who, p->page, p->per_page);
    if (!r) co_return error_response(r.error());
    co_return hydra("Application", r->items, r->total, write_application);
}

task<http_response> patch_application_status(request_context& ctx, candidate_actions_actor& actions) {
    auto id = id_param(ctx);
    if (!id) co_return not_found();
    auto who = co_await auth::authenticate(ctx);
    if (!who) co_return error_response(who.error());
    simdjson::dom::parser parser;
    auto body = parse_json_object(ctx.req, parser);
    if (!body) co_return error_response(body.error());
    auto r = co_await actions.set_application_status(*who, *id, text_field(*body, "status"));
    if (!r) co_return error_response(r.error());
    co_return one(200, *r, write_application);
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

task<http_response> post_register_and_apply(request_context& ctx, candidate_actions_actor& actions) {
    if (ctx.req.header("origin") && !auth::is_same_origin(ctx.req, ctx.loop.cfg.http_public_origin))
        co_return error_response(403, "Diese Anfrage kam nicht von unserer Seite und wurde abgelehnt.");
    simdjson::dom::parser parser;
    auto body = parse_json_object(ctx.req, parser);
    if (!body) co_return error_response(body.error());
    accounts::registration reg;
    reg.email = text_field(*body, "email");
    reg.password = text_field(*body, "password");
    reg.password_confirmation = text_field(*body, "passwordConfirmation");
    reg.first_name = text_field(*body, "firstName");
    reg.last_name = text_field(*body, "lastName");
    bool b = false;
    reg.newsletter = (*body)["newsletter"].get(b) == simdjson::SUCCESS && b;
    b = false;
    reg.jobletter = (*body)["jobletter"].get(b) == simdjson::SUCCESS && b;
    reg.client_ip = ctx.req.peer_ip;
    simdjson::dom::object q;
    if ((*body)["query"].get(q) == simdjson::SUCCESS) {
        std::string json = simdjson::minify(q);
        if (json.size() <= 4000) reg.query_json = std::move(json);
    }
    simdjson::dom::element job;
    std::optional<std::int64_t> job_id;
    if ((*body)["jobPosting"].get(job) == simdjson::SUCCESS || (*body)["jobPostingId"].get(job) == simdjson::SUCCESS ||
        (*body)["job"].get(job) == simdjson::SUCCESS)
        job_id = id_or_iri(job);
    if (!job_id) {
        std::vector<violation> v{{"jobPosting", "Dieses Feld darf nicht leer sein"}};
        co_return error_response(app_error::invalid(std::move(v)));
    }
    auto req = read_application(*body);
    if (!req) co_return error_response(req.error());
    req->job_id = *job_id;
    auto languages = read_languages(*body);
    if (!languages) co_return error_response(languages.error());
    req->languages = std::move(*languages);
    auto r = co_await actions.register_and_apply(std::move(reg), std::move(*req));
    if (!r) co_return error_response(r.error());
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

// ---- favourites --------------------------------------------------------------------------------------

task<http_response> favor_with(request_context& ctx, candidate_actions_actor& actions, int mode) {   // 0 favor, 1 auto_favor, 2 unfavor
    auto job = id_param(ctx);
    if (!job) co_return not_found();
    auto who = co_await auth::authenticate(ctx);
    if (!who) co_return error_response(who.error());
    if (mode == 2) {
        auto r = co_await actions.unfavor(*who, *job);
        if (!r) co_return error_response(r.error());
    } else {
        auto r = co_await actions.favor(*who, *job, mode == 1);
        if (!r) co_return error_response(r.error());
    }
    http_response res;
    json_writer(res.body)
        .begin_object()
        .member("jobPosting", "/api/job_postings/" + std::to_string(*job))
        .member("favored", mode != 2)
        .end_object();
    co_return res;
}

task<http_response> post_favor(request_context& ctx, candidate_actions_actor& actions) { co_return co_await favor_with(ctx, actions, 0); }
task<http_response> post_auto_favor(request_context& ctx, candidate_actions_actor& actions) { co_return co_await favor_with(ctx, actions, 1); }
task<http_response> post_unfavor(request_context& ctx, candidate_actions_actor& actions) { co_return co_await favor_with(ctx, actions, 2); }

task<http_response> get_my_favorites(request_context& ctx, candidate_actions_actor& actions) {
    auto who = co_await auth::authenticate(ctx);
    if (!who) co_return error_response(who.error());
    auto p = read_paging(ctx);
    if (!p) co_return error_response(p.error());
    auto r = co_await actions.my_favorites(*who, p->page, p->per_page);
    if (!r) co_return error_response(r.error());
    co_return hydra("Favorite", r->items, r->total, [](json_writer& w, const favorite_view& f) {
        w.begin_object().member("@type", "Favorite").member("auto", f.automatic).member("createdAt", f.created_at).member("active", f.job_live);
        w.key("jobPosting");
        write_job_ref(w, f.job_id, f.job_slug, f.job_title, f.organization_id, f.organization_name);
        w.end_object();
    });
}

// ---- job alerts --------------------------------------------------------------------------------------

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

task<http_response> post_job_alert(request_context& ctx, candidate_actions_actor& actions) {
    auto who = co_await auth::authenticate(ctx);
    if (!who) co_return error_response(who.error());
    simdjson::dom::parser parser;
    auto body = parse_json_object(ctx.req, parser);
    if (!body) co_return error_response(body.error());
    auto r = co_await actions.create_alert(*who, read_alert(*body), ctx.req.peer_ip);
    if (!r) co_return error_response(r.error());
    co_return one(201, *r, write_alert);
}

task<http_response> patch_job_alert(request_context& ctx, candidate_actions_actor& actions) {
    auto id = id_param(ctx);
    if (!id) co_return not_found();
    auto who = co_await auth::authenticate(ctx);
    if (!who) co_return error_response(who.error());
    simdjson::dom::parser parser;
    auto body = parse_json_object(ctx.req, parser);
    if (!body) co_return error_response(body.error());
    auto r = co_await actions.update_alert(*who, *id, read_alert(*body));
    if (!r) co_return error_response(r.error());
    co_return one(200, *r, write_alert);
}

task<http_response> post_job_alert_delete(request_context& ctx, candidate_actions_actor& actions) {
    auto id = id_param(ctx);
    if (!id) co_return not_found();
    auto who = co_await auth::authenticate(ctx);
    if (!who) co_return error_response(who.error());
    auto r = co_await actions.delete_alert(*who, *id);
    if (!r) co_return error_response(r.error());
    co_return message(200, "Dein Job-Alert wurde gelöscht.");
}

task<http_response> patch_job_alert_confirm(request_context& ctx, candidate_actions_actor& actions) {
    auto id = id_param(ctx);
    if (!id) co_return not_found();
    auto who = co_await auth::authenticate_optional(ctx);
    if (!who) co_return error_response(who.error());
    if (ctx.req.body.empty()) ctx.req.body = "{}";
    simdjson::dom::parser parser;
    auto body = parse_json_object(ctx.req, parser);
    if (!body) co_return error_response(body.error());
    std::string token = text_field(*body, "token");
    if (token.empty()) token = ctx.req.query_param("token").value_or("");
    auto r = co_await actions.confirm_alert(*who, *id, std::move(token), ctx.req.peer_ip);
    if (!r) co_return error_response(r.error());
    co_return one(200, *r, write_alert);
}

task<http_response> pause_with(request_context& ctx, candidate_actions_actor& actions, bool paused) {
    auto id = id_param(ctx);
    if (!id) co_return not_found();
    auto who = co_await auth::authenticate(ctx);
    if (!who) co_return error_response(who.error());
    auto r = co_await actions.pause_alert(*who, *id, paused);
    if (!r) co_return error_response(r.error());
    co_return one(200, *r, write_alert);
}

task<http_response> patch_job_alert_pause(request_context& ctx, candidate_actions_actor& actions) { co_return co_await pause_with(ctx, actions, true); }
task<http_response> patch_job_alert_unpause(request_context& ctx, candidate_actions_actor& actions) { co_return co_await pause_with(ctx, actions, false); }

task<http_response> get_account_job_alerts(request_context& ctx, candidate_actions_actor& actions) {
    auto id = id_param(ctx);
    if (!id) co_return not_found();
    auto who = co_await auth::authenticate(ctx);
    if (!who) co_return error_response(who.error());
    auto r = co_await actions.alerts_of(*who, *id);
    if (!r) co_return error_response(r.error());
    co_return hydra("JobAlert", *r, static_cast<std::int64_t>(r->size()), write_alert);
}

task<http_response> unsubscribe_job_alert(request_context& ctx, candidate_actions_actor& actions) {
    auto r = co_await actions.unsubscribe_alert(std::string(ctx.req.param("token")));
    if (!r) co_return error_response(r.error());
    co_return message(200, "Du bist abgemeldet: Dieser Job-Alert schickt dir keine E-Mails mehr.");
}

// ---- ratings -----------------------------------------------------------------------------------------

task<http_response> post_rating(request_context& ctx, candidate_actions_actor& actions) {
    auto who = co_await auth::authenticate(ctx);
    if (!who) co_return error_response(who.error());
    simdjson::dom::parser parser;
    auto body = parse_json_object(ctx.req, parser);
    if (!body) co_return error_response(body.error());
    simdjson::dom::element org;
    std::optional<std::int64_t> org_id;
    if ((*body)["organization"].get(org) == simdjson::SUCCESS) org_id = id_or_iri(org);
    std::int64_t stars = 0;
    simdjson::dom::element s;
    if ((*body)["stars"].get(s) == simdjson::SUCCESS || (*body)["rating"].get(s) == simdjson::SUCCESS) {
        if (s.get(stars) != simdjson::SUCCESS) {
            double d = 0;
            if (s.get(d) == simdjson::SUCCESS && d == static_cast<double>(static_cast<std::int64_t>(d))) stars = static_cast<std::int64_t>(d);
            else stars = -1;
        }
    }
    auto r = co_await actions.rate(*who, org_id.value_or(0), static_cast<int>(std::clamp<std::int64_t>(stars, -1, 100)),
                                      text_field(*body, "comment"));
    if (!r) co_return error_response(r.error());
    co_return one(201, *r, write_rating);
}

task<http_response> delete_rating(request_context& ctx, candidate_actions_actor& actions) {
    auto id = id_param(ctx);
    if (!id) co_return not_found();
    auto who = co_await auth::authenticate(ctx);
    if (!who) co_return error_response(who.error());
    auto r = co_await actions.delete_rating(*who, *id);
    if (!r) co_return error_response(r.error());
    co_return http_response::no_content();
}

task<http_response> get_organization_ratings(request_context& ctx, candidate_actions_actor& actions) {
    auto id = id_param(ctx);
    if (!id) co_return not_found();
    auto p = read_paging(ctx);
    if (!p) co_return error_response(p.error());
    auto r = co_await actions.ratings_of_organization(*id, p->page, p->per_page);
    if (!r) co_return error_response(r.error());
    co_return hydra("OrganizationStarRating", r->items, r->total, write_rating);
}

task<http_response> get_account_ratings(request_context& ctx, candidate_actions_actor& actions) {
    auto id = id_param(ctx);
    if (!id) co_return not_found();
    auto who = co_await auth::authenticate(ctx);
    if (!who) co_return error_response(who.error());
    auto r = co_await actions.ratings_of_account(*who, *id);
    if (!r) co_return error_response(r.error());
    co_return hydra("OrganizationStarRating", *r, static_cast<std::int64_t>(r->size()), write_rating);
}

// ---- contact and forms -------------------------------------------------------------------------------

task<http_response> contact_with(request_context& ctx, candidate_actions_actor& actions, std::string kind, bool needs_login) {
    std::optional<auth::identity> who;
    if (needs_login) {
        auto w = co_await auth::authenticate(ctx);
        if (!w) co_return error_response(w.error());
        who = *w;
    } else {
        auto w = co_await auth::authenticate_optional(ctx);
        if (!w) co_return error_response(w.error());
        who = *w;
    }
    // Messages go out in the person's name: never from an administrator acting as them.
    if (who && who->impersonating()) co_return error_response(impersonation::refused_while_impersonating());
    simdjson::dom::parser parser;
    auto body = parse_json_object(ctx.req, parser);
    if (!body) co_return error_response(body.error());
    contact_input in;
    in.kind = std::move(kind);
    in.client_ip = ctx.req.peer_ip;
    if (ctx.req.param("id").size()) {
        auto id = id_param(ctx);
        if (!id) co_return not_found();
        in.organization_id = id;
    }
    for (auto [k, v] : *body) {
        std::string_view s;
        std::int64_t n = 0;
        simdjson::dom::array arr;
        if (v.get(s) == simdjson::SUCCESS) in.fields.emplace_back(std::string(k), std::string(s));
        else if (v.get(n) == simdjson::SUCCESS) in.fields.emplace_back(std::string(k), std::to_string(n));
        else if (v.get(arr) == simdjson::SUCCESS) {
            // activities: a list becomes one comma-separated value
            std::string joined;
            for (auto e : arr)
                if (e.get(s) == simdjson::SUCCESS) joined += (joined.empty() ? "" : ", ") + std::string(s);
            in.fields.emplace_back(std::string(k), std::move(joined));
        }
    }
    auto r = co_await actions.contact(who, std::move(in));
    if (!r) co_return error_response(r.error());
    co_return message(201, "Vielen Dank! Deine Nachricht wurde gesendet.");
}

task<http_response> post_contact_user(request_context& ctx, candidate_actions_actor& actions) { co_return co_await contact_with(ctx, actions, "organization_user", true); }
task<http_response> post_contact_visitor(request_context& ctx, candidate_actions_actor& actions) { co_return co_await contact_with(ctx, actions, "organization_visitor", false); }
task<http_response> post_project_contact(request_context& ctx, candidate_actions_actor& actions) { co_return co_await contact_with(ctx, actions, "project", false); }
task<http_response> post_general_contact(request_context& ctx, candidate_actions_actor& actions) { co_return co_await contact_with(ctx, actions, "general", false); }

task<http_response> post_form(request_context& ctx, candidate_actions_actor& actions) {
    std::string_view form = ctx.req.param("formId");
    if (form == "16") co_return co_await contact_with(ctx, actions, "form_newsletter", false);
    if (form == "17") co_return co_await contact_with(ctx, actions, "form_price_list", false);
    if (form == "20") co_return co_await contact_with(ctx, actions, "form_contact", false);
    co_return not_found();
}

task<http_response> post_newsletter_confirm(request_context& ctx, candidate_actions_actor& actions) {
    if (ctx.req.param("formId") != "16") co_return not_found();
    simdjson::dom::parser parser;
    auto body = parse_json_object(ctx.req, parser);
    if (!body) co_return error_response(body.error());
    auto r = co_await actions.confirm_newsletter(text_field(*body, "token"), ctx.req.peer_ip);
    if (!r) co_return error_response(r.error());
    co_return message(200, "Danke! Deine Anmeldung zum Newsletter ist bestätigt.");
}

// ---- provider registration ---------------------------------------------------------------------------

task<http_response> post_organization_member_register(request_context& ctx, candidate_actions_actor& actions) {
    if (ctx.req.header("origin") && !auth::is_same_origin(ctx.req, ctx.loop.cfg.http_public_origin))
        co_return error_response(403, "Diese Anfrage kam nicht von unserer Seite und wurde abgelehnt.");
    simdjson::dom::parser parser;
    auto body = parse_json_object(ctx.req, parser);
    if (!body) co_return error_response(body.error());
    provider_registration r;
    r.email = text_field(*body, "email");
    r.password = text_field(*body, "password");
    r.password_confirmation = text_field(*body, "passwordConfirmation");
    r.first_name = text_field(*body, "firstName");
    r.last_name = text_field(*body, "lastName");
    r.phone = text_field(*body, "phone");
    r.company = text_field(*body, "company");
    if (r.company.empty()) r.company = text_field(*body, "organizationName");
    r.street = text_field(*body, "street");
    r.zipcode = text_field(*body, "zipcode");
    r.city = text_field(*body, "city");
    r.website = text_field(*body, "website");
    simdjson::dom::object q;
    if ((*body)["query"].get(q) == simdjson::SUCCESS) {
        std::string json = simdjson::minify(q);
        if (json.size() <= 4000) r.query_json = std::move(json);
    }
    simdjson::dom::object job;
    if ((*body)["jobPosting"].get(job) == simdjson::SUCCESS) {
        r.job_title = text_field(job, "title");
        r.job_description = optional_text(job, "description");
        r.job_city = optional_text(job, "city");
    }
    r.client_ip = ctx.req.peer_ip;
    auto done = co_await actions.register_provider(std::move(r));
    if (!done) co_return error_response(done.error());
    // The same answer for a known address (its owner gets a mail instead): no account id.
    http_response res;
    res.status = 201;
    json_writer(res.body)
        .begin_object()
        .member("message", "Vielen Dank für Ihre Registrierung! Bitte bestätigen Sie Ihre E-Mail-Adresse. Wir prüfen Ihre Angaben "
                           "und schalten Ihr Unternehmen danach frei.")
        .end_object();
    co_return res;
}

// ---- billing -----------------------------------------------------------------------------------------

task<http_response> get_invoices(request_context& ctx, candidate_actions_actor& actions) {
    auto who = co_await auth::authenticate(ctx);
    if (!who) co_return error_response(who.error());
    auto r = co_await actions.invoices(*who);
    if (!r) co_return error_response(r.error());
    co_return hydra("Invoice", *r, static_cast<std::int64_t>(r->size()), [](json_writer& w, const invoice_view& i) {
        w.begin_object()
            .member("@id", "/api/legacy_billing/" + std::to_string(i.id))
            .member("@type", "Invoice")
            .member("id", i.id)
            .member("number", i.number)
            .member("date", i.date)
            .member("recipient", i.recipient)
            .member("lastEdited", i.last_edited)
            .member("sent", i.sent)
            .member("paid", i.paid)
            .member("followedUp", i.followed_up)
            .member("totalCents", i.total_cents)
            .member("currency", i.currency)
            .member("printUrl", "/api/legacy_billing/print/" + std::to_string(i.id))
            .end_object();
    });
}

task<http_response> get_invoice_print(request_context& ctx, candidate_actions_actor& actions) {
    auto id = id_param(ctx);
    if (!id) co_return not_found();
    auto who = co_await auth::authenticate(ctx);
    if (!who) co_return error_response(who.error());
    auto r = co_await actions.invoice_pdf(*who, *id);
    if (!r) co_return error_response(r.error());
    http_response res;
    res.content_type = "application/pdf";
    res.body = std::move(r->bytes);
    set_private_file_headers(res, r->file_name);   // the name comes from the billing provider
    co_return res;
}

task<http_response> patch_create_byll_account(request_context& ctx, candidate_actions_actor& actions) {
    auto id = id_param(ctx);
    if (!id) co_return not_found();
    auto who = co_await auth::authenticate(ctx);
    if (!who) co_return error_response(who.error());
    if (who->impersonating()) co_return error_response(impersonation::refused_while_impersonating());
    auto r = co_await actions.create_billing_account(*who, *id);
    if (!r) co_return error_response(r.error());
    http_response res;
    json_writer(res.body).begin_object().member("byllAccountId", *r).member("message", "Dein Byll-Konto ist eröffnet.").end_object();
    co_return res;
}

task<http_response> get_byll_login(request_context& ctx, candidate_actions_actor& actions) {
    auto id = id_param(ctx);
    if (!id) co_return not_found();
    auto who = co_await auth::authenticate(ctx);
    if (!who) co_return error_response(who.error());
    if (who->impersonating()) co_return error_response(impersonation::refused_while_impersonating());
    auto r = co_await actions.billing_login(*who, *id);
    if (!r) co_return error_response(r.error());
    http_response res;
    json_writer(res.body).begin_object().member("url", *r).end_object();
    co_return res;
}

// ---- dashboard ---------------------------------------------------------------------------------------

task<http_response> get_dashboard(request_context& ctx, candidate_actions_actor& actions) {
    auto id = id_param(ctx);
    if (!id) co_return not_found();
    auto who = co_await auth::authenticate(ctx);
    if (!who) co_return error_response(who.error());
    auto r = co_await actions.dashboard(*who, *id);
    if (!r) co_return error_response(r.error());
    http_response res;
    json_writer(res.body)
        .begin_object()
        .member("applications", r->applications)
        .member("favorites", r->favorites)
        .member("numLogins", r->num_logins)
        .key("pbCoins")
        .begin_object()
        .member("total", r->coins_total)
        .member("currentMonth", r->coins_current_month)
        .member("lastMonth", r->coins_last_month)
        .end_object()
        .member("created", r->created)
        .member("lastDataUpdate", r->last_data_update)
        .member("lastImageUpdate", r->last_image_update)
        .member("lastLogin", r->last_login)
        .end_object();
    co_return res;
}

}  // namespace

void register_candidate_actions_routes(router& r, actor_of<candidate_actions_actor> actions) {
    route_options small{small_body};
    r.add(http_method::post, "/api/job_postings/{id}/apply", with_actor(actions, post_apply), small);
    r.add(http_method::get, "/api/applications/my", with_actor(actions, get_my_applications));
    r.add(http_method::patch, "/api/admin/applications/{id}/status", with_actor(actions, patch_application_status), small);
    r.add(http_method::post, "/api/candidate_profiles/register_and_apply_on_job", with_actor(actions, post_register_and_apply), small);

    r.add(http_method::post, "/api/job_postings/{id}/favor", with_actor(actions, post_favor), small);
    r.add(http_method::post, "/api/job_postings/{id}/unfavor", with_actor(actions, post_unfavor), small);
    r.add(http_method::post, "/api/job_postings/{id}/auto_favor", with_actor(actions, post_auto_favor), small);
    r.add(http_method::get, "/api/favorites/my", with_actor(actions, get_my_favorites));

    r.add(http_method::post, "/api/job_alerts", with_actor(actions, post_job_alert), small);
    r.add(http_method::patch, "/api/job_alerts/{id}", with_actor(actions, patch_job_alert), small);
    r.add(http_method::post, "/api/job_alerts/{id}/delete", with_actor(actions, post_job_alert_delete), small);
    r.add(http_method::patch, "/api/job_alerts/{id}/confirm", with_actor(actions, patch_job_alert_confirm), small);
    r.add(http_method::patch, "/api/job_alerts/{id}/pause", with_actor(actions, patch_job_alert_pause), small);
    r.add(http_method::patch, "/api/job_alerts/{id}/unpause", with_actor(actions, patch_job_alert_unpause), small);
    r.add(http_method::get, "/api/candidate_accounts/{id}/job_alerts", with_actor(actions, get_account_job_alerts));
    // POST only (a link preview or a mail scanner must not unsubscribe): GET answers 405.
    r.add(http_method::post, "/api/job_alerts/unsubscribe/{token}", with_actor(actions, unsubscribe_job_alert), small);

    r.add(http_method::post, "/api/organization_star_ratings", with_actor(actions, post_rating), small);
    r.add(http_method::del, "/api/organization_star_ratings/{id}", with_actor(actions, delete_rating));
    r.add(http_method::get, "/api/organizations/{id}/star_ratings", with_actor(actions, get_organization_ratings));
    r.add(http_method::get, "/api/candidate_accounts/{id}/star_ratings", with_actor(actions, get_account_ratings));

    r.add(http_method::post, "/api/organizations/{id}/contact/user", with_actor(actions, post_contact_user), small);
    r.add(http_method::post, "/api/organizations/{id}/contact/visitor", with_actor(actions, post_contact_visitor), small);
    r.add(http_method::post, "/api/project_contact", with_actor(actions, post_project_contact), small);
    r.add(http_method::post, "/api/general_contact", with_actor(actions, post_general_contact), small);
    r.add(http_method::post, "/api/forms/{formId}", with_actor(actions, post_form), small);
    r.add(http_method::post, "/api/forms/{formId}/confirm", with_actor(actions, post_newsletter_confirm), small);

    r.add(http_method::post, "/api/organization_member/register", with_actor(actions, post_organization_member_register), small);

    r.add(http_method::get, "/api/legacy_billing", with_actor(actions, get_invoices));
    r.add(http_method::get, "/api/legacy_billing/print/{id}", with_actor(actions, get_invoice_print));
    r.add(http_method::patch, "/api/candidate_accounts/{id}/create_byll_account", with_actor(actions, patch_create_byll_account), small);
    r.add(http_method::get, "/api/candidate_accounts/{id}/byll_login", with_actor(actions, get_byll_login));

    r.add(http_method::get, "/api/candidate_account/{id}/dashboard", with_actor(actions, get_dashboard));
}

}  // namespace jh
