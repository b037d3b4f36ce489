#pragma once
/// \file Format.h
/// Version and layout constants of the trajectory dataset format (docs/dataset.md).

#include <cstdint>
#include <string_view>

namespace mk::dataset {

/// /meta attribute `schema_version`. Readers refuse newer versions.
inline constexpr std::int64_t kSchemaVersion = 1;
/// /meta attribute `format`.
inline constexpr std::string_view kFormatName = "minkowski-trajectory-dataset";
/// Rows per HDF5 chunk of the large tables.
inline constexpr size_t kChunkRows = 4096;
/// The program version written to /meta (the project's CMake version).
[[nodiscard]] std::string_view programVersion();

} // namespace mk::dataset
