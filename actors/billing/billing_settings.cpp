// billing_settings.cpp: the keys of the billing section. See billing_settings.h.
#include "actors/billing/billing_settings.h"

namespace jh {

const config_section& billing_config_section() {
    static const config_section section = make_config_section<billing_settings>({
        {"billing.url", &billing_settings::url},
        {"billing.api_key", &billing_settings::api_key},
        {"billing.timeout_ms", &billing_settings::timeout_ms, 100, 120000},
    });
    return section;
}

}  // namespace jh
