// accounts_account.cpp: the account as its owner sees it: loading, the settings and the coins.
// Part of accounts_actor (accounts_actor.h).
#include "actors/accounts/accounts_actor.h"

#include "actors/accounts/accounts_internal.h"
#include "actors/pg_columns.h"
#include "reactor/loop_context.h"

namespace jh::accounts {

using namespace detail;

task<result<account_view>> accounts_actor::load_account(std::int64_t id) {
    CO_TRY(auto r, co_await loop_.pg.read(
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
        pg::bind(id)));
    if (r.rows() != 1) co_return fail(error_kind::not_found, msg_not_found);
    account_view a;
    read_columns(r, 0, 0, a, &account_view::id, &account_view::email, &account_view::role, &account_view::email_verified,
                 &account_view::has_password, &account_view::profile_public, &account_view::searchable_by_providers,
                 &account_view::newsletter, &account_view::jobletter, &account_view::num_logins, &account_view::last_login,
                 &account_view::created_at, &account_view::pending_email);
    std::string_view providers = r.text(0, 13);
    while (!providers.empty()) {
        auto comma = providers.find(',');
        a.social_providers.emplace_back(providers.substr(0, comma));
        providers = comma == std::string_view::npos ? std::string_view{} : providers.substr(comma + 1);
    }
    if (!r.is_null(0, 14)) {
        profile_view p;
        read_columns(r, 0, 14, p, &profile_view::id, &profile_view::first_name, &profile_view::last_name,
                     &profile_view::portrait_id);
        a.profile = std::move(p);
    }
    co_return a;
}

task<result<account_view>> accounts_actor::account(const auth::identity& who, std::int64_t id) {
    CO_CHECK(require_owner(who, id));
    auto a = co_await load_account(id);
    if (a) a->impersonator_id = who.impersonator_id;
    co_return a;
}

task<result<account_view>> accounts_actor::patch_settings(const auth::identity& who, std::int64_t id, settings_patch p) {
    CO_CHECK(require_owner(who, id));
    CO_CHECK(co_await loop_.pg.query(
        "UPDATE accounts SET profile_public = coalesce($2::boolean, profile_public), "
        "       searchable_by_providers = coalesce($3::boolean, searchable_by_providers), "
        "       newsletter = coalesce($4::boolean, newsletter), jobletter = coalesce($5::boolean, jobletter) "
        " WHERE id = $1",
        pg::bind(id, p.profile_public, p.searchable_by_providers, p.newsletter, p.jobletter)));
    co_return co_await account(who, id);
}

task<result<coin_totals>> accounts_actor::coins(const auth::identity& who, std::int64_t id) {
    CO_CHECK(require_owner(who, id));
    // Months are calendar months in Europe/Berlin, the site's time zone.
    CO_TRY(auto r, co_await loop_.pg.read(
        "WITH m AS (SELECT date_trunc('month', now() AT TIME ZONE 'Europe/Berlin') AT TIME ZONE 'Europe/Berlin' AS this_month, "
        "                  (date_trunc('month', now() AT TIME ZONE 'Europe/Berlin') - interval '1 month') "
        "                      AT TIME ZONE 'Europe/Berlin' AS last_month) "
        "SELECT coalesce(sum(l.amount), 0), "
        "       coalesce(sum(l.amount) FILTER (WHERE l.created_at >= m.this_month), 0), "
        "       coalesce(sum(l.amount) FILTER (WHERE l.created_at >= m.last_month AND l.created_at < m.this_month), 0) "
        "  FROM m LEFT JOIN pb_coin_ledger l ON l.account_id = $1 "
        " GROUP BY m.this_month, m.last_month",
        pg::bind(id)));
    coin_totals t;
    if (r.rows() == 1) {
        t.total = r.int64(0, 0);
        t.current_month = r.int64(0, 1);
        t.last_month = r.int64(0, 2);
    }
    co_return t;
}

// The data export (export_data, export_archive) is in data_export.cpp.

}  // namespace jh::accounts
