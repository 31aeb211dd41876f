// profiles_sedcard.cpp: the sedcard PDF: the profile as a model for the render worker, with the
// portrait's bytes, answered as a download; the last rendering kept on disk and served again while
// nothing the PDF shows has changed (sedcard_kept.h). Part of profiles_actor (profiles_actor.h).
#include "actors/profiles/profiles_actor.h"

#include <simdjson.h>
#include <spdlog/spdlog.h>

#include "actors/files/file_delivery.h"
#include "actors/profiles/profiles_internal.h"
#include "actors/profiles/sedcard_kept.h"
#include "messages/render.h"
#include "media/media_files.h"
#include "actors/profiles/sedcard_model.h"
#include "reactor/config.h"
#include "reactor/loop_context.h"

namespace jh {

using namespace profiles;
using namespace media;
using namespace profiles::detail;

namespace {

// Writes a rendered PDF whole as a new media file (on a file store thread); its key, or "" on
// failure (a full disk too: the PDF is answered anyway, only not kept).
std::string sedcard_write_kept(const std::string& var_dir, const std::string& pdf) {
    std::string key = new_storage_key();
    return write_whole_file(media_path(var_dir, key), pdf).status == write_status::written ? key : std::string();
}

}  // namespace

task<result<files::file_answer>> profiles_actor::sedcard_pdf(const auth::identity& who, std::int64_t id,
                                                             std::string if_none_match) {
    CO_TRY(auto view, co_await get(who, id));
    co_return co_await render_sedcard(view, "Die Sedcard kann gerade nicht erstellt werden. Bitte versuche es gleich noch einmal.",
                                      std::move(if_none_match));
}

task<result<files::file_answer>> profiles_actor::sedcard_pdf_for_provider(std::int64_t profile_id, std::string if_none_match) {
    CO_TRY(auto view, co_await load(profile_id, std::nullopt));
    co_return co_await render_sedcard(view, "Die Sedcard kann gerade nicht erstellt werden. Bitte versuchen Sie es gleich noch einmal.",
                                      std::move(if_none_match));
}

task<result<files::file_answer>> profiles_actor::render_sedcard(const profiles::profile_view& view,
                                                                const char* unavailable_message, std::string if_none_match) {
    const std::int64_t id = view.id;
    CO_CHECK(co_await references());
    simdjson::dom::parser parser;
    simdjson::dom::object doc;
    if (parser.parse(view.document).get(doc) != simdjson::SUCCESS) co_return fail(error_kind::internal);
    std::string model = sedcard_model(doc, names_, today_berlin());
    std::string_view first, last;
    if (doc["firstName"].get(first) != simdjson::SUCCESS) first = {};
    if (doc["lastName"].get(last) != simdjson::SUCCESS) last = {};
    files::file_answer answer{"application/pdf", {}, sedcard_file_name(first, last), false};

    // The portrait goes along as bytes (the 640 px thumbnail when there is one), so a render
    // worker needs neither the database nor this host's disk. Its file's name is part of the
    // version: a stored file never changes, a new portrait is a new key.
    std::string portrait_file;
    if (view.portrait_id) {
        CO_TRY(auto row, co_await loop_.pg.read("SELECT storage_key, 640 = ANY (thumb_widths) FROM profile_images WHERE id = $1", pg::bind(*view.portrait_id)));
        if (row.rows() == 1) portrait_file = std::string(row.text(0, 0)) + (row.boolean(0, 1) ? "-w640" : "");
    }
    answer.etag = sedcard_version(model, portrait_file, sedcard_render_code());
    if (etag_listed(if_none_match.empty() ? std::nullopt : std::optional<std::string_view>(if_none_match), answer.etag)) {
        sedcard_counters().not_modified.fetch_add(1, std::memory_order_relaxed);
        answer.not_modified = true;
        co_return answer;
    }
    if (auto kept = co_await kept_sedcard(id, answer.etag)) {
        sedcard_counters().kept.fetch_add(1, std::memory_order_relaxed);
        answer.body = std::move(*kept);
        co_return answer;
    }

    std::string portrait;
    if (!portrait_file.empty()) {
        auto job = [path = media_path(loop_.cfg.var_dir, portrait_file)] { return read_file(path); };
        auto bytes = co_await files_.run(std::move(job));
        if (bytes && *bytes) portrait = std::move(**bytes);
    }
    std::vector<std::string_view> attachments;
    if (!portrait.empty()) attachments.push_back(portrait);
    auto reply = co_await loop_.requests.request(messages::render_kind::sedcard, model, std::move(attachments), sedcard_timeout_ms);
    if (!reply.ok() || reply.body.empty()) {
        spdlog::warn("sedcard for profile {}: render worker answered {}", id, reply.status);
        co_return fail(error_kind::unavailable, unavailable_message);
    }
    sedcard_counters().rendered.fetch_add(1, std::memory_order_relaxed);
    auto pdf = std::make_shared<const std::string>(std::move(reply.body.front()));
    co_await keep_sedcard(id, answer.etag, pdf);
    answer.body = *pdf;
    co_return answer;
}

task<std::optional<std::string>> profiles_actor::kept_sedcard(std::int64_t profile_id, const std::string& version) {
    auto row = co_await loop_.pg.read("SELECT storage_key FROM sedcard_renders WHERE profile_id = $1 AND version = $2",
                                       pg::bind(profile_id, version));
    if (!row || row->rows() != 1) co_return std::nullopt;
    // A kept file a concurrent rendering has just replaced may be gone: then this one renders.
    auto job = [path = media_path(loop_.cfg.var_dir, row->text(0, 0))] { return read_file(path); };
    auto bytes = co_await files_.run(std::move(job));
    if (!bytes || !*bytes || (*bytes)->empty()) co_return std::nullopt;
    co_return std::move(**bytes);
}

task<void> profiles_actor::keep_sedcard(std::int64_t profile_id, std::string version, std::shared_ptr<const std::string> pdf) {
    if (pdf->empty() || pdf->size() > max_kept_sedcard_bytes) co_return;
    // Named, like every job handed to a pool here: g++ 12 destroyed a capturing lambda written
    // into the co_await's argument twice (a double free, seen in SedcardKept).
    auto write = [var = loop_.cfg.var_dir, pdf] { return sedcard_write_kept(var, *pdf); };
    auto written = co_await files_.run(std::move(write));
    if (!written || written->empty()) {
        spdlog::warn("sedcard for profile {}: the rendered PDF could not be kept", profile_id);
        co_return;
    }
    const std::string key = *written;
    // Only database writes: pg::in_transaction may run it twice (a switchover). The profile's row
    // is locked first, so an account deletion (which locks it too, media_cleanup.cpp) either sees
    // this row and removes its file, or comes first and leaves no profile to keep it for.
    auto kept = co_await pg::in_transaction(loop_.pg, [&](pg::transaction& tx) -> task<result<bool>> {
        CO_TRY(auto profile, co_await tx.query("SELECT 1 FROM candidate_profiles WHERE id = $1 FOR NO KEY UPDATE", pg::bind(profile_id)));
        if (profile.rows() != 1) co_return false;
        CO_TRY(auto old, co_await tx.query("SELECT storage_key FROM sedcard_renders WHERE profile_id = $1", pg::bind(profile_id)));
        CO_CHECK(co_await tx.query(
            "INSERT INTO sedcard_renders (profile_id, version, storage_key, bytes) VALUES ($1, $2, $3, $4) "
            "ON CONFLICT (profile_id) DO UPDATE SET version = EXCLUDED.version, storage_key = EXCLUDED.storage_key, "
            "  bytes = EXCLUDED.bytes, rendered_at = now()",
            pg::bind(profile_id, version, key, static_cast<std::int64_t>(pdf->size()))));
        std::vector<std::string> replaced;
        if (old.rows() == 1) replaced.emplace_back(old.text(0, 0));
        CO_CHECK(co_await files_.commit_removal(tx, replaced, "media_remove:sedcard:" + key));
        co_return true;
    });
    if (!kept || !*kept) {
        if (!kept) spdlog::warn("sedcard for profile {}: keeping the PDF failed: {}", profile_id, kept.error().message);
        std::vector<std::string> keys{key};   // named: g++ 12 cannot take a braced list into a coroutine call
        auto discarded = co_await files_.discard(std::move(keys), std::vector<std::string>{});
        (void)discarded;
    }
}

}  // namespace jh
