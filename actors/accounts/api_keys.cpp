// api_keys.cpp: an organization's API keys (issue 44 item 6; docs/reach.md, "Provider-API"). The
// owner lists, creates and revokes them in the portal; the authentication (authenticate.cpp) asks
// resolve_api_key for every request that presents `Authorization: Bearer jhk_…`. A key is
// `jhk_` + random_token(32) (43 base64url characters, 256 bits from libsodium); the table keeps its
// first 12 random characters to find the row and the SHA-256 of the whole key, never the key.
//
// A key acts as its organization through the owner who made it: the identity it resolves to is
// that owner, so the job and application actors' own checks ("your organization's job", else 404)
// apply unchanged. A key lives no longer than its maker's standing: it ends when the maker ends
// every session (also a password reset), is blocked, is no longer an owner or no longer exists —
// as every access token and feed ends with its account's sessions (review of session 25;
// the organization's calendar feed, migrations/0270, does the same). The pipeline admits a key and the pipeline admits the key only to routes that declare a
// scope it holds (reactor/route_policy.h key_scope). An organization that may not act (not
// approved, rejected, blocked) uses none of its keys and manages none.
#include <algorithm>

#include "actors/accounts/accounts_actor.h"
#include "actors/accounts/accounts_internal.h"
#include "actors/api_scopes.h"
#include "actors/form_text.h"
#include "actors/organization_standing.h"
#include "actors/pg_columns.h"
#include "actors/pg_rows.h"
#include "actors/roles.h"
#include "reactor/json_body.h"
#include "reactor/loop_context.h"
#include "reactor/pg_bind.h"

namespace jh::accounts {

using namespace detail;

namespace {

constexpr std::string_view api_key_prefix = "jhk_";
constexpr std::size_t api_key_lookup_chars = 12;
constexpr std::size_t api_key_chars = 4 + 43;   // "jhk_" + 32 random bytes in base64url
constexpr std::size_t api_key_max_name_chars = 100;
// Keys an organization may have at once: enough for an ATS, a website and a test system each with a
// spare, few enough that a forgotten one stands out in the list.
constexpr std::int64_t api_key_max_active = 20;
// The list: every active key (at most 20) and the newest revoked ones, so making and revoking keys
// over and over cannot grow the answer without bound.
constexpr std::int64_t api_key_max_listed = 100;

constexpr const char* msg_api_key_owner_only = "Nur die Inhaberin oder der Inhaber des Unternehmenskontos kann API-Schlüssel verwalten.";
constexpr const char* msg_api_key_cannot_act =
    "Ihr Unternehmen ist noch nicht freigeschaltet oder gesperrt. Bis dahin können Sie keine API-Schlüssel verwalten.";
constexpr const char* msg_api_key_name_missing = "Bitte geben Sie dem Schlüssel einen Namen.";
constexpr const char* msg_api_key_name_long = "Der Name darf höchstens 100 Zeichen lang sein.";
constexpr const char* msg_api_key_scopes_missing = "Bitte wählen Sie mindestens eine Berechtigung.";
constexpr const char* msg_api_key_scopes_unknown =
    "Unbekannte Berechtigung. Möglich sind „jobs:read“, „jobs:write“ und „applications:read“.";
constexpr const char* msg_api_key_too_many =
    "Ihr Unternehmen hat bereits 20 aktive API-Schlüssel. Bitte widerrufen Sie zuerst einen Schlüssel, den Sie nicht mehr brauchen.";
constexpr const char* msg_api_key_unknown = "Diesen API-Schlüssel gibt es nicht.";
constexpr const char* msg_api_key_invalid = "Dieser API-Schlüssel ist ungültig oder wurde widerrufen.";
constexpr const char* msg_api_key_maker_gone =
    "Dieser API-Schlüssel gilt nicht mehr: Die Person, die ihn angelegt hat, verwaltet das Unternehmenskonto nicht mehr "
    "oder hat sich überall abgemeldet. Bitte legen Sie einen neuen Schlüssel an.";
constexpr const char* msg_api_key_org_cannot_act =
    "Ihr Unternehmen ist nicht freigeschaltet oder gesperrt. Seine API-Schlüssel können zurzeit nicht verwendet werden.";

// Whether the key's maker (`a`, joined on created_by) still stands for it: an owner of the key's
// organization, not blocked, whose sessions have not been ended since the key was made.
#define JH_API_KEY_MAKER_STANDS                                                                                         \
    "(a.id IS NOT NULL AND a.organization_id = k.organization_id AND a.role = 'organization_member' "                     \
    " AND a.organization_role = 'owner' AND NOT a.blocked AND k.created_at > coalesce(a.sessions_ended_at, '-infinity'))"

#define JH_API_KEY_COLUMNS                                                                                              \
    "k.id, k.name, array_to_string(k.scopes, ' '), k.lookup, to_json(k.created_at) #>> '{}', "                           \
    "to_json(k.last_used_at) #>> '{}', to_json(k.revoked_at) #>> '{}', a.email, " JH_API_KEY_MAKER_STANDS " "

api_key_view read_api_key(const pg::result_set& r, int i) {
    return api_key_view{r.int64(i, 0),
                        std::string(r.text(i, 1)),
                        column_as<std::vector<std::string>>(r, i, 2),
                        std::string(api_key_prefix) + std::string(r.text(i, 3)),
                        std::string(r.text(i, 4)),
                        column_as<std::optional<std::string>>(r, i, 5),
                        column_as<std::optional<std::string>>(r, i, 6),
                        column_as<std::optional<std::string>>(r, i, 7),
                        r.boolean(i, 8)};
}

// The name and scopes of a new key by the rules (422 per field); the scopes without duplicates, in
// the order api_scope::all() lists them.
result<std::vector<std::string>> check_new_key(const std::string& name, const std::optional<std::vector<std::string>>& scopes) {
    std::vector<violation> bad;
    if (forms::trim_ascii(name).empty()) bad.push_back({"name", msg_api_key_name_missing});
    else if (utf8_length(name) > api_key_max_name_chars) bad.push_back({"name", msg_api_key_name_long});
    std::vector<std::string> chosen;
    if (!scopes || scopes->empty()) {
        bad.push_back({"scopes", msg_api_key_scopes_missing});
    } else if (scopes->size() > api_scope::count ||
               std::any_of(scopes->begin(), scopes->end(), [](const std::string& s) { return !api_scope::by_name(s); })) {
        bad.push_back({"scopes", msg_api_key_scopes_unknown});
    } else {
        for (const key_scope* s : api_scope::all())
            if (std::find(scopes->begin(), scopes->end(), s->name) != scopes->end()) chosen.emplace_back(s->name);
    }
    if (!bad.empty()) return std::unexpected(app_error::invalid(std::move(bad)));
    return chosen;
}

// The presented text is a key in form: the prefix, then exactly 43 base64url characters. Anything
// else is refused before a query, so a garbage or overlong header costs nothing.
bool well_formed_key(std::string_view key) {
    if (key.size() != api_key_chars || !key.starts_with(api_key_prefix)) return false;
    return std::all_of(key.begin() + static_cast<std::ptrdiff_t>(api_key_prefix.size()), key.end(), [](char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
    });
}

}  // namespace

task<result<std::vector<api_key_view>>> accounts_actor::api_keys_of(const auth::identity& who, std::int64_t org) {
    CO_CHECK(co_await check_owner(loop_, who, org, msg_api_key_owner_only, msg_api_key_cannot_act));
    CO_TRY(auto r, co_await loop_.pg.read("SELECT " JH_API_KEY_COLUMNS " FROM organization_api_keys k LEFT JOIN accounts a ON a.id = k.created_by "
                                           " WHERE k.organization_id = $1 "
                                           " ORDER BY k.revoked_at IS NOT NULL, k.created_at DESC, k.id DESC LIMIT $2",
                                           pg::bind(org, api_key_max_listed)));
    co_return rows_of(r, read_api_key);
}

task<result<created_api_key>> accounts_actor::create_api_key(const auth::identity& who, std::int64_t org, std::string name,
                                                             std::optional<std::vector<std::string>> scopes) {
    CO_TRY(auto chosen, check_new_key(name, scopes));
    CO_CHECK(co_await check_owner(loop_, who, org, msg_api_key_owner_only, msg_api_key_cannot_act));
    const std::string scope_list = comma_list(chosen);
    const std::string secret = std::string(api_key_prefix) + auth::random_token(32);
    const std::string lookup = secret.substr(api_key_prefix.size(), api_key_lookup_chars);
    const std::string hash = auth::sha256_hex(secret);
    const std::string trimmed_name(forms::trim_ascii(name));
    // The insertion, under the organization's lock (not inside CO_TRY: its body has CO_TRYs of its own).
    auto insert = [&](pg::transaction& tx) -> task<result<api_key_view>> {
        CO_CHECK(co_await lock_below_limit(tx, org, "SELECT count(*) FROM organization_api_keys WHERE organization_id = $1 AND revoked_at IS NULL",
                                           api_key_max_active, msg_api_key_too_many));
        CO_TRY(auto r, co_await tx.query(
            "WITH k AS (INSERT INTO organization_api_keys (organization_id, name, scopes, lookup, secret_hash, created_by) "
            "           VALUES ($1, $2, string_to_array($3, ','), $4, $5, $6) RETURNING *) "
            "SELECT " JH_API_KEY_COLUMNS " FROM k LEFT JOIN accounts a ON a.id = k.created_by",
            pg::bind(org, trimmed_name, scope_list, lookup, hash, who.account_id)));
        CO_CHECK(co_await tx.commit());
        co_return read_api_key(r, 0);
    };
    auto view = co_await pg::in_transaction(loop_.pg, insert);
    if (!view) co_return std::unexpected(std::move(view).error());
    co_return created_api_key{std::move(*view), secret};
}

task<result<void>> accounts_actor::revoke_api_key(const auth::identity& who, std::int64_t org, std::int64_t key) {
    CO_CHECK(co_await check_owner(loop_, who, org, msg_api_key_owner_only, msg_api_key_cannot_act));
    CO_TRY(auto r, co_await loop_.pg.query(
        "UPDATE organization_api_keys SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1 AND organization_id = $2 RETURNING id",
        pg::bind(key, org)));
    if (r.rows() != 1) co_return fail(error_kind::not_found, msg_api_key_unknown);
    co_return result<void>{};
}

task<result<auth::identity>> accounts_actor::resolve_api_key(std::string_view key) {
    if (!well_formed_key(key)) co_return fail(error_kind::unauthorized, msg_api_key_invalid);
    const std::string lookup(key.substr(api_key_prefix.size(), api_key_lookup_chars));
    // The owner the key acts as: its maker, while the maker stands for it; the organization must be
    // able to act (jh_active_member_of: approved, not rejected, not blocked, address confirmed).
    CO_TRY(auto r, co_await loop_.pg.read(
        "SELECT k.id, array_to_string(k.scopes, ' '), k.secret_hash = $2, "
        "       k.last_used_at IS NULL OR k.last_used_at < now() - interval '1 minute', "
        "       a.id, " JH_API_KEY_MAKER_STANDS ", coalesce(jh_active_member_of(a.id) = k.organization_id, false) "
        "  FROM organization_api_keys k LEFT JOIN accounts a ON a.id = k.created_by "
        " WHERE k.lookup = $1 AND k.revoked_at IS NULL",
        pg::bind(lookup, auth::sha256_hex(key))));
    if (r.rows() != 1 || !r.boolean(0, 2)) co_return fail(error_kind::unauthorized, msg_api_key_invalid);
    if (!r.boolean(0, 5)) co_return fail(error_kind::unauthorized, msg_api_key_maker_gone);
    if (!r.boolean(0, 6)) co_return fail(error_kind::forbidden, msg_api_key_org_cannot_act);
    auth::identity who;
    who.account_id = r.int64(0, 4);
    who.key_rate = &api_key_rate;
    who.account_role = auth::role::organization_member;
    who.api_key_id = r.int64(0, 0);
    who.api_scopes = api_scope::bits_of(column_as<std::vector<std::string>>(r, 0, 1));
    // The last use, at most once a minute: a busy integration writes one row a minute, not one per request.
    if (r.boolean(0, 3))
        CO_CHECK(co_await loop_.pg.query("UPDATE organization_api_keys SET last_used_at = now() WHERE id = $1", pg::bind(who.api_key_id)));
    co_return who;
}

}  // namespace jh::accounts
