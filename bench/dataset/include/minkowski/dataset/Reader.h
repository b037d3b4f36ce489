#pragma once
/// \file Reader.h
/// Reads a dataset file (docs/dataset.md) back into memory and checks that it is consistent.

#include "minkowski/dataset/Records.h"

#include <string>

namespace mk::dataset {

/// What to load besides /meta, /shapes, the trajectory index and the problems.
struct ReadOptions {
    bool bodies = true;
    bool states = true; ///< the largest table after the problems; the replay does not need it
};

/// Reads the dataset at `path`; meshes are rebuilt from their stored hull vertices.
/// \throws DatasetError naming the file and the group or column: missing file, not HDF5, not a
/// dataset (missing group or column), newer schema, wrong column widths or lengths, indices out
/// of range, offsets that do not tile the tables.
Dataset readDataset(const std::string& path, const ReadOptions& options = {});

/// /meta only. \throws DatasetError as readDataset().
DatasetMeta readDatasetMeta(const std::string& path);

} // namespace mk::dataset
