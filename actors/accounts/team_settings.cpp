// team_settings.cpp: the keys of the team section. See team_settings.h.
#include "actors/accounts/team_settings.h"

namespace jh {

const config_section& team_config_section() {
    static const config_section section = make_config_section<team_settings>({
        {"auth.invitations_per_client_per_hour", &team_settings::invitations_per_client_per_hour, 1, 1000000},
    });
    return section;
}

}  // namespace jh
