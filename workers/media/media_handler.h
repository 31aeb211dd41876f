// media_handler.h: the `media` worker kind: removes the files of deleted sedcard media.
//
// The server never deletes a file itself: the DELETE of an image, video, document or whole
// account writes a queue job (messages::media_removal, messages/media_jobs.h) in the same
// transaction, and this worker removes the files (and their thumbnails and posters) after the commit. A rollback leaves
// the files alone; a crash repeats the job, and removing a missing file is fine.
#pragma once

#include <string>

#include "workers/job.h"

namespace jh::workers {

class media_handler final : public job_handler {
public:
    // The files live below var_dir (media/media_files.h); nothing else of the configuration is needed.
    explicit media_handler(std::string var_dir) : var_dir_(std::move(var_dir)) {}
    job_result run(const claimed_job& job) override;
    int claim_size() const override { return 20; }

private:
    std::string var_dir_;
};

}  // namespace jh::workers
