#pragma once
/// \file MetaIo.h
/// /meta: DatasetMeta as attributes of the group (names in snake_case, docs/dataset.md).

#include "minkowski/dataset/Records.h"

#include <hdf5.h>
#include <string>

namespace mk::dataset {

void writeMeta(hid_t group, const DatasetMeta& meta);
/// \throws DatasetError naming `where` and the attribute when one is missing or mistyped, when
/// the format name is not ours, or when the schema version is newer than this program's.
DatasetMeta readMeta(hid_t group, const std::string& where);

} // namespace mk::dataset
