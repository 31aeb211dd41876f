// pool_actor.h: the organization's pool (issue 42 item 4, issue 43 item 7; docs/shifts.md "The
// pool of regulars", docs/fair-play.md "Talent pool"). One invitation and consent model for two
// ways in: a provider asks a candidate whose ended application is anonymized within 30 days to stay
// in its talent pool, or invites a candidate who worked for it (an approved time record) into its
// pool of regulars. The candidate answers signed in (accept | decline) and may revoke an accepted
// consent; a consent runs 12 months and keeps that application from being anonymized meanwhile.
// The provider may offer a shift to the pool first and let members' choices be confirmed at once
// (set_pool_offer; the choice itself is shift_choice.cpp's).
//
// Writes `pool_invitations` and the pool columns of `shifts` (migrations/0280_organization_pool.sql).
// Another organization's invitation or application, and another candidate's invitation, are 404.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "actors/shifts/shift_rules.h"
#include "reactor/app_error.h"
#include "reactor/auth.h"
#include "reactor/task.h"

namespace jh {

struct loop_context;
class organization_editor;

namespace pool {

// How long an accepted consent runs, and how long a shift may be kept for the pool at most.
inline constexpr int consent_months = 12;
inline constexpr int max_pool_first_hours = 168;
// The lists of invitations (the organization's pool, the candidate's own) are paged
// (?page=&itemsPerPage=, read_paging), as the project's other lists are: never all at once.
inline constexpr int invitations_per_page = 20;
inline constexpr int max_invitations_per_page = 100;

// An invitation's JSON (jh_pool_invitation_json) and whether the call made it.
struct invitation_answer {
    std::string json;
    bool created = false;
};

enum class answer_kind { accept, decline, revoke };

// PUT /api/shifts/{id}/pool_offer: hours the shift is kept for the pool from now (0: public now),
// and whether members' choices are confirmed at once.
struct pool_offer {
    int hours = 0;
    bool auto_confirm = false;
};

}  // namespace pool

class pool_actor {
public:
    pool_actor(loop_context& loop, organization_editor& organizations);

    // An active member of `org` invites the candidate of `application_id` (a forwarded, not
    // anonymized application to one of its jobs; else 404). The candidate must have worked for
    // the organization (an approved or corrected time record: `regulars`) or the application's
    // anonymization must be within 30 days (`talent`); else 422 at `application`. One invitation
    // per application ever, and one open or running one per candidate and organization (409); the
    // candidate gets the mail pool_invitation in the same transaction.
    task<result<pool::invitation_answer>> invite(const auth::identity& who, std::int64_t org, std::int64_t application_id);
    // One page of the organization's invitations, members first: a member of `org` (reading rule
    // of the portal). `total` counts all of them.
    task<result<shifts::shift_list>> of_organization(const auth::identity& who, std::int64_t org, int page, int per_page);
    // The candidate's own invitation, and one page of all of them, the newest first.
    task<result<std::string>> one(const auth::identity& who, std::int64_t id);
    task<result<shifts::shift_list>> mine(const auth::identity& who, int page, int per_page);
    // The candidate's answer: accept (invited → accepted, consent for 12 months), decline
    // (invited → declined), revoke (accepted → revoked). The same answer again changes nothing
    // (200); any other change is 409; accepting after the application was anonymized is 410.
    task<result<std::string>> answer(const auth::identity& who, std::int64_t id, pool::answer_kind kind);
    // The shift kept for the pool of its organization for `hours` from now (at most until it
    // starts) and the auto-confirmation switch; an active member of the job's organization.
    task<result<std::string>> set_pool_offer(const auth::identity& who, std::int64_t shift_id, pool::pool_offer offer);

private:
    loop_context& loop_;
    organization_editor& organizations_;
};

}  // namespace jh
