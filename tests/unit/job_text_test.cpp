// job_text_test.cpp: a job's search vector packed into one block (search/text_rank.h) gives back
// exactly the terms and each term's positions it was made from, for the shapes the loader reads
// (no terms, terms whose positions are empty between others, 65,535 positions), and a vector
// whose positions cannot be addressed by its 16-bit starts is refused before it is made.
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
        v.terms.push_back(static_cast<std::uint32_t>(rng()));
        for (std::size_t k = 0, n = rng() % (most_positions + 1); k < n; ++k) v.positions.push_back(static_cast<std::uint16_t>(rng()));
        v.starts.push_back(static_cast<std::uint32_t>(v.positions.size()));
    }
    return v;
}

void expect_same(const job_text& t, const vector_parts& v) {
    ASSERT_EQ(t.terms().size(), v.terms.size());
    for (std::size_t i = 0; i < v.terms.size(); ++i) {
        EXPECT_EQ(t.terms()[i], v.terms[i]) << i;
        const auto mine = t.positions_of(i);
        ASSERT_EQ(mine.size(), v.starts[i + 1] - v.starts[i]) << i;
        for (std::size_t k = 0; k < mine.size(); ++k) EXPECT_EQ(mine[k], v.positions[v.starts[i] + k]) << i << " " << k;
    }
}

TEST(JobText, APackedVectorGivesBackItsTermsAndEachTermsPositions) {
    std::mt19937 rng(45);
    for (std::size_t n_terms : {0u, 1u, 7u, 40u, 300u}) {
        for (std::size_t most : {0u, 1u, 3u, 12u}) {
            const auto v = random_parts(rng, n_terms, most);
            ASSERT_TRUE(job_text::fits(v.terms, v.starts, v.positions));
            expect_same(job_text(v.terms, v.starts, v.positions), v);
        }
    }
}

TEST(JobText, SixtyFiveThousandFiveHundredThirtyFivePositionsFitAndOneMoreDoesNot) {
    std::mt19937 rng(7);
    vector_parts v;
    v.terms = {5, 9};
    v.positions.assign(job_text::max_positions, 0x4001);
    v.starts = {0, 40000, static_cast<std::uint32_t>(job_text::max_positions)};
    ASSERT_TRUE(job_text::fits(v.terms, v.starts, v.positions));
    const job_text t(v.terms, v.starts, v.positions);
    expect_same(t, v);
    EXPECT_EQ(t.positions_of(1).size(), job_text::max_positions - 40000);

    v.positions.push_back(0x4002);
    v.starts.back() = static_cast<std::uint32_t>(v.positions.size());
    EXPECT_FALSE(job_text::fits(v.terms, v.starts, v.positions));
    // Starts that do not describe the positions are refused as well.
    vector_parts w = random_parts(rng, 4, 3);
    w.starts.pop_back();
    EXPECT_FALSE(job_text::fits(w.terms, w.starts, w.positions));
}

}  // namespace
}  // namespace jh::search
