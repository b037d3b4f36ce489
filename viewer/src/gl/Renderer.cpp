/// \file Renderer.cpp

#include "Renderer.h"

#include "minkowski/viewer/Appearance.h"

#include <Eigen/Geometry>
#include <algorithm>

namespace mk::viewer::gl {
namespace {

Eigen::Matrix4f modelMatrix(const Pose& pose) {
    Eigen::Matrix4d m = Eigen::Matrix4d::Identity();
    m.block<3, 3>(0, 0) = pose.rotation.toRotationMatrix();
    m.block<3, 1>(0, 3) = pose.translation;
    return m.cast<float>();
}

} // namespace

void Renderer::draw(ViewerModel& model, const Camera& camera, int width, int height,
                    const Overlays& overlays, std::optional<BodyId> highlight) {
    glViewport(0, 0, width, height);
    glClearColor(kBackground.x(), kBackground.y(), kBackground.z(), 1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glEnable(GL_DEPTH_TEST);
    glDepthMask(GL_TRUE);
    glEnable(GL_CULL_FACE);
    glCullFace(GL_BACK);
    glFrontFace(GL_CCW);
    glDisable(GL_BLEND);

    const Eigen::Matrix4f viewProjection =
        camera.projection(double(width) / std::max(height, 1)) * camera.view();
    meshes_.begin(viewProjection, camera.eye().cast<float>());
    const std::vector<bool> seeThrough = model.state().toggles.transparentStatic
                                             ? seeThroughBodies(model.world())
                                             : std::vector<bool>(model.world().bodyCount(), false);
    drawBodies(model, seeThrough, false, highlight);

    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glDepthMask(GL_FALSE);
    drawBodies(model, seeThrough, true, highlight);
    glDepthMask(GL_TRUE);

    lines_.draw(overlays, viewProjection, 4.0f);
    glDisable(GL_BLEND);
    glDisable(GL_CULL_FACE);
}

void Renderer::drawBodies(ViewerModel& model, const std::vector<bool>& seeThrough,
                          bool transparentPass, std::optional<BodyId> highlight) {
    const World& world = model.world();
    for (BodyId id = 0; id < world.bodyCount(); ++id) {
        if (seeThrough[id] != transparentPass) {
            continue;
        }
        const Body& body = world.body(id);
        const int geometry = model.meshes().index(body.shape);
        meshes_.upload(geometry, model.meshes().mesh(body.shape));
        MeshDraw d;
        d.geometry = geometry;
        d.model = modelMatrix(body.shapePose());
        d.color = body.isDynamic() ? bodyColor(geometry) : staticColor();
        if (highlight == id) {
            d.color = (d.color * 0.5f + Eigen::Vector3f::Constant(0.5f)).eval();
        }
        d.alpha = transparentPass ? kSeeThroughAlpha : 1.0f;
        meshes_.draw(d);
    }
}

} // namespace mk::viewer::gl
