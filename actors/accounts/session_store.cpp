// session_store.cpp: see session_store.h. Each multi-key change is one Lua script, so it is
// atomic even with many loops and servers talking to the same Redis.
#include "actors/accounts/session_store.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <cmath>

#include "reactor/auth.h"
#include "reactor/client_key.h"
#include "reactor/pg_bind.h"
#include "reactor/rate_window.h"
#include "reactor/text.h"
#include "reactor/try.h"

namespace jh::accounts {

namespace {

constexpr std::string_view prefix = "auth:";

std::string family_key(std::string_view f) { return std::string(prefix) + "fam:" + std::string(f); }
std::string token_key_of_hash(std::string_view h) { return std::string(prefix) + "rt:" + std::string(h); }
std::string account_set_key(std::int64_t id) { return std::string(prefix) + "acct:" + std::to_string(id); }

// KEYS: family, token, account set. ARGV: account, family, token hash, ttl, prefix.
// Also drops families of the account that have expired, so its set stays small.
constexpr std::string_view create_script = R"lua(
redis.call('HSET', KEYS[1], 'account', ARGV[1], 'current', ARGV[3])
redis.call('EXPIRE', KEYS[1], ARGV[4])
redis.call('HSET', KEYS[2], 'family', ARGV[2], 'account', ARGV[1], 'used', '0')
redis.call('EXPIRE', KEYS[2], ARGV[4])
redis.call('SADD', KEYS[3], ARGV[2])
redis.call('EXPIRE', KEYS[3], ARGV[4])
if redis.call('SCARD', KEYS[3]) > 32 then
  for _, f in ipairs(redis.call('SMEMBERS', KEYS[3])) do
    if redis.call('EXISTS', ARGV[5] .. 'fam:' .. f) == 0 then redis.call('SREM', KEYS[3], f) end
  end
end
return 1
)lua";

// KEYS: token of the presented refresh token. ARGV: new token hash, prefix.
// Returns {1, account, family} rotated, {0} unknown, revoked or expired, {-1, account, family} reuse.
// The family keeps the expiry it got at the login: the new token lives only as long as the
// family, so rotating never extends a session beyond its absolute lifetime.
constexpr std::string_view rotate_script = R"lua(
local t = redis.call('HMGET', KEYS[1], 'family', 'account', 'used')
if not t[1] then return {0} end
local fam = ARGV[2] .. 'fam:' .. t[1]
local left = redis.call('PTTL', fam)
if left <= 0 then return {0} end
if t[3] == '1' then
  local cur = redis.call('HGET', fam, 'current')
  redis.call('DEL', fam)
  if cur then redis.call('DEL', ARGV[2] .. 'rt:' .. cur) end
  redis.call('SREM', ARGV[2] .. 'acct:' .. t[2], t[1])
  return {-1, t[2], t[1]}
end
redis.call('HSET', KEYS[1], 'used', '1')
local nk = ARGV[2] .. 'rt:' .. ARGV[1]
redis.call('HSET', nk, 'family', t[1], 'account', t[2], 'used', '0')
redis.call('PEXPIRE', nk, left)
redis.call('HSET', fam, 'current', ARGV[1])
return {1, t[2], t[1]}
)lua";

// KEYS: family. ARGV: prefix, family.
constexpr std::string_view revoke_script = R"lua(
local a = redis.call('HMGET', KEYS[1], 'account', 'current')
redis.call('DEL', KEYS[1])
if a[2] then redis.call('DEL', ARGV[1] .. 'rt:' .. a[2]) end
if a[1] then redis.call('SREM', ARGV[1] .. 'acct:' .. a[1], ARGV[2]) end
return 1
)lua";

// KEYS: account set. ARGV: prefix, family to keep ('' for none).
constexpr std::string_view revoke_all_script = R"lua(
local n = 0
for _, f in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if f ~= ARGV[2] then
    local fk = ARGV[1] .. 'fam:' .. f
    local cur = redis.call('HGET', fk, 'current')
    redis.call('DEL', fk)
    if cur then redis.call('DEL', ARGV[1] .. 'rt:' .. cur) end
    redis.call('SREM', KEYS[1], f)
    n = n + 1
  end
end
return n
)lua";

// The login throttle slows down instead of locking: a few failures are free, then each further
// failure within the window doubles the wait before the next attempt is even checked (capped).
// KEYS: (account, client) window, client window, the account's set of client windows.
// ARGV: now ms, window ms, free per (account, client), free per client, base delay ms, max delay ms,
// member, (account, client) window key.
// Returns 0 and records the attempt when allowed, else the seconds to wait.
constexpr std::string_view attempt_script = R"lua(
local now = tonumber(ARGV[1])
local from = now - tonumber(ARGV[2])
local function wait_ms(key, free)
  redis.call('ZREMRANGEBYSCORE', key, '-inf', from)
  local n = redis.call('ZCARD', key)
  if n < free then return 0 end
  local last = tonumber(redis.call('ZRANGE', key, -1, -1, 'WITHSCORES')[2])
  local delay = math.min(tonumber(ARGV[5]) * 2 ^ (n - free), tonumber(ARGV[6]))
  return math.max(last + delay - now, 0)
end
local w = math.max(wait_ms(KEYS[1], tonumber(ARGV[3])), wait_ms(KEYS[2], tonumber(ARGV[4])))
if w > 0 then return math.ceil(w / 1000) end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[7])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('ZADD', KEYS[2], ARGV[1], ARGV[7])
redis.call('PEXPIRE', KEYS[2], ARGV[2])
redis.call('SADD', KEYS[3], ARGV[8])
redis.call('PEXPIRE', KEYS[3], ARGV[2])
return 0
)lua";

// KEYS: (account, client) window, client window. ARGV: member.
constexpr std::string_view success_script = R"lua(
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[2], ARGV[1])
return 1
)lua";

// KEYS: (account, client) window, client window. ARGV: member.
constexpr std::string_view forget_attempt_script = R"lua(
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('ZREM', KEYS[2], ARGV[1])
return 1
)lua";

// KEYS: the account's set of client windows.
constexpr std::string_view clear_account_script = R"lua(
for _, k in ipairs(redis.call('SMEMBERS', KEYS[1])) do redis.call('DEL', k) end
redis.call('DEL', KEYS[1])
return 1
)lua";

std::int64_t now_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}


}  // namespace

task<result<redis::reply>> eval_script(redis::client& redis, std::string_view script, std::vector<std::string> keys,
                                       std::vector<std::string> args, redis::resend how) {
    std::vector<std::string> cmd;
    cmd.reserve(3 + keys.size() + args.size());
    cmd.emplace_back("EVAL");
    cmd.emplace_back(script);
    cmd.push_back(std::to_string(keys.size()));
    for (auto& k : keys) cmd.push_back(std::move(k));
    for (auto& a : args) cmd.push_back(std::move(a));
    CO_TRY(auto r, co_await redis.command(std::move(cmd), how));
    if (r.kind == redis::reply::type::error) {
        spdlog::error("redis script failed: {}", r.str);
        co_return fail(error_kind::internal);
    }
    co_return std::move(r);
}

task<result<bool>> set_once(redis::client& redis, std::string key, int ttl_s) {
    if (ttl_s <= 0) co_return true;
    std::vector<std::string> cmd{"SET", std::move(key), "1", "EX", std::to_string(ttl_s), "NX"};
    CO_TRY(auto r, co_await redis.command(std::move(cmd)));
    co_return r.kind == redis::reply::type::status;   // "OK"; nil when the key existed
}

// ---- sessions ---------------------------------------------------------------------------------------

task<result<new_session>> session_store::create(std::int64_t account_id) {
    new_session s{auth::random_token(16), auth::random_token(32)};
    std::string hash = auth::sha256_hex(s.refresh_token);
    std::vector<std::string> keys{family_key(s.family), token_key_of_hash(hash), account_set_key(account_id)};
    std::vector<std::string> args{std::to_string(account_id), s.family, hash, std::to_string(ttl_s_), std::string(prefix)};
    // The same ids and values a second time change nothing: a drop does not fail the login.
    CO_CHECK(co_await eval_script(redis_, create_script, std::move(keys), std::move(args), redis::resend::after_drop));
    co_return s;
}

task<result<rotation>> session_store::rotate(std::string_view refresh_token) {
    rotation out;
    if (refresh_token.empty() || refresh_token.size() > 200) co_return out;
    std::string fresh = auth::random_token(32);
    std::vector<std::string> keys{token_key_of_hash(auth::sha256_hex(refresh_token))};
    std::vector<std::string> args{auth::sha256_hex(fresh), std::string(prefix)};
    CO_TRY(auto r, co_await eval_script(redis_, rotate_script, std::move(keys), std::move(args)));
    if (r.kind != redis::reply::type::array || r.elements.empty()) co_return fail(error_kind::internal);
    std::int64_t code = r.elements[0].integer;
    if (code == 0 || r.elements.size() < 3) co_return out;
    out.account_id = std::stoll(r.elements[1].str);
    out.family = r.elements[2].str;
    if (code < 0) {
        out.result = rotation::outcome::reused;
        spdlog::warn("refresh token of family {} (account {}) was used twice: family revoked", out.family, out.account_id);
        co_return out;
    }
    out.result = rotation::outcome::rotated;
    out.refresh_token = std::move(fresh);
    co_return out;
}

task<result<bool>> session_store::alive(std::string_view family, std::int64_t account_id) {
    std::vector<std::string> cmd{"HGET", family_key(family), "account"};
    CO_TRY(auto r, co_await redis_.command(std::move(cmd), redis::resend::after_drop));
    co_return r.kind == redis::reply::type::string && r.str == std::to_string(account_id);
}

task<result<std::optional<std::string>>> session_store::family_of(std::string_view refresh_token) {
    if (refresh_token.empty() || refresh_token.size() > 200) co_return std::optional<std::string>{};
    std::vector<std::string> cmd{"HGET", token_key_of_hash(auth::sha256_hex(refresh_token)), "family"};
    CO_TRY(auto r, co_await redis_.command(std::move(cmd), redis::resend::after_drop));
    if (r.kind != redis::reply::type::string) co_return std::optional<std::string>{};
    co_return std::optional<std::string>(r.str);
}

task<result<void>> session_store::revoke(std::string_view family) {
    std::vector<std::string> keys{family_key(family)};
    std::vector<std::string> args{std::string(prefix), std::string(family)};
    CO_CHECK(co_await eval_script(redis_, revoke_script, std::move(keys), std::move(args)));
    co_return result<void>{};
}

task<result<void>> session_store::revoke_all(std::int64_t account_id, std::string_view keep) {
    // The stamp first: it is durable, and a feed must not outlive a failed Redis call either. Both
    // are tried; the first failure is the answer.
    auto stamped = co_await pg_.query("UPDATE accounts SET sessions_ended_at = now() WHERE id = $1", pg::bind(account_id));
    std::vector<std::string> keys{account_set_key(account_id)};
    std::vector<std::string> args{std::string(prefix), std::string(keep)};
    auto revoked = co_await eval_script(redis_, revoke_all_script, std::move(keys), std::move(args));
    if (!stamped) co_return std::unexpected(stamped.error().to_app_error());
    if (!revoked) co_return std::unexpected(revoked.error());
    co_return result<void>{};
}

// ---- login throttle -----------------------------------------------------------------------------------

std::string login_throttle::account_key(std::string_view email) {
    return std::string(prefix) + "fail:a:" + auth::sha256_hex(ascii_lower(email));
}

task<result<login_throttle::attempt>> login_throttle::begin(std::string_view email, std::string_view address) {
    attempt a;
    std::string clients = account_key(email);
    std::string client = client_key(address);   // an IPv6 client by its /64 (reactor/client_key.h)
    a.account_key = clients + ":" + client;
    a.address_key = std::string(prefix) + "fail:ip:" + client;
    a.member = auth::random_token(12);
    std::vector<std::string> keys{a.account_key, a.address_key, clients};
    std::vector<std::string> args{std::to_string(now_ms()),
                                  std::to_string(static_cast<std::int64_t>(window_s_) * 1000),
                                  std::to_string(limits_.free_per_account_client),
                                  std::to_string(limits_.free_per_client),
                                  std::to_string(static_cast<std::int64_t>(limits_.base_delay_s) * 1000),
                                  std::to_string(static_cast<std::int64_t>(limits_.max_delay_s) * 1000),
                                  a.member,
                                  a.account_key};
    // Sent again after a drop: the same member again changes nothing but that the check may count
    // this attempt once (stricter by one).
    auto r = co_await eval_script(redis_, attempt_script, std::move(keys), std::move(args), redis::resend::after_drop);
    if (!r && r.error().kind == error_kind::unavailable) co_return count_here(std::move(a));
    if (!r) co_return std::unexpected(r.error());
    if (!local_.empty()) local_.clear();   // Redis answers: what was counted here meanwhile is over
    a.retry_after_s = static_cast<int>(r->integer);
    a.allowed = a.retry_after_s == 0;
    co_return a;
}

// Redis did not answer within its grace: the same rule, counted in this loop's memory. Only when
// no window is free either (an outage under a flood of addresses) is the login refused (503).
result<login_throttle::attempt> login_throttle::count_here(attempt a) {
    auto wait = local_.try_attempt(a.account_key, a.address_key, a.member, now_ms(), static_cast<std::int64_t>(window_s_) * 1000,
                                   limits_);
    if (!wait) return std::unexpected(redis::error{"no room for another login window"}.to_app_error());
    a.counted_here = true;
    a.retry_after_s = *wait;
    a.allowed = a.retry_after_s == 0;
    return a;
}

task<result<void>> login_throttle::not_counted(const attempt& a) { return end_attempt(a, false); }

task<result<void>> login_throttle::succeeded(const attempt& a) { return end_attempt(a, true); }

// Where the attempt was counted (Redis, or here while Redis was away): its member leaves the
// client's window, and the (account, client) window loses the member or, `whole_account_window`,
// goes altogether.
task<result<void>> login_throttle::end_attempt(const attempt& a, bool whole_account_window) {
    if (a.counted_here) {
        if (whole_account_window) local_.erase(a.account_key);
        else local_.forget(a.account_key, a.member);
        local_.forget(a.address_key, a.member);
        co_return result<void>{};
    }
    std::vector<std::string> keys{a.account_key, a.address_key};
    std::vector<std::string> args{a.member};
    CO_CHECK(co_await eval_script(redis_, whole_account_window ? success_script : forget_attempt_script, std::move(keys),
                                  std::move(args), redis::resend::after_drop));
    co_return result<void>{};
}

task<result<void>> login_throttle::clear_account(std::string_view email) {
    local_.erase_with_prefix(account_key(email) + ":");
    std::vector<std::string> keys{account_key(email)};
    CO_CHECK(co_await eval_script(redis_, clear_account_script, std::move(keys), {}));
    co_return result<void>{};
}

// ---- the throttle's windows while Redis is away ---------------------------------------------------------

// As the Lua script's wait_ms: the window's old attempts dropped, then past `free` each further
// attempt doubles the wait after the newest one (capped).
std::int64_t local_throttle_windows::wait_ms(window& w, int free, std::int64_t now_ms, std::int64_t from_ms,
                                             const throttle_limits& limits) {
    while (!w.empty() && w.front().first <= from_ms) w.pop_front();
    auto n = static_cast<int>(w.size());
    if (n < free) return 0;
    double delay = std::min(static_cast<double>(limits.base_delay_s) * 1000.0 * std::exp2(std::min(n - free, 40)),
                            static_cast<double>(limits.max_delay_s) * 1000.0);
    return std::max<std::int64_t>(w.back().first + static_cast<std::int64_t>(delay) - now_ms, 0);
}

// A new window fits below max_windows, after the expired ones are dropped if need be.
bool local_throttle_windows::room_for(const std::string& key, std::int64_t from_ms) {
    if (windows_.size() < max_windows || windows_.contains(key)) return true;
    std::erase_if(windows_, [from_ms](const auto& kv) { return kv.second.empty() || kv.second.back().first <= from_ms; });
    return windows_.size() < max_windows;
}

std::optional<int> local_throttle_windows::try_attempt(const std::string& account_key, const std::string& address_key,
                                                       const std::string& member, std::int64_t now_ms, std::int64_t window_ms,
                                                       const throttle_limits& limits) {
    std::int64_t from = now_ms - window_ms;
    if (!room_for(account_key, from) || !room_for(address_key, from)) return std::nullopt;
    std::int64_t w = std::max(wait_ms(windows_[account_key], limits.free_per_account_client, now_ms, from, limits),
                              wait_ms(windows_[address_key], limits.free_per_client, now_ms, from, limits));
    if (w > 0) return static_cast<int>((w + 999) / 1000);
    windows_[account_key].emplace_back(now_ms, member);
    windows_[address_key].emplace_back(now_ms, member);
    return 0;
}

void local_throttle_windows::forget(const std::string& key, const std::string& member) {
    auto it = windows_.find(key);
    if (it == windows_.end()) return;
    std::erase_if(it->second, [&member](const auto& e) { return e.second == member; });
}

void local_throttle_windows::erase_with_prefix(const std::string& prefix) {
    std::erase_if(windows_, [&prefix](const auto& kv) { return kv.first.starts_with(prefix); });
}

// ---- mails to one address -----------------------------------------------------------------------------

task<result<bool>> mail_allowed(redis::client& redis, std::string_view address, int per_hour) {
    CO_TRY(auto window, co_await count_in_window(redis, std::string(prefix) + "mailto:" + auth::sha256_hex(ascii_lower(address)), 3600));
    co_return window.count <= per_hour;
}

}  // namespace jh::accounts
