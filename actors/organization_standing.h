// organization_standing.h: the refusal of a member of a blocked organization (docs/providers.md,
// "A blocked organization"), asked where a provider reads or writes a candidate's data outside the
// organization editor: the applications (applicants, sedcards, documents, messages, notes,
// ratings, the CSV), the candidate search's status and the team. The editor's own membership
// (organization_editor::member_of, acting_member) answers it for jobs, shifts, the candidate search
// and the profile. It stands beside actors/roles.h, outside every domain's folder, because several
// domains ask it and a domain may include only its peers (cmake/domain_peers.cmake).
//
// The SQL rules refuse such a member too (jh_active_member_of and jh_provider_may_see ask for a live
// organization): this only turns their "not found" into the 403 that says why.
#pragma once

#include "reactor/app_error.h"
#include "reactor/auth.h"
#include "reactor/task.h"

namespace jh {

struct loop_context;

inline constexpr const char* organization_blocked_message =
    "Ihr Unternehmen ist gesperrt. Sie können zurzeit nicht für Ihr Unternehmen handeln; bitte wenden Sie sich an "
    "unseren Support.";

// 403 with organization_blocked_message when `who` is an organization member whose organization an
// administrator blocked (approved, not rejected, switched off); nothing for every other caller, who
// costs no query.
task<result<void>> refuse_blocked_organization(loop_context& loop, const auth::identity& who);

}  // namespace jh
