// search_suggestions.cpp: see search_suggestions.h.
#include "actors/jobs/search_suggestions.h"

#include <algorithm>
#include <set>

#include "search/text.h"

namespace jh::jobs {

namespace {

// The folded words of a name ("Messe-Hostess" → messe, hostess), each a key of the whole name.
std::vector<std::string> folded_words(std::string_view name) {
    std::vector<std::string> out;
    const std::string folded = search::fold(name);
    std::string word;
    for (char c : folded) {
        if ((c >= 'a' && c <= 'z') || static_cast<unsigned char>(c) >= 0x80) word += c;
        else if (!word.empty()) out.push_back(std::exchange(word, {}));
    }
    if (!word.empty()) out.push_back(word);
    return out;
}

}  // namespace

suggestion_list::suggestion_list(std::vector<search_suggestion> all) {
    std::set<std::string> activity_names;
    for (const auto& s : all)
        if (s.kind == "activity" && s.jobs > 0) activity_names.insert(search::fold(s.name));
    std::set<std::string> words_seen;
    for (auto& s : all) {
        if (s.jobs <= 0) continue;
        // "Promotion" and "promotion" are one word to the search: the more frequent spelling stays.
        if (s.kind == "word" && (activity_names.contains(search::fold(s.name)) || !words_seen.insert(search::fold(s.name)).second)) continue;
        all_.push_back(std::move(s));
    }
    std::stable_sort(all_.begin(), all_.end(), [](const search_suggestion& a, const search_suggestion& b) {
        if (a.kind != b.kind) return a.kind == "activity";
        return a.jobs > b.jobs;
    });
    for (std::uint32_t i = 0; i < all_.size(); ++i)
        for (auto& w : folded_words(all_[i].name)) keys_.emplace_back(std::move(w), i);
    std::sort(keys_.begin(), keys_.end());
}

std::vector<search_suggestion> suggestion_list::matching(std::string_view typed, std::size_t limit) const {
    auto words = folded_words(typed);
    if (words.empty() || words.back().size() < 2) return {};
    const std::string& start = words.back();   // the word being typed
    auto from = std::lower_bound(keys_.begin(), keys_.end(), start, [](const auto& k, const std::string& s) { return k.first < s; });
    std::vector<std::uint32_t> hits;
    for (auto it = from; it != keys_.end() && it->first.starts_with(start); ++it) hits.push_back(it->second);
    // The list's own order (activities, then by jobs) is the order of the indexes.
    std::sort(hits.begin(), hits.end());
    hits.erase(std::unique(hits.begin(), hits.end()), hits.end());
    std::vector<search_suggestion> out;
    for (auto i : hits) {
        if (out.size() == limit) break;
        out.push_back(all_[i]);
    }
    return out;
}

}  // namespace jh::jobs
