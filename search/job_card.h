// job_card.h: what a job list shows of a job (the columns of jh_job_cards,
// migrations/repeatable/R__jh_job_cards.sql), and the form the in-memory index keeps it in, so a
// page of search results is answered without asking PostgreSQL for its cards. The only part of a
// card that depends on the search is the distance to the searched point (per location and the
// nearest); a kept card holds each location's JSON up to its "distance" member and the location's
// earth point, and `kept_card::near` finishes it with the same float8 arithmetic as PostgreSQL's
// earth_distance and round().
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
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

// A card's fields as a writer reads them (the JSON of a list, a page's HTML), without copying
// them: views into a job_card, or into a kept_card, its pool and the caller's buffer for the
// locations' JSON (valid while those live and the buffer is not reused).
struct card_view {
    std::int64_t id = 0, organization_id = 0;
    std::string_view slug, title, teaser, organization_name, organization_slug, salary_currency;
    std::optional<std::string_view> base_salary, salary_unit, location_description, valid_through;
    bool has_logo = false, is_published = false, top_job = false, instant_teaser_job = false, top_offer = false, sponsored = false,
         opportunity = false;
    std::string_view published_at, created_at, activities_json, employment_types_json, locations_json, tags_json;
    std::optional<double> distance_m;
    // None of the texts written as JSON strings (slug, title, teaser, the organization's name and
    // slug, salary unit and currency, location description, the times) needs an escape
    // (json_text_needs_no_escape): the writer copies them as they are. Set by a kept card.
    bool texts_need_no_escape = false;
};

card_view view_of(const job_card& card) noexcept;
// The view's fields copied into a card of its own (a card that outlives the page it came from).
job_card card_of(const card_view& view);

// The texts many cards share (an organization's name and slug, the activities' and employment
// types' JSON of a combination, tags, the salary's unit and currency, the place description),
// stored once. Only the index thread interns; a card keeps pointers to the pool's strings, which
// never move or change (node-based set, nothing is erased), so loop threads read them while the
// index thread adds more. A full load starts a new pool: strings of edited jobs do not pile up
// for longer than until the next full load.
class card_strings {
public:
    const std::string* intern(std::string_view s);
    std::size_t size() const noexcept { return strings_.size(); }
    std::size_t memory_bytes() const noexcept;

private:
    std::unordered_set<std::string, string_view_hash, std::equal_to<>> strings_;
};

// A card's texts that its caller interned into the pool already (a full load: per organization and
// list once, not per card); null where kept_card interns the card's own text.
struct interned_card_texts {
    const std::string *organization_name = nullptr, *organization_slug = nullptr, *activities_json = nullptr, *employment_types_json = nullptr;
};

// A card as the index keeps it, packed: its text fields one after another in one buffer (one
// allocation instead of some twenty strings: this is most of what the index keeps per job), the
// flags in bits, and per location its JSON object up to the value of "distance" (a piece of the
// buffer) and its earth point, so a search around a point can finish the distances.
class kept_card {
public:
    // `card` as read without a point (every "distance" null); `points`: its locations' earth
    // points (job_posting_locations.geo, null without coordinates) in the card's order (sort_order,
    // id). The distances are known when the locations' JSON splits into exactly those objects and
    // joining the pieces again gives back the exact text; else the card answers only without a point.
    // The shared pieces are interned into `pool`, which the card keeps alive; those in `interned`
    // (strings of `pool` already) are taken as they are, and the card's own copies of them unread.
    kept_card(const job_card& card, const std::vector<std::optional<earth_point>>& points, const std::shared_ptr<card_strings>& pool,
              const interned_card_texts& interned = {});
    // Held through shared_ptr only: a moved-from card would keep its counts over no block.
    kept_card(kept_card&&) = delete;
    kept_card& operator=(kept_card&&) = delete;

    std::int64_t id() const noexcept { return id_; }
    bool distances_known() const noexcept { return distances_known_; }
    // The card as jh_job_cards(ARRAY[id], lat, lon) returns it for a search around `point` (none:
    // every distance null). Requires distances_known() when a point is given.
    job_card near(const std::optional<earth_point>& point) const;
    // The same card as views into this card and its pool, without a string per field: what a page
    // of results is written from. The locations' JSON (it depends on the point) is written into
    // `locations`, which the view then points into.
    card_view view_near(const std::optional<earth_point>& point, std::string& locations) const;

private:
    // Inline: a page's cards read about twenty pieces each.
    std::string_view piece(std::size_t i) const noexcept {
        const std::uint32_t* ends = ends_begin();
        const std::uint32_t from = i == 0 ? 0 : ends[i - 1];
        return std::string_view(text_begin() + from, ends[i] - from);
    }
    // The block: the points, then the ends, then the text (each element aligned for the next).
    const earth_point* points_begin() const noexcept { return reinterpret_cast<const earth_point*>(block_.get()); }
    const std::uint32_t* ends_begin() const noexcept {
        return reinterpret_cast<const std::uint32_t*>(block_.get() + points_ * sizeof(earth_point));
    }
    const char* text_begin() const noexcept { return reinterpret_cast<const char*>(ends_begin() + ends_); }
    std::optional<std::string_view> optional_view(std::size_t i) const noexcept;
    std::optional<std::string_view> shared_view(std::size_t i) const noexcept;
    // Writes the locations' JSON for a search around `point` into `out`; the nearest distance.
    std::optional<double> locations_near(const std::optional<earth_point>& point, std::string& out) const;

    // One allocation, as every live job keeps a card (186,000 at 200,000 seeded jobs; a string and
    // two vectors were about 100 bytes more each): per location (distances known) its earth point
    // (x NaN: without coordinates); where each piece ends; its own pieces (job_card.cpp: `piece`),
    // then the locations' heads.
    std::unique_ptr<std::byte[]> block_;
    std::uint32_t points_ = 0, ends_ = 0;
    std::shared_ptr<const card_strings> pool_;
    std::array<const std::string*, 8> shared_{};    // the pieces kept in pool_ (job_card.cpp: `shared`)
    std::int64_t id_ = 0, organization_id_ = 0;
    std::uint8_t flags_ = 0, nulls_ = 0;
    bool distances_known_ = false;
};

// True when a JSON writer writes `s` as a string unchanged: no control character (< 0x20), '"' or
// '\\', and valid UTF-8 (reactor/json_writer.cpp's escape_into turns an invalid byte into U+FFFD);
// the same rules as escape_into, which search/ does not see. Checked against it in job_card_json_test.
bool json_text_needs_no_escape(std::string_view s) noexcept;
// The card's texts that the JSON writes as strings (card_view::texts_need_no_escape) need no escape.
bool texts_need_no_escape(const job_card& card) noexcept;

// The card's teaser from the first line of the description (split_part(description, E'\n', 1)):
// = left(regexp_replace(line, '\s+', ' ', 'g'), 200). `unicode_spaces`: the database's regex
// locale is not C, so \s is iswspace() of glibc's UTF-8 tables (PostgreSQL's PG_REGEX_LOCALE_WIDE),
// else ASCII's six spaces only. Computing this in PostgreSQL was a third of a full load's card time.
std::string teaser_of(std::string_view first_line, bool unicode_spaces);

// = earth_distance(a, b) of the earthdistance extension: sec_to_gc(cube_distance(a, b)).
double earth_distance(const earth_point& a, const earth_point& b) noexcept;

}  // namespace jh::search
