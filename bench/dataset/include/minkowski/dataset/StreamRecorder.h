#pragma once
/// \file StreamRecorder.h
/// Records the narrow-phase calls of a world that someone else steps (the viewer's record
/// button) as one trajectory, streaming rows to the file as they come so that memory stays
/// bounded. Bodies and states are not recorded (the hook sees calls only); a call whose previous
/// query happened before the recording started falls back to obb on replay (lenient recording).

#include "minkowski/dataset/Recorder.h"
#include "minkowski/dataset/Writer.h"

#include <cstdint>
#include <optional>
#include <string>

namespace mk::dataset {

class StreamRecorder {
public:
    /// Rows kept in memory before they are written.
    static constexpr size_t kFlushRows = 65536;

    /// Opens the temporary file of `path`. \throws DatasetError as DatasetWriter.
    StreamRecorder(const std::string& path, DatasetMeta meta, WriterOptions options = {});

    /// One call of the world's NarrowPhaseHook.
    void onNarrowPhase(const NarrowPhaseEvent& event);
    /// Completes the file and renames it onto `path`. Without it, nothing is left behind.
    void finish();

    [[nodiscard]] std::int64_t problems() const { return problems_; }

private:
    void flush();

    DatasetWriter writer_;
    DatasetMeta meta_;
    TrajectoryRecorder recorder_{0};
    std::optional<std::int64_t> firstStep_;
    std::int64_t lastStep_ = 0;
    std::int64_t problems_ = 0;
};

} // namespace mk::dataset
