/// \file test_picking.cpp
/// Ray-triangle intersection and the nearest body under a ray.

#include "minkowski/viewer/Picking.h"

#include <gtest/gtest.h>

namespace mk::viewer {
namespace {

TEST(Picking, RayTriangleHitsInsideAndMissesOutside) {
    const Vec3 a(0, 0, 0), b(1, 0, 0), c(0, 1, 0);
    const Ray down{Vec3(0.2, 0.2, 2.0), -Vec3::UnitZ()};
    const auto t = rayTriangle(down, a, b, c);
    ASSERT_TRUE(t.has_value());
    EXPECT_NEAR(*t, 2.0, 1e-12);
    EXPECT_TRUE(
        rayTriangle({Vec3(0.2, 0.2, -2.0), Vec3::UnitZ()}, a, b, c).has_value()); // back side
    EXPECT_FALSE(rayTriangle({Vec3(0.8, 0.8, 2.0), -Vec3::UnitZ()}, a, b, c).has_value());
    EXPECT_FALSE(rayTriangle({Vec3(0.2, 0.2, 2.0), Vec3::UnitZ()}, a, b, c).has_value()); // behind
    EXPECT_FALSE(
        rayTriangle({Vec3(0.2, 0.2, 2.0), Vec3::UnitX()}, a, b, c).has_value()); // parallel
}

struct PickWorld {
    World world;
    BodyId floor, near, far;
    PickWorld() {
        BodyDesc floorDesc(Shape::box({2, 2, 0.05}));
        floorDesc.type = BodyType::Static;
        floorDesc.pose.translation = Vec3(0, 0, -0.05);
        floor = world.addBody(floorDesc);
        BodyDesc ball(Shape::sphere(0.1));
        ball.pose.translation = Vec3(0, 0, 0.5);
        near = world.addBody(ball);
        ball.pose.translation = Vec3(0, 0, 0.2);
        far = world.addBody(ball);
    }
};

TEST(Picking, NearestBodyAlongTheRay) {
    PickWorld w;
    MeshLibrary meshes;
    const Ray down{Vec3(0.01, 0.0, 3.0), -Vec3::UnitZ()};
    const auto hit = pickBody(w.world, meshes, down, false);
    ASSERT_TRUE(hit.has_value());
    EXPECT_EQ(hit->body, w.near);
    EXPECT_NEAR(hit->point.z(), 0.6, 2e-3); // the top of the ball, up to the tessellation
    EXPECT_NEAR(hit->distance, 2.4, 2e-3);
}

TEST(Picking, StaticBodiesIgnoredWhenOnlyDynamicOnesArePicked) {
    PickWorld w;
    MeshLibrary meshes;
    const Ray beside{Vec3(1.0, 1.0, 3.0), -Vec3::UnitZ()};
    const auto any = pickBody(w.world, meshes, beside, false);
    ASSERT_TRUE(any.has_value());
    EXPECT_EQ(any->body, w.floor);
    EXPECT_FALSE(pickBody(w.world, meshes, beside, true).has_value());
    const Ray sideways{Vec3(-3.0, 0.0, 0.2), Vec3::UnitX()};
    const auto ball = pickBody(w.world, meshes, sideways, true);
    ASSERT_TRUE(ball.has_value());
    EXPECT_EQ(ball->body, w.far);
}

} // namespace
} // namespace mk::viewer
