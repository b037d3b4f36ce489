#pragma once
/// \file ReaderChecks.h
/// Consistency checks of a dataset read from a file, so that a damaged or hand-edited file gives
/// a clear error instead of a crash or a silently wrong benchmark.

#include "Schema.h"
#include "minkowski/dataset/Reader.h"

#include <string>
#include <vector>

namespace mk::dataset {

/// Shape `index` of /shapes from its row and the shared vertex and triangle tables.
/// \throws DatasetError naming `where` and the shape when its type is unknown, its ranges fall
/// outside the tables or a triangle names a vertex the shape does not have.
ShapeRecord shapeRecord(const ShapeRow& row, const std::string& name,
                        const std::vector<VertexRow>& vertices,
                        const std::vector<TriangleRow>& triangles, const std::string& where,
                        size_t index);

/// Checks the trajectory index against the tables, and every id and enum value of the rows.
/// \throws DatasetError naming the file, the column and the row.
void checkDataset(const Dataset& dataset, const ReadOptions& options);

} // namespace mk::dataset
