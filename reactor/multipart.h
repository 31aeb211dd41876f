// multipart.h: reading a multipart/form-data body that was spooled to a file (uploads).
//
// Runs on a thread-pool thread (blocking reads and writes are fine there), never on a loop. The
// body is read in 64 KiB blocks; text fields are kept in memory (bounded), file parts are copied
// to new files in `out_dir` with names we generate, so memory stays flat whatever the upload's
// size. The client's file name is kept only as text for display, never used as a path.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace jh {

struct multipart_file {
    std::string field;          // the form field name, e.g. "file"
    std::string client_name;    // the file name the client gave (display only)
    std::string path;           // where the part's bytes are now (out_dir/part-<random>)
    std::uint64_t size = 0;
    std::string head;           // the first 64 bytes, for sniffing the type
};

struct multipart_form {
    std::vector<std::pair<std::string, std::string>> fields;
    std::vector<multipart_file> files;
    std::optional<std::string_view> field(std::string_view name) const;
    std::vector<std::string_view> all(std::string_view name) const;   // repeated fields, name or name[]
};

struct multipart_limits {
    std::size_t max_field_bytes = 64 * 1024;
    int max_parts = 100;
    std::uint64_t max_file_bytes = 0;   // 0: no limit of its own (the body limit applies)
};

// no_space: a part could not be written for want of room on the disk (ENOSPC, EDQUOT): a 503
// (reactor/cannot_store.h), not the upload's fault; io: any other failure to read or write.
enum class multipart_error { none, malformed, file_too_large, io, no_space };

// The boundary of a Content-Type header value, or nullopt when it is not multipart/form-data.
std::optional<std::string> multipart_boundary(std::string_view content_type);

// Parses `path`. On any error, files already written are removed and the error is returned.
multipart_error parse_multipart_file(const std::string& path, const std::string& boundary, const std::string& out_dir,
                                     const multipart_limits& limits, multipart_form& out);

// Removes the files of a parsed form (when the handler did not move them).
void remove_parts(const multipart_form& form);

}  // namespace jh
