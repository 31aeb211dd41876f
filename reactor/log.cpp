// log.cpp: see log.h.
#include "reactor/log.h"

#include <spdlog/async.h>
#include <spdlog/sinks/basic_file_sink.h>
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include "reactor/config.h"
#include "reactor/log_line.h"
#include "reactor/task.h"

namespace jh {

namespace {
// log.format "json": each line through append_json_log_line (the same shape as the access lines).
class json_line_formatter final : public spdlog::formatter {
public:
    void format(const spdlog::details::log_msg& msg, spdlog::memory_buf_t& dest) override {
        using namespace std::chrono;
        const auto since_epoch = msg.time.time_since_epoch();
        const std::time_t seconds = duration_cast<std::chrono::seconds>(since_epoch).count();
        const auto millis = duration_cast<milliseconds>(since_epoch).count() % 1000;
        std::tm tm{};
        gmtime_r(&seconds, &tm);
        char stamp[40];
        const std::size_t n = std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%S", &tm);
        std::snprintf(stamp + n, sizeof stamp - n, ".%03dZ", static_cast<int>(millis));
        const auto level = spdlog::level::to_string_view(msg.level);
        line_.clear();
        append_json_log_line(line_, stamp, std::string_view(level.data(), level.size()), msg.thread_id,
                             std::string_view(msg.payload.data(), msg.payload.size()));
        dest.append(line_.data(), line_.data() + line_.size());
    }
    std::unique_ptr<spdlog::formatter> clone() const override { return std::make_unique<json_line_formatter>(); }

private:
    std::string line_;
};
}  // namespace

void setup_logging(const config& c) {
    // Overrun the oldest line rather than block a loop when the queue is full. 8,192 lines (spdlog's
    // default; a quarter of a second of access lines at 30,000 requests/s): the queue is made whole
    // when a process starts, about 330 bytes a line, and every process pays for it, the one-shot
    // commands and each test's servers and workers too. 32,768 were 11 MB of each process's memory
    // and about 2,700 page faults at its start (docs/decisions.md, "The log queue").
    spdlog::init_thread_pool(8192, 1);
    std::shared_ptr<spdlog::sinks::sink> sink;
    if (c.log_file.empty()) sink = std::make_shared<spdlog::sinks::stderr_sink_mt>();
    else sink = std::make_shared<spdlog::sinks::basic_file_sink_mt>(c.log_file);
    auto logger = std::make_shared<spdlog::async_logger>("jobhafen", sink, spdlog::thread_pool(), spdlog::async_overflow_policy::overrun_oldest);
    if (parse_log_format(c.log_format) == log_format::json) logger->set_formatter(std::make_unique<json_line_formatter>());
    else logger->set_pattern("%Y-%m-%dT%H:%M:%S.%e %^%l%$ [%t] %v");
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
