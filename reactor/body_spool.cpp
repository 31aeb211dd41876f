// body_spool.cpp: see body_spool.h. One uv_fs_t, one operation at a time: open, then writes in
// order at increasing offsets, then close; abandon() adds unlink and the final delete.
#include "reactor/body_spool.h"

#include <cerrno>

#include <fcntl.h>

#include "reactor/whole_file.h"

namespace jh {

body_spool::body_spool(uv_loop_t* loop, std::string path, std::function<void()> on_drain)
    : loop_(loop), path_(std::move(path)), on_drain_(std::move(on_drain)) {
    req_.data = this;
}

body_spool* body_spool::create(uv_loop_t* loop, std::string path, std::function<void()> on_drain) {
    auto* s = new body_spool(loop, std::move(path), std::move(on_drain));
    s->busy_ = true;
    if (uv_fs_open(loop, &s->req_, s->path_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600, on_open) != 0) {
        s->busy_ = false;
        s->failed_ = true;
        s->closed_ = true;
    }
    return s;
}

bool body_spool::out_of_space() const noexcept { return is_out_of_space(error_); }

void body_spool::on_open(uv_fs_t* r) {
    auto* s = static_cast<body_spool*>(r->data);
    s->busy_ = false;
    if (r->result < 0) {
        s->failed_ = true;
        s->error_ = static_cast<int>(r->result);
        s->closed_ = true;
    } else {
        s->fd_ = static_cast<uv_file>(r->result);
    }
    uv_fs_req_cleanup(r);
    if (s->abandoned_) return s->cleanup();
    s->pump();
}

void body_spool::append(const char* data, std::size_t len) {
    received_ += len;
    if (failed_) return;   // nothing more is kept; finish() reports the failure
    chunk_.append(data, len);
    if (chunk_.size() >= chunk_bytes) {
        queued_ += chunk_.size();
        queue_.push_back(std::move(chunk_));
        chunk_.clear();
        chunk_.reserve(chunk_bytes);
        pump();
    }
    if (over_high_water()) above_high_ = true;
}

void body_spool::pump() {
    if (busy_ || abandoned_) return;
    if (fd_ >= 0 && !failed_ && !queue_.empty()) {
        const std::string& front = queue_.front();
        uv_buf_t buf = uv_buf_init(const_cast<char*>(front.data() + front_done_), static_cast<unsigned>(front.size() - front_done_));
        busy_ = true;
        if (uv_fs_write(loop_, &req_, fd_, &buf, 1, static_cast<std::int64_t>(offset_), on_write) != 0) {
            busy_ = false;
            failed_ = true;
        } else {
            return;
        }
    }
    maybe_finish();
}

void body_spool::on_write(uv_fs_t* r) {
    auto* s = static_cast<body_spool*>(r->data);
    s->busy_ = false;
    ssize_t n = r->result;
    uv_fs_req_cleanup(r);
    if (n < 0) {
        s->failed_ = true;
        if (s->error_ == 0) s->error_ = static_cast<int>(n);
    } else {
        s->offset_ += static_cast<std::uint64_t>(n);
        s->front_done_ += static_cast<std::size_t>(n);
        if (s->front_done_ >= s->queue_.front().size()) {   // a short write continues with the rest
            s->queued_ -= s->queue_.front().size();
            s->queue_.pop_front();
            s->front_done_ = 0;
        }
    }
    if (s->abandoned_) return s->cleanup();
    if (s->above_high_ && s->backlog() < low_water) {
        s->above_high_ = false;
        if (s->on_drain_) s->on_drain_();
        if (s->abandoned_) return;   // the drain callback may have given up the spool
    }
    s->pump();
}

void body_spool::finish(std::function<void(bool ok)> done) {
    done_ = std::move(done);
    finishing_ = true;
    if (!chunk_.empty() && !failed_) {
        queued_ += chunk_.size();
        queue_.push_back(std::move(chunk_));
        chunk_.clear();
    }
    pump();
}

void body_spool::maybe_finish() {
    if (!finishing_ || busy_ || abandoned_) return;
    if (fd_ < 0 && !closed_) return;   // still opening
    if (!failed_ && !queue_.empty()) return;
    if (!closed_) {
        busy_ = true;
        if (uv_fs_close(loop_, &req_, fd_, on_close) == 0) return;
        busy_ = false;
        closed_ = true;
        fd_ = -1;
    }
    auto done = std::move(done_);
    done_ = nullptr;
    finishing_ = false;
    if (done) done(!failed_);
}

void body_spool::on_close(uv_fs_t* r) {
    auto* s = static_cast<body_spool*>(r->data);
    s->busy_ = false;
    s->closed_ = true;
    s->fd_ = -1;
    uv_fs_req_cleanup(r);
    if (s->abandoned_) return s->cleanup();
    s->maybe_finish();
}

void body_spool::abandon() {
    abandoned_ = true;
    on_drain_ = nullptr;
    done_ = nullptr;
    queue_.clear();
    chunk_.clear();
    chunk_.shrink_to_fit();
    if (!busy_) cleanup();
}

void body_spool::cleanup() {
    // Called with no operation in flight: close if open, then unlink, then free.
    if (fd_ >= 0) {
        busy_ = true;
        if (uv_fs_close(loop_, &req_, fd_, on_close) == 0) {
            fd_ = -1;
            return;
        }
        busy_ = false;
        fd_ = -1;
    }
    busy_ = true;
    if (uv_fs_unlink(loop_, &req_, path_.c_str(), on_unlink) != 0) delete this;
}

void body_spool::on_unlink(uv_fs_t* r) {
    auto* s = static_cast<body_spool*>(r->data);
    uv_fs_req_cleanup(r);
    delete s;
}

}  // namespace jh
