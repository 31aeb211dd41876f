// media_cleanup.h: removing every sedcard file of an account that is being deleted.
//
// Called by the accounts actor inside its deletion transaction (actors/accounts delete_account):
// it writes one `media` queue job naming every stored file of the account's images, videos and
// document attachments, and its kept sedcard PDF. The rows themselves go with the account (ON DELETE CASCADE); the files
// are removed by the media worker once the deletion committed, and never if it rolls back.
#pragma once

#include <cstdint>

#include "reactor/pg.h"
#include "reactor/task.h"

namespace jh::profiles {

task<pg::expected<void>> enqueue_account_media_removal(pg::transaction& tx, std::int64_t account_id);

}  // namespace jh::profiles
