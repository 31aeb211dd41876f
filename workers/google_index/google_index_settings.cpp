// google_index_settings.cpp: the keys of the google_index section. See google_index_settings.h.
#include "workers/google_index/google_index_settings.h"

namespace jh {

const config_section& google_index_config_section() {
    static const config_section section = make_config_section<google_index_settings>({
        {"google_index.service_account_file", &google_index_settings::service_account_file},
        {"google_index.token_url", &google_index_settings::token_url},
        {"google_index.batch_url", &google_index_settings::batch_url},
        {"google_index.timeout_ms", &google_index_settings::timeout_ms, 100, 600000},
    });
    return section;
}

}  // namespace jh
