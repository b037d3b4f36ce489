/// \file Contender.cpp
/// Our solvers as benchmark contenders.

#include "minkowski/bench/Contender.h"

#include "minkowski/bench/Timing.h"
#include "minkowski/narrowphase/Collide.h"
#include "minkowski/narrowphase/WarmStart.h"

#include <string>

namespace mk::bench {

std::string_view name(BenchTask task) {
    return task == BenchTask::Boolean ? "boolean" : "distance";
}

BenchTask parseBenchTask(std::string_view text) {
    if (text == "boolean") {
        return BenchTask::Boolean;
    }
    if (text == "distance") {
        return BenchTask::Distance;
    }
    throw UnknownNameError("unknown task '" + std::string(text) + "'; valid: boolean, distance");
}

Task queryTask(BenchTask task) {
    return task == BenchTask::Boolean ? Task::Boolean : Task::SignedDistance;
}

bool isFailure(Status status) {
    return status == Status::MaxIterations || status == Status::Degenerate ||
           status == Status::InvalidInput;
}

std::string SolverContender::solverName() const {
    return name(choice_);
}

std::string SolverContender::warmStartName() const { return std::string(name(warmStart_)); }

QueryRequest SolverContender::request(const CollisionProblem& problem, BenchTask task) const {
    QueryRequest request;
    request.task = queryTask(task);
    request.solver = choice_;
    if (warmStart_ == WarmStart::None) {
        request.initialGuess = Vec3::UnitX();
    } else { // obb; previous and transformed-previous have no previous step: obb
        request.initialGuess = obbGuess(problem.a.shape, problem.poseA, problem.b.shape,
                                        problem.poseB);
    }
    return request;
}

Outcome SolverContender::measure(const CollisionProblem& problem, BenchTask task,
                                 std::span<double> samplesNs) {
    const QueryRequest query = request(problem, task);
    const Shape& a = problem.a.shape;
    const Shape& b = problem.b.shape;
    const Pose& poseA = problem.poseA;
    const Pose& poseB = problem.poseB;
    const QueryResult result =
        timeRepeats([&] { return collide(a, poseA, b, poseB, query); }, samplesNs);
    return {name(result.status), isFailure(result.status), result.collide, result.distance,
            result.iterations, result.status == Status::Unsupported};
}

} // namespace mk::bench
