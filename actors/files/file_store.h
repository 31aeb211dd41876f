// file_store.h: the one home of uploaded files, for every domain that keeps them (the sedcard's
// images, documents and videos in actors/profiles/, an organization's logo in actors/organizations/,
// and any later owner). It reads a spooled upload, stores an image checked by its bytes, removes
// files whose rows are gone, and says what a file answer is (file_delivery.h sends it).
//
// Where files live: var/media/profiles/<storage key> (media/media_files.h names and writes them).
// A row that owns a file keeps its storage key; deleting the row queues the file's removal in the
// same transaction (enqueue_removal), and the media worker removes it after the commit, so a
// rolled-back delete keeps its file and a committed one leaves nothing on disk. A file stored for a
// write that then fails is removed at once (discard).
//
// Everything that blocks (multipart parsing, libvips, the file system) runs on the store's own
// thread pool, never on the loop. A file that cannot be written for want of room (a full disk)
// refuses the upload with the 503 of reactor/cannot_store.h, and nothing of it is kept.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "actors/files/stored_file.h"
#include "media/media_files.h"
#include "reactor/app_error.h"
#include "reactor/multipart.h"
#include "reactor/pg.h"
#include "reactor/task.h"
#include "reactor/thread_pool.h"

namespace jh {

struct loop_context;

namespace files {

// The file parts of a form that are not empty.
std::vector<multipart_file> file_parts(const multipart_form& form);
// Where the connection spooled every file part of a form (empty ones too): what discard removes
// once the parts are stored or refused.
std::vector<std::string> spooled_paths(const multipart_form& form);

// A queue job for the media worker that removes the files of deleted rows after `tx` commits
// (nothing when `keys` is empty). The idempotency key names the deletion, e.g.
// "media_remove:image:42".
task<pg::expected<void>> enqueue_removal(pg::transaction& tx, const std::vector<std::string>& keys,
                                         std::string idempotency_key);

// What became of a file written into the media folder, as the answer: a full disk is the 503 of
// reactor/cannot_store.h (nothing about the upload is wrong; it goes through once there is room),
// any other failure a 500.
result<void> file_kept(write_status s);
// The same for an image re-encoded there: bytes that are no image are the 422 on "file".
result<void> image_kept(const media::processed_image& img);

class file_store {
public:
    // `threads`: how many files this owner works on at once.
    file_store(loop_context& loop, int threads);

    // The form of a spooled multipart upload: 400 when it is not one or unreadable, 413 "Die Datei
    // ist zu groß" when a file part exceeds `max_file_bytes`.
    task<result<multipart_form>> parse(upload u, std::uint64_t max_file_bytes);

    // An image in form field "file", re-encoded as a JPEG into the media folder without thumbnails
    // (an organization's logo): its storage key ("<hex>.jpg"). 422 on "file" when it is missing or
    // not an image by its bytes. The caller owns the stored file then.
    task<result<std::string>> store_image(upload u, std::uint64_t max_bytes);

    // Removes stored files (by storage key) and spooled parts (by path) now: the files of a write
    // that failed or was refused.
    task<result<void>> discard(std::vector<std::string> keys, std::vector<std::string> paths);

    // Ends a transaction that deleted rows owning files: queues their removal, commits, and wakes
    // the media worker when there is a file to remove.
    task<result<void>> commit_removal(pg::transaction& tx, const std::vector<std::string>& removed,
                                      std::string idempotency_key);

    // Other blocking work on files (libvips, moving a video, reading a portrait) on this store's
    // threads: `co_await store.run(job)` as thread_pool::run.
    template <typename F>
    auto run(F fn) {
        return pool_.run(std::move(fn));
    }

    const std::string& var_dir() const;

private:
    loop_context& loop_;
    thread_pool pool_;
};

}  // namespace files
}  // namespace jh
