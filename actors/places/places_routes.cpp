// places_routes.cpp: the geocoding calls of the job search's location field.
//
//   GET /api/places/autocomplete?text=Muench[&type=city|district|all][&countries=de,at,ch][&language=de][&limit=10]
//   GET /api/places/reverse?lat=52.52&lon=13.40
//   GET /api/places/{id}
//
// Answers: autocomplete is a hydra list of Place items; reverse and details are one Place
// (reverse: 404 when no town is within 30 km, e.g. a point outside DE/AT/CH). Bad input (missing
// or over-long text, a country other than de/at/ch, a language other than de, coordinates out of
// range, a non-numeric id) is 400; nothing here can make a slow query: the text is cut to 100
// characters in SQL and the limit is at most 20.
#include <string>

#include "actors/places/places_actor.h"
#include "actors/route.h"
#include "actors/route_table.h"
#include "reactor/http_pipeline.h"
#include "reactor/json_writer.h"
#include "reactor/router.h"
#include "search/query_values.h"

namespace jh {

namespace {

constexpr std::size_t max_text_bytes = 1000;

void write_place(json_writer& w, const place_view& p, bool details) {
    begin_resource(w, "/api/places/", "Place", p.id)
        .member("name", p.name)
        .member("label", p.label)
        .member("type", p.kind)
        .member("state", p.state)
        .member("country", p.country)
        .member("lat", p.lat)
        .member("lon", p.lon)
        .member("population", p.population);
    if (p.distance_m) w.member("distance", *p.distance_m);
    if (details) {
        w.member("stateCode", p.state_code)
            .member("slug", p.slug)
            .member("postalCode", p.postal_code)
            .member("municipalityKey", p.municipality_key);
        w.key("parent");
        if (p.parent_id) w.value("/api/places/" + std::to_string(*p.parent_id));
        else w.null();
    }
    w.end_object();
}

// "de,at" → {"de", "at"}; nullopt when an entry is not de, at or ch.
std::optional<std::vector<std::string>> parse_countries(std::string_view s) {
    std::vector<std::string> out;
    while (!s.empty()) {
        auto comma = s.find(',');
        std::string c(s.substr(0, comma));
        for (auto& ch : c) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        if (c != "de" && c != "at" && c != "ch") return std::nullopt;
        out.push_back(std::move(c));
        if (comma == std::string_view::npos) break;
        s.remove_prefix(comma + 1);
    }
    if (out.empty()) return std::nullopt;
    return out;
}

task<http_response> get_autocomplete(request_context& ctx, places_actor& places) {
    const auto now = std::chrono::steady_clock::now();
    if (auto kept = places.kept_answers().find(ctx.req.query, places_actor::places_version, places_actor::kept_freshness, now))
        co_return answer_from(*kept, ctx.req);
    autocomplete_query q;
    auto text = ctx.req.query_param("text");
    if (!text) text = ctx.req.query_param("q");
    if (!text || text->find_first_not_of(" \t") == std::string::npos)
        co_return error_response(400, "Bitte gib einen Ort oder eine Postleitzahl ein (Parameter text).");
    if (text->size() > max_text_bytes) co_return error_response(400, "Der Suchtext ist zu lang.");
    q.text = std::move(*text);
    if (auto lang = ctx.req.query_param("language"); lang && *lang != "de")
        co_return error_response(400, "Orte gibt es nur auf Deutsch (language=de).");
    if (auto type = ctx.req.query_param("type")) {
        if (*type == "city" || *type == "(cities)" || *type == "cities") q.kinds = {"city"};
        else if (*type == "district") q.kinds = {"district"};
        else if (*type == "all") q.kinds = {"city", "district"};
        else co_return error_response(400, "type muss city, district oder all sein.");
    }
    auto countries = ctx.req.query_param("countries");
    if (countries) {
        auto list = parse_countries(*countries);
        if (!list) co_return error_response(400, "Orte gibt es nur in Deutschland, Österreich und der Schweiz (de, at, ch).");
        q.countries = std::move(*list);
    }
    if (auto limit = ctx.req.query_param("limit")) {
        auto n = search::parse_int(*limit);
        if (!n || *n < 1 || *n > 20) co_return error_response(400, "limit muss zwischen 1 und 20 liegen.");
        q.limit = static_cast<int>(*n);
    }
    ROUTE_TRY(auto found, co_await places.autocomplete(std::move(q)));
    http_response res;
    json_writer w(res.body);
    w.begin_object().key("hydra:member").begin_array();
    for (const auto& p : found) write_place(w, p, false);
    w.end_array().member("hydra:totalItems", static_cast<std::int64_t>(found.size())).end_object();
    res.header("Cache-Control", std::string(cache_control(cache_kind::public_hour)));
    if (auto kept = places.kept_answers().keep(std::string(ctx.req.query), places_actor::places_version, res, now)) co_return answer_from(*kept, ctx.req);
    co_return res;
}

task<http_response> get_reverse(request_context& ctx, places_actor& places) {
    auto lat_text = ctx.req.query_param("lat"), lon_text = ctx.req.query_param("lon");
    if (!lon_text) lon_text = ctx.req.query_param("lng");
    std::optional<double> lat = lat_text ? search::parse_number(*lat_text) : std::nullopt;
    std::optional<double> lon = lon_text ? search::parse_number(*lon_text) : std::nullopt;
    if (!lat || !lon || !search::valid_lat(*lat) || !search::valid_lon(*lon))
        co_return error_response(400, "lat und lon müssen gültige Koordinaten sein.");
    ROUTE_TRY(auto found, co_await places.reverse(*lat, *lon));
    if (!found) co_return error_response(404, "An dieser Position ist kein Ort in Deutschland, Österreich oder der Schweiz bekannt.");
    co_return json_response(200, *found, [](json_writer& w, const place_view& p) { write_place(w, p, false); });
}

task<http_response> get_place(request_context& ctx, places_actor& places) {
    ROUTE_TRY(auto id, path_id(ctx, "id", "Diesen Ort gibt es nicht."));
    ROUTE_TRY(auto found, co_await places.details(id));
    auto res = json_response(200, found, [](json_writer& w, const place_view& p) { write_place(w, p, true); });
    co_return res;
}

}  // namespace

void register_places_routes(router& r, actor_of<places_actor> places) {
    add_routes(r, places, {
        {http_method::get, "/api/places/autocomplete", public_cached(cache_kind::public_hour), get_autocomplete},
        {http_method::get, "/api/places/reverse", public_read, get_reverse},
        {http_method::get, "/api/places/{id}", public_cached(cache_kind::public_day), get_place},
    });
}

}  // namespace jh
