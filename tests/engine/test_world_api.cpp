/// World API: validation of bad input, blow-up reporting, determinism hash, hook, contact cache.

#include "EngineTestUtil.h"
#include "minkowski/narrowphase/Collide.h"
#include "minkowski/narrowphase/ConvexMesh.h"

#include <algorithm>
#include <cstdint>
#include <gtest/gtest.h>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace mk {
namespace {

using test::addCube;
using test::addGround;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

/// Expects `f` to throw EngineError whose message contains `text`.
template <class F>
void expectEngineError(F&& f, const std::string& text) {
    try {
        f();
        ADD_FAILURE() << "no EngineError; expected one mentioning '" << text << "'";
    } catch (const EngineError& e) {
        EXPECT_NE(std::string(e.what()).find(text), std::string::npos) << e.what();
    }
}

TEST(WorldApi, RejectsBadBodies) {
    World world;
    BodyDesc nanPose(Shape::sphere(0.1));
    nanPose.pose.translation.x() = kNaN;
    expectEngineError([&] { world.addBody(nanPose); }, "pose");
    BodyDesc badQuat(Shape::sphere(0.1));
    badQuat.pose.rotation = Quat(2.0, 0.0, 0.0, 0.0);
    expectEngineError([&] { world.addBody(badQuat); }, "quaternion");
    BodyDesc zeroDensity(Shape::sphere(0.1));
    zeroDensity.density = 0.0;
    expectEngineError([&] { world.addBody(zeroDensity); }, "density");
    BodyDesc negativeMass(Shape::sphere(0.1));
    negativeMass.mass = -1.0;
    expectEngineError([&] { world.addBody(negativeMass); }, "mass");
    BodyDesc zeroMass(Shape::sphere(0.1));
    zeroMass.mass = 0.0;
    expectEngineError([&] { world.addBody(zeroMass); }, "mass");
    BodyDesc nanVelocity(Shape::sphere(0.1));
    nanVelocity.angularVelocity.y() = kNaN;
    expectEngineError([&] { world.addBody(nanVelocity); }, "angular velocity");
    BodyDesc bouncy(Shape::sphere(0.1));
    bouncy.material.restitution = 1.5;
    expectEngineError([&] { world.addBody(bouncy); }, "restitution");
    BodyDesc movingStatic(Shape::sphere(0.1));
    movingStatic.type = BodyType::Static;
    movingStatic.linearVelocity.x() = 1.0;
    expectEngineError([&] { world.addBody(movingStatic); }, "static");
    EXPECT_EQ(world.bodyCount(), 0u);
    expectEngineError([&] { (void)world.body(3); }, "unknown body id 3");
}

TEST(WorldApi, RejectsUnknownSolverAndBadSettings) {
    World world;
    expectEngineError([&] { world.setSolver("gjk-turbo"); }, "gjk-nesterov");
    expectEngineError([&] { world.setWarmStart("yesterday"); }, "transformed-previous");
    world.setSolver("mpr");
    EXPECT_EQ(&world.settings().narrowPhase.solver.entry(), &builtins::mpr());
    PgsSettings pgs;
    pgs.overRelaxation = 2.0;
    expectEngineError([&] { world.setPgsSettings(pgs); }, "over-relaxation");
    WorldSettings bad;
    bad.timeStep = 0.0;
    expectEngineError([&] { World w(bad); }, "timeStep");
}

TEST(WorldApi, SolverChoiceCarriesTheSubAlgorithmIntoEveryRequest) {
    World world;
    addGround(world);
    addCube(world, 0.1, Vec3(0.0, 0.0, 0.1));
    world.setSolver("gjk-nesterov:subalgo=barycode");
    const SolverChoice chosen = parseSolverChoice("gjk-nesterov:subalgo=barycode");
    EXPECT_EQ(world.settings().narrowPhase.solver, chosen);
    // the accessor the shipped simbench anchor reads (../shared/tools/simbench)
    EXPECT_EQ(&world.settings().narrowPhase.solverChoice(), &world.settings().narrowPhase.solver);
    int calls = 0;
    world.setNarrowPhaseHook([&](const NarrowPhaseEvent& e) {
        ++calls; // the perturbed (multipoint) calls too
        EXPECT_EQ(e.request.solver, chosen);
    });
    for (int i = 0; i < 5; ++i) {
        world.step();
    }
    EXPECT_GE(calls, 5);
    // A solver alone is the solver with its defaults.
    world.setSolver(builtins::gjk());
    EXPECT_EQ(world.settings().narrowPhase.solver, SolverChoice{});
    const SolverChoice signedVolume = withOption(builtins::gjkPolyak(), "subalgo", "signed-volume");
    world.setSolver(signedVolume);
    // Refused: a sub-algorithm on a solver that takes none, unknown names and values. The
    // setting is left as it was.
    expectEngineError([&] { world.setSolver("mpr:subalgo=barycode"); }, "takes no subalgo");
    expectEngineError([&] { world.setSolver("gjk:subalgo=fast"); }, "johnson|signed-volume|barycode");
    EXPECT_EQ(world.settings().narrowPhase.solver, signedVolume);
}

TEST(WorldApi, SolverChoiceCarriesTheGjkCriterionAndMomentumIntoEveryRequest) {
    World world;
    addGround(world);
    addCube(world, 0.1, Vec3(0.0, 0.0, 0.1));
    world.setSolver("gjk-polyak:criterion=duality-gap:momentum=coal");
    EXPECT_EQ(name(world.settings().narrowPhase.solver),
              "gjk-polyak:criterion=duality-gap:momentum=coal");
    int calls = 0;
    world.setNarrowPhaseHook([&](const NarrowPhaseEvent& e) {
        ++calls;
        EXPECT_EQ(e.request.solver.optionAs<GjkConvergence>(1), GjkConvergence::DualityGap);
        EXPECT_EQ(e.request.solver.optionAs<GjkMomentumSchedule>(2), GjkMomentumSchedule::Coal);
    });
    for (int i = 0; i < 3; ++i) {
        world.step();
    }
    EXPECT_GE(calls, 3);
    expectEngineError([&] { world.setSolver("gjk:momentum=coal"); }, "takes no momentum");
    world.setSolver(builtins::gjk()); // a solver alone resets every option
    EXPECT_EQ(world.settings().narrowPhase.solver, SolverChoice{});
}

TEST(WorldApi, BodyStateIsTheCentreOfMassFrame) {
    World world;
    BodyDesc cone(Shape::cone(0.2, 0.3)); // centroid at z = -h/2 in the shape frame
    cone.pose = Pose(Quat(Eigen::AngleAxisd(0.5, Vec3::UnitX())), Vec3(1.0, 2.0, 3.0));
    const BodyId id = world.addBody(cone);
    const Body& b = world.body(id);
    const Vec3 expected = cone.pose.apply(Vec3(0.0, 0.0, -0.15));
    EXPECT_LE((b.pose.translation - expected).norm(), 1e-15);
    EXPECT_LE((world.shapePose(id).translation - cone.pose.translation).norm(), 1e-15);
}

/// Gives body `id` a spin that overflows the gyroscopic term: its angular velocity becomes
/// non-finite in the next step.
void spinAbsurdly(World& world, BodyId id) {
    world.setVelocity(id, Vec3::Zero(), Vec3(1e300, 2e300, 3e300));
}

/// Steps `world` once: the step must throw a SimulationError for step `step`, handed to `check`,
/// and leave the state and the step count as they were.
template <class Check> void expectBlowUp(World& world, std::int64_t step, Check&& check) {
    const std::uint64_t before = world.stateHash();
    try {
        world.step();
        ADD_FAILURE() << "no SimulationError";
    } catch (const SimulationError& e) {
        EXPECT_EQ(e.step(), step);
        check(e);
    }
    EXPECT_EQ(world.stateHash(), before);
    EXPECT_EQ(world.stepCount(), step);
}

/// Two 20 cm cubes 1 m apart on the ground, after 5 steps. Returns their ids.
std::pair<BodyId, BodyId> twoRestingCubes(World& world) {
    addGround(world);
    const BodyId a = addCube(world, 0.1, Vec3(0.0, 0.0, 0.1));
    const BodyId b = addCube(world, 0.1, Vec3(1.0, 0.0, 0.1));
    for (int i = 0; i < 5; ++i) {
        world.step();
    }
    return {a, b};
}

/// Without speculative contacts: with them (the default) the absurd spin's reach meets the other
/// cube, the solver carries the overflow to it and both are named (the next test).
TEST(WorldApi, BlowUpIsReportedWithStepAndBodiesAndNotPropagated) {
    WorldSettings settings;
    settings.contact.ccd = false;
    World world(settings);
    const auto [a, b] = twoRestingCubes(world);
    spinAbsurdly(world, b);
    expectBlowUp(world, 5, [b = b](const SimulationError& e) {
        ASSERT_FALSE(e.bodies().empty());
        EXPECT_EQ(e.bodies().front(), b);
        EXPECT_NE(std::string(e.what()).find("step 5"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("body " + std::to_string(b)), std::string::npos);
    });
    EXPECT_TRUE(world.body(a).pose.translation.allFinite());
}

/// With speculative contacts (the default) a spin of 1e300 rad/s reaches every body near it: the
/// step still throws, names the spinning body and keeps the state it had before.
TEST(WorldApi, BlowUpWithSpeculativeContactsIsReportedAndNotKept) {
    World world;
    ASSERT_TRUE(world.settings().contact.ccd);
    const BodyId b = twoRestingCubes(world).second;
    spinAbsurdly(world, b);
    expectBlowUp(world, 5, [b](const SimulationError& e) {
        EXPECT_NE(std::find(e.bodies().begin(), e.bodies().end(), b), e.bodies().end());
    });
}

TEST(WorldApi, BlowUpOnTwoThreadsNamesEveryBadBodyInOrder) {
    WorldSettings settings;
    settings.contact.ccd = false; // each bad body alone, as in the test above
    settings.threads = 2; // 600 bodies: the integration runs in chunks on both threads
    World world(settings);
    addGround(world);
    std::vector<BodyId> cubes;
    for (int i = 0; i < 600; ++i) {
        cubes.push_back(addCube(world, 0.05, Vec3(0.3 * (i % 30), 0.3 * (i / 30), 0.06)));
    }
    world.step();
    // bad bodies in both threads' chunks, set in reverse order
    const std::vector<BodyId> bad = {cubes[20], cubes[333], cubes[599]};
    for (auto it = bad.rbegin(); it != bad.rend(); ++it) {
        spinAbsurdly(world, *it);
    }
    expectBlowUp(world, 1, [&](const SimulationError& e) {
        ASSERT_GE(e.bodies().size(), bad.size());
        EXPECT_EQ(std::vector<BodyId>(e.bodies().begin(), e.bodies().begin() + 3), bad);
    });
}

/// A small pile: 8 cubes and spheres dropped on the ground with spin.
World pile(const WorldSettings& settings) {
    World world(settings);
    addGround(world);
    for (int i = 0; i < 8; ++i) {
        BodyDesc d(i % 2 ? Shape::sphere(0.08) : Shape::box(Vec3(0.1, 0.07, 0.05)));
        d.pose.translation = Vec3(0.05 * (i % 3), 0.04 * (i % 2), 0.2 + 0.25 * i);
        d.pose.rotation = Quat(Eigen::AngleAxisd(0.3 * i, Vec3(1, 1, 0).normalized()));
        d.angularVelocity = Vec3(0.5 * i, -0.2, 0.1);
        world.addBody(d);
    }
    return world;
}

TEST(WorldApi, DeterministicHash) {
    World a = pile({});
    World b = pile({});
    EXPECT_EQ(a.stateHash(), b.stateHash());
    for (int i = 0; i < 240; ++i) {
        a.step();
        b.step();
        ASSERT_EQ(a.stateHash(), b.stateHash()) << "step " << i;
    }
    EXPECT_GT(a.lastStats().counts.contacts, 0);
    // A different setting gives a different trajectory (the hash is not trivially constant).
    WorldSettings other;
    other.narrowPhase.warmStart = WarmStart::Obb;
    other.pgs.maxIterations = 7;
    World c = pile(other);
    for (int i = 0; i < 240; ++i) {
        c.step();
    }
    EXPECT_NE(a.stateHash(), c.stateHash());
}

TEST(WorldApi, HookSeesEveryCallWithWarmStartInfo) {
    World world;
    addGround(world);
    addCube(world, 0.1, Vec3(0.0, 0.0, 0.1));
    std::vector<NarrowPhaseEvent> seen;
    std::vector<Vec3> separations;
    std::vector<Vec3> previous;
    int perturbed = 0;
    world.setNarrowPhaseHook([&](const NarrowPhaseEvent& e) {
        if (e.perturbed) { // multipoint calls on tilted poses are reported too, flagged
            ++perturbed;
            return;
        }
        EXPECT_EQ(e.bodyA, 0u);
        EXPECT_EQ(e.bodyB, 1u);
        EXPECT_EQ(e.request.task, Task::SignedDistance);
        EXPECT_GE(e.seconds, 0.0);
        EXPECT_EQ(e.queriedAtPreviousStep, e.step > 0);
        separations.push_back(e.result.separation);
        previous.push_back(e.previousSeparation);
    });
    int calls = 0;
    int perturbationCalls = 0;
    for (int i = 0; i < 10; ++i) {
        world.step();
        calls += world.lastStats().counts.narrowPhaseCalls;
        perturbationCalls += world.lastStats().counts.perturbationCalls;
    }
    EXPECT_EQ(perturbed, perturbationCalls);
    ASSERT_EQ(separations.size(), 10u);
    EXPECT_EQ(calls, 10);
    for (std::size_t i = 1; i < separations.size(); ++i) {
        EXPECT_EQ(previous[i], separations[i - 1]);
    }
}

TEST(WorldApi, ContactCacheIsOffByDefaultAndSkipsRestingPairs) {
    World world;
    addGround(world);
    addCube(world, 0.1, Vec3(0.0, 0.0, 0.1));
    for (int i = 0; i < 120; ++i) {
        world.step();
        EXPECT_EQ(world.lastStats().counts.narrowPhaseSkipped, 0);
    }
    world.setContactCache(true);
    int skipped = 0;
    int calls = 0;
    for (int i = 0; i < 120; ++i) {
        world.step();
        skipped += world.lastStats().counts.narrowPhaseSkipped;
        calls += world.lastStats().counts.narrowPhaseCalls;
    }
    EXPECT_GT(skipped, 100); // the cube rests: almost every call is skipped
    EXPECT_EQ(skipped + calls, 120);
    EXPECT_NEAR(world.body(1).pose.translation.z(), 0.1 + world.settings().contact.restOffset, 1e-3);
}

/// A pair answered from the contact cache reuses its last query and points, as Jolt's body-pair
/// cache does: the perturbation pass does not query it. (A cylinder on its side keeps three
/// points: with perturbationMinPoints 4 it is due for a perturbation round after every cooldown.)
TEST(WorldApi, ContactCacheHitsAreNotPerturbed) {
    WorldSettings settings;
    settings.contact.perturbationMinPoints = Manifold::kCapacity;
    World world(settings);
    addGround(world);
    BodyDesc lying(Shape::cylinder(0.05, 0.2));
    lying.pose.rotation = Quat(Eigen::AngleAxisd(0.5 * std::numbers::pi, Vec3::UnitX()));
    lying.pose.translation = Vec3(0.0, 0.0, 0.05);
    world.addBody(lying);
    int perturbationCalls = 0;
    for (int i = 0; i < 240; ++i) {
        world.step();
        perturbationCalls += i >= 120 ? world.lastStats().counts.perturbationCalls : 0;
    }
    EXPECT_GT(perturbationCalls, 0); // without the cache the resting cube is perturbed
    world.setContactCache(true);
    int hits = 0;
    for (int i = 0; i < 240; ++i) {
        world.step();
        const StepCounts& c = world.lastStats().counts;
        if (c.narrowPhaseSkipped == c.obbPassed) {
            ++hits;
            EXPECT_EQ(c.perturbationCalls, 0) << "step " << i;
        }
    }
    EXPECT_GT(hits, 200);
}

/// The contact cache also skips a pair its last real query found apart by more than the bodies
/// can have closed since plus the contact margin and reach: that answer is a certified lower
/// bound (SeparatedEarlyExit). Reference: GJK's exact distance at the same poses, every step,
/// for every such pair of a pile of boxes, capsules and hulls tumbling onto the ground and into
/// each other: never below the bound, and the bound above the margin (and the pair's reach), so
/// the step adds no point where the exact answer would have.
TEST(WorldApi, ContactCacheSkipsOnlyPairsCertainlyApart) {
    World world;
    addGround(world);
    const std::vector<Vec3> corners{{0.05, 0.03, 0.02},  {-0.04, 0.05, -0.03},
                                    {0.02, -0.06, 0.04}, {-0.05, -0.02, -0.05},
                                    {0.03, 0.04, 0.06},  {0.0, 0.0, -0.06}};
    const std::vector<Shape> shapes{Shape::box(Vec3(0.05, 0.03, 0.02)), Shape::capsule(0.03, 0.05),
                                    Shape::mesh(ConvexMesh::fromPoints(corners))};
    for (int i = 0; i < 36; ++i) {
        BodyDesc d(shapes[static_cast<std::size_t>(i % 3)]);
        d.pose.translation = Vec3(0.13 * (i % 4), 0.13 * ((i / 4) % 3), 0.1 + 0.15 * (i / 12));
        d.pose.rotation = Quat(Eigen::AngleAxisd(0.7 * i, Vec3(1.0, 0.3 * i, 0.5).normalized()));
        d.linearVelocity = Vec3(0.4 * ((i % 5) - 2), 0.3 * ((i % 3) - 1), 0.0);
        d.angularVelocity = Vec3(2.0 * ((i % 4) - 1.5), 1.0, 0.5 * (i % 7));
        world.addBody(d);
    }
    world.setContactCache(true);
    const double margin = world.settings().contact.margin;
    QueryRequest exact;
    exact.task = Task::SignedDistance;
    int certified = 0;
    std::vector<Pose> queried(world.bodyCount()); // the poses of the step's narrow phase
    for (int step = 0; step < 240; ++step) {
        for (BodyId id = 0; id < world.bodyCount(); ++id) {
            queried[id] = world.body(id).shapePose();
        }
        world.step();
        for (std::size_t k = 0; k < world.pairCount(); ++k) {
            const PairView p = world.pair(k);
            if (!p.obbPassed || p.lastResult.status != Status::SeparatedEarlyExit) {
                continue;
            }
            const QueryResult r = collide(world.body(p.bodyA).shape, queried[p.bodyA],
                                          world.body(p.bodyB).shape, queried[p.bodyB], exact);
            ASSERT_GE(r.distance, p.lastResult.distance) << "step " << step;
            ASSERT_GT(p.lastResult.distance, margin) << "step " << step;
            ++certified;
        }
    }
    EXPECT_GT(certified, 1000); // the far skip was exercised (5034 times)
}

TEST(WorldApi, UnsupportedPairsFallBackToGjk) {
    // rtr needs C^2 support functions: box pairs are answered by vanilla GJK and counted.
    World world;
    addGround(world);
    addCube(world, 0.1, Vec3(0.0, 0.0, 0.1));
    world.setSolver("rtr");
    int fallbacks = 0;
    for (int i = 0; i < 60; ++i) {
        world.step();
        fallbacks += world.lastStats().counts.narrowPhaseFallbacks;
        EXPECT_EQ(world.lastStats().counts.narrowPhaseFailures, 0);
    }
    EXPECT_GE(fallbacks, 60);
    EXPECT_NEAR(world.body(1).pose.translation.z(), 0.1 + world.settings().contact.restOffset, 1e-3);
}

TEST(WorldApi, StatsCountTheStages) {
    World world = pile({});
    for (int i = 0; i < 120; ++i) {
        world.step();
    }
    const StepStats& s = world.lastStats();
    EXPECT_EQ(s.step, 119);
    EXPECT_GE(s.counts.broadphasePairs, s.counts.obbPassed);
    EXPECT_EQ(s.counts.obbPassed, s.counts.narrowPhaseCalls + s.counts.narrowPhaseSkipped);
    EXPECT_GT(s.counts.contacts, 0);
    EXPECT_GT(s.counts.pgsIterations, 0);
    EXPECT_GT(s.times.total, 0.0);
    EXPECT_LE(s.times.broadphase + s.times.obbFilter + s.times.narrowPhase + s.times.manifolds +
                  s.times.solver + s.times.integrate,
              s.times.total * 1.0001);
    EXPECT_EQ(world.pairCount(), static_cast<std::size_t>(s.counts.broadphasePairs));
}

} // namespace
} // namespace mk
