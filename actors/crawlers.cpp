// crawlers.cpp: see crawlers.h.
#include "actors/crawlers.h"

#include <algorithm>
#include <iterator>
#include <string>

#include "reactor/text.h"

namespace jh {

bool is_crawler(std::string_view user_agent) {
    // The spec's words, plus crawlers that do not call themselves bots.
    static constexpr std::string_view markers[] = {"bot", "spider", "crawler", "slurp", "facebookexternalhit",
                                                   "mediapartners-google", "ia_archiver"};
    std::string ua = ascii_lower(user_agent);
    return std::any_of(std::begin(markers), std::end(markers), [&](std::string_view m) { return ua.find(m) != std::string::npos; });
}

}  // namespace jh
