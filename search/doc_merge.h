// doc_merge.h: how a patched index generation (job_snapshot::patch, job_index.cpp) carries its
// predecessor's document lists over: the kept documents renumbered (a job that left is dropped),
// merged with the changed jobs' new documents, each list staying sorted. Header-only, used by
// job_index.cpp alone.
#pragma once

#include <cstdint>
#include <span>
#include <unordered_map>
#include <utility>
#include <vector>

namespace jh::search {

// A patch's document renumbering: renumber[old doc] is its new doc, or this for a job that left.
inline constexpr std::uint32_t gone = ~std::uint32_t{0};

// `old` (ascending docs) renumbered, without the gone, merged with `added` (ascending), onto `out`.
inline void merge_postings(std::span<const std::uint32_t> old, const std::vector<std::uint32_t>& renumber,
                    std::span<const std::uint32_t> added, std::vector<std::uint32_t>& out) {
    std::size_t j = 0;
    for (auto d : old) {
        const std::uint32_t to = renumber[d];
        if (to == gone) continue;
        while (j < added.size() && added[j] < to) out.push_back(added[j++]);
        out.push_back(to);
    }
    out.insert(out.end(), added.begin() + static_cast<std::ptrdiff_t>(j), added.end());
}

// (key, doc) pairs sorted by key then doc: `old` renumbered, without the gone, merged with `added`.
inline void merge_pairs(const std::vector<std::pair<std::int64_t, std::uint32_t>>& old, const std::vector<std::uint32_t>& renumber,
                 const std::vector<std::pair<std::int64_t, std::uint32_t>>& added, std::vector<std::pair<std::int64_t, std::uint32_t>>& out) {
    out.reserve(old.size() + added.size());
    std::size_t j = 0;
    for (const auto& [key, doc] : old) {
        if (renumber[doc] == gone) continue;
        const std::pair<std::int64_t, std::uint32_t> kept{key, renumber[doc]};
        while (j < added.size() && added[j] < kept) out.push_back(added[j++]);
        out.push_back(kept);
    }
    out.insert(out.end(), added.begin() + static_cast<std::ptrdiff_t>(j), added.end());
}

// Postings per key: the old renumbered and merged with `added` (each ascending); a key no job has any
// more is dropped, as build() would never have made it.
template <class K>
void patch_postings(const std::unordered_map<K, std::vector<std::uint32_t>>& old, const std::vector<std::uint32_t>& renumber,
                    std::unordered_map<K, std::vector<std::uint32_t>> added, std::unordered_map<K, std::vector<std::uint32_t>>& out) {
    out.reserve(old.size() + added.size());
    for (const auto& [key, docs] : old) {
        std::vector<std::uint32_t> merged;
        auto fresh = added.find(key);
        merged.reserve(docs.size() + (fresh == added.end() ? 0 : fresh->second.size()));
        merge_postings(docs, renumber, fresh == added.end() ? std::span<const std::uint32_t>() : std::span<const std::uint32_t>(fresh->second), merged);
        if (fresh != added.end()) added.erase(fresh);
        if (!merged.empty()) out.emplace(key, std::move(merged));
    }
    for (auto& [key, docs] : added) out.emplace(key, std::move(docs));
}

}  // namespace jh::search
