// work_limits_settings.h: the work limits' settings section ("work_limits.*";
// reactor/config_section.h; issue 30, docs/shifts.md "Work limits"). One figure per calendar year
// as "YEAR=VALUE" (reactor/per_year.h), checked when the configuration is loaded; the official
// sources are named in docs/shifts.md. A year not listed takes the latest year before it.
#pragma once

#include <string>
#include <vector>

#include "reactor/config_section.h"

namespace jh {

struct work_limits_settings {
    std::vector<std::string> minijob_month_eur{"2025=556", "2026=603", "2027=633"};
    std::vector<std::string> short_term_days{"2025=70", "2026=70", "2027=70"};
    std::vector<std::string> student_week_hours{"2025=20", "2026=20", "2027=20"};
};

const config_section& work_limits_config_section();

}  // namespace jh
