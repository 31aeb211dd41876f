// request_id.cpp: see request_id.h.
#include "reactor/request_id.h"

#include <fmt/format.h>

#include <atomic>
#include <cstdint>
#include <random>

namespace jh {

namespace {

// A random prefix per process, so ids of two instances (or of a restarted one) never collide.
std::uint32_t process_prefix() {
    static const std::uint32_t prefix = [] {
        std::random_device rd;
        return static_cast<std::uint32_t>(rd());
    }();
    return prefix;
}

// A small number per thread, so two loops counting from zero never make the same id.
std::uint32_t thread_number() {
    static std::atomic<std::uint32_t> next{0};
    thread_local const std::uint32_t mine = next.fetch_add(1, std::memory_order_relaxed);
    return mine;
}

bool safe_char(char c) noexcept {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
           c == ':' || c == '-';
}

}  // namespace

bool request_id_is_acceptable(std::string_view id) noexcept {
    if (id.empty() || id.size() > max_request_id_length) return false;
    for (char c : id)
        if (!safe_char(c)) return false;
    return true;
}

std::string accept_or_make_request_id(std::optional<std::string_view> incoming) {
    if (incoming && request_id_is_acceptable(*incoming)) return std::string(*incoming);
    thread_local std::uint64_t counter = 0;
    return fmt::format("{:08x}{:x}-{:x}", process_prefix(), thread_number(), ++counter);
}

}  // namespace jh
