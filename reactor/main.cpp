// main.cpp: the `jobhafen` binary. One build, one config, one log format; the subcommand picks
// the role: serve (the web server), migrate (apply migrations/), and the roles later issues add
// (worker KIND, seed, admin).
#include <sodium.h>
#include <spdlog/spdlog.h>

#include <cstdio>
#include <string>
#include <string_view>

#include "reactor/config.h"
#include "reactor/log.h"
#include "reactor/migrate.h"
#include "reactor/server.h"

namespace {

void print_usage() {
    std::fputs(
        "Usage: jobhafen COMMAND\n"
        "\n"
        "Commands:\n"
        "  serve     run the web server (applies pending migrations first)\n"
        "  migrate   apply pending migrations from migrations/ and exit\n"
        "\n"
        "Configuration: config/default.json, then the file named by JOBHAFEN_CONFIG, then\n"
        "JOBHAFEN_* environment variables (JOBHAFEN_HTTP_PORT sets http.port).\n",
        stdout);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2 || std::string_view(argv[1]) == "--help" || std::string_view(argv[1]) == "help") {
        print_usage();
        return argc < 2 ? 2 : 0;
    }
    std::string_view command = argv[1];

    auto cfg = jh::load_config();
    if (!cfg) {
        std::fprintf(stderr, "jobhafen: configuration error: %s\n", cfg.error().c_str());
        return 2;
    }
    if (sodium_init() < 0) {
        std::fputs("jobhafen: libsodium could not be initialised\n", stderr);
        return 1;
    }
    jh::setup_logging(*cfg);

    int code = 2;
    if (command == "migrate") {
        code = jh::migrate_command(*cfg);
    } else if (command == "serve") {
        code = 0;
        if (cfg->database_migrate_on_serve) code = jh::migrate_command(*cfg);
        if (code == 0) code = jh::serve(*cfg);
    } else {
        std::fprintf(stderr, "jobhafen: unknown command '%s'\n\n", argv[1]);
        print_usage();
    }
    jh::shutdown_logging();
    return code;
}
