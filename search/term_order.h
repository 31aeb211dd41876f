// term_order.h: the terms of a job index's dictionary sorted by their lexemes' bytes (tsvector's
// own order), so that a prefix query word ("promo", tsquery's 'promo':*) finds the lexemes that
// begin with it by two binary searches instead of a pass over every term. A generation holds one;
// a patched generation extends its predecessor's with the terms the dictionary gained (a merge of
// the few new ones, not a new sort). See docs/search.md, "Prefixes".
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

namespace jh::search {

class term_dictionary;

class term_order {
public:
    // Every term of `terms`, sorted.
    static std::shared_ptr<const term_order> of(const term_dictionary& terms);
    // `prev` (sorted terms of a dictionary `terms` extends) with the terms numbered since; `prev`
    // itself when there are none.
    static std::shared_ptr<const term_order> extended(const std::shared_ptr<const term_order>& prev, const term_dictionary& terms);
    // The terms whose lexeme begins with `prefix`, in lexeme order.
    std::span<const std::uint32_t> with_prefix(const term_dictionary& terms, std::string_view prefix) const;
    std::size_t size() const noexcept { return sorted_.size(); }
    std::size_t memory_bytes() const noexcept { return sorted_.capacity() * sizeof(std::uint32_t); }

private:
    std::vector<std::uint32_t> sorted_;
};

}  // namespace jh::search
