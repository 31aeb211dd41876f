// tracking_actor.cpp: see tracking_actor.h.
#include "actors/tracking/tracking_actor.h"

#include <arpa/inet.h>
#include <simdjson.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <ctime>

#include "actors/crawlers.h"
#include "messages/queue.h"
#include "messages/webhook_event.h"
#include "reactor/auth.h"
#include "reactor/config.h"
#include "reactor/job_queue.h"
#include "reactor/json_writer.h"
#include "reactor/loop_context.h"
#include "reactor/rate_window.h"
#include "reactor/text.h"
#include "reactor/try.h"

namespace jh {

namespace {

constexpr std::string_view insert_event_sql =
    "INSERT INTO tracking_events (event, payload, account_id) VALUES ($1, $2::jsonb, $3) RETURNING id";

// Members the server writes itself; a body's own copies are ignored.
constexpr std::array<std::string_view, 8> server_members{"event", "occurredAt", "url", "referrer", "queryParams", "cookies", "device", "ip"};


bool contains(std::string_view haystack, std::string_view needle) { return haystack.find(needle) != std::string_view::npos; }

// Cookies that prove who someone is never leave the site.
bool is_credential_cookie(std::string_view name) {
    std::string n = ascii_lower(name);
    return n.starts_with("auth") || contains(n, "token") || contains(n, "jwt") || contains(n, "session") || contains(n, "csrf");
}


// "a=1; b=2" → calls f(name, value) for each cookie.
template <typename F>
void for_each_cookie(std::string_view header, F&& f) {
    while (!header.empty()) {
        auto semi = header.find(';');
        std::string_view part = trim(header.substr(0, semi), " ");
        header = semi == std::string_view::npos ? std::string_view{} : header.substr(semi + 1);
        auto eq = part.find('=');
        if (eq == std::string_view::npos || eq == 0) continue;
        f(trim(part.substr(0, eq), " "), trim(part.substr(eq + 1), " "));
    }
}

bool has_cookies(std::string_view header) {
    bool any = false;
    for_each_cookie(header, [&](std::string_view, std::string_view) { any = true; });
    return any;
}

std::string_view string_member(simdjson::dom::object o, std::string_view key) {
    std::string_view v;
    if (o[key].get_string().get(v) != simdjson::SUCCESS) return {};
    return v;
}

bool ssr_flag(simdjson::dom::object body) {
    bool b = false;
    if (body["ssr"].get_bool().get(b) == simdjson::SUCCESS) return b;
    simdjson::dom::object device;
    if (body["device"].get_object().get(device) == simdjson::SUCCESS && device["ssr"].get_bool().get(b) == simdjson::SUCCESS) return b;
    return false;
}

std::string utc_now_iso() {
    auto now = std::chrono::system_clock::now();
    std::time_t t = std::chrono::system_clock::to_time_t(now);
    auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() % 1000;
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[96];
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03lldZ", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
                  tm.tm_min, tm.tm_sec, static_cast<long long>(ms));
    return buf;
}

// A fixed one-minute window in Redis per visitor (reactor/rate_window.h); the window per client
// address is the route's rate class (tracking_rate), counted before the request came here. The
// visitor id is hashed: it is a cookie value, not a key to show in Redis.
task<result<bool>> within_visitor_limit(loop_context& loop, std::string_view visitor) {
    if (visitor.empty()) co_return true;
    CO_TRY(auto window, co_await count_in_window(loop.redis, "jobhafen:track:v:" + auth::sha256_hex(visitor), 60));
    co_return window.count <= loop.cfg.tracking_limit_per_visitor_per_minute;
}

int events_per_client_per_minute(const loop_context& loop) { return loop.cfg.tracking_limit_per_ip_per_minute; }

}  // namespace

// The key is the one the actor counted in before the limit became a route class (a deploy keeps
// the running windows).
const rate_class tracking_rate{.name = "tracking",
                               .key_prefix = "jobhafen:track:ip:",
                               .window_s = 60,
                               .limit = events_per_client_per_minute,
                               .message = msg_too_many_events};

std::string truncate_ip(std::string_view ip) {
    if (ip.starts_with("::ffff:") && ip.find('.') != std::string_view::npos) ip.remove_prefix(7);
    std::string text(ip);
    char out[INET6_ADDRSTRLEN] = {};
    unsigned char v4[4];
    if (inet_pton(AF_INET, text.c_str(), v4) == 1) {
        v4[3] = 0;
        return inet_ntop(AF_INET, v4, out, sizeof out) ? out : "";
    }
    unsigned char v6[16];
    if (inet_pton(AF_INET6, text.c_str(), v6) == 1) {
        std::fill(v6 + 6, v6 + 16, 0);   // keep 48 bits: the site prefix, not the household
        return inet_ntop(AF_INET6, v6, out, sizeof out) ? out : "";
    }
    return {};
}

bool tracking_actor::is_internal_ip(std::string_view ip) const {
    // An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d.
    if (ip.starts_with("::ffff:")) ip.remove_prefix(7);
    const auto& internal = loop_.cfg.tracking_internal_ips;
    return std::find(internal.begin(), internal.end(), ip) != internal.end();
}

bool tracking_actor::is_cookieless_multiposting(const tracking_request& r) {
    if (has_cookies(r.cookie_header)) return false;
    // A multiposting visit is recognised by its campaign parameters (utm_source, utm_medium or
    // source naming "multiposting"), sent by the client in queryParams or in the url.
    simdjson::dom::object q;
    if ((*r.body)["queryParams"].get_object().get(q) == simdjson::SUCCESS) {
        for (std::string_view key : {"utm_source", "utm_medium", "source"})
            if (contains(ascii_lower(string_member(q, key)), "multiposting")) return true;
    }
    std::string url = ascii_lower(string_member(*r.body, "url"));
    auto query = url.find('?');
    return query != std::string::npos && contains(std::string_view(url).substr(query), "multiposting");
}

std::string tracking_payload(const tracking_request& r, std::string_view occurred_at) {
    std::string out;
    json_writer w(out);
    w.begin_object().member("event", r.event).member("occurredAt", occurred_at);
    for (auto [key, value] : *r.body) {
        if (std::find(server_members.begin(), server_members.end(), key) != server_members.end() || key == "ssr") continue;
        w.key(key).raw(simdjson::minify(value));
    }
    std::string_view url = string_member(*r.body, "url");
    std::string_view referrer = string_member(*r.body, "referrer");
    if (referrer.empty()) referrer = r.referer_header;
    w.key("url");
    url.empty() ? w.null() : w.value(url);
    w.key("referrer");
    referrer.empty() ? w.null() : w.value(referrer);
    simdjson::dom::object q;
    w.key("queryParams");
    if ((*r.body)["queryParams"].get_object().get(q) == simdjson::SUCCESS) w.raw(simdjson::minify(q));
    else w.begin_object().end_object();
    w.key("cookies").begin_object();
    for_each_cookie(r.cookie_header, [&](std::string_view name, std::string_view value) {
        if (!is_credential_cookie(name)) w.member(name, value);
    });
    w.end_object();
    w.key("device").begin_object().member("userAgent", r.user_agent).member("ssr", ssr_flag(*r.body)).end_object();
    w.member("ip", truncate_ip(r.ip));
    w.end_object();
    return out;
}

task<result<tracking_outcome>> tracking_actor::record(const tracking_request& r) {
    // The limits count every call, excluded or not: a flood is a flood whatever it claims to be.
    std::optional<std::string_view> visitor;
    if (!r.cookie_header.empty()) visitor = auth::cookie_value(r.cookie_header, "pb_visitor_id");
    CO_TRY(auto allowed, co_await within_visitor_limit(loop_, visitor.value_or("")));
    if (!allowed) co_return tracking_outcome::too_many;
    if (r.impersonating || is_crawler(r.user_agent) || is_internal_ip(r.ip) || is_cookieless_multiposting(r))
        co_return tracking_outcome::dropped;

    std::string payload = tracking_payload(r, utc_now_iso());
    co_return co_await pg::in_transaction(loop_.pg, [&](pg::transaction& tx) -> task<result<tracking_outcome>> {
        pg::params p;
        p.add(r.event).add(payload).add(r.account_id);
        CO_TRY(auto inserted, co_await tx.query(insert_event_sql, std::move(p)));
        // The forwarded event carries its id, so the receiver can tell a retried delivery apart.
        messages::webhook_event event{inserted.int64(0, 0), std::move(payload)};
        std::string key = "tracking-event:" + std::to_string(event.event_id);
        CO_CHECK(co_await job_queue::enqueue(tx, messages::queue::webhooks, messages::to_json(event), key));
        CO_CHECK(co_await tx.commit());
        job_queue::wake(loop_, messages::queue::webhooks);
        co_return tracking_outcome::stored;
    });
}

}  // namespace jh
