// log.cpp: see log.h.
#include "reactor/log.h"

#include <spdlog/async.h>
#include <spdlog/sinks/basic_file_sink.h>
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include "reactor/config.h"
#include "reactor/task.h"

namespace jh {

void setup_logging(const config& c) {
    // Overrun the oldest line rather than block a loop when the queue is full.
    spdlog::init_thread_pool(32768, 1);
    std::shared_ptr<spdlog::sinks::sink> sink;
    if (c.log_file.empty()) sink = std::make_shared<spdlog::sinks::stderr_sink_mt>();
    else sink = std::make_shared<spdlog::sinks::basic_file_sink_mt>(c.log_file);
    auto logger = std::make_shared<spdlog::async_logger>("jobhafen", sink, spdlog::thread_pool(), spdlog::async_overflow_policy::overrun_oldest);
    logger->set_pattern("%Y-%m-%dT%H:%M:%S.%e %^%l%$ [%t] %v");
    logger->set_level(spdlog::level::from_str(c.log_level));
    logger->flush_on(spdlog::level::warn);
    spdlog::set_default_logger(logger);
    spdlog::flush_every(std::chrono::seconds(1));
}

void shutdown_logging() {
    spdlog::default_logger()->flush();
    spdlog::shutdown();
}

namespace detail {
void log_detached_exception(std::exception_ptr e) noexcept {
    try {
        std::rethrow_exception(e);
    } catch (const std::exception& ex) {
        spdlog::error("background task failed: {}", ex.what());
    } catch (...) {
        spdlog::error("background task failed with an unknown exception");
    }
}
}  // namespace detail

}  // namespace jh
