/// \file main.cpp
/// bench_engine: steps per second against body count on a funnel pile of convex hulls, with the
/// stage breakdown, and the same scene in Bullet's btDiscreteDynamicsWorld in the same run.
///
///   bench_engine [--bodies 100,1000] [--steps 240] [--meshes DIR] [--solver NAME]
///                [--warm-start NAME] [--pgs-iterations N] [--contact-cache] [--no-bullet]
///                [--seed N]
/// 5000 bodies is an option (--bodies 100,1000,5000), not a default: Bullet needs about a
/// second per step there.

#include "FunnelScene.h"
#include "Run.h"

#include "minkowski/narrowphase/Collide.h"

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace {

using namespace mk;
using namespace mk::bench;

struct Options {
    std::vector<int> bodies{100, 1000};
    RunOptions run{};
    std::string meshes;
    bool bullet = true;
    std::uint64_t seed = 123; // colbench's seed
};

[[noreturn]] void usage(const std::string& error) {
    std::fprintf(stderr,
                 "error: %s\nusage: bench_engine [--bodies 100,1000] [--steps 240] [--meshes DIR]\n"
                 "  [--solver gjk|gjk-polyak|gjk-nesterov|gjk-nesterov-normalized|mpr, gjk ones\n"
                 "   optionally NAME:subalgo=johnson|signed-volume|barycode]\n"
                 "  [--warm-start none|obb|previous|transformed-previous] [--pgs-iterations N]\n"
                 "  [--contact-cache] [--no-bullet] [--seed N]\n",
                 error.c_str());
    std::exit(2);
}

std::vector<int> parseList(const std::string& text) {
    std::vector<int> values;
    std::stringstream in(text);
    std::string item;
    while (std::getline(in, item, ',')) {
        const int v = std::atoi(item.c_str());
        if (v <= 0) {
            usage("--bodies expects positive integers, got '" + item + "'");
        }
        values.push_back(v);
    }
    return values;
}

Options parse(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) {
                usage(std::string(arg) + " needs a value");
            }
            return argv[++i];
        };
        if (arg == "--bodies") {
            o.bodies = parseList(value());
        } else if (arg == "--steps") {
            o.run.steps = std::max(1, std::atoi(value().c_str()));
        } else if (arg == "--meshes") {
            o.meshes = value();
        } else if (arg == "--solver") {
            o.run.minkowski.narrowPhase.solver = parseSolverChoice(value());
        } else if (arg == "--warm-start") {
            o.run.minkowski.narrowPhase.warmStart = parseWarmStart(value());
        } else if (arg == "--pgs-iterations") {
            o.run.minkowski.pgs.maxIterations = std::max(1, std::atoi(value().c_str()));
        } else if (arg == "--contact-cache") {
            o.run.minkowski.narrowPhase.contactCache = true;
        } else if (arg == "--no-bullet") {
            o.bullet = false;
        } else if (arg == "--seed") {
            o.seed = std::strtoull(value().c_str(), nullptr, 10);
        } else {
            usage("unknown option '" + std::string(arg) + "'");
        }
    }
    return o;
}

void printHeader(const Options& o, const std::vector<HullPtr>& hulls) {
    std::size_t minV = hulls.front()->vertices().size();
    std::size_t maxV = minV;
    for (const HullPtr& h : hulls) {
        minV = std::min(minV, h->vertices().size());
        maxV = std::max(maxV, h->vertices().size());
    }
    const WorldSettings& s = o.run.minkowski;
    std::printf("funnel pile: %s (%zu hulls, %zu-%zu vertices), %d steps of %.4g s\n",
                o.meshes.empty() ? "generated hulls" : o.meshes.c_str(), hulls.size(), minV, maxV,
                o.run.steps, o.run.timeStep);
    std::printf("minkowski: solver %s, warm start %s, PGS cap %d, contact cache %s; "
                "bullet: btConvexHullShape margin %.3g m, %d iterations, no sleeping\n\n",
                name(s.narrowPhase.solver).c_str(),
                std::string(name(s.narrowPhase.warmStart)).c_str(), s.pgs.maxIterations,
                s.narrowPhase.contactCache ? "on" : "off", o.run.bulletMargin, o.run.bulletIterations);
    std::printf("steps/s and ms/step from the thread's CPU time; stage columns in ms/step (our "
                "wall-clock stage shares of that CPU time)\n\n");
    std::printf("| bodies | engine | steps/s | ms/step | x Bullet | broadphase | OBB | narrow | "
                "manifolds | solver | integrate | pairs | OBB-passed | narrow calls | perturbation calls | "
                "contacts | PGS it. | mean z |\n");
    std::printf("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
}

void printRow(const RunResult& r, double bulletStepsPerSecond) {
    std::printf("| %d | %s | %.1f | %.2f | ", r.bodies, r.engine.c_str(), r.stepsPerSecond(),
                1e3 * r.cpuSeconds / r.steps);
    if (bulletStepsPerSecond > 0.0) {
        std::printf("%.1f | ", r.stepsPerSecond() / bulletStepsPerSecond);
    } else {
        std::printf("- | ");
    }
    if (r.engine == "minkowski") {
        // Stage shares of our wall-clock stage total, applied to the CPU time per step.
        const StepTimes& t = r.stages;
        const double ms = 1e3 * r.cpuSeconds / r.steps / (t.total > 0.0 ? t.total : 1.0);
        std::printf("%.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %.0f | %.0f | %.0f | %.0f | %.0f | "
                    "%.1f |",
                    ms * t.broadphase, ms * t.obbFilter, ms * t.narrowPhase, ms * t.manifolds,
                    ms * t.solver, ms * t.integrate, r.pairs, r.obbPassed, r.narrowPhaseCalls,
                    r.perturbationCalls, r.contacts, r.pgsIterations);
    } else {
        std::printf("- | - | - | - | - | - | %.0f | - | - | - | %.0f | - |", r.pairs, r.contacts);
    }
    std::printf(" %.3f%s |\n", r.meanHeight, r.finite ? "" : " (non-finite!)");
    std::fflush(stdout);
}

} // namespace

int main(int argc, char** argv) {
    try {
        const Options o = parse(argc, argv);
        const std::vector<HullPtr> hulls =
            o.meshes.empty() ? generatedHulls(12, 300, 3000, o.seed) : loadHulls(o.meshes);
        printHeader(o, hulls);
        for (const int count : o.bodies) {
            const FunnelScene scene = makeFunnel(hulls, count, o.seed);
            const RunResult ours = runMinkowski(scene, o.run);
            if (o.bullet) {
                const RunResult bullet = runBullet(scene, o.run);
                printRow(ours, bullet.stepsPerSecond());
                printRow(bullet, 0.0);
            } else {
                printRow(ours, 0.0);
            }
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "bench_engine: %s\n", e.what());
        return 1;
    }
    return 0;
}
