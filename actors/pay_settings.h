// pay_settings.h: the "pay" settings section (reactor/config_section.h; issue 42, docs/fair-play.md):
// the statutory minimum wage per calendar year in cents per hour, as "YEAR=CENTS" (reactor/per_year.h),
// checked when the configuration is loaded. A year not listed takes the latest year before it.
// Source of the figures: § 1 MiLoV5 (Fünfte Mindestlohnanpassungsverordnung), named in docs/fair-play.md.
#pragma once

#include <string>
#include <vector>

#include "reactor/config_section.h"
#include "reactor/per_year.h"

namespace jh {

struct pay_settings {
    std::vector<std::string> minimum_wage_cents{"2025=1282", "2026=1390", "2027=1460"};
};

const config_section& pay_config_section();
// The figures, read once per call (a handful of entries; checked at start, so they parse).
per_year_figures minimum_wage_figures(const pay_settings& s);

}  // namespace jh
