// big_array.cpp: the mappings of the index's large arrays (big_array.h), advised to use transparent
// huge pages.
#include "search/big_array.h"

#include <sys/mman.h>

namespace jh::search::big_mappings {

void* map(std::size_t bytes) {
    void* p = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    ::madvise(p, bytes, MADV_HUGEPAGE);   // a hint: where huge pages are off, 4 KB pages as before
    return p;
}

void unmap(void* p, std::size_t bytes) noexcept { ::munmap(p, bytes); }

}  // namespace jh::search::big_mappings
