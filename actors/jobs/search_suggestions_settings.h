// search_suggestions_settings.h: the settings of the "Was?" suggestions ("suggestions.*";
// reactor/config_section.h). app/ registers the section; the route's rate class reads it.
#pragma once

#include "reactor/config_section.h"

namespace jh {

// "suggestions.*": requests per client address (an IPv4 address or an IPv6 /64) and minute; more
// are 429. Typing sends one request per pause between keystrokes (the page waits 150 ms), a dozen
// a search; tests lower it.
struct suggestion_settings {
    int per_client_per_minute = 120;
};
const config_section& suggestions_config_section();

}  // namespace jh
