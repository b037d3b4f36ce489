#pragma once
/// \file DatasetBench.h
/// `minkowski bench DATASET.h5`: replays a trajectory dataset (or a collision-problem CSV as
/// independent problems) through every solver x warm start (GJK++ Sec. IV-E, Fig. 13): the
/// table, the per-problem CSV and the box plots.

#include "BenchOptions.h"

namespace mk::cli {

/// Runs the replay of options.dataset; returns the exit code.
int runDatasetBench(const BenchOptions& options, const BenchSelection& selection);

} // namespace mk::cli
