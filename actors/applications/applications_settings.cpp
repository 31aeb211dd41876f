// applications_settings.cpp: the keys of the applications section. See applications_settings.h.
#include "actors/applications/applications_settings.h"

namespace jh {

const config_section& applications_config_section() {
    static const config_section section = make_config_section<applications_settings>({
        {"applications.status_mail_delay_s", &applications_settings::status_mail_delay_s, 0, 86400},
    });
    return section;
}

}  // namespace jh
