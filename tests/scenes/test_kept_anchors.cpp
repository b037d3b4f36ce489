/// \file test_kept_anchors.cpp
/// ContactSettings::keepPolytopeAnchors on a whole pile: a new point near a cached one renews
/// only its normal, so the warm start acts where the last solve did and the PGS meets its
/// tolerance in more steps (docs/engine.md, "Points that stay put").

#include "minkowski/scenes/Build.h"
#include "minkowski/scenes/BuiltinScenes.h"

#include <algorithm>
#include <cstdio>
#include <gtest/gtest.h>

namespace mk::scenes {
namespace {

struct PileRun {
    int steps = 0;
    int converged = 0;            ///< steps whose PGS met a stopping criterion
    double lastSecondSpeed = 0.0; ///< largest |v| of a body over the last second (unit: m/s)
};

/// The built-in mesh pile (80 meshes dropped into a bin), run 8 s instead of its 4: late slides
/// in the pile (a body tipping over at 3.5 or 5.5 s) come and go with any change of the bits, the
/// rest after them does not.
PileRun runMeshPile(bool keepAnchors) {
    SceneDesc scene = builtinScene("mesh-pile");
    scene.simulation.seconds = 8.0;
    scene.contact.keepPolytopeAnchors = keepAnchors;
    BuiltScene built = buildWorld(scene);
    PileRun run;
    run.steps = static_cast<int>(stepsPerTrajectory(scene.simulation));
    const int lastSecond = run.steps - static_cast<int>(1.0 / scene.simulation.timeStep);
    for (int i = 0; i < run.steps; ++i) {
        built.world.step();
        run.converged += built.world.lastStats().counts.pgsConverged ? 1 : 0;
        if (i >= lastSecond) {
            run.lastSecondSpeed =
                std::max(run.lastSecondSpeed, built.world.lastStats().motion.maxLinearSpeed);
        }
    }
    return run;
}

TEST(KeptAnchors, MeshPileConvergesInMoreStepsAndRests) {
    // Measured: 669 of 960 steps converge with the anchors kept, 256 with Bullet's replacement;
    // both piles rest (largest speed of the last second 3.5e-8 and 3.1e-4 m/s).
    const PileRun kept = runMeshPile(true);
    const PileRun replaced = runMeshPile(false);
    std::printf("mesh pile: converged in %d (kept anchors) and %d (replaced) of %d steps; last "
                "second's largest speed %.2e and %.2e m/s\n",
                kept.converged, replaced.converged, kept.steps, kept.lastSecondSpeed,
                replaced.lastSecondSpeed);
    EXPECT_GE(kept.converged, replaced.converged + kept.steps / 10);
    EXPECT_LE(kept.lastSecondSpeed, 1e-3);
    EXPECT_LE(replaced.lastSecondSpeed, 1e-3);
}

} // namespace
} // namespace mk::scenes
