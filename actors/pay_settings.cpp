// pay_settings.cpp: the keys of the "pay" section and the bounds of the yearly minimum wage. See
// pay_settings.h.
#include "actors/pay_settings.h"

namespace jh {

namespace {

// 1 € to 100 € an hour: anything else is a typo in the configuration.
constexpr std::int64_t min_cents = 100, max_cents = 10000;

std::expected<void, std::string> check_minimum_wage(const pay_settings& s) {
    if (auto r = parse_per_year(s.minimum_wage_cents, min_cents, max_cents); !r)
        return std::unexpected("pay.minimum_wage_cents: " + r.error());
    return {};
}

}  // namespace

const config_section& pay_config_section() {
    static const config_section section = make_config_section<pay_settings>(
        {{"pay.minimum_wage_cents", &pay_settings::minimum_wage_cents}}, check_minimum_wage);
    return section;
}

per_year_figures minimum_wage_figures(const pay_settings& s) {
    auto r = parse_per_year(s.minimum_wage_cents, min_cents, max_cents);
    return r ? *r : per_year_figures{};
}

}  // namespace jh
