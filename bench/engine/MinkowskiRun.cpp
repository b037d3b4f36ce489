/// \file MinkowskiRun.cpp
/// The funnel scene in mk::World.

#include "Run.h"

#include "minkowski/engine/World.h"

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

World buildWorld(const FunnelScene& scene, const RunOptions& options) {
    WorldSettings settings = options.minkowski;
    settings.timeStep = options.timeStep;
    World world(settings);
    const Material material{scene.friction, scene.restitution};
    for (const FunnelWall& w : scene.walls) {
        BodyDesc d(Shape::box(w.halfExtents));
        d.type = BodyType::Static;
        d.pose = w.pose;
        d.material = material;
        world.addBody(d);
    }
    std::vector<Shape> shapes;
    for (const HullPtr& h : scene.hulls) {
        shapes.push_back(Shape::mesh(h));
    }
    for (const FunnelBody& b : scene.bodies) {
        BodyDesc d(shapes[b.hull]);
        d.pose = b.pose;
        d.linearVelocity = b.linearVelocity;
        d.angularVelocity = b.angularVelocity;
        d.density = scene.density;
        d.material = material;
        world.addBody(d);
    }
    return world;
}

} // namespace

double threadCpuSeconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

RunResult runMinkowski(const FunnelScene& scene, const RunOptions& options) {
    World world = buildWorld(scene, options);
    RunResult r;
    r.engine = "minkowski";
    r.bodies = int(scene.bodies.size());
    r.steps = options.steps;
    for (int i = 0; i < options.steps; ++i) {
        const auto start = std::chrono::steady_clock::now();
        const double cpuStart = threadCpuSeconds();
        world.step();
        r.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
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
    const double n = options.steps;
    r.pairs /= n;
    r.obbPassed /= n;
    r.narrowPhaseCalls /= n;
    r.perturbationCalls /= n;
    r.contacts /= n;
    r.pgsIterations /= n;
    for (std::size_t i = scene.walls.size(); i < world.bodyCount(); ++i) {
        const Vec3& p = world.body(BodyId(i)).pose.translation;
        r.finite = r.finite && p.allFinite();
        r.meanHeight += p.z() / double(scene.bodies.size());
    }
    return r;
}

} // namespace mk::bench
