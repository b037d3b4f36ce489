#pragma once
/// \file HugePages.h
/// An allocator for the step's large arrays (the pair states, the contacts and their packed
/// points) that asks Linux for transparent huge pages. A 5000-body pile's pair states are 36 MB
/// and a step walks them several times: with 4 KB pages every other pair is a TLB miss, and the
/// hardware prefetcher stops at each page's end. Internal to the engine.

#include <cstddef>
#include <new>
#include <vector>

namespace mk {

/// Below this many bytes an array is allocated as usual; from it on, at a 2 MB boundary in
/// whole 2 MB pages with madvise(MADV_HUGEPAGE) (a no-op where the kernel has no transparent
/// huge pages; at most 2 MB wasted an array).
inline constexpr std::size_t kHugePageThreshold = std::size_t{1} << 20;

/// `bytes` aligned to `alignment` (huge pages from kHugePageThreshold on). \throws std::bad_alloc
[[nodiscard]] void* allocateHuge(std::size_t bytes, std::size_t alignment);
/// Frees what allocateHuge(bytes, alignment) returned.
void deallocateHuge(void* p, std::size_t bytes, std::size_t alignment) noexcept;

/// std::allocator with allocateHuge(): stateless, so every instance frees what any allocated.
template <class T> struct HugePageAllocator {
    using value_type = T;
    HugePageAllocator() = default;
    template <class U> explicit HugePageAllocator(const HugePageAllocator<U>&) noexcept {}
    [[nodiscard]] T* allocate(std::size_t n) {
        return static_cast<T*>(allocateHuge(n * sizeof(T), alignof(T)));
    }
    void deallocate(T* p, std::size_t n) noexcept { deallocateHuge(p, n * sizeof(T), alignof(T)); }
    friend bool operator==(const HugePageAllocator&, const HugePageAllocator&) { return true; }
};

/// A vector of the step's large arrays (HugePageAllocator).
template <class T> using HugeVector = std::vector<T, HugePageAllocator<T>>;

} // namespace mk
