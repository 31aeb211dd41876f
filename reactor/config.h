// config.h: the reactor's settings (HTTP, database, Redis, queue, mail, auth, ...), declared once,
// and the sections the domains register (reactor/config_section.h).
//
// Values come from config/default.json, then the file named by JOBHAFEN_CONFIG, then JOBHAFEN_*
// environment variables (JOBHAFEN_HTTP_PORT sets "http.port"). Each key is one row of the table in
// config.cpp or of a registered section, with its type and bounds; an unknown key or a bad value
// stops the start with a message naming the key. Production secrets live only in the
// JOBHAFEN_CONFIG file or the environment, never in the repository.
#pragma once

#include <cstdint>
#include <expected>
#include <string>
#include <vector>

#include "reactor/config_section.h"

namespace jh {

struct config {
    // http
    std::string http_bind = "0.0.0.0";
    int http_port = 8080;
    int http_threads = 0;                  // 0: one per core
    std::string http_web_root = "web/dist";
    std::int64_t http_max_body_bytes = 1 << 20;
    int http_header_timeout_ms = 10000;    // request line + headers must arrive within this
    int http_idle_timeout_ms = 60000;      // idle keep-alive connections are closed after this
    std::vector<std::string> http_metrics_allow = {"127.0.0.1", "::1"};
    std::string http_public_origin = "http://localhost:8080";
    int http_shutdown_timeout_ms = 10000;
    // Slow bodies: after each window (the first is the grace period) the body must have brought at
    // least min_bytes_per_s × window; the whole body must arrive within body_timeout_ms. Else 408.
    int http_body_min_bytes_per_s = 500;   // 0: no floor
    int http_body_rate_window_ms = 10000;
    int http_body_timeout_ms = 1800000;    // 30 minutes: a 100 MiB video at about 0.5 Mbit/s
    // Open connections in all and per client (IPv4 address or IPv6 /64); beyond them 503. 0: no limit.
    int http_max_connections = 4096;
    int http_max_connections_per_client = 128;
    int http_max_json_string_chars = 50000;   // every string in a JSON body (reactor/json_body.h) → 422
    int http_max_query_params = 100;          // query-string parameters of one request → 400
    int http_max_query_value_chars = 2000;    // characters of one query-string value → 400
    // Proxies whose X-Forwarded-For is believed (addresses or CIDRs, e.g. "10.0.0.0/8"); the client
    // is the right-most address in it that is not one of them. Empty: the header is ignored.
    std::vector<std::string> http_trusted_proxies;

    // database
    std::string database_url = "postgresql://postgres@127.0.0.1:55432/jobhafen";
    int database_pool_size = 4;            // connections per loop
    int database_queue_limit = 512;        // waiting queries per loop before 503
    int database_query_timeout_ms = 5000;
    // How long queries wait for the primary to come back when every connection is down (a
    // failover or switchover takes 3–10 s behind HAProxy) before they fail at once; 0: at once.
    int database_outage_grace_ms = 8000;
    bool database_migrate_on_serve = true;
    // A streaming replica for public reads (reactor/pg_replica.h); empty: none, every read goes to
    // the primary. While it is down or lags more than replica_max_lag_ms, reads go to the primary.
    std::string database_replica;
    int database_replica_pool_size = 2;    // connections per loop
    int database_replica_max_lag_ms = 5000;

    // redis
    std::string redis_url = "redis://127.0.0.1:56379";
    int redis_connect_timeout_ms = 1000;
    int redis_command_timeout_ms = 1000;
    // How long commands wait for Redis to come back (a Sentinel failover takes a few seconds)
    // before they fail at once; 0: at once. Counted from the outage's start, not per command.
    int redis_outage_grace_ms = 6000;
    int redis_queue_limit = 512;           // commands per loop waiting for the connection before 503
    // Redis through Sentinel: when sentinels are listed ("host:port"), redis.url gives only the
    // password and database; the primary's address is asked of a Sentinel on every connect.
    std::vector<std::string> redis_sentinels;
    std::string redis_sentinel_master = "mymaster";
    // The Sentinels' own password (their requirepass), sent as AUTH before asking; empty: none.
    // The Redis servers' password is the one in redis.url.
    std::string redis_sentinel_password;

    // zeromq
    std::string zmq_publish_endpoint = "tcp://127.0.0.1:55571";  // workers subscribe here for wake-ups
    std::string zmq_request_endpoint = "tcp://127.0.0.1:55572";  // workers answer requests (sedcard)

    // log
    std::string log_level = "info";
    bool log_access = true;
    std::string log_file;                  // empty: standard error
    std::string log_format = "text";       // "text" for people, "json" for a log shipper (reactor/log_line.h)

    // paths
    std::string var_dir = "var";

    // diagnostics: /api/diagnostics/* (echo a JSON body, wait a given time) for tests and benches.
    // Off unless switched on; never needed in production.
    bool diagnostics_enabled = false;

    // queue: the worker processes (`jobhafen worker KIND`, workers/; docs/queue.md)
    int queue_max_attempts = 8;            // then the job is dead, with its last error
    int queue_lease_ms = 60000;            // a claimed job is taken again after this if its worker died
    int queue_backoff_base_ms = 5000;      // retry n waits about base * 2^(n-1), with jitter
    int queue_backoff_max_ms = 3600000;
    int queue_poll_interval_ms = 3000;     // idle workers look at the table this often anyway
    int queue_batch_size = 100;            // jobs claimed at once (kinds that allow batches)
    int queue_done_retention_hours = 168;  // finished rows are purged after this
    int queue_dead_retention_days = 30;    // dead rows (kept for `jobhafen admin jobs --dead`) are purged after this

    // mail (the `mail` worker)
    std::string smtp_url;                  // smtp://host:port; empty: write var/mail/<key>.eml
    bool smtp_starttls = false;            // require STARTTLS (CURLOPT_USE_SSL)
    std::string smtp_user;
    std::string smtp_password;
    std::string smtp_from = "Jobhafen <noreply@jobhafen.local>";
    int smtp_timeout_ms = 30000;
    std::string mail_message_id_domain = "jobhafen.local";   // Message-ID: <KEY@domain>
    std::string mail_templates_dir = "workers/mail/templates";

    // webhooks (the `webhooks` worker forwards tracking events)
    std::string webhook_url;               // empty: jobs complete without a request
    int webhook_timeout_ms = 5000;
    bool webhook_batch = false;            // POST several events as one JSON array
    // Provider webhooks (docs/reach.md "Webhooks"): true lets an endpoint be http://127.0.0.1 and
    // the worker send to loopback. Only the tests set it; never in production (SSRF).
    bool webhook_allow_loopback_targets = false;

    // tracking intake (POST /api/webhook/{event})
    std::vector<std::string> tracking_internal_ips;   // requests from these are not tracked
    int tracking_max_event_bytes = 8192;              // one event's body → 413
    int tracking_limit_per_visitor_per_minute = 120;  // events per pb_visitor_id → 429
    int tracking_limit_per_ip_per_minute = 600;       // events per client address → 429
    int tracking_retention_days = 90;                 // stored events are purged after this (webhooks worker)

    // auth: tokens, passwords, login throttling (reactor/auth.h, actors/accounts/, docs/accounts.md)
    std::string auth_secret;               // HMAC key of access tokens, at least 32 characters; empty:
                                           // a random key per process (development only; warned)
    int auth_access_token_ttl_s = 900;
    int auth_refresh_token_ttl_s = 2592000;        // 30 days
    int auth_cookie_max_age_s = 2592000;           // auth_token / auth_refresh_token cookies
    int auth_argon2_opslimit = 2;                  // argon2id t (passes)
    int auth_argon2_memlimit_kib = 19456;          // argon2id m (19 MiB)
    int auth_hash_concurrency = 2;                 // argon2 jobs at once per loop (libuv thread pool)
    int auth_hash_queue_limit = 256;               // waiting argon2 jobs per loop before 503
    int auth_login_fail_limit_account = 10;        // failed logins per account within the window → 429
    int auth_login_fail_limit_address = 50;        // failed logins per client address within the window
    int auth_login_fail_window_s = 900;
    int auth_email_check_limit_per_minute = 30;    // email checks and reset requests per address and minute
    int auth_verify_email_ttl_s = 172800;          // verification link: 48 h
    int auth_password_reset_ttl_s = 3600;          // reset link: 1 h
    int auth_set_password_ttl_s = 604800;          // first-password link (register_without_password): 7 days
    int auth_change_email_ttl_s = 86400;           // new-address confirmation link: 24 h
    int auth_mail_resend_s = 300;                  // "already sent" window for those mails
    int auth_login_delay_base_s = 2;               // first wait after the free login failures; doubles per failure
    int auth_login_delay_max_s = 900;              // the longest wait between two login attempts
    int auth_undo_email_change_ttl_s = 604800;     // the undo link mailed to the old address: 7 days
    int auth_mails_per_address_per_hour = 6;       // account mails (and contact mails) to one address
    int auth_registrations_per_client_per_hour = 20;   // candidate and provider registrations per client address
    int auth_api_key_requests_per_minute = 120;    // requests per organization API key and minute (actors/api_scopes.h)

    // contact requests (actors/contact/); kept here until the route policies' rate-limit classes
    // have settled (issue 31).
    int contact_limit_per_hour = 5;                // contact requests and forms per sender address and hour
    std::string contact_inbox = "kontakt@jobhafen.local";   // where general and project requests go

    // The domains' own sections, declared in their folders and registered by app/
    // (reactor/config_section.h); read them with section<T>(cfg) below.
    section_values sections;
};

// Loads the configuration as described above. `sections` are the domains' settings sections that
// app/ registers (app/config_sections.h); their keys are known keys, every other one stops the start.
std::expected<config, std::string> load_config(const std::vector<const config_section*>& sections);

// A domain's loaded settings; the struct's defaults when its section was never loaded (a config a
// test built by hand).
template <class S>
const S& section(const config& c) {
    if (const S* loaded = c.sections.find<S>()) return *loaded;
    static const S defaults{};
    return defaults;
}

// A domain's settings for changing them, in a config built by hand (tests, fuzz targets).
template <class S>
S& edit_section(config& c) {
    return c.sections.edit<S>();
}

// The number of loop threads after resolving 0 to the number of cores.
int resolved_threads(const config& c);

}  // namespace jh
