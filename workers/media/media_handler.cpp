// media_handler.cpp: see media_handler.h.
#include "workers/media/media_handler.h"

#include <simdjson.h>
#include <spdlog/spdlog.h>

#include "actors/profiles/media_files.h"
#include "reactor/config.h"

namespace jh::workers {

media_handler::media_handler(const config& cfg) : cfg_(cfg) {}

job_result media_handler::run(const claimed_job& job) {
    simdjson::dom::parser parser;
    simdjson::dom::array keys;
    if (parser.parse(job.payload).at_key("keys").get(keys) != simdjson::SUCCESS) return job_result::permanent("payload has no keys array");
    int n = 0;
    for (auto k : keys) {
        std::string_view key;
        if (k.get(key) != simdjson::SUCCESS) continue;
        profiles::remove_media(cfg_.var_dir, key);   // refuses anything but 32 hex digits
        ++n;
    }
    spdlog::debug("media: removed the files of {} item(s) ({})", n, job.idempotency_key);
    return job_result::ok();
}

}  // namespace jh::workers
