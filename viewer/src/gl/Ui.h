#pragma once
/// \file Ui.h
/// The Dear ImGui panels: controls (run, scene, narrow phase, overlays, interaction, recording)
/// on the left, statistics and per-solver plots on the right. Panels change the model's state
/// directly; what needs the window or camera comes back as UiRequests.

#include "minkowski/viewer/ViewerModel.h"

#include <array>
#include <cstdint>
#include <string>

namespace mk::viewer::gl {

/// What the panels keep between frames and what the app tells them.
struct UiState {
    double framesPerSecond = 0.0;
    std::int64_t frames = 0;
    std::string message;       ///< last notice (screenshot saved, errors), shown under the buttons
    double messageTime = -1e9; ///< when it was set (glfwGetTime)
    std::array<char, 512> recordPath{};
};

/// Requests from the panels, carried out by the app after the frame's UI.
struct UiRequests {
    bool restart = false;
    bool resetView = false;
    bool screenshot = false;
    bool throwObject = false;
    std::string loadScene; ///< a built-in scene name to switch to
};

/// Left panel. `now` is glfwGetTime() (for fading the message).
void drawControls(ViewerModel& model, UiState& ui, UiRequests& requests, double now);
/// Right panel: the last step's counts and times, then the plots.
void drawStatistics(const ViewerModel& model);
/// The per-solver plots of narrow-phase time and iterations per call (UiPlots.cpp).
void drawSolverPlots(const StatsHistory& history);

} // namespace mk::viewer::gl
