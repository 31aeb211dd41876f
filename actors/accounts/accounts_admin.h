// accounts_admin.h: `jobhafen admin create-admin EMAIL` — sets up an administrator.
//
// Runs outside the server (no loop), so it may block: one libpq connection, argon2 on this thread.
// The password comes from standard input with --password-stdin (one line), or is generated (20
// random characters meeting the password rules) and printed once. An existing account with that
// address is never changed; the command then fails.
#pragma once

#include <string>
#include <vector>

namespace jh {

struct config;

// Returns the process exit code: 0 created, 1 failed, 2 usage.
int create_admin_command(const config& cfg, const std::vector<std::string>& args);

}  // namespace jh
