#pragma once
/// \file Recorder.h
/// Recording narrow-phase calls: one trajectory from a world's hook (TrajectoryRecorder), a whole
/// scene in parallel with a deterministic file (recordScene), and a streaming recorder for a
/// world that someone else steps (the viewer's record button).

#include "minkowski/dataset/Records.h"
#include "minkowski/dataset/Writer.h"
#include "minkowski/engine/World.h"
#include "minkowski/scenes/Build.h"
#include "minkowski/scenes/SceneDesc.h"
#include "minkowski/scenes/Shapes.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace mk::dataset {

/// Collects one trajectory: bodies, states after every step and every narrow-phase call, with
/// the pair memory the `previous` warm starts need (mirroring mk::PairCache: updated by every
/// real call whose status is not invalid-input, never by perturbed calls).
class TrajectoryRecorder {
public:
    explicit TrajectoryRecorder(std::int32_t trajectory) { data_.trajectory = trajectory; }

    /// The world's bodies (BodyRow) and their initial states. `info` names bodies and shapes
    /// (a scene's BodyInfo, by BodyId); bodies beyond it are named after their shape type.
    void recordBodies(const World& world, const std::vector<scenes::BodyInfo>& info);
    /// States of the moving bodies at world.stepCount().
    void recordStates(const World& world);
    /// One call of the world's NarrowPhaseHook.
    /// \throws DatasetError when the engine's pair memory disagrees with the recorder's (a call
    /// the hook did not see: the contact cache must be off) or a shape cannot be stored.
    void onNarrowPhase(const NarrowPhaseEvent& event);
    /// The recorded rows; the recorder is empty afterwards.
    TrajectoryData finish(std::int32_t steps, std::uint64_t stateHash);
    /// The rows recorded since the last call, with every shape seen so far (ids stay valid); the
    /// pair memory is kept. For streaming a long recording through DatasetWriter::append().
    TrajectoryData takeRows();

    /// Lenient recording, for a world that ran before the recording started (the viewer): a call
    /// whose previous query the recorder did not see gets queried_previous = 0 (its warm starts
    /// fall back to obb on replay) instead of an error.
    void setLenient(bool lenient) { lenient_ = lenient; }

    [[nodiscard]] size_t problemCount() const { return data_.problems.size(); }

private:
    struct PairMemory {
        std::int64_t step = 0;
        Pose poseA;
        Pose poseB;
        Vec3 witnessA = Vec3::Zero();
        Vec3 witnessB = Vec3::Zero();
        Vec3 separation = Vec3::UnitX();
    };
    std::int32_t shapeId(const Shape& shape, BodyId body);
    /// Row of data_.solverNames of `choice` (added on first use).
    std::int32_t solverId(const SolverChoice& choice);
    void fillPrevious(const NarrowPhaseEvent& event, ProblemRow& row) const;

    TrajectoryData data_;
    std::vector<Shape> seen_;             ///< the shapes of data_.shapes
    std::vector<std::string> shapeNames_; ///< by BodyId, from recordBodies
    std::map<std::pair<BodyId, BodyId>, PairMemory> pairs_;
    bool lenient_ = false;
    SolverChoice lastChoice_;    ///< the last call's choice and its row: names are built only
    std::int32_t lastSolver_ = -1; ///< when the choice changes (a live switch)
};

/// The k-th of N disjoint parts of a dataset (`--shard k/N`): trajectories
/// [k * T / N, (k + 1) * T / N).
struct Shard {
    int index = 0;
    int count = 1;
};
/// Parses "k/N" with 0 <= k < N. \throws DatasetError otherwise.
Shard parseShard(std::string_view text);
/// The first trajectory and the count of `shard` among `trajectories`.
[[nodiscard]] std::pair<int, int> shardRange(const Shard& shard, int trajectories);

/// Runs one trajectory of a validated scene (contact cache off) and records it.
TrajectoryData recordTrajectory(const scenes::SceneDesc& scene, const scenes::SceneShapes& shapes,
                                int trajectory);

struct RecordOptions {
    int threads = 1; ///< trajectories simulated at once; the file is the same for any count
    Shard shard;
    /// After each trajectory written: (trajectories written, trajectories of the shard).
    std::function<void(int, int)> progress;
    /// Checked between trajectories; when it becomes true recordScene throws Interrupted.
    const std::atomic<bool>* interrupt = nullptr;
};

/// A recording stopped by RecordOptions::interrupt (Ctrl-C).
class Interrupted : public std::runtime_error {
public:
    Interrupted() : std::runtime_error("interrupted") {}
};

struct RecordSummary {
    int trajectories = 0;
    std::int64_t problems = 0;
    double seconds = 0.0; ///< wall time of the simulation and writing
};

/// Records the shard's trajectories of a validated scene into `writer`, in trajectory order,
/// `threads` at a time; does not commit. The contact cache is turned off (every call is made).
/// \throws Interrupted, DatasetError, or what the scene or the engine throws (the writer is then
/// left uncommitted: destroying it removes its temporary file).
RecordSummary recordScene(const scenes::SceneDesc& scene, const scenes::SceneShapes& shapes,
                          const RecordOptions& options, DatasetWriter& writer);

/// The /meta of a recording of `scene` (as recorded: options applied). `sceneFile` is the file
/// the scene came from or "builtin:NAME"; `meshFolder` the --meshes folder, if any.
DatasetMeta recordingMeta(const scenes::SceneDesc& scene, const std::string& sceneFile,
                          const std::string& meshFolder, const Shard& shard);

} // namespace mk::dataset
