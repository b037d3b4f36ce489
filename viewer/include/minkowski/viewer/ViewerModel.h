#pragma once
/// \file ViewerModel.h
/// Everything the viewer does except drawing: the scene and its world, the run control, the
/// solver and warm-start switches (taking effect at the next step), the narrow-phase log and
/// statistics history, mouse dragging, thrown objects and dataset recording. No OpenGL here: the
/// tests drive it without a display.

#include "minkowski/scenes/Build.h"
#include "minkowski/scenes/SceneDesc.h"
#include "minkowski/scenes/Shapes.h"
#include "minkowski/viewer/Camera.h"
#include "minkowski/viewer/DatasetRecorder.h"
#include "minkowski/viewer/MouseSpring.h"
#include "minkowski/viewer/NarrowPhaseLog.h"
#include "minkowski/viewer/Picking.h"
#include "minkowski/viewer/StatsHistory.h"
#include "minkowski/viewer/Tessellation.h"
#include "minkowski/viewer/ViewerState.h"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mk::viewer {

/// The scene parameters the user edits; restart() applies them.
struct SceneParams {
    std::uint64_t seed = 0;
    std::vector<int> counts; ///< bodies of each generator, in SceneDesc::generators order
};

/// Largest body count per generator the viewer accepts (restart() refuses more, or fewer than 0).
inline constexpr int kMaxGeneratorCount = 5000;

class ViewerModel {
public:
    /// Seconds of steps kept in the statistics history (at the scene's step).
    static constexpr double kHistorySeconds = 6.0;

    /// Loads the shapes of a validated scene and builds its first trajectory; the solver and
    /// warm start start as the scene says.
    /// \throws scenes::SceneError when a shape cannot be loaded or the world cannot be built.
    explicit ViewerModel(scenes::SceneDesc scene, int maxStepsPerFrame = 8);
    ~ViewerModel();
    ViewerModel(const ViewerModel&) = delete;
    ViewerModel& operator=(const ViewerModel&) = delete;

    /// Replaces the scene (shapes reloaded); solver and warm start become the new scene's.
    void loadScene(scenes::SceneDesc scene);
    /// Rebuilds the world with `params`; keeps the solver, warm start, toggles and speed. Stops
    /// a recording. \throws scenes::SceneError on invalid parameters (the world is unchanged).
    void restart();

    [[nodiscard]] const scenes::SceneDesc& scene() const { return scene_; }
    SceneParams params;

    [[nodiscard]] ViewerState& state() { return state_; }
    [[nodiscard]] const ViewerState& state() const { return state_; }

    /// Runs the steps this frame gets (ViewerState::stepsForFrame) and returns how many ran.
    /// After a blow-up (error() not empty) nothing runs until restart().
    int advance(double frameSeconds);
    /// One step now: the selected solver and warm start, the mouse spring, then World::step().
    /// A SimulationError pauses the run and is kept in error() (the world keeps its last state).
    void step();

    [[nodiscard]] const World& world() const { return built_->world; }
    [[nodiscard]] const std::vector<scenes::BodyInfo>& bodies() const { return built_->bodies; }
    [[nodiscard]] const NarrowPhaseLog& lastCalls() const { return log_; }
    [[nodiscard]] const StatsHistory& history() const { return history_; }
    /// The message of the last simulation blow-up, empty when none since the last restart.
    [[nodiscard]] const std::string& error() const { return error_; }
    [[nodiscard]] MeshLibrary& meshes() { return meshes_; }

    /// The part of the scene the default view frames: the dynamic bodies and the static bodies
    /// around and below them (a huge floor is cut to the neighbourhood of the dynamic bodies).
    [[nodiscard]] Aabb viewBounds() const;
    /// The default camera for a viewport of width/height `aspect`.
    [[nodiscard]] Camera defaultCamera(double aspect) const {
        return Camera::fit(viewBounds(), aspect);
    }

    /// Grabs the dynamic body under `ray` with the mouse spring; the cursor then moves on the
    /// plane through the grabbed point facing `viewDirection`. Returns false when none is hit.
    bool grab(const Ray& ray, const Vec3& viewDirection);
    /// Moves the spring's target to where `ray` meets the drag plane.
    void drag(const Ray& ray);
    void release();
    [[nodiscard]] const MouseSpring* spring() const { return spring_ ? &*spring_ : nullptr; }

    /// Throws a new body (a shape of the scene's generators, chosen at random) from `from` so that
    /// it lands at `to` after a flight of `flightSeconds` under gravity. Returns its id.
    BodyId throwObject(const Vec3& from, const Vec3& to, double flightSeconds = 0.6);

    /// A linked dataset recorder enables recording (none: the record button is disabled).
    void setRecorderFactory(DatasetRecorderFactory factory) {
        recorderFactory_ = std::move(factory);
    }
    [[nodiscard]] bool canRecord() const { return static_cast<bool>(recorderFactory_); }
    [[nodiscard]] bool recording() const { return recorder_ != nullptr; }
    [[nodiscard]] const std::filesystem::path& recordingPath() const { return recordingPath_; }
    /// \throws std::logic_error without a recorder factory; the recorder's errors pass through.
    void startRecording(const std::filesystem::path& path);
    /// Ends the recording (also done by restart, loadScene and the destructor). Never throws: a
    /// recorder that fails (when stopping, or on a call while recording, which ends the recording
    /// at once) is logged and described by recordingStatus(); the recorder leaves no file then.
    void stopRecording();
    /// How the last recording ended: "saved PATH", or "recording failed, nothing saved: WHY";
    /// empty before the first one ends.
    [[nodiscard]] const std::string& recordingStatus() const { return recordingStatus_; }

private:
    void build(const scenes::SceneDesc& scene);
    void recordingFailed(const std::string& why);
    void resetParams();

    scenes::SceneDesc scene_;
    scenes::SceneShapes shapes_;
    std::unique_ptr<scenes::BuiltScene> built_;
    ViewerState state_;
    NarrowPhaseLog log_;
    StatsHistory history_;
    MeshLibrary meshes_;
    std::string error_;
    std::optional<MouseSpring> spring_;
    Vec3 dragPlanePoint_ = Vec3::Zero();
    Vec3 dragPlaneNormal_ = Vec3::UnitZ();
    int thrown_ = 0;
    DatasetRecorderFactory recorderFactory_;
    std::unique_ptr<DatasetRecorder> recorder_;
    std::filesystem::path recordingPath_;
    std::string recordingStatus_;
};

/// Writes the generators' counts and the seed of `params` into `scene` (no validation).
void applyParams(const SceneParams& params, scenes::SceneDesc& scene);

} // namespace mk::viewer
