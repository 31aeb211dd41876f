// accounts_actor.h: the accounts domain: registration, login and sessions, the account's
// settings, the mail flows (verification, password reset, email change), deletion, counters,
// the data export, impersonation and social sign-in. docs/accounts.md describes it as a whole.
//
// The actor never sees HTTP: accounts_routes.cpp reads requests into the structs below and turns
// the results (or app_error) into answers. Passwords are hashed on the libuv thread pool
// (reactor/thread_pool.h), sessions and throttling live in Redis (session_store.h), everything
// durable in PostgreSQL (migrations/0004_accounts.sql); mails go through the durable queue in the
// same transaction as the change that causes them.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "actors/accounts/oauth.h"
#include "actors/accounts/password_hash.h"
#include "actors/accounts/session_store.h"
#include "reactor/app_error.h"
#include "reactor/auth.h"
#include "reactor/pg.h"
#include "reactor/task.h"
#include "reactor/thread_pool.h"

namespace jh {

struct loop_context;
class http_client;

namespace accounts {

// The answer to every registration, new address or known (the mail says which it was).
inline constexpr std::string_view registration_done_message =
    "Fast geschafft! Wir haben dir eine E-Mail geschickt. Bitte bestätige deine E-Mail-Adresse über den Link darin.";

// POST /candidate_profiles/register and /register_without_password.
struct registration {
    std::string email;
    std::string password;                  // empty for register_without_password
    std::string password_confirmation;
    std::string first_name;
    std::string last_name;
    bool without_password = false;
    bool newsletter = false;
    bool jobletter = false;
    std::string query_json = "{}";         // the campaign query the client attached (a JSON object)
    // Runs inside the registration's transaction once the account exists (register-and-apply
    // stores the application with it); an error rolls the whole registration back.
    std::function<task<result<void>>(pg::transaction&, std::int64_t account_id)> in_transaction;
};

// POST /organization_member/register: the fields the caller checked with the rules above
// (organization_member_account.cpp); the organization is the caller's, made by its hook.
struct organization_member_registration {
    std::string email, password, first_name, last_name, company;
    std::string query_json = "{}";
    std::optional<std::string> job_title;   // the first job posting, named in the welcome mail
    // Runs in the registration's transaction before the account exists and returns the id of the
    // organization it belongs to; an error rolls the whole registration back.
    std::function<task<result<std::int64_t>>(pg::transaction&)> create_organization;
};

// One person of an organization's team (GET /organizations/{id}/members).
struct team_member {
    std::int64_t id = 0;
    std::string email;
    std::string role;                 // owner | member
    bool email_verified = false;
    bool invitation_pending = false;  // invited, no password set yet
    std::string created_at;
};

// An invitation into an organization's team that is not accepted yet (organization_invitations,
// migration 0175): no account exists for it until the invited person accepts.
struct team_invitation {
    std::int64_t id = 0;
    std::string email;
    std::string invited_by;           // the inviting member's address; empty when that account is gone
    int sent_count = 1;
    bool expired = false;
    std::string created_at, last_sent_at, expires_at;
};

// An organization's API key as its owner sees it (GET /organizations/{id}/api_keys): never the
// secret, which only the answer of its creation carries (api_keys.cpp, docs/reach.md).
struct api_key_view {
    std::int64_t id = 0;
    std::string name;
    std::vector<std::string> scopes;   // actors/api_scopes.h names
    std::string prefix;                // "jhk_" and the key's first 12 random characters
    std::string created_at;
    std::optional<std::string> last_used_at, revoked_at;
    std::optional<std::string> created_by;   // the maker's address; nullopt once the account is gone
    bool usable = true;                      // the maker still stands for it (api_keys.cpp)
};
struct created_api_key {
    api_key_view key;
    std::string secret;                // the whole key, shown once
};

// An organization's webhook endpoint as its owner sees it (GET /organizations/{id}/webhooks):
// never the signing secret, which only the answer of its creation carries (provider_webhooks.cpp).
struct webhook_endpoint_view {
    std::int64_t id = 0;
    std::string url;
    std::vector<std::string> events;   // application.created, application.status_changed
    std::string created_at;
    std::optional<std::string> created_by;   // the maker's address; nullopt once the account is gone
};
struct created_webhook_endpoint {
    webhook_endpoint_view endpoint;
    std::string secret;                // whsec_…, shown once
};
// One event sent (or being sent) to an endpoint: the portal's delivery log.
struct webhook_delivery_view {
    std::int64_t id = 0;
    std::string event_type, message_id, created_at;
    std::string state;                 // pending | retrying | delivered | failed
    int attempts = 0;
    std::optional<std::int64_t> last_status;
    std::optional<std::string> last_error, next_attempt_at, delivered_at;
};

// What the acceptance page shows about an invitation (by its mailed token).
struct invitation_preview {
    std::string organization_name, email, expires_at;
};

struct email_check_result {
    bool exists = false;
    std::string account_type;              // "candidate", "organization" or "" when free
};

struct profile_view {
    std::int64_t id = 0;
    std::string first_name;
    std::string last_name;
    std::optional<std::int64_t> portrait_id;
};

struct account_view {
    std::int64_t id = 0;
    std::string email;
    std::string role;
    bool email_verified = false;
    bool has_password = false;
    bool profile_public = false;
    bool searchable_by_providers = false;
    bool newsletter = false;
    bool jobletter = false;
    std::int64_t num_logins = 0;
    std::optional<std::string> last_login;     // ISO 8601, UTC
    std::string created_at;
    std::optional<std::string> pending_email;  // a change of address waiting for confirmation
    std::vector<std::string> social_providers;
    std::optional<profile_view> profile;       // candidates only
    std::optional<std::int64_t> impersonator_id;
};

// PATCH /candidate_accounts/{id} (merge-patch): only the settings can change here.
struct settings_patch {
    std::optional<bool> profile_public;
    std::optional<bool> searchable_by_providers;
    std::optional<bool> newsletter;
    std::optional<bool> jobletter;
};

struct coin_totals {
    std::int64_t total = 0;
    std::int64_t current_month = 0;
    std::int64_t last_month = 0;
};

// Who may see a candidate's sedcard media (the profiles domain reads this, never the table).
struct profile_visibility {
    bool profile_public = false;
    bool searchable_by_providers = false;
};

enum class verification_request { sent, already_verified, recently_sent };

struct confirmed_email {
    std::int64_t account_id = 0;
    std::string email;
    bool changed_address = false;          // a change_email token: the new address took effect
    std::optional<session_tokens> session; // a candidate's registration link signs in
    std::string role;                      // accounts.role: "candidate", "organization_member", …
    // A member's organization as its review left it: pending | approved | rejected | blocked
    // (the page after the link tells a new provider what happens next); empty for others.
    std::string organization_state;
};

class accounts_actor {
public:
    explicit accounts_actor(loop_context& loop);
    ~accounts_actor();

    // ---- registration and login
    task<result<email_check_result>> check_email(std::string email);
    // Answers the same whether or not the address is known: a new address gets its account and the
    // verification mail (whose link signs in), a known one only a mail telling its owner.
    task<result<void>> register_candidate(registration r);
    // A provider's account with its organization and the welcome mail; the same answer for a
    // known address, whose owner is told by mail instead.
    task<result<void>> create_organization_member_account(organization_member_registration r);
    task<result<session_tokens>> login(std::string email, std::string password, std::string client_ip);
    task<result<session_tokens>> refresh(std::string refresh_token);
    // Ends the session `family` (from the access token) or the one `refresh_token` belongs to.
    task<result<void>> logout(std::optional<std::string> family, std::optional<std::string> refresh_token);
    // "Auf allen Geräten abmelden": every session of the caller's account ends, this one too, and
    // with them the calendar feed (session_store::revoke_all stamps accounts.sessions_ended_at).
    task<result<void>> logout_everywhere(const auth::identity& who);

    // ---- identity (reactor/auth.h calls this for every authenticated request)
    task<result<auth::identity>> resolve_identity(auth::access_claims claims, std::optional<std::string> switch_user);

    // ---- the account
    task<result<account_view>> account(const auth::identity& who, std::int64_t id);
    task<result<account_view>> patch_settings(const auth::identity& who, std::int64_t id, settings_patch p);
    task<result<coin_totals>> coins(const auth::identity& who, std::int64_t id);
    // The GDPR export (data_export.cpp): everything stored about the person as one JSON document,
    // and that document with every image, video and document file as a ZIP (the bytes).
    task<result<std::string>> export_data(const auth::identity& who, std::int64_t id);
    // The path of a temporary ZIP with everything stored about the person; the caller streams it
    // and then calls remove_export (the open file stays readable after the removal).
    task<result<std::string>> export_archive(const auth::identity& who, std::int64_t id);
    task<void> remove_export(std::string path);

    // ---- mail flows
    task<result<verification_request>> request_email_verification(const auth::identity& who);
    task<result<confirmed_email>> confirm_email_token(std::string token);
    task<result<void>> request_password_reset(std::string email);
    // The link mailed to the old address after a change of address: restores it, ends every
    // session and mails a link to set a new password. Returns the restored address.
    task<result<std::string>> undo_email_change(std::string token);
    task<result<std::int64_t>> check_password_reset_token(std::string token);   // the account id
    task<result<void>> reset_password(std::int64_t id, std::string token, std::string password, std::string confirmation);

    // ---- changes by the logged-in candidate
    task<result<void>> change_password(const auth::identity& who, std::int64_t id, std::string old_password,
                                       std::string password, std::string confirmation);
    task<result<std::string>> change_email(const auth::identity& who, std::int64_t id, std::string email,
                                           std::string confirmation, std::string password);   // the pending address
    task<result<void>> delete_account(const auth::identity& who, std::int64_t id, std::string confirmation);

    // ---- the candidate's visibility settings, for other domains (sedcard images, search status)
    task<result<accounts::profile_visibility>> profile_visibility(std::int64_t account_id);

    // ---- coins, for other domains (applications, profile completeness): idempotent per key
    task<result<void>> award_coins(std::int64_t account_id, int amount, std::string reason, std::string award_key);

    // ---- social sign-in
    std::vector<std::string_view> offered_providers() const;
    // The provider's authorization URL to redirect to, and the state to bind to the browser.
    task<result<oauth_start>> begin_social_sign_in(std::string provider, oauth_mode mode, std::string campaign_query);
    task<result<social_outcome>> complete_social_sign_in(std::string provider, std::string code, std::string state,
                                                         std::string browser_state);

    // ---- an organization's team (organization_team.cpp, docs/providers.md "Team"): members of
    // the organization read it; its owner, while the organization may act, invites and removes.
    task<result<std::vector<team_member>>> team_of(const auth::identity& who, std::int64_t org);
    // The open invitations, newest first (any member reads them).
    task<result<std::vector<team_invitation>>> invitations_of(const auth::identity& who, std::int64_t org);
    // An invitation (no account yet) and its mail with a link valid 7 days; bounded per
    // organization and day and per address and hour (429).
    task<result<team_invitation>> invite_member(const auth::identity& who, std::int64_t org, std::string email);
    // A new link for an open invitation (the old one stops working), within the same bounds.
    task<result<team_invitation>> resend_invitation(const auth::identity& who, std::int64_t org, std::int64_t invitation);
    task<result<void>> withdraw_invitation(const auth::identity& who, std::int64_t org, std::int64_t invitation);
    // The invited person, by the mailed token: what the invitation is, accept it (the member
    // account is made now, its address confirmed: the token came by mail) or decline it.
    task<result<invitation_preview>> invitation_by_token(std::string token);
    task<result<std::string>> accept_invitation(std::string token, std::string password, std::string confirmation);   // the address
    task<result<void>> decline_invitation(std::string token);
    // Deletes the member's account and ends its sessions; never the organization's last owner.
    task<result<void>> remove_member(const auth::identity& who, std::int64_t org, std::int64_t member);
    // {role: owner|member} of a member, by an owner; one owner who is not blocked always remains (409).
    task<result<team_member>> set_member_role(const auth::identity& who, std::int64_t org, std::int64_t member, std::string role);

    // ---- an organization's API keys (api_keys.cpp, docs/reach.md "Provider-API"): only its
    // owner, while the organization may act, lists, creates and revokes them.
    task<result<std::vector<api_key_view>>> api_keys_of(const auth::identity& who, std::int64_t org);
    // 422 per field (name 1–100 characters, 1–3 known scopes), 409 beyond the active keys allowed.
    task<result<created_api_key>> create_api_key(const auth::identity& who, std::int64_t org, std::string name,
                                                 std::optional<std::vector<std::string>> scopes);
    task<result<void>> revoke_api_key(const auth::identity& who, std::int64_t org, std::int64_t key);
    // The identity a presented key acts as (reactor/auth.h identity::api_key_id): the organization's
    // owner, with the key's scopes. 401 for an unknown, malformed or revoked key; 403 while the
    // organization may not act (not approved, rejected, blocked).
    task<result<auth::identity>> resolve_api_key(std::string_view key);

    // ---- an organization's webhook endpoints (provider_webhooks.cpp, docs/reach.md "Webhooks"):
    // only its owner, while the organization may act, lists, adds and removes them, reads their
    // delivery log and sends a test event. Another organization's endpoint is a 404.
    task<result<std::vector<webhook_endpoint_view>>> webhooks_of(const auth::identity& who, std::int64_t org);
    // 422 per field (url, events), 409 beyond the endpoints allowed.
    task<result<created_webhook_endpoint>> create_webhook(const auth::identity& who, std::int64_t org, std::string url,
                                                          std::optional<std::vector<std::string>> events);
    task<result<void>> remove_webhook(const auth::identity& who, std::int64_t org, std::int64_t webhook);
    task<result<std::vector<webhook_delivery_view>>> webhook_deliveries(const auth::identity& who, std::int64_t org, std::int64_t webhook);
    // Queues a webhook.test event to the endpoint; 429 beyond a few a minute.
    task<result<webhook_delivery_view>> test_webhook(const auth::identity& who, std::int64_t org, std::int64_t webhook);

    // ---- limits shared with other domains (provider registration, contact requests); the limits
    // per client address are the routes' rate classes (rate_classes.h).
    // 429 once the hour's mails to `address` are used up (session_store.h, mail_allowed).
    task<result<void>> limit_mails_to(std::string_view address);

    // ---- administration (jobhafen admin create-admin) lives in app/create_admin.h: it runs without a loop.

private:
    task<result<session_tokens>> start_session(std::int64_t account_id, auth::role_id r);
    task<result<void>> record_login(std::int64_t account_id);
    task<result<auth::role_id>> current_role(std::int64_t account_id);
    task<result<void>> take_over_unverified(std::int64_t id, std::string provider, std::string subject, std::string email);
    // The steps of complete_social_sign_in (accounts_social.cpp): the identity the provider vouches
    // for (the code exchanged, then the ID token or the userinfo read), the accounts it matches, and
    // registering or signing in with it.
    task<std::expected<provider_identity, std::string>> social_identity(const oauth_provider& p, const std::string& provider,
                                                                        const std::string& code, std::string verifier,
                                                                        std::string nonce);
    struct social_match {
        std::optional<std::int64_t> linked;     // the account this identity is linked to
        std::optional<std::int64_t> by_email;   // the account with the identity's address
        bool local_verified = false;            // that account confirmed its address with us
    };
    task<result<social_match>> match_social(const std::string& provider, const provider_identity& ident);
    task<result<social_outcome>> register_socially(const std::string& provider, const provider_identity& ident, social_outcome out);
    task<result<social_outcome>> sign_in_socially(const std::string& provider, const provider_identity& ident,
                                                  const social_match& match, social_outcome out);
    result<void> require_owner(const auth::identity& who, std::int64_t id) const;
    task<result<account_view>> load_account(std::int64_t id);
    template <typename F>
    auto hash_job(F fn) { return hashing_.run(std::move(fn)); }
    // A new password and its confirmation checked by the rules (422 per field), then hashed off the
    // loop: the hash, or 503 when the hashing pool is gone.
    task<result<std::string>> hash_new_password(std::string password, const std::string& confirmation);

    loop_context& loop_;
    argon2_params argon2_;
    thread_pool hashing_;
    thread_pool exporting_;   // ZIP archives of the export: file I/O off the loop, one at a time
    session_store sessions_;
    login_throttle throttle_;
    oauth_providers providers_;
    std::unique_ptr<http_client> http_;   // made on first use (social sign-in)
};

}  // namespace accounts

using accounts::accounts_actor;

}  // namespace jh
