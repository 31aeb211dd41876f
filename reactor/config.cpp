// config.cpp: the reactor's table of settings and the three-layer loader (default file,
// JOBHAFEN_CONFIG file, JOBHAFEN_* environment) that also loads the registered sections. See
// config.h and config_section.h.
#include "reactor/config.h"
#include "reactor/log_line.h"

#include <simdjson.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>
#include <string_view>
#include <thread>
#include <variant>

#include "reactor/forwarded_for.h"
#include "reactor/redis_sentinel.h"
#include "reactor/source_dir.h"

extern char** environ;

namespace jh {
namespace {

using setting = setting_row<config>;

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
    {"redis.outage_grace_ms", &config::redis_outage_grace_ms, 0, 60000},
    {"redis.queue_limit", &config::redis_queue_limit, 1, 100000},
    {"redis.sentinels", &config::redis_sentinels},
    {"redis.sentinel_master", &config::redis_sentinel_master},
    {"redis.sentinel_password", &config::redis_sentinel_password},
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
    {"webhook.allow_loopback_targets", &config::webhook_allow_loopback_targets},
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
    {"auth.api_key_requests_per_minute", &config::auth_api_key_requests_per_minute, 1, 1000000},
    {"contact.limit_per_hour", &config::contact_limit_per_hour, 1, 100000},
    {"contact.inbox", &config::contact_inbox},
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

std::string env_name(std::string_view key) {
    std::string n = "JOBHAFEN_";
    for (char c : key) n += (c == '.') ? '_' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return n;
}

// One key as the loader applies it: its name, its bounds and the field its value goes to.
struct key_ref {
    std::string_view name;
    std::int64_t min = 0;
    std::int64_t max = 0;
    setting_target target;
};

// Every key the configuration may hold, in one list: the reactor's rows above, then the registered
// sections' rows, each pointing at the field its value goes to (a section's field lives in that
// section's values in config::sections). Finding a key, listing the names and checking them read
// this one list.
class known_keys {
public:
    known_keys(config& c, const std::vector<const config_section*>& sections) : config_(c), sections_(sections) {
        // Every section's values first: adding one may move the others, and the keys point into them.
        for (const config_section* section : sections_) config_.sections.slot(section->type, section->defaults);
        for (const auto& s : settings) keys_.push_back({s.key, s.min, s.max, s.target(config_)});
        for (const config_section* section : sections_)
            for (const auto& k : section->keys) keys_.push_back({k.name, k.min, k.max, k.target(values_of(*section))});
    }

    std::optional<key_ref> find(std::string_view key) const {
        for (const auto& k : keys_)
            if (key == k.name) return k;
        return std::nullopt;
    }

    std::vector<std::string_view> names() const {
        std::vector<std::string_view> out;
        for (const auto& k : keys_) out.emplace_back(k.name);
        return out;
    }

    // Two rows for one key would make the value land in one of them silently.
    std::expected<void, std::string> check_each_declared_once() const {
        std::vector<std::string_view> all = names();
        std::sort(all.begin(), all.end());
        if (auto twice = std::adjacent_find(all.begin(), all.end()); twice != all.end())
            return std::unexpected("config key '" + std::string(*twice) + "' is declared twice");
        return {};
    }

    // The checks the sections' rows cannot state, once every layer is applied.
    std::expected<void, std::string> check_sections() const {
        for (const config_section* section : sections_)
            if (section->check)
                if (auto r = section->check(values_of(*section)); !r) return r;
        return {};
    }

private:
    std::any& values_of(const config_section& section) const {
        return config_.sections.slot(section.type, section.defaults);
    }

    config& config_;
    const std::vector<const config_section*>& sections_;
    std::vector<key_ref> keys_;
};

std::expected<void, std::string> check_range(const key_ref& k, std::int64_t v) {
    if (v < k.min || v > k.max)
        return std::unexpected(std::string(k.name) + ": " + std::to_string(v) + " is outside " +
                               std::to_string(k.min) + ".." + std::to_string(k.max));
    return {};
}

template <class T>
constexpr bool is_number = std::is_same_v<T, int*> || std::is_same_v<T, std::int64_t*>;

// Applies a value given as text (environment variables).
std::expected<void, std::string> apply_text(const key_ref& k, std::string_view text) {
    auto parse_int = [&](std::int64_t& out) -> std::expected<void, std::string> {
        auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
        if (ec != std::errc{} || p != text.data() + text.size())
            return std::unexpected(std::string(k.name) + ": '" + std::string(text) + "' is not a whole number");
        return check_range(k, out);
    };
    return std::visit(
        [&](auto field) -> std::expected<void, std::string> {
            using F = decltype(field);
            if constexpr (is_number<F>) {
                std::int64_t v = 0;
                if (auto r = parse_int(v); !r) return r;
                *field = static_cast<std::remove_pointer_t<F>>(v);
            } else if constexpr (std::is_same_v<F, bool*>) {
                if (text == "true" || text == "1") *field = true;
                else if (text == "false" || text == "0") *field = false;
                else return std::unexpected(std::string(k.name) + ": '" + std::string(text) + "' is not true or false");
            } else if constexpr (std::is_same_v<F, std::string*>) {
                *field = std::string(text);
            } else {
                std::vector<std::string> items;
                std::string item;
                std::istringstream in{std::string(text)};
                while (std::getline(in, item, ','))
                    if (!item.empty()) items.push_back(item);
                *field = std::move(items);
            }
            return {};
        },
        k.target);
}

std::expected<void, std::string> apply_json(const key_ref& k, simdjson::dom::element v) {
    return std::visit(
        [&](auto field) -> std::expected<void, std::string> {
            using F = decltype(field);
            if constexpr (is_number<F>) {
                std::int64_t n = 0;
                if (v.get_int64().get(n)) return std::unexpected(std::string(k.name) + ": must be a whole number");
                if (auto r = check_range(k, n); !r) return r;
                *field = static_cast<std::remove_pointer_t<F>>(n);
            } else if constexpr (std::is_same_v<F, bool*>) {
                bool b = false;
                if (v.get_bool().get(b)) return std::unexpected(std::string(k.name) + ": must be true or false");
                *field = b;
            } else if constexpr (std::is_same_v<F, std::string*>) {
                std::string_view sv;
                if (v.get_string().get(sv)) return std::unexpected(std::string(k.name) + ": must be a string");
                *field = std::string(sv);
            } else {
                simdjson::dom::array arr;
                if (v.get_array().get(arr)) return std::unexpected(std::string(k.name) + ": must be a list of strings");
                std::vector<std::string> items;
                for (auto e : arr) {
                    std::string_view sv;
                    if (e.get_string().get(sv)) return std::unexpected(std::string(k.name) + ": must be a list of strings");
                    items.emplace_back(sv);
                }
                *field = std::move(items);
            }
            return {};
        },
        k.target);
}

// One key of a file: unknown keys stop the start, a bad value names the key and the file.
std::expected<void, std::string> apply_file_key(const known_keys& keys, const std::string& key, simdjson::dom::element v,
                                                const std::string& path) {
    auto k = keys.find(key);
    if (!k) return std::unexpected("unknown config key '" + key + "' in " + path);
    if (auto r = apply_json(*k, v); !r) return std::unexpected(r.error() + " (in " + path + ")");
    return {};
}

// Walks a JSON object of sections ({"http": {"port": 8080}}) and top-level keys ("var_dir").
std::expected<void, std::string> apply_file(const known_keys& keys, const std::string& path, bool must_exist) {
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
            for (auto [name, v] : inner)
                if (auto r = apply_file_key(keys, std::string(section) + "." + std::string(name), v, path); !r) return r;
        } else {
            if (auto r = apply_file_key(keys, std::string(section), value, path); !r) return r;
        }
    }
    return {};
}

// The key an environment variable sets: an alias, else JOBHAFEN_ + the key in upper case.
std::optional<key_ref> key_of_variable(const known_keys& keys, std::string_view name) {
    for (const auto& a : aliases)
        if (name == a.env) return keys.find(a.key);
    for (std::string_view key : keys.names())
        if (name == env_name(key)) return keys.find(key);
    return std::nullopt;
}

std::expected<void, std::string> apply_environment(const known_keys& keys) {
    for (char** e = environ; e && *e; ++e) {
        std::string_view entry(*e);
        if (!entry.starts_with("JOBHAFEN_")) continue;
        auto eq = entry.find('=');
        std::string_view name = entry.substr(0, eq);
        std::string_view value = eq == std::string_view::npos ? std::string_view{} : entry.substr(eq + 1);
        if (name == "JOBHAFEN_CONFIG" || name.starts_with("JOBHAFEN_TEST_")) continue;
        auto k = key_of_variable(keys, name);
        if (!k) return std::unexpected("unknown environment variable " + std::string(name));
        if (auto r = apply_text(*k, value); !r) return std::unexpected(r.error() + " (from " + std::string(name) + ")");
    }
    return {};
}

// What the rows cannot state about the reactor's own values.
std::expected<void, std::string> check_reactor_values(const config& c) {
    if (!parse_log_format(c.log_format)) return std::unexpected("log.format: must be \"text\" or \"json\"");
    if (auto r = trusted_proxies::parse(c.http_trusted_proxies); !r) return std::unexpected("http.trusted_proxies: " + r.error());
    for (const auto& s : c.redis_sentinels)
        if (auto r = redis::parse_sentinel_address(s); !r) return std::unexpected("redis.sentinels: " + r.error());
    return {};
}

}  // namespace

std::expected<config, std::string> load_config(const std::vector<const config_section*>& sections) {
    config c;
    known_keys keys(c, sections);
    if (auto r = keys.check_each_declared_once(); !r) return std::unexpected(r.error());
    std::string defaults = source_path("config/default.json");
    if (auto r = apply_file(keys, defaults, false); !r) return std::unexpected(r.error());
    if (const char* extra = std::getenv("JOBHAFEN_CONFIG"); extra && *extra)
        if (auto r = apply_file(keys, extra, true); !r) return std::unexpected(r.error());
    if (auto r = apply_environment(keys); !r) return std::unexpected(r.error());
    if (auto r = check_reactor_values(c); !r) return std::unexpected(r.error());
    if (auto r = keys.check_sections(); !r) return std::unexpected(r.error());
    return c;
}

int resolved_threads(const config& c) {
    if (c.http_threads > 0) return c.http_threads;
    unsigned n = std::thread::hardware_concurrency();
    return n == 0 ? 1 : static_cast<int>(n);
}

}  // namespace jh
