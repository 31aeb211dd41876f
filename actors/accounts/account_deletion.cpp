// account_deletion.cpp: see account_deletion.h.
#include "actors/accounts/account_deletion.h"

#include <algorithm>

namespace jh::accounts {

namespace {
// Written by app/ before the loops start, read-only afterwards.
std::vector<deletion_step>& steps() {
    static std::vector<deletion_step> all;
    return all;
}
}  // namespace

void add_deletion_step(deletion_step step) {
    auto& all = steps();
    if (std::find(all.begin(), all.end(), step) == all.end()) all.push_back(step);
}

const std::vector<deletion_step>& deletion_steps() noexcept { return steps(); }

}  // namespace jh::accounts
