// work_limits_settings.cpp: the keys of the work limits' section and the bounds of their yearly
// figures. See work_limits_settings.h.
#include "actors/shifts/work_limits_settings.h"

#include "reactor/per_year.h"

namespace jh {

namespace {

// A row states only "a list of strings"; each figure's bounds are checked here.
struct per_year_bounds {
    const char* key;
    std::vector<std::string> work_limits_settings::*field;
    std::int64_t min, max;
};
const per_year_bounds bounds[] = {
    {"work_limits.minijob_month_eur", &work_limits_settings::minijob_month_eur, 1, 100000},
    {"work_limits.short_term_days", &work_limits_settings::short_term_days, 1, 366},
    {"work_limits.student_week_hours", &work_limits_settings::student_week_hours, 1, 168},
};

std::expected<void, std::string> check_work_limit_figures(const work_limits_settings& s) {
    for (const auto& b : bounds)
        if (auto r = parse_per_year(s.*b.field, b.min, b.max); !r)
            return std::unexpected(std::string(b.key) + ": " + r.error());
    return {};
}

}  // namespace

const config_section& work_limits_config_section() {
    static const config_section section = make_config_section<work_limits_settings>(
        {
            {"work_limits.minijob_month_eur", &work_limits_settings::minijob_month_eur},
            {"work_limits.short_term_days", &work_limits_settings::short_term_days},
            {"work_limits.student_week_hours", &work_limits_settings::student_week_hours},
        },
        check_work_limit_figures);
    return section;
}

}  // namespace jh
