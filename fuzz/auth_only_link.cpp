// auth_only_link.cpp: linked into the jwt and multipart targets only, which link reactor/auth.cpp
// without the server (fuzz/CMakeLists.txt). --gc-sections drops authenticate() and everything it
// calls, except one reference the fuzzer's coverage tables keep alive: the accounts actor's
// resolve_identity, which authenticate()'s coroutine body names. It is never reached from these
// targets (they call the pure token and upload readers); should that change, the target stops here
// loudly instead of fuzzing something that is not the server's code.
#include <cstdio>
#include <cstdlib>

#include "actors/accounts/accounts_actor.h"

namespace jh::accounts {

task<result<auth::identity>> accounts_actor::resolve_identity(auth::access_claims, std::optional<std::string>) {
    std::fputs("fuzz: resolve_identity is not part of this target (fuzz/auth_only_link.cpp)\n", stderr);
    std::abort();
}

}  // namespace jh::accounts
