// parallel_jobs.cpp: see parallel_jobs.h.
#include "workers/parallel_jobs.h"

#include <fcntl.h>
#include <unistd.h>

#include <exception>
#include <string>

namespace jh::workers {

parallel_jobs::parallel_jobs(job_handler& handler, int slots) : handler_(handler), slots_(slots) {
    if (::pipe2(pipe_, O_NONBLOCK | O_CLOEXEC) != 0) pipe_[0] = pipe_[1] = -1;
}

parallel_jobs::~parallel_jobs() {
    finish_all();
    for (int fd : pipe_)
        if (fd >= 0) ::close(fd);
}

int parallel_jobs::free_slots() const {
    std::lock_guard lock(mutex_);
    return slots_ - static_cast<int>(running_.size());
}

bool parallel_jobs::idle() const {
    std::lock_guard lock(mutex_);
    return running_.empty();
}

void parallel_jobs::start(claimed_job job) {
    std::lock_guard lock(mutex_);
    running& r = running_.emplace_back();
    r.job = std::move(job);
    r.thread = std::thread([this, &r] { run_one(r); });
}

// A handler's exception is a temporary failure, as in the serial loop.
void parallel_jobs::run_one(running& r) {
    job_result result;
    try {
        result = handler_.run(r.job);
    } catch (const std::exception& e) {
        result = job_result::temporary(std::string("internal error: ") + e.what());
    }
    {
        std::lock_guard lock(mutex_);
        r.result = std::move(result);
    }
    if (pipe_[1] >= 0) {
        char b = 1;
        [[maybe_unused]] auto n = ::write(pipe_[1], &b, 1);   // a full pipe is fine: it is readable anyway
    }
}

std::vector<std::pair<claimed_job, job_result>> parallel_jobs::take_finished() {
    if (pipe_[0] >= 0) {
        char buf[64];
        while (::read(pipe_[0], buf, sizeof buf) > 0) {
        }
    }
    std::list<running> ended;
    {
        std::lock_guard lock(mutex_);
        for (auto it = running_.begin(); it != running_.end();) {
            auto next = std::next(it);
            if (it->result) ended.splice(ended.end(), running_, it);
            it = next;
        }
    }
    std::vector<std::pair<claimed_job, job_result>> out;
    for (auto& r : ended) {
        if (r.thread.joinable()) r.thread.join();   // it has set its result: only its last instructions are left
        out.emplace_back(std::move(r.job), std::move(*r.result));
    }
    return out;
}

std::vector<std::pair<claimed_job, job_result>> parallel_jobs::finish_all() {
    std::vector<std::thread*> threads;
    {
        std::lock_guard lock(mutex_);
        for (auto& r : running_) threads.push_back(&r.thread);
    }
    // Only this (the loop's) thread adds or removes entries, so the pointers stay valid.
    for (auto* t : threads)
        if (t->joinable()) t->join();
    return take_finished();
}

}  // namespace jh::workers
