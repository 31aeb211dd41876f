// profiles_images.cpp: the profile's images: upload (checked by their bytes, resized on the thread
// pool), deletion, and the file with its thumbnails. Part of profiles_actor (profiles_actor.h).
#include "actors/profiles/profiles_actor.h"

#include <spdlog/spdlog.h>
#include <charconv>
#include <filesystem>

#include "actors/profiles/profiles_internal.h"
#include "media/media_files.h"
#include "reactor/config.h"
#include "reactor/loop_context.h"

namespace jh {

using namespace profiles;
using namespace media;
using namespace profiles::detail;

task<result<std::int64_t>> profiles_actor::add_image(const auth::identity& who, std::int64_t profile_id, files::upload u) {
    CO_CHECK(co_await owns_profile(who, profile_id));
    CO_TRY(auto form, co_await files_.parse(std::move(u), max_image_bytes));
    std::vector<std::string> parts = files::spooled_paths(form);

    std::vector<violation> v;
    std::string type(form.field("type").value_or(""));
    if (type.empty()) v.push_back({"type", std::string(msg::required)});
    else if (!in(enums::image_type, type)) v.push_back({"type", std::string(msg::choice)});
    const multipart_file* file = nullptr;
    for (const auto& f : form.files)
        if (!file && (f.field == "file" || f.field == "file[]")) file = &f;
    if (!file) v.push_back({"file", std::string(msg::required)});
    else if (!is_image(sniff(file->head))) v.push_back({"file", std::string(msg::not_an_image)});
    if (!v.empty()) {
        (void)co_await files_.discard(no_keys, parts);
        co_return std::unexpected(app_error::invalid(std::move(v)));
    }

    std::string key = new_storage_key();
    auto job = [in = file->path, var = loop_.cfg.var_dir, key] { return process_image(in, var, key, true); };
    auto img = co_await files_.run(std::move(job));
    (void)co_await files_.discard(no_keys, parts);
    if (!img) co_return std::unexpected(img.error());
    CO_CHECK(files::image_kept(*img));

    std::string widths = "{";
    for (std::size_t i = 0; i < img->thumb_widths.size(); ++i) widths += (i ? "," : "") + std::to_string(img->thumb_widths[i]);
    widths += "}";
    // Only database writes (the file is in place before): it may run twice (pg::in_transaction).
    auto stored = [&](pg::transaction& tx) -> task<result<std::int64_t>> {
        CO_TRY(auto ins, co_await tx.query(
            "INSERT INTO profile_images (profile_id, type, storage_key, width, height, bytes, thumb_widths) "
            "VALUES ($1, $2, $3, $4, $5, $6, $7::integer[]) RETURNING id",
            pg::bind(profile_id, type, key, img->width, img->height, static_cast<std::int64_t>(img->bytes), widths)));
        std::int64_t image_id = ins.int64(0, 0);
        // images_updated_at: the dashboard's "last image update" (docs/candidate-actions.md).
        CO_CHECK(co_await tx.query(
            "UPDATE candidate_profiles SET images_updated_at = now(), "
            "profile_image_portrait_id = CASE WHEN $3 THEN $2 ELSE profile_image_portrait_id END WHERE id = $1",
            pg::bind(profile_id, image_id, type == "portrait")));
        CO_CHECK(co_await store_completeness(tx, profile_id));
        CO_CHECK(co_await tx.commit());
        co_return image_id;
    };
    // Named first: g++ 12 cannot initialise a coroutine's argument from a braced list.
    std::vector<std::string> keys{key};
    co_return co_await write_or_discard<std::int64_t>(std::move(keys), stored);
}

task<result<void>> profiles_actor::delete_image(const auth::identity& who, std::int64_t image_id) {
    // The portrait shown is the newest portrait left (the foreign key set it to NULL).
    auto show_newest_portrait = [](pg::transaction& tx, const pg::result_set& deleted) -> task<result<void>> {
        std::int64_t profile_id = deleted.int64(0, 1);
        CO_CHECK(co_await tx.query(
            "UPDATE candidate_profiles SET images_updated_at = now(), profile_image_portrait_id = "
            "(SELECT max(id) FROM profile_images WHERE profile_id = $1 AND type = 'portrait') WHERE id = $1",
            pg::bind(profile_id)));
        CO_CHECK(co_await store_completeness(tx, profile_id));
        co_return result<void>{};
    };
    co_return co_await delete_media("image",
        "DELETE FROM profile_images i USING candidate_profiles p WHERE i.id = $1 AND i.profile_id = p.id AND p.account_id = $2 "
        "RETURNING i.storage_key, p.id",
        image_id, who.account_id, show_newest_portrait);
}

task<result<files::file_answer>> profiles_actor::image_file(const std::optional<auth::identity>& who, std::int64_t image_id, std::string filter,
                                                     int width) {
    CO_TRY(auto r, co_await loop_.pg.read(
        "SELECT i.storage_key, array_to_string(i.thumb_widths, ','), p.account_id FROM profile_images i "
        "JOIN candidate_profiles p ON p.id = i.profile_id WHERE i.id = $1",
        pg::bind(image_id)));
    if (r.rows() == 0) co_return fail(error_kind::not_found, std::string(msg_not_found));
    std::int64_t owner = r.int64(0, 2);
    bool public_cache = false;
    if (!who || who->account_id != owner) {
        // Others see it only when the owner's profile is public (everybody), or when the asker is
        // a provider or administrator jh_provider_may_see() lets through. Otherwise it does not exist.
        CO_TRY(auto may, co_await provider_may_see(who, owner));
        if (!may.public_profile && !may.provider) co_return fail(error_kind::not_found, std::string(msg_not_found));
        public_cache = may.public_profile;
    }
    std::string key(r.text(0, 0));
    std::string suffix;
    if (filter == "thumbnail") {
        int want = width > 0 ? width : image_breakpoints[0];
        std::string_view list = r.text(0, 1);
        while (!list.empty()) {
            auto comma = list.find(',');
            std::string_view one = list.substr(0, comma);
            int w = 0;
            std::from_chars(one.data(), one.data() + one.size(), w);
            if (w >= want) {
                suffix = "-w" + std::to_string(w);
                break;
            }
            if (comma == std::string_view::npos) break;
            list.remove_prefix(comma + 1);
        }
    } else if (!filter.empty()) {
        co_return fail(error_kind::bad_request, "Unbekannter Filter.");
    }
    co_return files::file_answer{"image/jpeg", {}, {}, public_cache, media_path(loop_.cfg.var_dir, key, suffix)};
}
}  // namespace jh
