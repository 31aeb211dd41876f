// create_admin.h: `jobhafen admin create-admin EMAIL` — sets up an administrator.
//
// A subcommand of the composition root, not of the accounts actor: it runs on the command line
// with blocking calls, and no loop may ever run it (actors/ holds only code that runs on a loop).
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
