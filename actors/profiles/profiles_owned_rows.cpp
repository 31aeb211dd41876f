// profiles_owned_rows.cpp: reading and deleting one of the caller's own rows (a document, an
// image, a video, an attachment), which every kind of profile media does the same way: a row of
// another account is a 404, and a deleted row's file is removed by the media worker after the
// commit. Part of profiles_actor (profiles_actor.h).
#include "actors/profiles/profiles_actor.h"

#include "actors/profiles/profiles_internal.h"

namespace jh {

task<result<pg::result_set>> profiles_actor::select_owned(std::string_view select_sql, std::int64_t id,
                                                          std::int64_t account_id) {
    CO_TRY(auto r, co_await loop_.pg.read(select_sql, pg::bind(id, account_id)));
    if (r.rows() == 0) co_return fail(error_kind::not_found, std::string(profiles::detail::msg_not_found));
    co_return r;
}

task<result<void>> profiles_actor::delete_media(std::string_view kind, std::string_view delete_sql, std::int64_t id,
                                                std::int64_t account_id, after_media_delete then) {
    // Only database writes: pg::in_transaction may run it twice (a switchover).
    co_return co_await pg::in_transaction(loop_.pg, [&](pg::transaction& tx) -> task<result<void>> {
        CO_TRY(auto deleted, co_await profiles::detail::delete_owned(tx, delete_sql, id, account_id));
        CO_CHECK(co_await then(tx, deleted));
        std::vector<std::string> removed{std::string(deleted.text(0, 0))};
        co_return co_await files_.commit_removal(tx, removed, "media_remove:" + std::string(kind) + ":" + std::to_string(id));
    });
}

}  // namespace jh
