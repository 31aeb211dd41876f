// config_sections.cpp: the list of sections. A domain with a settings struct adds its section
// here; see reactor/config_section.h.
#include "app/config_sections.h"

#include "actors/accounts/oauth_settings.h"
#include "actors/accounts/team_settings.h"
#include "actors/applications/applications_settings.h"
#include "actors/billing/billing_settings.h"
#include "actors/content/content_settings.h"
#include "actors/pay_settings.h"
#include "actors/jobs/jobs_settings.h"
#include "actors/shifts/work_limits_settings.h"
#include "app/search_settings.h"
#include "workers/alerts/alerts_settings.h"
#include "workers/google_index/google_index_settings.h"

namespace jh {

const std::vector<const config_section*>& all_config_sections() {
    static const std::vector<const config_section*> sections = {
        &oauth_config_section(),      &billing_config_section(), &applications_config_section(),
        &content_config_section(),    &work_limits_config_section(), &alerts_config_section(),
        &search_config_section(),     &team_config_section(), &pay_config_section(), &jobs_config_section(),
        &google_index_config_section(),
    };
    return sections;
}

}  // namespace jh
