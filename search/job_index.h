// job_index.h: the in-memory job index. One immutable snapshot of every live job's search fields
// (publication time, activities, employment types, industries, organization, flags, places with
// their earth coordinates, the lexemes of its search vector), ordered newest first, answering the
// job search's filters with bitmaps: a filter is a bitmap over the jobs, their AND is the result,
// its popcount the total, its first set bits the newest page. Pure C++ (no libuv, no libpq): the
// server and the alerts worker build it from rows they read themselves. See docs/search.md.
//
// It answers exactly what jh_job_search (migrations/0016, 0018) answers: the same jobs, the same
// order, the same (capped) totals, including the SQL's own rules for counting place entries and for
// the nearest-first page of a crowded circle. It orders the newest text matches by relevance
// (ts_rank in C++) and by distance itself; only a window holding a job whose ranking text it does
// not keep (a search.index_cards bound below the catalogue) is handed back for PostgreSQL to order
// by primary key. Texts it cannot parse are not its job (the SQL search answers).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "search/big_array.h"
#include "search/job_payloads.h"
#include "search/shared_block.h"

namespace jh::search {

// PostgreSQL's earth (earthdistance): a point as x, y, z on a sphere of radius 6378168 m.
// jh_job_search (migration 0018) reads a circle wider than this many metres to the count cap, a
// narrower one only 5000 place entries; the index keeps that rule to give the same totals. It is
// the SQL's threshold, not the search's default radius (search/job_filter.h default_radius_m),
// although both are 50 km today.
inline constexpr double sql_wide_radius_m = 50000.0;
inline constexpr double earth_radius_m = 6378168.0;          // earth() of earthdistance
struct earth_point {
    double x = 0, y = 0, z = 0;
};
class kept_card;    // search/job_card.h
class job_text;     // search/text_rank.h
class term_order;   // search/term_order.h
struct renumbering; // search/doc_merge.h
earth_point earth_of(double lat, double lon) noexcept;         // = jh_earth(lat, lon)
double chord_of(double radius_m) noexcept;                      // = gc_to_sec(radius_m)
double cube_distance(const earth_point& a, const earth_point& b) noexcept;

enum job_flag : std::uint8_t { top_job = 1, instant_teaser_job = 2, top_offer = 4, sponsored = 8, opportunity = 16 };
inline constexpr std::array<job_flag, 5> all_flags{top_job, instant_teaser_job, top_offer, sponsored, opportunity};

// Hashes std::string keys and finds them by std::string_view (heterogeneous lookup, no copy).
struct string_view_hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>()(s); }
};

// Lexeme → term number. One dictionary serves the generations of one index (a term keeps its
// number), so a rebuild appends a job's term numbers instead of hashing its lexemes again; a
// generation holds the dictionary it was built with, which is never changed afterwards (the owner
// copies it before adding terms while a generation still uses it).
class term_dictionary {
public:
    term_dictionary() = default;
    term_dictionary(const term_dictionary& other);
    term_dictionary& operator=(const term_dictionary&) = delete;
    std::uint32_t intern(std::string_view lexeme);
    std::optional<std::uint32_t> find(std::string_view lexeme) const;
    // The lexeme of term number t (t < size()): a prefix search orders the terms by it.
    std::string_view lexeme(std::uint32_t t) const noexcept { return *lexemes_[t]; }
    std::size_t size() const noexcept { return numbers_.size(); }
    std::size_t memory_bytes() const noexcept;

private:
    std::unordered_map<std::string, std::uint32_t, string_view_hash, std::equal_to<>> numbers_;
    std::vector<const std::string*> lexemes_;   // by number: the map's keys (a node's key never moves)
};

// A query word matches every lexeme that begins with its own (tsquery's 'word':*), so "Promo"
// finds "Promotion"; a lexeme shorter than this matches only itself (one or two letters would
// be the union of thousands of words). jh_search_query applies the same rule (docs/search.md).
inline constexpr std::size_t prefix_min_letters = 3;
inline bool matches_as_prefix(std::string_view lexeme) noexcept { return lexeme.size() >= prefix_min_letters; }

// One live job as the loader reads it.
struct job_record {
    std::int64_t id = 0;
    std::int64_t published_us = 0;                  // published_at, µs since 1970
    std::optional<std::int64_t> valid_through_us;
    std::int64_t organization_id = 0;
    std::vector<int> activity_ids, employment_type_ids, industry_ids;
    std::uint8_t flags = 0;                         // job_flag bits
    std::vector<earth_point> places;                // job_search_points.geo of its located rows
    std::vector<std::string> lexemes;               // tsvector_to_array(search_vector)
    std::vector<std::uint32_t> terms;               // or: those lexemes as numbers of a term_dictionary
    std::vector<std::uint32_t> position_starts;     // lexeme i's positions: positions[position_starts[i], [i + 1])
    std::vector<std::uint16_t> positions;           // as job_text keeps them (empty: not read)
    shared_block<job_text> text;                    // or: terms and positions, numbered (ranks in memory)
    shared_block<kept_card> card;                   // its list card, when the loader read it
    std::vector<std::int64_t> free_shifts;          // free_shift_key of each free shift (free_shifts.h)
};

// websearch_to_tsquery over the German analysis, in the form the index evaluates: "a b OR c -d" is
// (a AND b) OR (c AND NOT d) — OR binds looser than the implicit AND, as in tsquery. A clause of
// stop words only drops out; no clause at all = no text filter.
struct text_query {
    struct clause {
        std::vector<std::string> all_of, none_of;
    };
    std::vector<clause> any_of;
    bool empty() const noexcept { return any_of.empty(); }
};
// nullopt: syntax or words the index does not read exactly like PostgreSQL (phrases, digits,
// hyphens, OR at either end or twice, ...): the SQL search answers.
std::optional<text_query> parse_websearch(std::string_view q);

struct index_query {
    std::optional<text_query> text;                             // engaged and non-empty: filter
    std::optional<std::vector<int>> activity_ids, employment_type_ids, industry_ids;   // resolved ids
    std::optional<std::vector<int>> type_activity_ids, type_employment_ids;           // jobType
    std::optional<earth_point> point;
    double radius_m = 0;
    std::optional<std::int64_t> published_since_us;
    std::optional<int> shifts_from_day, shifts_to_day;          // a free shift dated within (days since 1970)
    std::array<std::optional<bool>, 5> flags{};                 // by all_flags order
    std::optional<std::vector<std::int64_t>> ids;
    std::optional<std::int64_t> organization_id;
    std::vector<std::int64_t> excluded_ids;                     // jobs the candidate applied to
    std::string sort = "newest";                                // newest, relevance, distance, random
    int limit = 20, offset = 0;
    std::int64_t now_us = 0;
    int count_cap = 1000, window = 100;
};

struct index_answer {
    std::int64_t total = 0;
    bool capped = false;
    // The page, in order; or, when `ordered_by_postgres`, the page is
    // (order(window) ++ after_window)[offset, offset + limit) with `window` ordered by PostgreSQL
    // (jh_job_order_window with the query's sort).
    std::vector<std::int64_t> page;
    bool ordered_by_postgres = false;
    std::vector<std::int64_t> window, after_window;
};

class job_snapshot {
public:
    // The live jobs (any order); `jobs` is only read, so a caller can keep it and rebuild after changes.
    // With `terms`, each job's text is its `terms` (numbers of that dictionary); without, its
    // `lexemes`, numbered by a dictionary of this snapshot's own.
    // Cards and ranking texts are kept for the `kept` newest jobs only (a page of results is nearly
    // always among the newest; an older job's card comes from PostgreSQL, its rank too): that bounds
    // the memory of a large catalogue. A patched generation keeps `prev`'s bound.
    static std::shared_ptr<const job_snapshot> build(const std::vector<const job_record*>& jobs,
                                                     std::shared_ptr<const term_dictionary> terms = nullptr,
                                                     std::size_t kept = unbounded);
    static constexpr std::size_t unbounded = static_cast<std::size_t>(-1);
    // The next generation after the jobs `changed` were written: `prev` without them, plus `live`
    // (those of them that are live now, their texts numbered by `terms`, of which the dictionary
    // `prev` was built with is a prefix). Gives what build() gives for the same jobs, in one pass
    // over `prev`'s arrays: the kept jobs' documents are renumbered (their order stays), nothing of
    // theirs is sorted, hashed or read from their records again.
    static std::shared_ptr<const job_snapshot> patch(const job_snapshot& prev, const std::vector<std::int64_t>& changed,
                                                     const std::vector<const job_record*>& live,
                                                     std::shared_ptr<const term_dictionary> terms);
    const term_dictionary* dictionary() const noexcept { return dictionary_.get(); }

    index_answer search(const index_query& q) const;
    std::size_t jobs() const noexcept { return ids_.size(); }
    // The kept card of a job in this generation, or null (not in it, or built without cards).
    const kept_card* card(std::int64_t id) const noexcept;
    std::size_t memory_bytes() const noexcept;

private:
    using bitmap = std::vector<std::uint64_t>;
    struct place_entry {   // a place while a generation is built (kept as places_ and place_docs_)
        std::uint32_t doc;
        earth_point at;
    };
    struct hit {
        double d;            // chord to the query point (0 from a circle without distances, see circle)
        std::uint32_t doc;
    };
    struct cell_key_hash {
        std::size_t operator()(std::int64_t k) const noexcept { return std::hash<std::int64_t>()(k); }
    };

    bitmap empty_bitmap() const { return bitmap((ids_.size() + 63) / 64, 0); }
    bitmap full_bitmap() const;
    void or_postings(bitmap& b, std::span<const std::uint32_t> docs) const;
    std::span<const std::uint32_t> term_postings(std::uint32_t term) const;
    // The terms a query word matches: its own, or every one it begins (matches_as_prefix).
    std::vector<std::uint32_t> terms_of_word(const std::string& lexeme) const;
    void narrow_by_word(bitmap& f, const std::string& lexeme, bool negated) const;
    bitmap any_of(const std::unordered_map<int, bitmap>& bits, const std::vector<int>& keys) const;
    void and_any_of(bitmap& f, const std::unordered_map<int, bitmap>& bits, const std::vector<int>& keys) const;
    void narrow_by_text(bitmap& f, const text_query& t) const;
    void narrow_by_clause(bitmap& f, const text_query::clause& c) const;
    bitmap filter_bitmap(const index_query& q) const;
    std::vector<std::uint32_t> docs_of(const bitmap& b, std::size_t skip, std::size_t take) const;
    // A circle: its point, its chord (the SQL's own test, cube_distance <= chord) and the ranges of
    // places_ of the cube cells it reaches (or every place).
    // `distances`: its hits carry their exact chord (a search sorted by distance); else a hit's d
    // is 0 when the place was found inside from its float point alone.
    struct circle {
        earth_point pt;
        double chord, reach;   // reach: chord plus a margin (the cells it can reach)
        double surely_out2, surely_in2;   // squared chords from a float point beyond / within which the test is decided
        bool distances;
        struct range {
            std::uint32_t from, to;
            bool all_in;   // every place of it is within the chord (decided from its (sub-)cell's corners)
        };
        std::vector<range> ranges;
        std::size_t entries;   // places in those ranges
        bool every_place;
    };
    circle circle_of(const earth_point& pt, double chord, bool distances) const;
    std::optional<double> inside(std::uint32_t place, const circle& c) const noexcept;
    std::vector<hit> hits_near(const circle& c, const bitmap& filter, std::size_t enough = SIZE_MAX) const;
    template <class Found>
    bool walk_near(const circle& c, const bitmap& filter, std::size_t budget, std::vector<hit>& hits, Found&& found) const;
    void prefetch_places(std::uint32_t doc, bool exact) const noexcept;
    std::vector<std::uint32_t> docs_near(const circle& c, const bitmap& filter, std::size_t skip, std::size_t take) const;
    bitmap text_near(const circle& c, const bitmap& filter, std::size_t want, std::vector<hit>& hits) const;
    index_answer place_search(const index_query& q, const bitmap& filter) const;

    // Documents are numbered newest first (published_at DESC, id DESC).
    big_vector<std::int64_t> ids_;
    big_vector<std::int64_t> published_us_;
    big_vector<std::pair<std::int64_t, std::uint32_t>> valid_through_;   // (valid_through, doc), sorted
    big_vector<std::pair<std::int64_t, std::uint32_t>> doc_of_id_;        // (id, doc), by id
    big_vector<std::pair<std::int64_t, std::uint32_t>> free_shifts_;      // (free_shift_key, doc), sorted
    std::optional<std::uint32_t> doc_of(std::int64_t id) const noexcept;
    void index_cells(std::span<const std::int64_t> keys);               // cells_ and the places by doc
    // The parts of patch() (job_index.cpp), each filling its part of this snapshot from `prev`
    // renumbered (`renumber[old doc]`: its new doc, or gone) and the new jobs' entries at their docs.
    void patch_flags(const job_snapshot& prev, const renumbering& renumber,
                     const std::vector<const job_record*>& live, const std::vector<std::uint32_t>& added);
    void patch_terms(const job_snapshot& prev, const renumbering& renumber,
                     const std::vector<std::pair<std::uint32_t, std::uint32_t>>& new_terms, std::size_t term_count);
    void patch_places(const job_snapshot& prev, const renumbering& renumber,
                      const std::vector<std::pair<std::int64_t, place_entry>>& new_places);
    // Cards and ranking texts: payloads_'s slot of each doc (no_slot: the card is read from
    // PostgreSQL, the rank too). Slots, not pointers, so a patch copies integers (job_payloads.h).
    std::vector<std::uint32_t> slots_;
    std::shared_ptr<const job_payloads> payloads_;
    std::size_t kept_ = unbounded;                                         // docs from here on keep neither
    bool rank_window(const index_query& q, const bitmap& f, index_answer& a) const;
    bool window_texts(const std::vector<std::uint32_t>& docs, std::vector<const job_text*>& texts) const;
    void distance_window(const index_query& q, const bitmap& f, const std::vector<hit>& hits, index_answer& a) const;
    index_answer random_search(const index_query& q) const;
    std::unordered_map<int, std::vector<std::uint32_t>> activities_, employment_types_, industries_;
    std::unordered_map<int, bitmap> activity_bits_, employment_type_bits_, industry_bits_;   // the same as bitmaps
    std::unordered_map<std::uint32_t, bitmap> dense_terms_;               // terms in at least 1 job in 16, as bitmaps
    const bitmap* dense_term(std::uint32_t term) const;
    void index_bitmaps();                                                  // the bitmaps above from the postings
    std::unordered_map<std::int64_t, std::vector<std::uint32_t>> organizations_;
    // Postings per term number, in one array: term t's documents are term_docs_[term_start_[t], term_start_[t + 1]).
    std::shared_ptr<const term_dictionary> dictionary_;
    std::shared_ptr<const term_order> term_order_;                         // its terms sorted by lexeme (prefixes)
    big_vector<std::uint32_t> term_start_, term_docs_;
    std::array<bitmap, 5> flag_bits_;
    // Places by cube cell (25 km cubes of the earth coordinates: a circle's chord ball lies inside
    // the cubes its bounding box overlaps, exactly, with no projection), then by sub-cell (4 × 4 × 4
    // cubes of 6.25 km in each), then by doc.
    big_vector<earth_point> places_;
    // cell → its offset in cell_subs_, where 65 numbers say where each sub-cell's places_ begin and
    // where the cell's end.
    std::unordered_map<std::int64_t, std::uint32_t, cell_key_hash> cells_;
    big_vector<std::uint32_t> cell_subs_;
    // The same cells as a flat grid (cell_subs_ offset + 1; 0: no place there) over the box of
    // those with places, so a circle reads its cells without hashing; empty when that box is large.
    big_vector<std::uint32_t> grid_;
    std::array<std::int64_t, 3> grid_low_{}, grid_size_{};
    const std::uint32_t* cell_starts(std::int64_t x, std::int64_t y, std::int64_t z) const noexcept;
    // The same places by doc: doc d's are places_[doc_places_[i]] for i in [doc_place_start_[d], [d + 1]),
    // so a filter of few jobs, or a walk newest first, tests their own places instead of every place
    // in the circle's cells.
    big_vector<std::uint32_t> doc_place_start_, doc_places_;
    big_vector<std::uint32_t> place_docs_;   // places_[i]'s doc: a cells' scan tests the filter on these first
    // places_[i] rounded to floats: 12 bytes instead of the exact point's 24 decide whether most
    // places are in or out of a circle; the exact doubles are read only within a metre of its edge
    // (or for a search sorted by distance, whose hits need their exact chord).
    struct float_point {
        float x, y, z;
    };
    big_vector<float_point> place_floats_;
};

}  // namespace jh::search
