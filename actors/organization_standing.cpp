// organization_standing.cpp: see organization_standing.h.
#include "actors/organization_standing.h"

#include "actors/roles.h"
#include "reactor/loop_context.h"
#include "reactor/pg_bind.h"
#include "reactor/try.h"

namespace jh {

task<result<void>> refuse_blocked_organization(loop_context& loop, const auth::identity& who) {
    if (who.account_role != auth::role::organization_member) co_return result<void>{};
    // A read (pool::read): run once more when a switchover broke its session, not a 503.
    CO_TRY(auto r, co_await loop.pg.read(
                       "SELECT EXISTS (SELECT 1 FROM accounts a JOIN organizations o ON o.id = a.organization_id "
                       "                WHERE a.id = $1 AND a.role = 'organization_member' "
                       "                  AND o.approved_at IS NOT NULL AND o.rejected_at IS NULL AND NOT o.active)",
                       pg::bind(who.account_id)));
    if (r.boolean(0, 0)) co_return fail(error_kind::forbidden, organization_blocked_message);
    co_return result<void>{};
}

}  // namespace jh
