// jobs_settings.h: the jobs domain's settings section ("job_views.*", "suggestions.*";
// reactor/config_section.h): the per-client limits of the jobs' public routes. app/ registers the
// section; the routes' rate classes (jobs_routes.cpp) read it. One section per domain, so a new
// setting of the jobs domain has its place here.
#pragma once

#include "reactor/config_section.h"

namespace jh {

struct jobs_settings {
    // View calls per client address (an IPv4 address or an IPv6 /64) and minute; more are 429. A
    // person reads one job page in seconds; an office behind one address reads more, and a view
    // refused here is only a view not counted (docs/decisions.md, "A view counted once per client
    // and day"). The bench raises it (bench/job-views), tests lower it.
    int views_per_client_per_minute = 120;
    // "Was?" suggestions per client address and minute; more are 429. Typing sends one request
    // per pause between keystrokes (the page waits 150 ms), a dozen a search; tests lower it.
    int suggestions_per_client_per_minute = 120;
};

const config_section& jobs_config_section();

}  // namespace jh
