// organization_team.cpp: an organization's team (docs/providers.md, "Team"). The accounts actor
// owns `accounts` and `account_tokens`, so inviting (a member account without password and a
// set_password token) and removing (deleting the account) live here. Who may: members of the
// organization read the team; only an owner of an organization that may act invites and removes;
// members of other organizations, candidates and administrators get 403.
#include "actors/accounts/accounts_actor.h"
#include "actors/accounts/accounts_internal.h"
#include "actors/accounts/password_rules.h"
#include "reactor/config.h"
#include "reactor/job_queue.h"
#include "reactor/loop_context.h"

namespace jh::accounts {

using namespace detail;

namespace {

constexpr int invitation_ttl_s = 7 * 24 * 3600;   // a week: long enough for a colleague on holiday

constexpr const char* msg_providers_only = "Dieser Bereich ist nur für Jobanbieter.";
constexpr const char* msg_other_organization = "Sie können nur Ihr eigenes Unternehmen bearbeiten.";
constexpr const char* msg_owner_only = "Nur die Inhaberin oder der Inhaber des Unternehmenskontos kann Teammitglieder einladen oder entfernen.";
constexpr const char* msg_cannot_act =
    "Ihr Unternehmen ist noch nicht freigeschaltet oder Ihre E-Mail-Adresse noch nicht bestätigt. Danach können Sie Ihr Team einladen.";
constexpr const char* msg_already_member = "Diese Person gehört bereits zu Ihrem Team.";
constexpr const char* msg_address_taken =
    "Unter dieser E-Mail-Adresse gibt es bereits ein Konto bei Jobhafen. Bitte laden Sie eine andere Adresse ein.";
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

// The caller's standing towards `org`: 403 unless an organization member of it; `manage`: also
// its owner, allowed to act (address confirmed, organization approved).
static task<result<void>> check_team_access(loop_context& loop, const auth::identity& who, std::int64_t org, bool manage) {
    if (who.account_role != auth::role::organization_member) co_return fail(error_kind::forbidden, msg_providers_only);
    CO_TRY(auto r, co_await loop.pg.query(
        "SELECT a.organization_id = $2, a.organization_role = 'owner', coalesce(jh_active_member_of(a.id) = $2, false) "
        "  FROM accounts a WHERE a.id = $1 AND NOT a.blocked",
        pg::bind(who.account_id, org)));
    if (r.rows() != 1 || r.is_null(0, 0) || !r.boolean(0, 0)) co_return fail(error_kind::forbidden, msg_other_organization);
    if (!manage) co_return result<void>{};
    if (!r.boolean(0, 1)) co_return fail(error_kind::forbidden, msg_owner_only);
    if (!r.boolean(0, 2)) co_return fail(error_kind::forbidden, msg_cannot_act);
    co_return result<void>{};
}

// A member of `org` as the owner's changes see it, read with the organization row and the member's
// row locked, so two owners' changes of one team run one after the other.
struct locked_member {
    bool owner = false;
    bool invitation_pending = false;   // invited, no password set and no address confirmed yet
    std::int64_t other_owners = 0;     // owners who are not blocked, this member not counted
};

static task<result<locked_member>> lock_member(pg::transaction& tx, std::int64_t org, std::int64_t member) {
    CO_CHECK(co_await tx.query("SELECT 1 FROM organizations WHERE id = $1 FOR UPDATE", pg::bind(org)));
    CO_TRY(auto r, co_await tx.query(
        "SELECT a.organization_role = 'owner', a.password_hash IS NULL AND a.email_verified_at IS NULL, "
        "       (SELECT count(*) FROM accounts b WHERE b.organization_id = $2 AND b.role = 'organization_member' "
        "           AND b.organization_role = 'owner' AND NOT b.blocked AND b.id <> a.id) "
        "  FROM accounts a WHERE a.id = $1 AND a.organization_id = $2 AND a.role = 'organization_member' FOR UPDATE",
        pg::bind(member, org)));
    if (r.rows() != 1) co_return fail(error_kind::not_found, msg_no_member);
    co_return locked_member{r.boolean(0, 0), r.boolean(0, 1), r.int64(0, 2)};
}

task<result<std::vector<team_member>>> accounts_actor::team_of(const auth::identity& who, std::int64_t org) {
    CO_CHECK(co_await check_team_access(loop_, who, org, false));
    CO_TRY(auto r, co_await loop_.pg.query(
        "SELECT " JH_TEAM_COLUMNS " FROM accounts a WHERE a.organization_id = $1 AND a.role = 'organization_member' "
        " ORDER BY a.organization_role = 'owner' DESC, a.created_at, a.id",
        pg::bind(org)));
    std::vector<team_member> out;
    for (int i = 0; i < r.rows(); ++i) out.push_back(read_member(r, i));
    co_return out;
}

task<result<team_member>> accounts_actor::invite_member(const auth::identity& who, std::int64_t org, std::string email) {
    CO_CHECK(co_await check_team_access(loop_, who, org, true));
    std::string e(trim_ascii(email));
    if (e.empty()) co_return std::unexpected(app_error::invalid({{"email", std::string(msg::required)}}));
    if (e.size() > 254 || !is_valid_email(e)) co_return std::unexpected(app_error::invalid({{"email", std::string(msg::email)}}));
    CO_CHECK(co_await limit_mails_to(e));

    CO_TRY(auto tx, co_await loop_.pg.begin());
    // The organization row locked: invitations and removals of one team one after the other.
    CO_TRY(auto o, co_await tx.query("SELECT name FROM organizations WHERE id = $1 FOR UPDATE", pg::bind(org)));
    if (o.rows() != 1) co_return fail(error_kind::forbidden, msg_other_organization);
    CO_TRY(auto known, co_await tx.query("SELECT organization_id = $2 FROM accounts WHERE email = $1", pg::bind(e, org)));
    if (known.rows() == 1)
        co_return fail(error_kind::conflict, !known.is_null(0, 0) && known.boolean(0, 0) ? msg_already_member : msg_address_taken);
    CO_TRY(auto inserted, co_await tx.query(
        "INSERT INTO accounts AS a (email, role, organization_id, organization_role) "
        "VALUES ($1, 'organization_member', $2, 'member') RETURNING " JH_TEAM_COLUMNS,
        pg::bind(e, org)));
    team_member m = read_member(inserted, 0);
    auto token = co_await insert_token(tx, m.id, "set_password", invitation_ttl_s);
    if (!token) co_return std::unexpected(token.error().to_app_error());
    CO_TRY(auto inviter, co_await tx.query("SELECT email::text FROM accounts WHERE id = $1", pg::bind(who.account_id)));
    std::string inviter_email = inviter.rows() == 1 ? std::string(inviter.text(0, 0)) : std::string();
    std::string payload = messages::mail_payload(messages::mail_template::organization_invitation, e, "",
                                                 {{"organization_name", o.text(0, 0)},
                                                  {"inviter", inviter_email},
                                                  {"days", "7"},
                                                  {"link", loop_.cfg.http_public_origin + "/recruiting/portal/einladung/" + *token}});
    CO_CHECK(co_await job_queue::enqueue(tx, messages::queue::mail, payload,
                                         "organization_invitation:" + std::to_string(m.id) + ":" + auth::sha256_hex(*token).substr(0, 16)));
    CO_CHECK(co_await tx.commit());
    job_queue::wake(loop_, messages::queue::mail);
    co_return m;
}

task<result<void>> accounts_actor::remove_member(const auth::identity& who, std::int64_t org, std::int64_t member) {
    CO_CHECK(co_await check_team_access(loop_, who, org, true));
    CO_TRY(auto tx, co_await loop_.pg.begin());
    CO_TRY(auto target, co_await lock_member(tx, org, member));
    if (target.owner && target.other_owners == 0) co_return fail(error_kind::conflict, msg_last_owner);
    // Everything of a provider's account is its own (tokens) or outlives it (the views it logged keep
    // the organization, the viewer becomes null): deleting it is the removal.
    CO_CHECK(co_await tx.query("DELETE FROM accounts WHERE id = $1", pg::bind(member)));
    CO_CHECK(co_await tx.commit());
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
    CO_TRY(auto tx, co_await loop_.pg.begin());
    CO_TRY(auto target, co_await lock_member(tx, org, member));
    if (role == "owner" && target.invitation_pending) co_return fail(error_kind::conflict, msg_invited_cannot_own);
    if (role == "member" && target.owner && target.other_owners == 0) co_return fail(error_kind::conflict, msg_last_owner_stays);
    CO_TRY(auto changed, co_await tx.query("UPDATE accounts a SET organization_role = $2 WHERE a.id = $1 RETURNING " JH_TEAM_COLUMNS,
                                           pg::bind(member, role)));
    CO_CHECK(co_await tx.commit());
    co_return read_member(changed, 0);
}

}  // namespace jh::accounts
