// impersonation.cpp: see impersonation.h. The grant, its audit trail and the two admin routes.
#include "actors/accounts/impersonation.h"

#include <simdjson.h>
#include <spdlog/spdlog.h>

#include <charconv>

#include "actors/route.h"
#include "reactor/auth.h"
#include "reactor/config.h"
#include "reactor/http_pipeline.h"
#include "reactor/json_body.h"
#include "reactor/json_writer.h"
#include "reactor/loop_context.h"
#include "reactor/pg_bind.h"
#include "reactor/router.h"
#include "reactor/try.h"

namespace jh::impersonation {

namespace {

const char* const msg_admins_only = "Nur Administratoren dürfen ein anderes Konto übernehmen.";
const char* const msg_grant_invalid = "Diese Kontoübernahme ist ungültig oder abgelaufen. Bitte starte sie neu.";
const char* const msg_no_account = "Dieses Konto gibt es nicht.";
const char* const msg_candidates_only = "Nur Bewerberkonten können übernommen werden.";

// Who the administrator wants to act as: {"accountId": 5} (also "5" or "/api/candidate_accounts/5"),
// or {"email": "..."}. nullopt when neither is usable.
struct target_ref {
    std::int64_t id = 0;
    std::string email;
};

std::optional<target_ref> read_target(simdjson::dom::object body) {
    target_ref t;
    std::int64_t n = 0;
    std::string_view s;
    if (body["accountId"].get(n) == simdjson::SUCCESS && n > 0) {
        t.id = n;
        return t;
    }
    if (body["accountId"].get(s) == simdjson::SUCCESS) {
        if (auto slash = s.rfind('/'); slash != std::string_view::npos) s.remove_prefix(slash + 1);
        auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
        if (ec == std::errc{} && p == s.data() + s.size() && n > 0) {
            t.id = n;
            return t;
        }
        return std::nullopt;
    }
    if (body["email"].get(s) == simdjson::SUCCESS && !s.empty() && s.size() <= 254) {
        t.email = std::string(s);
        return t;
    }
    return std::nullopt;
}

// POST /api/admin/impersonations → 201 {grant, accountId, expiresAt, switchUrl}.
task<http_response> post_impersonation(request_context& ctx) {
    auto target = read_target(ctx.body);
    if (!target) {
        std::vector<violation> v{{"accountId", "Bitte gib das Konto an, das du übernehmen möchtest."}};
        co_return error_response(app_error::invalid(std::move(v)));
    }
    auto& pg = ctx.loop.pg;
    // The role is read from the account, not from the token: a demoted administrator starts nothing.
    ROUTE_TRY(auto r, co_await pg.read(
        "SELECT (SELECT role = 'admin' AND NOT blocked FROM accounts WHERE id = $1), t.id, t.role "
        "  FROM (SELECT 1) AS one LEFT JOIN accounts t ON (t.id = $2 OR ($2 = 0 AND t.email = $3))",
        pg::bind(ctx.who().account_id, target->id, target->email)));
    if (!r.boolean(0, 0)) co_return error_response(app_error::make(error_kind::forbidden, msg_admins_only));
    if (r.is_null(0, 1)) co_return error_response(app_error::make(error_kind::not_found, msg_no_account));
    if (r.text(0, 2) != "candidate") co_return error_response(app_error::make(error_kind::forbidden, msg_candidates_only));
    std::int64_t target_id = r.int64(0, 1);

    std::string grant = auth::random_token(32);
    auto write = [&](pg::transaction& tx) -> task<result<std::string>> {
        CO_TRY(auto g, co_await tx.query(
            "INSERT INTO impersonation_grants (token_hash, admin_account_id, target_account_id, expires_at) "
            "VALUES ($1, $2, $3, now() + make_interval(secs => $4)) "
            "RETURNING to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')",
            pg::bind(auth::sha256_hex(grant), ctx.who().account_id, target_id, grant_ttl_s)));
        CO_CHECK(co_await tx.query(
            "INSERT INTO admin_audit_log (action, admin_account_id, target_account_id, client_ip) "
            "VALUES ('impersonation_start', $1, $2, $3)",
            pg::bind(ctx.who().account_id, target_id, ctx.req.peer_ip)));
        CO_CHECK(co_await tx.commit());
        co_return std::string(g.text(0, 0));
    };
    ROUTE_TRY(auto expires_at, co_await pg::in_transaction(pg, write));
    spdlog::info("administrator {} started impersonating account {}", ctx.who().account_id, target_id);

    std::string out;
    json_writer w(out);
    w.begin_object()
        .member("grant", grant)
        .member("accountId", target_id)
        .member("expiresAt", expires_at)
        .member("switchUrl", ctx.loop.cfg.http_public_origin + "/?_switch_user=" + grant)
        .end_object();
    co_return http_response::json(201, std::move(out));
}

// POST /api/admin/impersonations/end with the grant in `_switch_user` → 204.
task<http_response> post_end_impersonation(request_context& ctx) {
    const auth::identity* who = &ctx.who();
    if (!who->impersonating()) co_return http_response::no_content();
    std::string grant(ctx.req.header(auth::switch_user_header).value_or(""));
    auto write = [&](pg::transaction& tx) -> task<result<void>> {
        CO_CHECK(co_await tx.query(
            "UPDATE impersonation_grants SET ended_at = now() WHERE token_hash = $1 AND admin_account_id = $2 AND ended_at IS NULL",
            pg::bind(auth::sha256_hex(grant), *who->impersonator_id)));
        CO_CHECK(co_await tx.query(
            "INSERT INTO admin_audit_log (action, admin_account_id, target_account_id, client_ip) "
            "VALUES ('impersonation_end', $1, $2, $3)",
            pg::bind(*who->impersonator_id, who->account_id, ctx.req.peer_ip)));
        CO_CHECK(co_await tx.commit());
        co_return result<void>{};
    };
    ROUTE_CHECK(co_await pg::in_transaction(ctx.loop.pg, write));
    co_return http_response::no_content();
}

}  // namespace

task<result<std::int64_t>> resolve_grant(pg::pool& pg, std::int64_t admin_id, std::string grant) {
    CO_TRY(auto r, co_await pg.read(
        "SELECT g.target_account_id FROM impersonation_grants g "
        "  JOIN accounts adm ON adm.id = g.admin_account_id AND adm.role = 'admin' AND NOT adm.blocked "
        "  JOIN accounts t ON t.id = g.target_account_id AND t.role = 'candidate' "
        " WHERE g.token_hash = $1 AND g.admin_account_id = $2 AND g.ended_at IS NULL AND g.expires_at > now()",
        pg::bind(auth::sha256_hex(grant), admin_id)));
    if (r.rows() != 1) co_return fail(error_kind::forbidden, msg_grant_invalid);
    co_return r.int64(0, 0);
}

void register_routes(router& r) {
    constexpr std::int64_t small = 4 * 1024;
    // An impersonation is started by the administrator in person, never from inside another one.
    r.add(http_method::post, "/api/admin/impersonations",
          in_person({.who = access::admin, .body = body_kind::json, .cache = cache_kind::no_store, .rate = no_rate_limit,
                     .max_body_bytes = small}),
          post_impersonation);
    r.add(http_method::post, "/api/admin/impersonations/end",
          {.who = access::account, .body = body_kind::none, .cache = cache_kind::no_store, .rate = no_rate_limit, .max_body_bytes = small},
          post_end_impersonation);
}

}  // namespace jh::impersonation
