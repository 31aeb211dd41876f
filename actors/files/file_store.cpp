// file_store.cpp: see file_store.h.
#include "actors/files/file_store.h"

#include <spdlog/spdlog.h>

#include <filesystem>
#include <utility>

#include "actors/field_rules.h"
#include "media/media_files.h"
#include "messages/media_jobs.h"
#include "messages/queue.h"
#include "reactor/cannot_store.h"
#include "reactor/config.h"
#include "reactor/job_queue.h"
#include "reactor/loop_context.h"
#include "reactor/try.h"

namespace jh::files {

std::vector<multipart_file> file_parts(const multipart_form& form) {
    std::vector<multipart_file> out;
    for (const auto& f : form.files)
        if (f.size > 0) out.push_back(f);
    return out;
}

std::vector<std::string> spooled_paths(const multipart_form& form) {
    std::vector<std::string> out;
    for (const auto& f : form.files) out.push_back(f.path);
    return out;
}

task<pg::expected<void>> enqueue_removal(pg::transaction& tx, const std::vector<std::string>& keys,
                                         std::string idempotency_key) {
    if (keys.empty()) co_return pg::expected<void>{};
    std::string payload = messages::to_json(messages::media_removal{keys});
    auto q = co_await job_queue::enqueue(tx, messages::queue::media, payload, idempotency_key);
    if (!q) co_return std::unexpected(q.error());
    co_return pg::expected<void>{};
}

namespace {

// The answer to an upload that met a full media disk, with a line that tells the operator where
// (no name, no file name: logs hold no personal data).
std::unexpected<app_error> media_disk_full() {
    spdlog::warn("files: no room in the media folder (ENOSPC/EDQUOT): an upload was refused with 503");
    return std::unexpected(cannot_store_now());
}

}  // namespace

result<void> file_kept(write_status s) {
    switch (s) {
        case write_status::written: return {};
        case write_status::no_space: return media_disk_full();
        case write_status::failed: break;
    }
    return fail(error_kind::internal);
}

result<void> image_kept(const media::processed_image& img) {
    if (img.ok) return {};
    if (img.written != write_status::written) return file_kept(img.written);   // the disk's fault, not the image's
    return std::unexpected(app_error::invalid({{"file", std::string(msg::not_an_image)}}));
}

file_store::file_store(loop_context& loop, int threads) : loop_(loop), pool_(loop.uv, threads, 64) {}

const std::string& file_store::var_dir() const { return loop_.cfg.var_dir; }

task<result<multipart_form>> file_store::parse(upload u, std::uint64_t max_file_bytes) {
    // Neutral words: candidates (the sedcard) and providers (the logo) both upload through here.
    auto boundary = multipart_boundary(u.content_type);
    if (!boundary || u.body_file.empty())
        co_return fail(error_kind::bad_request, "Die Datei muss als Formular (multipart/form-data) gesendet werden.");
    std::string tmp = loop_.cfg.var_dir + "/tmp";
    auto job = [path = u.body_file, b = *boundary, tmp, max_file_bytes] {
        std::pair<multipart_error, multipart_form> out;
        multipart_limits limits;
        limits.max_file_bytes = max_file_bytes;
        out.first = parse_multipart_file(path, b, tmp, limits, out.second);
        return out;
    };
    CO_TRY(auto parsed, co_await pool_.run(std::move(job)));
    switch (parsed.first) {
        case multipart_error::none: break;
        case multipart_error::malformed: co_return fail(error_kind::bad_request, "Das Formular ist nicht lesbar.");
        case multipart_error::file_too_large: co_return fail(error_kind::payload_too_large, std::string(msg::file_too_large));
        case multipart_error::io: co_return fail(error_kind::internal);
        case multipart_error::no_space: co_return std::unexpected(cannot_store_now());
    }
    co_return std::move(parsed.second);
}

task<result<std::string>> file_store::store_image(upload u, std::uint64_t max_bytes) {
    CO_TRY(auto form, co_await parse(std::move(u), max_bytes));
    std::vector<std::string> parts = spooled_paths(form);
    const multipart_file* file = nullptr;
    for (const auto& f : form.files)
        if (!file && f.field == "file") file = &f;
    if (!file || !media::is_image(media::sniff(file->head))) {
        (void)co_await discard(std::vector<std::string>{}, parts);
        std::string_view why = file ? msg::not_an_image : fields::msg::required;
        co_return std::unexpected(app_error::invalid({{"file", std::string(why)}}));
    }
    std::string key = media::new_storage_key() + ".jpg";
    auto job = [in = file->path, var = loop_.cfg.var_dir, key] { return media::process_image(in, var, key, false); };
    auto img = co_await pool_.run(std::move(job));
    (void)co_await discard(std::vector<std::string>{}, parts);
    if (!img) co_return std::unexpected(img.error());
    CO_CHECK(image_kept(*img));
    co_return key;
}

task<result<void>> file_store::discard(std::vector<std::string> keys, std::vector<std::string> paths) {
    auto job = [keys = std::move(keys), paths = std::move(paths), var = loop_.cfg.var_dir] {
        for (const auto& k : keys) media::remove_media(var, k);
        std::error_code ec;
        for (const auto& p : paths) std::filesystem::remove(p, ec);
        return true;
    };
    CO_CHECK(co_await pool_.run(std::move(job)));
    co_return result<void>{};
}

task<result<void>> file_store::commit_removal(pg::transaction& tx, const std::vector<std::string>& removed,
                                              std::string idempotency_key) {
    CO_CHECK(co_await enqueue_removal(tx, removed, std::move(idempotency_key)));
    CO_CHECK(co_await tx.commit());
    if (!removed.empty()) job_queue::wake(loop_, messages::queue::media);
    co_return result<void>{};
}

}  // namespace jh::files
