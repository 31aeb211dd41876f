// impersonation.h: an administrator acts as a candidate, on purpose and on the record.
//
// It starts only with an administrator's POST /api/admin/impersonations {"accountId"} (or
// {"email"}): that creates a grant — a random token, valid for `grant_ttl_s`, only its SHA-256
// stored (impersonation_grants, migration 0050) — and writes who, whom, when and from which address
// into admin_audit_log. Requests then carry the grant in the `_switch_user` header (the web app
// takes it from `/?_switch_user=<grant>`); a bare address or account id there is refused. The grant
// works only for the administrator it was made for, while that account is still an administrator.
// POST /api/admin/impersonations/end ends it early (audited too).
//
// While impersonating, the server refuses what only the person may do: applying, messages and
// contact requests, the billing account and its login, deletion, password and address changes,
// the export, the calendar link and starting another impersonation — 403 "Das ist während der
// Übernahme eines Kontos nicht möglich.", declared per route in the route table (`in_person`,
// actors/roles.h; the column "refuses" of docs/routes.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "reactor/app_error.h"
#include "reactor/pg.h"
#include "reactor/task.h"

namespace jh {

class router;

namespace impersonation {

inline constexpr int grant_ttl_s = 30 * 60;

// The candidate account a grant lets `admin_id` act for; 403 when the grant is unknown, expired,
// ended, made for another administrator, or its target is no candidate any more.
task<result<std::int64_t>> resolve_grant(pg::pool& pg, std::int64_t admin_id, std::string grant);

void register_routes(router& r);

}  // namespace impersonation
}  // namespace jh
