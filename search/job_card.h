// job_card.h: what a job list shows of a job (the columns of jh_job_cards,
// migrations/repeatable/R__jh_job_cards.sql), and the form the in-memory index keeps it in, so a
// page of search results is answered without asking PostgreSQL for its cards. The only part of a
// card that depends on the search is the distance to the searched point (per location and the
// nearest); a kept card holds what each location's JSON says up to its "distance" member (its
// columns, search/pg_json.h) and the location's earth point, and `kept_card::near` finishes it with
// the same float8 arithmetic as PostgreSQL's earth_distance and round(). Its times are kept as
// numbers and written as to_json writes them.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "search/job_index.h"
#include "search/shared_block.h"

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
// stored once and numbered. Only the index thread interns; a card keeps the numbers (4 bytes
// each, not 8-byte pointers: every live job keeps eight) and a pointer to the pool. The strings
// never move or change (node-based map, nothing is erased) and the table of numbers grows in
// chunks that never move, so loop threads read them while the index thread adds more. A full load
// starts a new pool: strings of edited jobs do not pile up for longer than until the next full load.
class card_strings {
public:
    static constexpr std::uint32_t none = 0xFFFFFFFFU;   // no string (NULL)
    // A string of the pool and its number.
    struct text {
        const std::string* string = nullptr;
        std::uint32_t number = none;
    };
    // nullopt when the pool holds as many strings as it can number (16,777,216): the caller keeps
    // no card then (PostgreSQL answers for it) until the next full load starts a new pool.
    std::optional<text> intern(std::string_view s);
    // The string numbered `n` by intern().
    const std::string& at(std::uint32_t n) const noexcept { return *chunks_[n >> chunk_bits][n & chunk_mask]; }
    std::size_t size() const noexcept { return numbers_.size(); }
    std::size_t memory_bytes() const noexcept;

private:
    static constexpr unsigned chunk_bits = 12;
    static constexpr std::uint32_t chunk_mask = (1U << chunk_bits) - 1;
    static constexpr std::size_t max_chunks = 4096;
    std::unordered_map<std::string, std::uint32_t, string_view_hash, std::equal_to<>> numbers_;
    std::array<std::unique_ptr<const std::string*[]>, max_chunks> chunks_;
};

// A card's texts that its caller interned into the pool already (a full load: per organization and
// list once, not per card); none (a null string) where kept_card interns the card's own text.
struct interned_card_texts {
    card_strings::text organization_name, organization_slug, activities_json, employment_types_json;
};

// A card as the index keeps it, packed: its text fields one after another in one buffer (one
// allocation instead of some twenty strings: this is most of what the index keeps per job), the
// flags in bits, and per location the columns of its JSON object up to the value of "distance" and
// its earth point, so a search around a point can finish the distances. The block follows the card
// in the allocation of its shared_block (search/shared_block.h).
class kept_card {
public:
    // `card` as read without a point (every "distance" null); `points`: its locations' earth
    // points (job_posting_locations.geo, null without coordinates) in the card's order (sort_order,
    // id). The distances are known when the locations' JSON splits into exactly those objects and
    // joining the pieces again gives back the exact text; else the card answers only without a point.
    // The shared pieces are interned into `pool`, which must outlive the card (the index
    // generation that lists it holds it: index_generation::card_texts); those in `interned`
    // (strings of `pool` already) are taken as they are, and the card's own copies of them unread.
    // Null when the pool is full (card_strings::intern).
    static shared_block<kept_card> make(const job_card& card, const std::vector<std::optional<earth_point>>& points,
                                        const std::shared_ptr<card_strings>& pool, const interned_card_texts& interned = {});
    // Made by make() only: its block lies behind it.
    kept_card(const kept_card&) = delete;
    kept_card& operator=(const kept_card&) = delete;

    std::int64_t id() const noexcept { return id_; }
    bool distances_known() const noexcept { return distances_known_; }
    // The card as jh_job_cards(ARRAY[id], lat, lon) returns it for a search around `point` (none:
    // every distance null). Requires distances_known() when a point is given.
    job_card near(const std::optional<earth_point>& point) const;
    // The same card as views into this card and its pool, without a string per field: what a page
    // of results is written from. The texts the card keeps in another form (the locations' JSON,
    // which depends on the point, and the times) are written into `scratch`, which the view then
    // points into (valid until `scratch` is written again).
    card_view view_near(const std::optional<earth_point>& point, std::string& scratch) const;
    // The card's own bytes: its allocation (object, block and count of owners; not the pool's
    // shared texts, nor the allocator's header): what the server logs when its index is ready.
    std::size_t memory_bytes() const noexcept { return shared_block<kept_card>::node_bytes() + block_bytes(); }
    // Every part in its compact form (times as numbers, heads as records, points made again from
    // them, 16-bit ends): what the server logs of its cards when ready.
    bool compact() const noexcept { return form_ == 0; }

private:
    friend class shared_block<kept_card>;
    struct packing;   // job_card.cpp: what make() works out before the allocation
    kept_card() = default;   // make()'s fields before the allocation
    kept_card(std::span<std::byte> block, const packing& p);
    bool share(const job_card& c, card_strings& pool, const interned_card_texts& interned);
    static std::vector<std::string_view> split_heads(const job_card& c, std::size_t points);
    void pack(const job_card& c, packing& p);

    // How the card keeps its parts: most cards in the compact form (0); a bit for each part kept
    // another way, where the compact one would not give back the same bytes or does not fit.
    enum form_bit : std::uint8_t {
        times_as_text = 1,   // the three times as their text, not as numbers
        heads_as_text = 2,   // each location's head as its text, not as a record and five texts
        wide_ends = 4,       // the pieces' ends in 32 bits (a text of more than 65,535 bytes)
        points_kept = 8,     // each location's earth point kept, not made again from its record
    };
    // A location's head but for its texts (which are pieces of the block): what its JSON object up
    // to "distance" is written from again (search/pg_json.h, append_pg_location_head).
    struct location_record {
        std::int64_t id = 0;
        double lat = 0, lon = 0;
        std::int32_t place_id = 0;
        std::uint8_t nulls = 0;   // job_card.cpp, location_null: name, street, zipcode, place_id, point
    };
    // Inline: a page's cards read about twenty pieces each.
    std::uint32_t end_of(std::size_t i) const noexcept {
        if (form_ & wide_ends) return reinterpret_cast<const std::uint32_t*>(ends_begin())[i];
        return reinterpret_cast<const std::uint16_t*>(ends_begin())[i];
    }
    std::string_view piece(std::size_t i) const noexcept {
        const std::uint32_t from = i == 0 ? 0 : end_of(i - 1);
        return std::string_view(text_begin() + from, end_of(i) - from);
    }
    // The block: the points (points_kept), the locations' records (not heads_as_text), the times
    // (not times_as_text), the ends, then the text; each part's elements aligned for the next.
    std::size_t kept_points() const noexcept { return form_ & points_kept ? locations_ : 0; }
    std::size_t records() const noexcept { return form_ & heads_as_text ? 0 : locations_; }
    std::size_t times() const noexcept { return form_ & times_as_text ? 0 : 3; }
    std::size_t end_bytes() const noexcept { return form_ & wide_ends ? sizeof(std::uint32_t) : sizeof(std::uint16_t); }
    const earth_point* points_begin() const noexcept { return reinterpret_cast<const earth_point*>(tail_of(this)); }
    const location_record* records_begin() const noexcept {
        return reinterpret_cast<const location_record*>(tail_of(this) + kept_points() * sizeof(earth_point));
    }
    const std::int64_t* times_begin() const noexcept {
        return reinterpret_cast<const std::int64_t*>(reinterpret_cast<const std::byte*>(records_begin()) + records() * sizeof(location_record));
    }
    const std::byte* ends_begin() const noexcept { return reinterpret_cast<const std::byte*>(times_begin()) + times() * sizeof(std::int64_t); }
    const char* text_begin() const noexcept { return reinterpret_cast<const char*>(ends_begin() + ends_ * end_bytes()); }
    std::size_t block_bytes() const noexcept {
        return static_cast<std::size_t>(text_begin() - reinterpret_cast<const char*>(tail_of(this))) + end_of(ends_ - 1);
    }
    // The piece where the locations' pieces begin.
    std::size_t first_location_piece() const noexcept;
    std::optional<std::string_view> optional_view(std::size_t i, std::uint8_t null) const noexcept;
    std::optional<std::string_view> shared_view(std::size_t i) const noexcept;
    // Writes the locations' JSON for a search around `point` into `out`; the nearest distance.
    std::optional<double> locations_near(const std::optional<earth_point>& point, std::string& out) const;

    // Behind the card in one allocation, as every live job keeps a card (931,000 at 1,000,000
    // seeded jobs; a string and two vectors were about 100 bytes more each): per location
    // (distances known) its record and, where it cannot be made again from that, its earth point
    // (x NaN: without coordinates); the times; where each piece ends; its own pieces
    // (job_card.cpp: `at`), then the locations' texts. `locations_`: how many (0 when the
    // distances are not known: the locations' JSON is then one piece).
    std::uint32_t locations_ = 0, ends_ = 0;
    const card_strings* pool_ = nullptr;
    std::array<std::uint32_t, 8> shared_{};   // the numbers of the pieces kept in pool_ (job_card.cpp: `shared`)
    std::int64_t id_ = 0, organization_id_ = 0;
    std::uint8_t flags_ = 0, nulls_ = 0, form_ = 0;
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
