#pragma once
/// \file App.h
/// The viewer's window and frame loop: GLFW window with an OpenGL 3.3 core context, Dear ImGui,
/// mouse and keys, the model advanced by the frame's wall time (or a fixed time per frame when
/// unattended), the 3D view, the panels and screenshots.

#include "Gl.h"
#include "Input.h"
#include "Renderer.h"
#include "Ui.h"
#include "minkowski/viewer/Camera.h"
#include "minkowski/viewer/Overlays.h"
#include "minkowski/viewer/Viewer.h"
#include "minkowski/viewer/ViewerModel.h"

#include <memory>
#include <optional>

namespace mk::viewer::gl {

class App {
public:
    /// Opens the window. \throws ViewerError when it cannot.
    App(const scenes::SceneDesc& scene, const ViewerOptions& options);
    ~App();
    App(const App&) = delete;
    App& operator=(const App&) = delete;

    ViewerReport run();

    // GLFW callbacks (installed before ImGui's, which chains to them).
    void onKey(int key, int action, int mods);
    void onMouseButton(int button, int action, int mods);
    void onScroll(double dy);

private:
    /// Callbacks, ImGui, renderer, view (after the window is open).
    void setUp();
    /// Releases the renderer, ImGui and the window (idempotent).
    void close();
    [[nodiscard]] bool unattended() const { return !options_.screenshot.empty(); }
    void countFrame(double frameSeconds);
    void frame(double frameSeconds);
    void carryOut(Action action);
    void carryOut(const UiRequests& requests);
    void restart();
    void throwObject();
    void resetView();
    void followMouse();
    void saveScreenshot(const std::string& path);
    [[nodiscard]] Ray cursorRay() const;

    ViewerOptions options_;
    GLFWwindow* window_ = nullptr;
    std::unique_ptr<ViewerModel> model_;
    std::unique_ptr<Renderer> renderer_;
    Camera camera_;
    Overlays overlays_;
    UiState ui_;
    DragMode drag_ = DragMode::None;
    double lastX_ = 0.0, lastY_ = 0.0;
    std::optional<BodyId> hovered_;
    bool screenshotRequested_ = false;
    std::int64_t steps_ = 0;
    int solverSwitches_ = 0;
    bool imguiReady_ = false;
    double fpsSeconds_ = 0.0;
    int fpsFrames_ = 0;
};

} // namespace mk::viewer::gl
