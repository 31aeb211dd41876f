// places_actor.h: the geocoding domain: the offline gazetteer of German, Austrian and Swiss places
// (migrations/0012_places.sql, 0013_places_data.sql; data © GeoNames, CC BY 4.0).
//
// Three calls, as the job search's location field needs them (site-shell-and-providers.md
// section 7, "Geocoding"): autocomplete (text → suggestions, ranked by folded trigram word
// similarity, then city before district, then population), reverse (a point → the nearest town
// within 30 km) and details (id → the place). Only de, at and ch exist in the table, and the
// calls restrict to those countries again, so nothing else is ever returned. The ranking lives in
// SQL functions (jh_places_autocomplete, jh_places_reverse) so every caller ranks the same way.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "reactor/answer_cache.h"
#include "reactor/app_error.h"
#include "reactor/task.h"

namespace jh {

struct loop_context;

struct place_view {
    std::int64_t id = 0;
    std::string name;           // German name
    std::string label;          // "München, Bayern, Deutschland"
    std::string kind;           // "city" or "district"
    std::string state;
    std::string state_code;     // ISO 3166-2 (details only)
    std::string country;        // de, at, ch
    double lat = 0, lon = 0;
    std::int64_t population = 0;
    std::string slug;           // details only
    std::optional<std::string> postal_code;        // details only (the data has none yet)
    std::optional<std::string> municipality_key;   // details only
    std::optional<std::int64_t> parent_id;         // district → its city (details only)
    std::optional<double> distance_m;              // reverse only
};

struct autocomplete_query {
    std::string text;                                   // user input; the SQL uses its first 100 characters
    int limit = 10;                                     // 1..20
    std::vector<std::string> countries{"de", "at", "ch"};
    std::vector<std::string> kinds{"city"};             // type=city (default), district or all
};

class places_actor {
public:
    explicit places_actor(loop_context& loop) : loop_(loop) {}

    task<result<std::vector<place_view>>> autocomplete(autocomplete_query q);
    // nullopt: no town within 30 km (the point is outside DE/AT/CH or in the sea).
    task<result<std::optional<place_view>>> reverse(double lat, double lon);
    // not_found when there is no such place.
    task<result<place_view>> details(std::int64_t id);

    // The loop's autocomplete answers by their query (reactor/answer_cache.h). Places change only
    // with a migration (0013), so an answer is kept for the hour its Cache-Control promises. 2 MB.
    answer_cache& kept_answers() noexcept { return answers_; }
    static constexpr answer_freshness kept_freshness{std::chrono::hours(1), std::chrono::milliseconds(0)};
    static constexpr std::uint64_t places_version = 1;   // the places of this deploy

private:
    loop_context& loop_;
    answer_cache answers_{2u << 20};
};

}  // namespace jh
