/// \file test_replay.cpp
/// Replay: the paper's fallback rule, the recorded warm starts reproduced bit for bit, the
/// measurement loop, its table and its per-problem CSV.

#include "DatasetTestUtil.h"
#include "minkowski/dataset/Reader.h"
#include "minkowski/dataset/ReplayReport.h"
#include "minkowski/narrowphase/Collide.h"
#include "minkowski/narrowphase/WarmStart.h"

#include <sstream>

namespace mk::dataset::test {
namespace {

class Replay : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        dir_ = new TempDir();
        // Six trajectories: with speculative contacts (on by default) three left no penetrating
        // call that the kept polytope answers at 1e-10 m.
        recordTiny(dir_->file("tiny.h5"), 1, {}, 6);
        dataset_ = new Dataset(readDataset(dir_->file("tiny.h5")));
    }
    static void TearDownTestSuite() {
        delete dataset_;
        delete dir_;
    }
    static const Dataset& d() { return *dataset_; }
    static TempDir* dir_;
    static Dataset* dataset_;
};
TempDir* Replay::dir_ = nullptr;
Dataset* Replay::dataset_ = nullptr;

TEST_F(Replay, PreviousFallsBackToObbWhenThePairWasNotQueriedAtTheStepBefore) {
    const ProblemRow* first = nullptr;
    for (const ProblemRow& p : d().problems) {
        if (!p.perturbed && !p.queriedPrevious) {
            first = &p;
            break;
        }
    }
    ASSERT_NE(first, nullptr);
    ProblemRow row = *first;
    row.previousSeparation = Vec3(7, 7, 7); // stale memory must not be used
    row.previousStep = row.step - 2;
    const Shape& a = d().shapes.at(size_t(row.shapeA));
    const Shape& b = d().shapes.at(size_t(row.shapeB));
    const Vec3 obb = obbGuess(a, row.poseA, b, row.poseB);
    EXPECT_EQ(obb, row.obbCenterA - row.obbCenterB);
    for (WarmStart w : {WarmStart::Previous, WarmStart::TransformedPrevious}) {
        bool fellBack = false;
        EXPECT_EQ(replayGuess(row, a, b, w, &fellBack), obb) << name(w);
        EXPECT_TRUE(fellBack);
    }
    row.queriedPrevious = true;
    bool fellBack = true;
    EXPECT_EQ(replayGuess(row, a, b, WarmStart::Previous, &fellBack), Vec3(7, 7, 7));
    EXPECT_FALSE(fellBack);
    EXPECT_EQ(replayGuess(row, a, b, WarmStart::None), Vec3::UnitX());
    EXPECT_EQ(replayGuess(row, a, b, WarmStart::Obb), obb);
}

/// Replaying with the recording's own warm start gives the x0 the engine used, bit for bit.
void expectRecordedGuesses(const TrajectoryData& t, WarmStart warmStart) {
    std::vector<Shape> shapes;
    for (const ShapeRecord& r : t.shapes) {
        shapes.push_back(rebuildShape(r));
    }
    size_t previous = 0;
    for (const ProblemRow& p : t.problems) {
        if (p.perturbed) {
            continue; // warm-started by the engine from the same step's query
        }
        previous += p.queriedPrevious ? 1 : 0;
        EXPECT_EQ(
            replayGuess(p, shapes.at(size_t(p.shapeA)), shapes.at(size_t(p.shapeB)), warmStart),
            p.initialGuess)
            << "step " << p.step << " bodies " << p.bodyA << "-" << p.bodyB;
    }
    EXPECT_GT(previous, 10U);
}

TEST_F(Replay, RecordingWarmStartsAreReproducedBitForBit) {
    const Dataset& data = d();
    for (size_t t = 0; t < data.trajectories.size(); ++t) {
        expectRecordedGuesses(trajectoryData(data, t), WarmStart::Previous);
    }
    scenes::SceneDesc scene = tinyScene();
    scene.simulation.warmStart = WarmStart::TransformedPrevious;
    expectRecordedGuesses(recordTrajectory(scene, tinyShapes(), 1), WarmStart::TransformedPrevious);
}

TEST_F(Replay, EveryContenderMeasuresEverySelectedProblem) {
    const std::vector<size_t> rows = selectProblems(d(), {});
    const std::vector<size_t> all = selectProblems(d(), {.includePerturbed = true});
    const std::vector<size_t> pairs = selectProblems(d(), {.dynamicPairsOnly = true});
    EXPECT_LT(rows.size(), all.size());
    EXPECT_EQ(all.size(), d().problems.size());
    EXPECT_LT(pairs.size(), rows.size()); // the funnel's walls and floor are left out
    size_t notPrevious = 0;
    for (size_t r : rows) {
        notPrevious += d().problems[r].queriedPrevious ? 0 : 1;
    }
    ReplayOptions options;
    for (WarmStart w : allWarmStarts()) {
        options.contenders.push_back({builtins::gjkNesterov(), w});
    }
    options.repeats = 3;
    size_t progressCalls = 0;
    options.progress = [&](size_t, size_t) { ++progressCalls; };
    const ReplayRun run = replay(d(), rows, options);
    ASSERT_EQ(run.cells.size(), rows.size() * 4);
    EXPECT_EQ(progressCalls, rows.size());
    const std::vector<ReplayRow> table = summarizeReplay(d(), run);
    ASSERT_EQ(table.size(), 4U);
    for (const ReplayRow& r : table) {
        EXPECT_EQ(r.problems, rows.size());
        const bool previousKind =
            r.warmStart == "previous" || r.warmStart == "transformed-previous";
        EXPECT_EQ(r.fallbacks, previousKind ? notPrevious : 0U) << r.warmStart;
        EXPECT_EQ(r.failures, 0U);
        EXPECT_EQ(r.disagreements, 0U); // boolean verdicts agree with the recorded signs
        EXPECT_LE(r.q1Ns, r.medianNs);
        EXPECT_LE(r.medianNs, r.q3Ns);
        EXPECT_LE(r.q3Ns, r.p90Ns);
        EXPECT_GT(r.meanIterations, 0.0);
        EXPECT_GE(r.maxIterations, r.meanIterations);
    }
    const std::string text = formatReplayTable(table);
    EXPECT_NE(text.find("median ns"), std::string::npos);
    EXPECT_NE(text.find("transformed-previous"), std::string::npos);
    std::ostringstream csv;
    writeReplayCsvRows(csv, d(), run);
    const std::string lines = csv.str();
    EXPECT_EQ(static_cast<size_t>(std::count(lines.begin(), lines.end(), '\n')), rows.size() * 4);
    EXPECT_EQ(lines.rfind(std::to_string(rows.front()) + ",", 0), 0U);
}

TEST_F(Replay, DistanceTaskComparesWithTheRecordedDistance) {
    ReplayOptions options;
    options.contenders = {{builtins::gjk(), WarmStart::Previous}};
    options.task = bench::BenchTask::Distance;
    options.repeats = 1;
    const ReplayRun run = replay(d(), selectProblems(d(), {}), options);
    const ReplayRow row = summarizeReplay(d(), run).at(0);
    // The recording solver itself, warm-started as recorded: the same distances.
    EXPECT_LT(row.maxDistanceDifference, 1e-9);
}

/// gjk cold (obb) and warm (transformed-previous) on the distance task, one repetition.
ReplayOptions coldAndWarmDistance() {
    ReplayOptions options;
    options.contenders = {{builtins::gjk(), WarmStart::Obb},
                          {builtins::gjk(), WarmStart::TransformedPrevious}};
    options.task = bench::BenchTask::Distance;
    options.repeats = 1;
    return options;
}

TEST_F(Replay, PenetratingCallsAreSeededAndAgreeWithColdEpa) {
    ReplayOptions options = coldAndWarmDistance();
    const ReplayRun run = replay(d(), selectProblems(d(), {}), options);
    const std::vector<PenetrationRow> rows = summarizePenetration(d(), run);
    ASSERT_EQ(rows.size(), 2U);
    const PenetrationRow& cold = rows[0];
    const PenetrationRow& warm = rows[1];
    ASSERT_GT(cold.problems, 0U); // the tiny recording has penetrating calls
    EXPECT_EQ(warm.problems, cold.problems);
    EXPECT_EQ(cold.seeded, 0U);
    EXPECT_GT(warm.seeded, 0U); // the polytope kept at step - 1 answers some of them
    EXPECT_EQ(cold.maxDifferenceToCold, 0.0);
    EXPECT_DOUBLE_EQ(cold.ratioToCold, 1.0);
    // the same depth to EPA's threshold (1e-8 m), never another verdict
    EXPECT_LT(warm.maxDifferenceToCold, 1e-8);
    EXPECT_EQ(warm.verdictChanges, 0U);
    // both stop within EPA's threshold (1e-8 m plus 1e-12 relative) of the tight depth
    EXPECT_LT(cold.maxErrorToTight, 1e-8);
    EXPECT_LT(warm.maxErrorToTight, 1e-8);
    EXPECT_NE(formatPenetrationTable(rows).find("seeded"), std::string::npos);
    options.task = bench::BenchTask::Boolean;
    EXPECT_TRUE(summarizePenetration(d(), replay(d(), selectProblems(d(), {}), options)).empty());
}

/// ReplayOptions::request carries the EPA tolerance to every query (`bench --epa-tolerance`):
/// at 1e-10 m warm and cold EPA agree, and sit, within it of the tight depth; at 1e-3 m the
/// answers are visibly looser.
TEST_F(Replay, TheEpaToleranceOfTheRequestReachesEveryQuery) {
    ReplayOptions options = coldAndWarmDistance();
    const auto penetrating = [&](double tolerance) {
        options.request.penetrationTolerance = tolerance;
        return summarizePenetration(d(), replay(d(), selectProblems(d(), {}), options));
    };
    const std::vector<PenetrationRow> tight = penetrating(1e-10);
    ASSERT_EQ(tight.size(), 2U);
    ASSERT_GT(tight[1].seeded, 0U);
    EXPECT_LT(tight[1].maxDifferenceToCold, 1e-10);
    EXPECT_LT(tight[0].maxErrorToTight, 1e-10);
    EXPECT_LT(tight[1].maxErrorToTight, 1e-10);
    const std::vector<PenetrationRow> loose = penetrating(1e-3);
    ASSERT_EQ(loose.size(), 2U);
    EXPECT_GT(loose[0].maxErrorToTight, 100.0 * tight[0].maxErrorToTight);
    EXPECT_LT(loose[0].maxErrorToTight, 1e-3);
}

TEST_F(Replay, SubAlgorithmsAreContendersOfTheirOwn) {
    ReplayOptions options;
    for (SubAlgorithm sub : allSubAlgorithms()) {
        options.contenders.push_back(
            {withOption(builtins::gjk(), "subalgo", name(sub)), WarmStart::Previous});
    }
    options.task = bench::BenchTask::Distance;
    options.repeats = 1;
    const ReplayRun run = replay(d(), selectProblems(d(), {}), options);
    const std::vector<ReplayRow> table = summarizeReplay(d(), run);
    ASSERT_EQ(table.size(), 3U);
    EXPECT_EQ(table[0].solver, "gjk");
    EXPECT_EQ(table[1].solver, "gjk:subalgo=signed-volume");
    EXPECT_EQ(table[2].solver, "gjk:subalgo=barycode");
    for (const ReplayRow& r : table) {
        EXPECT_EQ(r.failures, 0U) << r.solver;
        // Every sub-algorithm answers the recorded distances to the GJK tolerance.
        EXPECT_LT(r.maxDistanceDifference, 1e-6) << r.solver;
    }
    std::ostringstream csv;
    writeReplayCsvRows(csv, d(), run);
    EXPECT_NE(csv.str().find(",gjk:subalgo=barycode,previous,distance,"), std::string::npos);
}

TEST_F(Replay, AnInterruptStopsTheReplay) {
    std::atomic<bool> interrupt{true};
    ReplayOptions options;
    options.contenders = {{builtins::gjk(), WarmStart::None}};
    options.interrupt = &interrupt;
    EXPECT_THROW(replay(d(), selectProblems(d(), {}), options), Interrupted);
}

} // namespace
} // namespace mk::dataset::test
