/// \file test_camera.cpp
/// Orbit camera: matrices agree with rays and pixels; fit() frames the box; controls.

#include "minkowski/viewer/Camera.h"

#include <Eigen/Geometry>
#include <gtest/gtest.h>

namespace mk::viewer {
namespace {

Eigen::Vector2d pixelByMatrices(const Camera& c, const Vec3& p, int w, int h) {
    const Eigen::Vector4f clip = c.projection(double(w) / h) * c.view() *
                                 Eigen::Vector4f(float(p.x()), float(p.y()), float(p.z()), 1.0f);
    const Eigen::Vector3f ndc = clip.head<3>() / clip.w();
    return {0.5 * (ndc.x() + 1.0) * w, 0.5 * (1.0 - ndc.y()) * h};
}

TEST(Camera, RayThroughAPixelProjectsBackToIt) {
    Camera c;
    c.target = Vec3(0.3, -0.2, 0.5);
    c.yaw = 0.7;
    c.pitch = 0.4;
    c.distance = 4.0;
    for (const auto& [x, y] :
         {std::pair{0.0, 0.0}, {640.0, 360.0}, {1279.0, 10.0}, {200.5, 700.25}}) {
        const Ray r = c.ray(x, y, 1280, 720);
        EXPECT_NEAR(r.direction.norm(), 1.0, 1e-12);
        const auto pixel = c.pixelOf(r.origin + 2.5 * r.direction, 1280, 720);
        ASSERT_TRUE(pixel.has_value());
        EXPECT_NEAR(pixel->x(), x, 1e-9);
        EXPECT_NEAR(pixel->y(), y, 1e-9);
    }
}

TEST(Camera, MatricesAgreeWithPixelOf) {
    Camera c;
    c.target = Vec3(1, 2, 0.5);
    c.distance = 2.0;
    for (const Vec3& p : {Vec3(1, 2, 0.5), Vec3(1.3, 2.2, 0.1), Vec3(0.6, 1.5, 1.0)}) {
        const auto pixel = c.pixelOf(p, 800, 600);
        ASSERT_TRUE(pixel.has_value());
        const Eigen::Vector2d m = pixelByMatrices(c, p, 800, 600);
        EXPECT_NEAR(m.x(), pixel->x(), 1e-3);
        EXPECT_NEAR(m.y(), pixel->y(), 1e-3);
    }
    const auto centre = c.pixelOf(c.target, 800, 600);
    EXPECT_NEAR(centre->x(), 400.0, 1e-9);
    EXPECT_NEAR(centre->y(), 300.0, 1e-9);
    EXPECT_FALSE(c.pixelOf(c.eye() - c.forward(), 800, 600).has_value()); // behind the eye
}

TEST(Camera, UpIsUpAndFrameIsOrthonormal) {
    Camera c;
    EXPECT_GT(c.up().z(), 0.0);
    EXPECT_NEAR(c.forward().dot(c.right()), 0.0, 1e-12);
    EXPECT_NEAR(c.forward().dot(c.up()), 0.0, 1e-12);
    EXPECT_NEAR(c.right().z(), 0.0, 1e-12);
    const auto above = c.pixelOf(c.target + Vec3(0, 0, 0.1), 640, 480);
    EXPECT_LT(above->y(), 240.0); // higher in the world, higher on the screen
}

TEST(Camera, FitShowsEveryCornerOfTheBox) {
    const Aabb box{Vec3(-1.8, -1.8, -0.1), Vec3(1.8, 1.8, 2.5)};
    for (double aspect : {16.0 / 9.0, 1.0, 0.6}) {
        const Camera c = Camera::fit(box, aspect);
        const int h = 600;
        const int w = int(aspect * h);
        for (int i = 0; i < 8; ++i) {
            const Vec3 corner((i & 1) ? box.max.x() : box.min.x(),
                              (i & 2) ? box.max.y() : box.min.y(),
                              (i & 4) ? box.max.z() : box.min.z());
            const auto p = c.pixelOf(corner, w, h);
            ASSERT_TRUE(p.has_value());
            EXPECT_GE(p->x(), 0.0);
            EXPECT_LE(p->x(), w);
            EXPECT_GE(p->y(), 0.0);
            EXPECT_LE(p->y(), h);
        }
    }
}

TEST(Camera, OrbitPanZoom) {
    Camera c;
    const Vec3 target = c.target;
    const double d = c.distance;
    c.orbit(100, 0);
    EXPECT_NEAR((c.eye() - c.target).norm(), d, 1e-12);
    EXPECT_EQ(c.target, target);
    c.orbit(0, 1e6); // pitch clamps below the pole
    EXPECT_LT(c.pitch, 1.5708);
    EXPECT_GT(c.up().z(), 0.0);
    c.zoom(1.0);
    EXPECT_LT(c.distance, d);
    const Vec3 before = c.target;
    c.pan(-100, 0, 600);
    EXPECT_GT((c.target - before).dot(c.right()), 0.0); // the scene follows the mouse
}

} // namespace
} // namespace mk::viewer
