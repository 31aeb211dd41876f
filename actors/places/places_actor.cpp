// places_actor.cpp: see places_actor.h.
#include "actors/places/places_actor.h"

#include "actors/pg_columns.h"
#include "actors/pg_rows.h"
#include "reactor/loop_context.h"
#include "reactor/try.h"

namespace jh {

namespace {

// Arrays are bound as PostgreSQL array literals of known-safe tokens (the route allows only
// de/at/ch and city/district), so no quoting is needed.
std::string text_array(const std::vector<std::string>& v) {
    std::string out = "{";
    for (std::size_t i = 0; i < v.size(); ++i) out += (i ? "," : "") + v[i];
    return out + "}";
}

// id, name, label, kind, state, country, lat, lon, population: the columns every place query starts with.
place_view read_common(const pg::result_set& r, int row) {
    place_view p;
    read_columns(r, row, 0, p, &place_view::id, &place_view::name, &place_view::label, &place_view::kind, &place_view::state,
                 &place_view::country, &place_view::lat, &place_view::lon, &place_view::population);
    return p;
}

}  // namespace

task<result<std::vector<place_view>>> places_actor::autocomplete(autocomplete_query q) {
    pg::params p;
    p.add(q.text).add(q.limit).add(text_array(q.countries)).add(text_array(q.kinds));
    CO_TRY(auto r, co_await loop_.pg.read(
        "SELECT id, name, label, kind, state, country, lat, lon, population "
        "FROM jh_places_autocomplete($1::text, $2::int, $3::text[], $4::text[]) "
        "WHERE country IN ('de', 'at', 'ch')",
        std::move(p)));
    co_return rows_of(r, read_common);
}

task<result<std::optional<place_view>>> places_actor::reverse(double lat, double lon) {
    pg::params p;
    p.add(lat).add(lon);
    CO_TRY(auto r, co_await loop_.pg.read(
        "SELECT id, name, label, kind, state, country, lat, lon, population, distance_m "
        "FROM jh_places_reverse($1::float8, $2::float8, 30000) WHERE country IN ('de', 'at', 'ch')",
        std::move(p)));
    if (r.rows() == 0) co_return std::optional<place_view>{};
    place_view v = read_common(r, 0);
    v.distance_m = r.number(0, 9);
    co_return std::optional<place_view>{std::move(v)};
}

task<result<place_view>> places_actor::details(std::int64_t id) {
    pg::params p;
    p.add(id);
    CO_TRY(auto r, co_await loop_.pg.read(
        "SELECT id, name, label, kind, state, country, lat, lon, population, "
        "       state_code, slug, postal_code, municipality_key, parent_id "
        "FROM places WHERE id = $1::bigint AND country IN ('de', 'at', 'ch')",
        std::move(p)));
    if (r.rows() == 0) co_return std::unexpected(app_error::make(error_kind::not_found, "Diesen Ort gibt es nicht."));
    place_view v = read_common(r, 0);
    v.state_code = r.text(0, 9);
    v.slug = r.text(0, 10);
    if (!r.is_null(0, 11)) v.postal_code = std::string(r.text(0, 11));
    if (!r.is_null(0, 12)) v.municipality_key = std::string(r.text(0, 12));
    if (!r.is_null(0, 13)) v.parent_id = r.int64(0, 13);
    co_return v;
}

}  // namespace jh
