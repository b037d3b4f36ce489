#pragma once
/// \file Fig13Problems.h
/// The problems of GJK++ Fig. 13 (Sec. IV-E) from simulated trajectories, in memory: every
/// recorded narrow-phase call between two dynamic bodies (the paper's pairs of objects, no
/// funnel walls, no perturbed multipoint calls), with the x_0 of each of the four warm starts
/// as replayGuess() gives them. `minkowski paper gjkpp` times them (bench/PaperGjkpp.h).

#include "minkowski/bench/PaperGjkpp.h"
#include "minkowski/scenes/SceneDesc.h"
#include "minkowski/scenes/Shapes.h"

#include <deque>
#include <vector>

namespace mk::dataset {

struct Fig13Source {
    std::deque<Shape> shapes; ///< what the problems point to (a deque: the pointers stay valid)
    std::vector<bench::Fig13Problem> problems;
    std::int64_t calls = 0; ///< every recorded call, the left-out ones included
};

/// Simulates trajectories 0 .. scene.simulation.trajectories - 1 of a validated scene (contact
/// cache off, as `minkowski record`) and collects their calls.
Fig13Source fig13Problems(const scenes::SceneDesc& scene, const scenes::SceneShapes& shapes);

} // namespace mk::dataset
