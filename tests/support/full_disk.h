// full_disk.h: a folder on a small file system of its own that a test fills up (issue 46 item 4):
// a tmpfs mounted over the folder, and a ballast file that leaves as much room as the test asks.
// Removing the ballast is the operator's step ("make room"); nothing is restarted. Mounting needs
// root (CI runs as root); where it is refused, mounted() is false and the test skips.
#pragma once

#include <gtest/gtest.h>

#include <sys/mount.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

namespace jh::test {

class full_disk {
public:
    explicit full_disk(std::string folder, const std::string& size = "4m") : folder_(std::move(folder)), ballast_(folder_ + "/ballast") {
        std::filesystem::create_directories(folder_);
        const std::string options = "size=" + size + ",mode=0777";
        mounted_ = geteuid() == 0 && ::mount("tmpfs", folder_.c_str(), "tmpfs", 0, options.c_str()) == 0;
    }
    ~full_disk() {
        if (mounted_) ::umount2(folder_.c_str(), MNT_DETACH);
    }
    full_disk(const full_disk&) = delete;
    full_disk& operator=(const full_disk&) = delete;

    bool mounted() const { return mounted_; }
    static constexpr const char* cannot_mount = "mounting a tmpfs needs root (and a container that allows it)";

    // The ballast takes all but about `bytes` (tmpfs counts whole pages of 4 KiB). False when the
    // disk could not be set so: the caller asserts it, as a helper's ASSERT would only leave the helper.
    [[nodiscard]] bool leave_free(std::uint64_t bytes) {
        make_room();
        auto free_bytes = [&]() -> std::uint64_t {
            struct statvfs v {};
            return ::statvfs(folder_.c_str(), &v) == 0 ? std::uint64_t(v.f_bavail) * v.f_frsize : 0;
        };
        const std::uint64_t before = free_bytes();
        if (before <= bytes) return false;
        std::ofstream out(ballast_, std::ios::binary);
        out << std::string(before - bytes, 'b');
        out.close();
        return out.good() && free_bytes() <= bytes + 8192;
    }
    void make_room() { std::filesystem::remove(ballast_); }

    // The files in the folder other than the ballast (temporary ones included).
    std::size_t files() const {
        std::size_t n = 0;
        std::error_code ec;
        for (auto& e : std::filesystem::directory_iterator(folder_, ec)) n += e.path() != ballast_;
        return n;
    }

private:
    std::string folder_, ballast_;
    bool mounted_ = false;
};

}  // namespace jh::test
