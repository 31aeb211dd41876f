// fuzz_support.h: what several fuzz targets share: a private scratch folder per process, quiet
// logging, and a file written from the fuzzer's bytes for readers that take a path.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace jh::fuzz {

// A folder of this process's own under $TMPDIR (made on first use, kept for the run): readers
// that write files (the multipart reader's parts) write there, and two fuzzers never collide.
const std::string& scratch_dir();

// Writes `bytes` to `path` (replacing it). Aborts when the scratch folder is unusable, because a
// target that silently fuzzed nothing would be worse than one that stops.
void write_file(const std::string& path, std::string_view bytes);

// spdlog off: the code under test logs what it refuses, and a log line per execution would cost
// more than the execution.
void quiet_logging();

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

}  // namespace jh::fuzz
