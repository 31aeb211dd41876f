// search_settings.cpp: the keys of the search section. See search_settings.h.
#include "app/search_settings.h"

namespace jh {

const config_section& search_config_section() {
    static const config_section section = make_config_section<search_settings>({
        {"search.index", &search_settings::index},
        {"search.index_cards", &search_settings::index_cards, 0, 10000000},
        {"search.totals_cache_s", &search_settings::totals_cache_s, 0, 3600},
    });
    return section;
}

}  // namespace jh
