// whole_file.cpp: see whole_file.h.
#include "reactor/whole_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>

namespace jh {

namespace {

// Beside the target (a rename never crosses a file system), unique per process and call, and
// starting with a dot so a folder listing of names we made (media::is_media_key) never takes it.
std::string temporary_name(const std::string& path) {
    static std::atomic<unsigned> next{0};
    std::filesystem::path p(path);
    std::string name = ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(next++) + "-" + p.filename().string();
    return (p.parent_path() / name).string();
}

// The failure of `what` on `path` with errno as it is now; the temporary file goes.
write_outcome failed_write(const char* what, const std::string& path, const std::string& tmp) {
    const int err = errno;
    ::unlink(tmp.c_str());
    return {is_out_of_space(err) ? write_status::no_space : write_status::failed,
            std::string("cannot ") + what + " " + path + ": " + std::strerror(err)};
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
    if (fd < 0) return failed_write("write", tmp, tmp);
    // close() is checked too: some file systems report a lack of room only there.
    const bool ok = write_all(fd, bytes) && (!sync || ::fsync(fd) == 0);
    const int err = errno;
    if (::close(fd) != 0 && ok) return failed_write("write", tmp, tmp);
    if (!ok) {
        errno = err;
        return failed_write("write", tmp, tmp);
    }
    if (::rename(tmp.c_str(), path.c_str()) != 0) return failed_write("rename to", path, tmp);
    return {};
}

}  // namespace jh
