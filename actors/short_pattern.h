// short_pattern.h: matching short field values (postal codes, VAT ids) against a format written
// in a small, safe subset of regular-expression syntax, without the standard regex library.
//
// The standard regex library recurses once per input character and can overflow a loop thread's stack on long
// input; this matcher only knows literals, [classes] with ranges, groups (a|b) and the bounded
// quantifiers ?, {n} and {n,m}. Without * and + every pattern has a longest possible match, so a
// text longer than `max_text` fails before any matching, and the backtracking stays tiny.
// The whole text must match (like a full regex match).
#pragma once

#include <bitset>
#include <cstddef>
#include <string_view>
#include <vector>

namespace jh::fields {

class short_pattern {
public:
    // Throws std::invalid_argument for syntax outside the subset (a programming error, caught by
    // the unit tests at the first use of each table).
    explicit short_pattern(std::string_view pattern);

    bool matches(std::string_view text) const;

    static constexpr std::size_t max_text = 64;

    struct node;
    using sequence = std::vector<node>;

private:
    std::vector<sequence> alternatives_;
};

struct short_pattern::node {
    std::bitset<256> chars;                  // a literal or a class
    std::vector<sequence> alternatives;      // a group, when not empty
    int min = 1, max = 1;
};

}  // namespace jh::fields
