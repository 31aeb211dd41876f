// whole_file.h: writing a file whole or not at all, and telling a full disk from other failures.
//
// Files others read by name (media, a mail's .eml) are written under a temporary name in the same
// folder and renamed, so a reader never sees half a file and a failed write leaves nothing. A
// write that fails for want of room (ENOSPC, EDQUOT) is told apart from the rest: nothing about the
// upload or the job is wrong then, and it goes through once an operator has made room, so the
// server answers 503 (reactor/cannot_store.h) and a queue job waits without using an attempt
// (workers/job.h, outcome::wait). Blocking: call it on the thread pool or in a worker, never on a loop.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>
#include <string_view>

namespace jh {

// ENOSPC or EDQUOT: an errno, or libuv's negative form of one.
bool is_out_of_space(int err) noexcept;

enum class write_status { written, no_space, failed };

struct write_outcome {
    write_status status = write_status::written;
    std::string error;   // for logs: what failed, with the path and strerror ("" when written)
};

// Writes `bytes` to `path` through a temporary file beside it, then renames. `sync`: fsync before
// the rename (and the folder after it), for a file that must survive a crash once the caller records it as done (a mail).
write_outcome write_whole_file(const std::string& path, std::string_view bytes, bool sync = false);

// What write_whole_file leaves when its process dies between the write and the rename: removes the
// temporary files (".tmp-…", regular files only, never a link) in `folder` last written more than
// `age` ago, and returns how many. A write takes seconds, so an hour-old temporary is nobody's.
// The workers' hourly pass calls it for the media and mail folders (workers/worker.cpp).
std::size_t remove_stale_temporaries(const std::string& folder, std::chrono::seconds age);

}  // namespace jh
