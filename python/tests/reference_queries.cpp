/// \file reference_queries.cpp
/// The C++ side of the Python suites' bit-for-bit checks: the GJK++-style generated problems
/// (bench::generateEllipsoidSet / generateMeshSet with the given seed), each queried by
/// mk::collide through the C++ API, one line per problem with every double as a hex float.
///
/// Usage: py_reference_queries KIND PAIRS SEED SOLVER TASK WARM_START
///   KIND: ellipsoids | hulls; WARM_START: none | obb (independent problems).
/// Line: status collide distance wAx wAy wAz wBx wBy wBz nx ny nz iterations

#include "minkowski/bench/Generator.h"
#include "minkowski/narrowphase/Collide.h"
#include "minkowski/narrowphase/WarmStart.h"

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

int main(int argc, char** argv) {
    if (argc != 7) {
        std::fprintf(stderr, "usage: %s KIND PAIRS SEED SOLVER TASK WARM_START\n", argv[0]);
        return 2;
    }
    try {
        mk::bench::GeneratorOptions options;
        options.pairs = std::atoi(argv[2]);
        options.seed = std::strtoull(argv[3], nullptr, 10);
        const std::string kind = argv[1];
        const mk::bench::ProblemSet set =
            kind == "hulls" ? mk::bench::generateMeshSet(mk::bench::generatedHulls(options.seed), options, "hulls")
                            : mk::bench::generateEllipsoidSet(options);
        mk::QueryRequest request;
        request.solver = mk::parseSolverChoice(argv[4]);
        request.task = mk::parseTask(argv[5]);
        const mk::WarmStart warm = mk::parseWarmStart(argv[6]);
        for (const mk::bench::CollisionProblem& p : set.problems) {
            request.initialGuess = warm == mk::WarmStart::None
                                       ? mk::Vec3::UnitX()
                                       : mk::obbGuess(p.a.shape, p.poseA, p.b.shape, p.poseB);
            const mk::QueryResult r = mk::collide(p.a.shape, p.poseA, p.b.shape, p.poseB, request);
            std::printf("%s %d %a %a %a %a %a %a %a %a %a %a %d\n", std::string(mk::name(r.status)).c_str(),
                        r.collide ? 1 : 0, r.distance, r.witnessA.x(), r.witnessA.y(), r.witnessA.z(),
                        r.witnessB.x(), r.witnessB.y(), r.witnessB.z(), r.normal.x(), r.normal.y(),
                        r.normal.z(), r.iterations);
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "py_reference_queries: %s\n", e.what());
        return 1;
    }
    return 0;
}
