#pragma once
/// \file DatasetRecorder.h
/// The viewer's hook for recording a dataset of narrow-phase calls from the window. The format
/// (HDF5, the same as `minkowski record`) belongs to the recorder: the viewer only starts it,
/// hands it every narrow-phase call of the running world and stops it. Until a recorder is linked
/// (ViewerOptions::recorderFactory), the window's record button stays disabled.

#include "minkowski/engine/World.h"

#include <filesystem>
#include <functional>
#include <memory>

namespace mk::viewer {

class DatasetRecorder {
public:
    virtual ~DatasetRecorder() = default;
    /// Opens the dataset at `path`. \throws std::exception when it cannot be written.
    virtual void start(const std::filesystem::path& path) = 0;
    /// One narrow-phase call of the world being recorded (NarrowPhaseHook), in call order.
    virtual void onNarrowPhase(const NarrowPhaseEvent& event) = 0;
    /// Completes and closes the dataset. \throws std::exception when it cannot be written; then,
    /// and when the recorder is destroyed without stop(), nothing is left at the path.
    virtual void stop() = 0;
};

/// Makes a fresh recorder for each recording.
using DatasetRecorderFactory = std::function<std::unique_ptr<DatasetRecorder>()>;

} // namespace mk::viewer
