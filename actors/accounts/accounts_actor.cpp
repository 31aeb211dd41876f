// accounts_actor.cpp: see accounts_actor.h. Read in the order of the header: registration and
// login, identity, the account, the mail flows, changes, coins, social sign-in.
#include "actors/profiles/media_cleanup.h"
#include "actors/accounts/accounts_actor.h"

#include <simdjson.h>
#include <spdlog/spdlog.h>

#include <utility>

#include "actors/accounts/impersonation.h"
#include "actors/accounts/password_rules.h"
#include "reactor/config.h"
#include "reactor/http_client.h"
#include "messages/mail.h"
#include "messages/queue.h"
#include "reactor/job_queue.h"
#include "reactor/json_writer.h"
#include "reactor/loop_context.h"

namespace jh::accounts {

namespace {

// Bound parameters from a list of values: P(id, email) (a call, not a braced list — see g++ 12
// and co_await in docs/decisions.md).
template <typename... A>
pg::params P(const A&... a) {
    pg::params p;
    (p.add(a), ...);
    return p;
}

std::unexpected<app_error> db_fail(const pg::error& e) { return std::unexpected(e.to_app_error()); }

// Coins (docs/decisions.md, "Accounts (issue 5)").
constexpr int coins_registered = 25;
constexpr int coins_email_verified = 50;
constexpr int coins_daily_login = 5;

const char* const msg_wrong_credentials = "E-Mail-Adresse oder Passwort ist falsch.";
const char* const msg_inactive = "Dein Konto ist gesperrt. Bitte wende dich an unseren Support.";
const char* const msg_too_many_requests = "Zu viele Anfragen. Bitte warte eine Weile und versuche es dann noch einmal.";
const char* const msg_too_many_mails =
    "An diese E-Mail-Adresse haben wir in der letzten Stunde schon mehrere E-Mails geschickt. Bitte versuche es später noch "
    "einmal.";
const char* const msg_session_ended = "Deine Sitzung ist abgelaufen. Bitte melde dich erneut an.";
const char* const msg_not_found = "Die Seite wurde nicht gefunden.";
const char* const msg_token_invalid = "Dieser Link ist ungültig oder abgelaufen. Bitte fordere einen neuen an.";
const char* const msg_impersonating = "Das ist während der Übernahme eines Kontos nicht möglich.";

std::string lower_ascii(std::string_view s) {
    std::string out(s);
    for (auto& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

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
                                             int ttl_s, std::optional<std::string> new_email = std::nullopt) {
    std::string token = auth::random_token(32);
    auto r = co_await tx.query(
        "INSERT INTO account_tokens (account_id, purpose, token_hash, new_email, expires_at) "
        "VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))",
        P(account_id, purpose, auth::sha256_hex(token), new_email, ttl_s));
    if (!r) co_return std::unexpected(r.error());
    co_return token;
}

// The coins for a confirmed address, once per candidate.
task<pg::expected<pg::result_set>> award_verified_coins(pg::transaction& tx, std::int64_t id) {
    co_return co_await tx.query(
        "INSERT INTO pb_coin_ledger (account_id, amount, reason, award_key) "
        "SELECT id, $2::integer, 'email_verified', 'email_verified' FROM accounts WHERE id = $1 AND role = 'candidate' "
        "ON CONFLICT (account_id, award_key) DO NOTHING",
        P(id, coins_email_verified));
}

std::string full_name(std::string_view first, std::string_view last) {
    std::string n(first);
    if (!first.empty() && !last.empty()) n += ' ';
    n += last;
    return n;
}

// The campaign query ("utm_source=x&utm_medium=y") as the JSON object stored with a registration.
std::string query_to_json(std::string_view query) {
    std::string out;
    json_writer w(out);
    w.begin_object();
    while (!query.empty()) {
        auto amp = query.find('&');
        std::string_view pair = query.substr(0, amp);
        query = amp == std::string_view::npos ? std::string_view{} : query.substr(amp + 1);
        auto eq = pair.find('=');
        std::string key, value;
        if (!percent_decode(pair.substr(0, eq), key, true) || key.empty()) continue;
        if (eq != std::string_view::npos && !percent_decode(pair.substr(eq + 1), value, true)) continue;
        w.member(key, value);
    }
    w.end_object();
    return out;
}

// The reset link, stored and mailed in `tx` (the caller commits and wakes the mail worker).
task<pg::expected<void>> queue_reset_mail(pg::transaction& tx, std::int64_t id, std::string_view to, std::string_view first,
                                          std::string_view last, int ttl_s, std::string_view origin) {
    auto token = co_await insert_token(tx, id, "reset_password", ttl_s);
    if (!token) co_return std::unexpected(token.error());
    std::string payload = messages::mail_payload(messages::mail_template::password_reset, to, full_name(first, last),
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

}  // namespace

accounts_actor::accounts_actor(loop_context& loop)
    : loop_(loop),
      argon2_{static_cast<unsigned long long>(loop.cfg.auth_argon2_opslimit),
              static_cast<std::size_t>(loop.cfg.auth_argon2_memlimit_kib) * 1024u},
      hashing_(loop.uv, loop.cfg.auth_hash_concurrency, loop.cfg.auth_hash_queue_limit),
      exporting_(loop.uv, 1, 16),
      sessions_(loop.redis, loop.cfg.auth_refresh_token_ttl_s),
      throttle_(loop.redis,
                throttle_limits{loop.cfg.auth_login_fail_limit_account, loop.cfg.auth_login_fail_limit_address,
                                loop.cfg.auth_login_delay_base_s, loop.cfg.auth_login_delay_max_s},
                loop.cfg.auth_login_fail_window_s),
      providers_(loop.cfg) {
    auth::process_signing_key(loop.cfg);   // warns at start, not at the first login, when auth.secret is unset
}

accounts_actor::~accounts_actor() = default;

result<void> accounts_actor::require_owner(const auth::identity& who, std::int64_t id) const {
    // Another user's id is "not found": never 403, which would confirm that the account exists.
    if (id != who.account_id) return fail(error_kind::not_found, msg_not_found);
    return {};
}

task<result<session_tokens>> accounts_actor::start_session(std::int64_t account_id, auth::role r) {
    auto s = co_await sessions_.create(account_id);
    if (!s) co_return std::unexpected(s.error());
    auth::access_claims c;
    c.account_id = account_id;
    c.account_role = r;
    c.session = s->family;
    c.issued_at = auth::unix_now();
    c.expires_at = c.issued_at + loop_.cfg.auth_access_token_ttl_s;
    co_return session_tokens{account_id, auth::sign_access_token(c, auth::process_signing_key(loop_.cfg)),
                             std::move(s->refresh_token)};
}

// num_logins, last_login and the daily login coins (candidates only) in one statement.
task<result<void>> accounts_actor::record_login(std::int64_t account_id) {
    auto r = co_await loop_.pg.query(
        "WITH u AS (UPDATE accounts SET num_logins = num_logins + 1, last_login_at = now() WHERE id = $1 "
        "           RETURNING id, role) "
        "INSERT INTO pb_coin_ledger (account_id, amount, reason, award_key) "
        "SELECT id, $2::integer, 'daily_login', 'daily_login:' || to_char(now() AT TIME ZONE 'Europe/Berlin', 'YYYY-MM-DD') "
        "  FROM u WHERE role = 'candidate' "
        "ON CONFLICT (account_id, award_key) DO NOTHING",
        P(account_id, coins_daily_login));
    if (!r) co_return db_fail(r.error());
    co_return result<void>{};
}

// ---- registration and login ------------------------------------------------------------------------

task<result<email_check_result>> accounts_actor::check_email(std::string email, std::string client_ip) {
    auto n = co_await count_in_window(loop_.redis, "auth:ec:" + client_ip, 60);
    if (!n) co_return std::unexpected(n.error());
    if (*n > loop_.cfg.auth_email_check_limit_per_minute)
        co_return fail(error_kind::too_many_requests, "Zu viele Anfragen. Bitte warte eine Minute und versuche es dann noch einmal.");
    std::string e(trim_ascii(email));
    if (e.empty()) co_return std::unexpected(app_error::invalid({{"email", std::string(msg::required)}}));
    if (!is_valid_email(e)) co_return std::unexpected(app_error::invalid({{"email", std::string(msg::email)}}));
    auto r = co_await loop_.pg.query("SELECT role FROM accounts WHERE email = $1", P(e));
    if (!r) co_return db_fail(r.error());
    email_check_result out;
    if (r->rows() == 1) {
        out.exists = true;
        out.account_type = r->text(0, 0) == "organization_member" ? "organization" : "candidate";
    }
    co_return out;
}

task<result<void>> accounts_actor::limit_client(std::string_view kind, std::string_view client_ip, int per_hour) {
    auto n = co_await count_in_window(loop_.redis, "auth:rc:" + std::string(kind) + ":" + std::string(client_ip), 3600);
    if (!n) co_return std::unexpected(n.error());
    if (*n > per_hour) {
        if (*n == per_hour + 1) spdlog::warn("{}: client {} reached its limit of {} an hour", kind, client_ip, per_hour);
        co_return fail(error_kind::too_many_requests, msg_too_many_requests);
    }
    co_return result<void>{};
}

task<result<void>> accounts_actor::limit_mails_to(std::string_view address) {
    auto ok = co_await mail_allowed(loop_.redis, address, loop_.cfg.auth_mails_per_address_per_hour);
    if (!ok) co_return std::unexpected(ok.error());
    if (!*ok) {
        // Never the address itself in the log.
        spdlog::warn("mail limit reached for one address ({} an hour)", loop_.cfg.auth_mails_per_address_per_hour);
        co_return fail(error_kind::too_many_requests, msg_too_many_mails);
    }
    co_return result<void>{};
}

task<result<void>> accounts_actor::register_candidate(registration reg) {
    if (auto limited = co_await limit_client("registration", reg.client_ip, loop_.cfg.auth_registrations_per_client_per_hour); !limited)
        co_return std::unexpected(limited.error());
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
    if (auto limited = co_await limit_mails_to(email); !limited) co_return std::unexpected(limited.error());

    // Hashed whether or not the address is known, so both answers take the same time.
    std::optional<std::string> hash;
    if (!reg.without_password) {
        auto job = [pw = std::move(reg.password), p = argon2_] { return hash_password(pw, p); };
        auto h = co_await hash_job(std::move(job));
        if (!h) co_return std::unexpected(h.error());
        if (!*h) co_return fail(error_kind::unavailable);
        hash = std::move(**h);
    }

    auto tx = co_await loop_.pg.begin();
    if (!tx) co_return db_fail(tx.error());
    auto known = co_await tx->query(
        "SELECT a.email, a.role, coalesce(p.first_name, ''), coalesce(p.last_name, '') "
        "  FROM accounts a LEFT JOIN candidate_profiles p ON p.account_id = a.id WHERE a.email = $1",
        P(email));
    if (!known) co_return db_fail(known.error());
    if (known->rows() == 1) {
        // The owner learns of it; the one who registered sees the usual answer.
        std::string to(known->text(0, 0));
        std::string payload = registration_notice_payload(to, known->text(0, 1), known->text(0, 2), known->text(0, 3),
                                                          loop_.cfg.http_public_origin);
        auto queued = co_await job_queue::enqueue(*tx, messages::queue::mail, payload,
                                                  "registration_attempt:" + auth::sha256_hex(auth::random_token(16)).substr(0, 24));
        if (!queued) co_return db_fail(queued.error());
        auto committed = co_await tx->commit();
        if (!committed) co_return db_fail(committed.error());
        job_queue::wake(loop_, messages::queue::mail);
        co_return result<void>{};
    }
    auto inserted = co_await tx->query(
        "INSERT INTO accounts (email, password_hash, registered_via, newsletter, jobletter, registration_query) "
        "VALUES ($1, $2, $3, $4, $5, $6::jsonb) RETURNING id",
        P(email, hash, std::string_view(reg.without_password ? "without_password" : "password"), reg.newsletter, reg.jobletter,
          reg.query_json));
    if (!inserted) {
        // Registered by a parallel request a moment ago: the same answer as always.
        if (inserted.error().unique_violation()) co_return result<void>{};
        co_return db_fail(inserted.error());
    }
    std::int64_t id = inserted->int64(0, 0);
    auto profile = co_await tx->query("INSERT INTO candidate_profiles (account_id, first_name, last_name) VALUES ($1, $2, $3)",
                                      P(id, first, last));
    if (!profile) co_return db_fail(profile.error());
    auto coins = co_await tx->query(
        "INSERT INTO pb_coin_ledger (account_id, amount, reason, award_key) VALUES ($1, $2, 'registered', 'registered')",
        P(id, coins_registered));
    if (!coins) co_return db_fail(coins.error());
    if (reg.in_transaction) {
        auto extra = co_await reg.in_transaction(*tx, id);
        if (!extra) co_return std::unexpected(extra.error());
    }

    // With a password: confirm the address (the link signs in). Without: the same mail sets the
    // first password (and so confirms the address too).
    std::string_view purpose = reg.without_password ? "set_password" : "verify_email";
    int ttl = reg.without_password ? loop_.cfg.auth_set_password_ttl_s : loop_.cfg.auth_verify_email_ttl_s;
    auto token = co_await insert_token(*tx, id, purpose, ttl);
    if (!token) co_return db_fail(token.error());
    std::string link = loop_.cfg.http_public_origin + (reg.without_password ? "/passwort-festlegen/" : "/email-bestaetigen/") + *token;
    std::string payload = messages::mail_payload(reg.without_password ? messages::mail_template::set_password : messages::mail_template::verify_email, email, full_name(first, last),
                                       {{"first_name", greeting_name(first)}, {"link", link}});
    std::string key = std::string(purpose) + ":" + std::to_string(id) + ":" + auth::sha256_hex(*token).substr(0, 16);
    auto queued = co_await job_queue::enqueue(*tx, messages::queue::mail, payload, key);
    if (!queued) co_return db_fail(queued.error());
    auto committed = co_await tx->commit();
    if (!committed) co_return db_fail(committed.error());
    job_queue::wake(loop_, messages::queue::mail);
    co_return result<void>{};
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
    auto attempt = co_await throttle_.begin(e, client_ip);
    if (!attempt) co_return std::unexpected(attempt.error());
    if (!attempt->allowed) co_return std::unexpected(login_throttled(attempt->retry_after_s));

    auto row = co_await loop_.pg.query(
        "SELECT id, coalesce(password_hash, ''), blocked, role FROM accounts WHERE email = $1", P(e));
    if (!row) co_return db_fail(row.error());
    std::int64_t id = 0;
    std::string stored;
    bool blocked = false;
    auth::role r = auth::role::candidate;
    if (row->rows() == 1) {
        id = row->int64(0, 0);
        stored = std::string(row->text(0, 1));
        blocked = row->boolean(0, 2);
        r = auth::parse_role(row->text(0, 3)).value_or(auth::role::candidate);
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
    if (!verdict) co_return std::unexpected(verdict.error());
    if (!verdict->ok) co_return fail(error_kind::unauthorized, msg_wrong_credentials);

    auto ok = co_await throttle_.succeeded(*attempt);
    if (!ok) co_return std::unexpected(ok.error());
    if (blocked) co_return fail(error_kind::unauthorized, msg_inactive);
    if (verdict->rehashed) {
        auto up = co_await loop_.pg.query("UPDATE accounts SET password_hash = $2 WHERE id = $1 AND password_hash = $3",
                                          P(id, *verdict->rehashed, stored));
        if (!up) spdlog::warn("account {}: storing the rehashed password failed", id);
    }
    auto counted = co_await record_login(id);
    if (!counted) co_return std::unexpected(counted.error());
    co_return co_await start_session(id, r);
}

task<result<session_tokens>> accounts_actor::refresh(std::string refresh_token) {
    auto rot = co_await sessions_.rotate(refresh_token);
    if (!rot) co_return std::unexpected(rot.error());
    if (rot->result != rotation::outcome::rotated) co_return fail(error_kind::unauthorized, msg_session_ended);
    auto row = co_await loop_.pg.query("SELECT role, blocked FROM accounts WHERE id = $1", P(rot->account_id));
    if (!row) co_return db_fail(row.error());
    if (row->rows() != 1 || row->boolean(0, 1)) {
        auto revoked = co_await sessions_.revoke(rot->family);
        (void)revoked;
        co_return fail(error_kind::unauthorized, row->rows() == 1 ? msg_inactive : msg_session_ended);
    }
    auth::access_claims c;
    c.account_id = rot->account_id;
    c.account_role = auth::parse_role(row->text(0, 0)).value_or(auth::role::candidate);
    c.session = rot->family;
    c.issued_at = auth::unix_now();
    c.expires_at = c.issued_at + loop_.cfg.auth_access_token_ttl_s;
    co_return session_tokens{rot->account_id, auth::sign_access_token(c, auth::process_signing_key(loop_.cfg)),
                             std::move(rot->refresh_token)};
}

task<result<void>> accounts_actor::logout(std::optional<std::string> family, std::optional<std::string> refresh_token) {
    if (!family && refresh_token) {
        auto f = co_await sessions_.family_of(*refresh_token);
        if (!f) co_return std::unexpected(f.error());
        family = std::move(*f);
    }
    if (!family) co_return result<void>{};
    co_return co_await sessions_.revoke(*family);
}

// ---- identity ---------------------------------------------------------------------------------------

task<result<auth::identity>> accounts_actor::resolve_identity(auth::access_claims claims, std::optional<std::string> switch_user) {
    auto alive = co_await sessions_.alive(claims.session, claims.account_id);
    if (!alive) co_return std::unexpected(alive.error());
    if (!*alive) co_return fail(error_kind::unauthorized, msg_session_ended);
    // The role is the account's now, not what the token said when it was issued.
    auto role = co_await current_role(claims.account_id);
    if (!role) co_return std::unexpected(role.error());
    auth::identity who;
    who.account_id = claims.account_id;
    who.account_role = *role;
    who.session = claims.session;
    if (!switch_user || switch_user->empty()) co_return who;

    if (*role != auth::role::admin)
        co_return fail(error_kind::forbidden, "Nur Administratoren dürfen ein anderes Konto übernehmen.");
    // The header carries a grant made by POST /api/admin/impersonations, never a bare address.
    auto target = co_await impersonation::resolve_grant(loop_.pg, claims.account_id, std::move(*switch_user));
    if (!target) co_return std::unexpected(target.error());
    who.impersonator_id = claims.account_id;
    who.account_id = *target;
    who.account_role = auth::role::candidate;
    co_return who;
}

task<result<auth::role>> accounts_actor::current_role(std::int64_t account_id) {
    auto r = co_await loop_.pg.query("SELECT role, blocked FROM accounts WHERE id = $1", P(account_id));
    if (!r) co_return db_fail(r.error());
    if (r->rows() != 1) co_return fail(error_kind::unauthorized, msg_session_ended);
    if (r->boolean(0, 1)) co_return fail(error_kind::unauthorized, msg_inactive);
    auto role = auth::parse_role(r->text(0, 0));
    if (!role) co_return fail(error_kind::unauthorized, msg_session_ended);
    co_return *role;
}

// ---- the account ------------------------------------------------------------------------------------

task<result<account_view>> accounts_actor::load_account(std::int64_t id) {
    auto r = co_await loop_.pg.query(
        "SELECT a.id, a.email, a.role, a.email_verified_at IS NOT NULL, a.password_hash IS NOT NULL, "
        "       a.profile_public, a.searchable_by_providers, a.newsletter, a.jobletter, a.num_logins, "
        "       to_char(a.last_login_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'), "
        "       to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'), "
        "       (SELECT t.new_email FROM account_tokens t WHERE t.account_id = a.id AND t.purpose = 'change_email' "
        "           AND t.used_at IS NULL AND t.expires_at > now() ORDER BY t.created_at DESC LIMIT 1), "
        "       (SELECT coalesce(string_agg(s.provider, ',' ORDER BY s.provider), '') FROM social_identities s "
        "           WHERE s.account_id = a.id), "
        "       p.id, p.first_name, p.last_name, p.profile_image_portrait_id "
        "  FROM accounts a LEFT JOIN candidate_profiles p ON p.account_id = a.id WHERE a.id = $1",
        P(id));
    if (!r) co_return db_fail(r.error());
    if (r->rows() != 1) co_return fail(error_kind::not_found, msg_not_found);
    account_view a;
    a.id = r->int64(0, 0);
    a.email = std::string(r->text(0, 1));
    a.role = std::string(r->text(0, 2));
    a.email_verified = r->boolean(0, 3);
    a.has_password = r->boolean(0, 4);
    a.profile_public = r->boolean(0, 5);
    a.searchable_by_providers = r->boolean(0, 6);
    a.newsletter = r->boolean(0, 7);
    a.jobletter = r->boolean(0, 8);
    a.num_logins = r->int64(0, 9);
    if (!r->is_null(0, 10)) a.last_login = std::string(r->text(0, 10));
    a.created_at = std::string(r->text(0, 11));
    if (!r->is_null(0, 12)) a.pending_email = std::string(r->text(0, 12));
    std::string_view providers = r->text(0, 13);
    while (!providers.empty()) {
        auto comma = providers.find(',');
        a.social_providers.emplace_back(providers.substr(0, comma));
        providers = comma == std::string_view::npos ? std::string_view{} : providers.substr(comma + 1);
    }
    if (!r->is_null(0, 14)) {
        profile_view p;
        p.id = r->int64(0, 14);
        p.first_name = std::string(r->text(0, 15));
        p.last_name = std::string(r->text(0, 16));
        if (!r->is_null(0, 17)) p.portrait_id = r->int64(0, 17);
        a.profile = std::move(p);
    }
    co_return a;
}

task<result<account_view>> accounts_actor::account(const auth::identity& who, std::int64_t id) {
    if (auto o = require_owner(who, id); !o) co_return std::unexpected(o.error());
    auto a = co_await load_account(id);
    if (a) a->impersonator_id = who.impersonator_id;
    co_return a;
}

task<result<account_view>> accounts_actor::patch_settings(const auth::identity& who, std::int64_t id, settings_patch p) {
    if (auto o = require_owner(who, id); !o) co_return std::unexpected(o.error());
    auto r = co_await loop_.pg.query(
        "UPDATE accounts SET profile_public = coalesce($2::boolean, profile_public), "
        "       searchable_by_providers = coalesce($3::boolean, searchable_by_providers), "
        "       newsletter = coalesce($4::boolean, newsletter), jobletter = coalesce($5::boolean, jobletter) "
        " WHERE id = $1",
        P(id, p.profile_public, p.searchable_by_providers, p.newsletter, p.jobletter));
    if (!r) co_return db_fail(r.error());
    co_return co_await account(who, id);
}

task<result<coin_totals>> accounts_actor::coins(const auth::identity& who, std::int64_t id) {
    if (auto o = require_owner(who, id); !o) co_return std::unexpected(o.error());
    // Months are calendar months in Europe/Berlin, the site's time zone.
    auto r = co_await loop_.pg.query(
        "WITH m AS (SELECT date_trunc('month', now() AT TIME ZONE 'Europe/Berlin') AT TIME ZONE 'Europe/Berlin' AS this_month, "
        "                  (date_trunc('month', now() AT TIME ZONE 'Europe/Berlin') - interval '1 month') "
        "                      AT TIME ZONE 'Europe/Berlin' AS last_month) "
        "SELECT coalesce(sum(l.amount), 0), "
        "       coalesce(sum(l.amount) FILTER (WHERE l.created_at >= m.this_month), 0), "
        "       coalesce(sum(l.amount) FILTER (WHERE l.created_at >= m.last_month AND l.created_at < m.this_month), 0) "
        "  FROM m LEFT JOIN pb_coin_ledger l ON l.account_id = $1 "
        " GROUP BY m.this_month, m.last_month",
        P(id));
    if (!r) co_return db_fail(r.error());
    coin_totals t;
    if (r->rows() == 1) {
        t.total = r->int64(0, 0);
        t.current_month = r->int64(0, 1);
        t.last_month = r->int64(0, 2);
    }
    co_return t;
}

// The data export (export_data, export_archive) is in data_export.cpp.

// ---- mail flows -------------------------------------------------------------------------------------

task<result<verification_request>> accounts_actor::request_email_verification(const auth::identity& who) {
    auto r = co_await loop_.pg.query(
        "SELECT a.email, a.email_verified_at IS NOT NULL, coalesce(p.first_name, ''), coalesce(p.last_name, ''), "
        "       EXISTS (SELECT 1 FROM account_tokens t WHERE t.account_id = a.id AND t.purpose = 'verify_email' "
        "               AND t.created_at > now() - make_interval(secs => $2)) "
        "  FROM accounts a LEFT JOIN candidate_profiles p ON p.account_id = a.id WHERE a.id = $1",
        P(who.account_id, loop_.cfg.auth_mail_resend_s));
    if (!r) co_return db_fail(r.error());
    if (r->rows() != 1) co_return fail(error_kind::not_found, msg_not_found);
    if (r->boolean(0, 1)) co_return verification_request::already_verified;
    if (r->boolean(0, 4)) co_return verification_request::recently_sent;
    std::string email(r->text(0, 0)), first(r->text(0, 2)), last(r->text(0, 3));
    if (auto limited = co_await limit_mails_to(email); !limited) co_return std::unexpected(limited.error());

    auto tx = co_await loop_.pg.begin();
    if (!tx) co_return db_fail(tx.error());
    auto old = co_await tx->query("DELETE FROM account_tokens WHERE account_id = $1 AND purpose = 'verify_email' AND used_at IS NULL",
                                  P(who.account_id));
    if (!old) co_return db_fail(old.error());
    auto token = co_await insert_token(*tx, who.account_id, "verify_email", loop_.cfg.auth_verify_email_ttl_s);
    if (!token) co_return db_fail(token.error());
    std::string payload = messages::mail_payload(messages::mail_template::verify_email, email, full_name(first, last),
                                       {{"first_name", greeting_name(first)},
                                        {"link", loop_.cfg.http_public_origin + "/email-bestaetigen/" + *token}});
    auto queued = co_await job_queue::enqueue(*tx, messages::queue::mail, payload,
                                              "verify_email:" + std::to_string(who.account_id) + ":" + auth::sha256_hex(*token).substr(0, 16));
    if (!queued) co_return db_fail(queued.error());
    auto committed = co_await tx->commit();
    if (!committed) co_return db_fail(committed.error());
    job_queue::wake(loop_, messages::queue::mail);
    co_return verification_request::sent;
}

task<result<confirmed_email>> accounts_actor::confirm_email_token(std::string token) {
    if (token.empty() || token.size() > 200) co_return fail(error_kind::not_found, msg_token_invalid);
    auto tx = co_await loop_.pg.begin();
    if (!tx) co_return db_fail(tx.error());
    auto t = co_await tx->query(
        "SELECT t.id, t.account_id, t.purpose, t.new_email, t.used_at IS NOT NULL, t.expires_at <= now(), "
        "       a.email_verified_at IS NOT NULL, a.email "
        "  FROM account_tokens t JOIN accounts a ON a.id = t.account_id "
        " WHERE t.token_hash = $1 AND t.purpose IN ('verify_email', 'change_email') FOR UPDATE OF t",
        P(auth::sha256_hex(token)));
    if (!t) co_return db_fail(t.error());
    if (t->rows() != 1) co_return fail(error_kind::not_found, msg_token_invalid);
    const bool change = t->text(0, 2) == "change_email";
    if (t->boolean(0, 4)) {
        if (!change && t->boolean(0, 6)) co_return fail(error_kind::conflict, "Deine E-Mail-Adresse ist bereits bestätigt.");
        co_return fail(error_kind::not_found, msg_token_invalid);
    }
    if (t->boolean(0, 5)) co_return fail(error_kind::not_found, msg_token_invalid);

    confirmed_email out;
    out.account_id = t->int64(0, 1);
    out.email = std::string(change ? t->text(0, 3) : t->text(0, 7));
    out.changed_address = change;
    auto used = co_await tx->query("UPDATE account_tokens SET used_at = now() WHERE id = $1", P(t->int64(0, 0)));
    if (!used) co_return db_fail(used.error());
    pg::expected<pg::result_set> up;
    if (change)
        up = co_await tx->query("UPDATE accounts SET email = $2, email_verified_at = now() WHERE id = $1", P(out.account_id, out.email));
    else
        up = co_await tx->query("UPDATE accounts SET email_verified_at = coalesce(email_verified_at, now()) WHERE id = $1",
                                P(out.account_id));
    if (!up) {
        if (up.error().unique_violation())
            co_return fail(error_kind::conflict, "Diese E-Mail-Adresse wird inzwischen von einem anderen Konto verwendet.");
        co_return db_fail(up.error());
    }
    auto coins = co_await award_verified_coins(*tx, out.account_id);
    if (!coins) co_return db_fail(coins.error());
    // Work that waited for a confirmed address (register-and-apply's application) goes out now.
    auto held = co_await tx->query("SELECT array_to_string(jh_release_held_jobs($1), ',')", P(out.account_id));
    if (!held) co_return db_fail(held.error());
    std::string released(held->text(0, 0));
    auto role = co_await tx->query("SELECT role, blocked FROM accounts WHERE id = $1", P(out.account_id));
    if (!role) co_return db_fail(role.error());
    auto committed = co_await tx->commit();
    if (!committed) co_return db_fail(committed.error());
    if (!released.empty()) job_queue::wake(loop_, messages::queue::mail);
    // Registration no longer signs in (it must answer the same for a known address): the link
    // from the verification mail does, for candidates.
    if (!change && role->rows() == 1 && role->text(0, 0) == "candidate" && !role->boolean(0, 1)) {
        auto counted = co_await record_login(out.account_id);
        if (!counted) co_return std::unexpected(counted.error());
        auto session = co_await start_session(out.account_id, auth::role::candidate);
        if (!session) co_return std::unexpected(session.error());
        out.session = std::move(*session);
    }
    co_return out;
}

task<result<void>> accounts_actor::request_password_reset(std::string email, std::string client_ip) {
    auto n = co_await count_in_window(loop_.redis, "auth:rr:" + client_ip, 60);
    if (!n) co_return std::unexpected(n.error());
    if (*n > loop_.cfg.auth_email_check_limit_per_minute)
        co_return fail(error_kind::too_many_requests, "Zu viele Anfragen. Bitte warte eine Minute und versuche es dann noch einmal.");
    std::string e(trim_ascii(email));
    if (e.empty()) co_return std::unexpected(app_error::invalid({{"email", std::string(msg::required)}}));
    if (!is_valid_email(e)) co_return std::unexpected(app_error::invalid({{"email", std::string(msg::email)}}));
    // Per address, known or not: a second request within minutes gets the same "already
    // requested" for an invented address as for a real one.
    auto first = co_await set_once(loop_.redis, "auth:once:reset:" + auth::sha256_hex(lower_ascii(e)), loop_.cfg.auth_mail_resend_s);
    if (!first) co_return std::unexpected(first.error());
    if (!*first)
        co_return fail(error_kind::too_many_requests,
                       "Du hast gerade schon eine E-Mail angefordert. Bitte schau in dein Postfach (auch in den Spam-Ordner) "
                       "oder versuche es in ein paar Minuten noch einmal.");
    if (auto limited = co_await limit_mails_to(e); !limited) co_return std::unexpected(limited.error());
    auto r = co_await loop_.pg.query(
        "SELECT a.id, a.email, coalesce(p.first_name, ''), coalesce(p.last_name, '') "
        "  FROM accounts a LEFT JOIN candidate_profiles p ON p.account_id = a.id WHERE a.email = $1",
        P(e));
    if (!r) co_return db_fail(r.error());
    if (r->rows() != 1) co_return result<void>{};   // the same answer as for a real address
    std::int64_t id = r->int64(0, 0);
    std::string to(r->text(0, 1)), first_name(r->text(0, 2)), last_name(r->text(0, 3));

    auto tx = co_await loop_.pg.begin();
    if (!tx) co_return db_fail(tx.error());
    auto old = co_await tx->query(
        "DELETE FROM account_tokens WHERE account_id = $1 AND purpose = 'reset_password' AND used_at IS NULL", P(id));
    if (!old) co_return db_fail(old.error());
    auto queued = co_await queue_reset_mail(*tx, id, to, first_name, last_name, loop_.cfg.auth_password_reset_ttl_s,
                                            loop_.cfg.http_public_origin);
    if (!queued) co_return db_fail(queued.error());
    auto committed = co_await tx->commit();
    if (!committed) co_return db_fail(committed.error());
    job_queue::wake(loop_, messages::queue::mail);
    co_return result<void>{};
}

task<result<std::int64_t>> accounts_actor::check_password_reset_token(std::string token) {
    if (token.empty() || token.size() > 200) co_return fail(error_kind::not_found, msg_token_invalid);
    auto r = co_await loop_.pg.query(
        "SELECT account_id FROM account_tokens WHERE token_hash = $1 AND purpose IN ('reset_password', 'set_password') "
        "   AND used_at IS NULL AND expires_at > now()",
        P(auth::sha256_hex(token)));
    if (!r) co_return db_fail(r.error());
    if (r->rows() != 1) co_return fail(error_kind::not_found, msg_token_invalid);
    co_return r->int64(0, 0);
}

task<result<void>> accounts_actor::reset_password(std::int64_t id, std::string token, std::string password, std::string confirmation) {
    // The token first: an invalid one must not cost an argon2 hash.
    auto owner = co_await check_password_reset_token(token);
    if (!owner) co_return std::unexpected(owner.error());
    if (*owner != id) co_return fail(error_kind::not_found, msg_token_invalid);
    std::vector<violation> v;
    check_password(password, "password", v);
    if (confirmation != password) v.push_back({"passwordConfirmation", std::string(msg::password_equals)});
    if (!v.empty()) co_return std::unexpected(app_error::invalid(std::move(v)));

    auto job = [pw = std::move(password), p = argon2_] { return hash_password(pw, p); };
    auto h = co_await hash_job(std::move(job));
    if (!h) co_return std::unexpected(h.error());
    if (!*h) co_return fail(error_kind::unavailable);

    auto tx = co_await loop_.pg.begin();
    if (!tx) co_return db_fail(tx.error());
    auto used = co_await tx->query(
        "UPDATE account_tokens SET used_at = now() WHERE token_hash = $1 AND account_id = $2 "
        "   AND purpose IN ('reset_password', 'set_password') AND used_at IS NULL AND expires_at > now() RETURNING id",
        P(auth::sha256_hex(token), id));
    if (!used) co_return db_fail(used.error());
    if (used->rows() != 1) co_return fail(error_kind::not_found, msg_token_invalid);
    // The mail reached its owner: that confirms the address as well.
    auto up = co_await tx->query(
        "UPDATE accounts SET password_hash = $2, email_verified_at = coalesce(email_verified_at, now()) WHERE id = $1 "
        "RETURNING email, role",
        P(id, **h));
    if (!up) co_return db_fail(up.error());
    if (up->rows() != 1) co_return fail(error_kind::not_found, msg_token_invalid);
    std::string email(up->text(0, 0));
    auto coins = co_await award_verified_coins(*tx, id);
    if (!coins) co_return db_fail(coins.error());
    auto held = co_await tx->query("SELECT array_to_string(jh_release_held_jobs($1), ',')", P(id));
    if (!held) co_return db_fail(held.error());
    std::string released(held->text(0, 0));
    auto committed = co_await tx->commit();
    if (!committed) co_return db_fail(committed.error());
    if (!released.empty()) job_queue::wake(loop_, messages::queue::mail);
    // Whoever knew the old password is logged out everywhere.
    job_queue::wake(loop_, messages::queue::media);
    auto revoked = co_await sessions_.revoke_all(id);
    if (!revoked) co_return std::unexpected(revoked.error());
    auto cleared = co_await throttle_.clear_account(email);
    (void)cleared;
    co_return result<void>{};
}

// ---- changes ----------------------------------------------------------------------------------------

task<result<void>> accounts_actor::change_password(const auth::identity& who, std::int64_t id, std::string old_password,
                                                   std::string password, std::string confirmation) {
    if (auto o = require_owner(who, id); !o) co_return std::unexpected(o.error());
    if (who.impersonating()) co_return fail(error_kind::forbidden, msg_impersonating);
    std::vector<violation> v;
    if (old_password.empty()) v.push_back({"oldPassword", std::string(msg::required)});
    check_password(password, "password", v);
    if (confirmation != password) v.push_back({"passwordConfirmation", std::string(msg::password_equals_change)});
    if (!v.empty()) co_return std::unexpected(app_error::invalid(std::move(v)));

    auto row = co_await loop_.pg.query("SELECT coalesce(password_hash, '') FROM accounts WHERE id = $1", P(id));
    if (!row) co_return db_fail(row.error());
    if (row->rows() != 1) co_return fail(error_kind::not_found, msg_not_found);
    enum class verdict { old_wrong, same, changed, no_memory };
    struct outcome {
        verdict v = verdict::old_wrong;
        std::string hash;
    };
    auto job = [stored = std::string(row->text(0, 0)), old = std::move(old_password), pw = std::move(password), p = argon2_] {
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
    auto done = co_await hash_job(std::move(job));
    if (!done) co_return std::unexpected(done.error());
    switch (done->v) {
        case verdict::old_wrong:
            co_return std::unexpected(app_error::invalid({{"oldPassword", std::string(msg::old_password_wrong)}}));
        case verdict::same:
            co_return std::unexpected(app_error::invalid({{"password", std::string(msg::password_same_as_old)}}));
        case verdict::no_memory: co_return fail(error_kind::unavailable);
        case verdict::changed: break;
    }
    auto up = co_await loop_.pg.query("UPDATE accounts SET password_hash = $2 WHERE id = $1", P(id, done->hash));
    if (!up) co_return db_fail(up.error());
    // Other devices are logged out; this one stays.
    co_return co_await sessions_.revoke_all(id, who.session);
}

task<result<std::string>> accounts_actor::change_email(const auth::identity& who, std::int64_t id, std::string email,
                                                       std::string confirmation, std::string password) {
    if (auto o = require_owner(who, id); !o) co_return std::unexpected(o.error());
    if (who.impersonating()) co_return fail(error_kind::forbidden, msg_impersonating);
    std::string e(trim_ascii(email));
    std::vector<violation> v;
    if (e.empty()) v.push_back({"email", std::string(msg::required)});
    else if (!is_valid_email(e)) v.push_back({"email", std::string(msg::email)});
    if (lower_ascii(trim_ascii(confirmation)) != lower_ascii(e)) v.push_back({"emailConfirmation", std::string(msg::email_equals_change)});
    if (password.empty()) v.push_back({"password", std::string(msg::required)});
    auto me = co_await loop_.pg.query(
        "SELECT a.email, coalesce(p.first_name, ''), coalesce(p.last_name, ''), coalesce(a.password_hash, '') "
        "  FROM accounts a LEFT JOIN candidate_profiles p ON p.account_id = a.id WHERE a.id = $1",
        P(id));
    if (!me) co_return db_fail(me.error());
    if (me->rows() != 1) co_return fail(error_kind::not_found, msg_not_found);
    std::string old_email(me->text(0, 0)), first(me->text(0, 1)), last(me->text(0, 2)), stored(me->text(0, 3));
    if (stored.empty())
        v.push_back({"password", "Bitte lege zuerst ein Passwort fest (über „Passwort vergessen?“ bei der Anmeldung)."});
    if (!e.empty() && is_valid_email(e)) {
        if (lower_ascii(e) == lower_ascii(old_email)) {
            v.push_back({"email", "Das ist bereits deine E-Mail-Adresse"});
        } else {
            auto taken = co_await loop_.pg.query("SELECT role FROM accounts WHERE email = $1", P(e));
            if (!taken) co_return db_fail(taken.error());
            if (taken->rows() == 1)
                v.push_back({"email", std::string(taken->text(0, 0) == "organization_member" ? msg::email_of_organization : msg::email_taken)});
        }
    }
    if (!v.empty()) co_return std::unexpected(app_error::invalid(std::move(v)));
    // Whoever holds this session must also know the password to move the account elsewhere.
    auto job = [stored, pw = std::move(password), p = argon2_] { return verify_password(stored, pw, p); };
    auto right = co_await hash_job(std::move(job));
    if (!right) co_return std::unexpected(right.error());
    if (!*right) co_return std::unexpected(app_error::invalid({{"password", std::string(msg::old_password_wrong)}}));
    if (auto limited = co_await limit_mails_to(e); !limited) co_return std::unexpected(limited.error());

    auto tx = co_await loop_.pg.begin();
    if (!tx) co_return db_fail(tx.error());
    auto old = co_await tx->query("DELETE FROM account_tokens WHERE account_id = $1 AND purpose = 'change_email' AND used_at IS NULL",
                                  P(id));
    if (!old) co_return db_fail(old.error());
    auto token = co_await insert_token(*tx, id, "change_email", loop_.cfg.auth_change_email_ttl_s, e);
    if (!token) co_return db_fail(token.error());
    std::string payload = messages::mail_payload(messages::mail_template::change_email, e, full_name(first, last),
                                       {{"first_name", greeting_name(first)},
                                        {"new_email", e},
                                        {"link", loop_.cfg.http_public_origin + "/email-bestaetigen/" + *token}});
    auto queued = co_await job_queue::enqueue(*tx, messages::queue::mail, payload,
                                              "change_email:" + std::to_string(id) + ":" + auth::sha256_hex(*token).substr(0, 16));
    if (!queued) co_return db_fail(queued.error());
    // The old address hears of it at once, with a link that undoes the change (even after the new
    // address took effect) for auth.undo_email_change_ttl_s.
    auto undo = co_await insert_token(*tx, id, "undo_email_change", loop_.cfg.auth_undo_email_change_ttl_s, old_email);
    if (!undo) co_return db_fail(undo.error());
    std::string notice = messages::mail_payload(messages::mail_template::email_change_notice, old_email, full_name(first, last),
                                      {{"first_name", greeting_name(first)},
                                       {"new_email", e},
                                       {"days", std::to_string(loop_.cfg.auth_undo_email_change_ttl_s / 86400)},
                                       {"link", loop_.cfg.http_public_origin + "/email-aenderung-widerrufen/" + *undo}});
    auto noticed = co_await job_queue::enqueue(*tx, messages::queue::mail, notice,
                                               "email_change_notice:" + std::to_string(id) + ":" + auth::sha256_hex(*undo).substr(0, 16));
    if (!noticed) co_return db_fail(noticed.error());
    auto committed = co_await tx->commit();
    if (!committed) co_return db_fail(committed.error());
    job_queue::wake(loop_, messages::queue::mail);
    // Other devices are logged out; this one stays.
    auto revoked = co_await sessions_.revoke_all(id, who.session);
    if (!revoked) co_return std::unexpected(revoked.error());
    co_return e;
}

task<result<std::string>> accounts_actor::undo_email_change(std::string token) {
    if (token.empty() || token.size() > 200) co_return fail(error_kind::not_found, msg_token_invalid);
    auto tx = co_await loop_.pg.begin();
    if (!tx) co_return db_fail(tx.error());
    auto t = co_await tx->query(
        "UPDATE account_tokens SET used_at = now() WHERE token_hash = $1 AND purpose = 'undo_email_change' "
        "   AND used_at IS NULL AND expires_at > now() RETURNING id, account_id, new_email",
        P(auth::sha256_hex(token)));
    if (!t) co_return db_fail(t.error());
    if (t->rows() != 1) co_return fail(error_kind::not_found, msg_token_invalid);
    std::int64_t id = t->int64(0, 1);
    std::string restored(t->text(0, 2));
    // Whoever changed the address knew the password: it goes too, and a link to set a new one
    // goes to the restored address. Every pending link of the account dies with it.
    auto up = co_await tx->query(
        "UPDATE accounts SET email = $2, email_verified_at = coalesce(email_verified_at, now()), password_hash = NULL "
        " WHERE id = $1 RETURNING (SELECT coalesce(first_name, '') FROM candidate_profiles WHERE account_id = $1), "
        "           (SELECT coalesce(last_name, '') FROM candidate_profiles WHERE account_id = $1)",
        P(id, restored));
    if (!up) {
        if (up.error().unique_violation())
            co_return fail(error_kind::conflict, "Diese E-Mail-Adresse wird inzwischen von einem anderen Konto verwendet. Bitte wende "
                                                 "dich an unseren Support.");
        co_return db_fail(up.error());
    }
    if (up->rows() != 1) co_return fail(error_kind::not_found, msg_token_invalid);
    std::string first(up->is_null(0, 0) ? "" : up->text(0, 0)), last(up->is_null(0, 1) ? "" : up->text(0, 1));
    auto pending = co_await tx->query("DELETE FROM account_tokens WHERE account_id = $1 AND used_at IS NULL AND id <> $2",
                                      P(id, t->int64(0, 0)));
    if (!pending) co_return db_fail(pending.error());
    auto queued = co_await queue_reset_mail(*tx, id, restored, first, last, loop_.cfg.auth_set_password_ttl_s,
                                            loop_.cfg.http_public_origin);
    if (!queued) co_return db_fail(queued.error());
    auto committed = co_await tx->commit();
    if (!committed) co_return db_fail(committed.error());
    job_queue::wake(loop_, messages::queue::mail);
    auto revoked = co_await sessions_.revoke_all(id);
    if (!revoked) co_return std::unexpected(revoked.error());
    auto cleared = co_await throttle_.clear_account(restored);
    (void)cleared;
    spdlog::info("account {}: change of address undone from the old address; sessions ended", id);
    co_return restored;
}

task<result<void>> accounts_actor::delete_account(const auth::identity& who, std::int64_t id, std::string confirmation) {
    if (auto o = require_owner(who, id); !o) co_return std::unexpected(o.error());
    if (who.impersonating()) co_return fail(error_kind::forbidden, msg_impersonating);
    if (trim_ascii(confirmation) != "delete")
        co_return std::unexpected(app_error::invalid({{"confirmation", std::string(msg::delete_confirmation)}}));

    auto tx = co_await loop_.pg.begin();
    if (!tx) co_return db_fail(tx.error());
    // Tables of later domains: applications are kept for the provider but lose every link to the
    // person (docs/decisions.md); favourites go.
    auto present = co_await tx->query(
        "SELECT to_regclass('public.applications') IS NOT NULL, to_regclass('public.favorites') IS NOT NULL, "
        "       coalesce((SELECT NOT attnotnull FROM pg_attribute "
        "                  WHERE attrelid = to_regclass('public.applications') AND attname = 'candidate_account_id'), false)");
    if (!present) co_return db_fail(present.error());
    if (present->boolean(0, 0)) {
        // A nullable link becomes NULL; a NOT NULL one a negative tombstone (-application id),
        // which no account has and which keeps (job, candidate) unique.
        pg::expected<pg::result_set> anon;
        if (present->boolean(0, 2))
            anon = co_await tx->query("UPDATE applications SET candidate_account_id = NULL, notes = '' WHERE candidate_account_id = $1",
                                      P(id));
        else
            anon = co_await tx->query("UPDATE applications SET candidate_account_id = -id, notes = '' WHERE candidate_account_id = $1",
                                      P(id));
        if (!anon) co_return db_fail(anon.error());
    }
    if (present->boolean(0, 1)) {
        auto favs = co_await tx->query("DELETE FROM favorites WHERE candidate_account_id = $1", P(id));
        if (!favs) co_return db_fail(favs.error());
    }
    // Rows that carry the address rather than the account id: the newsletter subscription, contact
    // requests sent before logging in, queued or finished mails (their payloads hold the address and
    // the links' tokens) and tracking events that name the account or its address.
    auto by_address = co_await tx->query(
        "WITH a AS (SELECT id, email AS address, lower(email::text) AS email FROM accounts WHERE id = $1), "
        "n AS (DELETE FROM newsletter_subscriptions s USING a WHERE s.email = a.address), "
        "c AS (DELETE FROM contact_requests r USING a WHERE r.email = a.address), "
        "q AS (DELETE FROM queue_jobs j USING a WHERE j.status <> 'running' AND strpos(lower(j.payload::text), a.email) > 0), "
        "t AS (DELETE FROM tracking_events e USING a "
        "       WHERE e.payload->>'accountId' = a.id::text OR strpos(lower(e.payload::text), a.email) > 0) "
        "SELECT 1",
        P(id));
    if (!by_address) co_return db_fail(by_address.error());
        // Sedcard files: a job for the media worker, in this transaction (actors/profiles/media_cleanup.h).
    if (auto media = co_await profiles::enqueue_account_media_removal(*tx, id); !media) co_return db_fail(media.error());
    // Profile, tokens, social identities and coins go with the account (ON DELETE CASCADE).
    auto gone = co_await tx->query("DELETE FROM accounts WHERE id = $1 RETURNING email", P(id));
    if (!gone) co_return db_fail(gone.error());
    if (gone->rows() != 1) co_return fail(error_kind::not_found, msg_not_found);
    std::string email(gone->text(0, 0));
    auto committed = co_await tx->commit();
    if (!committed) co_return db_fail(committed.error());

    auto revoked = co_await sessions_.revoke_all(id);
    if (!revoked) spdlog::warn("account {} deleted, but its sessions could not be revoked now (they end with their TTL)", id);
    auto cleared = co_await throttle_.clear_account(email);
    (void)cleared;
    spdlog::info("account {} deleted by its owner", id);
    co_return result<void>{};
}

task<result<accounts::profile_visibility>> accounts_actor::profile_visibility(std::int64_t account_id) {
    auto r = co_await loop_.pg.query("SELECT profile_public, searchable_by_providers FROM accounts WHERE id = $1", P(account_id));
    if (!r) co_return db_fail(r.error());
    if (r->rows() == 0) co_return fail(error_kind::not_found, msg_not_found);
    co_return accounts::profile_visibility{r->boolean(0, 0), r->boolean(0, 1)};
}

task<result<void>> accounts_actor::award_coins(std::int64_t account_id, int amount, std::string reason, std::string award_key) {
    auto r = co_await loop_.pg.query(
        "INSERT INTO pb_coin_ledger (account_id, amount, reason, award_key) VALUES ($1, $2, $3, $4) "
        "ON CONFLICT (account_id, award_key) DO NOTHING",
        P(account_id, amount, reason, award_key));
    if (!r) co_return db_fail(r.error());
    co_return result<void>{};
}

// ---- social sign-in --------------------------------------------------------------------------------

std::vector<std::string_view> accounts_actor::offered_providers() const { return providers_.names(); }

task<result<oauth_start>> accounts_actor::begin_social_sign_in(std::string provider, oauth_mode mode, std::string campaign) {
    const oauth_provider* p = providers_.find(provider);
    if (!p) co_return fail(error_kind::not_found, "Diese Anmeldung wird nicht angeboten.");
    oauth_start s;
    s.state = auth::random_token(24);
    std::string verifier = auth::random_token(48);
    std::string nonce = auth::random_token(16);
    std::string pending;
    json_writer w(pending);
    w.begin_object()
        .member("provider", provider)
        .member("mode", mode == oauth_mode::login ? "login" : "register")
        .member("verifier", verifier)
        .member("nonce", nonce)
        .member("campaign", campaign)
        .end_object();
    std::vector<std::string> cmd{"SET", "auth:oauth:" + s.state, pending, "EX", "600"};
    auto stored = co_await loop_.redis.command(std::move(cmd));
    if (!stored) co_return std::unexpected(stored.error().to_app_error());
    std::string redirect_uri = loop_.cfg.http_public_origin + "/api/oauth/callback/" + provider;
    s.redirect_url = authorization_url(*p, redirect_uri, s.state, pkce_challenge(verifier), nonce);
    co_return s;
}

// Pre-hijacking: someone registered the address with a password before its owner came with a
// provider that vouches for it. The verified owner gets the account; the unverified password,
// every pending link, work held for confirmation and every session go (docs/decisions.md,
// "Account takeover").
task<result<void>> accounts_actor::take_over_unverified(std::int64_t id, std::string provider, std::string subject,
                                                        std::string email) {
    auto tx = co_await loop_.pg.begin();
    if (!tx) co_return db_fail(tx.error());
    auto up = co_await tx->query(
        "UPDATE accounts SET password_hash = NULL, email_verified_at = now() WHERE id = $1 AND email_verified_at IS NULL", P(id));
    if (!up) co_return db_fail(up.error());
    auto tokens = co_await tx->query("DELETE FROM account_tokens WHERE account_id = $1 AND used_at IS NULL", P(id));
    if (!tokens) co_return db_fail(tokens.error());
    // Applications sent with the registration wait for the confirmation: they were not the owner's.
    auto held = co_await tx->query(
        "DELETE FROM applications WHERE id IN (SELECT application_id FROM held_queue_jobs WHERE account_id = $1)", P(id));
    if (!held) co_return db_fail(held.error());
    auto rest = co_await tx->query("DELETE FROM held_queue_jobs WHERE account_id = $1", P(id));
    if (!rest) co_return db_fail(rest.error());
    auto link = co_await tx->query(
        "INSERT INTO social_identities (provider, subject, account_id, email) VALUES ($1, $2, $3, $4) "
        "ON CONFLICT (provider, subject) DO NOTHING",
        P(provider, subject, id, email));
    if (!link) co_return db_fail(link.error());
    auto coins = co_await award_verified_coins(*tx, id);
    if (!coins) co_return db_fail(coins.error());
    auto committed = co_await tx->commit();
    if (!committed) co_return db_fail(committed.error());
    auto revoked = co_await sessions_.revoke_all(id);
    if (!revoked) co_return std::unexpected(revoked.error());
    auto cleared = co_await throttle_.clear_account(email);
    (void)cleared;
    spdlog::warn("account {}: unverified account taken over by the owner of the address ({}); its password and sessions removed", id,
                 provider);
    co_return result<void>{};
}

task<result<social_outcome>> accounts_actor::complete_social_sign_in(std::string provider, std::string code, std::string state,
                                                                     std::string browser_state) {
    const oauth_provider* p = providers_.find(provider);
    if (!p) co_return fail(error_kind::not_found, "Diese Anmeldung wird nicht angeboten.");
    social_outcome out;
    out.message = "Die Anmeldung ist fehlgeschlagen. Bitte versuche es noch einmal.";
    // The state must come back from the provider and match the browser that started the flow.
    if (state.empty() || code.empty() || state.size() > 100 || state != browser_state) co_return out;
    std::vector<std::string> take{"GETDEL", "auth:oauth:" + state};
    auto pending = co_await loop_.redis.command(std::move(take));
    if (!pending) co_return std::unexpected(pending.error().to_app_error());
    if (pending->kind != redis::reply::type::string) co_return out;   // expired or used
    simdjson::dom::parser parser;
    simdjson::dom::object flow;
    if (parser.parse(pending->str).get(flow) != simdjson::SUCCESS) co_return out;
    std::string_view flow_provider, flow_mode, verifier, nonce, campaign;
    if (flow["provider"].get(flow_provider) || flow["mode"].get(flow_mode) || flow["verifier"].get(verifier) ||
        flow["nonce"].get(nonce) || flow["campaign"].get(campaign) || flow_provider != provider)
        co_return out;
    out.campaign_query = std::string(campaign);
    const bool registering = flow_mode == "register";

    // The code exchange, from this loop without blocking it.
    if (!http_) http_ = std::make_unique<http_client>(loop_.uv);
    http_client_request req;
    req.method = "POST";
    req.url = p->token_url;
    req.timeout_ms = loop_.cfg.oauth_timeout_ms;
    req.headers = {"Content-Type: application/x-www-form-urlencoded", "Accept: application/json"};
    req.body = form_encode({{"grant_type", "authorization_code"},
                            {"code", code},
                            {"redirect_uri", loop_.cfg.http_public_origin + "/api/oauth/callback/" + provider},
                            {"client_id", p->client_id},
                            {"client_secret", p->client_secret},
                            {"code_verifier", std::string(verifier)}});
    auto answer = co_await http_->send(std::move(req));
    if (!answer || answer->status != 200) {
        spdlog::warn("oauth {}: token exchange failed: {}", provider,
                     answer ? "status " + std::to_string(answer->status) : answer.error());
        co_return out;
    }
    simdjson::dom::parser token_parser;
    simdjson::dom::object tokens;
    if (token_parser.parse(answer->body).get(tokens) != simdjson::SUCCESS) co_return out;
    std::string_view id_token, access_token;
    std::expected<provider_identity, std::string> ident = std::unexpected(std::string("no id_token and no userinfo"));
    if (tokens["id_token"].get(id_token) == simdjson::SUCCESS) {
        ident = read_id_token(id_token, *p, nonce, auth::unix_now());
    } else if (tokens["access_token"].get(access_token) == simdjson::SUCCESS && !p->userinfo_url.empty()) {
        http_client_request info;
        info.url = p->userinfo_url;
        info.timeout_ms = loop_.cfg.oauth_timeout_ms;
        info.headers = {"Authorization: Bearer " + std::string(access_token), "Accept: application/json"};
        auto got = co_await http_->send(std::move(info));
        if (got && got->status == 200) ident = read_userinfo(got->body, *p);
    }
    if (!ident) {
        spdlog::warn("oauth {}: no usable identity: {}", provider, ident.error());
        co_return out;
    }
    if (!is_valid_email(ident->email)) {
        out.message = "Der Anbieter hat uns keine gültige E-Mail-Adresse übermittelt.";
        co_return out;
    }

    auto known = co_await loop_.pg.query(
        "SELECT (SELECT account_id FROM social_identities WHERE provider = $1 AND subject = $2), "
        "       a.id, a.role, a.blocked, a.email_verified_at IS NOT NULL "
        "  FROM (SELECT 1) AS one LEFT JOIN accounts a ON a.email = $3",
        P(provider, ident->subject, ident->email));
    if (!known) co_return db_fail(known.error());
    std::optional<std::int64_t> linked, by_email;
    if (!known->is_null(0, 0)) linked = known->int64(0, 0);
    if (!known->is_null(0, 1)) by_email = known->int64(0, 1);
    const bool local_verified = by_email && known->boolean(0, 4);

    if (registering) {
        if (linked || by_email) {
            out.result = social_outcome::kind::account_exists;
            co_return out;
        }
        auto tx = co_await loop_.pg.begin();
        if (!tx) co_return db_fail(tx.error());
        auto inserted = co_await tx->query(
            "INSERT INTO accounts (email, registered_via, email_verified_at, registration_query) "
            "VALUES ($1, $2, CASE WHEN $3::boolean THEN now() END, $4::jsonb) RETURNING id",
            P(ident->email, provider, ident->email_verified, query_to_json(out.campaign_query)));
        if (!inserted) {
            if (inserted.error().unique_violation()) {
                out.result = social_outcome::kind::account_exists;
                co_return out;
            }
            co_return db_fail(inserted.error());
        }
        std::int64_t id = inserted->int64(0, 0);
        auto rest = co_await tx->query(
            "WITH p AS (INSERT INTO candidate_profiles (account_id, first_name, last_name) VALUES ($1, $2, $3)), "
            "     s AS (INSERT INTO social_identities (provider, subject, account_id, email) VALUES ($4, $5, $1, $6)) "
            "INSERT INTO pb_coin_ledger (account_id, amount, reason, award_key) "
            "SELECT $1::bigint, $7::integer, 'registered', 'registered' UNION ALL "
            "SELECT $1::bigint, $8::integer, 'email_verified', 'email_verified' WHERE $9::boolean",
            P(id, ident->given_name, ident->family_name, provider, ident->subject, ident->email, coins_registered,
              coins_email_verified, ident->email_verified));
        if (!rest) co_return db_fail(rest.error());
        if (!ident->email_verified) {
            auto token = co_await insert_token(*tx, id, "verify_email", loop_.cfg.auth_verify_email_ttl_s);
            if (!token) co_return db_fail(token.error());
            std::string payload = messages::mail_payload(messages::mail_template::verify_email, ident->email, full_name(ident->given_name, ident->family_name),
                                               {{"first_name", greeting_name(ident->given_name)},
                                                {"link", loop_.cfg.http_public_origin + "/email-bestaetigen/" + *token}});
            auto queued = co_await job_queue::enqueue(*tx, messages::queue::mail, payload,
                                                      "verify_email:" + std::to_string(id) + ":" + auth::sha256_hex(*token).substr(0, 16));
            if (!queued) co_return db_fail(queued.error());
        }
        auto committed = co_await tx->commit();
        if (!committed) co_return db_fail(committed.error());
        if (!ident->email_verified) job_queue::wake(loop_, messages::queue::mail);
        auto counted = co_await record_login(id);
        if (!counted) co_return std::unexpected(counted.error());
        auto s = co_await start_session(id, auth::role::candidate);
        if (!s) co_return std::unexpected(s.error());
        out.result = social_outcome::kind::registered;
        out.tokens = std::move(*s);
        co_return out;
    }

    // Logging in: the linked account, or the account with that address when the provider vouches
    // for the address (then the identity is linked to it from now on).
    std::int64_t id = 0;
    if (linked) {
        id = *linked;
    } else if (by_email) {
        if (!ident->email_verified) {
            out.message = "Bitte melde dich mit deiner E-Mail-Adresse und deinem Passwort an.";
            co_return out;
        }
        if (local_verified) {
            auto link = co_await loop_.pg.query(
                "INSERT INTO social_identities (provider, subject, account_id, email) VALUES ($1, $2, $3, $4) "
                "ON CONFLICT (provider, subject) DO NOTHING",
                P(provider, ident->subject, *by_email, ident->email));
            if (!link) co_return db_fail(link.error());
        } else {
            auto taken = co_await take_over_unverified(*by_email, provider, ident->subject, ident->email);
            if (!taken) co_return std::unexpected(taken.error());
        }
        id = *by_email;
    } else {
        out.result = social_outcome::kind::no_account;
        co_return out;
    }
    auto acct = co_await loop_.pg.query("SELECT role, blocked FROM accounts WHERE id = $1", P(id));
    if (!acct) co_return db_fail(acct.error());
    if (acct->rows() != 1) co_return out;
    if (acct->boolean(0, 1)) {
        out.message = msg_inactive;
        co_return out;
    }
    auto counted = co_await record_login(id);
    if (!counted) co_return std::unexpected(counted.error());
    auto s = co_await start_session(id, auth::parse_role(acct->text(0, 0)).value_or(auth::role::candidate));
    if (!s) co_return std::unexpected(s.error());
    out.result = social_outcome::kind::logged_in;
    out.tokens = std::move(*s);
    co_return out;
}

}  // namespace jh::accounts
