#pragma once
/// \file Contender.h
/// What the benchmark times: one of our solvers with one warm start, or a peer library
/// (the CLI adapts bench/peers). Each contender runs its own timing loop (Timing.h) so that the
/// timed region holds the query call only.

#include "minkowski/bench/Problem.h"
#include "minkowski/narrowphase/Collide.h"
#include "minkowski/narrowphase/Query.h"

#include <span>
#include <string>
#include <string_view>

namespace mk::bench {

/// The benchmark's tasks. Distance is the signed distance (Task::SignedDistance): overlapping
/// pairs are resolved by EPA after the GJK solvers and by MPR's own refinement.
enum class BenchTask : unsigned char { Boolean, Distance };

[[nodiscard]] std::string_view name(BenchTask task); ///< "boolean", "distance"
/// \throws mk::UnknownNameError listing "boolean, distance".
BenchTask parseBenchTask(std::string_view text);
/// The narrow-phase task a bench task runs.
[[nodiscard]] Task queryTask(BenchTask task);

/// What a contender answered on one problem.
struct Outcome {
    std::string_view status{}; ///< mk::name(Status), or "ok"/"failed" for peers (static storage)
    bool failedStatus = false; ///< the contender itself reported a failure
    bool collide = false;
    double distance = 0.0;  ///< signed distance (unit: metre); NaN when not measured
    int iterations = -1;    ///< -1 when the contender does not report iterations
    /// The contender cannot handle this pair (Status::Unsupported, e.g. sdf-ellipsoid on a mesh):
    /// nothing is recorded, it is neither timed nor a failure.
    bool unsupported = false;
};

class Contender {
public:
    virtual ~Contender() = default;
    /// Solver choice or peer name ("gjk-nesterov", "gjk:subalgo=barycode", "libccd-mpr").
    [[nodiscard]] virtual std::string solverName() const = 0;
    /// Warm-start name; empty for peers (they initialise themselves).
    [[nodiscard]] virtual std::string warmStartName() const = 0;
    [[nodiscard]] virtual bool isPeer() const = 0;
    /// True when the contender must run in a child process of its own (third-party libraries
    /// whose asserts abort): a crash then costs one problem, not the run. See runBenchmark().
    [[nodiscard]] virtual bool runsIsolated() const { return false; }
    [[nodiscard]] virtual bool supports(BenchTask task) const = 0;
    /// Work done once per problem outside timing (peers build their shape objects). False when
    /// the contender cannot represent the problem's shapes: the problem is skipped for it.
    virtual bool prepare(const CollisionProblem& problem) = 0;
    /// Times one repetition of the query per element of `samplesNs`; returns the last outcome.
    virtual Outcome measure(const CollisionProblem& problem, BenchTask task,
                            std::span<double> samplesNs) = 0;
};

/// mk::collide with one solver choice (solver and GJK sub-algorithm) and one warm start. For
/// independent problems (no previous step) `none` starts from x0 = (1, 0, 0), `obb` from
/// mk::obbGuess, and `previous` and `transformed-previous` fall back to `obb` (the paper's rule).
/// The guess is computed outside timing.
class SolverContender final : public Contender {
public:
    SolverContender(const SolverChoice& choice, WarmStart warmStart)
        : choice_(choice), warmStart_(warmStart) {}
    /// name(choice): "gjk", "gjk-polyak:subalgo=barycode".
    [[nodiscard]] std::string solverName() const override;
    [[nodiscard]] std::string warmStartName() const override;
    [[nodiscard]] bool isPeer() const override { return false; }
    [[nodiscard]] bool supports(BenchTask) const override { return true; }
    bool prepare(const CollisionProblem&) override { return true; }
    Outcome measure(const CollisionProblem& problem, BenchTask task,
                    std::span<double> samplesNs) override;

    /// The request this contender sends for `problem` (task, solver, sub-algorithm, initial
    /// guess).
    [[nodiscard]] QueryRequest request(const CollisionProblem& problem, BenchTask task) const;

private:
    SolverChoice choice_;
    WarmStart warmStart_;
};

/// Statuses counted as failures: max-iterations, degenerate, invalid-input.
[[nodiscard]] bool isFailure(Status status);

} // namespace mk::bench
