/// \file MinkowskiRun.cpp
/// Our engine's side of `minkowski bench --engine`.

#include "minkowski/bench/EngineRun.h"

#include <chrono>
#include <ctime>

namespace mk::bench {
namespace {

void addStages(StepTimes& sum, const StepTimes& t) {
    sum.broadphase += t.broadphase;
    sum.obbFilter += t.obbFilter;
    sum.narrowPhase += t.narrowPhase;
    sum.manifolds += t.manifolds;
    sum.solver += t.solver;
    sum.integrate += t.integrate;
    sum.total += t.total;
}

} // namespace

double threadCpuSeconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

EngineRunResult runMinkowski(World& world, int steps) {
    EngineRunResult r;
    r.engine = "minkowski";
    r.steps = steps;
    for (int i = 0; i < steps; ++i) {
        const auto start = std::chrono::steady_clock::now();
        const double cpuStart = threadCpuSeconds();
        world.step();
        r.seconds +=
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        r.cpuSeconds += threadCpuSeconds() - cpuStart;
        const StepStats& s = world.lastStats();
        addStages(r.stages, s.times);
        r.pairs += s.counts.broadphasePairs;
        r.obbPassed += s.counts.obbPassed;
        r.narrowPhaseCalls += s.counts.narrowPhaseCalls;
        r.perturbationCalls += s.counts.perturbationCalls;
        r.contacts += s.counts.contacts;
        r.pgsIterations += s.counts.pgsIterations;
    }
    const double n = steps > 0 ? steps : 1;
    r.pairs /= n;
    r.obbPassed /= n;
    r.narrowPhaseCalls /= n;
    r.perturbationCalls /= n;
    r.contacts /= n;
    r.pgsIterations /= n;
    for (std::size_t i = 0; i < world.bodyCount(); ++i) {
        const Body& body = world.body(static_cast<BodyId>(i));
        if (body.isDynamic()) {
            r.finite = r.finite && body.pose.translation.allFinite();
            r.meanHeight += body.pose.translation.z();
            ++r.bodies;
        }
    }
    r.meanHeight /= r.bodies > 0 ? r.bodies : 1;
    return r;
}

} // namespace mk::bench
