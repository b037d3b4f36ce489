/// \file test_contender.cpp
/// SolverContender with a solver choice: its name is name(choice), its request carries the
/// sub-algorithm, and every sub-algorithm answers the generated problems alike.

#include "minkowski/bench/Contender.h"
#include "minkowski/bench/Generator.h"
#include "minkowski/narrowphase/Collide.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace mk::bench {
namespace {

TEST(SolverContender, NamesAndRequestsItsChoice) {
    const ProblemSet set = generateEllipsoidSet({{0.01}, 1, 5});
    ASSERT_EQ(set.problems.size(), 1u);
    const SolverContender johnson(builtins::gjkPolyak(), WarmStart::Obb);
    const SolverChoice barycodeChoice = parseSolverChoice("gjk-polyak:subalgo=barycode");
    const SolverContender barycode(barycodeChoice, WarmStart::Obb);
    EXPECT_EQ(johnson.solverName(), "gjk-polyak"); // johnson is the default: not named
    EXPECT_EQ(barycode.solverName(), "gjk-polyak:subalgo=barycode");
    EXPECT_EQ(barycode.warmStartName(), "obb");
    const QueryRequest request = barycode.request(set.problems[0], BenchTask::Distance);
    EXPECT_EQ(request.solver, barycodeChoice);
    EXPECT_EQ(request.task, Task::SignedDistance);
    EXPECT_EQ(johnson.request(set.problems[0], BenchTask::Boolean).solver,
              SolverChoice(builtins::gjkPolyak()));
}

TEST(SolverContender, EverySubAlgorithmMeetsTheGeneratedReferences) {
    const ProblemSet set = generateEllipsoidSet({{-0.01, 0.001, 0.1}, 3, 21});
    std::vector<double> samples(1);
    for (SubAlgorithm sub : allSubAlgorithms()) {
        SolverContender contender(withOption(builtins::gjk(), "subalgo", name(sub)), WarmStart::None);
        for (const CollisionProblem& problem : set.problems) {
            const Outcome o = contender.measure(problem, BenchTask::Distance, samples);
            const double reference = *problem.referenceDistance;
            EXPECT_FALSE(o.failedStatus) << contender.solverName() << ": " << o.status;
            EXPECT_EQ(o.collide, reference <= 0.0) << contender.solverName();
            // References come from GJK at 1e-12 and EPA at 1e-10 m (Generator.h); the contender
            // runs GJK at 1e-8 relative and EPA at 1e-8 m, on shapes of ~0.1 m.
            EXPECT_NEAR(o.distance, reference, 1e-6) << contender.solverName();
        }
    }
}

} // namespace
} // namespace mk::bench
