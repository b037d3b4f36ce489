/// \file ReplayReport.cpp
/// Replay statistics, their table and CSV, and the per-problem results.

#include "minkowski/dataset/ReplayReport.h"

#include "minkowski/bench/Csv.h"
#include "minkowski/bench/Statistics.h"
#include "minkowski/bench/TextTable.h"
#include "minkowski/narrowphase/Collide.h"
#include "minkowski/narrowphase/Solver.h"
#include "minkowski/narrowphase/WarmStart.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>

namespace mk::dataset {
namespace {

const std::vector<std::string> kHeader{"task",   "solver",    "warm start", "n",       "fallback",
                                       "q1 ns",  "median ns", "q3 ns",      "p90 ns",  "mean it",
                                       "max it", "fail",      "disagree",   "max |dd|"};
constexpr size_t kFirstNumeric = 3;

using bench::csvNumber;
using bench::formatNumber;

std::vector<std::string> cells(const ReplayRow& r) {
    return {r.task,
            r.solver,
            r.warmStart,
            std::to_string(r.problems),
            std::to_string(r.fallbacks),
            formatNumber("%.0f", r.q1Ns),
            formatNumber("%.0f", r.medianNs),
            formatNumber("%.0f", r.q3Ns),
            formatNumber("%.0f", r.p90Ns),
            formatNumber("%.2f", r.meanIterations),
            std::to_string(r.maxIterations),
            std::to_string(r.failures),
            std::to_string(r.disagreements),
            formatNumber("%.1e", r.maxDistanceDifference)};
}

/// Accumulates one contender's cells.
ReplayRow summarizeContender(const Dataset& d, const ReplayRun& run, size_t c) {
    ReplayRow row;
    row.task = std::string(bench::name(run.task));
    row.solver = std::string(name(run.contenders[c].solver));
    row.warmStart = std::string(name(run.contenders[c].warmStart));
    std::vector<double> times;
    double iterations = 0.0;
    row.maxDistanceDifference =
        run.task == bench::BenchTask::Distance ? 0.0 : std::numeric_limits<double>::quiet_NaN();
    for (size_t p = 0; p < run.problems.size(); ++p) {
        const ReplayCell& cell = run.cell(p, c);
        if (cell.unsupported) {
            continue;
        }
        times.push_back(cell.timeNs);
        iterations += cell.iterations;
        row.maxIterations = std::max(row.maxIterations, static_cast<int>(cell.iterations));
        row.fallbacks += cell.fellBack ? 1 : 0;
        row.failures += bench::isFailure(cell.status) ? 1 : 0;
        row.disagreements += cell.disagrees ? 1 : 0;
        const double recorded = d.problems[run.problems[p]].distance;
        if (run.task == bench::BenchTask::Distance && std::isfinite(recorded)) {
            row.maxDistanceDifference =
                std::max(row.maxDistanceDifference, std::abs(cell.distance - recorded));
        }
    }
    row.problems = times.size();
    row.meanIterations = times.empty() ? std::numeric_limits<double>::quiet_NaN()
                                       : iterations / static_cast<double>(times.size());
    row.q1Ns = bench::quantile(times, 0.25);
    row.medianNs = bench::median(times);
    row.q3Ns = bench::quantile(times, 0.75);
    row.p90Ns = bench::quantile(times, 0.9);
    return row;
}

} // namespace

std::vector<ReplayRow> summarizeReplay(const Dataset& d, const ReplayRun& run) {
    std::vector<ReplayRow> rows;
    for (size_t c = 0; c < run.contenders.size(); ++c) {
        rows.push_back(summarizeContender(d, run, c));
    }
    return rows;
}

namespace {

/// The contender that answers `c`'s problems cold: the same solver with `obb`, else `none`.
std::optional<size_t> coldContender(const ReplayRun& run, size_t c) {
    std::optional<size_t> cold;
    for (size_t k = 0; k < run.contenders.size(); ++k) {
        const ReplayContender& x = run.contenders[k];
        if (!(x.solver == run.contenders[c].solver)) {
            continue;
        }
        if (x.warmStart == WarmStart::Obb) {
            return k;
        }
        if (x.warmStart == WarmStart::None) {
            cold = k;
        }
    }
    return cold;
}

/// The depth of problem `row` to kTightPenetrationTolerance (cold gjk then EPA, obb guess); NaN
/// unless that query ended on a penetration.
double tightDistance(const Dataset& d, const ProblemRow& row) {
    const Shape& a = d.shapes.at(static_cast<size_t>(row.shapeA));
    const Shape& b = d.shapes.at(static_cast<size_t>(row.shapeB));
    QueryRequest request;
    request.task = Task::SignedDistance;
    request.solver = builtins::gjk();
    request.initialGuess = obbGuess(a, row.poseA, b, row.poseB);
    request.penetrationTolerance = kTightPenetrationTolerance;
    const QueryResult r = collide(a, row.poseA, b, row.poseB, request);
    return r.status == Status::Penetrating ? r.distance : std::numeric_limits<double>::quiet_NaN();
}

/// tightDistance() of every penetrating problem of the run (recorded distance < 0), else NaN.
std::vector<double> tightDistances(const Dataset& d, const ReplayRun& run) {
    std::vector<double> tight(run.problems.size(), std::numeric_limits<double>::quiet_NaN());
    for (size_t p = 0; p < run.problems.size(); ++p) {
        const ProblemRow& row = d.problems[run.problems[p]];
        if (row.distance < 0.0) {
            tight[p] = tightDistance(d, row);
        }
    }
    return tight;
}

PenetrationRow summarizePenetrating(const Dataset& d, const ReplayRun& run, size_t c,
                                    const std::vector<double>& tight) {
    constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
    PenetrationRow row;
    row.solver = std::string(name(run.contenders[c].solver));
    row.warmStart = std::string(name(run.contenders[c].warmStart));
    const std::optional<size_t> cold = coldContender(run, c);
    std::vector<double> times, coldTimes;
    row.maxDifferenceToCold = cold ? 0.0 : kNaN;
    row.maxErrorToTight = kNaN;
    for (size_t p = 0; p < run.problems.size(); ++p) {
        const ReplayCell& cell = run.cell(p, c);
        const double recorded = d.problems[run.problems[p]].distance;
        if (cell.unsupported || !(recorded < 0.0)) {
            continue;
        }
        times.push_back(cell.timeNs);
        row.seeded += cell.status == Status::Penetrating && cell.iterations == 0 ? 1 : 0;
        row.maxDistanceDifference =
            std::max(row.maxDistanceDifference, std::abs(cell.distance - recorded));
        // fmax skips a NaN argument: the column stays NaN only while no problem has a tight depth
        row.maxErrorToTight = std::fmax(row.maxErrorToTight, std::abs(cell.distance - tight[p]));
        if (cold) {
            const ReplayCell& reference = run.cell(p, *cold);
            coldTimes.push_back(reference.timeNs);
            row.maxDifferenceToCold =
                std::max(row.maxDifferenceToCold, std::abs(cell.distance - reference.distance));
            row.verdictChanges += cell.collide != reference.collide ? 1 : 0;
        }
    }
    row.problems = times.size();
    row.medianNs = bench::median(times);
    row.ratioToCold = cold && !coldTimes.empty() ? row.medianNs / bench::median(coldTimes) : kNaN;
    return row;
}

} // namespace

std::vector<PenetrationRow> summarizePenetration(const Dataset& d, const ReplayRun& run) {
    std::vector<PenetrationRow> rows;
    if (run.task != bench::BenchTask::Distance) {
        return rows;
    }
    const std::vector<double> tight = tightDistances(d, run);
    for (size_t c = 0; c < run.contenders.size(); ++c) {
        rows.push_back(summarizePenetrating(d, run, c, tight));
    }
    return rows;
}

std::string formatPenetrationTable(const std::vector<PenetrationRow>& rows) {
    const std::vector<std::string> header{"solver",       "warm start", "n",
                                          "seeded",       "median ns",  "x cold",
                                          "max |d-cold|", "max |d-tight|", "max |dd|",
                                          "verdict changes"};
    std::vector<std::vector<std::string>> lines;
    std::vector<bool> newSolver;
    for (size_t r = 0; r < rows.size(); ++r) {
        const PenetrationRow& p = rows[r];
        lines.push_back(
            {p.solver, p.warmStart, std::to_string(p.problems), std::to_string(p.seeded),
             formatNumber("%.0f", p.medianNs), formatNumber("%.2f", p.ratioToCold),
             formatNumber("%.1e", p.maxDifferenceToCold), formatNumber("%.1e", p.maxErrorToTight),
             formatNumber("%.1e", p.maxDistanceDifference), std::to_string(p.verdictChanges)});
        newSolver.push_back(r > 0 && rows[r].solver != rows[r - 1].solver);
    }
    return bench::alignedTable(header, lines, 2, newSolver);
}

std::string formatReplayTable(const std::vector<ReplayRow>& rows) {
    std::vector<std::vector<std::string>> lines;
    std::vector<bool> newSolver;
    for (size_t r = 0; r < rows.size(); ++r) {
        lines.push_back(cells(rows[r]));
        newSolver.push_back(
            r > 0 && (rows[r].solver != rows[r - 1].solver || rows[r].task != rows[r - 1].task));
    }
    return bench::alignedTable(kHeader, lines, kFirstNumeric, newSolver);
}

std::string replaySummaryCsv(const std::vector<ReplayRow>& rows) {
    std::string text = "task,solver,warm_start,problems,fallbacks,q1_ns,median_ns,q3_ns,p90_ns,"
                       "mean_iterations,max_iterations,failures,disagreements,"
                       "max_distance_difference\n";
    for (const ReplayRow& r : rows) {
        text += r.task + ',' + r.solver + ',' + r.warmStart + ',' + std::to_string(r.problems) +
                ',' + std::to_string(r.fallbacks) + ',' + csvNumber(r.q1Ns) + ',' +
                csvNumber(r.medianNs) + ',' + csvNumber(r.q3Ns) + ',' + csvNumber(r.p90Ns) + ',' +
                csvNumber(r.meanIterations) + ',' + std::to_string(r.maxIterations) + ',' +
                std::to_string(r.failures) + ',' + std::to_string(r.disagreements) + ',' +
                csvNumber(r.maxDistanceDifference) + '\n';
    }
    return text;
}

void writeReplayCsvRows(std::ostream& out, const Dataset& d, const ReplayRun& run) {
    const std::string task(bench::name(run.task));
    char number[64];
    for (size_t p = 0; p < run.problems.size(); ++p) {
        const ProblemRow& row = d.problems[run.problems[p]];
        const std::string prefix = std::to_string(run.problems[p]) + ',' +
                                   std::to_string(row.trajectory) + ',' + std::to_string(row.step) +
                                   ',' + std::to_string(row.bodyA) + ',' +
                                   std::to_string(row.bodyB);
        const std::string recorded = csvNumber(row.distance);
        for (size_t c = 0; c < run.contenders.size(); ++c) {
            const ReplayCell& cell = run.cell(p, c);
            std::snprintf(number, sizeof number, "%.1f", cell.timeNs);
            out << prefix << ',' << name(run.contenders[c].solver) << ','
                << name(run.contenders[c].warmStart) << ',' << task << ','
                << (cell.fellBack ? 1 : 0) << ',' << name(cell.status) << ','
                << (cell.collide ? 1 : 0) << ',' << csvNumber(cell.distance) << ','
                << cell.iterations << ',' << (cell.unsupported ? "" : number) << ',' << recorded
                << ',' << (cell.disagrees ? 1 : 0) << '\n';
        }
    }
}

} // namespace mk::dataset
