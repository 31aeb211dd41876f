// accounts_actor.cpp: see accounts_actor.h. The actor's construction, sessions and identity, and
// the helpers its files share (accounts_internal.h). The rest by topic: accounts_login.cpp
// (registration and login), accounts_account.cpp, accounts_mail_flows.cpp, accounts_changes.cpp
// (changes and deletion), accounts_social.cpp (social sign-in).
#include "actors/accounts/accounts_actor.h"

#include <utility>

#include "actors/accounts/accounts_internal.h"
#include "actors/accounts/impersonation.h"
#include "actors/accounts/session_end.h"
#include "actors/form_text.h"
#include "actors/roles.h"
#include "reactor/config.h"
#include "reactor/http_client.h"
#include "messages/mail.h"
#include "messages/queue.h"
#include "reactor/job_queue.h"
#include "reactor/json_writer.h"
#include "reactor/loop_context.h"

namespace jh::accounts {

namespace detail {


// "Bitte warte 40 Sekunden" / "3 Minuten": the login throttle's answer, with Retry-After.
app_error login_throttled(int retry_after_s) {
    std::string wait = retry_after_s < 60 ? (retry_after_s == 1 ? "1 Sekunde" : std::to_string(retry_after_s) + " Sekunden")
                                          : ((retry_after_s + 59) / 60 == 1 ? "1 Minute" : std::to_string((retry_after_s + 59) / 60) + " Minuten");
    app_error e = app_error::make(error_kind::too_many_requests,
                                  "Zu viele fehlgeschlagene Anmeldeversuche. Bitte warte " + wait +
                                      " und versuche es dann noch einmal.");
    e.retry_after_s = retry_after_s;
    return e;
}

// "Hallo {{first_name}}," must read well without a name too.
std::string greeting_name(std::string_view first_name) {
    return first_name.empty() ? std::string("zusammen") : std::string(first_name);
}


// Inserts a single-use token (only its hash) and returns the token itself.
task<pg::expected<std::string>> insert_token(pg::transaction& tx, std::int64_t account_id, std::string_view purpose,
                                             int ttl_s, std::optional<std::string> new_email) {
    std::string token = auth::random_token(32);
    auto r = co_await tx.query(
        "INSERT INTO account_tokens (account_id, purpose, token_hash, new_email, expires_at) "
        "VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))",
        pg::bind(account_id, purpose, auth::sha256_hex(token), new_email, ttl_s));
    if (!r) co_return std::unexpected(r.error());
    co_return token;
}

// The coins for a confirmed address, once per candidate.
task<pg::expected<pg::result_set>> award_verified_coins(pg::transaction& tx, std::int64_t id) {
    co_return co_await tx.query(
        "INSERT INTO pb_coin_ledger (account_id, amount, reason, award_key) "
        "SELECT id, $2::integer, 'email_verified', 'email_verified' FROM accounts WHERE id = $1 AND role = 'candidate' "
        "ON CONFLICT (account_id, award_key) DO NOTHING",
        pg::bind(id, coins_email_verified));
}

// The campaign query ("utm_source=x&utm_medium=y") as the JSON object stored with a registration.
std::string query_to_json(std::string_view query) {
    std::string out;
    json_writer w(out);
    w.begin_object();
    for (const auto& [key, value] : forms::decoded_pairs(query))
        if (!key.empty()) w.member(key, value);
    w.end_object();
    return out;
}

// The reset link, stored and mailed in `tx` (the caller commits and wakes the mail worker).
task<pg::expected<void>> queue_reset_mail(pg::transaction& tx, std::int64_t id, std::string_view to, std::string_view first,
                                          std::string_view last, int ttl_s, std::string_view origin, bool provider) {
    auto token = co_await insert_token(tx, id, "reset_password", ttl_s);
    if (!token) co_return std::unexpected(token.error());
    // Providers: "Sie", and the portal's page (the candidates' page says "du").
    std::string payload =
        provider ? messages::mail_payload(messages::mail_template::password_reset_provider, to, full_name(first, last),
                                          {{"link", std::string(origin) + "/recruiting/portal/passwort-zuruecksetzen/" + *token}})
                 : messages::mail_payload(messages::mail_template::password_reset, to, full_name(first, last),
                                          {{"first_name", greeting_name(first)},
                                           {"link", std::string(origin) + "/passwort-zuruecksetzen/" + *token}});
    auto queued = co_await job_queue::enqueue(tx, messages::queue::mail, payload,
                                              "password_reset:" + std::to_string(id) + ":" + auth::sha256_hex(*token).substr(0, 16));
    if (!queued) co_return std::unexpected(queued.error());
    co_return pg::expected<void>{};
}

// A registration with an address that already has an account: no account changes, the owner is
// told by mail ("du" to candidates, "Sie" to providers).
std::string registration_notice_payload(std::string_view to, std::string_view role, std::string_view first,
                                        std::string_view last, std::string_view origin) {
    const bool provider = role == "organization_member";
    return messages::mail_payload(provider ? messages::mail_template::registration_attempt_provider : messages::mail_template::registration_attempt, to, full_name(first, last),
                        {{"first_name", greeting_name(first)}, {"link", std::string(origin) + "/?login=1"}});
}

}  // namespace detail

using namespace detail;

accounts_actor::accounts_actor(loop_context& loop)
    : loop_(loop),
      argon2_{static_cast<unsigned long long>(loop.cfg.auth_argon2_opslimit),
              static_cast<std::size_t>(loop.cfg.auth_argon2_memlimit_kib) * 1024u},
      hashing_(loop.uv, loop.cfg.auth_hash_concurrency, loop.cfg.auth_hash_queue_limit),
      exporting_(loop.uv, 1, 16),
      sessions_(loop.redis, loop.pg, loop.cfg.auth_refresh_token_ttl_s),
      throttle_(loop.redis,
                throttle_limits{loop.cfg.auth_login_fail_limit_account, loop.cfg.auth_login_fail_limit_address,
                                loop.cfg.auth_login_delay_base_s, loop.cfg.auth_login_delay_max_s},
                loop.cfg.auth_login_fail_window_s),
      providers_(section<oauth_settings>(loop.cfg)) {
    auth::process_signing_key(loop.cfg);   // warns at start, not at the first login, when auth.secret is unset
}

accounts_actor::~accounts_actor() = default;

result<void> accounts_actor::require_owner(const auth::identity& who, std::int64_t id) const {
    // Another user's id is "not found": never 403, which would confirm that the account exists.
    if (id != who.account_id) return fail(error_kind::not_found, msg_not_found);
    return {};
}

task<result<session_tokens>> accounts_actor::start_session(std::int64_t account_id, auth::role_id r) {
    // Before the new session exists, so a pending "end every session" cannot end this one too.
    CO_CHECK(co_await end_sessions_if_marked(loop_.pg, sessions_, account_id));
    CO_TRY(auto s, co_await sessions_.create(account_id));
    auth::access_claims c;
    c.account_id = account_id;
    c.account_role = r;
    c.session = s.family;
    c.issued_at = auth::unix_now();
    c.expires_at = c.issued_at + loop_.cfg.auth_access_token_ttl_s;
    co_return session_tokens{account_id, auth::sign_access_token(c, auth::process_signing_key(loop_.cfg)),
                             std::move(s.refresh_token)};
}

// num_logins, last_login and the daily login coins (candidates only) in one statement.
// In a transaction of its own, so that a switchover under it repeats it instead of failing the
// login (pg::in_transaction): a lone statement whose connection broke may have committed, and
// counting a login twice is wrong.
task<result<void>> accounts_actor::record_login(std::int64_t account_id) {
    co_return co_await pg::in_transaction(loop_.pg, [&](pg::transaction& tx) -> task<result<void>> {
        CO_CHECK(co_await tx.query(
            "WITH u AS (UPDATE accounts SET num_logins = num_logins + 1, last_login_at = now() WHERE id = $1 "
            "           RETURNING id, role) "
            "INSERT INTO pb_coin_ledger (account_id, amount, reason, award_key) "
            "SELECT id, $2::integer, 'daily_login', 'daily_login:' || to_char(now() AT TIME ZONE 'Europe/Berlin', 'YYYY-MM-DD') "
            "  FROM u WHERE role = 'candidate' "
            "ON CONFLICT (account_id, award_key) DO NOTHING",
            pg::bind(account_id, coins_daily_login)));
        CO_CHECK(co_await tx.commit());
        co_return result<void>{};
    });
}
// ---- identity ---------------------------------------------------------------------------------------

task<result<auth::identity>> accounts_actor::resolve_identity(auth::access_claims claims, std::optional<std::string> switch_user) {
    CO_TRY(auto alive, co_await sessions_.alive(claims.session, claims.account_id));
    if (!alive) co_return fail(error_kind::unauthorized, msg_session_ended);
    // The role is the account's now, not what the token said when it was issued.
    CO_TRY(auto role, co_await current_role(claims.account_id));
    auth::identity who;
    who.account_id = claims.account_id;
    who.account_role = role;
    who.session = claims.session;
    if (!switch_user || switch_user->empty()) co_return who;

    if (role != auth::role::admin)
        co_return fail(error_kind::forbidden, "Nur Administratoren dürfen ein anderes Konto übernehmen.");
    // The header carries a grant made by POST /api/admin/impersonations, never a bare address.
    CO_TRY(auto target, co_await impersonation::resolve_grant(loop_.pg, claims.account_id, std::move(*switch_user)));
    who.impersonator_id = claims.account_id;
    who.account_id = target;
    who.account_role = auth::role::candidate;
    co_return who;
}

task<result<auth::role_id>> accounts_actor::current_role(std::int64_t account_id) {
    CO_TRY(auto r, co_await loop_.pg.read("SELECT role, blocked, end_sessions FROM accounts WHERE id = $1", pg::bind(account_id)));
    if (r.rows() != 1) co_return fail(error_kind::unauthorized, msg_session_ended);
    if (r.boolean(0, 1)) co_return fail(error_kind::unauthorized, msg_inactive);
    // Its organization was blocked since this session began: the session ends, with every other.
    if (r.boolean(0, 2)) {
        CO_CHECK(co_await end_sessions_if_marked(loop_.pg, sessions_, account_id));
        co_return fail(error_kind::unauthorized, msg_session_ended);
    }
    auto role = auth::parse_role(r.text(0, 0));
    if (!role) co_return fail(error_kind::unauthorized, msg_session_ended);
    co_return *role;
}

task<result<bool>> end_sessions_if_marked(pg::pool& pg, session_store& sessions, std::int64_t account_id) {
    CO_TRY(auto r, co_await pg.read("SELECT end_sessions FROM accounts WHERE id = $1", pg::bind(account_id)));
    if (r.rows() == 0 || !r.boolean(0, 0)) co_return false;
    CO_CHECK(co_await sessions.revoke_all(account_id));
    CO_CHECK(co_await pg.query("UPDATE accounts SET end_sessions = false WHERE id = $1", pg::bind(account_id)));
    co_return true;
}

}  // namespace jh::accounts
