// zip_writer.h: writes a ZIP archive (PKWARE APPNOTE 6.3) to a file, entry by entry.
//
// Made for the data export: small texts (JSON) are deflated (zlib, raw deflate) from memory;
// files (JPEG, PDF, MP4, already compressed) are stored as they are and copied from disk in
// 64 KiB blocks, so memory never follows a file's size. Sizes and CRCs are known before each
// local header (a file is read twice: once for its CRC, once to copy), so no data descriptors are
// needed and every unzipper reads the result. No ZIP64: an archive stops at 4 GiB (add() fails).
// Blocking file I/O: run it on a thread pool, never on a loop. Unit-tested in
// tests/unit/zip_writer_test.cpp.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace jh {

class zip_writer {
public:
    // Opens (truncates) `path` for writing; ok() is false when that failed.
    explicit zip_writer(const std::string& path);
    ~zip_writer();
    zip_writer(const zip_writer&) = delete;
    zip_writer& operator=(const zip_writer&) = delete;

    bool ok() const noexcept { return file_ != nullptr && !failed_; }

    // `name` is the path inside the archive (UTF-8, "/" separated, no leading "/", no "..").
    bool add_text(std::string_view name, std::string_view data);          // deflated
    bool add_file(std::string_view name, const std::string& source_path);  // stored; false when unreadable
    // Writes the central directory and closes the file. Returns false when anything failed.
    bool finish();

private:
    struct entry {
        std::string name;
        std::uint32_t crc = 0;
        std::uint32_t compressed = 0;
        std::uint32_t size = 0;
        std::uint16_t method = 0;
        std::uint32_t offset = 0;
    };
    bool write(const void* p, std::size_t n);
    bool local_header(const entry& e);
    static void put_entry_fields(std::string& out, const entry& e);
    bool room_for(std::uint64_t bytes) const noexcept;

    std::FILE* file_ = nullptr;
    bool failed_ = false;
    std::uint64_t offset_ = 0;
    std::vector<entry> entries_;
};

}  // namespace jh
