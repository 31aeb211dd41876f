// jobs_settings.cpp: the keys of the jobs section. See jobs_settings.h. A file of its own, as every
// section's, so the fuzz targets' settings library finds it (fuzz/CMakeLists.txt: *_settings.cpp).
#include "actors/jobs/jobs_settings.h"

namespace jh {

const config_section& jobs_config_section() {
    static const config_section section = make_config_section<jobs_settings>({
        {"job_views.per_client_per_minute", &jobs_settings::views_per_client_per_minute, 1, 1000000},
        {"suggestions.per_client_per_minute", &jobs_settings::suggestions_per_client_per_minute, 1, 1000000},
    });
    return section;
}

}  // namespace jh
