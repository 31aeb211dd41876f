// zip_writer.cpp: see zip_writer.h.
#include "reactor/zip_writer.h"

#include "reactor/compress.h"

#include <zlib.h>

#include <array>
#include <optional>
#include <limits>

namespace jh {

namespace {

constexpr std::uint32_t local_signature = 0x04034b50;
constexpr std::uint32_t central_signature = 0x02014b50;
constexpr std::uint32_t end_signature = 0x06054b50;
constexpr std::uint16_t version_needed = 20;     // 2.0: deflate
constexpr std::uint16_t flag_utf8_names = 0x0800;
constexpr std::uint16_t method_stored = 0;
constexpr std::uint16_t method_deflate = 8;
constexpr std::size_t block = 64 * 1024;
// 1980-01-01 00:00 in DOS form: the export's own timestamp is in its JSON, not in the entries.
constexpr std::uint16_t dos_time = 0;
constexpr std::uint16_t dos_date = (0 << 9) | (1 << 5) | 1;

void put16(std::string& out, std::uint16_t v) {
    out.push_back(static_cast<char>(v & 0xff));
    out.push_back(static_cast<char>(v >> 8));
}
void put32(std::string& out, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}

std::uint32_t crc_of(std::string_view data) {
    uLong crc = crc32(0L, Z_NULL, 0);
    // crc32 takes a uInt length: feed large inputs in blocks.
    for (std::size_t at = 0; at < data.size(); at += block) {
        std::size_t n = std::min(block, data.size() - at);
        crc = crc32(crc, reinterpret_cast<const Bytef*>(data.data() + at), static_cast<uInt>(n));
    }
    return static_cast<std::uint32_t>(crc);
}

}  // namespace

zip_writer::zip_writer(const std::string& path) : file_(std::fopen(path.c_str(), "wb")) {}

zip_writer::~zip_writer() {
    if (file_) std::fclose(file_);
}

bool zip_writer::write(const void* p, std::size_t n) {
    if (failed_ || !file_) return false;
    if (n && std::fwrite(p, 1, n, file_) != n) failed_ = true;
    offset_ += n;
    return !failed_;
}

bool zip_writer::room_for(std::uint64_t bytes) const noexcept {
    return offset_ + bytes + 1024 * 1024 < std::numeric_limits<std::uint32_t>::max() && entries_.size() < 65000;
}

// The fields a local header and a central directory entry share, in this order: version needed,
// flags, method, time, date, CRC, sizes, name length.
void zip_writer::put_entry_fields(std::string& out, const entry& e) {
    put16(out, version_needed);
    put16(out, flag_utf8_names);
    put16(out, e.method);
    put16(out, dos_time);
    put16(out, dos_date);
    put32(out, e.crc);
    put32(out, e.compressed);
    put32(out, e.size);
    put16(out, static_cast<std::uint16_t>(e.name.size()));
}

bool zip_writer::local_header(const entry& e) {
    std::string h;
    put32(h, local_signature);
    put_entry_fields(h, e);
    put16(h, 0);   // extra
    h += e.name;
    return write(h.data(), h.size());
}

bool zip_writer::add_text(std::string_view name, std::string_view data) {
    if (!ok() || name.empty() || name.size() > 0xffff) return failed_ = true, false;
    // Raw deflate (no zlib header), as ZIP wants it.
    std::optional<std::string> packed = deflate_whole(data, 6, -15);
    if (!packed || !room_for(packed->size())) return failed_ = true, false;
    entry e{std::string(name), crc_of(data), static_cast<std::uint32_t>(packed->size()), static_cast<std::uint32_t>(data.size()),
            method_deflate, static_cast<std::uint32_t>(offset_)};
    if (!local_header(e) || !write(packed->data(), packed->size())) return false;
    entries_.push_back(std::move(e));
    return true;
}

bool zip_writer::add_file(std::string_view name, const std::string& source_path) {
    if (!ok() || name.empty() || name.size() > 0xffff) return false;
    std::FILE* in = std::fopen(source_path.c_str(), "rb");
    if (!in) return false;   // a missing file is skipped, not fatal: the caller decides
    std::array<char, block> buf;
    // Pass 1: size and CRC.
    uLong crc = crc32(0L, Z_NULL, 0);
    std::uint64_t size = 0;
    for (std::size_t n; (n = std::fread(buf.data(), 1, buf.size(), in)) > 0;) {
        crc = crc32(crc, reinterpret_cast<const Bytef*>(buf.data()), static_cast<uInt>(n));
        size += n;
    }
    if (std::ferror(in) || !room_for(size)) {
        std::fclose(in);
        return false;
    }
    entry e{std::string(name), static_cast<std::uint32_t>(crc), static_cast<std::uint32_t>(size), static_cast<std::uint32_t>(size),
            method_stored, static_cast<std::uint32_t>(offset_)};
    bool good = local_header(e);
    // Pass 2: copy exactly the bytes counted (a file growing meanwhile would break the entry).
    std::rewind(in);
    std::uint64_t left = size;
    while (good && left > 0) {
        std::size_t want = static_cast<std::size_t>(std::min<std::uint64_t>(left, buf.size()));
        std::size_t n = std::fread(buf.data(), 1, want, in);
        if (n != want) {
            failed_ = true;
            good = false;
            break;
        }
        good = write(buf.data(), n);
        left -= n;
    }
    std::fclose(in);
    if (good) entries_.push_back(std::move(e));
    return good;
}

bool zip_writer::finish() {
    if (!ok()) return false;
    std::uint64_t start = offset_;
    std::string cd;
    for (const auto& e : entries_) {
        put32(cd, central_signature);
        put16(cd, (3 << 8) | version_needed);   // made by: Unix
        put_entry_fields(cd, e);
        put16(cd, 0);   // extra
        put16(cd, 0);   // comment
        put16(cd, 0);   // disk
        put16(cd, 0);   // internal attributes
        put32(cd, 0100644u << 16);   // external: a regular file, rw-r--r--
        put32(cd, e.offset);
        cd += e.name;
    }
    std::size_t directory_bytes = cd.size();
    put32(cd, end_signature);
    put16(cd, 0);
    put16(cd, 0);
    put16(cd, static_cast<std::uint16_t>(entries_.size()));
    put16(cd, static_cast<std::uint16_t>(entries_.size()));
    put32(cd, static_cast<std::uint32_t>(directory_bytes));
    put32(cd, static_cast<std::uint32_t>(start));
    put16(cd, 0);
    bool good = write(cd.data(), cd.size());
    if (std::fclose(file_) != 0) good = false;
    file_ = nullptr;
    return good && !failed_;
}

}  // namespace jh
