// search_suggestions.h: the words "Was?" suggests as one types (issue 41): the activities and the
// words live job titles use most, matched by the beginning of any of their words after the
// search's own fold (ä = ae = a, case ignored). Kept in memory and found by a binary search over
// the folded word beginnings, so a keystroke costs no database round trip and no pass over the
// list; jobs_actor reads the list anew every few minutes (jh_search_suggestions).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "actors/jobs/jobs_settings.h"

namespace jh::jobs {

struct search_suggestion {
    std::string kind;   // "activity" (filter by its slug) or "word" (a search text)
    std::string name;   // as shown and, for a word, as searched
    std::string slug;   // an activity's
    std::int64_t jobs = 0;   // live jobs with it (an activity) or with it in the title (a word)
};

class suggestion_list {
public:
    suggestion_list() = default;
    // Entries without live jobs are left out; a word that is also an activity's name is shown once.
    explicit suggestion_list(std::vector<search_suggestion> all);
    // Up to `limit` suggestions with a word beginning with `typed`: activities first, then the
    // words, each by jobs descending. Nothing for less than two letters.
    std::vector<search_suggestion> matching(std::string_view typed, std::size_t limit) const;
    bool empty() const noexcept { return all_.empty(); }

private:
    std::vector<search_suggestion> all_;
    std::vector<std::pair<std::string, std::uint32_t>> keys_;   // (a folded word of it, its index), sorted
};

}  // namespace jh::jobs
