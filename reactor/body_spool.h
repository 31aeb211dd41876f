// body_spool.h: a request body written to a file while it arrives (uploads), so memory does not
// grow with the size of the upload.
//
// A route opts in with route_options::stream_body (reactor/router.h). The connection then makes a
// body_spool at headers-complete and hands each piece llhttp gives it to append(); the spool
// copies it into a 256 KiB chunk and writes full chunks with uv_fs_write (libuv's thread pool; the
// loop never blocks on the disk). While more than `high_water` bytes wait for the disk, the
// connection stops reading from the socket (backpressure) and resumes from the drain callback,
// so at most about 1 MiB of a body is in memory at any time. When the body is complete, finish()
// flushes and closes the file; the handler finds its path in http_request::body_file. After the
// answer (or when the connection dies half-way) the connection calls abandon(): the file is
// unlinked and the spool frees itself once no file operation is in flight.
#pragma once

#include <uv.h>

#include <cstdint>
#include <deque>
#include <functional>
#include <string>

namespace jh {

class body_spool {
public:
    static constexpr std::size_t chunk_bytes = 256 * 1024;
    static constexpr std::size_t high_water = 1024 * 1024;   // stop reading the socket above this
    static constexpr std::size_t low_water = 256 * 1024;     // read again below this

    // Starts opening `path` (created, must not exist, mode 0600). `on_drain` runs on the loop when
    // the backlog fell below low_water after having been above high_water.
    static body_spool* create(uv_loop_t* loop, std::string path, std::function<void()> on_drain);

    void append(const char* data, std::size_t len);
    // Bytes accepted but not yet on disk.
    std::size_t backlog() const noexcept { return queued_ + chunk_.size(); }
    bool over_high_water() const noexcept { return backlog() > high_water; }
    // Flushes, closes the file and calls done(ok) on the loop. Call once, after the last append().
    void finish(std::function<void(bool ok)> done);
    // The owner lets go: no callback runs any more; the file is removed; the spool frees itself.
    void abandon();

    const std::string& path() const noexcept { return path_; }
    // The failure was the disk's lack of room (ENOSPC, EDQUOT): not the upload's fault, a 503.
    bool out_of_space() const noexcept;
    std::uint64_t size() const noexcept { return received_; }

private:
    body_spool(uv_loop_t* loop, std::string path, std::function<void()> on_drain);
    ~body_spool() = default;
    void pump();              // starts the next write, or closes when finishing and all is written
    void maybe_finish();
    void cleanup();           // after abandon(): close, unlink, delete
    static void on_open(uv_fs_t* r);
    static void on_write(uv_fs_t* r);
    static void on_close(uv_fs_t* r);
    static void on_unlink(uv_fs_t* r);

    uv_loop_t* loop_;
    std::string path_;
    std::function<void()> on_drain_;
    std::function<void(bool)> done_;
    uv_fs_t req_{};           // one file operation at a time
    bool busy_ = false;       // req_ is in flight
    uv_file fd_ = -1;
    bool failed_ = false;
    int error_ = 0;           // the first failed operation's libuv code (a negative errno)
    bool finishing_ = false;
    bool closed_ = false;
    bool abandoned_ = false;
    bool above_high_ = false;
    std::string chunk_;                 // being filled
    std::deque<std::string> queue_;     // full chunks waiting for the disk (front: being written)
    std::size_t queued_ = 0;
    std::size_t front_done_ = 0;        // bytes of queue_.front() already written
    std::uint64_t offset_ = 0;
    std::uint64_t received_ = 0;
};

}  // namespace jh
