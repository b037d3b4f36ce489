#pragma once
/// \file Renderer.h
/// One frame of the 3D view: opaque bodies, see-through static bodies, then the overlays.

#include "LineRenderer.h"
#include "MeshRenderer.h"
#include "minkowski/viewer/Camera.h"
#include "minkowski/viewer/Overlays.h"
#include "minkowski/viewer/ViewerModel.h"

#include <optional>

namespace mk::viewer::gl {

class Renderer {
public:
    Renderer() = default;

    /// Draws the model's bodies and `overlays` into the current framebuffer (width x height
    /// pixels); `highlight` is drawn brighter (the grabbed or hovered body).
    void draw(ViewerModel& model, const Camera& camera, int width, int height,
              const Overlays& overlays, std::optional<BodyId> highlight);

private:
    void drawBodies(ViewerModel& model, const std::vector<bool>& seeThrough, bool transparentPass,
                    std::optional<BodyId> highlight);
    MeshRenderer meshes_;
    LineRenderer lines_;
};

} // namespace mk::viewer::gl
