// config_sections.h: every domain's settings section, registered in one place (the composition
// root), so load_config knows all keys and an unknown one still stops the start.
#pragma once

#include <vector>

#include "reactor/config_section.h"

namespace jh {

const std::vector<const config_section*>& all_config_sections();

}  // namespace jh
