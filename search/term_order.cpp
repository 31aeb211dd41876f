// term_order.cpp: see term_order.h.
#include "search/term_order.h"

#include <algorithm>

#include "search/job_index.h"

namespace jh::search {

namespace {

// std::string_view compares bytes as unsigned char: tsCompareString's order (memcmp, shorter first).
auto by_lexeme(const term_dictionary& terms) {
    return [&terms](std::uint32_t a, std::uint32_t b) { return terms.lexeme(a) < terms.lexeme(b); };
}

}  // namespace

std::shared_ptr<const term_order> term_order::of(const term_dictionary& terms) {
    auto o = std::make_shared<term_order>();
    o->sorted_.resize(terms.size());
    for (std::uint32_t t = 0; t < o->sorted_.size(); ++t) o->sorted_[t] = t;
    std::sort(o->sorted_.begin(), o->sorted_.end(), by_lexeme(terms));
    return o;
}

std::shared_ptr<const term_order> term_order::extended(const std::shared_ptr<const term_order>& prev, const term_dictionary& terms) {
    if (!prev) return of(terms);
    if (prev->size() == terms.size()) return prev;
    std::vector<std::uint32_t> added;
    for (auto t = static_cast<std::uint32_t>(prev->size()); t < terms.size(); ++t) added.push_back(t);
    std::sort(added.begin(), added.end(), by_lexeme(terms));
    auto o = std::make_shared<term_order>();
    o->sorted_.resize(terms.size());
    std::merge(prev->sorted_.begin(), prev->sorted_.end(), added.begin(), added.end(), o->sorted_.begin(), by_lexeme(terms));
    return o;
}

std::span<const std::uint32_t> term_order::with_prefix(const term_dictionary& terms, std::string_view prefix) const {
    auto from = std::partition_point(sorted_.begin(), sorted_.end(), [&](std::uint32_t t) { return terms.lexeme(t) < prefix; });
    // From the first lexeme not below the prefix, those beginning with it come first.
    auto to = std::partition_point(from, sorted_.end(), [&](std::uint32_t t) { return terms.lexeme(t).starts_with(prefix); });
    return {sorted_.data() + (from - sorted_.begin()), static_cast<std::size_t>(to - from)};
}

}  // namespace jh::search
