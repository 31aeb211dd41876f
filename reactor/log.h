// log.h: logging set-up. One asynchronous spdlog logger for the process: a loop only pushes a
// line into a queue, and a logging thread writes it, so a slow disk or pipe never stalls a loop.
#pragma once

#include <string>

namespace jh {

struct config;

// Sets the default logger from log.level and log.file. Call once, before the loops start.
void setup_logging(const config& c);
// Flushes and stops the logging thread. Call at exit.
void shutdown_logging();

}  // namespace jh
