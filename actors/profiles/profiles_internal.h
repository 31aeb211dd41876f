// profiles_internal.h: what the files of profiles_actor share and nobody else needs: its messages,
// and the helpers that keep completeness current and find the caller's rows (defined
// in profiles_actor.cpp). The actor is one class whose methods live in several files by topic:
// profiles_actor.cpp (the profile document), profiles_images.cpp, profiles_documents.cpp,
// profiles_videos.cpp, profiles_sedcard.cpp.
#pragma once

#include <cstdint>
#include <expected>
#include <string>
#include <string_view>
#include <vector>

#include "reactor/multipart.h"
#include "actors/profiles/profiles_actor.h"
#include "reactor/app_error.h"
#include "reactor/loop_context.h"
#include "reactor/pg.h"
#include "reactor/pg_bind.h"
#include "reactor/task.h"
#include "reactor/try.h"

namespace jh {

namespace profiles::detail {

inline constexpr std::string_view msg_not_found = "Das gibt es nicht.";
inline const std::vector<std::string> no_keys, no_paths;

std::unexpected<app_error> invalid(std::string field, std::string_view message);

// Today as YYYY-MM-DD, a calendar day in Germany.
std::string today_berlin();

// Recomputes and stores completeness inside `tx` (after a media change). The profile row is locked.
task<pg::expected<void>> store_completeness(pg::transaction& tx, std::int64_t profile_id);

// Runs `delete_sql` ($1 the row, $2 the caller's account), a DELETE of one media row of the
// caller, and hands back what it RETURNS; 404 when no row of the caller was deleted.
task<result<pg::result_set>> delete_owned(pg::transaction& tx, std::string_view delete_sql, std::int64_t id,
                                          std::int64_t account_id);

}  // namespace profiles::detail

template <typename T, typename Write>
task<result<T>> profiles_actor::write_or_discard(std::vector<std::string> keys, Write write) {
    auto done = co_await pg::in_transaction(loop_.pg, std::move(write));
    if (!done) (void)co_await files_.discard(std::move(keys), profiles::detail::no_paths);
    co_return done;
}

}  // namespace jh
