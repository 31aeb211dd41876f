// queue_client.cpp: see queue_client.h.
#include "workers/queue_client.h"

#include <spdlog/spdlog.h>

#include "reactor/job_queue.h"

namespace jh::workers {

namespace {

task<void> run_then_stop(task<void> t, uv_loop_t* loop, bool& done) {
    try {
        co_await std::move(t);
    } catch (const std::exception& e) {
        spdlog::error("queue_client: {}", e.what());
    }
    done = true;
    uv_stop(loop);
}

// A database error in PostgreSQL's own words: the caller is a test or the bench, not a visitor.
std::unexpected<app_error> failed(const pg::error& e) { return std::unexpected(app_error::make(error_kind::internal, e.message)); }

task<void> enqueue_one(pg::pool& pool, zmq_link& link, std::string kind, std::string payload, std::string key, bool commit,
                       std::optional<std::chrono::system_clock::time_point> run_at, std::string& error) {
    auto r = co_await pg::in_transaction(pool, [&](pg::transaction& tx) -> task<result<void>> {
        if (auto q = co_await job_queue::enqueue(tx, kind, payload, key, run_at); !q) co_return failed(q.error());
        if (!commit) {
            co_await tx.rollback();
            co_return result<void>{};
        }
        if (auto c = co_await tx.commit(); !c) co_return failed(c.error());
        co_return result<void>{};
    });
    if (!r) {
        error = r.error().message;
        co_return;
    }
    if (commit) job_queue::wake(link, kind);
}

}  // namespace

queue_client::queue_client(std::string database_url, std::string publish_endpoint, int pool_size) {
    uv_loop_init(&loop_);
    hub_ = std::make_unique<zmq_hub>(std::move(publish_endpoint));
    pool_ = std::make_unique<pg::pool>(&loop_, std::move(database_url), pool_size, 100000, 30000);
}

queue_client::~queue_client() {
    pool_->close();
    // Let the pool's closed handles be freed before the loop goes.
    for (int i = 0; i < 10 && uv_run(&loop_, UV_RUN_NOWAIT) != 0; ++i) {
    }
    pool_.reset();
    link_.reset();   // every link before its hub
    hub_->stop();
    hub_.reset();
    uv_walk(&loop_, [](uv_handle_t* h, void*) { if (!uv_is_closing(h)) uv_close(h, nullptr); }, nullptr);
    uv_run(&loop_, UV_RUN_DEFAULT);
    uv_loop_close(&loop_);
}

std::string queue_client::start() {
    if (started_) return {};
    if (std::string err = hub_->start(); !err.empty()) return err;
    link_ = std::make_unique<zmq_link>(*hub_);
    pool_->start();
    started_ = true;
    return {};
}

void queue_client::run(task<void> t) {
    bool done = false;
    spawn(run_then_stop(std::move(t), &loop_, done));
    while (!done) uv_run(&loop_, UV_RUN_DEFAULT);
}

std::string queue_client::enqueue(std::string_view kind, std::string_view payload_json, std::string_view key, bool commit,
                                  std::optional<std::chrono::system_clock::time_point> run_at) {
    std::string error;
    run(enqueue_one(*pool_, *link_, std::string(kind), std::string(payload_json), std::string(key), commit, run_at, error));
    return error;
}

}  // namespace jh::workers
