// term_order_test.cpp: a prefix finds exactly the lexemes that begin with it, in byte order, and a
// patched generation's order (the previous one extended by the new terms) is the one a full sort
// gives.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>

#include "search/job_index.h"
#include "search/term_order.h"

namespace jh::search {
namespace {

std::vector<std::string> lexemes_of(const term_dictionary& d, std::span<const std::uint32_t> terms) {
    std::vector<std::string> out;
    for (auto t : terms) out.emplace_back(d.lexeme(t));
    return out;
}

TEST(TermOrder, APrefixFindsTheLexemesThatBeginWithItInByteOrder) {
    term_dictionary d;
    for (const char* l : {"promot", "hamburg", "promo", "prom", "pro", "proz", "promotionsjob", "messe", "prn", "pr\xc3\xa4"}) d.intern(l);
    const auto order = term_order::of(d);
    EXPECT_EQ(lexemes_of(d, order->with_prefix(d, "promo")), (std::vector<std::string>{"promo", "promot", "promotionsjob"}));
    EXPECT_EQ(lexemes_of(d, order->with_prefix(d, "pro")), (std::vector<std::string>{"pro", "prom", "promo", "promot", "promotionsjob", "proz"}));
    EXPECT_TRUE(order->with_prefix(d, "zzz").empty());
    EXPECT_TRUE(order->with_prefix(d, "promotion").size() == 1);
    EXPECT_EQ(order->with_prefix(d, "").size(), d.size());
}

TEST(TermOrder, AnExtendedOrderIsTheFullSortAndACopiedDictionaryKeepsItsLexemes) {
    std::mt19937 rng(7);
    auto word = [&] {
        std::string w;
        for (int i = 0, n = 1 + static_cast<int>(rng() % 6); i < n; ++i) w += static_cast<char>('a' + rng() % 4);
        return w;
    };
    term_dictionary d;
    for (int i = 0; i < 300; ++i) d.intern(word());
    const auto first = term_order::of(d);
    term_dictionary more(d);   // as the index copies a dictionary a generation still reads
    for (int i = 0; i < 200; ++i) more.intern(word());
    const auto extended = term_order::extended(first, more);
    const auto sorted = term_order::of(more);
    for (const std::string p : {"", "a", "ab", "abc", "dd", "cab"})
        EXPECT_EQ(lexemes_of(more, extended->with_prefix(more, p)), lexemes_of(more, sorted->with_prefix(more, p))) << p;
    EXPECT_EQ(term_order::extended(sorted, more), sorted);   // nothing new: the same order
}

}  // namespace
}  // namespace jh::search
