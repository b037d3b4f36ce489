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
    // Measured: 727 of 960 steps converge with the anchors kept, 227 with Bullet's replacement;
    // the kept-anchor pile rests (largest speed of its last second 7.1e-6 m/s). Bullet's rule
    // moves a re-placed point's impulses to the new point every step, and since the friction
    // step follows Coulomb's law (docs/engine.md, "The friction step's fixed point") its pile
    // does not come to rest: 2.3e-2 m/s here, a median of 5.1e-3 m/s over seeds 1-12 (2.6e-4
    // before). Only the default rule's rest is asserted.
    const PileRun kept = runMeshPile(true);
    const PileRun replaced = runMeshPile(false);
    std::printf("mesh pile: converged in %d (kept anchors) and %d (replaced) of %d steps; last "
                "second's largest speed %.2e and %.2e m/s\n",
                kept.converged, replaced.converged, kept.steps, kept.lastSecondSpeed,
                replaced.lastSecondSpeed);
    EXPECT_GE(kept.converged, replaced.converged + kept.steps / 10);
    EXPECT_LE(kept.lastSecondSpeed, 1e-4);
}

} // namespace
} // namespace mk::scenes
