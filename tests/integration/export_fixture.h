// export_fixture.h: reading the data export (a ZIP) in integration tests, with Debian's unzip —
// an independent reader, so a test proves that a standard tool opens our archive.
#pragma once

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

namespace jh::test::export_fixture {

// Runs `unzip OPTIONS archive NAMES` on the archive bytes and returns its standard output.
inline std::string unzip(const std::string& archive, const std::string& options, const std::string& names = {}) {
    std::string path = (std::filesystem::temp_directory_path() / ("jobhafen-export-" + std::to_string(::getpid()) + ".zip")).string();
    std::ofstream(path, std::ios::binary) << archive;
    std::string out;
    if (FILE* p = ::popen(("unzip " + options + " " + path + " " + names + " 2>&1").c_str(), "r")) {
        char buf[65536];
        for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
        ::pclose(p);
    }
    std::filesystem::remove(path);
    return out;
}

// One entry's bytes ("" when missing).
inline std::string entry(const std::string& archive, const std::string& name) { return unzip(archive, "-p", "'" + name + "'"); }

// The names in the archive, one a line ("" when it is no ZIP).
inline std::string names(const std::string& archive) { return unzip(archive, "-Z1"); }

// Whether `unzip -t` finds every entry intact (CRCs included) with nothing to repair.
inline bool intact(const std::string& archive) { return unzip(archive, "-tq").rfind("No errors detected", 0) == 0; }

}  // namespace jh::test::export_fixture
