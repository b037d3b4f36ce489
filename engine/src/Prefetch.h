#pragma once
/// \file Prefetch.h
/// Asking the cache for memory ahead of its use: the per-pair stages (WorldImpl.h) and the PGS
/// sweeps (PgsKernels.h, PgsWide.cpp). Internal to the engine.

#include <cstdint>

namespace mk {

/// Asks for the cache lines of [begin, end).
[[gnu::always_inline]] inline void prefetchRange(const void* begin, const void* end) {
    const auto first = reinterpret_cast<std::uintptr_t>(begin) & ~std::uintptr_t{63};
    for (auto line = first; line < reinterpret_cast<std::uintptr_t>(end); line += 64) {
        __builtin_prefetch(reinterpret_cast<const void*>(line));
    }
}

} // namespace mk
