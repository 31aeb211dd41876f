// team_settings.h: the settings of an organization's team that the accounts domain owns
// ("auth.invitations_per_client_per_hour"; reactor/config_section.h). app/ registers the section;
// the invitation rate class (rate_classes.cpp) reads it.
#pragma once

#include "reactor/config_section.h"

namespace jh {

struct team_settings {
    // Team invitations asked for per client address and hour (rate class `invitation`): an
    // invitation answers whether its address has an account, so it is bounded like the login
    // dialog's address check. Thirty leaves a busy onboarding room (the organization's mails are
    // bounded at twenty a day anyway).
    int invitations_per_client_per_hour = 30;
};

const config_section& team_config_section();

}  // namespace jh
