// crawlers.h: what is not a person, by its user agent. One list for the tracking exclusions
// (site-shell-and-providers.md section 9, actors/tracking/) and the job page's view count
// (actors/jobs/job_views.cpp), so the two never disagree about who counts.
#pragma once

#include <string_view>

namespace jh {

// The user agent names a crawler: bot, spider, crawler, slurp, facebookexternalhit,
// mediapartners-google, ia_archiver (case-blind).
bool is_crawler(std::string_view user_agent);

}  // namespace jh
