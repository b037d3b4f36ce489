#pragma once
/// \file Viewer.h
/// The interactive viewer's window (GLFW + Dear ImGui + OpenGL 3.3 core): `minkowski view` and
/// `minkowski run` (with a display) open it.
///
/// Without a screenshot path it runs until the window is closed, at the scene's fixed step
/// whatever the frame rate. With one (`--screenshot out.png --frames N`) it renders N frames
/// without user input, each advancing the simulation by `frameSeconds` of simulated time (so the
/// picture does not depend on the machine's speed), saves the last frame and returns.

#include "minkowski/scenes/SceneDesc.h"
#include "minkowski/viewer/DatasetRecorder.h"
#include "minkowski/viewer/ViewerState.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>

namespace mk::viewer {

/// No window could be opened: no display, no OpenGL 3.3 core context, GLFW failed.
class ViewerError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct ViewerOptions {
    int width = 1280; ///< window size (unit: screen coordinate)
    int height = 720;
    /// Non-empty: render `frames` frames unattended, save the last one here (PNG) and return.
    std::filesystem::path screenshot;
    /// Frames to render; 0 = until the window is closed (not allowed with a screenshot).
    int frames = 0;
    /// Unattended frames: simulated time per frame (unit: second).
    double frameSeconds = 1.0 / 60.0;
    /// Test hook: every this many frames, switch to the next solver of the registry (0 = never).
    int switchSolverEvery = 0;
    /// Multisample antialiasing: samples per pixel, or -1 for 4 on a GPU and none on a software
    /// renderer (llvmpipe, softpipe), where it would cost half the frame rate.
    int samples = -1;
    /// Overlays at start (default: DrawToggles' defaults).
    std::optional<DrawToggles> toggles;
    /// Start paused (interactive runs).
    bool paused = false;
    /// Links dataset recording to the window's record button; empty: the button is disabled.
    DatasetRecorderFactory recorderFactory;
};

/// What a viewer run did (printed by the command line).
struct ViewerReport {
    std::int64_t frames = 0;
    std::int64_t steps = 0;
    double seconds = 0.0; ///< wall time from the first frame to the last (unit: second)
    int solverSwitches = 0;
    std::filesystem::path screenshot; ///< the file written, empty when none
    [[nodiscard]] double framesPerSecond() const { return seconds > 0.0 ? frames / seconds : 0.0; }
};

/// Opens the viewer on a validated scene and returns when it is closed or the frames are done.
/// \throws ViewerError when no window can be opened; std::invalid_argument on bad options;
/// scenes::SceneError when the scene cannot be built.
ViewerReport runViewer(const scenes::SceneDesc& scene, const ViewerOptions& options);

/// True when a display is named ($DISPLAY or $WAYLAND_DISPLAY set), so a window may open.
[[nodiscard]] bool displayAvailable();

} // namespace mk::viewer
