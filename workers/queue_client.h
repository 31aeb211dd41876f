// queue_client.h: enqueueing from a process that is not the server (the queue bench, tests).
//
// It runs the real server path, job_queue::enqueue inside a pg::transaction and job_queue::wake
// after the commit, on a private libuv loop with its own pg::pool and its own zmq_hub bound at
// the publish endpoint (where the workers subscribe). The calling thread blocks while the loop
// runs, which is fine in a bench or a test; the server itself never uses this class.
#pragma once

#include <uv.h>

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "reactor/pg.h"
#include "reactor/task.h"
#include "reactor/zmq_link.h"

namespace jh::workers {

class queue_client {
public:
    queue_client(std::string database_url, std::string publish_endpoint, int pool_size = 2);
    ~queue_client();
    queue_client(const queue_client&) = delete;
    queue_client& operator=(const queue_client&) = delete;

    // Binds the publish endpoint and starts the pool; returns an error text or "".
    std::string start();

    uv_loop_t* loop() noexcept { return &loop_; }
    pg::pool& pool() noexcept { return *pool_; }
    zmq_link& link() noexcept { return *link_; }

    // Runs `t` on the loop and returns when it finished (exceptions are logged and swallowed).
    void run(task<void> t);

    // One job in its own transaction, committed (then woken) or rolled back. "" or an error text.
    std::string enqueue(std::string_view kind, std::string_view payload_json, std::string_view key, bool commit = true,
                        std::optional<std::chrono::system_clock::time_point> run_at = std::nullopt);

private:
    uv_loop_t loop_{};
    std::unique_ptr<zmq_hub> hub_;
    std::unique_ptr<zmq_link> link_;
    std::unique_ptr<pg::pool> pool_;
    bool started_ = false;
};

}  // namespace jh::workers
