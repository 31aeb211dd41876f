// organization_invitations.cpp: invitations into an organization's team (docs/providers.md, "Team";
// migration 0175). An invitation is a row of organization_invitations and a mailed link, never an
// account: the member account is made only when the invited person accepts with the token, so an
// owner cannot take a stranger's address (issue 26, item 4). The invited person may decline; the
// owner lists, re-sends and withdraws open invitations. The mails are bounded per organization and
// day (queue slots, reactor/job_queue.h), per address and hour, and per invitation.
#include "actors/accounts/accounts_actor.h"
#include "actors/accounts/accounts_internal.h"
#include "actors/accounts/password_rules.h"
#include "actors/accounts/session_store.h"
#include "actors/pg_rows.h"
#include "reactor/config.h"
#include "reactor/job_queue.h"
#include "reactor/loop_context.h"

namespace jh::accounts {

using namespace detail;

namespace {

constexpr int invitation_ttl_s = 7 * 24 * 3600;   // a week: long enough for a colleague on holiday
// Invitation mails (new ones and re-sent ones) of one organization a day: a team grows by a few
// people a day; twenty keeps a busy onboarding possible and an owner from mailing a list of strangers.
constexpr int invitations_per_organization_per_day = 20;
// Mails for one invitation in all (the first and two re-sends): after that the owner speaks to the
// person, or withdraws and invites again (which counts against the organization's day).
constexpr int sends_per_invitation = 3;

constexpr const char* msg_already_member = "Diese Person gehört bereits zu Ihrem Team.";
constexpr const char* msg_address_taken =
    "Unter dieser E-Mail-Adresse gibt es bereits ein Konto bei Jobhafen. Bitte laden Sie eine andere Adresse ein.";
constexpr const char* msg_already_invited =
    "Diese Adresse ist bereits eingeladen. Sie können die Einladung in der Liste erneut senden.";
// The limits' numbers come from their constants above, so a message never states another limit.
const std::string msg_organization_day_full = "Ihr Unternehmen hat heute schon " + std::to_string(invitations_per_organization_per_day) +
                                              " Einladungen verschickt. Morgen können Sie weitere Personen einladen.";
static_assert(sends_per_invitation == 3, "msg_invitation_sent_enough says \"dreimal\"");
constexpr const char* msg_invitation_sent_enough =
    "Diese Einladung haben Sie schon dreimal verschickt. Bitte sprechen Sie die Person direkt an, oder ziehen Sie die "
    "Einladung zurück und laden Sie sie neu ein.";
constexpr const char* msg_address_mails_full =
    "An diese E-Mail-Adresse haben wir in der letzten Stunde schon mehrere E-Mails geschickt. Bitte versuchen Sie es später noch einmal.";
constexpr const char* msg_no_invitation = "Diese Einladung gibt es nicht.";
constexpr const char* msg_invitation_invalid =
    "Diese Einladung ist ungültig oder abgelaufen. Bitten Sie die Person, die Sie eingeladen hat, um eine neue Einladung.";
constexpr const char* msg_address_registered_meanwhile =
    "Unter dieser E-Mail-Adresse gibt es inzwischen ein Konto bei Jobhafen. Bitte melden Sie sich damit an, oder bitten Sie "
    "um eine Einladung an eine andere Adresse.";

#define JH_INVITATION_COLUMNS                                                                                   \
    "i.id, i.email::text, coalesce((SELECT b.email::text FROM accounts b WHERE b.id = i.invited_by), ''), "    \
    "i.sent_count, i.expires_at <= now(), to_json(i.created_at) #>> '{}', to_json(i.last_sent_at) #>> '{}', "   \
    "to_json(i.expires_at) #>> '{}' "

team_invitation read_invitation(const pg::result_set& r, int i) {
    return team_invitation{r.int64(i, 0),
                           std::string(r.text(i, 1)),
                           std::string(r.text(i, 2)),
                           static_cast<int>(r.int64(i, 3)),
                           r.boolean(i, 4),
                           std::string(r.text(i, 5)),
                           std::string(r.text(i, 6)),
                           std::string(r.text(i, 7))};
}

// A token as it may arrive in a path: bounded before it is hashed.
bool plausible_token(std::string_view token) { return !token.empty() && token.size() <= 200; }

}  // namespace

// The invitation mail for `invitation` with a fresh token (stored as its hash), in the
// organization's slots of today: false when they are used up (the caller rolls back).
static task<result<bool>> mail_invitation(loop_context& loop, pg::transaction& tx, std::int64_t org, std::int64_t invitation,
                                          std::int64_t inviter) {
    std::string token = auth::random_token(32);
    CO_TRY(auto r, co_await tx.query(
        "UPDATE organization_invitations i SET token_hash = $2, expires_at = now() + make_interval(secs => $3) "
        "  FROM organizations o WHERE i.id = $1 AND o.id = i.organization_id "
        "RETURNING i.email::text, o.name, coalesce((SELECT email::text FROM accounts WHERE id = $4), '')",
        pg::bind(invitation, auth::sha256_hex(token), invitation_ttl_s, inviter)));
    if (r.rows() != 1) co_return fail(error_kind::not_found, msg_no_invitation);
    std::string payload = messages::mail_payload(messages::mail_template::organization_invitation, r.text(0, 0), "",
                                                 {{"organization_name", r.text(0, 1)},
                                                  {"inviter", r.text(0, 2)},
                                                  {"days", "7"},
                                                  {"link", loop.cfg.http_public_origin + "/recruiting/portal/einladung/" + token}});
    CO_TRY(auto outcome, co_await job_queue::enqueue_in_slots(tx, messages::queue::mail, payload,
                                                              "organization_invitation:" + std::to_string(org) + ":" + job_queue::utc_day() + ":",
                                                              invitations_per_organization_per_day, false));
    co_return outcome != job_queue::slot_outcome::full;
}

// 429 in the providers' words once the hour's mails to `address` are used up.
static task<result<void>> limit_invitation_mails_to(loop_context& loop, std::string_view address) {
    CO_TRY(auto ok, co_await mail_allowed(loop.redis, address, loop.cfg.auth_mails_per_address_per_hour));
    if (!ok) co_return fail(error_kind::too_many_requests, msg_address_mails_full);
    co_return result<void>{};
}

// The team page lists the newest invitations; every list a provider can ask for is capped (the
// API keys' list likewise, api_keys.cpp).
constexpr std::int64_t invitation_max_listed = 200;

task<result<std::vector<team_invitation>>> accounts_actor::invitations_of(const auth::identity& who, std::int64_t org) {
    CO_CHECK(co_await check_team_access(loop_, who, org, false));
    CO_TRY(auto r, co_await loop_.pg.read("SELECT " JH_INVITATION_COLUMNS " FROM organization_invitations i "
                                           " WHERE i.organization_id = $1 ORDER BY i.created_at DESC, i.id DESC LIMIT $2",
                                           pg::bind(org, invitation_max_listed)));
    co_return rows_of(r, read_invitation);
}

task<result<team_invitation>> accounts_actor::invite_member(const auth::identity& who, std::int64_t org, std::string email) {
    CO_CHECK(co_await check_team_access(loop_, who, org, true));
    std::string e(trim_ascii(email));
    if (e.empty()) co_return std::unexpected(app_error::invalid({{"email", std::string(msg::required)}}));
    if (e.size() > 254 || !is_valid_email(e)) co_return std::unexpected(app_error::invalid({{"email", std::string(msg::email)}}));
    CO_CHECK(co_await limit_invitation_mails_to(loop_, e));

    co_return co_await pg::in_transaction(loop_.pg, [&](pg::transaction& tx) -> task<result<team_invitation>> {
        // The organization row locked: invitations and removals of one team one after the other.
        CO_TRY(auto o, co_await tx.query("SELECT 1 FROM organizations WHERE id = $1 FOR UPDATE", pg::bind(org)));
        if (o.rows() != 1) co_return fail(error_kind::forbidden, msg_other_organization);
        CO_TRY(auto known, co_await tx.query("SELECT organization_id = $2 FROM accounts WHERE email = $1", pg::bind(e, org)));
        if (known.rows() == 1)
            co_return fail(error_kind::conflict, !known.is_null(0, 0) && known.boolean(0, 0) ? msg_already_member : msg_address_taken);
        // mail_invitation sets the mailed token; until then the row holds the hash of one nobody knows.
        CO_TRY(auto inserted, co_await tx.query(
            "INSERT INTO organization_invitations (organization_id, email, invited_by, token_hash, expires_at) "
            "VALUES ($1, $2, $3, $4, now()) "
            "ON CONFLICT ON CONSTRAINT organization_invitations_address_key DO NOTHING RETURNING id",
            pg::bind(org, e, who.account_id, auth::sha256_hex(auth::random_token(32)))));
        if (inserted.rows() != 1) co_return fail(error_kind::conflict, msg_already_invited);
        std::int64_t id = inserted.int64(0, 0);
        CO_TRY(bool mailed, co_await mail_invitation(loop_, tx, org, id, who.account_id));
        if (!mailed) co_return fail(error_kind::too_many_requests, msg_organization_day_full);
        CO_TRY(auto r, co_await tx.query("SELECT " JH_INVITATION_COLUMNS " FROM organization_invitations i WHERE i.id = $1", pg::bind(id)));
        CO_CHECK(co_await tx.commit());
        job_queue::wake(loop_, messages::queue::mail);
        co_return read_invitation(r, 0);
    });
}

task<result<team_invitation>> accounts_actor::resend_invitation(const auth::identity& who, std::int64_t org, std::int64_t invitation) {
    CO_CHECK(co_await check_team_access(loop_, who, org, true));
    CO_TRY(auto found, co_await loop_.pg.read(
        "SELECT email::text FROM organization_invitations WHERE id = $1 AND organization_id = $2", pg::bind(invitation, org)));
    if (found.rows() != 1) co_return fail(error_kind::not_found, msg_no_invitation);
    CO_CHECK(co_await limit_invitation_mails_to(loop_, found.text(0, 0)));

    co_return co_await pg::in_transaction(loop_.pg, [&](pg::transaction& tx) -> task<result<team_invitation>> {
        CO_CHECK(co_await tx.query("SELECT 1 FROM organizations WHERE id = $1 FOR UPDATE", pg::bind(org)));
        CO_TRY(auto counted, co_await tx.query(
            "UPDATE organization_invitations SET sent_count = sent_count + 1, last_sent_at = now(), invited_by = $3 "
            " WHERE id = $1 AND organization_id = $2 RETURNING sent_count",
            pg::bind(invitation, org, who.account_id)));
        if (counted.rows() != 1) co_return fail(error_kind::not_found, msg_no_invitation);
        if (counted.int64(0, 0) > sends_per_invitation) co_return fail(error_kind::too_many_requests, msg_invitation_sent_enough);
        CO_TRY(bool mailed, co_await mail_invitation(loop_, tx, org, invitation, who.account_id));
        if (!mailed) co_return fail(error_kind::too_many_requests, msg_organization_day_full);
        CO_TRY(auto r, co_await tx.query("SELECT " JH_INVITATION_COLUMNS " FROM organization_invitations i WHERE i.id = $1",
                                         pg::bind(invitation)));
        CO_CHECK(co_await tx.commit());
        job_queue::wake(loop_, messages::queue::mail);
        co_return read_invitation(r, 0);
    });
}

task<result<void>> accounts_actor::withdraw_invitation(const auth::identity& who, std::int64_t org, std::int64_t invitation) {
    CO_CHECK(co_await check_team_access(loop_, who, org, true));
    CO_TRY(auto r, co_await loop_.pg.query("DELETE FROM organization_invitations WHERE id = $1 AND organization_id = $2",
                                           pg::bind(invitation, org)));
    if (r.affected() != 1) co_return fail(error_kind::not_found, msg_no_invitation);
    co_return result<void>{};
}

task<result<invitation_preview>> accounts_actor::invitation_by_token(std::string token) {
    if (!plausible_token(token)) co_return fail(error_kind::not_found, msg_invitation_invalid);
    CO_TRY(auto r, co_await loop_.pg.read(
        "SELECT o.name, i.email::text, to_json(i.expires_at) #>> '{}' "
        "  FROM organization_invitations i JOIN organizations o ON o.id = i.organization_id "
        " WHERE i.token_hash = $1 AND i.expires_at > now()",
        pg::bind(auth::sha256_hex(token))));
    if (r.rows() != 1) co_return fail(error_kind::not_found, msg_invitation_invalid);
    co_return invitation_preview{std::string(r.text(0, 0)), std::string(r.text(0, 1)), std::string(r.text(0, 2))};
}

task<result<std::string>> accounts_actor::accept_invitation(std::string token, std::string password, std::string confirmation) {
    // The token first: an invalid one must not cost an argon2 hash.
    CO_CHECK(co_await invitation_by_token(token));
    CO_TRY(auto hashed, co_await hash_new_password(std::move(password), confirmation));

    co_return co_await pg::in_transaction(loop_.pg, [&](pg::transaction& tx) -> task<result<std::string>> {
        CO_TRY(auto taken, co_await tx.query(
            "DELETE FROM organization_invitations WHERE token_hash = $1 AND expires_at > now() RETURNING organization_id, email::text",
            pg::bind(auth::sha256_hex(token))));
        if (taken.rows() != 1) co_return fail(error_kind::not_found, msg_invitation_invalid);
        std::string email(taken.text(0, 1));
        // The mail reached the invited address: the account starts confirmed.
        auto made = co_await tx.query(
            "INSERT INTO accounts (email, password_hash, role, organization_id, organization_role, email_verified_at) "
            "VALUES ($1, $2, 'organization_member', $3, 'member', now()) ON CONFLICT ON CONSTRAINT accounts_email_key DO NOTHING "
            "RETURNING id",
            pg::bind(email, hashed, taken.int64(0, 0)));
        if (!made) co_return std::unexpected(as_app_error(made.error()));
        if (made->rows() != 1) co_return fail(error_kind::conflict, msg_address_registered_meanwhile);
        // One address, one account, one organization: other organizations' invitations of it are void.
        CO_CHECK(co_await tx.query("DELETE FROM organization_invitations WHERE email = $1", pg::bind(email)));
        CO_CHECK(co_await tx.commit());
        co_return email;
    });
}

task<result<void>> accounts_actor::decline_invitation(std::string token) {
    if (!plausible_token(token)) co_return fail(error_kind::not_found, msg_invitation_invalid);
    CO_TRY(auto r, co_await loop_.pg.query("DELETE FROM organization_invitations WHERE token_hash = $1 AND expires_at > now()",
                                           pg::bind(auth::sha256_hex(token))));
    if (r.affected() != 1) co_return fail(error_kind::not_found, msg_invitation_invalid);
    co_return result<void>{};
}

}  // namespace jh::accounts
