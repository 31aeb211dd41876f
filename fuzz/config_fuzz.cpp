// config_fuzz.cpp: the configuration loader (reactor/config.h) on a fuzzed JOBHAFEN_CONFIG file
// and fuzzed JOBHAFEN_* environment variables.
//
// The domains' sections are registered as `jobhafen` registers them (app/config_sections.h).
// The input is the config file's bytes; lines after a first line "#env" are taken as
// NAME=VALUE environment variables instead (each prefixed with JOBHAFEN_). load_config must
// answer with a configuration or a message naming what is wrong, never crash, and a loaded
// configuration must keep the bounds the table declares for the values the server sizes things by.
#include <cstdlib>
#include <string>
#include <vector>

#include "app/config_sections.h"
#include "fuzz/fuzz_support.h"
#include "reactor/config.h"

extern char** environ;

namespace {

void check(bool ok) {
    if (!ok) std::abort();
}

const std::string& config_path() {
    static const std::string p = jh::fuzz::scratch_dir() + "/config.json";
    return p;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    jh::fuzz::quiet_logging();
    // Only what this target sets may reach the loader.
    std::vector<std::string> ours;
    for (char** e = environ; e && *e; ++e)
        if (std::string_view(*e).starts_with("JOBHAFEN_")) ours.emplace_back(std::string_view(*e).substr(0, std::string_view(*e).find('=')));
    for (const auto& name : ours) ::unsetenv(name.c_str());
    ::setenv("JOBHAFEN_CONFIG", config_path().c_str(), 1);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view in = jh::fuzz::as_text(data, size);
    std::vector<std::string> set_names;
    if (in.starts_with("#env\n")) {
        jh::fuzz::write_file(config_path(), "{}");
        std::string_view rest = in.substr(5);
        while (!rest.empty()) {
            std::string_view line = rest.substr(0, rest.find('\n'));
            rest.remove_prefix(std::min(rest.size(), line.size() + 1));
            auto eq = line.find('=');
            if (eq == std::string_view::npos || eq == 0) continue;
            std::string name = "JOBHAFEN_" + std::string(line.substr(0, eq));
            std::string value(line.substr(eq + 1));
            if (name.find('\0') != std::string::npos || value.find('\0') != std::string::npos) continue;
            if (name == "JOBHAFEN_CONFIG") continue;
            if (::setenv(name.c_str(), value.c_str(), 1) == 0) set_names.push_back(std::move(name));
        }
    } else {
        jh::fuzz::write_file(config_path(), in);
    }

    auto cfg = jh::load_config(jh::all_config_sections());
    if (cfg) {
        check(cfg->http_port >= 1 && cfg->http_port <= 65535);
        check(cfg->http_max_body_bytes >= 1024);
        check(cfg->database_pool_size >= 1 && cfg->database_pool_size <= 64);
    } else {
        check(!cfg.error().empty());
    }
    for (const auto& name : set_names) ::unsetenv(name.c_str());
    return 0;
}
