// provider_webhooks.cpp: an organization's webhook endpoints (issue 44 item 6, second part;
// docs/reach.md, "Webhooks"). The owner adds an endpoint (an https address and the events it
// wants), gets its signing secret once, removes it, reads its delivery log and sends a test event.
// The events themselves are queued by triggers on applications in the transaction of the change
// (migrations/0387); the `provider_webhooks` worker signs and sends them.
//
// Management is the signed-in owner's, as for the API keys: no key scope (a webhook endpoint is a
// place our data goes to; a leaked key must not redirect it). An organization that may not act
// (under review, rejected, blocked) manages nothing.
#include <sodium.h>

#include <algorithm>

#include "actors/accounts/accounts_actor.h"
#include "actors/accounts/accounts_internal.h"
#include "actors/organization_standing.h"
#include "actors/pg_columns.h"
#include "actors/pg_rows.h"
#include "messages/provider_webhook.h"
#include "messages/queue.h"
#include "reactor/job_queue.h"
#include "reactor/loop_context.h"
#include "reactor/pg_bind.h"

namespace jh::accounts {

using namespace detail;

namespace {

// Endpoints an organization may have at once: its ATS, a test system and a few more; the cap keeps
// one event from fanning out into many requests.
constexpr std::int64_t webhook_max_active = 10;
// The delivery log answers the newest 100 (the rows are kept 30 days).
constexpr std::int64_t webhook_max_deliveries_listed = 100;
// Test events per organization within a minute, over all its endpoints, removed ones included:
// enough to try a fix, too few to use us as a load generator. Counted per endpoint, ten endpoints
// (or removing and adding one again) multiplied it (review 26b).
constexpr std::int64_t webhook_tests_per_minute = 5;

constexpr std::string_view webhook_event_created = "application.created";
constexpr std::string_view webhook_event_status = "application.status_changed";

constexpr const char* msg_webhook_owner_only = "Nur die Inhaberin oder der Inhaber des Unternehmenskontos kann Webhooks verwalten.";
constexpr const char* msg_webhook_cannot_act =
    "Ihr Unternehmen ist noch nicht freigeschaltet oder gesperrt. Bis dahin können Sie keine Webhooks verwalten.";
constexpr const char* msg_webhook_events_missing = "Bitte wählen Sie mindestens ein Ereignis.";
constexpr const char* msg_webhook_events_unknown =
    "Unbekanntes Ereignis. Möglich sind „application.created“ und „application.status_changed“.";
constexpr const char* msg_webhook_too_many =
    "Ihr Unternehmen hat bereits 10 Webhook-Endpunkte. Bitte entfernen Sie zuerst einen, den Sie nicht mehr brauchen.";
constexpr const char* msg_webhook_unknown = "Diesen Webhook-Endpunkt gibt es nicht.";
constexpr const char* msg_webhook_tests_too_many =
    "Ihr Unternehmen hat in der letzten Minute schon 5 Testereignisse gesendet. Bitte warten Sie einen Moment.";

#define JH_WEBHOOK_COLUMNS "w.id, w.url, array_to_string(w.events, ' '), to_json(w.created_at) #>> '{}', a.email "

// The state a person reads: delivered, failed (out of attempts, refused for good, or its queue
// job dead), retrying (tried, will be tried again at the queue job's run_at), pending (not tried yet).
#define JH_WEBHOOK_DELIVERY_COLUMNS                                                                                        \
    "d.id, d.event_type, d.message_id, to_json(d.created_at) #>> '{}', "                                                   \
    "CASE WHEN d.delivered_at IS NOT NULL THEN 'delivered' "                                                              \
    "     WHEN d.failed_at IS NOT NULL OR q.status = 'dead' THEN 'failed' "                                                 \
    "     WHEN d.attempts > 0 THEN 'retrying' ELSE 'pending' END, "                                                         \
    "d.attempts, d.last_status, d.last_error, "                                                                             \
    "CASE WHEN d.delivered_at IS NULL AND d.failed_at IS NULL AND q.status = 'pending' THEN to_json(q.run_at) #>> '{}' END, " \
    "to_json(d.delivered_at) #>> '{}' "

#define JH_WEBHOOK_DELIVERY_QUEUE_JOIN \
    " LEFT JOIN queue_jobs q ON q.idempotency_key = 'provider-webhook:' || d.id "

webhook_endpoint_view read_webhook(const pg::result_set& r, int i) {
    return webhook_endpoint_view{r.int64(i, 0), std::string(r.text(i, 1)), column_as<std::vector<std::string>>(r, i, 2),
                                 std::string(r.text(i, 3)), column_as<std::optional<std::string>>(r, i, 4)};
}

webhook_delivery_view read_webhook_delivery(const pg::result_set& r, int i) {
    webhook_delivery_view d;
    d.id = r.int64(i, 0);
    d.event_type = std::string(r.text(i, 1));
    d.message_id = std::string(r.text(i, 2));
    d.created_at = std::string(r.text(i, 3));
    d.state = std::string(r.text(i, 4));
    d.attempts = static_cast<int>(r.int64(i, 5));
    if (!r.is_null(i, 6)) d.last_status = r.int64(i, 6);
    d.last_error = column_as<std::optional<std::string>>(r, i, 7);
    d.next_attempt_at = column_as<std::optional<std::string>>(r, i, 8);
    d.delivered_at = column_as<std::optional<std::string>>(r, i, 9);
    return d;
}

// The address and events of a new endpoint by the rules (422 per field); the events without
// duplicates, in their fixed order.
result<std::vector<std::string>> check_new_webhook(const std::string& url, const std::optional<std::vector<std::string>>& events,
                                                   bool allow_loopback) {
    std::vector<violation> bad;
    if (auto parsed = messages::parse_webhook_url(url, allow_loopback); !parsed)
        bad.push_back({"url", std::string(messages::message_of(parsed.error()))});
    std::vector<std::string> chosen;
    auto known = [](const std::string& e) { return e == webhook_event_created || e == webhook_event_status; };
    if (!events || events->empty()) bad.push_back({"events", msg_webhook_events_missing});
    else if (!std::all_of(events->begin(), events->end(), known)) bad.push_back({"events", msg_webhook_events_unknown});
    else
        for (std::string_view e : {webhook_event_created, webhook_event_status})
            if (std::find(events->begin(), events->end(), e) != events->end()) chosen.emplace_back(e);
    if (!bad.empty()) return std::unexpected(app_error::invalid(std::move(bad)));
    return chosen;
}

// The signing secret: `whsec_` and the base64 of 32 random bytes (Standard Webhooks' form).
std::string new_webhook_secret() {
    unsigned char bytes[32];
    randombytes_buf(bytes, sizeof bytes);
    char b64[sodium_base64_ENCODED_LEN(sizeof bytes, sodium_base64_VARIANT_ORIGINAL)];
    sodium_bin2base64(b64, sizeof b64, bytes, sizeof bytes, sodium_base64_VARIANT_ORIGINAL);
    sodium_memzero(bytes, sizeof bytes);
    return "whsec_" + std::string(b64);
}

}  // namespace

task<result<std::vector<webhook_endpoint_view>>> accounts_actor::webhooks_of(const auth::identity& who, std::int64_t org) {
    CO_CHECK(co_await check_owner(loop_, who, org, msg_webhook_owner_only, msg_webhook_cannot_act));
    CO_TRY(auto r, co_await loop_.pg.read("SELECT " JH_WEBHOOK_COLUMNS " FROM organization_webhooks w LEFT JOIN accounts a ON a.id = w.created_by "
                                           " WHERE w.organization_id = $1 AND w.removed_at IS NULL ORDER BY w.created_at DESC, w.id DESC LIMIT $2",
                                           pg::bind(org, webhook_max_active)));
    co_return rows_of(r, read_webhook);
}

task<result<created_webhook_endpoint>> accounts_actor::create_webhook(const auth::identity& who, std::int64_t org, std::string url,
                                                                      std::optional<std::vector<std::string>> events) {
    CO_TRY(auto chosen, check_new_webhook(url, events, loop_.cfg.webhook_allow_loopback_targets));
    CO_CHECK(co_await check_owner(loop_, who, org, msg_webhook_owner_only, msg_webhook_cannot_act));
    const std::string event_list = comma_list(chosen);
    const std::string secret = new_webhook_secret();
    auto insert = [&](pg::transaction& tx) -> task<result<webhook_endpoint_view>> {
        CO_CHECK(co_await lock_below_limit(tx, org, "SELECT count(*) FROM organization_webhooks WHERE organization_id = $1 AND removed_at IS NULL",
                                           webhook_max_active, msg_webhook_too_many));
        CO_TRY(auto r, co_await tx.query(
            "WITH w AS (INSERT INTO organization_webhooks (organization_id, url, events, secret, created_by) "
            "           VALUES ($1, $2, string_to_array($3, ','), $4, $5) RETURNING *) "
            "SELECT " JH_WEBHOOK_COLUMNS " FROM w LEFT JOIN accounts a ON a.id = w.created_by",
            pg::bind(org, url, event_list, secret, who.account_id)));
        CO_CHECK(co_await tx.commit());
        co_return read_webhook(r, 0);
    };
    auto view = co_await pg::in_transaction(loop_.pg, insert);
    if (!view) co_return std::unexpected(std::move(view).error());
    co_return created_webhook_endpoint{std::move(*view), secret};
}

task<result<void>> accounts_actor::remove_webhook(const auth::identity& who, std::int64_t org, std::int64_t webhook) {
    CO_CHECK(co_await check_owner(loop_, who, org, msg_webhook_owner_only, msg_webhook_cannot_act));
    // The row stays until its deliveries age out; its waiting deliveries end when the worker comes
    // to them (no request to a removed endpoint).
    CO_TRY(auto r, co_await loop_.pg.query(
        "UPDATE organization_webhooks SET removed_at = now() WHERE id = $1 AND organization_id = $2 AND removed_at IS NULL RETURNING id",
        pg::bind(webhook, org)));
    if (r.rows() != 1) co_return fail(error_kind::not_found, msg_webhook_unknown);
    co_return result<void>{};
}

task<result<std::vector<webhook_delivery_view>>> accounts_actor::webhook_deliveries(const auth::identity& who, std::int64_t org,
                                                                                     std::int64_t webhook) {
    CO_CHECK(co_await check_owner(loop_, who, org, msg_webhook_owner_only, msg_webhook_cannot_act));
    CO_TRY(auto own, co_await loop_.pg.read(
        "SELECT 1 FROM organization_webhooks WHERE id = $1 AND organization_id = $2 AND removed_at IS NULL", pg::bind(webhook, org)));
    if (own.rows() != 1) co_return fail(error_kind::not_found, msg_webhook_unknown);
    CO_TRY(auto r, co_await loop_.pg.read("SELECT " JH_WEBHOOK_DELIVERY_COLUMNS " FROM organization_webhook_deliveries d " JH_WEBHOOK_DELIVERY_QUEUE_JOIN
                                           " WHERE d.webhook_id = $1 ORDER BY d.created_at DESC, d.id DESC LIMIT $2",
                                           pg::bind(webhook, webhook_max_deliveries_listed)));
    co_return rows_of(r, read_webhook_delivery);
}

task<result<webhook_delivery_view>> accounts_actor::test_webhook(const auth::identity& who, std::int64_t org, std::int64_t webhook) {
    CO_CHECK(co_await check_owner(loop_, who, org, msg_webhook_owner_only, msg_webhook_cannot_act));
    auto queue_test = [&](pg::transaction& tx) -> task<result<webhook_delivery_view>> {
        // The organization's row lock serializes the count of its recent tests with the new one
        // (lock, then count in the next statement, as for the endpoints' cap).
        CO_CHECK(co_await tx.query("SELECT 1 FROM organizations WHERE id = $1 FOR UPDATE", pg::bind(org)));
        CO_TRY(auto own, co_await tx.query(
            "SELECT 1 FROM organization_webhooks WHERE id = $1 AND organization_id = $2 AND removed_at IS NULL", pg::bind(webhook, org)));
        if (own.rows() != 1) co_return fail(error_kind::not_found, msg_webhook_unknown);
        CO_TRY(auto recent, co_await tx.query(
            "SELECT count(*) FROM organization_webhook_deliveries d JOIN organization_webhooks w ON w.id = d.webhook_id "
            " WHERE w.organization_id = $1 AND d.event_type = 'webhook.test' AND d.created_at > now() - interval '1 minute'",
            pg::bind(org)));
        if (recent.int64(0, 0) >= webhook_tests_per_minute) {
            app_error e = app_error::make(error_kind::too_many_requests, msg_webhook_tests_too_many);
            e.retry_after_s = 60;
            co_return std::unexpected(std::move(e));
        }
        CO_TRY(auto queued, co_await tx.query(
            "SELECT jh_provider_webhooks_enqueue($1, 'webhook.test', jsonb_build_object('webhookId', $2::bigint), $2)",
            pg::bind(org, webhook)));
        // Nothing queued: the organization was blocked since the owner's check (the row read next
        // would be an older delivery, or none).
        if (queued.int64(0, 0) != 1) co_return fail(error_kind::forbidden, msg_webhook_cannot_act);
        CO_TRY(auto r, co_await tx.query("SELECT " JH_WEBHOOK_DELIVERY_COLUMNS " FROM organization_webhook_deliveries d " JH_WEBHOOK_DELIVERY_QUEUE_JOIN
                                         " WHERE d.webhook_id = $1 ORDER BY d.id DESC LIMIT 1",
                                         pg::bind(webhook)));
        CO_CHECK(co_await tx.commit());
        co_return read_webhook_delivery(r, 0);
    };
    auto made = co_await pg::in_transaction(loop_.pg, queue_test);
    if (!made) co_return std::unexpected(std::move(made).error());
    job_queue::wake(loop_, messages::queue::provider_webhooks);   // after the commit
    co_return std::move(*made);
}

}  // namespace jh::accounts
