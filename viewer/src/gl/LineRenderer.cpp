/// \file LineRenderer.cpp

#include "LineRenderer.h"

#include <cstddef>

namespace mk::viewer::gl {
namespace {

const char* const kVertex = R"(#version 330 core
layout(location = 0) in vec3 aPosition;
layout(location = 1) in vec4 aColor;
uniform mat4 uViewProjection;
uniform float uPointSize;
out vec4 vColor;
void main() {
    vColor = aColor;
    gl_PointSize = uPointSize;
    gl_Position = uViewProjection * vec4(aPosition, 1.0);
})";

// Points are discs: corners of the point sprite are discarded (gl_PointCoord is 0 for lines).
const char* const kFragment = R"(#version 330 core
in vec4 vColor;
uniform float uRound;
out vec4 fragColor;
void main() {
    if (uRound > 0.5 && length(gl_PointCoord - vec2(0.5)) > 0.5) discard;
    fragColor = vColor;
})";

} // namespace

LineRenderer::LineRenderer() : shader_(kVertex, kFragment) {
    glGenVertexArrays(1, &vao_);
    glBindVertexArray(vao_);
    glGenBuffers(1, &buffer_);
    glBindBuffer(GL_ARRAY_BUFFER, buffer_);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(OverlayVertex),
                          reinterpret_cast<void*>(offsetof(OverlayVertex, x)));
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(OverlayVertex),
                          reinterpret_cast<void*>(offsetof(OverlayVertex, color)));
    glBindVertexArray(0);
}

LineRenderer::~LineRenderer() {
    glDeleteBuffers(1, &buffer_);
    glDeleteVertexArrays(1, &vao_);
}

void LineRenderer::stream(const std::vector<OverlayVertex>& vertices, GLenum mode) {
    if (vertices.empty()) {
        return;
    }
    glBindBuffer(GL_ARRAY_BUFFER, buffer_);
    glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(vertices.size() * sizeof(OverlayVertex)),
                 vertices.data(), GL_STREAM_DRAW);
    glDrawArrays(mode, 0, GLsizei(vertices.size()));
}

void LineRenderer::draw(const Overlays& overlays, const Eigen::Matrix4f& viewProjection,
                        float pointSize) {
    shader_.use();
    shader_.set("uViewProjection", viewProjection);
    shader_.set("uPointSize", pointSize);
    glBindVertexArray(vao_);
    glDisable(GL_DEPTH_TEST);
    glEnable(GL_PROGRAM_POINT_SIZE);
    shader_.set("uRound", 0.0f);
    stream(overlays.lines, GL_LINES);
    shader_.set("uRound", 1.0f);
    stream(overlays.points, GL_POINTS);
    glEnable(GL_DEPTH_TEST);
    glBindVertexArray(0);
}

} // namespace mk::viewer::gl
