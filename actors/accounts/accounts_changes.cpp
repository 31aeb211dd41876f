// accounts_changes.cpp: changes the owner makes to the account: password, address (and undoing an
// address change), deletion, and the visibility and coin writes other domains call.
// Part of accounts_actor (accounts_actor.h).
#include "actors/accounts/accounts_actor.h"

#include <spdlog/spdlog.h>

#include "actors/accounts/accounts_internal.h"
#include "actors/accounts/password_rules.h"
#include "actors/accounts/account_deletion.h"
#include "reactor/config.h"
#include "messages/queue.h"
#include "reactor/job_queue.h"
#include "reactor/loop_context.h"

namespace jh::accounts {

using namespace detail;

task<result<void>> accounts_actor::change_password(const auth::identity& who, std::int64_t id, std::string old_password,
                                                   std::string password, std::string confirmation) {
    CO_CHECK(require_owner(who, id));
    std::vector<violation> v;
    if (old_password.empty()) v.push_back({"oldPassword", std::string(msg::required)});
    check_password(password, "password", v);
    if (confirmation != password) v.push_back({"passwordConfirmation", std::string(msg::password_equals_change)});
    if (!v.empty()) co_return std::unexpected(app_error::invalid(std::move(v)));

    CO_TRY(auto row, co_await loop_.pg.read("SELECT coalesce(password_hash, '') FROM accounts WHERE id = $1", pg::bind(id)));
    if (row.rows() != 1) co_return fail(error_kind::not_found, msg_not_found);
    enum class verdict { old_wrong, same, changed, no_memory };
    struct outcome {
        verdict v = verdict::old_wrong;
        std::string hash;
    };
    auto job = [stored = std::string(row.text(0, 0)), old = std::move(old_password), pw = std::move(password), p = argon2_] {
        outcome o;
        if (!verify_password(stored, old, p)) return o;
        if (old == pw) {
            o.v = verdict::same;
            return o;
        }
        auto h = hash_password(pw, p);
        o.v = h ? verdict::changed : verdict::no_memory;
        if (h) o.hash = std::move(*h);
        return o;
    };
    CO_TRY(auto done, co_await hash_job(std::move(job)));
    switch (done.v) {
        case verdict::old_wrong:
            co_return std::unexpected(app_error::invalid({{"oldPassword", std::string(msg::old_password_wrong)}}));
        case verdict::same:
            co_return std::unexpected(app_error::invalid({{"password", std::string(msg::password_same_as_old)}}));
        case verdict::no_memory: co_return fail(error_kind::unavailable);
        case verdict::changed: break;
    }
    CO_CHECK(co_await loop_.pg.query("UPDATE accounts SET password_hash = $2 WHERE id = $1", pg::bind(id, done.hash)));
    // Other devices are logged out; this one stays.
    co_return co_await sessions_.revoke_all(id, who.session);
}

task<result<std::string>> accounts_actor::change_email(const auth::identity& who, std::int64_t id, std::string email,
                                                       std::string confirmation, std::string password) {
    CO_CHECK(require_owner(who, id));
    std::string e(trim_ascii(email));
    std::vector<violation> v;
    if (e.empty()) v.push_back({"email", std::string(msg::required)});
    else if (!is_valid_email(e)) v.push_back({"email", std::string(msg::email)});
    if (ascii_lower(trim_ascii(confirmation)) != ascii_lower(e)) v.push_back({"emailConfirmation", std::string(msg::email_equals_change)});
    if (password.empty()) v.push_back({"password", std::string(msg::required)});
    CO_TRY(auto me, co_await loop_.pg.read(
        "SELECT a.email, coalesce(p.first_name, ''), coalesce(p.last_name, ''), coalesce(a.password_hash, '') "
        "  FROM accounts a LEFT JOIN candidate_profiles p ON p.account_id = a.id WHERE a.id = $1",
        pg::bind(id)));
    if (me.rows() != 1) co_return fail(error_kind::not_found, msg_not_found);
    std::string old_email(me.text(0, 0)), first(me.text(0, 1)), last(me.text(0, 2)), stored(me.text(0, 3));
    if (stored.empty())
        v.push_back({"password", "Bitte lege zuerst ein Passwort fest (über „Passwort vergessen?“ bei der Anmeldung)."});
    if (!e.empty() && is_valid_email(e)) {
        if (ascii_lower(e) == ascii_lower(old_email)) {
            v.push_back({"email", "Das ist bereits deine E-Mail-Adresse"});
        } else {
            CO_TRY(auto taken, co_await loop_.pg.read("SELECT role FROM accounts WHERE email = $1", pg::bind(e)));
            if (taken.rows() == 1)
                v.push_back({"email", std::string(taken.text(0, 0) == "organization_member" ? msg::email_of_organization : msg::email_taken)});
        }
    }
    if (!v.empty()) co_return std::unexpected(app_error::invalid(std::move(v)));
    // Whoever holds this session must also know the password to move the account elsewhere.
    auto job = [stored, pw = std::move(password), p = argon2_] { return verify_password(stored, pw, p); };
    CO_TRY(auto right, co_await hash_job(std::move(job)));
    if (!right) co_return std::unexpected(app_error::invalid({{"password", std::string(msg::old_password_wrong)}}));
    CO_CHECK(co_await limit_mails_to(e));

    auto write = [&](pg::transaction& tx) -> task<result<void>> {
        CO_TRY(auto old, co_await tx.query("DELETE FROM account_tokens WHERE account_id = $1 AND purpose = 'change_email' AND used_at IS NULL",
                                            pg::bind(id)));
        CO_TRY(auto token, co_await insert_token(tx, id, "change_email", loop_.cfg.auth_change_email_ttl_s, e));
        std::string payload = messages::mail_payload(messages::mail_template::change_email, e, full_name(first, last),
                                           {{"first_name", greeting_name(first)},
                                            {"new_email", e},
                                            {"link", loop_.cfg.http_public_origin + "/email-bestaetigen/" + token}});
        CO_CHECK(co_await job_queue::enqueue(tx, messages::queue::mail, payload,
                                             "change_email:" + std::to_string(id) + ":" + auth::sha256_hex(token).substr(0, 16)));
        // The old address hears of it at once, with a link that undoes the change (even after the new
        // address took effect) for auth.undo_email_change_ttl_s.
        CO_TRY(auto undo, co_await insert_token(tx, id, "undo_email_change", loop_.cfg.auth_undo_email_change_ttl_s, old_email));
        std::string notice = messages::mail_payload(messages::mail_template::email_change_notice, old_email, full_name(first, last),
                                          {{"first_name", greeting_name(first)},
                                           {"new_email", e},
                                           {"days", std::to_string(loop_.cfg.auth_undo_email_change_ttl_s / 86400)},
                                           {"link", loop_.cfg.http_public_origin + "/email-aenderung-widerrufen/" + undo}});
        CO_CHECK(co_await job_queue::enqueue(tx, messages::queue::mail, notice,
                                             "email_change_notice:" + std::to_string(id) + ":" + auth::sha256_hex(undo).substr(0, 16)));
        CO_CHECK(co_await tx.commit());
        co_return result<void>{};
    };
    CO_CHECK(co_await pg::in_transaction(loop_.pg, write));
    job_queue::wake(loop_, messages::queue::mail);
    // Other devices are logged out; this one stays.
    CO_CHECK(co_await sessions_.revoke_all(id, who.session));
    co_return e;
}

task<result<std::string>> accounts_actor::undo_email_change(std::string token) {
    if (token.empty() || token.size() > 200) co_return fail(error_kind::not_found, msg_token_invalid);
    std::int64_t id = 0;
    std::string restored;
    auto write = [&](pg::transaction& tx) -> task<result<void>> {
        CO_TRY(auto t, co_await tx.query(
            "UPDATE account_tokens SET used_at = now() WHERE token_hash = $1 AND purpose = 'undo_email_change' "
            "   AND used_at IS NULL AND expires_at > now() RETURNING id, account_id, new_email",
            pg::bind(auth::sha256_hex(token))));
        if (t.rows() != 1) co_return fail(error_kind::not_found, msg_token_invalid);
        id = t.int64(0, 1);
        restored = std::string(t.text(0, 2));
        // Whoever changed the address knew the password: it goes too, and a link to set a new one
        // goes to the restored address. Every pending link of the account dies with it.
        auto up = co_await tx.query(
            "UPDATE accounts SET email = $2, email_verified_at = coalesce(email_verified_at, now()), password_hash = NULL "
            " WHERE id = $1 RETURNING (SELECT coalesce(first_name, '') FROM candidate_profiles WHERE account_id = $1), "
            "           (SELECT coalesce(last_name, '') FROM candidate_profiles WHERE account_id = $1)",
            pg::bind(id, restored));
        if (!up) {
            if (up.error().unique_violation())
                co_return fail(error_kind::conflict, "Diese E-Mail-Adresse wird inzwischen von einem anderen Konto verwendet. Bitte wende "
                                                     "dich an unseren Support.");
            co_return std::unexpected(up.error().to_app_error());
        }
        if (up->rows() != 1) co_return fail(error_kind::not_found, msg_token_invalid);
        std::string first(up->is_null(0, 0) ? "" : up->text(0, 0)), last(up->is_null(0, 1) ? "" : up->text(0, 1));
        CO_CHECK(co_await tx.query("DELETE FROM account_tokens WHERE account_id = $1 AND used_at IS NULL AND id <> $2",
                                          pg::bind(id, t.int64(0, 0))));
        CO_CHECK(co_await queue_reset_mail(tx, id, restored, first, last, loop_.cfg.auth_set_password_ttl_s,
                                                loop_.cfg.http_public_origin));
        CO_CHECK(co_await tx.commit());
        co_return result<void>{};
    };
    CO_CHECK(co_await pg::in_transaction(loop_.pg, write));
    job_queue::wake(loop_, messages::queue::mail);
    CO_CHECK(co_await sessions_.revoke_all(id));
    auto cleared = co_await throttle_.clear_account(restored);
    (void)cleared;
    spdlog::info("account {}: change of address undone from the old address; sessions ended", id);
    co_return restored;
}

// An organization is never left without someone who can manage it (docs/decisions.md, "The last
// owner"): the last owner of a team with other members hands ownership over first (409); the last
// member of all takes the organization offline with the account (`active` off, so 0172's trigger
// holds its jobs), its records kept for the administrators. Nothing to check for a candidate.
// The organization's row is locked in a statement of its own (team changes, removals and
// invitations accepted wait for it), and the team is counted in the next: in READ COMMITTED a
// statement's snapshot is taken before it waits, so counting in the locking statement missed the
// colleague who left meanwhile, and two owners leaving at once left a live organization without
// a member (issue 39, item 3).
static task<result<void>> leave_organization_managed(pg::transaction& tx, std::int64_t id) {
    CO_TRY(auto locked, co_await tx.query(
        "SELECT o.id FROM accounts a JOIN organizations o ON o.id = a.organization_id "
        " WHERE a.id = $1 AND a.role = 'organization_member' FOR UPDATE OF o",
        pg::bind(id)));
    if (locked.rows() == 0) co_return result<void>{};
    CO_TRY(auto r, co_await tx.query(
        "SELECT o.id, o.name, a.organization_role = 'owner', "
        "       (SELECT count(*) FROM accounts b WHERE b.organization_id = o.id AND b.role = 'organization_member' AND b.id <> a.id), "
        "       (SELECT count(*) FROM accounts b WHERE b.organization_id = o.id AND b.role = 'organization_member' AND b.id <> a.id "
        "           AND b.organization_role = 'owner' AND NOT b.blocked) "
        "  FROM accounts a JOIN organizations o ON o.id = a.organization_id WHERE a.id = $1 AND o.id = $2",
        pg::bind(id, locked.int64(0, 0))));
    if (r.rows() == 0) co_return result<void>{};
    bool owner = r.boolean(0, 2);
    std::int64_t others = r.int64(0, 3), other_owners = r.int64(0, 4);
    if (others == 0) {
        CO_CHECK(co_await tx.query("UPDATE organizations SET active = false WHERE id = $1", pg::bind(r.int64(0, 0))));
        spdlog::info("organization {} taken offline: its last member deleted the account", r.int64(0, 0));
    } else if (owner && other_owners == 0) {
        co_return fail(error_kind::conflict, "Sie sind die einzige Inhaberin bzw. der einzige Inhaber von „" + std::string(r.text(0, 1)) +
                                                 "“. Bitte übertragen Sie die Inhaberschaft zuerst an ein anderes Teammitglied "
                                                 "(Portal → Team), dann können Sie Ihr Konto löschen.");
    }
    co_return result<void>{};
}

task<result<void>> accounts_actor::delete_account(const auth::identity& who, std::int64_t id, std::string confirmation) {
    CO_CHECK(require_owner(who, id));
    if (trim_ascii(confirmation) != "delete")
        co_return std::unexpected(app_error::invalid({{"confirmation", std::string(msg::delete_confirmation)}}));

    std::string email;
    auto write = [&](pg::transaction& tx) -> task<result<void>> {
        CO_CHECK(co_await leave_organization_managed(tx, id));
        // Tables of later domains: applications are kept for the provider but lose every link to the
        // person (docs/decisions.md); favourites go.
        CO_TRY(auto present, co_await tx.query(
            "SELECT to_regclass('public.applications') IS NOT NULL, to_regclass('public.favorites') IS NOT NULL, "
            "       coalesce((SELECT NOT attnotnull FROM pg_attribute "
            "                  WHERE attrelid = to_regclass('public.applications') AND attname = 'candidate_account_id'), false)"));
        if (present.boolean(0, 0)) {
            // A nullable link becomes NULL; a NOT NULL one a negative tombstone (-application id),
            // which no account has and which keeps (job, candidate) unique.
            pg::expected<pg::result_set> anon;
            if (present.boolean(0, 2))
                anon = co_await tx.query("UPDATE applications SET candidate_account_id = NULL, notes = '' WHERE candidate_account_id = $1",
                                          pg::bind(id));
            else
                anon = co_await tx.query("UPDATE applications SET candidate_account_id = -id, notes = '' WHERE candidate_account_id = $1",
                                          pg::bind(id));
            if (!anon) co_return std::unexpected(anon.error().to_app_error());
        }
        if (present.boolean(0, 1)) {
            CO_CHECK(co_await tx.query("DELETE FROM favorites WHERE candidate_account_id = $1", pg::bind(id)));
        }
        // Rows that are the account's without a foreign key: the newsletter subscription and contact
        // requests sent before logging in (by the exact address), queued or finished mails and tracking
        // events (by their account, or naming the address as a whole when they have none:
        // jh_row_of_account, migrations/0171_deletion_by_account.sql). A mail being sent right now stays.
        CO_CHECK(co_await tx.query(
            "WITH a AS (SELECT id, email FROM accounts WHERE id = $1), "
            "n AS (DELETE FROM newsletter_subscriptions s USING a WHERE s.email = a.email), "
            "c AS (DELETE FROM contact_requests r USING a WHERE r.email = a.email), "
            "q AS (DELETE FROM queue_jobs j USING a WHERE j.status <> 'running' "
            "       AND jh_row_of_account(j.account_id, j.payload, a.id, a.email::text)), "
            "t AS (DELETE FROM tracking_events e USING a WHERE jh_row_of_account(e.account_id, e.payload, a.id, a.email::text)) "
            "SELECT 1",
            pg::bind(id)));
        // What other domains remove with the account, in this transaction (account_deletion.h: the
        // sedcard files become a job for the media worker).
        for (deletion_step step : deletion_steps()) CO_CHECK(co_await step(tx, id));
        // Profile, tokens, social identities and coins go with the account (ON DELETE CASCADE).
        CO_TRY(auto gone, co_await tx.query("DELETE FROM accounts WHERE id = $1 RETURNING email", pg::bind(id)));
        if (gone.rows() != 1) co_return fail(error_kind::not_found, msg_not_found);
        email = std::string(gone.text(0, 0));
        CO_CHECK(co_await tx.commit());
        co_return result<void>{};
    };
    CO_CHECK(co_await pg::in_transaction(loop_.pg, write));

    auto revoked = co_await sessions_.revoke_all(id);
    if (!revoked) spdlog::warn("account {} deleted, but its sessions could not be revoked now (they end with their TTL)", id);
    auto cleared = co_await throttle_.clear_account(email);
    (void)cleared;
    spdlog::info("account {} deleted by its owner", id);
    co_return result<void>{};
}

task<result<accounts::profile_visibility>> accounts_actor::profile_visibility(std::int64_t account_id) {
    CO_TRY(auto r, co_await loop_.pg.read("SELECT profile_public, searchable_by_providers FROM accounts WHERE id = $1", pg::bind(account_id)));
    if (r.rows() == 0) co_return fail(error_kind::not_found, msg_not_found);
    co_return accounts::profile_visibility{r.boolean(0, 0), r.boolean(0, 1)};
}

task<result<void>> accounts_actor::award_coins(std::int64_t account_id, int amount, std::string reason, std::string award_key) {
    CO_CHECK(co_await loop_.pg.query(
        "INSERT INTO pb_coin_ledger (account_id, amount, reason, award_key) VALUES ($1, $2, $3, $4) "
        "ON CONFLICT (account_id, award_key) DO NOTHING",
        pg::bind(account_id, amount, reason, award_key)));
    co_return result<void>{};
}

}  // namespace jh::accounts
