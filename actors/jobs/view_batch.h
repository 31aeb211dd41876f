// view_batch.h: the views of one loop counted together, a group commit. A view waits while the
// statement before it runs, then goes with every view that arrived meanwhile in one statement
// (one UPSERT per job and day for the whole batch). Each view is answered only after its statement
// committed, as before: nothing is acknowledged that is not written, and an idle loop sends each
// view alone at once (no timer, no flush at shutdown).
//
// Why: one statement per view kept a loop's pool of connections busy with commits under a realistic
// mix (bench/site: a view is one request in seven), so the pages behind it queued for a connection.
// docs/decisions.md, "Views counted in batches".
#pragma once

#include <coroutine>
#include <cstdint>
#include <optional>
#include <vector>

#include "reactor/app_error.h"
#include "reactor/task.h"

namespace jh {

struct loop_context;

namespace jobs {

class view_batch {
public:
    explicit view_batch(loop_context& loop) : loop_(loop) {}
    view_batch(const view_batch&) = delete;
    view_batch& operator=(const view_batch&) = delete;

    // Counts one view of job `job` by `viewer` (a verified signed-in account, else none) with the
    // views in the same batch; true when it counted (a live job, not the viewer's own organization's).
    task<result<bool>> count(std::int64_t job, std::optional<std::int64_t> viewer);

    // At most this many views go in one statement; more wait for the next.
    static constexpr std::size_t max_batch = 256;

private:
    struct pending {
        std::int64_t job = 0;
        std::optional<std::int64_t> viewer;
        std::coroutine_handle<> resume;
        result<bool>* outcome = nullptr;
    };
    struct joining {
        view_batch& batch;
        pending view;
        bool await_ready() const noexcept { return false; }
        void await_suspend(std::coroutine_handle<> h) {
            view.resume = h;
            batch.join(view);
        }
        void await_resume() const noexcept {}
    };
    void join(pending view);
    task<void> send_batches();

    loop_context& loop_;
    std::vector<pending> open_;
    bool sending_ = false;
};

}  // namespace jobs
}  // namespace jh
