// alerts_settings.h: the alerts worker's settings section ("alerts.*"; reactor/config_section.h).
// Only the worker reads these, so the section lives beside it (workers/ may not include actors/);
// app/ registers it.
#pragma once

#include "reactor/config_section.h"

namespace jh {

struct alerts_settings {
    int tick_ms = 60000;   // the alerts worker looks for due alerts this often
    int batch = 2000;      // due alerts matched per statement
};

const config_section& alerts_config_section();

}  // namespace jh
