/// \file Runner.cpp
/// The measurement loop.

#include "minkowski/bench/Runner.h"

#include "minkowski/bench/Statistics.h"
#include "minkowski/bench/Timing.h"

#include <algorithm>
#include <cmath>

namespace mk::bench {
namespace {

/// GJK++ Sec. IV: the mean of the fastest 90% of the repetitions.
constexpr double kFastestFraction = 0.9;

size_t countProblems(const std::vector<ProblemSet>& sets) {
    size_t total = 0;
    for (const ProblemSet& set : sets) {
        total += set.problems.size();
    }
    return total;
}

} // namespace

bool disagreesWithReference(bool collide, const std::optional<double>& reference) {
    if (!reference || std::abs(*reference) <= kSignTolerance) {
        return false;
    }
    return collide != (*reference < 0.0);
}

std::vector<Measurement> runBenchmark(const std::vector<ProblemSet>& sets,
                                      const std::vector<std::unique_ptr<Contender>>& contenders,
                                      const RunOptions& options) {
    const double overheadNs = clockOverheadNs();
    const size_t total = countProblems(sets);
    std::vector<double> samples(static_cast<size_t>(std::max(1, options.repeats)));
    std::vector<Measurement> measurements;
    measurements.reserve(total * contenders.size() * options.tasks.size());
    size_t done = 0;
    for (size_t s = 0; s < sets.size(); ++s) {
        for (size_t p = 0; p < sets[s].problems.size(); ++p) {
            const CollisionProblem& problem = sets[s].problems[p];
            for (size_t c = 0; c < contenders.size(); ++c) {
                Contender& contender = *contenders[c];
                if (!contender.prepare(problem)) {
                    continue;
                }
                for (BenchTask task : options.tasks) {
                    if (!contender.supports(task)) {
                        continue;
                    }
                    Measurement m{static_cast<int>(s), static_cast<int>(p), static_cast<int>(c),
                                  task, contender.measure(problem, task, samples), 0.0, false};
                    m.timeNs = std::max(0.0, fastestFractionMean(samples, kFastestFraction) -
                                                 overheadNs);
                    m.failed = m.outcome.failedStatus ||
                               disagreesWithReference(m.outcome.collide, problem.referenceDistance);
                    measurements.push_back(m);
                }
            }
            if (options.progress) {
                options.progress(++done, total);
            }
        }
    }
    return measurements;
}

} // namespace mk::bench
