// job_card.h: what a job list shows of a job (the columns of jh_job_cards,
// migrations/repeatable/R__jh_job_cards.sql), and the form the in-memory index keeps it in, so a
// page of search results is answered without asking PostgreSQL for its cards. The only part of a
// card that depends on the search is the distance to the searched point (per location and the
// nearest); a kept card holds each location's JSON up to its "distance" member and the location's
// earth point, and `card_near` finishes it with the same float8 arithmetic as PostgreSQL's
// earth_distance and round().
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "search/job_index.h"

namespace jh::search {

// JSON members (activities, employment types, locations, tags) are JSON text as PostgreSQL wrote it.
struct job_card {
    std::int64_t id = 0;
    std::string slug, title, teaser;
    std::int64_t organization_id = 0;
    std::string organization_name, organization_slug;
    bool has_logo = false;
    std::optional<std::string> base_salary, salary_unit;   // base_salary: a decimal number as text
    std::string salary_currency;
    std::optional<std::string> location_description;
    bool is_published = false, top_job = false, instant_teaser_job = false, top_offer = false, sponsored = false,
         opportunity = false;
    std::string published_at, created_at;
    std::optional<std::string> valid_through;
    std::string activities_json = "[]", employment_types_json = "[]", locations_json = "[]", tags_json = "[]";
    std::optional<double> distance_m;
};

// A card as the index keeps it: read without a point (no distances), plus what a point needs.
struct kept_card {
    job_card card;
    struct location {
        std::string json_head;                  // its JSON object up to the value of "distance"
        std::optional<earth_point> at;          // job_posting_locations.geo (null without coordinates)
    };
    std::vector<location> locations;
    bool distances_known = false;               // locations split and checked: card_near can answer with a point
                                                // (card.locations_json is then empty: the pieces are the text)
};

// = earth_distance(a, b) of the earthdistance extension: sec_to_gc(cube_distance(a, b)).
double earth_distance(const earth_point& a, const earth_point& b) noexcept;

// Splits `k.card.locations_json` (read with no point, so every "distance" is null) into its
// objects and pairs them with `points` (the job's locations in the same order, sort_order and id).
// Sets distances_known only when joining the pieces again gives back the exact text.
void split_locations(kept_card& k, std::vector<std::optional<earth_point>> points);

// The card as jh_job_cards(ARRAY[id], lat, lon) returns it for a search around `point` (none:
// every distance null). Requires distances_known when a point is given.
job_card card_near(const kept_card& k, const std::optional<earth_point>& point);

}  // namespace jh::search
