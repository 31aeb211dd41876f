// search_settings.h: the job index's settings section ("search.*"; reactor/config_section.h,
// docs/search.md). The index is built here in app/ (process_domain) and handed to the actors, and
// nothing else reads these settings, so the section lives with the code that builds it; search/
// itself includes nothing of the reactor.
#pragma once

#include "reactor/config_section.h"

namespace jh {

struct search_settings {
    // Answer GET /api/job_postings from the in-memory index (the SQL search answers until it is
    // built and for what it does not cover).
    bool index = true;
    int index_cards = 10000000;   // the newest jobs whose cards and ranking texts the index keeps (all)
    // How long a loop keeps the live jobs' counts per job type when the index is off (jh_job_totals
    // counts every live job). With the index they follow its generation: a change is counted at once.
    int totals_cache_s = 60;
};

const config_section& search_config_section();

}  // namespace jh
