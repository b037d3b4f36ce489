/// \file Viewer.cpp
/// runViewer() and displayAvailable() (Viewer.h).

#include "minkowski/viewer/Viewer.h"

#include "App.h"

#include <cstdlib>

namespace mk::viewer {

ViewerReport runViewer(const scenes::SceneDesc& scene, const ViewerOptions& options) {
    if (options.width < 64 || options.height < 64 || options.frames < 0 ||
        options.switchSolverEvery < 0 || !(options.frameSeconds > 0.0)) {
        throw std::invalid_argument("viewer: need a window of at least 64x64, frames >= 0, "
                                    "switch-solver-every >= 0 and a positive frame time");
    }
    gl::App app(scene, options);
    return app.run();
}

bool displayAvailable() {
    const char* x11 = std::getenv("DISPLAY");
    const char* wayland = std::getenv("WAYLAND_DISPLAY");
    return (x11 != nullptr && *x11 != '\0') || (wayland != nullptr && *wayland != '\0');
}

} // namespace mk::viewer
