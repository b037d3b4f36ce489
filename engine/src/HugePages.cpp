/// \file HugePages.cpp
/// allocateHuge() and deallocateHuge() (HugePages.h).

#include "HugePages.h"

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace mk {
namespace {

constexpr std::size_t kHugePage = std::size_t{2} << 20;

std::size_t roundedToHugePages(std::size_t bytes) {
    return (bytes + kHugePage - 1) / kHugePage * kHugePage;
}

} // namespace

void* allocateHuge(std::size_t bytes, std::size_t alignment) {
    if (bytes < kHugePageThreshold) {
        return ::operator new(bytes, std::align_val_t(alignment));
    }
    // through operator new, so that counting it (tests/engine/test_allocation.cpp) sees these too
    const std::size_t size = roundedToHugePages(bytes);
    void* p = ::operator new(size, std::align_val_t(kHugePage));
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    // Advice only: where it fails (no transparent huge pages) the pages are ordinary ones.
    (void)madvise(p, size, MADV_HUGEPAGE);
#endif
    return p;
}

void deallocateHuge(void* p, std::size_t bytes, std::size_t alignment) noexcept {
    if (bytes < kHugePageThreshold) {
        ::operator delete(p, std::align_val_t(alignment));
        return;
    }
    ::operator delete(p, std::align_val_t(kHugePage));
}

} // namespace mk
