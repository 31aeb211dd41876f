// session_store.h: logins as refresh-token families in Redis, and the login throttle.
//
// A login starts a family: a random id, the account, and the hash of its one current refresh
// token. POST /token/refresh presents that token; rotate() marks it used and makes a new current
// one, atomically (one Lua script). Presenting a token that was already used means two parties
// hold the family's tokens — the rightful user and a thief — so the whole family is revoked: the
// newest token dies too, and so do the access tokens of that family, because authenticate()
// checks that the family still exists. Only SHA-256 hashes of refresh tokens are stored.
//
// Keys (prefix "auth:"):
//   auth:fam:<family>   hash  account, current (hash of the current refresh token)   TTL refresh ttl
//   auth:rt:<hash>      hash  family, account, used (0/1)                             TTL refresh ttl
//   auth:acct:<id>      set   the account's families (revoke all on password change, deletion)
//   auth:fail:a:<h>:<ip> zset failed logins per (account, client) (h = SHA-256 of the lower-cased email)
//   auth:fail:a:<h>     set   the account's (account, client) windows, to clear them all
//   auth:fail:ip:<ip>   zset  failed logins per client address
//   auth:mailto:<h>     int   mails to one address in the current hour (h as above)
//   auth:ec:<ip>        int   email checks per address and minute
//   auth:once:<k>       str   "a mail was sent just now" markers (password reset per address)
//   auth:oauth:<state>  str   a social sign-in in progress (10 minutes)
// Redis holds nothing that cannot be lost: losing it logs everyone out, nothing more.
//
// Ending every session of an account (revoke_all) is the one place that does it, for every path
// that needs it (password change and reset, change of address and its undo, a takeover, a
// removal): it also stamps accounts.sessions_ended_at in PostgreSQL, and the credentials that live
// longer than a session — the calendar feed's token (docs/shifts.md) — count only when made after
// that stamp. So a new path that ends the sessions ends the feed too, and cannot forget it.
#pragma once

#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "reactor/app_error.h"
#include "reactor/pg.h"
#include "reactor/redis.h"
#include "reactor/task.h"

namespace jh::accounts {

// What a login, a registration, a refresh or a social sign-in hands out.
struct session_tokens {
    std::int64_t account_id = 0;
    std::string access_token;
    std::string refresh_token;
};

struct new_session {
    std::string family;
    std::string refresh_token;   // the token itself: given to the client once, stored only hashed
};

struct rotation {
    enum class outcome { rotated, unknown, reused } result = outcome::unknown;
    std::int64_t account_id = 0;
    std::string family;
    std::string refresh_token;   // the new token when rotated
};

class session_store {
public:
    session_store(redis::client& redis, pg::pool& pg, int refresh_ttl_s) : redis_(redis), pg_(pg), ttl_s_(refresh_ttl_s) {}

    task<result<new_session>> create(std::int64_t account_id);
    task<result<rotation>> rotate(std::string_view refresh_token);
    // True when the family exists and belongs to `account_id`.
    task<result<bool>> alive(std::string_view family, std::int64_t account_id);
    // The family a refresh token belongs to (used or not), if it is known.
    task<result<std::optional<std::string>>> family_of(std::string_view refresh_token);
    // One session (a logout): the account's other sessions and its calendar feed stay.
    task<result<void>> revoke(std::string_view family);
    // Every family of the account except `keep` (empty: all), and every longer-lived credential
    // made before now (accounts.sessions_ended_at: the calendar feed's token), `keep`'s too.
    task<result<void>> revoke_all(std::int64_t account_id, std::string_view keep = {});

private:
    redis::client& redis_;
    pg::pool& pg_;
    int ttl_s_;
};

// Failed-login windows (sliding, in Redis sorted sets), per (account, client) and per client —
// never per account alone, so an attacker hammering one account from one place cannot lock the
// owner out elsewhere. Past a few free failures each further one doubles the wait (capped)
// instead of locking. An attempt is recorded before the password is checked — so parallel
// guesses cannot slip past — and taken back when the password was right.
struct throttle_limits {
    int free_per_account_client = 10;
    int free_per_client = 50;
    int base_delay_s = 2;
    int max_delay_s = 900;
};

// The throttle's windows in this loop's memory: what counts while Redis cannot answer (past
// redis.outage_grace_ms), so the throttle neither locks everyone out (503) nor opens (issue 46;
// docs/operations.md, the rule per limit). The same windows, free counts and delays as the Lua
// script in Redis; at most `max_windows` windows, past that (and what has expired pruned) a new
// one is refused. Forgotten when Redis answers again: an outage gives an attacker at most one
// more round of free attempts per loop and instance.
class local_throttle_windows {
public:
    static constexpr std::size_t max_windows = 10000;
    // 0 and the attempt recorded, the seconds to wait, or nullopt when no window is free.
    std::optional<int> try_attempt(const std::string& account_key, const std::string& address_key, const std::string& member,
                                   std::int64_t now_ms, std::int64_t window_ms, const throttle_limits& limits);
    void forget(const std::string& key, const std::string& member);
    void erase(const std::string& key) { windows_.erase(key); }
    void erase_with_prefix(const std::string& prefix);
    void clear() { windows_.clear(); }
    bool empty() const { return windows_.empty(); }

private:
    using window = std::deque<std::pair<std::int64_t, std::string>>;   // (time, member), oldest first
    std::int64_t wait_ms(window& w, int free, std::int64_t now_ms, std::int64_t from_ms, const throttle_limits& limits);
    bool room_for(const std::string& key, std::int64_t from_ms);
    std::unordered_map<std::string, window> windows_;
};

class login_throttle {
public:
    login_throttle(redis::client& redis, throttle_limits limits, int window_s)
        : redis_(redis), limits_(limits), window_s_(window_s) {}

    struct attempt {
        bool allowed = false;
        int retry_after_s = 0;   // when not allowed: seconds until the next attempt is checked
        std::string account_key, address_key, member;
        bool counted_here = false;   // Redis could not answer: counted in local_ instead
    };
    // `email` as typed (lower-cased here), `address` the client's IP.
    task<result<attempt>> begin(std::string_view email, std::string_view address);
    // The password was right: forget the account's failures and this attempt.
    task<result<void>> succeeded(const attempt& a);
    // The attempt was never a guess (the database or the hashing pool did not answer): forget this
    // attempt only, so an outage does not throttle everyone who tried to log in meanwhile.
    task<result<void>> not_counted(const attempt& a);
    // Forget an account's failures (its password was reset, or it was deleted).
    task<result<void>> clear_account(std::string_view email);

    static std::string account_key(std::string_view email);

private:
    result<attempt> count_here(attempt a);
    task<result<void>> end_attempt(const attempt& a, bool whole_account_window);

    redis::client& redis_;
    throttle_limits limits_;
    int window_s_;
    local_throttle_windows local_;
};

// One shared limit on mails to one address (verification, reset, change of address, contact,
// registration notices): false when `per_hour` mails went to it in the current hour. Counted
// whether or not the address has an account, so the answer reveals nothing.
task<result<bool>> mail_allowed(redis::client& redis, std::string_view address, int per_hour);

// Runs a Lua script (EVAL). A Redis error reply becomes error_kind::internal (and is logged).
// redis::resend::after_drop only for a script that may run twice (redis.h).
task<result<redis::reply>> eval_script(redis::client& redis, std::string_view script, std::vector<std::string> keys,
                                       std::vector<std::string> args, redis::resend how = redis::resend::never);

// (The fixed-window counter, INCR and EXPIRE, is the reactor's: reactor/rate_window.h.)
// SET key 1 EX ttl NX: true when the marker was set now (nothing within the last ttl seconds).
task<result<bool>> set_once(redis::client& redis, std::string key, int ttl_s);

}  // namespace jh::accounts
