// doc_merge_test.cpp: a patch carries a posting list over a run of documents at a time
// (search/doc_merge.h); for any renumbering — jobs gone before, between and after the runs, new
// ones at the front, in the middle and at the end, runs that move back — it gives what a lookup per
// document gives, on short lists and on one past 2 MB (search/big_array.h's own mapping).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "search/big_array.h"
#include "search/doc_merge.h"

namespace jh::search {
namespace {

// The plain rule: each kept doc looked up, the added merged in.
std::vector<std::uint32_t> by_lookup(std::span<const std::uint32_t> old, const renumbering& r, std::span<const std::uint32_t> added) {
    std::vector<std::uint32_t> out;
    for (auto d : old)
        if (r[d] != gone) out.push_back(r[d]);
    out.insert(out.end(), added.begin(), added.end());
    std::sort(out.begin(), out.end());
    return out;
}

// A patch's renumbering of `n` docs: `leave` of them gone, `arrive` new docs at random places.
// Returns the new docs of the arrivals.
std::vector<std::uint32_t> random_patch(std::mt19937& rng, std::uint32_t n, std::uint32_t leave, std::uint32_t arrive, renumbering& r) {
    r.to.assign(n, 0);
    for (std::uint32_t k = 0; k < leave; ++k) r.to[rng() % n] = gone;
    std::vector<std::uint32_t> before(arrive);   // an arrival goes in before old doc before[i] (n: at the end)
    for (auto& b : before) b = rng() % (n + 1);
    std::sort(before.begin(), before.end());
    std::vector<std::uint32_t> arrivals;
    std::uint32_t next = 0;
    std::size_t a = 0;
    for (std::uint32_t d = 0; d < n; ++d) {
        while (a < before.size() && before[a] <= d) arrivals.push_back(next++), ++a;
        if (r.to[d] != gone) r.to[d] = next++;
    }
    while (a < before.size()) arrivals.push_back(next++), ++a;
    r.find_runs();
    return arrivals;
}

TEST(DocMerge, RunsCarryListsLikeALookupPerDoc) {
    std::mt19937 rng(45);
    for (int round = 0; round < 300; ++round) {
        const std::uint32_t n = 1 + rng() % 3000;
        renumbering r;
        const auto arrivals = random_patch(rng, n, rng() % 40, rng() % 40, r);
        for (int list = 0; list < 20; ++list) {
            std::vector<std::uint32_t> old;
            const std::uint32_t every = 1 + rng() % 50;
            for (std::uint32_t d = rng() % every; d < n; d += 1 + rng() % every) old.push_back(d);
            std::vector<std::uint32_t> added;
            for (auto d : arrivals)
                if (rng() % 3 == 0) added.push_back(d);
            const auto want = by_lookup(old, r, added);
            std::vector<std::uint32_t> got(old.size() + added.size());
            got.resize(static_cast<std::size_t>(merge_postings(old, r, added, got.data()) - got.data()));
            ASSERT_EQ(got, want) << "round " << round << ", list " << list;
        }
    }
}

TEST(DocMerge, AListPastTwoMegabytesInItsOwnMapping) {
    std::mt19937 rng(7);
    constexpr std::uint32_t n = 1'500'000;   // 6 MB of docs
    renumbering r;
    const auto arrivals = random_patch(rng, n, 500, 300, r);
    big_vector<std::uint32_t> old(n);
    for (std::uint32_t d = 0; d < n; ++d) old[d] = d;
    big_vector<std::uint32_t> got;
    got.resize(old.size() + arrivals.size());   // unset until written
    got.resize(static_cast<std::size_t>(merge_postings(old, r, arrivals, got.data()) - got.data()));
    const auto want = by_lookup(old, r, arrivals);
    ASSERT_EQ(got.size(), want.size());
    EXPECT_TRUE(std::equal(got.begin(), got.end(), want.begin()));
    EXPECT_EQ(got.size(), n - std::count(r.to.begin(), r.to.end(), gone) + arrivals.size());
    big_vector<std::uint32_t> copy = got;   // copies and grows across the 2 MB line both ways
    copy.resize(10);
    copy.shrink_to_fit();
    EXPECT_EQ(copy[9], want[9]);
}

}  // namespace
}  // namespace jh::search
