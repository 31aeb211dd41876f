// menus.h: the menus and footers of both audiences as fixed data (site-shell spec section 2,
// "Menus"), served by GET /api/content/menus. Shape in docs/content.md.
#pragma once

#include <string_view>

#include "reactor/json_writer.h"

namespace jh::content {

// The ten menu cities with their coordinates (also used for the city landing pages' seed).
struct menu_city {
    std::string_view slug, name;
    double latitude, longitude;
};
const menu_city* menu_cities(std::size_t& count) noexcept;

// The path of a page slug: reserved slugs map to their named routes (jobs → /jobs, articles →
// /tipps-faq, landingpages-promotionjobs → /promotionjobs ...); organization pages live under
// /recruiting; other slugs are /{slug}.
std::string path_of_page(std::string_view slug, bool organization);

void write_menus(json_writer& w);

}  // namespace jh::content
