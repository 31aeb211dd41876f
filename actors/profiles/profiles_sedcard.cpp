// profiles_sedcard.cpp: the sedcard PDF: the profile as a model for the render worker, with the
// portrait's bytes, answered as a download. Part of profiles_actor (profiles_actor.h).
#include "actors/profiles/profiles_actor.h"

#include <simdjson.h>
#include <spdlog/spdlog.h>

#include "actors/profiles/profiles_internal.h"
#include "messages/render.h"
#include "media/media_files.h"
#include "actors/profiles/sedcard_model.h"
#include "reactor/config.h"
#include "reactor/loop_context.h"

namespace jh {

using namespace profiles;
using namespace media;
using namespace profiles::detail;

task<result<files::file_answer>> profiles_actor::sedcard_pdf(const auth::identity& who, std::int64_t id) {
    CO_TRY(auto view, co_await get(who, id));
    co_return co_await render_sedcard(view, "Die Sedcard kann gerade nicht erstellt werden. Bitte versuche es gleich noch einmal.");
}

task<result<files::file_answer>> profiles_actor::sedcard_pdf_for_provider(std::int64_t profile_id) {
    CO_TRY(auto view, co_await load(profile_id, std::nullopt));
    co_return co_await render_sedcard(view, "Die Sedcard kann gerade nicht erstellt werden. Bitte versuchen Sie es gleich noch einmal.");
}

task<result<files::file_answer>> profiles_actor::render_sedcard(const profiles::profile_view& view,
                                                                   const char* unavailable_message) {
    const std::int64_t id = view.id;
    CO_CHECK(co_await references());
    simdjson::dom::parser parser;
    simdjson::dom::object doc;
    if (parser.parse(view.document).get(doc) != simdjson::SUCCESS) co_return fail(error_kind::internal);
    std::string model = sedcard_model(doc, names_, today_berlin());
    std::string_view first, last;
    if (doc["firstName"].get(first) != simdjson::SUCCESS) first = {};
    if (doc["lastName"].get(last) != simdjson::SUCCESS) last = {};
    std::string file_name = sedcard_file_name(first, last);

    // The portrait goes along as bytes (the 640 px thumbnail when there is one), so a render
    // worker needs neither the database nor this host's disk.
    std::string portrait;
    if (view.portrait_id) {
        CO_TRY(auto row, co_await loop_.pg.read("SELECT storage_key, 640 = ANY (thumb_widths) FROM profile_images WHERE id = $1", pg::bind(*view.portrait_id)));
        if (row.rows() == 1) {
            auto job = [path = media_path(loop_.cfg.var_dir, row.text(0, 0), row.boolean(0, 1) ? "-w640" : "")] { return read_file(path); };
            auto bytes = co_await files_.run(std::move(job));
            if (bytes && *bytes) portrait = std::move(**bytes);
        }
    }
    std::vector<std::string_view> attachments;
    if (!portrait.empty()) attachments.push_back(portrait);
    auto reply = co_await loop_.requests.request(messages::render_kind::sedcard, model, std::move(attachments), sedcard_timeout_ms);
    if (!reply.ok() || reply.body.empty()) {
        spdlog::warn("sedcard for profile {}: render worker answered {}", id, reply.status);
        co_return fail(error_kind::unavailable, unavailable_message);
    }
    co_return files::file_answer{"application/pdf", std::move(reply.body.front()), file_name, false};
}


}  // namespace jh
