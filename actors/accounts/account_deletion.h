// account_deletion.h: what other domains remove inside an account's deletion transaction.
//
// The accounts actor deletes the account's rows (the rest go with it, ON DELETE CASCADE). A domain
// whose data outlives its rows, such as the sedcard files on disk (profiles/media_cleanup.h),
// adds a step here; app/ adds them once at start (app/routes.cpp), so accounts depends on no
// domain of its own and the deletion still happens in one transaction: a step that fails rolls
// the deletion back.
#pragma once

#include <cstdint>
#include <vector>

#include "reactor/pg.h"
#include "reactor/task.h"

namespace jh::accounts {

using deletion_step = task<pg::expected<void>> (*)(pg::transaction& tx, std::int64_t account_id);

// Adds `step` (once; adding it again changes nothing). Before the loops start.
void add_deletion_step(deletion_step step);
const std::vector<deletion_step>& deletion_steps() noexcept;

}  // namespace jh::accounts
