// doc_merge.h: how a patched index generation (job_snapshot::patch, job_index.cpp) carries its
// predecessor's document lists over: the kept documents renumbered (a job that left is dropped),
// merged with the changed jobs' new documents, each list staying sorted. Header-only, used by
// job_index.cpp alone.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <span>
#include <unordered_map>
#include <utility>
#include <vector>

namespace jh::search {

// A patch's document renumbering: to[old doc] is its new doc, or `gone` for a job that left. A
// patch changes few jobs, so the kept documents fall into a few runs of consecutive old docs that
// all move by the same amount (a new job near the front shifts every doc after it by one): a
// posting list is carried over a run at a time, a copy with one addition per document that the
// compiler vectorizes, instead of a lookup and a branch per document (which was most of a patch's
// time at 200,000 jobs: docs/search.md, "Freshness").
inline constexpr std::uint32_t gone = ~std::uint32_t{0};
struct renumbering {
    struct run {
        std::uint32_t first, end;   // old docs [first, end), all kept
        std::uint32_t delta;        // new doc = old doc + delta (modulo 2^32: a run may move back)
    };
    std::vector<std::uint32_t> to;
    std::vector<run> runs;          // ascending, made by find_runs() once `to` is complete

    std::uint32_t operator[](std::size_t doc) const noexcept { return to[doc]; }
    void find_runs() {
        runs.clear();
        for (std::uint32_t d = 0; d < to.size(); ++d) {
            if (to[d] == gone) continue;
            const std::uint32_t delta = to[d] - d;
            if (!runs.empty() && runs.back().end == d && runs.back().delta == delta) ++runs.back().end;
            else runs.push_back({d, d + 1, delta});
        }
    }
};

// `docs` + delta, each, written from `out`; returns the end. Four at a time in a vector register:
// GCC's -O2 leaves a loop of unknown length scalar, and this copy is most of a patch's own work.
inline std::uint32_t* add_to_each(std::span<const std::uint32_t> docs, std::uint32_t delta, std::uint32_t* out) {
    using four = std::uint32_t __attribute__((vector_size(16)));
    const four add = {delta, delta, delta, delta};
    std::size_t k = 0;
    for (; k + 4 <= docs.size(); k += 4, out += 4) {
        four v;
        std::memcpy(&v, docs.data() + k, sizeof v);
        v += add;
        std::memcpy(out, &v, sizeof v);
    }
    for (; k < docs.size(); ++k) *out++ = docs[k] + delta;
    return out;
}

// `old` (ascending docs) renumbered, without the gone, written from `out`; returns the end. A run
// at a time: the docs of `old` inside it (found by a binary search) are copied with its delta.
inline std::uint32_t* copy_renumbered(std::span<const std::uint32_t> old, const renumbering& r, std::uint32_t* out) {
    const auto& runs = r.runs;
    const auto ends_after = [](std::uint32_t doc, const renumbering::run& x) { return doc < x.end; };
    std::size_t i = 0, s = 0;
    while (i < old.size()) {
        const std::uint32_t d = old[i];
        if (s == runs.size() || runs[s].end <= d)
            s = static_cast<std::size_t>(std::upper_bound(runs.begin() + static_cast<std::ptrdiff_t>(s), runs.end(), d, ends_after) - runs.begin());
        if (s == runs.size()) break;           // after the last run: every doc left
        if (d < runs[s].first) { ++i; continue; }   // between runs: a job that left
        const auto j = static_cast<std::size_t>(std::lower_bound(old.begin() + static_cast<std::ptrdiff_t>(i), old.end(), runs[s].end) - old.begin());
        out = add_to_each(old.subspan(i, j - i), runs[s].delta, out);
        i = j;
    }
    return out;
}

// `old` renumbered, without the gone, merged with `added` (ascending), written from `out` (room for
// both); returns the end. The few added docs go in afterwards, each a move of the docs after it.
inline std::uint32_t* merge_postings(std::span<const std::uint32_t> old, const renumbering& r,
                                     std::span<const std::uint32_t> added, std::uint32_t* out) {
    std::uint32_t* end = copy_renumbered(old, r, out);
    std::uint32_t* const last = end + added.size();
    for (std::size_t j = added.size(); j-- > 0;) {   // the largest first: each moves only the docs above it
        std::uint32_t* at = std::lower_bound(out, end, added[j]);
        std::copy_backward(at, end, end + j + 1);
        at[j] = added[j];
        end = at;
    }
    return last;
}

// (key, doc) pairs sorted by key then doc: `old` renumbered, without the gone, merged with `added`.
template <class Pairs>
void merge_pairs(const Pairs& old, const renumbering& renumber, const std::vector<std::pair<std::int64_t, std::uint32_t>>& added, Pairs& out) {
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
void patch_postings(const std::unordered_map<K, std::vector<std::uint32_t>>& old, const renumbering& renumber,
                    std::unordered_map<K, std::vector<std::uint32_t>> added, std::unordered_map<K, std::vector<std::uint32_t>>& out) {
    out.reserve(old.size() + added.size());
    for (const auto& [key, docs] : old) {
        auto fresh = added.find(key);
        const auto more = fresh == added.end() ? std::span<const std::uint32_t>() : std::span<const std::uint32_t>(fresh->second);
        std::vector<std::uint32_t> merged(docs.size() + more.size());
        merged.resize(static_cast<std::size_t>(merge_postings(docs, renumber, more, merged.data()) - merged.data()));
        if (fresh != added.end()) added.erase(fresh);
        if (!merged.empty()) out.emplace(key, std::move(merged));
    }
    for (auto& [key, docs] : added) out.emplace(key, std::move(docs));
}

}  // namespace jh::search
