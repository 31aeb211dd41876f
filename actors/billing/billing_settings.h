// billing_settings.h: the billing domain's settings section ("billing.*"; reactor/config_section.h).
// app/ registers it; the billing actor reads it with section<billing_settings>(cfg).
#pragma once

#include <string>

#include "reactor/config_section.h"

namespace jh {

struct billing_settings {
    std::string url;          // the billing provider's API base; empty: not offered
    std::string api_key;      // sent as Authorization: Bearer
    int timeout_ms = 10000;
};

const config_section& billing_config_section();

}  // namespace jh
