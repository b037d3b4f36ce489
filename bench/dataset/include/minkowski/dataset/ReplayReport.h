#pragma once
/// \file ReplayReport.h
/// What `minkowski bench DATASET.h5` prints and writes: one table row per solver x warm start
/// (time quartiles and p90, iterations, failures, disagreements with the recording solver) and
/// the per-problem results CSV that python/fig13.py draws.

#include "minkowski/dataset/Replay.h"

#include <ostream>
#include <string>
#include <vector>

namespace mk::dataset {

/// One solver x warm start over the replayed problems (unsupported problems left out).
struct ReplayRow {
    std::string task;
    std::string solver;
    std::string warmStart;
    size_t problems = 0;  ///< problems measured
    size_t fallbacks = 0; ///< `previous` warm starts that fell back to obb
    double q1Ns = 0.0;    ///< quartiles and 90th percentile of the per-query times (unit: ns)
    double medianNs = 0.0;
    double q3Ns = 0.0;
    double p90Ns = 0.0;
    double meanIterations = 0.0;
    int maxIterations = 0;
    size_t failures = 0;      ///< max-iterations, degenerate, invalid-input
    size_t disagreements = 0; ///< collide contradicts the recorded signed distance's sign
    /// Distance task: max |distance - recorded distance| (unit: metre); NaN for boolean.
    double maxDistanceDifference = 0.0;
};

/// Rows in the order of the run's contenders.
std::vector<ReplayRow> summarizeReplay(const Dataset& dataset, const ReplayRun& run);

/// One solver x warm start of the distance task on the penetrating calls only (recorded
/// distance < 0): what warm-started penetration (PenetrationSeed.h) saves against cold EPA.
struct PenetrationRow {
    std::string solver;
    std::string warmStart;
    size_t problems = 0;   ///< penetrating problems measured
    size_t seeded = 0;     ///< answered from the pair's seed (no GJK iteration)
    double medianNs = 0.0; ///< median per-query time (unit: ns)
    /// medianNs / the median of the same solver's cold contender (`obb`, else `none`) over the
    /// same problems; NaN without one.
    double ratioToCold = 0.0;
    /// max |distance - the cold contender's distance| over the problems (unit: metre); NaN
    /// without one.
    double maxDifferenceToCold = 0.0;
    double maxDistanceDifference = 0.0; ///< max |distance - recorded distance| (unit: metre)
    size_t verdictChanges = 0; ///< problems where collide differs from the cold contender's
};

/// Rows in the order of the run's contenders; empty unless run.task is the distance task.
std::vector<PenetrationRow> summarizePenetration(const Dataset& dataset, const ReplayRun& run);
/// Aligned text table; NaN prints as "-".
std::string formatPenetrationTable(const std::vector<PenetrationRow>& rows);

/// Aligned text table; NaN prints as "-".
std::string formatReplayTable(const std::vector<ReplayRow>& rows);
/// The rows as CSV.
std::string replaySummaryCsv(const std::vector<ReplayRow>& rows);

/// Header of the per-problem results CSV.
inline constexpr std::string_view kReplayCsvHeader =
    "problem,trajectory,step,body_a,body_b,solver,warm_start,task,fallback,status,collide,"
    "distance,iterations,time_ns,recorded_distance,disagrees";

/// Writes the per-problem rows of `run` (no header): one line per problem x contender;
/// `problem` is the row of /problems.
void writeReplayCsvRows(std::ostream& out, const Dataset& dataset, const ReplayRun& run);

} // namespace mk::dataset
