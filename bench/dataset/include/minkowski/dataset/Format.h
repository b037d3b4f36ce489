#pragma once
/// \file Format.h
/// Version and layout constants of the trajectory dataset format (docs/dataset.md).

#include <cstdint>
#include <string_view>

namespace mk::dataset {

/// /meta attribute `schema_version` of the files this program writes. Readers read every
/// version from 1 and refuse newer ones. 2: rounded boxes, superquadrics and smoothed hulls
/// (/shapes `inflation`, `exponents`), and the solver choice of every call as a name
/// (/problems `solver` indexes /problems `solver_names`; 1: an enumeration of seven solvers).
inline constexpr std::int64_t kSchemaVersion = 2;
/// /meta attribute `format`.
inline constexpr std::string_view kFormatName = "minkowski-trajectory-dataset";
/// Rows per HDF5 chunk of the large tables.
inline constexpr size_t kChunkRows = 4096;
/// The program version written to /meta (the project's CMake version).
[[nodiscard]] std::string_view programVersion();

} // namespace mk::dataset
