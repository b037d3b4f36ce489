/// \file test_overlays.cpp
/// Each toggle draws what it names, and nothing is drawn when every toggle is off; see-through
/// static bodies.

#include "ViewerTestScenes.h"
#include "minkowski/viewer/Appearance.h"
#include "minkowski/viewer/Overlays.h"
#include "minkowski/viewer/ViewerModel.h"

#include <gtest/gtest.h>

namespace mk::viewer {
namespace {

/// The calls whose witness points are drawn: real calls with an answer.
bool drawnWitnesses(const CallRecord& c) {
    return !c.perturbed && c.status != Status::Unsupported && c.status != Status::InvalidInput;
}

DrawToggles none() {
    DrawToggles t;
    t.contacts = t.normals = t.witnesses = t.aabbs = t.obbs = t.narrowPhasePairs = false;
    return t;
}

class OverlaysTest : public ::testing::Test {
protected:
    void SetUp() override {
        for (int i = 0; i < 120; ++i) {
            model.step();
        }
        for (std::size_t i = 0; i < model.world().pairCount(); ++i) {
            const PairView p = model.world().pair(i);
            contactPoints += p.manifold.size();
            passedPairs += p.obbPassed ? 1 : 0;
        }
        for (const CallRecord& c : model.lastCalls().calls()) {
            realCalls += drawnWitnesses(c) ? 1 : 0;
        }
        ASSERT_GT(contactPoints, 0);
        ASSERT_GT(realCalls, 0);
    }
    Overlays build(const DrawToggles& t, const MouseSpring* spring = nullptr) {
        Overlays out;
        buildOverlays(model.world(), model.lastCalls(), t, spring, {}, out);
        return out;
    }

    ViewerModel model{test::smallFunnel(20)};
    int contactPoints = 0;
    int passedPairs = 0;
    int realCalls = 0;
};

TEST_F(OverlaysTest, NothingWhenEverythingIsOff) {
    const Overlays o = build(none());
    EXPECT_TRUE(o.lines.empty());
    EXPECT_TRUE(o.points.empty());
}

TEST_F(OverlaysTest, ContactPointsAndNormals) {
    DrawToggles t = none();
    t.contacts = true;
    Overlays o = build(t);
    EXPECT_EQ(int(o.points.size()), contactPoints);
    EXPECT_TRUE(o.lines.empty());
    t.contacts = false;
    t.normals = true;
    o = build(t);
    EXPECT_EQ(int(o.lines.size()), 2 * contactPoints);
    // Each normal is a segment of the style's length along the contact normal.
    EXPECT_NEAR((o.lines[1].position() - o.lines[0].position()).norm(), OverlayStyle{}.normalLength,
                1e-6);
}

TEST_F(OverlaysTest, WitnessPointsOfEveryRealCall) {
    DrawToggles t = none();
    t.witnesses = true;
    const Overlays o = build(t);
    EXPECT_EQ(int(o.points.size()), 2 * realCalls);
    EXPECT_EQ(int(o.lines.size()), 2 * realCalls);
    for (const CallRecord& c : model.lastCalls().calls()) {
        if (drawnWitnesses(c)) {
            EXPECT_NEAR((o.points[0].position() - c.witnessA).norm(), 0.0, 1e-6);
            EXPECT_NEAR((o.points[1].position() - c.witnessB).norm(), 0.0, 1e-6);
            break;
        }
    }
}

TEST_F(OverlaysTest, BoxesHaveTwelveEdgesPerBody) {
    DrawToggles t = none();
    t.aabbs = true;
    EXPECT_EQ(build(t).lines.size(), 24 * model.world().bodyCount());
    t.obbs = true;
    EXPECT_EQ(build(t).lines.size(), 48 * model.world().bodyCount());
    // An AABB's edges are axis-aligned.
    t.obbs = false;
    const Overlays o = build(t);
    for (std::size_t i = 0; i < o.lines.size(); i += 2) {
        const Vec3 d = o.lines[i + 1].position() - o.lines[i].position();
        EXPECT_EQ((d.array().abs() > 1e-6).count(), 1);
    }
}

TEST_F(OverlaysTest, NarrowPhasePairsAndTheSpring) {
    DrawToggles t = none();
    t.narrowPhasePairs = true;
    EXPECT_EQ(int(build(t).lines.size()), 2 * passedPairs);
    const BodyId body = 5;
    const MouseSpring spring(body, model.world().body(body),
                             model.world().body(body).pose.translation);
    const Overlays o = build(none(), &spring);
    EXPECT_EQ(o.lines.size(), 2u);
    EXPECT_EQ(o.points.size(), 1u);
}

TEST(Appearance, FunnelWallsAreSeeThroughButNotItsFloor) {
    ViewerModel model(test::smallFunnel(4));
    const std::vector<bool> seeThrough = seeThroughBodies(model.world());
    ASSERT_EQ(seeThrough.size(), model.world().bodyCount());
    EXPECT_FALSE(seeThrough[0]); // "funnel floor"
    for (BodyId wall = 1; wall <= 4; ++wall) {
        EXPECT_TRUE(seeThrough[wall]) << model.bodies()[wall].name;
    }
    for (BodyId id = 5; id < model.world().bodyCount(); ++id) {
        EXPECT_FALSE(seeThrough[id]);
    }
    EXPECT_NE(bodyColor(0), bodyColor(1));
}

} // namespace
} // namespace mk::viewer
