/// \file test_build.cpp
/// SceneDesc -> World: the funnel's geometry, body order and metadata, the placements, and the
/// trajectory streams (any trajectory rebuilt alone is the same).

#include "TestFiles.h"
#include "minkowski/scenes/Build.h"
#include "minkowski/scenes/BuiltinScenes.h"
#include "minkowski/scenes/Funnel.h"
#include "minkowski/scenes/SceneFile.h"

#include <gtest/gtest.h>
#include <numbers>
#include <set>

namespace mk::scenes {
namespace {

TEST(Funnel, WallsInnerFacesLieOnTheInnerPlanes) {
    FunnelSpec funnel;
    funnel.halfWidth = 0.3;
    funnel.tiltDegrees = 25.0;
    funnel.wallHeight = 1.2;
    const std::vector<FunnelPart> parts = funnelParts(funnel);
    const std::vector<Plane> planes = funnelInnerPlanes(funnel);
    ASSERT_EQ(parts.size(), 5u);
    ASSERT_EQ(planes.size(), 5u);
    for (size_t k = 0; k < 5; ++k) {
        // The face of box k on the funnel's side: local -x for walls, +z for the floor.
        const FunnelPart& p = parts[k];
        const Vec3 inner = k == 0 ? Vec3(0, 0, p.halfExtents.z()) : Vec3(-p.halfExtents.x(), 0, 0);
        for (const double u : {-1.0, 1.0}) {
            for (const double v : {-1.0, 1.0}) {
                const Vec3 corner =
                    k == 0 ? inner + Vec3(u * p.halfExtents.x(), v * p.halfExtents.y(), 0)
                           : inner + Vec3(0, u * p.halfExtents.y(), v * p.halfExtents.z());
                EXPECT_NEAR(planes[k].distance(p.pose.apply(corner)), 0.0, 1e-12) << p.name;
            }
        }
        // The box itself is on the outer side of its plane.
        EXPECT_LT(planes[k].distance(p.pose.translation), 0.0) << p.name;
    }
    // The wall tops reach the wall height, and the inner square grows with the tilt.
    EXPECT_NEAR(
        parts[1].pose.apply(Vec3(-parts[1].halfExtents.x(), 0, parts[1].halfExtents.z())).z(), 1.2,
        1e-12);
    EXPECT_NEAR(funnelHalfWidthAt(funnel, 1.0), 0.3 + std::tan(25.0 * std::numbers::pi / 180.0),
                1e-15);
    EXPECT_GT(planes[1].distance(Vec3(0, 0, 0.5)), 0.0);
}

TEST(Build, BodiesInOrderWithMetadata) {
    SceneDesc scene = builtinScene("funnel");
    scene.generators[0].count = 12;
    const BuiltScene built = buildWorld(scene);
    ASSERT_EQ(built.world.bodyCount(), 5u + 12u);
    ASSERT_EQ(built.bodies.size(), 17u);
    EXPECT_EQ(built.bodies[0].name, "funnel floor");
    EXPECT_EQ(built.bodies[4].name, "funnel wall -y");
    EXPECT_EQ(built.bodies[5].name, "objects[0]");
    EXPECT_EQ(built.bodies[16].group, "objects");
    for (BodyId id = 0; id < 5; ++id) {
        EXPECT_EQ(built.world.body(id).type, BodyType::Static);
        EXPECT_EQ(built.bodies[id].mesh, nullptr);
    }
    for (BodyId id = 5; id < 17; ++id) {
        EXPECT_TRUE(built.world.body(id).isDynamic());
        ASSERT_NE(built.bodies[id].mesh, nullptr);
        EXPECT_EQ(built.world.body(id).shape.convexMesh(), built.bodies[id].mesh->hull.get());
        EXPECT_NEAR(built.world.body(id).material.friction, 0.4, 0.0);
    }
}

TEST(Build, GeneratedBodiesStartApartInsideTheFunnel) {
    SceneDesc scene = builtinScene("funnel");
    const BuiltScene built = buildWorld(scene);
    const std::vector<Plane> planes = funnelInnerPlanes(*scene.funnel);
    std::vector<std::pair<Vec3, double>> spheres;
    for (BodyId id = 5; id < built.world.bodyCount(); ++id) {
        const Body& b = built.world.body(id);
        const BoundingSphere& s = b.shape.boundingSphere();
        const Vec3 centre = b.shapePose().apply(s.center);
        for (const Plane& plane : planes) {
            ASSERT_GE(plane.distance(centre), s.radius) << built.bodies[id].name;
        }
        ASSERT_LE(centre.z() + s.radius, scene.funnel->wallHeight) << built.bodies[id].name;
        spheres.emplace_back(centre, s.radius);
    }
    ASSERT_EQ(spheres.size(), 300u);
    for (size_t i = 0; i < spheres.size(); ++i) {
        for (size_t j = i + 1; j < spheres.size(); ++j) {
            ASSERT_GE((spheres[i].first - spheres[j].first).norm(),
                      spheres[i].second + spheres[j].second);
        }
    }
}

TEST(Build, StackPutsEachBoxOnThePreviousOne) {
    const BuiltScene built = buildWorld(builtinScene("box-stack"));
    ASSERT_EQ(built.world.bodyCount(), 9u);
    for (BodyId id = 1; id < 9; ++id) {
        const Pose pose = built.world.shapePose(id);
        EXPECT_NEAR(pose.translation.z(), 0.1 + 0.2 * (id - 1), 1e-12);
        EXPECT_NEAR(pose.translation.head<2>().norm(), 0.0, 1e-12);
    }
}

TEST(Build, TrajectoriesAreRegeneratedAlone) {
    SceneDesc scene = builtinScene("funnel-pairs");
    const SceneShapes shapes = loadShapes(scene);
    const std::uint64_t alone = buildWorld(scene, shapes, 7).world.stateHash();
    for (int t = 0; t < 7; ++t) {
        EXPECT_NE(buildWorld(scene, shapes, t).world.stateHash(), alone) << t;
    }
    EXPECT_EQ(buildWorld(scene, shapes, 7).world.stateHash(), alone);
    scene.simulation.seed += 1;
    EXPECT_NE(buildWorld(scene, shapes, 7).world.stateHash(), alone);
    EXPECT_THROW((void)buildWorld(scene, shapes, 1000), SceneError);
}

TEST(Build, PairModeDrawsColbenchVelocitiesAndUnitMasses) {
    const SceneDesc scene = builtinScene("funnel-pairs");
    const SceneShapes shapes = loadShapes(scene);
    std::set<std::string> objects;
    for (int t = 0; t < 50; ++t) {
        const BuiltScene built = buildWorld(scene, shapes, t);
        ASSERT_EQ(built.world.bodyCount(), 7u);
        for (BodyId id = 5; id < 7; ++id) {
            const Body& b = built.world.body(id);
            EXPECT_NEAR(b.massProperties.mass, 1.0, 1e-12);
            EXPECT_TRUE((b.linearVelocity.array() >= 0.0).all() &&
                        (b.linearVelocity.array() < 1.0).all());
            EXPECT_TRUE((b.angularVelocity.array() >= 0.0).all() &&
                        (b.angularVelocity.array() < 1.0).all());
            objects.insert(built.bodies[id].shape);
        }
    }
    EXPECT_EQ(objects.size(), 10u); // 100 draws cover the 10 objects
}

TEST(Build, FunnelPlacementNeedsRoomAboveTheFloor) {
    SceneDesc scene = builtinScene("funnel");
    scene.generators[0].startHeight = 0.05;
    try {
        (void)buildWorld(scene);
        FAIL();
    } catch (const SceneError& error) {
        EXPECT_EQ(error.key(), "generators[0].start_height");
    }
    scene = builtinScene("ellipsoid-rain");
    scene.funnel->halfWidth = 0.05; // a bin narrower than one cell
    EXPECT_THROW((void)buildWorld(scene), SceneError);
}

TEST(Build, MeshFolderReplacesTheObjectSet) {
    const test::ScratchFolder folder;
    const std::string tetrahedron = "v 0 0 0\nv 0.1 0 0\nv 0 0.1 0\nv 0 0 0.1\n";
    (void)folder.write("tet.obj", tetrahedron);
    (void)folder.write("box.obj", tetrahedron + "v 0.1 0.1 0.1\n");
    SceneDesc scene = builtinScene("funnel");
    scene.generators[0].count = 4;
    useMeshFolder(scene, folder.path());
    EXPECT_EQ(scene.generators[0].shapes, (std::vector<std::string>{"box", "tet"}));
    EXPECT_EQ(scene.shapes.size(), 2u); // the built-in object set is gone
    for (const std::string& name : scene.generators[0].shapes) {
        EXPECT_EQ(scene.shapes.at(name).kind, ShapeKind::Mesh);
    }
    const BuiltScene built = buildWorld(scene);
    EXPECT_EQ(built.world.bodyCount(), 9u);
    SceneDesc stack = builtinScene("box-stack");
    EXPECT_THROW(useMeshFolder(stack, folder.path()), SceneError); // no mesh generator
}

} // namespace
} // namespace mk::scenes
