// organization_team.cpp: an organization's team (docs/providers.md, "Team"): the members and
// removing one. The accounts actor owns `accounts`, so removing (deleting the account) lives here;
// invitations, which make an account only when accepted, are in organization_invitations.cpp. Who
// may: members of the organization read the team; only an owner of an organization that may act
// removes; members of other organizations, candidates and administrators get 403.
#include "actors/accounts/accounts_actor.h"
#include "actors/organization_standing.h"
#include "actors/accounts/accounts_internal.h"
#include "actors/accounts/password_rules.h"
#include "actors/roles.h"
#include "actors/pg_rows.h"
#include "reactor/loop_context.h"

namespace jh::accounts {

using namespace detail;

namespace {

constexpr const char* msg_last_owner = "Das Inhaberkonto kann nicht entfernt werden, solange es das einzige ist.";
constexpr const char* msg_no_member = "Dieses Teammitglied gibt es nicht.";
constexpr const char* msg_role = "Bitte wählen Sie „owner“ (Inhaber/in) oder „member“ (Mitglied).";
constexpr const char* msg_last_owner_stays =
    "Das Unternehmen braucht mindestens eine Inhaberin oder einen Inhaber. Machen Sie zuerst ein anderes Teammitglied dazu.";
constexpr const char* msg_invited_cannot_own = "Diese Person hat die Einladung noch nicht angenommen.";

#define JH_TEAM_COLUMNS                                                                                           \
    "a.id, a.email::text, a.organization_role, a.email_verified_at IS NOT NULL, a.password_hash IS NULL, "       \
    "to_json(a.created_at) #>> '{}' "

team_member read_member(const pg::result_set& r, int i) {
    return team_member{r.int64(i, 0), std::string(r.text(i, 1)), std::string(r.text(i, 2)), r.boolean(i, 3), r.boolean(i, 4),
                       std::string(r.text(i, 5))};
}

}  // namespace

// The caller's standing towards `org` (accounts_internal.h).
task<result<void>> detail::check_team_access(loop_context& loop, const auth::identity& who, std::int64_t org, bool manage) {
    if (manage) co_return co_await check_owner(loop, who, org, msg_owner_only, msg_cannot_act);
    CO_CHECK(co_await refuse_blocked_organization(loop, who));
    CO_TRY(auto r, co_await loop.pg.read("SELECT a.organization_id = $2 FROM accounts a WHERE a.id = $1 AND NOT a.blocked",
                                          pg::bind(who.account_id, org)));
    if (r.rows() != 1 || r.is_null(0, 0) || !r.boolean(0, 0)) co_return fail(error_kind::forbidden, msg_other_organization);
    co_return result<void>{};
}

task<result<void>> detail::check_owner(loop_context& loop, const auth::identity& who, std::int64_t org, std::string_view owner_only,
                                       std::string_view cannot_act) {
    CO_CHECK(co_await refuse_blocked_organization(loop, who));
    CO_TRY(auto r, co_await loop.pg.read(
        "SELECT a.organization_id = $2, a.organization_role = 'owner', coalesce(jh_active_member_of(a.id) = $2, false) "
        "  FROM accounts a WHERE a.id = $1 AND NOT a.blocked",
        pg::bind(who.account_id, org)));
    if (r.rows() != 1 || r.is_null(0, 0) || !r.boolean(0, 0)) co_return fail(error_kind::forbidden, msg_other_organization);
    if (!r.boolean(0, 1)) co_return fail(error_kind::forbidden, std::string(owner_only));
    if (!r.boolean(0, 2)) co_return fail(error_kind::forbidden, std::string(cannot_act));
    co_return result<void>{};
}

task<result<void>> detail::lock_below_limit(pg::transaction& tx, std::int64_t org, const char* count_sql, std::int64_t max,
                                            std::string_view too_many) {
    CO_CHECK(co_await tx.query("SELECT 1 FROM organizations WHERE id = $1 FOR UPDATE", pg::bind(org)));
    CO_TRY(auto n, co_await tx.query(count_sql, pg::bind(org)));
    if (n.int64(0, 0) >= max) co_return fail(error_kind::conflict, std::string(too_many));
    co_return result<void>{};
}

std::string detail::comma_list(const std::vector<std::string>& names) {
    std::string out;
    for (const auto& n : names) out += (out.empty() ? "" : ",") + n;
    return out;
}

// A member of `org` as the owner's changes see it, read with the organization row and the member's
// row locked, so two owners' changes of one team run one after the other.
struct locked_member {
    bool owner = false;
    bool invitation_pending = false;   // invited, no password set and no address confirmed yet
    std::int64_t other_owners = 0;     // owners who are not blocked, this member not counted
};

// Locks first, each in a statement of its own, then counts in the next: a statement's snapshot is
// taken before it waits for a lock, so a count beside a lock misses the commit it waited for.
static task<result<locked_member>> lock_member(pg::transaction& tx, std::int64_t org, std::int64_t member) {
    CO_CHECK(co_await tx.query("SELECT 1 FROM organizations WHERE id = $1 FOR UPDATE", pg::bind(org)));
    CO_TRY(auto found, co_await tx.query(
        "SELECT 1 FROM accounts a WHERE a.id = $1 AND a.organization_id = $2 AND a.role = 'organization_member' FOR UPDATE",
        pg::bind(member, org)));
    if (found.rows() != 1) co_return fail(error_kind::not_found, msg_no_member);
    CO_TRY(auto r, co_await tx.query(
        "SELECT a.organization_role = 'owner', a.password_hash IS NULL AND a.email_verified_at IS NULL, "
        "       (SELECT count(*) FROM accounts b WHERE b.organization_id = $2 AND b.role = 'organization_member' "
        "           AND b.organization_role = 'owner' AND NOT b.blocked AND b.id <> a.id) "
        "  FROM accounts a WHERE a.id = $1",
        pg::bind(member, org)));
    if (r.rows() != 1) co_return fail(error_kind::not_found, msg_no_member);
    co_return locked_member{r.boolean(0, 0), r.boolean(0, 1), r.int64(0, 2)};
}

task<result<std::vector<team_member>>> accounts_actor::team_of(const auth::identity& who, std::int64_t org) {
    CO_CHECK(co_await check_team_access(loop_, who, org, false));
    CO_TRY(auto r, co_await loop_.pg.read(
        "SELECT " JH_TEAM_COLUMNS " FROM accounts a WHERE a.organization_id = $1 AND a.role = 'organization_member' "
        " ORDER BY a.organization_role = 'owner' DESC, a.created_at, a.id",
        pg::bind(org)));
    co_return rows_of(r, read_member);
}

task<result<void>> accounts_actor::remove_member(const auth::identity& who, std::int64_t org, std::int64_t member) {
    CO_CHECK(co_await check_team_access(loop_, who, org, true));
    auto write = [&](pg::transaction& tx) -> task<result<void>> {
        CO_TRY(auto target, co_await lock_member(tx, org, member));
        if (target.owner && target.other_owners == 0) co_return fail(error_kind::conflict, msg_last_owner);
        // Everything of a provider's account is its own (tokens) or outlives it (the views it logged keep
        // the organization, the viewer becomes null): deleting it is the removal.
        CO_CHECK(co_await tx.query("DELETE FROM accounts WHERE id = $1", pg::bind(member)));
        CO_CHECK(co_await tx.commit());
        co_return result<void>{};
    };
    CO_CHECK(co_await pg::in_transaction(loop_.pg, write));
    CO_CHECK(co_await sessions_.revoke_all(member));
    co_return result<void>{};
}

// Hands ownership over (or shares it): the owner makes another member an owner, or an owner a
// member again, as long as one owner who is not blocked remains. Deleting the last owner's account
// asks for this first (accounts_changes.cpp, leave_organization_managed).
task<result<team_member>> accounts_actor::set_member_role(const auth::identity& who, std::int64_t org, std::int64_t member,
                                                          std::string role) {
    if (role != "owner" && role != "member") co_return std::unexpected(app_error::invalid({{"role", msg_role}}));
    CO_CHECK(co_await check_team_access(loop_, who, org, true));
    co_return co_await pg::in_transaction(loop_.pg, [&](pg::transaction& tx) -> task<result<team_member>> {
        CO_TRY(auto target, co_await lock_member(tx, org, member));
        if (role == "owner" && target.invitation_pending) co_return fail(error_kind::conflict, msg_invited_cannot_own);
        if (role == "member" && target.owner && target.other_owners == 0) co_return fail(error_kind::conflict, msg_last_owner_stays);
        CO_TRY(auto changed, co_await tx.query("UPDATE accounts a SET organization_role = $2 WHERE a.id = $1 RETURNING " JH_TEAM_COLUMNS,
                                               pg::bind(member, role)));
        CO_CHECK(co_await tx.commit());
        co_return read_member(changed, 0);
    });
}

}  // namespace jh::accounts
