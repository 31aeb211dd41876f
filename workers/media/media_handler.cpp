// media_handler.cpp: see media_handler.h.
#include "workers/media/media_handler.h"

#include <spdlog/spdlog.h>

#include "media/media_files.h"
#include "messages/media_jobs.h"

namespace jh::workers {

job_result media_handler::run(const claimed_job& job) {
    auto removal = messages::parse_media_removal(job.payload);
    if (!removal) return job_result::permanent(removal.error());
    for (const auto& key : removal->keys) media::remove_media(var_dir_, key);   // refuses anything but a name we made (media::is_media_key)
    spdlog::debug("media: removed the files of {} item(s) ({})", removal->keys.size(), job.idempotency_key);
    return job_result::ok();
}

}  // namespace jh::workers
