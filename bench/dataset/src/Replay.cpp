/// \file Replay.cpp
/// The replay loop: recorded warm starts through mk::PairCache, timing through bench/Timing.h.

#include "minkowski/dataset/Replay.h"

#include "minkowski/bench/Runner.h"
#include "minkowski/bench/Statistics.h"
#include "minkowski/bench/Timing.h"
#include "minkowski/dataset/Recorder.h"
#include "minkowski/narrowphase/Collide.h"
#include "minkowski/narrowphase/WarmStart.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <memory>

namespace mk::dataset {
namespace {

/// GJK++ Sec. IV: the mean of the fastest 90% of the repetitions.
constexpr double kFastestFraction = 0.9;

/// Storage of the warm data of the GJK family (penetration polytope and simplex), reused from
/// problem to problem (no allocation).
struct WarmScratch {
    PenetrationSeed polytope;     ///< what the pair's cache holds at the row's step
    PenetrationSeed polytopeKeep; ///< where the timed queries leave theirs (polytope stays as is)
    SimplexSeed simplex;          ///< the same for GJK's simplex (warm-started distance)
    SimplexSeed simplexKeep;
};

/// The warm data of `previous` and `transformed-previous` (PairCache::prepare): the penetration
/// seed is the polytope kept by the pair's query at step - 1, rebuilt here by that query at the
/// recorded previous poses (untimed; cold, where the simulation's query may have started from an
/// older seed: that changes which valid polytope is kept, not the answer). GJK's simplex of that
/// query is kept the same way (warm-started distance, SimplexSeed.h). Solvers other than the GJK
/// family ignore both seeds.
void seedWarmData(const ProblemRow& row, const Shape& a, const Shape& b, WarmStart strategy,
                  QueryRequest& request, WarmScratch& scratch) {
    const bool warm = strategy == WarmStart::Previous || strategy == WarmStart::TransformedPrevious;
    if (!warm || request.task != Task::SignedDistance || !row.queriedPrevious) {
        return;
    }
    QueryRequest previous = request;
    previous.initialGuess = obbGuess(a, row.previousPoseA, b, row.previousPoseB);
    previous.penetrationKeep = &scratch.polytope;
    previous.simplexKeep = &scratch.simplex;
    bench::doNotOptimize(collide(a, row.previousPoseA, b, row.previousPoseB, previous));
    request.penetrationSeed = &scratch.polytope;
    request.penetrationKeep = &scratch.polytopeKeep;
    request.simplexSeed = &scratch.simplex;
    request.simplexKeep = &scratch.simplexKeep;
}

ReplayCell measure(const ProblemRow& row, const Shape& a, const Shape& b,
                   const ReplayContender& contender, const QueryRequest& base,
                   bench::BenchTask task, std::vector<double>& samples, double overheadNs,
                   WarmScratch& scratch) {
    ReplayCell cell;
    QueryRequest request = base;
    request.task = bench::queryTask(task);
    request.solver = contender.solver;
    request.initialGuess = replayGuess(row, a, b, contender.warmStart, &cell.fellBack);
    request.hints = {-1, -1}; // cold support hints: every warm start on equal footing
    seedWarmData(row, a, b, contender.warmStart, request, scratch);
    const Pose& poseA = row.poseA;
    const Pose& poseB = row.poseB;
    // One untimed call first: every contender starts with the problem's data in cache, whatever
    // its place in the order (with few repetitions the first, cold one would count).
    bench::doNotOptimize(collide(a, poseA, b, poseB, request));
    const QueryResult result =
        bench::timeRepeats([&] { return collide(a, poseA, b, poseB, request); }, samples);
    recordMeasurement(cell, row, result, samples, overheadNs);
    return cell;
}

} // namespace

void recordMeasurement(ReplayCell& cell, const ProblemRow& row, const QueryResult& result,
                       const std::vector<double>& samples, double overheadNs) {
    cell.status = result.status;
    cell.unsupported = result.status == Status::Unsupported;
    cell.collide = result.collide;
    cell.distance = result.distance;
    cell.iterations = result.iterations;
    cell.timeNs = std::max(0.0, bench::fastestFractionMean(samples, kFastestFraction) - overheadNs);
    cell.disagrees = bench::disagreesWithReference(result.collide, recordedReference(row));
}

std::vector<size_t> selectProblems(const Dataset& d, const ProblemFilter& filter) {
    std::map<std::pair<std::int32_t, std::int32_t>, std::uint8_t> kinds;
    if (filter.dynamicPairsOnly) {
        if (d.bodies.empty() && !d.problems.empty()) {
            throw DatasetError(d.path + ": no bodies recorded, cannot tell dynamic pairs");
        }
        for (const BodyRow& b : d.bodies) {
            kinds[{b.trajectory, b.body}] = b.kind;
        }
    }
    const auto dynamic = [&](std::int32_t trajectory, std::int32_t body) {
        const auto it = kinds.find({trajectory, body});
        return it != kinds.end() && it->second == static_cast<std::uint8_t>(BodyKind::Dynamic);
    };
    std::vector<size_t> rows;
    for (size_t i = 0; i < d.problems.size(); ++i) {
        const ProblemRow& p = d.problems[i];
        if ((p.perturbed && !filter.includePerturbed) ||
            (filter.dynamicPairsOnly &&
             !(dynamic(p.trajectory, p.bodyA) && dynamic(p.trajectory, p.bodyB)))) {
            continue;
        }
        rows.push_back(i);
    }
    return rows;
}

Vec3 replayGuess(const ProblemRow& row, const Shape& a, const Shape& b, WarmStart strategy,
                 bool* fellBack) {
    PairCache cache;
    if (row.queriedPrevious) {
        QueryResult previous;
        previous.status = Status::Separated; // any status but invalid-input is stored
        previous.witnessA = row.previousWitnessA;
        previous.witnessB = row.previousWitnessB;
        previous.separation = row.previousSeparation;
        cache.update(std::int64_t{row.step} - 1, row.previousPoseA, row.previousPoseB, previous);
    }
    QueryRequest request;
    cache.prepare(strategy, row.step, a, row.poseA, b, row.poseB, request);
    if (fellBack != nullptr) {
        *fellBack = !row.queriedPrevious &&
                    (strategy == WarmStart::Previous || strategy == WarmStart::TransformedPrevious);
    }
    return request.initialGuess;
}

std::optional<double> recordedReference(const ProblemRow& row) {
    if (std::isnan(row.distance)) {
        return std::nullopt;
    }
    return row.distance;
}

ReplayRun replay(const Dataset& d, std::vector<size_t> problems, const ReplayOptions& options) {
    const auto start = std::chrono::steady_clock::now();
    ReplayRun run;
    run.task = options.task;
    run.contenders = options.contenders;
    run.problems = std::move(problems);
    run.repeats = std::max(1, options.repeats);
    run.clockOverheadNs = bench::clockOverheadNs();
    run.cells.reserve(run.problems.size() * run.contenders.size());
    std::vector<double> samples(static_cast<size_t>(run.repeats));
    const auto scratch = std::make_unique<WarmScratch>();
    for (size_t p = 0; p < run.problems.size(); ++p) {
        if (options.interrupt != nullptr && options.interrupt->load()) {
            throw Interrupted();
        }
        const ProblemRow& row = d.problems.at(run.problems[p]);
        const Shape& a = d.shapes.at(static_cast<size_t>(row.shapeA));
        const Shape& b = d.shapes.at(static_cast<size_t>(row.shapeB));
        for (const ReplayContender& contender : run.contenders) {
            run.cells.push_back(measure(row, a, b, contender, options.request, run.task, samples,
                                        run.clockOverheadNs, *scratch));
        }
        if (options.progress) {
            options.progress(p + 1, run.problems.size());
        }
    }
    run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return run;
}

} // namespace mk::dataset
