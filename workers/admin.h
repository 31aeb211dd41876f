// admin.h: `jobhafen admin jobs ...`: looking at and repairing the job queue from a shell.
//
//   jobhafen admin jobs --dead [--limit N]   the dead jobs, newest first, with their last error
//   jobhafen admin jobs --retry ID           a dead job back to pending, attempts reset
//   jobhafen admin jobs --stats              jobs per kind and status
// Blocking libpq: an admin command is a short-lived process, not a reactor thread.
#pragma once

#include <string>
#include <vector>

namespace jh {
struct config;
}

namespace jh::workers {

// `args` are the words after "admin jobs". Returns the exit code.
int admin_jobs_command(const config& cfg, const std::vector<std::string>& args);

}  // namespace jh::workers
