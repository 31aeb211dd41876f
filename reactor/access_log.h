// access_log.h: one line per answered request, written without stalling the loop.
//
// Each loop appends its lines to its own buffer; a uv_check handle hands the buffer to one
// uv_fs_write (libuv's thread pool) per loop turn while no write is in flight, so a busy loop
// writes many lines per system call and never waits for the disk. If the disk falls behind and
// the buffer reaches its cap, further lines are counted and dropped rather than buffered without
// bound. Line format: "2026-11-21T10:00:00.123 access [loop 0] GET /path 200 45 123us 127.0.0.1 rid=ID"
// (ID: the request id, reactor/request_id.h; "rid=-" when there is none).
// The target is written without its secrets (tokens, codes, addresses: reactor/log_redaction.h).
#pragma once

#include <uv.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "reactor/log_redaction.h"

namespace jh {

// Owns itself: create() makes one, close() writes what is left and frees it once the last write
// and its handle have finished, so a write in flight never outlives its buffers.
class access_log {
public:
    // `fd` is where lines go (standard error, or the file named by log.file); not owned.
    // `json`: lines as reactor/log_line.h's JSON objects instead of the text form above.
    static access_log* create(uv_loop_t* loop, int loop_index, int fd, bool json = false) {
        return new access_log(loop, loop_index, fd, json);
    }
    access_log(const access_log&) = delete;
    access_log& operator=(const access_log&) = delete;

    void record(std::string_view method, std::string_view target, log_target_hint hint, int status, std::uint64_t bytes,
                std::uint64_t micros, std::string_view peer_ip, std::string_view request_id);
    // Writes what is buffered, then frees this object; do not use it afterwards.
    void close();

private:
    access_log(uv_loop_t* loop, int loop_index, int fd, bool json);
    void record_json(std::string_view method, std::string_view target, log_target_hint hint, int status, std::uint64_t bytes,
                     std::uint64_t micros, std::string_view peer_ip, std::string_view request_id, long millis);
    ~access_log() = default;
    void finish_if_done();
    static void closed_cb(uv_handle_t* h);
    static void check_cb(uv_check_t* h);
    static void write_cb(uv_fs_t* req);
    void flush();

    uv_loop_t* loop_;
    int loop_index_;
    int fd_;
    bool json_;
    std::string target_;      // the redacted target of the JSON line being written
    uv_check_t check_{};
    uv_fs_t write_req_{};
    std::string pending_;     // lines waiting for the next write
    std::string writing_;     // the buffer of the write in flight
    bool in_flight_ = false;
    bool closing_ = false;
    std::uint64_t dropped_ = 0;
    std::int64_t stamp_second_ = -1;   // the second `stamp_` was formatted for
    char stamp_[24] = {};              // "2026-11-21T10:00:00", cached per second
};

}  // namespace jh
