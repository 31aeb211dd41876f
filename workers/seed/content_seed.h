// content_seed.h: loads the German content that ships with Jobhafen (workers/seed/content/*.json)
// into the content tables, and draws the content images. Part of `jobhafen seed`; run on every
// start of ops/run, so it is idempotent: objects are upserted by collection and slug, unchanged
// ones (same seed_hash) are skipped, and objects an administrator edited are never overwritten.
//
// A content file is {"collection": "articles", "items": [ {...}, ... ]}; pages carry their
// ordered "sections". Blocking libpq: this is a command, not a loop.
#pragma once

#include <string>

namespace jh::seed {

// Returns 0 on success; prints what it did.
int seed_content(const std::string& database_url, const std::string& content_dir, const std::string& image_dir);

// workers/seed/content below the working directory, else below the source tree.
std::string default_content_dir();

}  // namespace jh::seed
