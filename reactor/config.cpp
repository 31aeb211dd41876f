// config.cpp: the table of settings and the three-layer loader (default file, JOBHAFEN_CONFIG
// file, JOBHAFEN_* environment). See config.h.
#include "reactor/config.h"
#include "reactor/log_line.h"

#include <simdjson.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string_view>
#include <thread>
#include <variant>

#include "reactor/forwarded_for.h"
#include "reactor/per_year.h"
#include "reactor/redis_sentinel.h"
#include "reactor/source_dir.h"

extern char** environ;

namespace jh {
namespace {

using int_field = int config::*;
using int64_field = std::int64_t config::*;
using bool_field = bool config::*;
using string_field = std::string config::*;
using list_field = std::vector<std::string> config::*;

struct setting {
    const char* key;
    std::variant<int_field, int64_field, bool_field, string_field, list_field> target;
    std::int64_t min = 0;
    std::int64_t max = 0;
};

// One row per setting. Numbers are checked against [min, max].
const setting settings[] = {
    {"http.bind", &config::http_bind},
    {"http.port", &config::http_port, 1, 65535},
    {"http.threads", &config::http_threads, 0, 256},
    {"http.web_root", &config::http_web_root},
    {"http.max_body_bytes", &config::http_max_body_bytes, 1024, 1LL << 32},
    {"http.header_timeout_ms", &config::http_header_timeout_ms, 100, 600000},
    {"http.idle_timeout_ms", &config::http_idle_timeout_ms, 100, 3600000},
    {"http.metrics_allow", &config::http_metrics_allow},
    {"http.trusted_proxies", &config::http_trusted_proxies},
    {"http.public_origin", &config::http_public_origin},
    {"http.shutdown_timeout_ms", &config::http_shutdown_timeout_ms, 100, 600000},
    {"http.body_min_bytes_per_s", &config::http_body_min_bytes_per_s, 0, 1 << 30},
    {"http.body_rate_window_ms", &config::http_body_rate_window_ms, 100, 600000},
    {"http.body_timeout_ms", &config::http_body_timeout_ms, 1000, 86400000},
    {"http.max_connections", &config::http_max_connections, 0, 1000000},
    {"http.max_connections_per_client", &config::http_max_connections_per_client, 0, 1000000},
    {"http.max_json_string_chars", &config::http_max_json_string_chars, 100, 100000000},
    {"http.max_query_params", &config::http_max_query_params, 1, 10000},
    {"http.max_query_value_chars", &config::http_max_query_value_chars, 16, 1000000},
    {"database.url", &config::database_url},
    {"database.pool_size", &config::database_pool_size, 1, 64},
    {"database.queue_limit", &config::database_queue_limit, 1, 100000},
    {"database.query_timeout_ms", &config::database_query_timeout_ms, 10, 600000},
    {"database.outage_grace_ms", &config::database_outage_grace_ms, 0, 60000},
    {"database.migrate_on_serve", &config::database_migrate_on_serve},
    {"database.replica", &config::database_replica},
    {"database.replica_pool_size", &config::database_replica_pool_size, 1, 64},
    {"database.replica_max_lag_ms", &config::database_replica_max_lag_ms, 0, 3600000},
    {"redis.url", &config::redis_url},
    {"redis.connect_timeout_ms", &config::redis_connect_timeout_ms, 10, 60000},
    {"redis.command_timeout_ms", &config::redis_command_timeout_ms, 10, 60000},
    {"redis.sentinels", &config::redis_sentinels},
    {"redis.sentinel_master", &config::redis_sentinel_master},
    {"zmq.publish_endpoint", &config::zmq_publish_endpoint},
    {"zmq.request_endpoint", &config::zmq_request_endpoint},
    {"log.level", &config::log_level},
    {"log.access", &config::log_access},
    {"log.file", &config::log_file},
    {"log.format", &config::log_format},
    {"var_dir", &config::var_dir},
    {"diagnostics.enabled", &config::diagnostics_enabled},
    {"queue.max_attempts", &config::queue_max_attempts, 1, 100},
    {"queue.lease_ms", &config::queue_lease_ms, 100, 86400000},
    {"queue.backoff_base_ms", &config::queue_backoff_base_ms, 10, 86400000},
    {"queue.backoff_max_ms", &config::queue_backoff_max_ms, 10, 604800000},
    {"queue.poll_interval_ms", &config::queue_poll_interval_ms, 50, 600000},
    {"queue.batch_size", &config::queue_batch_size, 1, 10000},
    {"queue.done_retention_hours", &config::queue_done_retention_hours, 1, 87600},
    {"queue.dead_retention_days", &config::queue_dead_retention_days, 1, 3650},
    {"smtp.url", &config::smtp_url},
    {"smtp.starttls", &config::smtp_starttls},
    {"smtp.user", &config::smtp_user},
    {"smtp.password", &config::smtp_password},
    {"smtp.from", &config::smtp_from},
    {"smtp.timeout_ms", &config::smtp_timeout_ms, 100, 600000},
    {"mail.message_id_domain", &config::mail_message_id_domain},
    {"mail.templates_dir", &config::mail_templates_dir},
    {"webhook.url", &config::webhook_url},
    {"webhook.timeout_ms", &config::webhook_timeout_ms, 100, 600000},
    {"webhook.batch", &config::webhook_batch},
    {"tracking.internal_ips", &config::tracking_internal_ips},
    {"tracking.max_event_bytes", &config::tracking_max_event_bytes, 256, 65536},
    {"tracking.limit_per_visitor_per_minute", &config::tracking_limit_per_visitor_per_minute, 1, 1000000},
    {"tracking.limit_per_ip_per_minute", &config::tracking_limit_per_ip_per_minute, 1, 1000000},
    {"tracking.retention_days", &config::tracking_retention_days, 1, 3650},
    {"auth.secret", &config::auth_secret},
    {"auth.access_token_ttl_s", &config::auth_access_token_ttl_s, 1, 86400},
    {"auth.refresh_token_ttl_s", &config::auth_refresh_token_ttl_s, 1, 31536000},
    {"auth.cookie_max_age_s", &config::auth_cookie_max_age_s, 60, 31536000},
    {"auth.argon2_opslimit", &config::auth_argon2_opslimit, 1, 20},
    {"auth.argon2_memlimit_kib", &config::auth_argon2_memlimit_kib, 8, 1048576},
    {"auth.hash_concurrency", &config::auth_hash_concurrency, 1, 64},
    {"auth.hash_queue_limit", &config::auth_hash_queue_limit, 0, 100000},
    {"auth.login_fail_limit_account", &config::auth_login_fail_limit_account, 1, 100000},
    {"auth.login_fail_limit_address", &config::auth_login_fail_limit_address, 1, 1000000},
    {"auth.login_fail_window_s", &config::auth_login_fail_window_s, 1, 86400},
    {"auth.email_check_limit_per_minute", &config::auth_email_check_limit_per_minute, 1, 1000000},
    {"auth.verify_email_ttl_s", &config::auth_verify_email_ttl_s, 60, 2592000},
    {"auth.password_reset_ttl_s", &config::auth_password_reset_ttl_s, 60, 2592000},
    {"auth.set_password_ttl_s", &config::auth_set_password_ttl_s, 60, 2592000},
    {"auth.change_email_ttl_s", &config::auth_change_email_ttl_s, 60, 2592000},
    {"auth.mail_resend_s", &config::auth_mail_resend_s, 0, 86400},
    {"auth.login_delay_base_s", &config::auth_login_delay_base_s, 1, 3600},
    {"auth.login_delay_max_s", &config::auth_login_delay_max_s, 1, 86400},
    {"auth.undo_email_change_ttl_s", &config::auth_undo_email_change_ttl_s, 60, 2592000},
    {"auth.mails_per_address_per_hour", &config::auth_mails_per_address_per_hour, 1, 100000},
    {"auth.registrations_per_client_per_hour", &config::auth_registrations_per_client_per_hour, 1, 1000000},
    {"oauth_apple.client_id", &config::oauth_apple_client_id},
    {"oauth_apple.client_secret", &config::oauth_apple_client_secret},
    {"oauth_apple.authorize_url", &config::oauth_apple_authorize_url},
    {"oauth_apple.token_url", &config::oauth_apple_token_url},
    {"oauth_apple.userinfo_url", &config::oauth_apple_userinfo_url},
    {"oauth_apple.issuer", &config::oauth_apple_issuer},
    {"oauth_facebook.client_id", &config::oauth_facebook_client_id},
    {"oauth_facebook.client_secret", &config::oauth_facebook_client_secret},
    {"oauth_facebook.authorize_url", &config::oauth_facebook_authorize_url},
    {"oauth_facebook.token_url", &config::oauth_facebook_token_url},
    {"oauth_facebook.userinfo_url", &config::oauth_facebook_userinfo_url},
    {"oauth_facebook.issuer", &config::oauth_facebook_issuer},
    {"oauth_google.client_id", &config::oauth_google_client_id},
    {"oauth_google.client_secret", &config::oauth_google_client_secret},
    {"oauth_google.authorize_url", &config::oauth_google_authorize_url},
    {"oauth_google.token_url", &config::oauth_google_token_url},
    {"oauth_google.userinfo_url", &config::oauth_google_userinfo_url},
    {"oauth_google.issuer", &config::oauth_google_issuer},
    {"oauth_microsoft.client_id", &config::oauth_microsoft_client_id},
    {"oauth_microsoft.client_secret", &config::oauth_microsoft_client_secret},
    {"oauth_microsoft.authorize_url", &config::oauth_microsoft_authorize_url},
    {"oauth_microsoft.token_url", &config::oauth_microsoft_token_url},
    {"oauth_microsoft.userinfo_url", &config::oauth_microsoft_userinfo_url},
    {"oauth_microsoft.issuer", &config::oauth_microsoft_issuer},
    {"oauth.timeout_ms", &config::oauth_timeout_ms, 100, 120000},
    {"billing.url", &config::billing_url},
    {"billing.api_key", &config::billing_api_key},
    {"billing.timeout_ms", &config::billing_timeout_ms, 100, 120000},
    {"contact.limit_per_hour", &config::contact_limit_per_hour, 1, 100000},
    {"applications.status_mail_delay_s", &config::applications_status_mail_delay_s, 0, 86400},
    {"contact.inbox", &config::contact_inbox},
    {"alerts.tick_ms", &config::alerts_tick_ms, 100, 86400000},
    {"search.index", &config::search_index},
    {"search.index_cards", &config::search_index_cards, 0, 10000000},
    {"alerts.batch", &config::alerts_batch, 1, 1000000},
    {"content.xhr_cache_api_key", &config::content_xhr_cache_api_key},
    {"content.special_offer_job_id", &config::content_special_offer_job_id, 0, 1LL << 62},
    // Lists of "YEAR=VALUE"; the bounds of each value are checked by load_config (per_year_limits).
    {"work_limits.minijob_month_eur", &config::work_limits_minijob_month_eur},
    {"work_limits.short_term_days", &config::work_limits_short_term_days},
    {"work_limits.student_week_hours", &config::work_limits_student_week_hours},
};

// The per-year settings and the bounds of their values (reactor/per_year.h).
struct per_year_setting {
    const char* key;
    list_field target;
    std::int64_t min, max;
};
const per_year_setting per_year_limits[] = {
    {"work_limits.minijob_month_eur", &config::work_limits_minijob_month_eur, 1, 100000},
    {"work_limits.short_term_days", &config::work_limits_short_term_days, 1, 366},
    {"work_limits.student_week_hours", &config::work_limits_student_week_hours, 1, 168},
};

// Short environment names kept for convenience; every other key is JOBHAFEN_ + key with dots as
// underscores, upper case (http.port → JOBHAFEN_HTTP_PORT).
struct alias {
    const char* env;
    const char* key;
};
const alias aliases[] = {
    {"JOBHAFEN_THREADS", "http.threads"},
    {"JOBHAFEN_WEB_ROOT", "http.web_root"},
    {"JOBHAFEN_VAR_DIR", "var_dir"},
};

const setting* find_setting(std::string_view key) {
    for (const auto& s : settings)
        if (key == s.key) return &s;
    return nullptr;
}

std::string env_name(std::string_view key) {
    std::string n = "JOBHAFEN_";
    for (char c : key) n += (c == '.') ? '_' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return n;
}

std::expected<void, std::string> check_range(const setting& s, std::int64_t v) {
    if (v < s.min || v > s.max)
        return std::unexpected(std::string(s.key) + ": " + std::to_string(v) + " is outside " +
                               std::to_string(s.min) + ".." + std::to_string(s.max));
    return {};
}

// Applies a value given as text (environment variables).
std::expected<void, std::string> apply_text(config& c, const setting& s, std::string_view text) {
    auto parse_int = [&](std::int64_t& out) -> std::expected<void, std::string> {
        auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
        if (ec != std::errc{} || p != text.data() + text.size())
            return std::unexpected(std::string(s.key) + ": '" + std::string(text) + "' is not a whole number");
        return check_range(s, out);
    };
    return std::visit(
        [&](auto field) -> std::expected<void, std::string> {
            using F = decltype(field);
            if constexpr (std::is_same_v<F, int_field> || std::is_same_v<F, int64_field>) {
                std::int64_t v = 0;
                if (auto r = parse_int(v); !r) return r;
                c.*field = static_cast<std::remove_reference_t<decltype(c.*field)>>(v);
            } else if constexpr (std::is_same_v<F, bool_field>) {
                if (text == "true" || text == "1") c.*field = true;
                else if (text == "false" || text == "0") c.*field = false;
                else return std::unexpected(std::string(s.key) + ": '" + std::string(text) + "' is not true or false");
            } else if constexpr (std::is_same_v<F, string_field>) {
                c.*field = std::string(text);
            } else {
                std::vector<std::string> items;
                std::string item;
                std::istringstream in{std::string(text)};
                while (std::getline(in, item, ','))
                    if (!item.empty()) items.push_back(item);
                c.*field = std::move(items);
            }
            return {};
        },
        s.target);
}

std::expected<void, std::string> apply_json(config& c, const setting& s, simdjson::dom::element v) {
    return std::visit(
        [&](auto field) -> std::expected<void, std::string> {
            using F = decltype(field);
            if constexpr (std::is_same_v<F, int_field> || std::is_same_v<F, int64_field>) {
                std::int64_t n = 0;
                if (v.get_int64().get(n)) return std::unexpected(std::string(s.key) + ": must be a whole number");
                if (auto r = check_range(s, n); !r) return r;
                c.*field = static_cast<std::remove_reference_t<decltype(c.*field)>>(n);
            } else if constexpr (std::is_same_v<F, bool_field>) {
                bool b = false;
                if (v.get_bool().get(b)) return std::unexpected(std::string(s.key) + ": must be true or false");
                c.*field = b;
            } else if constexpr (std::is_same_v<F, string_field>) {
                std::string_view sv;
                if (v.get_string().get(sv)) return std::unexpected(std::string(s.key) + ": must be a string");
                c.*field = std::string(sv);
            } else {
                simdjson::dom::array arr;
                if (v.get_array().get(arr)) return std::unexpected(std::string(s.key) + ": must be a list of strings");
                std::vector<std::string> items;
                for (auto e : arr) {
                    std::string_view sv;
                    if (e.get_string().get(sv)) return std::unexpected(std::string(s.key) + ": must be a list of strings");
                    items.emplace_back(sv);
                }
                c.*field = std::move(items);
            }
            return {};
        },
        s.target);
}

// Walks a JSON object of sections ({"http": {"port": 8080}}) and top-level keys ("var_dir").
std::expected<void, std::string> apply_file(config& c, const std::string& path, bool must_exist) {
    std::ifstream f(path, std::ios::binary);
    if (!f) {
        if (!must_exist) return {};
        return std::unexpected("config file " + path + " cannot be read");
    }
    std::stringstream buf;
    buf << f.rdbuf();
    simdjson::dom::parser parser;
    simdjson::dom::element root;
    if (auto err = parser.parse(buf.str()).get(root))
        return std::unexpected("config file " + path + " is not valid JSON: " + simdjson::error_message(err));
    simdjson::dom::object top;
    if (root.get_object().get(top)) return std::unexpected("config file " + path + " must hold a JSON object");
    for (auto [section, value] : top) {
        simdjson::dom::object inner;
        if (value.get_object().get(inner) == simdjson::SUCCESS) {
            for (auto [name, v] : inner) {
                std::string key = std::string(section) + "." + std::string(name);
                const setting* s = find_setting(key);
                if (!s) return std::unexpected("unknown config key '" + key + "' in " + path);
                if (auto r = apply_json(c, *s, v); !r) return std::unexpected(r.error() + " (in " + path + ")");
            }
        } else {
            const setting* s = find_setting(section);
            if (!s) return std::unexpected("unknown config key '" + std::string(section) + "' in " + path);
            if (auto r = apply_json(c, *s, value); !r) return std::unexpected(r.error() + " (in " + path + ")");
        }
    }
    return {};
}

std::expected<void, std::string> apply_environment(config& c) {
    for (char** e = environ; e && *e; ++e) {
        std::string_view entry(*e);
        if (!entry.starts_with("JOBHAFEN_")) continue;
        auto eq = entry.find('=');
        std::string_view name = entry.substr(0, eq);
        std::string_view value = eq == std::string_view::npos ? std::string_view{} : entry.substr(eq + 1);
        if (name == "JOBHAFEN_CONFIG" || name.starts_with("JOBHAFEN_TEST_")) continue;
        const setting* found = nullptr;
        for (const auto& a : aliases)
            if (name == a.env) found = find_setting(a.key);
        for (const auto& s : settings)
            if (!found && name == env_name(s.key)) found = &s;
        if (!found) return std::unexpected("unknown environment variable " + std::string(name));
        if (auto r = apply_text(c, *found, value); !r) return std::unexpected(r.error() + " (from " + std::string(name) + ")");
    }
    return {};
}

}  // namespace

std::expected<config, std::string> load_config() {
    config c;
    std::string defaults = source_path("config/default.json");
    if (auto r = apply_file(c, defaults, false); !r) return std::unexpected(r.error());
    if (const char* extra = std::getenv("JOBHAFEN_CONFIG"); extra && *extra)
        if (auto r = apply_file(c, extra, true); !r) return std::unexpected(r.error());
    if (auto r = apply_environment(c); !r) return std::unexpected(r.error());
    if (!parse_log_format(c.log_format)) return std::unexpected("log.format: must be \"text\" or \"json\"");
    if (auto r = trusted_proxies::parse(c.http_trusted_proxies); !r) return std::unexpected("http.trusted_proxies: " + r.error());
    for (const auto& s : c.redis_sentinels)
        if (auto r = redis::parse_sentinel_address(s); !r) return std::unexpected("redis.sentinels: " + r.error());
    for (const auto& p : per_year_limits)
        if (auto r = parse_per_year(c.*p.target, p.min, p.max); !r) return std::unexpected(std::string(p.key) + ": " + r.error());
    return c;
}

int resolved_threads(const config& c) {
    if (c.http_threads > 0) return c.http_threads;
    unsigned n = std::thread::hardware_concurrency();
    return n == 0 ? 1 : static_cast<int>(n);
}

}  // namespace jh
