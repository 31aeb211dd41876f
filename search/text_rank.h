// text_rank.h: PostgreSQL's ts_rank(search_vector, query) in C++, so the index orders a text search
// by relevance itself. The job's search vector is kept with its positions and weights (read from
// the tsvector's text form); the rank is PostgreSQL's calc_rank (src/backend/utils/adt/tsrank.c,
// default weights {0.1, 0.2, 0.4, 1.0}, normalization 0) written with the same float and double
// steps in the same order, so the float4 it gives is the same bit for bit, ties included
// (x86-64 without FMA contraction, like PostgreSQL's own build). The equality test compares the
// order with PostgreSQL's on every relevance-sorted text.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "search/shared_block.h"

namespace jh::search {

struct text_query;

// A job's search vector: its lexemes as term numbers, each with its positions (tsvector's
// WordEntryPos: weight << 14 | position; weight A = 3 … D = 0). Packed in one allocation behind
// the object (search/shared_block.h) — the positions, each term's count of positions in a byte,
// then the terms, each in 2 bytes when below 32,768 (the terms a catalogue's first jobs number:
// the common words) and in 3 otherwise — because every live job keeps one (931,000 at 1,000,000
// seeded jobs, about 40 terms and 70 positions each): three vectors with 32-bit starts cost about
// 160 bytes more per job, 4-byte terms and 16-bit starts another 100; and ranking a window reads
// the texts of scattered jobs, where one block is one run of cache lines to prefetch. The terms
// are read in the order the vector lists them (ts_rank walks them so), never looked up: the
// counts and the widths are followed on the way.
class job_text {
public:
    // What the packing can hold: a term number below 2^23 (a catalogue's dictionary is far smaller)
    // and at most 255 positions per term (PostgreSQL keeps at most 256). A job beyond either keeps no
    // text: its ranking is PostgreSQL's then, as for a lexeme without positions.
    static constexpr std::uint32_t max_term = 0x7FFFFF;
    static constexpr std::size_t max_positions_per_term = 0xFF;

    // `starts`: terms.size() + 1 ascending offsets into `positions`, from 0 to positions.size(),
    // within the bounds above (fits() says whether they are).
    static shared_block<job_text> make(std::span<const std::uint32_t> terms, std::span<const std::uint32_t> starts,
                                       std::span<const std::uint16_t> positions);
    // Made by make() only: its block lies behind it (search/shared_block.h).
    job_text(const job_text&) = delete;
    job_text& operator=(const job_text&) = delete;
    static bool fits(std::span<const std::uint32_t> terms, std::span<const std::uint32_t> starts, std::span<const std::uint16_t> positions) noexcept;

    std::size_t size() const noexcept { return terms_; }
    // The terms, in the vector's order, into `out` (replaced).
    void terms_into(std::vector<std::uint32_t>& out) const;
    // each(term, its positions) for every term in the vector's order.
    template <class Each>
    void for_each_term(Each&& each) const {
        const std::uint16_t* at = positions_begin();
        const auto* counts = reinterpret_cast<const std::uint8_t*>(at + positions_);
        const std::uint8_t* term = counts + terms_;
        for (std::size_t i = 0; i < terms_; ++i) {
            each(read_term(term), std::span<const std::uint16_t>(at, counts[i]));
            at += counts[i];
        }
    }
    // The block, or a few bytes past its end (for a prefetch, which never faults).
    std::span<const std::byte> block_for_prefetch() const noexcept {
        return {tail_of(this), positions_ * sizeof(std::uint16_t) + 4 * std::size_t{terms_}};
    }
    // Its allocation (object, block and count of owners; not the allocator's header).
    std::size_t memory_bytes() const noexcept;

private:
    friend class shared_block<job_text>;
    job_text(std::span<std::byte> block, std::span<const std::uint32_t> terms, std::span<const std::uint32_t> starts,
             std::span<const std::uint16_t> positions);
    static std::size_t term_bytes(std::uint32_t term) noexcept { return term < 0x8000 ? 2 : 3; }
    // A term at `at` (2 bytes, the high bit clear; or 3, the high bit of the first two set), and `at` past it.
    static std::uint32_t read_term(const std::uint8_t*& at) noexcept {
        const std::uint32_t low = at[0] | std::uint32_t{at[1]} << 8;
        if (!(low & 0x8000)) {
            at += 2;
            return low;
        }
        const std::uint32_t t = (low & 0x7FFF) | std::uint32_t{at[2]} << 15;
        at += 3;
        return t;
    }
    const std::uint16_t* positions_begin() const noexcept { return reinterpret_cast<const std::uint16_t*>(tail_of(this)); }

    std::uint32_t terms_ = 0, positions_ = 0;   // the block behind: positions, counts, terms
};


// What ts_rank reads of a query: its operands sorted and unique (negated ones too), each as the
// term numbers it matches, ascending (none: a lexeme no job has; several: a prefix, 'promo':*,
// whose every matching entry of a vector counts as tsrank.c's find_wordentry gives them), and
// whether the query's root is an AND.
struct rank_query {
    std::vector<std::vector<std::uint32_t>> operands;
    bool and_at_root = false;
};
// `terms_of(lexeme)`: the terms a query word matches (job_snapshot::terms_of_word).
rank_query rank_query_of(const text_query& q, const std::function<std::vector<std::uint32_t>(const std::string&)>& terms_of);

// = ts_rank(job's search_vector, query) as a float4.
float ts_rank(const job_text& job, const rank_query& q);

}  // namespace jh::search
