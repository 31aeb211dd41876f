// retention.h: purges of personal data that the workers' hourly housekeeping runs (never a
// request path): tracking events older than tracking.retention_days. Queue rows are purged by
// job_store (done and dead).
#pragma once

#include <cstdint>
#include <expected>
#include <string>

#include "workers/db.h"

namespace jh::workers {

// Deletes up to 10,000 tracking events older than `days`; returns how many.
std::expected<std::int64_t, std::string> purge_tracking_events(db& d, int days);

}  // namespace jh::workers
