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

namespace jh::search {

struct text_query;

// A job's search vector: its lexemes as term numbers, each with its positions (tsvector's
// WordEntryPos: weight << 14 | position; weight A = 3 … D = 0). Packed in one allocation — the
// terms, then where each term's positions start (16 bits), then the positions — because every
// live job keeps one (186,000 at 200,000 seeded jobs): three vectors with 32-bit starts cost about
// 160 bytes more per job in headers, allocator chunks and widths, and ranking a window reads the
// texts of scattered jobs, where one block is one run of cache lines to prefetch.
class job_text {
public:
    // Positions past this cannot be addressed by 16-bit starts: such a job keeps no text (its
    // ranking is PostgreSQL's then, as for a lexeme without positions). A job's text is far below.
    static constexpr std::size_t max_positions = 0xFFFF;

    job_text() = default;
    // Held through shared_ptr only: a moved-from text would keep its counts over no block.
    job_text(job_text&&) = delete;
    job_text& operator=(job_text&&) = delete;
    // `starts`: terms.size() + 1 ascending offsets into `positions`, from 0 to positions.size()
    // (at most max_positions; fits() says whether they do).
    job_text(std::span<const std::uint32_t> terms, std::span<const std::uint32_t> starts, std::span<const std::uint16_t> positions);
    static bool fits(std::span<const std::uint32_t> terms, std::span<const std::uint32_t> starts,
                     std::span<const std::uint16_t> positions) noexcept {
        return starts.size() == terms.size() + 1 && positions.size() <= max_positions && starts.front() == 0 &&
               starts.back() == positions.size();
    }

    std::span<const std::uint32_t> terms() const noexcept { return {reinterpret_cast<const std::uint32_t*>(block_.get()), terms_}; }
    // Term i's positions.
    std::span<const std::uint16_t> positions_of(std::size_t i) const noexcept {
        const std::uint16_t* starts = starts_begin();
        return {starts + (terms_ + 1) + starts[i], static_cast<std::size_t>(starts[i + 1] - starts[i])};
    }
    // The starts and then the positions, one run of memory (for a prefetch beside the terms').
    std::span<const std::uint16_t> starts_and_positions() const noexcept { return {starts_begin(), terms_ + 1 + positions_}; }

private:
    std::size_t bytes() const noexcept { return terms_ * sizeof(std::uint32_t) + (terms_ + 1 + positions_) * sizeof(std::uint16_t); }
    const std::uint16_t* starts_begin() const noexcept {
        return reinterpret_cast<const std::uint16_t*>(block_.get() + terms_ * sizeof(std::uint32_t));
    }

    std::unique_ptr<std::byte[]> block_;
    std::uint32_t terms_ = 0, positions_ = 0;
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
