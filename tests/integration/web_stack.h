// web_stack.h: what the page tests run on: a migrated database with the test's rows, Redis, a web
// root with an empty index.html and a build-time cookie banner, and `jobhafen serve` on them with a
// public origin (job_paint_test.cpp, kept_answers_test.cpp).
#pragma once

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <string>

#include "tests/support/harness.h"

namespace jh::test {

inline constexpr const char* web_stack_banner = "<div id=\"jh-consent-banner\"><section>Cookies und Datenschutz</section></div>";

class web_stack {
public:
    // `name`: the database's and the temporary folder's; `rows`: SQL run once on the migrated database.
    web_stack(const std::string& name, const char* rows)
        : db_(name, schema::migrated), dir_(make_temp_dir(name)), web_(make_web_root(dir_)) {
        std::filesystem::create_directories(web_ + "/prerendered");
        std::ofstream(web_ + "/prerendered/_consent-banner.html") << web_stack_banner;
        exec_sql(db_.url(), rows);
    }
    ~web_stack() { std::filesystem::remove_all(dir_); }
    web_stack(const web_stack&) = delete;
    web_stack& operator=(const web_stack&) = delete;

    // A server on the stack (`var`: its var folder's name below the stack's), ready, or null after a
    // failure naming its log. `extra` settings are added to the stack's.
    std::unique_ptr<server_process> serve(const std::string& var, std::map<std::string, std::string> extra = {}) {
        std::map<std::string, std::string> env = {
            {"JOBHAFEN_DATABASE_URL", db_.url()}, {"JOBHAFEN_REDIS_URL", redis_.url()},
            {"JOBHAFEN_AUTH_SECRET", "web-stack-test-secret-0123456789-abcdefghijklmnopq"},
            {"JOBHAFEN_LOG_ACCESS", "false"}, {"JOBHAFEN_VAR_DIR", dir_ + "/" + var}, {"JOBHAFEN_WEB_ROOT", web_},
            {"JOBHAFEN_HTTP_PUBLIC_ORIGIN", "https://www.jobhafen.example"},
            {"JOBHAFEN_ZMQ_PUBLISH_ENDPOINT", "tcp://127.0.0.1:" + std::to_string(free_port())}};
        for (auto& [k, v] : extra) env[k] = v;
        auto server = std::make_unique<server_process>(env);
        if (server->wait_ready(std::chrono::seconds(60))) return server;
        ADD_FAILURE() << server->log();
        return nullptr;
    }
    const std::string& db_url() const { return db_.url(); }

private:
    temp_database db_;
    redis_instance redis_;
    std::string dir_, web_;
};

}  // namespace jh::test
