// multi_search_routes.cpp: the search-engine style multi-search of the site shell
// (site-shell-and-providers.md section 7): several searches over job postings and organizations in
// one POST, answered from PostgreSQL full-text search (German configuration, folded, title above
// activities above text) by the same code as GET /api/job_postings and GET /api/organizations.
//
//   POST /api/multi_search
//   {"searches": [
//      {"collection": "job_postings", "q": "Promotion Hamburg", "page": 1, "per_page": 20,
//       "jobType": "promotionjobs", "activity": ["promotion"], "lat": 52.52, "lon": 13.4, "distance": 50, ...},
//      {"collection": "organizations", "q": "Hanse", "page": 1, "per_page": 5}]}
//
// A job search takes every filter of GET /api/job_postings as a member (arrays for the list
// filters). The answer has one result per search, in order:
//   {"results": [{"collection": "job_postings", "found": 675, "found_capped": false, "page": 1,
//                 "per_page": 20, "hits": [{"document": {...JobPosting card...}}]}, ...]}
// Bad input anywhere (not JSON, not an object, no searches, more than 10 searches, an unknown
// collection, a filter the list would refuse, a text over 1000 bytes) is 400 for the whole call.
#include <charconv>
#include <cstdlib>
#include <string>

#include "actors/jobs/jobs_actor.h"
#include "actors/jobs/job_json.h"
#include "actors/organizations/organization_json.h"
#include "actors/organizations/organizations_actor.h"
#include "actors/route.h"
#include "reactor/auth.h"
#include "reactor/http_pipeline.h"
#include "reactor/json_body.h"
#include "reactor/json_writer.h"
#include "reactor/loop_context.h"
#include "reactor/router.h"
#include "search/job_filter.h"

namespace jh {

namespace {

constexpr std::size_t max_searches = 10;
constexpr std::int64_t max_body_bytes = 256 * 1024;

// A scalar JSON value as query text; nullopt for objects, arrays and null.
std::optional<std::string> scalar_text(simdjson::dom::element e) {
    switch (e.type()) {
        case simdjson::dom::element_type::STRING: return std::string(std::string_view(e));
        case simdjson::dom::element_type::INT64: return std::to_string(std::int64_t(e));
        case simdjson::dom::element_type::UINT64: return std::to_string(std::uint64_t(e));
        case simdjson::dom::element_type::DOUBLE: {
            char buf[32];
            auto [p, ec] = std::to_chars(buf, buf + sizeof buf, double(e));
            return std::string(buf, p);
        }
        case simdjson::dom::element_type::BOOL: return bool(e) ? "1" : "0";
        default: return std::nullopt;
    }
}

struct one_search {
    std::string collection;
    search::filter_params params;   // the search's members, as a list request's parameters
    std::optional<std::string> q;
    int page = 1, per_page = 20;
};

result<one_search> read_search(simdjson::dom::object obj) {
    one_search s;
    auto bad = [](std::string m) { return std::unexpected(app_error::make(error_kind::bad_request, std::move(m))); };
    for (auto [key, value] : obj) {
        std::string k(key);
        if (k == "collection") {
            auto v = scalar_text(value);
            if (!v) return bad("collection muss job_postings oder organizations sein.");
            s.collection = *v;
            continue;
        }
        if (k == "query_by" || k == "filter_by" || k == "sort_by" || k == "include_fields" || k == "exclude_fields")
            continue;   // search-engine options without a meaning here
        if (k == "per_page") k = "itemsPerPage";
        if (value.type() == simdjson::dom::element_type::ARRAY) {
            std::size_t n = 0;
            for (auto item : simdjson::dom::array(value)) {
                if (++n > search::max_list_values + 1) return bad("Zu viele Werte für " + k + ".");
                auto v = scalar_text(item);
                if (!v) return bad(k + " darf nur Zahlen oder Texte enthalten.");
                s.params.add(k.ends_with("[]") ? k : k + "[]", std::move(*v));
            }
            continue;
        }
        auto v = scalar_text(value);
        if (!v) {
            if (value.type() == simdjson::dom::element_type::NULL_VALUE) continue;
            return bad(k + " muss eine Zahl, ein Text oder eine Liste sein.");
        }
        s.params.add(std::move(k), std::move(*v));
    }
    if (s.collection != "job_postings" && s.collection != "organizations")
        return bad("collection muss job_postings oder organizations sein.");
    return s;
}

// One search's page of a collection, as the search client reads it:
// "found", "found_capped", "page", "per_page" and "hits": [{"document": …}], each document written
// by `write_document`.
template <typename Page, typename Write>
void write_hits(json_writer& w, const Page& page, Write write_document) {
    w.member("found", page.total)
        .member("found_capped", page.capped)
        .member("page", page.page)
        .member("per_page", page.items_per_page)
        .key("hits")
        .begin_array();
    for (const auto& item : page.items) {
        w.begin_object().key("document");
        write_document(item);
        w.end_object();
    }
    w.end_array();
}

task<http_response> post_multi_search(request_context& ctx, jobs_actor& jobs, organizations_actor& organizations) {
    simdjson::dom::array list;
    if (ctx.body["searches"].get_array().get(list)) co_return error_response(400, "searches muss eine Liste von Suchen sein.");
    if (list.size() == 0) co_return error_response(400, "searches ist leer.");
    if (list.size() > max_searches) co_return error_response(400, "Höchstens 10 Suchen auf einmal.");

    // Read and check every search before running any.
    std::vector<one_search> searches;
    std::vector<search::job_filter> filters;
    bool needs_identity = false;
    for (auto item : list) {
        simdjson::dom::object obj;
        if (item.get_object().get(obj)) co_return error_response(400, "Jede Suche ist ein Objekt.");
        auto s = read_search(obj);
        if (!s) co_return error_response(s.error());
        // The search's members are read by the job filter of GET /api/job_postings (search/job_filter.h).
        if (s->collection == "job_postings") {
            ROUTE_TRY(auto f, bad_request_unless(search::read_job_filter(s->params)));
            needs_identity = needs_identity || f.not_yet_applied_to || f.recommend_days;
            filters.push_back(std::move(f));
        } else {
            auto q = s->params.first("q");
            if (q && q->size() > search::max_text_bytes) co_return error_response(400, "Der Suchtext ist zu lang (höchstens 1000 Zeichen).");
            if (q && q->find_first_not_of(" \t") != std::string::npos) s->q = std::move(q);
            auto parse_count = [&](const char* name, int lo, int hi, int& out) -> bool {
                auto v = s->params.first(name);
                if (!v || v->empty()) return true;
                char* end = nullptr;
                long n = std::strtol(v->c_str(), &end, 10);
                if (*end || n < lo || n > hi) return false;
                out = static_cast<int>(n);
                return true;
            };
            if (!parse_count("page", 1, 1000000, s->page) || !parse_count("itemsPerPage", 1, 100, s->per_page))
                co_return error_response(400, "page und per_page müssen positive Zahlen sein (per_page höchstens 100).");
            filters.emplace_back();   // keeps indexes aligned
        }
        searches.push_back(std::move(*s));
    }

    std::optional<std::int64_t> candidate;
    if (needs_identity) {
        ROUTE_TRY(auto who, co_await ask_caller(ctx));
        if (who) candidate = (who)->account_id;
        for (const auto& f : filters)
            if (f.not_yet_applied_to && !candidate) co_return error_response(401, "Bitte melde dich an.");
    }

    http_response res;
    json_writer w(res.body);
    w.begin_object().key("results").begin_array();
    for (std::size_t i = 0; i < searches.size(); ++i) {
        const auto& s = searches[i];
        w.begin_object().member("collection", s.collection);
        if (s.collection == "job_postings") {
            ROUTE_TRY(auto page, co_await jobs.search(std::move(filters[i]), candidate));
            std::string locations;
            write_hits(w, page, [&](const auto& card) { jobs::write_card(w, card, locations); });
        } else {
            ROUTE_TRY(auto found, co_await organizations.list(s.q, s.page, s.per_page));
            write_hits(w, found, [&](const auto& organization) { organizations::write_organization(w, organization, true); });
        }
        w.end_object();
    }
    w.end_array().end_object();
    co_return res;
}

}  // namespace

void register_search_routes(router& r, actor_of<jobs_actor> jobs, actor_of<organizations_actor> organizations) {
    // Asks two actors: the handler gets both of its loop.
    auto search = [jobs, organizations](request_context& ctx) { return post_multi_search(ctx, jobs(ctx.loop), organizations(ctx.loop)); };
    r.add(http_method::post, "/api/multi_search",
          {.who = access::account_on_demand, .body = body_kind::json, .cache = cache_kind::no_store, .rate = no_rate_limit,
           .max_body_bytes = max_body_bytes},
          search);
}

}  // namespace jh
