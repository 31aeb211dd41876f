// media_cleanup.cpp: see media_cleanup.h.
#include "actors/profiles/media_cleanup.h"

#include <string>
#include <vector>

#include "actors/files/file_store.h"
#include "reactor/pg_bind.h"

namespace jh::profiles {

task<pg::expected<void>> enqueue_account_media_removal(pg::transaction& tx, std::int64_t account_id) {
    // The profile's row first: a sedcard PDF being kept at this moment (profiles_sedcard.cpp
    // keep_sedcard locks it too) is either listed below or finds no profile to keep it for.
    auto locked = co_await tx.query("SELECT 1 FROM candidate_profiles WHERE account_id = $1 FOR UPDATE", pg::bind(account_id));
    if (!locked) co_return std::unexpected(locked.error());
    pg::params p;
    p.add(account_id);
    auto r = co_await tx.query(
        "SELECT i.storage_key FROM profile_images i JOIN candidate_profiles c ON c.id = i.profile_id WHERE c.account_id = $1 "
        "UNION ALL SELECT v.storage_key FROM profile_videos v JOIN candidate_profiles c ON c.id = v.profile_id WHERE c.account_id = $1 "
        "UNION ALL SELECT a.storage_key FROM profile_document_attachments a JOIN profile_documents d ON d.id = a.document_id "
        "  JOIN candidate_profiles c ON c.id = d.profile_id WHERE c.account_id = $1 "
        "UNION ALL SELECT k.storage_key FROM sedcard_renders k JOIN candidate_profiles c ON c.id = k.profile_id WHERE c.account_id = $1",
        std::move(p));
    if (!r) co_return std::unexpected(r.error());
    if (r->rows() == 0) co_return pg::expected<void>{};
    std::vector<std::string> keys;
    for (int i = 0; i < r->rows(); ++i) keys.emplace_back(r->text(i, 0));
    co_return co_await files::enqueue_removal(tx, keys, "media_remove:account:" + std::to_string(account_id));
}

}  // namespace jh::profiles
