// job_views_settings.cpp: the keys of the job_views section. See job_views_settings.h.
#include "actors/jobs/job_views_settings.h"

namespace jh {

const config_section& job_views_config_section() {
    static const config_section section = make_config_section<job_views_settings>({
        {"job_views.per_client_per_minute", &job_views_settings::per_client_per_minute, 1, 1000000},
    });
    return section;
}

}  // namespace jh
