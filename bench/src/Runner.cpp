/// \file Runner.cpp
/// The measurement loop: in-process contenders problem by problem, then each isolated contender
/// in child processes (Isolation.cpp).

#include "minkowski/bench/Runner.h"

#include "Isolation.h"

#include "minkowski/bench/Statistics.h"
#include "minkowski/bench/Timing.h"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace mk::bench {
namespace {

/// GJK++ Sec. IV: the mean of the fastest 90% of the repetitions.
constexpr double kFastestFraction = 0.9;

std::vector<Cell> allCells(const std::vector<ProblemSet>& sets) {
    std::vector<Cell> cells;
    for (size_t s = 0; s < sets.size(); ++s) {
        for (size_t p = 0; p < sets[s].problems.size(); ++p) {
            cells.push_back({static_cast<int>(s), static_cast<int>(p)});
        }
    }
    return cells;
}

/// Counts cells (problem x contender) and reports progress.
class Progress {
public:
    Progress(const RunOptions& options, size_t total) : options_(options), total_(total) {}
    void add(size_t cells) {
        done_ += cells;
        if (options_.progress) {
            options_.progress(done_, total_);
        }
    }

private:
    const RunOptions& options_;
    size_t total_;
    size_t done_ = 0;
};

/// Every in-process contender on every problem, problem by problem.
void runInProcess(const std::vector<ProblemSet>& sets, const std::vector<Cell>& cells,
                  const std::vector<std::unique_ptr<Contender>>& contenders,
                  const RunOptions& options, Progress& progress, std::vector<Measurement>& out) {
    std::vector<double> samples(static_cast<size_t>(std::max(1, options.repeats)));
    size_t inProcess = 0;
    for (const auto& c : contenders) {
        inProcess += c->runsIsolated() ? 0 : 1;
    }
    for (const Cell& cell : cells) {
        const CollisionProblem& problem =
            sets[static_cast<size_t>(cell.set)].problems[static_cast<size_t>(cell.problem)];
        for (size_t c = 0; c < contenders.size(); ++c) {
            Contender& contender = *contenders[c];
            if (contender.runsIsolated() || !contender.prepare(problem)) {
                continue;
            }
            for (BenchTask task : options.tasks) {
                if (contender.supports(task)) {
                    Measurement m{.set = cell.set,
                                  .problem = cell.problem,
                                  .contender = static_cast<int>(c),
                                  .task = task,
                                  .outcome = contender.measure(problem, task, samples)};
                    if (!m.outcome.unsupported) {
                        completeMeasurement(m, problem, samples);
                        out.push_back(m);
                    }
                }
            }
        }
        progress.add(inProcess);
    }
}

} // namespace

void completeMeasurement(Measurement& m, const CollisionProblem& problem,
                         std::span<const double> samplesNs) {
    const std::vector<double> samples(samplesNs.begin(), samplesNs.end());
    m.timeNs = std::max(0.0, fastestFractionMean(samples, kFastestFraction) - clockOverheadNs());
    m.failed = m.outcome.failedStatus ||
               disagreesWithReference(m.outcome.collide, problem.referenceDistance);
}

bool disagreesWithReference(bool collide, const std::optional<double>& reference) {
    if (!reference || std::abs(*reference) <= kSignTolerance) {
        return false;
    }
    return collide != (*reference < 0.0);
}

std::vector<Measurement> runBenchmark(const std::vector<ProblemSet>& sets,
                                      const std::vector<std::unique_ptr<Contender>>& contenders,
                                      const RunOptions& options) {
    (void)clockOverheadNs(); // measured once, before any child process inherits it
    const std::vector<Cell> cells = allCells(sets);
    Progress progress(options, cells.size() * contenders.size());
    std::vector<Measurement> measurements;
    runInProcess(sets, cells, contenders, options, progress, measurements);
    for (size_t c = 0; c < contenders.size(); ++c) {
        if (contenders[c]->runsIsolated()) {
            const std::vector<Measurement> isolated =
                runIsolated(sets, cells, *contenders[c], static_cast<int>(c), options);
            measurements.insert(measurements.end(), isolated.begin(), isolated.end());
            progress.add(cells.size());
        }
    }
    const auto order = [](const Measurement& m) {
        return std::tuple(m.set, m.problem, m.contender, static_cast<int>(m.task));
    };
    std::stable_sort(measurements.begin(), measurements.end(),
                     [&](const Measurement& a, const Measurement& b) { return order(a) < order(b); });
    return measurements;
}

} // namespace mk::bench
