// media_jobs.h: the media job, what an actor enqueues on the `media` queue when rows that own
// stored files are deleted, and the media worker consumes (workers/media/media_handler.h).
//
// JSON: {"keys": ["<32 hex digits>", ...]}. The worker removes each key's file and its derived
// files (thumbnails, poster) after the deleting transaction committed; a key that is not a name we
// made is skipped there (media/media_files.h is_media_key), never taken as a path.
#pragma once

#include <expected>
#include <string>
#include <string_view>
#include <vector>

namespace jh::messages {

struct media_removal {
    std::vector<std::string> keys;   // storage keys (media/media_files.h new_storage_key)
};

std::string to_json(const media_removal& m);
// A "keys" array is required; members of it that are not strings are left out.
std::expected<media_removal, std::string> parse_media_removal(std::string_view json);

}  // namespace jh::messages
