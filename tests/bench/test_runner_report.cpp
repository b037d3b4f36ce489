/// \file test_runner_report.cpp
/// The measurement loop and the summary table, with scripted contenders.

#include "minkowski/bench/Report.h"
#include "minkowski/bench/ResultsCsv.h"
#include "minkowski/bench/Runner.h"
#include "minkowski/bench/Timing.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <tuple>
#include <cmath>
#include <sstream>
#include <unistd.h>

namespace mk::bench {
namespace {

/// A contender whose every repetition "takes" `timeNs` and whose answer is scripted.
class ScriptedContender final : public Contender {
public:
    ScriptedContender(std::string solver, std::string warmStart, double timeNs, Outcome outcome)
        : solver_(std::move(solver)), warmStart_(std::move(warmStart)), timeNs_(timeNs),
          outcome_(outcome) {}
    [[nodiscard]] std::string solverName() const override { return solver_; }
    [[nodiscard]] std::string warmStartName() const override { return warmStart_; }
    [[nodiscard]] bool isPeer() const override { return warmStart_.empty(); }
    [[nodiscard]] bool supports(BenchTask task) const override {
        return !onlyBoolean || task == BenchTask::Boolean;
    }
    [[nodiscard]] bool runsIsolated() const override { return isolated; }
    bool prepare(const CollisionProblem& problem) override {
        return !skipSpheres || problem.a.shape.type() != ShapeType::Sphere;
    }
    Outcome measure(const CollisionProblem& problem, BenchTask task,
                    std::span<double> samplesNs) override {
        if (abortOnOverlapDistance && task == BenchTask::Distance &&
            *problem.referenceDistance < 0.0) {
            std::abort(); // as a library assert does
        }
        if (hangOnOverlapDistance && task == BenchTask::Distance &&
            *problem.referenceDistance < 0.0) {
            for (;;) { // as libccd on coincident spheres (66-117 s)
                ::pause();
            }
        }
        std::fill(samplesNs.begin(), samplesNs.end(), timeNs_);
        samplesNs.back() = 1e12; // an outlier the fastest-90% mean drops
        return outcome_;
    }
    bool onlyBoolean = false;
    bool skipSpheres = false;
    bool isolated = false;
    bool abortOnOverlapDistance = false;
    bool hangOnOverlapDistance = false;

private:
    std::string solver_;
    std::string warmStart_;
    double timeNs_;
    Outcome outcome_;
};

CollisionProblem problemAt(std::optional<double> reference, const Shape& a = Shape::box({1, 1, 1})) {
    return {{a, "", "a"}, {Shape::sphere(1), "", "b"}, Pose(), Pose(), reference,
            reference ? ReferenceKind::Given : ReferenceKind::None, std::nullopt};
}

Outcome answer(bool collide, double distance, int iterations, bool failedStatus = false) {
    return {failedStatus ? "max-iterations" : "separated", failedStatus, collide, distance,
            iterations};
}

std::vector<ProblemSet> twoBuckets() {
    return {{"set", {problemAt(-0.05), problemAt(0.05), problemAt(0.5)}}};
}

TEST(Runner, DisagreementWithTheReferenceSign) {
    EXPECT_TRUE(disagreesWithReference(true, 0.01));
    EXPECT_TRUE(disagreesWithReference(false, -0.01));
    EXPECT_FALSE(disagreesWithReference(true, -0.01));
    EXPECT_FALSE(disagreesWithReference(true, 0.0));         // touching: either answer
    EXPECT_FALSE(disagreesWithReference(false, -1e-7));      // within the sign tolerance
    EXPECT_FALSE(disagreesWithReference(true, std::nullopt)); // no reference
}

TEST(Runner, OneMeasurementPerSupportedCellWithFailures) {
    std::vector<std::unique_ptr<Contender>> contenders;
    contenders.push_back(std::make_unique<ScriptedContender>("gjk", "obb", 1000.0,
                                                             answer(false, 0.1, 4)));
    auto peer = std::make_unique<ScriptedContender>("peer", "", 2000.0, answer(true, 0.0, -1));
    peer->onlyBoolean = true;
    peer->skipSpheres = true;
    contenders.push_back(std::move(peer));
    std::vector<ProblemSet> sets = twoBuckets();
    sets[0].problems.push_back(problemAt(0.2, Shape::sphere(1))); // the peer skips it

    const RunOptions options{{BenchTask::Boolean, BenchTask::Distance}, 10, nullptr, nullptr, 0.0};
    const std::vector<Measurement> m = runBenchmark(sets, contenders, options);
    // gjk: 4 problems x 2 tasks; peer: 3 problems x boolean only.
    ASSERT_EQ(m.size(), 8u + 3u);
    for (const Measurement& x : m) {
        const bool isGjk = x.contender == 0;
        // The 1e12 outlier is dropped: 9 of 10 samples kept, minus the clock overhead.
        EXPECT_NEAR(x.timeNs, (isGjk ? 1000.0 : 2000.0) - clockOverheadNs(), 1e-6);
        const double reference = *sets[0].problems[static_cast<size_t>(x.problem)].referenceDistance;
        // gjk says "separated" everywhere: wrong on the overlapping problem only.
        // The peer says "collide" everywhere: wrong on the separated ones.
        EXPECT_EQ(x.failed, isGjk ? reference < 0.0 : reference > 0.0);
    }
}

TEST(Runner, UnsupportedPairsAreNeitherTimedNorFailures) {
    Outcome unsupported = answer(false, 0.0, 0);
    unsupported.status = "unsupported";
    unsupported.unsupported = true;
    std::vector<std::unique_ptr<Contender>> contenders;
    contenders.push_back(std::make_unique<ScriptedContender>("sdf", "obb", 10.0, unsupported));
    contenders.push_back(std::make_unique<ScriptedContender>("gjk", "obb", 10.0,
                                                             answer(false, 0.1, 4)));
    auto isolated = std::make_unique<ScriptedContender>("peer", "", 10.0, unsupported);
    isolated->isolated = true;
    contenders.push_back(std::move(isolated));
    const RunOptions options{{BenchTask::Boolean}, 10, nullptr, nullptr, 0.0};
    const std::vector<Measurement> m = runBenchmark(twoBuckets(), contenders, options);
    ASSERT_EQ(m.size(), 3u); // gjk only
    for (const Measurement& x : m) {
        EXPECT_EQ(x.contender, 1);
    }
}

TEST(Runner, IsolatedContenderSurvivesAnAbortAndResumesAfterIt) {
    std::vector<std::unique_ptr<Contender>> contenders;
    contenders.push_back(std::make_unique<ScriptedContender>("gjk", "obb", 1000.0,
                                                             answer(false, 0.1, 4)));
    auto peer = std::make_unique<ScriptedContender>("peer", "", 3000.0, answer(false, 0.2, 6));
    peer->isolated = true;
    peer->abortOnOverlapDistance = true;
    peer->skipSpheres = true;
    contenders.push_back(std::move(peer));
    std::vector<ProblemSet> sets = twoBuckets(); // references -0.05, 0.05, 0.5
    sets[0].problems.push_back(problemAt(-0.2));
    sets[0].problems.push_back(problemAt(0.2, Shape::sphere(1))); // the peer skips it

    std::vector<std::pair<int, int>> crashes; // (problem, signal)
    RunOptions options{{BenchTask::Boolean, BenchTask::Distance}, 10, nullptr, nullptr, 0.0};
    options.crashed = [&](const Measurement& m, int signal) {
        crashes.emplace_back(m.problem, signal);
    };
    const std::vector<Measurement> m = runBenchmark(sets, contenders, options);

    EXPECT_EQ(crashes, (std::vector<std::pair<int, int>>{{0, SIGABRT}, {3, SIGABRT}}));
    // gjk: 5 problems x 2 tasks; peer: 4 problems x 2 tasks (2 of them crashed).
    ASSERT_EQ(m.size(), 10u + 8u);
    int crashed = 0;
    for (size_t i = 1; i < m.size(); ++i) { // ordered by set, problem, contender, task
        EXPECT_LE(std::tuple(m[i - 1].problem, m[i - 1].contender),
                  std::tuple(m[i].problem, m[i].contender));
    }
    for (const Measurement& x : m) {
        if (x.contender != 1) {
            continue;
        }
        if (x.crashed) {
            ++crashed;
            EXPECT_TRUE(x.failed);
            EXPECT_TRUE(std::isnan(x.timeNs));
            EXPECT_EQ(x.task, BenchTask::Distance);
        } else {
            // Measured in a child process and streamed back intact.
            EXPECT_EQ(x.outcome.status, "separated");
            EXPECT_EQ(x.outcome.iterations, 6);
            EXPECT_EQ(x.outcome.distance, 0.2);
            EXPECT_NEAR(x.timeNs, 3000.0 - clockOverheadNs(), 1e-6);
        }
    }
    EXPECT_EQ(crashed, 2);
}

/// Issue 18 item 1: a query that never returns is killed at the per-cell limit, reported with its
/// problem index as timed out, and the run resumes after it: the whole run takes about the
/// limit times the hanging cells.
TEST(Runner, IsolatedContenderTimesOutAndResumesAfterIt) {
    std::vector<std::unique_ptr<Contender>> contenders;
    auto peer = std::make_unique<ScriptedContender>("peer", "", 3000.0, answer(false, 0.2, 6));
    peer->isolated = true;
    peer->hangOnOverlapDistance = true;
    contenders.push_back(std::move(peer));
    std::vector<ProblemSet> sets = twoBuckets(); // references -0.05, 0.05, 0.5
    sets[0].problems.push_back(problemAt(-0.2));

    std::vector<std::pair<int, int>> lost; // (problem, signal)
    RunOptions options{{BenchTask::Boolean, BenchTask::Distance}, 10, nullptr, nullptr, 0.2};
    options.crashed = [&](const Measurement& m, int signal) {
        EXPECT_TRUE(m.timedOut);
        lost.emplace_back(m.problem, signal);
    };
    const auto start = BenchClock::now();
    const std::vector<Measurement> m = runBenchmark(sets, contenders, options);
    const double seconds = std::chrono::duration<double>(BenchClock::now() - start).count();

    EXPECT_EQ(lost, (std::vector<std::pair<int, int>>{{0, 0}, {3, 0}}));
    EXPECT_LT(seconds, 2.0); // 2 x 0.2 s and the forks
    ASSERT_EQ(m.size(), 8u);
    int timedOut = 0;
    for (const Measurement& x : m) {
        if (x.timedOut) {
            ++timedOut;
            EXPECT_TRUE(x.crashed);
            EXPECT_TRUE(x.failed);
            EXPECT_EQ(x.outcome.status, "timed-out");
            EXPECT_EQ(x.task, BenchTask::Distance);
        } else {
            EXPECT_EQ(x.outcome.status, "separated");
        }
    }
    EXPECT_EQ(timedOut, 2);
}

TEST(Report, GroupsRatiosErrorsAndFailures) {
    std::vector<std::unique_ptr<Contender>> contenders;
    contenders.push_back(std::make_unique<ScriptedContender>("gjk", "obb", 0, Outcome{}));
    contenders.push_back(std::make_unique<ScriptedContender>("gjk-polyak", "obb", 0, Outcome{}));
    contenders.push_back(std::make_unique<ScriptedContender>("peer", "", 0, Outcome{}));
    const std::vector<ProblemSet> sets = twoBuckets();
    const auto at = [](int problem, int contender, double time, Outcome o, bool failed = false) {
        return Measurement{0, problem, contender, BenchTask::Distance, o, time, failed};
    };
    const std::vector<Measurement> m{
        at(0, 0, 100, answer(true, -0.04, 10)),  at(1, 0, 200, answer(false, 0.05, 20)),
        at(2, 0, 300, answer(false, 0.5, 30)),   at(0, 1, 50, answer(true, -0.05, 5)),
        at(1, 1, 100, answer(false, 0.06, 10), true), at(2, 1, 600, answer(false, 0.5, 60)),
        at(1, 2, 400, answer(false, NAN, -1)),
    };
    const std::vector<SummaryRow> rows = summarize(sets, contenders, m, Grouping::Buckets);
    ASSERT_EQ(rows.size(), 7u);
    // Order: overlapping (gjk, polyak), close (gjk, polyak, peer), far (gjk, polyak).
    EXPECT_EQ(rows[0].group, "overlapping");
    EXPECT_EQ(rows[0].solver, "gjk");
    EXPECT_NEAR(rows[0].maxError, 0.01, 1e-15);
    EXPECT_EQ(rows[1].solver, "gjk-polyak");
    EXPECT_DOUBLE_EQ(rows[1].timeRatio, 0.5);
    EXPECT_DOUBLE_EQ(rows[1].iterationRatio, 0.5);
    EXPECT_EQ(rows[1].maxError, 0.0);

    EXPECT_EQ(rows[2].group, "close 0..0.1 m");
    EXPECT_DOUBLE_EQ(rows[2].timeRatio, 1.0);
    EXPECT_EQ(rows[3].failures, 1);
    EXPECT_NEAR(rows[3].medianError, 0.01, 1e-15);
    EXPECT_EQ(rows[4].solver, "peer");
    EXPECT_EQ(rows[4].warmStart, "");
    EXPECT_DOUBLE_EQ(rows[4].timeRatio, 2.0); // against gjk + obb
    EXPECT_TRUE(std::isnan(rows[4].meanIterations));
    EXPECT_TRUE(std::isnan(rows[4].maxError)); // no distance measured

    EXPECT_EQ(rows[5].group, "far > 0.1 m");
    EXPECT_DOUBLE_EQ(rows[5].medianNs, 300.0);
    EXPECT_EQ(rows[5].problems, 1);
    EXPECT_DOUBLE_EQ(rows[6].timeRatio, 2.0);
    EXPECT_DOUBLE_EQ(rows[6].iterationRatio, 2.0);

    const std::string table = formatTable(rows);
    EXPECT_NE(table.find("t/gjk"), std::string::npos);
    EXPECT_NE(table.find("gjk-polyak"), std::string::npos);
    const std::string csv = summaryCsv(rows);
    EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 8);
}

TEST(Report, TableColumnsAreAligned) {
    std::vector<SummaryRow> rows(2);
    rows[0] = {"boolean", "meshes", "overlapping", "gjk", "obb", 3, 1234, 2000, 1, 10, 1, 0, NAN, NAN};
    rows[1] = {"boolean", "meshes", "overlapping", "gjk-nesterov-normalized", "none", 3, 56, 78,
               0.5, 5, 0.5, 2, NAN, NAN};
    std::istringstream lines(formatTable(rows));
    std::string header;
    std::string first;
    std::string second;
    std::getline(lines, header);
    std::getline(lines, first);
    std::getline(lines, second);
    EXPECT_EQ(header.size(), first.size());
    EXPECT_EQ(first.size(), second.size());
    EXPECT_EQ(header.find("median ns") + 9, first.find("1234") + 4); // right-aligned numbers
}

TEST(ResultsCsv, OneRowPerMeasurementWithGlobalProblemIndex) {
    std::vector<std::unique_ptr<Contender>> contenders;
    contenders.push_back(std::make_unique<ScriptedContender>("gjk", "none", 0, Outcome{}));
    contenders.push_back(std::make_unique<ScriptedContender>("peer", "", 0, Outcome{}));
    const std::vector<ProblemSet> sets{{"a", {problemAt(0.1)}}, {"b", {problemAt(0.2)}}};
    const std::vector<Measurement> m{
        {1, 0, 0, BenchTask::Distance, answer(false, 0.25, 7), 12.34, false},
        {1, 0, 1, BenchTask::Boolean, {"ok", false, true, NAN, -1}, 5, false},
    };
    EXPECT_EQ(resultsCsv(sets, contenders, m),
              std::string(kResultsCsvHeader) + "\n" +
                  "1,gjk,none,distance,separated,0,0.25,7,12.3\n"
                  "1,peer,,boolean,ok,1,,,5.0\n");
}

} // namespace
} // namespace mk::bench
