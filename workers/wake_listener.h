// wake_listener.h: a worker's ZeroMQ SUB socket for wake-ups from the server.
//
// The server publishes the kind (topic) after a transaction that enqueued a job of that kind
// committed (reactor/job_queue.h). A wake-up is only a hint: PUB/SUB may drop it (slow joiner,
// restart, high-water mark), so the worker waits at most queue.poll_interval_ms and then looks at
// the table anyway. Blocking is fine here: this is a worker process, not a reactor thread.
#pragma once

#include <chrono>
#include <memory>
#include <string>

namespace zmq {
class context_t;
class socket_t;
}  // namespace zmq

namespace jh::workers {

class wake_listener {
public:
    // `interrupt_fd`: a file descriptor that becomes readable when the worker must stop (the read
    // end of the signal handler's self-pipe), so a stop never waits for a timeout; -1 for none.
    wake_listener(const std::string& endpoint, const std::string& kind, int interrupt_fd = -1);
    ~wake_listener();
    // A second descriptor that ends a wait when readable (the worker's own finished jobs,
    // parallel_jobs::notify_fd); its reader drains it. -1: none.
    void also_wake_on(int fd) { extra_fd_ = fd; }
    // Returns after a wake-up, after `timeout`, or when interrupt_fd (or the extra descriptor) is
    // readable, whichever is first.
    // Wake-ups that piled up meanwhile are all consumed: many jobs, one look at the table.
    void wait(std::chrono::milliseconds timeout);

private:
    void drain();
    int interrupt_fd_ = -1;
    int extra_fd_ = -1;
    std::unique_ptr<zmq::context_t> context_;
    std::unique_ptr<zmq::socket_t> sub_;
};

}  // namespace jh::workers
