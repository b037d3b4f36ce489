#pragma once
/// \file MeshRenderer.h
/// Bodies as lit triangle meshes: one vertex array per geometry (uploaded on first use from the
/// MeshLibrary), drawn once per body with its pose, colour and opacity.

#include "Gl.h"
#include "Shader.h"
#include "minkowski/viewer/Tessellation.h"

#include <Eigen/Core>
#include <vector>

namespace mk::viewer::gl {

/// What one draw of a body needs.
struct MeshDraw {
    int geometry = 0;                                    ///< MeshLibrary::index
    Eigen::Matrix4f model = Eigen::Matrix4f::Identity(); ///< shape -> world
    Eigen::Vector3f color = Eigen::Vector3f::Ones();
    float alpha = 1.0f;
};

class MeshRenderer {
public:
    MeshRenderer();
    ~MeshRenderer();
    MeshRenderer(const MeshRenderer&) = delete;
    MeshRenderer& operator=(const MeshRenderer&) = delete;

    /// Uploads `mesh` as geometry `index` unless already there.
    void upload(int index, const TriangleMesh& mesh);
    /// Sets the camera and light for the draws that follow.
    void begin(const Eigen::Matrix4f& viewProjection, const Eigen::Vector3f& eye) const;
    void draw(const MeshDraw& draw) const;

private:
    struct Buffers {
        GLuint vao = 0, vertices = 0, indices = 0;
        GLsizei count = 0;
    };
    Shader shader_;
    std::vector<Buffers> buffers_;
};

} // namespace mk::viewer::gl
