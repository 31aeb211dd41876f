// accounts_login.cpp: registration (with and without a password), the address check, login with
// its throttle, token refresh and logout. Part of accounts_actor (accounts_actor.h).
#include "actors/accounts/accounts_actor.h"

#include <spdlog/spdlog.h>

#include "actors/accounts/accounts_internal.h"
#include "actors/accounts/password_rules.h"
#include "actors/accounts/session_end.h"
#include "actors/roles.h"
#include "reactor/config.h"
#include "messages/queue.h"
#include "reactor/job_queue.h"
#include "reactor/loop_context.h"

namespace jh::accounts {

using namespace detail;

// ---- registration and login ------------------------------------------------------------------------

// Counted per client by the route's rate class (rate_classes.h), before this runs.
task<result<email_check_result>> accounts_actor::check_email(std::string email) {
    std::string e(trim_ascii(email));
    if (e.empty()) co_return std::unexpected(app_error::invalid({{"email", std::string(msg::required)}}));
    if (!is_valid_email(e)) co_return std::unexpected(app_error::invalid({{"email", std::string(msg::email)}}));
    CO_TRY(auto r, co_await loop_.pg.read("SELECT role FROM accounts WHERE email = $1", pg::bind(e)));
    email_check_result out;
    if (r.rows() == 1) {
        out.exists = true;
        out.account_type = r.text(0, 0) == "organization_member" ? "organization" : "candidate";
    }
    co_return out;
}

task<result<void>> accounts_actor::limit_mails_to(std::string_view address) {
    CO_TRY(auto ok, co_await mail_allowed(loop_.redis, address, loop_.cfg.auth_mails_per_address_per_hour));
    if (!ok) {
        // Never the address itself in the log.
        spdlog::warn("mail limit reached for one address ({} an hour)", loop_.cfg.auth_mails_per_address_per_hour);
        co_return fail(error_kind::too_many_requests, msg_too_many_mails);
    }
    co_return result<void>{};
}

// The registrations per client are counted by the routes' rate class (rate_classes.h).
task<result<void>> accounts_actor::register_candidate(registration reg) {
    std::vector<violation> v;
    std::string email(trim_ascii(reg.email));
    std::string first(trim_ascii(reg.first_name));
    std::string last(trim_ascii(reg.last_name));
    if (email.empty()) v.push_back({"email", std::string(msg::required)});
    else if (!is_valid_email(email)) v.push_back({"email", std::string(msg::email)});
    if (!reg.without_password) {
        check_password(reg.password, "password", v);
        if (reg.password_confirmation != reg.password) v.push_back({"passwordConfirmation", std::string(msg::password_equals)});
    }
    for (auto [field, value] : {std::pair<const char*, const std::string*>{"firstName", &first}, {"lastName", &last}}) {
        if (value->empty()) v.push_back({field, std::string(msg::required)});
        else if (utf8_length(*value) > 100) v.push_back({field, std::string(msg::name_too_long)});
    }
    if (!v.empty()) co_return std::unexpected(app_error::invalid(std::move(v)));
    // Counted for every address, known or not: the limit says nothing about an account.
    CO_CHECK(co_await limit_mails_to(email));

    // Hashed whether or not the address is known, so both answers take the same time.
    std::optional<std::string> hash;
    if (!reg.without_password) {
        auto job = [pw = std::move(reg.password), p = argon2_] { return hash_password(pw, p); };
        CO_TRY(auto h, co_await hash_job(std::move(job)));
        if (!h) co_return fail(error_kind::unavailable);
        hash = std::move(*h);
    }

    co_return co_await pg::in_transaction(loop_.pg, [&](pg::transaction& tx) -> task<result<void>> {
        CO_TRY(auto known, co_await tx.query(
            "SELECT a.email, a.role, coalesce(p.first_name, ''), coalesce(p.last_name, '') "
            "  FROM accounts a LEFT JOIN candidate_profiles p ON p.account_id = a.id WHERE a.email = $1",
            pg::bind(email)));
        if (known.rows() == 1) {
            // The owner learns of it; the one who registered sees the usual answer.
            std::string to(known.text(0, 0));
            std::string payload = registration_notice_payload(to, known.text(0, 1), known.text(0, 2), known.text(0, 3),
                                                              loop_.cfg.http_public_origin);
            CO_CHECK(co_await job_queue::enqueue(tx, messages::queue::mail, payload,
                                                 "registration_attempt:" + auth::sha256_hex(auth::random_token(16)).substr(0, 24)));
            CO_CHECK(co_await tx.commit());
            job_queue::wake(loop_, messages::queue::mail);
            co_return result<void>{};
        }
        auto inserted = co_await tx.query(
            "INSERT INTO accounts (email, password_hash, registered_via, newsletter, jobletter, registration_query) "
            "VALUES ($1, $2, $3, $4, $5, $6::jsonb) RETURNING id",
            pg::bind(email, hash, std::string_view(reg.without_password ? "without_password" : "password"), reg.newsletter, reg.jobletter,
              reg.query_json));
        if (!inserted) {
            // Registered by a parallel request a moment ago: the same answer as always.
            if (inserted.error().unique_violation()) co_return result<void>{};
            co_return std::unexpected(inserted.error().to_app_error());
        }
        std::int64_t id = inserted->int64(0, 0);
        CO_CHECK(co_await tx.query("INSERT INTO candidate_profiles (account_id, first_name, last_name) VALUES ($1, $2, $3)",
                                          pg::bind(id, first, last)));
        CO_CHECK(co_await tx.query(
            "INSERT INTO pb_coin_ledger (account_id, amount, reason, award_key) VALUES ($1, $2, 'registered', 'registered')",
            pg::bind(id, coins_registered)));
        if (reg.in_transaction) {
            CO_CHECK(co_await reg.in_transaction(tx, id));
        }

        // With a password: confirm the address (the link signs in). Without: the same mail sets the
        // first password (and so confirms the address too).
        std::string_view purpose = reg.without_password ? "set_password" : "verify_email";
        int ttl = reg.without_password ? loop_.cfg.auth_set_password_ttl_s : loop_.cfg.auth_verify_email_ttl_s;
        CO_TRY(auto token, co_await insert_token(tx, id, purpose, ttl));
        std::string link = loop_.cfg.http_public_origin + (reg.without_password ? "/passwort-festlegen/" : "/email-bestaetigen/") + token;
        std::string payload = messages::mail_payload(reg.without_password ? messages::mail_template::set_password : messages::mail_template::verify_email, email, full_name(first, last),
                                           {{"first_name", greeting_name(first)}, {"link", link}});
        std::string key = std::string(purpose) + ":" + std::to_string(id) + ":" + auth::sha256_hex(token).substr(0, 16);
        CO_CHECK(co_await job_queue::enqueue(tx, messages::queue::mail, payload, key));
        CO_CHECK(co_await tx.commit());
        job_queue::wake(loop_, messages::queue::mail);
        co_return result<void>{};
    });
}

task<result<session_tokens>> accounts_actor::login(std::string email, std::string password, std::string client_ip) {
    std::string e(trim_ascii(email));
    std::vector<violation> v;
    if (e.empty()) v.push_back({"email", std::string(msg::required)});
    if (password.empty()) v.push_back({"password", std::string(msg::required)});
    if (!v.empty()) co_return std::unexpected(app_error::invalid(std::move(v)));
    if (password.size() > 4 * password_max_length) co_return fail(error_kind::unauthorized, msg_wrong_credentials);

    // The attempt is counted before the password is checked, whether or not the account exists:
    // a real and an invented address are slowed down the same way.
    CO_TRY(auto attempt, co_await throttle_.begin(e, client_ip));
    if (!attempt.allowed) co_return std::unexpected(login_throttled(attempt.retry_after_s));

    auto found = co_await loop_.pg.read("SELECT id, coalesce(password_hash, ''), blocked, role FROM accounts WHERE email = $1",
                                         pg::bind(e));
    if (!found) {
        // No answer (a failover, an overload): no password was checked, so the attempt does not count.
        (void)co_await throttle_.not_counted(attempt);
        co_return std::unexpected(found.error().to_app_error());
    }
    const pg::result_set& row = *found;
    std::int64_t id = 0;
    std::string stored;
    bool blocked = false;
    auth::role_id r = auth::role::candidate;
    if (row.rows() == 1) {
        id = row.int64(0, 0);
        stored = std::string(row.text(0, 1));
        blocked = row.boolean(0, 2);
        r = auth::parse_role(row.text(0, 3)).value_or(auth::role::candidate);
    }

    // An unknown address is checked against a dummy hash: the same work, the same time.
    struct checked {
        bool ok = false;
        std::optional<std::string> rehashed;
    };
    auto job = [stored, pw = std::move(password), p = argon2_] {
        checked c;
        c.ok = verify_password(stored, pw, p);
        if (c.ok && needs_rehash(stored, p)) c.rehashed = hash_password(pw, p);
        return c;
    };
    auto verdict = co_await hash_job(std::move(job));
    if (!verdict) {
        (void)co_await throttle_.not_counted(attempt);
        co_return std::unexpected(verdict.error());
    }
    if (!verdict->ok) co_return fail(error_kind::unauthorized, msg_wrong_credentials);

    CO_CHECK(co_await throttle_.succeeded(attempt));
    if (blocked) co_return fail(error_kind::unauthorized, msg_inactive);
    if (verdict->rehashed) {
        auto up = co_await loop_.pg.query("UPDATE accounts SET password_hash = $2 WHERE id = $1 AND password_hash = $3",
                                          pg::bind(id, *verdict->rehashed, stored));
        if (!up) spdlog::warn("account {}: storing the rehashed password failed", id);
    }
    CO_CHECK(co_await record_login(id));
    co_return co_await start_session(id, r);
}

task<result<session_tokens>> accounts_actor::refresh(std::string refresh_token) {
    CO_TRY(auto rot, co_await sessions_.rotate(refresh_token));
    if (rot.result != rotation::outcome::rotated) co_return fail(error_kind::unauthorized, msg_session_ended);
    CO_TRY(auto row, co_await loop_.pg.read("SELECT role, blocked, end_sessions FROM accounts WHERE id = $1", pg::bind(rot.account_id)));
    if (row.rows() == 1 && row.boolean(0, 2)) {
        // Its organization was blocked since: this session ends with the others.
        CO_CHECK(co_await end_sessions_if_marked(loop_.pg, sessions_, rot.account_id));
        co_return fail(error_kind::unauthorized, msg_session_ended);
    }
    if (row.rows() != 1 || row.boolean(0, 1)) {
        auto revoked = co_await sessions_.revoke(rot.family);
        (void)revoked;
        co_return fail(error_kind::unauthorized, row.rows() == 1 ? msg_inactive : msg_session_ended);
    }
    auth::access_claims c;
    c.account_id = rot.account_id;
    c.account_role = auth::parse_role(row.text(0, 0)).value_or(auth::role::candidate);
    c.session = rot.family;
    c.issued_at = auth::unix_now();
    c.expires_at = c.issued_at + loop_.cfg.auth_access_token_ttl_s;
    co_return session_tokens{rot.account_id, auth::sign_access_token(c, auth::process_signing_key(loop_.cfg)),
                             std::move(rot.refresh_token)};
}

task<result<void>> accounts_actor::logout(std::optional<std::string> family, std::optional<std::string> refresh_token) {
    if (!family && refresh_token) {
        CO_TRY(auto f, co_await sessions_.family_of(*refresh_token));
        family = std::move(f);
    }
    if (!family) co_return result<void>{};
    co_return co_await sessions_.revoke(*family);
}

task<result<void>> accounts_actor::logout_everywhere(const auth::identity& who) {
    co_return co_await sessions_.revoke_all(who.account_id);
}

}  // namespace jh::accounts
