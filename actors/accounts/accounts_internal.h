// accounts_internal.h: what the files of accounts_actor share and nobody else needs: its German
// messages, the coin amounts, and the helpers for tokens and mails (defined in accounts_actor.cpp).
// The actor is one class whose methods live in several files by topic: accounts_login.cpp,
// accounts_account.cpp, accounts_mail_flows.cpp, accounts_changes.cpp, accounts_social.cpp.
#pragma once

#include <cstdint>
#include <expected>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "actors/actions_common.h"
#include "messages/mail.h"
#include "messages/queue.h"
#include "reactor/app_error.h"
#include "reactor/auth.h"
#include "reactor/pg.h"
#include "reactor/pg_bind.h"
#include "reactor/task.h"
#include "reactor/text.h"
#include "reactor/try.h"

namespace jh {
struct loop_context;
}

namespace jh::accounts::detail {

// Coins (docs/decisions.md, "Accounts").
inline constexpr int coins_registered = 25;
inline constexpr int coins_email_verified = 50;
inline constexpr int coins_daily_login = 5;

inline constexpr const char* msg_wrong_credentials = "E-Mail-Adresse oder Passwort ist falsch.";
inline constexpr const char* msg_inactive = "Dein Konto ist gesperrt. Bitte wende dich an unseren Support.";
inline constexpr const char* msg_too_many_requests = "Zu viele Anfragen. Bitte warte eine Weile und versuche es dann noch einmal.";
inline constexpr const char* msg_too_many_mails =
    "An diese E-Mail-Adresse haben wir in der letzten Stunde schon mehrere E-Mails geschickt. Bitte versuche es später noch "
    "einmal.";
inline constexpr const char* msg_session_ended = "Deine Sitzung ist abgelaufen. Bitte melde dich erneut an.";
inline constexpr const char* msg_not_found = "Die Seite wurde nicht gefunden.";
inline constexpr const char* msg_token_invalid = "Dieser Link ist ungültig oder abgelaufen. Bitte fordere einen neuen an.";
// The team (organization_team.cpp, organization_invitations.cpp), to providers: "Sie".
inline constexpr const char* msg_other_organization = "Sie können nur Ihr eigenes Unternehmen bearbeiten.";
inline constexpr const char* msg_owner_only =
    "Nur die Inhaberin oder der Inhaber des Unternehmenskontos kann Teammitglieder einladen oder entfernen.";
inline constexpr const char* msg_cannot_act =
    "Ihr Unternehmen ist noch nicht freigeschaltet oder Ihre E-Mail-Adresse noch nicht bestätigt. Danach können Sie Ihr Team einladen.";

// "Bitte warte 40 Sekunden" / "3 Minuten": the login throttle's answer, with Retry-After.
app_error login_throttled(int retry_after_s);

// "Hallo {{first_name}}," must read well without a name too.
std::string greeting_name(std::string_view first_name);

// Inserts a single-use token (only its hash) and returns the token itself.
task<pg::expected<std::string>> insert_token(pg::transaction& tx, std::int64_t account_id, std::string_view purpose,
                                             int ttl_s, std::optional<std::string> new_email = std::nullopt);

// The coins for a confirmed address, once per candidate.
task<pg::expected<pg::result_set>> award_verified_coins(pg::transaction& tx, std::int64_t id);

using actions::full_name;   // actors/actions_common.h: one definition, also for the files that see both

// The caller's standing towards organization `org`: 403 unless a member of it; `manage`: also its
// owner, allowed to act (address confirmed, organization approved). organization_team.cpp.
task<result<void>> check_team_access(loop_context& loop, const auth::identity& who, std::int64_t org, bool manage);
// The owner of `org` while the organization may act: the same check as check_team_access with
// `manage`, in the words of what is managed (the API keys, the webhooks): 403 with the reason.
task<result<void>> check_owner(loop_context& loop, const auth::identity& who, std::int64_t org, std::string_view owner_only,
                               std::string_view cannot_act);

// A bounded number of the organization's things (API keys, webhook endpoints): locks the
// organization's row, then counts with `count_sql` ($1 = org) in the next statement, so the count
// sees everything a parallel request committed while this one waited (docs/decisions.md, limits
// under concurrency); 409 `too_many` when `max` are there already. organization_team.cpp.
task<result<void>> lock_below_limit(pg::transaction& tx, std::int64_t org, const char* count_sql, std::int64_t max,
                                    std::string_view too_many);

// Names joined with commas, for string_to_array($n, ',') (chosen scopes, events).
std::string comma_list(const std::vector<std::string>& names);

// The campaign query ("utm_source=x&utm_medium=y") as the JSON object stored with a registration.
std::string query_to_json(std::string_view query);

// The reset link, stored and mailed in `tx` (the caller commits and wakes the mail worker);
// `provider`: an organization member's account (mail in "Sie", link to the portal's page).
task<pg::expected<void>> queue_reset_mail(pg::transaction& tx, std::int64_t id, std::string_view to, std::string_view first,
                                          std::string_view last, int ttl_s, std::string_view origin, bool provider = false);

// A registration with an address that already has an account: no account changes, the owner is
// told by mail ("du" to candidates, "Sie" to providers).
std::string registration_notice_payload(std::string_view to, std::string_view role, std::string_view first,
                                        std::string_view last, std::string_view origin);

}  // namespace jh::accounts::detail
