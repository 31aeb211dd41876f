// session_end.h: a block of an organization ends its members' sessions (docs/providers.md, "A
// blocked organization"). Sessions are refresh-token families in Redis, which the administrator's
// CLI does not reach; so the organization's trigger marks each member in PostgreSQL
// (accounts.end_sessions, migration 0190; migrations/repeatable/R__jh_organization_liveness_changed.sql)
// and the accounts actor ends every family of a marked account (session_store::revoke_all, as a
// password change does) at its next request (401), refresh (401) or login (before the new session).
#pragma once

#include <cstdint>

#include "actors/accounts/session_store.h"
#include "reactor/pg.h"
#include "reactor/task.h"

namespace jh::accounts {

// Revokes every session of `account_id` when it is marked, then clears the mark; true when it did.
// Revoked first: when Redis does not answer, the mark stays and the next request tries again.
task<result<bool>> end_sessions_if_marked(pg::pool& pg, session_store& sessions, std::int64_t account_id);

}  // namespace jh::accounts
