// big_array.h: the allocator of a job index generation's large arrays (the postings of every term,
// the places, the id lookup). A patch makes a new generation every few hundred milliseconds under
// writes (docs/search.md, "Freshness"), tens of megabytes of fresh memory each time, and a fresh
// page costs a fault on first touch: on this project's virtual machines about 12 µs per 4 KB page,
// 140 ms for 48 MB — more than the patch's own work. An array of 2 MB or more is mapped on its own
// and advised to use transparent huge pages (a fault per 2 MB: 9 ms for the same 48 MB); a smaller
// one comes from malloc as before. resize() leaves new elements of these trivial types unset: each
// array is written in full right after it grows (job_index.cpp), so the zeroing pass is saved too.
// A generation's mappings go back to the kernel with it (keeping them for the next patch saved a
// tenth of an idle patch but nothing measurable under the site's mix: docs/decisions.md).
#pragma once

#include <cstddef>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

namespace jh::search {

inline constexpr std::size_t huge_page_bytes = std::size_t{2} << 20;

// A mapping of its own (big_array.cpp), `bytes` a multiple of huge_page_bytes.
namespace big_mappings {
void* map(std::size_t bytes);   // throws std::bad_alloc when the kernel has none
void unmap(void* p, std::size_t bytes) noexcept;
}  // namespace big_mappings

template <class T>
struct big_allocator {
    static_assert(std::is_trivially_destructible_v<T>, "the index's arrays hold plain values");
    using value_type = T;

    big_allocator() = default;
    template <class U>
    big_allocator(const big_allocator<U>&) noexcept {}

    T* allocate(std::size_t n) {
        const std::size_t bytes = n * sizeof(T);
        if (bytes < huge_page_bytes) return std::allocator<T>().allocate(n);
        return static_cast<T*>(big_mappings::map(mapped(bytes)));
    }
    void deallocate(T* p, std::size_t n) noexcept {
        const std::size_t bytes = n * sizeof(T);
        if (bytes < huge_page_bytes) std::allocator<T>().deallocate(p, n);
        else big_mappings::unmap(p, mapped(bytes));
    }
    // Default-initialized (unset) on resize(n); any value given is constructed as usual.
    template <class U>
    void construct(U* p) noexcept {
        ::new (static_cast<void*>(p)) U;
    }
    template <class U, class... A>
    void construct(U* p, A&&... a) {
        ::new (static_cast<void*>(p)) U(std::forward<A>(a)...);
    }
    friend bool operator==(const big_allocator&, const big_allocator&) noexcept { return true; }

private:
    static std::size_t mapped(std::size_t bytes) noexcept { return (bytes + huge_page_bytes - 1) / huge_page_bytes * huge_page_bytes; }
};

template <class T>
using big_vector = std::vector<T, big_allocator<T>>;

}  // namespace jh::search
