// access_log.cpp: see access_log.h.
#include "reactor/access_log.h"

#include <fmt/format.h>

#include <ctime>

#include "reactor/log_line.h"

namespace jh {

namespace {
constexpr std::size_t max_pending = 1 << 20;   // 1 MiB of lines waiting; beyond that, drop
}  // namespace

access_log::access_log(uv_loop_t* loop, int loop_index, int fd, bool json)
    : loop_(loop), loop_index_(loop_index), fd_(fd), json_(json) {
    uv_check_init(loop_, &check_);
    check_.data = this;
    // Unreferenced: an idle access log must not keep the loop alive.
    uv_unref(reinterpret_cast<uv_handle_t*>(&check_));
    uv_check_start(&check_, check_cb);
    pending_.reserve(64 * 1024);
    writing_.reserve(64 * 1024);
}

void access_log::record(std::string_view method, std::string_view target, log_target_hint hint, int status,
                        std::uint64_t bytes, std::uint64_t micros, std::string_view peer_ip,
                        std::string_view request_id) {
    if (closing_) return;
    if (pending_.size() > max_pending) {
        ++dropped_;
        return;
    }
    // The coarse clock is read from the vDSO (no system call); the date part is formatted once a second.
    timespec ts{};
    clock_gettime(CLOCK_REALTIME_COARSE, &ts);
    if (ts.tv_sec != stamp_second_) {
        stamp_second_ = ts.tv_sec;
        std::tm tm{};
        gmtime_r(&ts.tv_sec, &tm);
        std::strftime(stamp_, sizeof stamp_, "%Y-%m-%dT%H:%M:%S", &tm);
    }
    if (dropped_ > 0) {
        const std::string note = fmt::format("{} lines dropped: the log could not keep up", dropped_);
        if (json_) append_json_log_line(pending_, fmt::format("{}Z", stamp_), "warning", static_cast<std::uint64_t>(loop_index_), note);
        else fmt::format_to(std::back_inserter(pending_), "{} access [loop {}] {}\n", stamp_, loop_index_, note);
        dropped_ = 0;
    }
    if (json_) {
        record_json(method, target, hint, status, bytes, micros, peer_ip, request_id, ts.tv_nsec / 1000000);
        return;
    }
    fmt::format_to(std::back_inserter(pending_), "{}.{:03} access [loop {}] {} ", stamp_, ts.tv_nsec / 1000000, loop_index_, method);
    append_redacted_target(pending_, target, hint);
    fmt::format_to(std::back_inserter(pending_), " {} {} {}us {} rid={}\n", status, bytes, micros, peer_ip,
                   request_id.empty() ? std::string_view("-") : request_id);
}

void access_log::record_json(std::string_view method, std::string_view target, log_target_hint hint, int status,
                             std::uint64_t bytes, std::uint64_t micros, std::string_view peer_ip,
                             std::string_view request_id, long millis) {
    char time[40];
    std::snprintf(time, sizeof time, "%s.%03ldZ", stamp_, millis);
    target_.clear();
    append_redacted_target(target_, target, hint);
    append_json_access_line(pending_, {.time = time, .loop = loop_index_, .method = method, .target = target_, .status = status,
                                       .bytes = bytes, .micros = micros, .client = peer_ip, .request_id = request_id});
}

void access_log::check_cb(uv_check_t* h) { static_cast<access_log*>(h->data)->flush(); }

void access_log::flush() {
    if (in_flight_ || pending_.empty()) return;
    writing_.swap(pending_);
    pending_.clear();
    in_flight_ = true;
    write_req_.data = this;
    uv_buf_t buf = uv_buf_init(writing_.data(), static_cast<unsigned>(writing_.size()));
    if (uv_fs_write(loop_, &write_req_, fd_, &buf, 1, -1, write_cb) != 0) {
        in_flight_ = false;   // could not even queue it: these lines are lost, the next may pass
        writing_.clear();
    }
}

void access_log::write_cb(uv_fs_t* req) {
    auto* self = static_cast<access_log*>(req->data);
    uv_fs_req_cleanup(req);
    self->in_flight_ = false;
    self->writing_.clear();
    if (self->closing_) self->finish_if_done();
}

void access_log::close() {
    if (closing_) return;
    closing_ = true;
    uv_close(reinterpret_cast<uv_handle_t*>(&check_), closed_cb);
    flush();
}

void access_log::closed_cb(uv_handle_t* h) {
    auto* self = static_cast<access_log*>(h->data);
    self->check_.data = nullptr;   // marks the handle as closed
    self->finish_if_done();
}

// After close(): write what arrived meanwhile, then free once no write and no handle is left.
void access_log::finish_if_done() {
    flush();
    if (!in_flight_ && check_.data == nullptr) delete this;
}

}  // namespace jh
