/// \file micro_narrowphase.cpp
/// Google Benchmark micro-benchmarks of mk::collide: an ellipsoid pair and a mesh pair, in close
/// proximity (1 cm) and overlapping (-1 cm), boolean and signed distance, every solver (the GJK
/// solvers once per sub-distance algorithm: johnson, signed-volume, barycode), obb warm start.
/// Problems come from the same generator as `minkowski bench --generated`. Names end in the
/// solver choice: `mesh/close/boolean/gjk`, `mesh/close/boolean/gjk:subalgo=barycode`.
///
///   build/release/bench/bench_narrowphase --benchmark_filter=mesh
///   build/release/bench/bench_narrowphase --benchmark_filter='mesh/close/boolean/gjk(:|$)'

#include "minkowski/bench/Contender.h"
#include "minkowski/bench/Generator.h"
#include "minkowski/narrowphase/Collide.h"

#include <benchmark/benchmark.h>

#include <string>
#include <vector>

namespace {

using mk::bench::CollisionProblem;

/// The pair of a set at the two distances benchmarked here.
constexpr double kClose = 0.01;
constexpr double kOverlap = -0.01;

std::vector<CollisionProblem> pairProblems(bool meshes) {
    const mk::bench::GeneratorOptions options{{kOverlap, kClose}, 1, 7};
    const mk::bench::ProblemSet set =
        meshes ? mk::bench::generateMeshSet(mk::bench::generatedHulls(7), options)
               : mk::bench::generateEllipsoidSet(options);
    return set.problems;
}

/// Every solver with johnson, then the GJK solvers with the other sub-algorithms.
std::vector<mk::SolverChoice> allChoices() {
    std::vector<mk::SolverChoice> choices;
    for (const mk::SolverEntry* solver : mk::allSolvers()) {
        choices.emplace_back(*solver);
    }
    for (const mk::SolverEntry* solver : mk::allSolvers()) {
        for (mk::SubAlgorithm sub : mk::allSubAlgorithms()) {
            if (mk::optionIndex(*solver, "subalgo") >= 0 && sub != mk::SubAlgorithm::Johnson) {
                choices.push_back(mk::withOption(*solver, "subalgo", mk::name(sub)));
            }
        }
    }
    return choices;
}

void runQuery(benchmark::State& state, const CollisionProblem& problem,
              const mk::SolverChoice& choice, mk::bench::BenchTask task) {
    const mk::bench::SolverContender contender(choice, mk::WarmStart::Obb);
    const mk::QueryRequest request = contender.request(problem, task);
    mk::QueryResult result;
    for (auto _ : state) {
        result = mk::collide(problem.a.shape, problem.poseA, problem.b.shape, problem.poseB,
                             request);
        benchmark::DoNotOptimize(result);
    }
    state.counters["iterations"] = result.iterations;
}

void registerAll() {
    for (bool meshes : {false, true}) {
        const std::vector<CollisionProblem> problems = pairProblems(meshes);
        for (const CollisionProblem& problem : problems) {
            const std::string where = *problem.referenceDistance < 0.0 ? "overlap" : "close";
            for (mk::bench::BenchTask task :
                 {mk::bench::BenchTask::Boolean, mk::bench::BenchTask::Distance}) {
                for (const mk::SolverChoice& choice : allChoices()) {
                    const std::string name = std::string(meshes ? "mesh" : "ellipsoid") + "/" +
                                             where + "/" + std::string(mk::bench::name(task)) +
                                             "/" + mk::name(choice);
                    benchmark::RegisterBenchmark(name.c_str(), runQuery, problem, choice, task);
                }
            }
        }
    }
}

} // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    registerAll();
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
