// job_views_settings.h: the settings of counting job page views ("job_views.*";
// reactor/config_section.h). app/ registers the section; the route's rate class reads it.
#pragma once

#include "reactor/config_section.h"

namespace jh {

struct job_views_settings {
    // View calls per client address (an IPv4 address or an IPv6 /64) and minute; more are 429. A
    // person reads one job page in seconds; an office behind one address reads more, and a view
    // refused here is only a view not counted (docs/decisions.md, "A view counted once per client
    // and day"). The bench raises it (bench/job-views), tests lower it.
    int per_client_per_minute = 120;
};

const config_section& job_views_config_section();

}  // namespace jh
