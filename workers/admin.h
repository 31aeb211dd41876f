// admin.h: `jobhafen admin jobs ...`: looking at and repairing the job queue from a shell.
//
//   jobhafen admin jobs --dead [--limit N]   the dead jobs, newest first, with their last error
//   jobhafen admin jobs --retry ID           a dead job back to pending, attempts reset
//   jobhafen admin jobs --stats              jobs per kind and status
//
//   jobhafen admin organizations list                    organizations waiting for review (and reviewed ones)
//   jobhafen admin organizations approve|reject ID       the review of a provider registration
//   jobhafen admin organizations candidate-search ID on|off   the candidate-search product
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

// `args` are the words after "admin organizations". Returns the exit code.
int admin_organizations_command(const config& cfg, const std::vector<std::string>& args);

}  // namespace jh::workers
