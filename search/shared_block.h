// shared_block.h: an immutable object shared by several owners, with a tail of bytes of its own
// size, in one allocation with the count of its owners in front.
//
// Why: every live job keeps a card and a ranking text (931,000 of each at 1,000,000 seeded jobs),
// each shared by the generations of the index that list the job. As a std::shared_ptr to an
// object owning a separate block, each cost a control block (16 bytes), a 16-byte pointer in every
// holder, an 8-byte pointer to its block and a second allocation with its own header and rounding:
// about 90 bytes per job for the two. Here the holder is one pointer, and object and tail are one
// allocation. T finds its tail right after itself (`tail_of(this)`), so its size must keep the
// tail's elements aligned (a multiple of 8).
//
// A holder may be destroyed where T is incomplete (search/job_index.h's job_record only declares
// its card and text): the last owner calls `destroy_block(const T*)`, which T's own file defines
// (found by argument-dependent lookup) as `shared_block<T>::destroy(object)`.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <new>
#include <span>
#include <utility>

namespace jh::search {

template <class T>
class shared_block {
    // In front of the object: the count of its owners (8 bytes, so the object stays aligned).
    struct header {
        std::atomic<std::uint32_t> owners;
        std::uint32_t unused;
    };

public:
    // The allocation's bytes but the tail's.
    static constexpr std::size_t node_bytes() noexcept { return sizeof(header) + sizeof(T); }

    shared_block() noexcept = default;
    shared_block(std::nullptr_t) noexcept {}
    shared_block(const shared_block& other) noexcept : at_(other.at_) {
        if (at_) at_->owners.fetch_add(1, std::memory_order_relaxed);
    }
    shared_block(shared_block&& other) noexcept : at_(std::exchange(other.at_, nullptr)) {}
    shared_block& operator=(shared_block other) noexcept {
        std::swap(at_, other.at_);
        return *this;
    }
    ~shared_block() { release(); }

    // A T made in place by T(tail, args...), `tail` being the `tail_bytes` bytes after it.
    template <class... Args>
    static shared_block make(std::size_t tail_bytes, Args&&... args) {
        static_assert(sizeof(T) % 8 == 0 && alignof(T) <= alignof(header) * 2, "the tail starts right after T, aligned for 8-byte elements");
        void* memory = ::operator new(node_bytes() + tail_bytes);
        auto* h = new (memory) header{{1}, 0};
        auto* place = reinterpret_cast<std::byte*>(h + 1);
        try {
            new (place) T(std::span<std::byte>(place + sizeof(T), tail_bytes), std::forward<Args>(args)...);
        } catch (...) {
            ::operator delete(memory);
            throw;
        }
        shared_block b;
        b.at_ = h;
        return b;
    }

    // Ends the object and frees its allocation: what T's `destroy_block` does.
    static void destroy(const T* object) noexcept {
        object->~T();
        ::operator delete(const_cast<void*>(static_cast<const void*>(reinterpret_cast<const header*>(object) - 1)));
    }

    // Without std::launder, which needs T complete: the object was made right there by make() and
    // the storage never held another.
    const T* get() const noexcept { return at_ ? reinterpret_cast<const T*>(at_ + 1) : nullptr; }
    const T* operator->() const noexcept { return get(); }
    const T& operator*() const noexcept { return *get(); }
    explicit operator bool() const noexcept { return at_ != nullptr; }
    friend bool operator==(const shared_block& a, std::nullptr_t) noexcept { return a.at_ == nullptr; }
    // How many hold it (tests).
    std::uint32_t owners() const noexcept { return at_ ? at_->owners.load(std::memory_order_relaxed) : 0; }

private:
    void release() noexcept {
        if (at_ && at_->owners.fetch_sub(1, std::memory_order_acq_rel) == 1) destroy_block(get());
        at_ = nullptr;
    }

    header* at_ = nullptr;
};

// The tail of an object made by shared_block<T>::make: the bytes right after it.
template <class T>
const std::byte* tail_of(const T* object) noexcept {
    return reinterpret_cast<const std::byte*>(object + 1);
}

}  // namespace jh::search
