#pragma once
/// \file LineRenderer.h
/// The debug overlays: coloured lines and round points, streamed every frame, drawn over the
/// bodies (no depth test) so that contacts inside a pile stay visible.

#include "Gl.h"
#include "Shader.h"
#include "minkowski/viewer/Overlays.h"

#include <Eigen/Core>

namespace mk::viewer::gl {

class LineRenderer {
public:
    LineRenderer();
    ~LineRenderer();
    LineRenderer(const LineRenderer&) = delete;
    LineRenderer& operator=(const LineRenderer&) = delete;

    /// Draws `overlays` with points of `pointSize` pixels.
    void draw(const Overlays& overlays, const Eigen::Matrix4f& viewProjection, float pointSize);

private:
    void stream(const std::vector<OverlayVertex>& vertices, GLenum mode);
    Shader shader_;
    GLuint vao_ = 0;
    GLuint buffer_ = 0;
};

} // namespace mk::viewer::gl
