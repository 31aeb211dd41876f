// accounts_mail_flows.cpp: the flows that start with a mail: address verification, its
// confirmation link, and the password reset. Part of accounts_actor (accounts_actor.h).
#include "actors/accounts/accounts_actor.h"

#include "actors/accounts/accounts_internal.h"
#include "actors/accounts/password_rules.h"
#include "actors/roles.h"
#include "reactor/config.h"
#include "messages/queue.h"
#include "reactor/job_queue.h"
#include "reactor/loop_context.h"

namespace jh::accounts {

using namespace detail;

task<result<verification_request>> accounts_actor::request_email_verification(const auth::identity& who) {
    CO_TRY(auto r, co_await loop_.pg.read(
        "SELECT a.email, a.email_verified_at IS NOT NULL, coalesce(p.first_name, ''), coalesce(p.last_name, ''), "
        "       EXISTS (SELECT 1 FROM account_tokens t WHERE t.account_id = a.id AND t.purpose = 'verify_email' "
        "               AND t.created_at > now() - make_interval(secs => $2)) "
        "  FROM accounts a LEFT JOIN candidate_profiles p ON p.account_id = a.id WHERE a.id = $1",
        pg::bind(who.account_id, loop_.cfg.auth_mail_resend_s)));
    if (r.rows() != 1) co_return fail(error_kind::not_found, msg_not_found);
    if (r.boolean(0, 1)) co_return verification_request::already_verified;
    if (r.boolean(0, 4)) co_return verification_request::recently_sent;
    std::string email(r.text(0, 0)), first(r.text(0, 2)), last(r.text(0, 3));
    CO_CHECK(co_await limit_mails_to(email));

    auto write = [&](pg::transaction& tx) -> task<result<void>> {
        CO_CHECK(co_await tx.query("DELETE FROM account_tokens WHERE account_id = $1 AND purpose = 'verify_email' AND used_at IS NULL",
                                      pg::bind(who.account_id)));
        CO_TRY(auto token, co_await insert_token(tx, who.account_id, "verify_email", loop_.cfg.auth_verify_email_ttl_s));
        std::string payload = messages::mail_payload(messages::mail_template::verify_email, email, full_name(first, last),
                                           {{"first_name", greeting_name(first)},
                                            {"link", loop_.cfg.http_public_origin + "/email-bestaetigen/" + token}});
        CO_CHECK(co_await job_queue::enqueue(tx, messages::queue::mail, payload,
                                             "verify_email:" + std::to_string(who.account_id) + ":" + auth::sha256_hex(token).substr(0, 16)));
        CO_CHECK(co_await tx.commit());
        co_return result<void>{};
    };
    CO_CHECK(co_await pg::in_transaction(loop_.pg, write));
    job_queue::wake(loop_, messages::queue::mail);
    co_return verification_request::sent;
}

task<result<confirmed_email>> accounts_actor::confirm_email_token(std::string token) {
    if (token.empty() || token.size() > 200) co_return fail(error_kind::not_found, msg_token_invalid);
    confirmed_email out;
    bool change = false;
    std::string released;
    pg::result_set role;
    auto write = [&](pg::transaction& tx) -> task<result<void>> {
        CO_TRY(auto t, co_await tx.query(
            "SELECT t.id, t.account_id, t.purpose, t.new_email, t.used_at IS NOT NULL, t.expires_at <= now(), "
            "       a.email_verified_at IS NOT NULL, a.email "
            "  FROM account_tokens t JOIN accounts a ON a.id = t.account_id "
            " WHERE t.token_hash = $1 AND t.purpose IN ('verify_email', 'change_email') FOR UPDATE OF t",
            pg::bind(auth::sha256_hex(token))));
        if (t.rows() != 1) co_return fail(error_kind::not_found, msg_token_invalid);
        change = t.text(0, 2) == "change_email";
        if (t.boolean(0, 4)) {
            if (!change && t.boolean(0, 6)) co_return fail(error_kind::conflict, "Deine E-Mail-Adresse ist bereits bestätigt.");
            co_return fail(error_kind::not_found, msg_token_invalid);
        }
        if (t.boolean(0, 5)) co_return fail(error_kind::not_found, msg_token_invalid);

        out = confirmed_email{};
        out.account_id = t.int64(0, 1);
        out.email = std::string(change ? t.text(0, 3) : t.text(0, 7));
        out.changed_address = change;
        CO_CHECK(co_await tx.query("UPDATE account_tokens SET used_at = now() WHERE id = $1", pg::bind(t.int64(0, 0))));
        pg::expected<pg::result_set> up;
        if (change)
            up = co_await tx.query("UPDATE accounts SET email = $2, email_verified_at = now() WHERE id = $1", pg::bind(out.account_id, out.email));
        else
            up = co_await tx.query("UPDATE accounts SET email_verified_at = coalesce(email_verified_at, now()) WHERE id = $1",
                                    pg::bind(out.account_id));
        if (!up) {
            if (up.error().unique_violation())
                co_return fail(error_kind::conflict, "Diese E-Mail-Adresse wird inzwischen von einem anderen Konto verwendet.");
            co_return std::unexpected(up.error().to_app_error());
        }
        CO_CHECK(co_await award_verified_coins(tx, out.account_id));
        // Work that waited for a confirmed address (register-and-apply's application) goes out now.
        CO_TRY(auto held, co_await tx.query("SELECT array_to_string(jh_release_held_jobs($1), ',')", pg::bind(out.account_id)));
        released = std::string(held.text(0, 0));
        CO_TRY(role, co_await tx.query(
            "SELECT a.role, a.blocked, CASE WHEN o.id IS NULL THEN '' WHEN o.rejected_at IS NOT NULL THEN 'rejected' "
            "       WHEN o.approved_at IS NULL THEN 'pending' WHEN NOT o.active THEN 'blocked' ELSE 'approved' END "
            "  FROM accounts a LEFT JOIN organizations o ON o.id = a.organization_id WHERE a.id = $1",
            pg::bind(out.account_id)));
        CO_CHECK(co_await tx.commit());
        co_return result<void>{};
    };
    CO_CHECK(co_await pg::in_transaction(loop_.pg, write));
    if (!released.empty()) job_queue::wake(loop_, messages::queue::mail);
    if (role.rows() == 1) {
        out.role = std::string(role.text(0, 0));
        out.organization_state = std::string(role.text(0, 2));
    }
    // Registration no longer signs in (it must answer the same for a known address): the link
    // from the verification mail does, for candidates.
    if (!change && role.rows() == 1 && role.text(0, 0) == "candidate" && !role.boolean(0, 1)) {
        CO_CHECK(co_await record_login(out.account_id));
        auto session = co_await start_session(out.account_id, auth::role::candidate);
        if (!session) co_return std::unexpected(session.error());
        out.session = std::move(*session);
    }
    co_return out;
}

// The requests per client are counted by the route's rate class (rate_classes.h), before this runs.
task<result<void>> accounts_actor::request_password_reset(std::string email) {
    std::string e(trim_ascii(email));
    if (e.empty()) co_return std::unexpected(app_error::invalid({{"email", std::string(msg::required)}}));
    if (!is_valid_email(e)) co_return std::unexpected(app_error::invalid({{"email", std::string(msg::email)}}));
    // Per address, known or not: a second request within minutes gets the same "already
    // requested" for an invented address as for a real one.
    CO_TRY(auto first, co_await set_once(loop_.redis, "auth:once:reset:" + auth::sha256_hex(ascii_lower(e)), loop_.cfg.auth_mail_resend_s));
    if (!first)
        co_return fail(error_kind::too_many_requests,
                       "Du hast gerade schon eine E-Mail angefordert. Bitte schau in dein Postfach (auch in den Spam-Ordner) "
                       "oder versuche es in ein paar Minuten noch einmal.");
    CO_CHECK(co_await limit_mails_to(e));
    CO_TRY(auto r, co_await loop_.pg.read(
        "SELECT a.id, a.email, coalesce(p.first_name, ''), coalesce(p.last_name, ''), a.role = 'organization_member' "
        "  FROM accounts a LEFT JOIN candidate_profiles p ON p.account_id = a.id WHERE a.email = $1",
        pg::bind(e)));
    if (r.rows() != 1) co_return result<void>{};   // the same answer as for a real address
    std::int64_t id = r.int64(0, 0);
    std::string to(r.text(0, 1)), first_name(r.text(0, 2)), last_name(r.text(0, 3));
    const bool provider = r.boolean(0, 4);

    auto write = [&](pg::transaction& tx) -> task<result<void>> {
        CO_CHECK(co_await tx.query(
            "DELETE FROM account_tokens WHERE account_id = $1 AND purpose = 'reset_password' AND used_at IS NULL", pg::bind(id)));
        CO_CHECK(co_await queue_reset_mail(tx, id, to, first_name, last_name, loop_.cfg.auth_password_reset_ttl_s,
                                                loop_.cfg.http_public_origin, provider));
        CO_CHECK(co_await tx.commit());
        co_return result<void>{};
    };
    CO_CHECK(co_await pg::in_transaction(loop_.pg, write));
    job_queue::wake(loop_, messages::queue::mail);
    co_return result<void>{};
}

task<result<std::int64_t>> accounts_actor::check_password_reset_token(std::string token) {
    if (token.empty() || token.size() > 200) co_return fail(error_kind::not_found, msg_token_invalid);
    CO_TRY(auto r, co_await loop_.pg.read(
        "SELECT account_id FROM account_tokens WHERE token_hash = $1 AND purpose IN ('reset_password', 'set_password') "
        "   AND used_at IS NULL AND expires_at > now()",
        pg::bind(auth::sha256_hex(token))));
    if (r.rows() != 1) co_return fail(error_kind::not_found, msg_token_invalid);
    co_return r.int64(0, 0);
}

task<result<std::string>> accounts_actor::hash_new_password(std::string password, const std::string& confirmation) {
    std::vector<violation> v;
    check_password(password, "password", v);
    if (confirmation != password) v.push_back({"passwordConfirmation", std::string(msg::password_equals)});
    if (!v.empty()) co_return std::unexpected(app_error::invalid(std::move(v)));
    auto job = [pw = std::move(password), p = argon2_] { return hash_password(pw, p); };
    CO_TRY(auto h, co_await hash_job(std::move(job)));
    if (!h) co_return fail(error_kind::unavailable);
    co_return std::move(*h);
}

task<result<void>> accounts_actor::reset_password(std::int64_t id, std::string token, std::string password, std::string confirmation) {
    // The token first: an invalid one must not cost an argon2 hash.
    CO_TRY(auto owner, co_await check_password_reset_token(token));
    if (owner != id) co_return fail(error_kind::not_found, msg_token_invalid);
    CO_TRY(auto hashed, co_await hash_new_password(std::move(password), confirmation));

    std::string email, released;
    auto write = [&](pg::transaction& tx) -> task<result<void>> {
        CO_TRY(auto used, co_await tx.query(
            "UPDATE account_tokens SET used_at = now() WHERE token_hash = $1 AND account_id = $2 "
            "   AND purpose IN ('reset_password', 'set_password') AND used_at IS NULL AND expires_at > now() RETURNING id",
            pg::bind(auth::sha256_hex(token), id)));
        if (used.rows() != 1) co_return fail(error_kind::not_found, msg_token_invalid);
        // The mail reached its owner: that confirms the address as well.
        CO_TRY(auto up, co_await tx.query(
            "UPDATE accounts SET password_hash = $2, email_verified_at = coalesce(email_verified_at, now()) WHERE id = $1 "
            "RETURNING email, role",
            pg::bind(id, hashed)));
        if (up.rows() != 1) co_return fail(error_kind::not_found, msg_token_invalid);
        email = std::string(up.text(0, 0));
        CO_CHECK(co_await award_verified_coins(tx, id));
        CO_TRY(auto held, co_await tx.query("SELECT array_to_string(jh_release_held_jobs($1), ',')", pg::bind(id)));
        released = std::string(held.text(0, 0));
        CO_CHECK(co_await tx.commit());
        co_return result<void>{};
    };
    CO_CHECK(co_await pg::in_transaction(loop_.pg, write));
    if (!released.empty()) job_queue::wake(loop_, messages::queue::mail);
    // Whoever knew the old password is logged out everywhere.
    job_queue::wake(loop_, messages::queue::media);
    CO_CHECK(co_await sessions_.revoke_all(id));
    auto cleared = co_await throttle_.clear_account(email);
    (void)cleared;
    co_return result<void>{};
}

}  // namespace jh::accounts
