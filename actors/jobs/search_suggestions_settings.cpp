// search_suggestions_settings.cpp: see search_suggestions_settings.h. A file of its own, as every
// section's, so the fuzz targets' settings library finds it (fuzz/CMakeLists.txt: *_settings.cpp).
#include "actors/jobs/search_suggestions_settings.h"

namespace jh {

const config_section& suggestions_config_section() {
    static const config_section section = make_config_section<suggestion_settings>({
        {"suggestions.per_client_per_minute", &suggestion_settings::per_client_per_minute, 1, 1000000},
    });
    return section;
}

}  // namespace jh
