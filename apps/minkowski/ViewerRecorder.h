#pragma once
/// \file ViewerRecorder.h
/// The viewer's record button (viewer/DatasetRecorder.h) on the dataset library: the calls of
/// the world on screen streamed to an HDF5 dataset (mk::dataset::StreamRecorder).

#include "minkowski/scenes/SceneDesc.h"
#include "minkowski/viewer/DatasetRecorder.h"

#include <string>

namespace mk::cli {

/// Recorders whose /meta describes `scene` (its file: `sceneFile`), source "minkowski view".
viewer::DatasetRecorderFactory makeViewerRecorderFactory(const scenes::SceneDesc& scene,
                                                         const std::string& sceneFile);

} // namespace mk::cli
