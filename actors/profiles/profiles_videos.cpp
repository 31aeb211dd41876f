// profiles_videos.cpp: the profile's videos (introduction and others): upload, deletion and the
// file or its poster. Part of profiles_actor (profiles_actor.h).
#include "actors/profiles/profiles_actor.h"

#include <filesystem>

#include "actors/profiles/profiles_internal.h"
#include "media/media_files.h"
#include "reactor/config.h"
#include "reactor/loop_context.h"

namespace jh {

using namespace profiles;
using namespace media;
using namespace profiles::detail;

task<result<std::int64_t>> profiles_actor::add_video(const auth::identity& who, std::int64_t profile_id, std::string type, files::upload u) {
    CO_TRY(auto prof, co_await loop_.pg.read("SELECT first_name FROM candidate_profiles WHERE id = $1 AND account_id = $2",
                                              pg::bind(profile_id, who.account_id)));
    if (prof.rows() == 0) co_return fail(error_kind::not_found, std::string(msg_not_found));
    std::string first_name(prof.text(0, 0));
    CO_TRY(auto form, co_await files_.parse(std::move(u), max_video_bytes));
    auto given = files::file_parts(form);
    std::vector<std::string> parts = files::spooled_paths(form);
    file_kind kind = given.size() == 1 ? sniff(given[0].head) : file_kind::unknown;
    if (given.size() != 1 || !is_video(kind)) {
        (void)co_await files_.discard(no_keys, parts);
        co_return invalid("file", given.empty() ? msg::required : msg::not_a_video);
    }
    std::string key = new_storage_key();
    std::string title = type == "goals" ? "Meine Ziele" : type == "introduction" ? "Vorstellungsvideo" : "Das zeichnet mich aus";
    // The video and its poster, or neither (a full disk refuses the upload with 503).
    auto job = [from = given[0].path, var = loop_.cfg.var_dir, key, title, first_name] {
        write_status s = move_into_media(from, var, key);
        if (s == write_status::written) s = write_video_poster(var, key, title, first_name);
        if (s != write_status::written) remove_media(var, key);
        return s;
    };
    auto moved = co_await files_.run(std::move(job));
    (void)co_await files_.discard(no_keys, parts);
    if (!moved) co_return std::unexpected(moved.error());
    CO_CHECK(files::file_kept(*moved));
    // Only database writes (the file is in place before): it may run twice (pg::in_transaction).
    auto write = [&](pg::transaction& tx) -> task<result<std::int64_t>> {
        CO_TRY(auto ins, co_await tx.query(
            "INSERT INTO profile_videos (profile_id, type, storage_key, content_type, bytes) VALUES ($1, $2, $3, $4, $5) RETURNING id",
            pg::bind(profile_id, type, key, content_type_of(kind), static_cast<std::int64_t>(given[0].size))));
        CO_CHECK(co_await store_completeness(tx, profile_id));
        CO_CHECK(co_await tx.commit());
        co_return ins.int64(0, 0);
    };
    // Named first: g++ 12 cannot initialise a coroutine's argument from a braced list.
    std::vector<std::string> keys{key};
    co_return co_await write_or_discard<std::int64_t>(std::move(keys), write);
}

task<result<void>> profiles_actor::delete_video(const auth::identity& who, std::int64_t video_id) {
    auto recompute_completeness = [](pg::transaction& tx, const pg::result_set& deleted) -> task<result<void>> {
        CO_CHECK(co_await store_completeness(tx, deleted.int64(0, 1)));
        co_return result<void>{};
    };
    co_return co_await delete_media("video",
        "DELETE FROM profile_videos v USING candidate_profiles p WHERE v.id = $1 AND v.profile_id = p.id AND p.account_id = $2 "
        "RETURNING v.storage_key, p.id",
        video_id, who.account_id, recompute_completeness);
}

task<result<files::file_answer>> profiles_actor::video_file(const auth::identity& who, std::int64_t video_id, bool poster) {
    CO_TRY(auto r, co_await select_owned(
        "SELECT v.storage_key, v.content_type FROM profile_videos v JOIN candidate_profiles p ON p.id = v.profile_id "
        "WHERE v.id = $1 AND p.account_id = $2",
        video_id, who.account_id));
    std::string path = media_path(loop_.cfg.var_dir, r.text(0, 0), poster ? "-poster" : "");
    co_return files::file_answer{poster ? "image/jpeg" : std::string(r.text(0, 1)), {}, {}, false, std::move(path)};
}

}  // namespace jh
