#pragma once
/// \file CompressedRows.h
/// Per-item lists as compressed rows (CSR), the layout of ConvexMesh's vertex neighbours and
/// the faces around each vertex.

#include <algorithm>
#include <vector>

namespace mk::detail {

/// Sorts and de-duplicates each of `lists` and writes them as rows: row i is
/// values[offsets[i], offsets[i + 1]); `offsets` gets lists.size() + 1 entries.
inline void toCompressedRows(std::vector<std::vector<int>>& lists, std::vector<int>& offsets,
                             std::vector<int>& values) {
    offsets.assign(1, 0);
    values.clear();
    for (auto& list : lists) {
        std::sort(list.begin(), list.end());
        list.erase(std::unique(list.begin(), list.end()), list.end());
        values.insert(values.end(), list.begin(), list.end());
        offsets.push_back(static_cast<int>(values.size()));
    }
}

} // namespace mk::detail
