// whole_file.cpp: see whole_file.h.
#include "reactor/whole_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <random>

namespace jh {

namespace {

constexpr std::string_view temporary_prefix = ".tmp-";

// Beside the target (a rename never crosses a file system), unique per process and call, with
// random bits besides (two containers sharing a volume may both be pid 1, and a crashed process's
// leftover may carry today's pid), and starting with a dot so a folder listing of names we made
// (media::is_media_key) never takes it.
std::string temporary_name(const std::string& path) {
    static std::atomic<unsigned> next{0};
    thread_local std::random_device random;
    char salt[9];
    std::snprintf(salt, sizeof salt, "%08x", random());
    std::filesystem::path p(path);
    std::string name = std::string(temporary_prefix) + std::to_string(::getpid()) + "-" + std::to_string(next++) + "-" + salt + "-" + p.filename().string();
    return (p.parent_path() / name).string();
}

// The rename itself survives a power loss only once its folder is synced.
bool sync_folder_of(const std::string& path) {
    int fd = ::open(std::filesystem::path(path).parent_path().c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return false;
    const bool ok = ::fsync(fd) == 0;
    ::close(fd);
    return ok;
}

// The failure of `what` on `path` with errno `err`.
write_outcome failure(int err, const char* what, const std::string& path) {
    return {is_out_of_space(err) ? write_status::no_space : write_status::failed,
            std::string("cannot ") + what + " " + path + ": " + std::strerror(err)};
}

// The same with errno as it is now; the temporary file goes.
write_outcome failed_write(const char* what, const std::string& path, const std::string& tmp) {
    const int err = errno;
    ::unlink(tmp.c_str());
    return failure(err, what, path);
}

bool write_all(int fd, std::string_view bytes) {
    while (!bytes.empty()) {
        ssize_t n = ::write(fd, bytes.data(), bytes.size());
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return false;
        bytes.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
}

}  // namespace

bool is_out_of_space(int err) noexcept { return err == ENOSPC || err == EDQUOT || err == -ENOSPC || err == -EDQUOT; }

write_outcome write_whole_file(const std::string& path, std::string_view bytes, bool sync) {
    const std::string tmp = temporary_name(path);
    int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0640);
    if (fd < 0) return failure(errno, "write", tmp);   // nothing of ours to remove (an EEXIST name is another's)
    // close() is checked too: some file systems report a lack of room only there.
    const bool ok = write_all(fd, bytes) && (!sync || ::fsync(fd) == 0);
    const int err = errno;
    if (::close(fd) != 0 && ok) return failed_write("write", tmp, tmp);
    if (!ok) {
        errno = err;
        return failed_write("write", tmp, tmp);
    }
    if (::rename(tmp.c_str(), path.c_str()) != 0) return failed_write("rename to", path, tmp);
    if (sync && !sync_folder_of(path)) return failure(errno, "sync the folder of", path);
    return {};
}

std::size_t remove_stale_temporaries(const std::string& folder, std::chrono::seconds age) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const auto before = fs::file_time_type::clock::now() - age;
    std::size_t removed = 0;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
        const auto& entry = *it;
        if (!entry.path().filename().string().starts_with(temporary_prefix)) continue;
        std::error_code e;
        if (!entry.is_regular_file(e) || entry.is_symlink(e)) continue;
        const auto written = entry.last_write_time(e);
        if (e || written >= before) continue;
        if (fs::remove(entry.path(), e) && !e) ++removed;
    }
    return removed;
}

}  // namespace jh
