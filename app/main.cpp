// main.cpp: the `jobhafen` binary. One build, one config, one log format; the subcommand picks
// the role: serve (the web server), migrate (apply migrations/), worker KIND, seed and admin.
// app/ is the composition root: the only folder that includes every other (docs/architecture.md).
#include <sodium.h>
#include <spdlog/spdlog.h>

#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "app/config_sections.h"
#include "app/create_admin.h"
#include "media/media_files.h"
#include "app/loop_domain.h"
#include "reactor/config.h"
#include "reactor/json_body.h"
#include "reactor/log.h"
#include "reactor/migrate.h"
#include "reactor/server.h"
#include "search/query_values.h"
#include "workers/admin.h"
#include "workers/seed/seed.h"
#include "workers/worker.h"

namespace {

void print_usage() {
    std::fputs(
        "Usage: jobhafen COMMAND\n"
        "\n"
        "Commands:\n"
        "  serve     run the web server (applies pending migrations first)\n"
        "  migrate   apply pending migrations from migrations/ and exit\n"
        "  worker KIND         run a queue worker (mail, webhooks); 'worker --list' prints the kinds\n"
        "  admin jobs --dead   list dead queue jobs (also --retry ID, --stats)\n"
        "  admin bench-queue   the queue benchmark (bench/queue/run)\n"
        "  admin create-admin EMAIL [--password-stdin]   set up an administrator account\n"
        "  admin organizations list|approve ID|reject ID|candidate-search ID on|off   review providers\n"
        "  routes    print every route with its declared policy (docs/routes.md)\n"
        "  seed [--organizations N] [--jobs M] [--seed S]   write demo organizations and job postings\n"
        "\n"
        "Configuration: config/default.json, then the file named by JOBHAFEN_CONFIG, then\n"
        "JOBHAFEN_* environment variables (JOBHAFEN_HTTP_PORT sets http.port).\n",
        stdout);
}

// `serve`: the media folder, then the server with every domain's routes and each loop's actors, and
// the job index they share (made here, so it outlives the loops).
int serve_command(const jh::config& cfg) {
    if (std::string err = jh::media::make_media_dir(cfg.var_dir); !err.empty()) spdlog::warn("{}", err);
    jh::process_domain process(cfg);
    return jh::serve(cfg, jh::server_wiring(process));
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2 || std::string_view(argv[1]) == "--help" || std::string_view(argv[1]) == "help") {
        print_usage();
        return argc < 2 ? 2 : 0;
    }
    std::string_view command = argv[1];
    // The route table needs no configuration: its policies are declared in the code.
    if (command == "routes") return jh::routes_command();

    auto cfg = jh::load_config(jh::all_config_sections());
    if (!cfg) {
        std::fprintf(stderr, "jobhafen: configuration error: %s\n", cfg.error().c_str());
        return 2;
    }
    if (sodium_init() < 0) {
        std::fputs("jobhafen: libsodium could not be initialised\n", stderr);
        return 1;
    }
    jh::setup_logging(*cfg);
    jh::set_max_json_string_chars(static_cast<std::size_t>(cfg->http_max_json_string_chars));
    jh::search::set_query_bounds(static_cast<std::size_t>(cfg->http_max_query_params),
                                 static_cast<std::size_t>(cfg->http_max_query_value_chars));

    int code = 2;
    if (command == "migrate") {
        code = jh::migrate_command(*cfg);
    } else if (command == "serve") {
        code = 0;
        if (cfg->database_migrate_on_serve) code = jh::migrate_command(*cfg);
        if (code == 0) code = serve_command(*cfg);
    } else if (command == "seed") {
        code = jh::seed::seed_command(*cfg, std::vector<std::string>(argv + 2, argv + argc));
    } else if (command == "worker") {
        code = jh::workers::worker_command(*cfg, std::vector<std::string>(argv + 2, argv + argc));
    } else if (command == "admin" && argc >= 3 && std::string_view(argv[2]) == "jobs") {
        code = jh::workers::admin_jobs_command(*cfg, std::vector<std::string>(argv + 3, argv + argc));
    } else if (command == "admin" && argc >= 3 && std::string_view(argv[2]) == "organizations") {
        code = jh::workers::admin_organizations_command(*cfg, std::vector<std::string>(argv + 3, argv + argc));
    } else if (command == "admin" && argc >= 3 && std::string_view(argv[2]) == "create-admin") {
        code = jh::create_admin_command(*cfg, std::vector<std::string>(argv + 3, argv + argc));
    } else if (command == "admin" && argc >= 3 && std::string_view(argv[2]) == "bench-queue") {
        code = jh::workers::bench_queue_command(*cfg, std::vector<std::string>(argv + 3, argv + argc));
    } else {
        std::fprintf(stderr, "jobhafen: unknown command '%s'\n\n", argv[1]);
        print_usage();
    }
    jh::shutdown_logging();
    return code;
}
