// favourites_actor.h: the favourites domain: a candidate marks a job (or the web app marks one it
// opened, "auto"), unmarks it, and lists the marked jobs. Writes `favorites`; every call is
// idempotent. docs/candidate-actions.md describes the routes.
#pragma once

#include <cstdint>
#include <string>

#include "actors/actions_common.h"
#include "reactor/app_error.h"
#include "reactor/auth.h"
#include "reactor/task.h"

namespace jh {

struct loop_context;

namespace actions {

struct favorite_view {
    std::int64_t job_id = 0;
    std::string job_slug, job_title, organization_name, created_at;
    std::int64_t organization_id = 0;
    bool automatic = false, job_live = false;
};

}  // namespace actions

class favourites_actor {
public:
    explicit favourites_actor(loop_context& loop);

    // True when the favourite is new; a job the candidate marked stays "not automatic".
    task<result<bool>> favor(const auth::identity& who, std::int64_t job_id, bool automatic);
    task<result<void>> unfavor(const auth::identity& who, std::int64_t job_id);
    task<result<actions::page_of<actions::favorite_view>>> my_favorites(const auth::identity& who, int page, int per_page);

private:
    loop_context& loop_;
};

}  // namespace jh
