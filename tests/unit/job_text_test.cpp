// job_text_test.cpp: a job's search vector packed into one block (search/text_rank.h) gives back
// exactly the terms and each term's positions it was made from, for the shapes the loader reads
// (no terms, terms whose positions are empty between others, terms of 2 and of 3 bytes, the largest
// term number, 255 positions of one term), and a vector the packing cannot hold (a term of 2^23
// or more, 256 positions of one term) is refused before it is made.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "search/text_rank.h"

namespace jh::search {
namespace {

struct vector_parts {
    std::vector<std::uint32_t> terms, starts{0};
    std::vector<std::uint16_t> positions;
};

vector_parts random_parts(std::mt19937& rng, std::size_t n_terms, std::size_t most_positions) {
    vector_parts v;
    for (std::size_t i = 0; i < n_terms; ++i) {
        // Both widths: below 32,768 (2 bytes) and up to the largest (3).
        v.terms.push_back(static_cast<std::uint32_t>(rng()) & (rng() % 2 ? 0x7FFF : job_text::max_term));
        for (std::size_t k = 0, n = rng() % (most_positions + 1); k < n; ++k) v.positions.push_back(static_cast<std::uint16_t>(rng()));
        v.starts.push_back(static_cast<std::uint32_t>(v.positions.size()));
    }
    return v;
}

void expect_same(const job_text& t, const vector_parts& v) {
    ASSERT_EQ(t.size(), v.terms.size());
    std::vector<std::uint32_t> terms;
    t.terms_into(terms);
    EXPECT_EQ(terms, v.terms);
    std::size_t i = 0;
    t.for_each_term([&](std::uint32_t term, std::span<const std::uint16_t> mine) {
        ASSERT_LT(i, v.terms.size());
        EXPECT_EQ(term, v.terms[i]) << i;
        ASSERT_EQ(mine.size(), v.starts[i + 1] - v.starts[i]) << i;
        for (std::size_t k = 0; k < mine.size(); ++k) EXPECT_EQ(mine[k], v.positions[v.starts[i] + k]) << i << " " << k;
        ++i;
    });
    EXPECT_EQ(i, v.terms.size());
}

TEST(JobText, APackedVectorGivesBackItsTermsAndEachTermsPositions) {
    std::mt19937 rng(45);
    for (std::size_t n_terms : {0u, 1u, 7u, 40u, 300u}) {
        for (std::size_t most : {0u, 1u, 3u, 12u}) {
            const auto v = random_parts(rng, n_terms, most);
            ASSERT_TRUE(job_text::fits(v.terms, v.starts, v.positions));
            expect_same(*job_text::make(v.terms, v.starts, v.positions), v);
        }
    }
}

TEST(JobText, TheLargestTermAnd255PositionsFitAndNothingBeyond) {
    std::mt19937 rng(7);
    vector_parts v;
    v.terms = {job_text::max_term, 0x7FFF, 0x8000};
    v.positions.assign(job_text::max_positions_per_term + 2, 0x4001);
    v.positions.back() = 0xFFFF;
    v.starts = {0, static_cast<std::uint32_t>(job_text::max_positions_per_term), static_cast<std::uint32_t>(job_text::max_positions_per_term + 1),
                static_cast<std::uint32_t>(job_text::max_positions_per_term + 2)};
    ASSERT_TRUE(job_text::fits(v.terms, v.starts, v.positions));
    expect_same(*job_text::make(v.terms, v.starts, v.positions), v);

    vector_parts more = v;   // 256 positions of the first term
    more.positions.push_back(0x4002);
    for (std::size_t i = 1; i < more.starts.size(); ++i) ++more.starts[i];
    EXPECT_FALSE(job_text::fits(more.terms, more.starts, more.positions));
    vector_parts larger = v;   // a term number of 2^23
    larger.terms[1] = job_text::max_term + 1;
    EXPECT_FALSE(job_text::fits(larger.terms, larger.starts, larger.positions));
    // Starts that do not describe the positions are refused as well.
    vector_parts w = random_parts(rng, 4, 3);
    w.starts.pop_back();
    EXPECT_FALSE(job_text::fits(w.terms, w.starts, w.positions));
    w = random_parts(rng, 4, 3);
    std::swap(w.starts[1], w.starts[2]);
    if (w.starts[1] != w.starts[2]) {
        EXPECT_FALSE(job_text::fits(w.terms, w.starts, w.positions));
    }
}

}  // namespace
}  // namespace jh::search
