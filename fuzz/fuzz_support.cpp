// fuzz_support.cpp: see fuzz_support.h.
#include "fuzz/fuzz_support.h"

#include <spdlog/spdlog.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>

namespace jh::fuzz {

const std::string& scratch_dir() {
    static const std::string dir = [] {
        const char* tmp = std::getenv("TMPDIR");
        std::string d = std::string(tmp && *tmp ? tmp : "/tmp") + "/jobhafen-fuzz-" + std::to_string(::getpid());
        std::error_code ec;
        std::filesystem::create_directories(d, ec);
        if (ec) {
            std::fprintf(stderr, "fuzz: cannot create %s: %s\n", d.c_str(), ec.message().c_str());
            std::abort();
        }
        return d;
    }();
    // Removed when the fuzzer exits normally; after a crash it stays, with the files that led there.
    static const struct remover {
        ~remover() {
            std::error_code ec;
            std::filesystem::remove_all(dir, ec);
        }
    } remove_at_exit;
    return dir;
}

void write_file(const std::string& path, std::string_view bytes) {
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f || std::fwrite(bytes.data(), 1, bytes.size(), f) != bytes.size() || std::fclose(f) != 0) {
        std::fprintf(stderr, "fuzz: cannot write %s\n", path.c_str());
        std::abort();
    }
}

void quiet_logging() { spdlog::set_level(spdlog::level::off); }

}  // namespace jh::fuzz
