// applications_settings.h: the applications domain's settings section ("applications.*";
// reactor/config_section.h). app/ registers it; the applications actor reads it.
#pragma once

#include "reactor/config_section.h"

namespace jh {

struct applications_settings {
    // A provider's status mail to a candidate waits this long; a newer status meanwhile replaces it
    // (docs/decisions.md, "Mails one party makes Jobhafen send to another"). Tests shorten it.
    int status_mail_delay_s = 300;
};

const config_section& applications_config_section();

}  // namespace jh
