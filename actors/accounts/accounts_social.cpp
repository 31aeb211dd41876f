// accounts_social.cpp: social sign-in (OAuth with the providers in oauth.h): starting it, taking
// over an unverified account, and completing it into a session. Part of accounts_actor (accounts_actor.h).
#include "actors/accounts/accounts_actor.h"

#include <simdjson.h>
#include <spdlog/spdlog.h>

#include "actors/accounts/accounts_internal.h"
#include "actors/accounts/oauth_settings.h"
#include "actors/accounts/password_rules.h"
#include "actors/roles.h"
#include "reactor/config.h"
#include "reactor/http_client.h"
#include "messages/queue.h"
#include "reactor/job_queue.h"
#include "reactor/json_writer.h"
#include "reactor/loop_context.h"

namespace jh::accounts {

using namespace detail;

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
    CO_CHECK(co_await loop_.redis.command(std::move(cmd)));
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
    auto write = [&](pg::transaction& tx) -> task<result<void>> {
        CO_CHECK(co_await tx.query(
            "UPDATE accounts SET password_hash = NULL, email_verified_at = now() WHERE id = $1 AND email_verified_at IS NULL", pg::bind(id)));
        CO_CHECK(co_await tx.query("DELETE FROM account_tokens WHERE account_id = $1 AND used_at IS NULL", pg::bind(id)));
        // Applications sent with the registration wait for the confirmation: they were not the owner's.
        CO_CHECK(co_await tx.query(
            "DELETE FROM applications WHERE id IN (SELECT application_id FROM held_queue_jobs WHERE account_id = $1)", pg::bind(id)));
        CO_CHECK(co_await tx.query("DELETE FROM held_queue_jobs WHERE account_id = $1", pg::bind(id)));
        CO_CHECK(co_await tx.query(
            "INSERT INTO social_identities (provider, subject, account_id, email) VALUES ($1, $2, $3, $4) "
            "ON CONFLICT (provider, subject) DO NOTHING",
            pg::bind(provider, subject, id, email)));
        CO_CHECK(co_await award_verified_coins(tx, id));
        CO_CHECK(co_await tx.commit());
        co_return result<void>{};
    };
    CO_CHECK(co_await pg::in_transaction(loop_.pg, write));
    CO_CHECK(co_await sessions_.revoke_all(id));
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
    CO_TRY(auto pending, co_await loop_.redis.command(std::move(take)));
    if (pending.kind != redis::reply::type::string) co_return out;   // expired or used
    simdjson::dom::parser parser;
    simdjson::dom::object flow;
    if (parser.parse(pending.str).get(flow) != simdjson::SUCCESS) co_return out;
    std::string_view flow_provider, flow_mode, verifier, nonce, campaign;
    if (flow["provider"].get(flow_provider) || flow["mode"].get(flow_mode) || flow["verifier"].get(verifier) ||
        flow["nonce"].get(nonce) || flow["campaign"].get(campaign) || flow_provider != provider)
        co_return out;
    out.campaign_query = std::string(campaign);
    const bool registering = flow_mode == "register";

    auto ident = co_await social_identity(*p, provider, code, std::string(verifier), std::string(nonce));
    if (!ident) {
        spdlog::warn("oauth {}: no usable identity: {}", provider, ident.error());
        co_return out;
    }
    if (!is_valid_email(ident->email)) {
        out.message = "Der Anbieter hat uns keine gültige E-Mail-Adresse übermittelt.";
        co_return out;
    }
    CO_TRY(auto match, co_await match_social(provider, *ident));
    if (registering) {
        if (match.linked || match.by_email) {
            out.result = social_outcome::kind::account_exists;
            co_return out;
        }
        co_return co_await register_socially(provider, *ident, std::move(out));
    }
    co_return co_await sign_in_socially(provider, *ident, match, std::move(out));
}

// The code exchange, from this loop without blocking it; then the ID token, or the userinfo when
// the provider gives none.
task<std::expected<provider_identity, std::string>> accounts_actor::social_identity(const oauth_provider& p, const std::string& provider,
                                                                                    const std::string& code, std::string verifier,
                                                                                    std::string nonce) {
    if (!http_) http_ = std::make_unique<http_client>(loop_.uv);
    http_client_request req;
    req.method = "POST";
    req.url = p.token_url;
    req.timeout_ms = section<oauth_settings>(loop_.cfg).timeout_ms;
    req.headers = {"Content-Type: application/x-www-form-urlencoded", "Accept: application/json"};
    req.body = form_encode({{"grant_type", "authorization_code"},
                            {"code", code},
                            {"redirect_uri", loop_.cfg.http_public_origin + "/api/oauth/callback/" + provider},
                            {"client_id", p.client_id},
                            {"client_secret", p.client_secret},
                            {"code_verifier", verifier}});
    auto answer = co_await http_->send(std::move(req));
    if (!answer || answer->status != 200)
        co_return std::unexpected("token exchange failed: " + (answer ? "status " + std::to_string(answer->status) : answer.error()));
    simdjson::dom::parser token_parser;
    simdjson::dom::object tokens;
    if (token_parser.parse(answer->body).get(tokens) != simdjson::SUCCESS) co_return std::unexpected(std::string("token answer unreadable"));
    std::string_view id_token, access_token;
    if (tokens["id_token"].get(id_token) == simdjson::SUCCESS) co_return read_id_token(id_token, p, nonce, auth::unix_now());
    if (tokens["access_token"].get(access_token) != simdjson::SUCCESS || p.userinfo_url.empty())
        co_return std::unexpected(std::string("no id_token and no userinfo"));
    http_client_request info;
    info.url = p.userinfo_url;
    info.timeout_ms = section<oauth_settings>(loop_.cfg).timeout_ms;
    info.headers = {"Authorization: Bearer " + std::string(access_token), "Accept: application/json"};
    auto got = co_await http_->send(std::move(info));
    if (!got || got->status != 200) co_return std::unexpected(std::string("userinfo failed"));
    co_return read_userinfo(got->body, p);
}

task<result<accounts_actor::social_match>> accounts_actor::match_social(const std::string& provider, const provider_identity& ident) {
    CO_TRY(auto known, co_await loop_.pg.read(
        "SELECT (SELECT account_id FROM social_identities WHERE provider = $1 AND subject = $2), "
        "       a.id, a.role, a.blocked, a.email_verified_at IS NOT NULL "
        "  FROM (SELECT 1) AS one LEFT JOIN accounts a ON a.email = $3",
        pg::bind(provider, ident.subject, ident.email)));
    social_match m;
    if (!known.is_null(0, 0)) m.linked = known.int64(0, 0);
    if (!known.is_null(0, 1)) m.by_email = known.int64(0, 1);
    m.local_verified = m.by_email && known.boolean(0, 4);
    co_return m;
}

// A new candidate account from the identity: its profile, the link, the coins, and a confirmation
// mail when the provider does not vouch for the address.
task<result<social_outcome>> accounts_actor::register_socially(const std::string& provider, const provider_identity& ident,
                                                               social_outcome out) {
    // Only database writes: it may run twice when a switchover interrupts it (pg::in_transaction).
    std::int64_t id = 0;
    auto write = [&](pg::transaction& tx) -> task<result<bool>> {
        auto inserted = co_await tx.query(
            "INSERT INTO accounts (email, registered_via, email_verified_at, registration_query) "
            "VALUES ($1, $2, CASE WHEN $3::boolean THEN now() END, $4::jsonb) RETURNING id",
            pg::bind(ident.email, provider, ident.email_verified, query_to_json(out.campaign_query)));
        if (!inserted) {
            if (inserted.error().unique_violation()) co_return false;
            co_return std::unexpected(inserted.error().to_app_error());
        }
        id = inserted->int64(0, 0);
        CO_CHECK(co_await tx.query(
            "WITH p AS (INSERT INTO candidate_profiles (account_id, first_name, last_name) VALUES ($1, $2, $3)), "
            "     s AS (INSERT INTO social_identities (provider, subject, account_id, email) VALUES ($4, $5, $1, $6)) "
            "INSERT INTO pb_coin_ledger (account_id, amount, reason, award_key) "
            "SELECT $1::bigint, $7::integer, 'registered', 'registered' UNION ALL "
            "SELECT $1::bigint, $8::integer, 'email_verified', 'email_verified' WHERE $9::boolean",
            pg::bind(id, ident.given_name, ident.family_name, provider, ident.subject, ident.email, coins_registered,
              coins_email_verified, ident.email_verified)));
        if (!ident.email_verified) {
            CO_TRY(auto token, co_await insert_token(tx, id, "verify_email", loop_.cfg.auth_verify_email_ttl_s));
            std::string payload = messages::mail_payload(messages::mail_template::verify_email, ident.email, full_name(ident.given_name, ident.family_name),
                                               {{"first_name", greeting_name(ident.given_name)},
                                                {"link", loop_.cfg.http_public_origin + "/email-bestaetigen/" + token}});
            CO_CHECK(co_await job_queue::enqueue(tx, messages::queue::mail, payload,
                                                 "verify_email:" + std::to_string(id) + ":" + auth::sha256_hex(token).substr(0, 16)));
        }
        CO_CHECK(co_await tx.commit());
        co_return true;
    };
    CO_TRY(bool created, co_await pg::in_transaction(loop_.pg, write));
    if (!created) {
        out.result = social_outcome::kind::account_exists;
        co_return out;
    }
    if (!ident.email_verified) job_queue::wake(loop_, messages::queue::mail);
    CO_CHECK(co_await record_login(id));
    CO_TRY(auto s, co_await start_session(id, auth::role::candidate));
    out.result = social_outcome::kind::registered;
    out.tokens = std::move(s);
    co_return out;
}

// Logging in: the linked account, or the account with that address when the provider vouches for
// the address (then the identity is linked to it from now on).
task<result<social_outcome>> accounts_actor::sign_in_socially(const std::string& provider, const provider_identity& ident,
                                                              const social_match& match, social_outcome out) {
    std::int64_t id = 0;
    if (match.linked) {
        id = *match.linked;
    } else if (match.by_email) {
        if (!ident.email_verified) {
            out.message = "Bitte melde dich mit deiner E-Mail-Adresse und deinem Passwort an.";
            co_return out;
        }
        if (match.local_verified) {
            CO_CHECK(co_await loop_.pg.query(
                "INSERT INTO social_identities (provider, subject, account_id, email) VALUES ($1, $2, $3, $4) "
                "ON CONFLICT (provider, subject) DO NOTHING",
                pg::bind(provider, ident.subject, *match.by_email, ident.email)));
        } else {
            CO_CHECK(co_await take_over_unverified(*match.by_email, provider, ident.subject, ident.email));
        }
        id = *match.by_email;
    } else {
        out.result = social_outcome::kind::no_account;
        co_return out;
    }
    CO_TRY(auto acct, co_await loop_.pg.read("SELECT role, blocked FROM accounts WHERE id = $1", pg::bind(id)));
    if (acct.rows() != 1) co_return out;
    if (acct.boolean(0, 1)) {
        out.message = msg_inactive;
        co_return out;
    }
    CO_CHECK(co_await record_login(id));
    CO_TRY(auto s, co_await start_session(id, auth::parse_role(acct.text(0, 0)).value_or(auth::role::candidate)));
    out.result = social_outcome::kind::logged_in;
    out.tokens = std::move(s);
    co_return out;
}

}  // namespace jh::accounts
