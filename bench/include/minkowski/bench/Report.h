#pragma once
/// \file Report.h
/// The summary table of a benchmark run: one row per task x set x distance group x contender,
/// with time statistics, iterations, failures, distance errors and ratios against vanilla GJK.

#include "minkowski/bench/Contender.h"
#include "minkowski/bench/Runner.h"

#include <memory>
#include <string>
#include <vector>

namespace mk::bench {

/// How problems are grouped into rows.
enum class Grouping : unsigned char {
    Buckets,   ///< by reference: "overlapping" (< 0), "close 0..0.1 m", "far > 0.1 m", "no reference"
    Distances, ///< generated problems by grid distance ("d=0.01"); others by bucket
};

/// Name of the group of `problem` under `grouping`.
[[nodiscard]] std::string groupName(const CollisionProblem& problem, Grouping grouping);

/// The contender every ratio is relative to: vanilla GJK with the same warm start (peers, which
/// have none: GJK with the `obb` warm start, the paper's initialisation).
inline constexpr std::string_view kBaselineSolver = "gjk";
inline constexpr std::string_view kPeerBaselineWarmStart = "obb";

struct SummaryRow {
    std::string task;
    std::string set;
    std::string group;
    std::string solver;
    std::string warmStart; ///< empty for peers
    int problems = 0;      ///< problems measured (crashed ones included)
    double medianNs = 0.0; ///< median over problems of the per-query time (crashes excluded)
    double p90Ns = 0.0;    ///< 90th percentile over problems of the per-query time
    /// Median over problems of time / baseline time on the same problem; NaN without baseline.
    double timeRatio = 0.0;
    double meanIterations = 0.0; ///< NaN when the contender reports no iterations
    /// Mean iterations / the baseline's mean iterations on the same problems; NaN without.
    double iterationRatio = 0.0;
    int failures = 0;
    double maxError = 0.0;    ///< max |distance - reference| (distance task); NaN otherwise
    double medianError = 0.0; ///< median |distance - reference| (distance task); NaN otherwise
};

/// Rows ordered by task, set, group (overlapping to far, or by distance) and contender.
std::vector<SummaryRow> summarize(const std::vector<ProblemSet>& sets,
                                  const std::vector<std::unique_ptr<Contender>>& contenders,
                                  const std::vector<Measurement>& measurements, Grouping grouping);

/// The rows as an aligned text table, with a blank line between groups. NaN prints as "-".
std::string formatTable(const std::vector<SummaryRow>& rows);

/// The rows as CSV (NaN as an empty field).
std::string summaryCsv(const std::vector<SummaryRow>& rows);

/// What the footnotes of the table state about the run.
struct RunFacts {
    int repeats = 0;              ///< R
    double clockOverheadNs = 0.0; ///< subtracted from every time
    bool withPeers = false;
    /// Crashed cells per contender name (isolated contenders whose process died on a query).
    std::vector<std::pair<std::string, int>> crashes;
    /// Timed-out cells per contender name (isolated contenders killed past the time limit).
    std::vector<std::pair<std::string, int>> timeouts;
    double timeLimitSeconds = 0.0; ///< the per-cell limit of the isolated contenders
    /// Names of the peers in the run (their footnotes say what each kind of peer row runs on).
    std::vector<std::string> peerNames;
};

/// Footnotes of the table: how times, ratios and failures are computed, the warm-start rule for
/// independent problems, and where the references come from (with counts).
std::string formatFootnotes(const std::vector<ProblemSet>& sets, const RunFacts& facts);

} // namespace mk::bench
