// password_hash.cpp: see password_hash.h.
#include "actors/accounts/password_hash.h"

#include <sodium.h>

#include <mutex>

namespace jh::accounts {

namespace {

// A hash of a random password, made once per process (on a pool thread, by the first caller).
const std::string& dummy_hash(const argon2_params& p) {
    static std::string hash;
    static std::once_flag once;
    std::call_once(once, [&] {
        unsigned char random[32];
        randombytes_buf(random, sizeof random);
        char out[crypto_pwhash_STRBYTES];
        if (crypto_pwhash_str(out, reinterpret_cast<const char*>(random), sizeof random, p.opslimit, p.memlimit_bytes) == 0)
            hash = out;
    });
    return hash;
}

}  // namespace

std::optional<std::string> hash_password(std::string_view password, const argon2_params& p) {
    char out[crypto_pwhash_STRBYTES];
    if (crypto_pwhash_str(out, password.data(), password.size(), p.opslimit, p.memlimit_bytes) != 0) return std::nullopt;
    return std::string(out);
}

bool verify_password(std::string_view stored, std::string_view password, const argon2_params& p) {
    if (stored.empty() || stored.size() >= crypto_pwhash_STRBYTES) {
        const std::string& dummy = dummy_hash(p);
        // The result is ignored on purpose (a random password never matches); only the time counts.
        if (!dummy.empty() && crypto_pwhash_str_verify(dummy.c_str(), password.data(), password.size()) == 0) return false;
        return false;
    }
    std::string z(stored);   // NUL-terminated copy
    return crypto_pwhash_str_verify(z.c_str(), password.data(), password.size()) == 0;
}

bool needs_rehash(std::string_view stored, const argon2_params& p) {
    std::string z(stored);
    return crypto_pwhash_str_needs_rehash(z.c_str(), p.opslimit, p.memlimit_bytes) != 0;
}

}  // namespace jh::accounts
