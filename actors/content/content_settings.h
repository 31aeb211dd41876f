// content_settings.h: the content domain's settings section ("content.*"; reactor/config_section.h,
// docs/content.md). app/ registers it; the content routes read it.
#pragma once

#include <cstdint>
#include <string>

#include "reactor/config_section.h"

namespace jh {

struct content_settings {
    std::int64_t special_offer_job_id = 0;   // the job marked "Sonderangebot" (GET /api/features); 0: none
    std::string xhr_cache_api_key;           // GET /api/xhr-cache/refresh/{id}?apiKey=; empty: refresh is off
};

const config_section& content_config_section();

}  // namespace jh
