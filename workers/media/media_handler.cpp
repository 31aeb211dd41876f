// media_handler.cpp: see media_handler.h.
#include "workers/media/media_handler.h"

#include <spdlog/spdlog.h>

#include "media/media_files.h"
#include "messages/media_jobs.h"
#include "reactor/config.h"

namespace jh::workers {

media_handler::media_handler(const config& cfg) : cfg_(cfg) {}

job_result media_handler::run(const claimed_job& job) {
    auto removal = messages::parse_media_removal(job.payload);
    if (!removal) return job_result::permanent(removal.error());
    for (const auto& key : removal->keys) media::remove_media(cfg_.var_dir, key);   // refuses anything but a name we made (media::is_media_key)
    spdlog::debug("media: removed the files of {} item(s) ({})", removal->keys.size(), job.idempotency_key);
    return job_result::ok();
}

}  // namespace jh::workers
