// alerts_settings.cpp: the keys of the alerts section. See alerts_settings.h.
#include "workers/alerts/alerts_settings.h"

namespace jh {

const config_section& alerts_config_section() {
    static const config_section section = make_config_section<alerts_settings>({
        {"alerts.tick_ms", &alerts_settings::tick_ms, 100, 86400000},
        {"alerts.batch", &alerts_settings::batch, 1, 1000000},
    });
    return section;
}

}  // namespace jh
