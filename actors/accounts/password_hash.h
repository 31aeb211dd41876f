// password_hash.h: argon2id through libsodium. These functions take tens of milliseconds of CPU
// and up to memlimit bytes of memory on purpose: call them only on a thread_pool thread
// (reactor/thread_pool.h), never on a loop. Parameters and their reason: docs/accounts.md.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace jh::accounts {

struct argon2_params {
    unsigned long long opslimit = 2;
    std::size_t memlimit_bytes = 19456u * 1024u;
};

// crypto_pwhash_str (argon2id, random salt); nullopt when memory could not be had.
std::optional<std::string> hash_password(std::string_view password, const argon2_params& p);

// crypto_pwhash_str_verify. An empty `stored` (no such account, or an account without a
// password) is checked against a dummy hash with the same parameters and is always false, so the
// answer takes as long as for a real account.
bool verify_password(std::string_view stored, std::string_view password, const argon2_params& p);

// True when `stored` was made with other parameters than `p` (rehash after a successful login).
bool needs_rehash(std::string_view stored, const argon2_params& p);

}  // namespace jh::accounts
