// content_settings.cpp: the keys of the content section. See content_settings.h.
#include "actors/content/content_settings.h"

namespace jh {

const config_section& content_config_section() {
    static const config_section section = make_config_section<content_settings>({
        {"content.xhr_cache_api_key", &content_settings::xhr_cache_api_key},
        {"content.special_offer_job_id", &content_settings::special_offer_job_id, 0, 1LL << 62},
    });
    return section;
}

}  // namespace jh
