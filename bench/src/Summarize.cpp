/// \file Summarize.cpp
/// Measurements -> summary rows.

#include "minkowski/bench/Report.h"

#include "minkowski/bench/Statistics.h"

#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <tuple>

namespace mk::bench {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

/// Upper bound of the close-proximity bucket (unit: metre), as in GJK++ Sec. IV-D.
constexpr double kCloseProximity = 0.1;

/// Sort key of a group: grid distances in order, then the buckets.
double groupOrder(const CollisionProblem& problem, Grouping grouping) {
    if (grouping == Grouping::Distances && problem.gridDistance) {
        return *problem.gridDistance;
    }
    if (!problem.referenceDistance) {
        return 1e9 + 3;
    }
    const double d = *problem.referenceDistance;
    return 1e9 + (d < 0.0 ? 0 : d <= kCloseProximity ? 1 : 2);
}

/// (task, set, group order, group name, contender): the rows' order.
using RowKey = std::tuple<int, int, double, std::string, int>;
/// (set, problem, task, warm start) of a baseline measurement.
using BaselineKey = std::tuple<int, int, int, std::string>;

struct Accumulator {
    int problems = 0;
    std::vector<double> times;
    std::vector<double> ratios;
    double iterations = 0.0;
    double baselineIterations = 0.0;
    int iterationCount = 0;
    int pairedIterations = 0;
    int failures = 0;
    std::vector<double> errors;
};

std::map<BaselineKey, const Measurement*>
indexBaseline(const std::vector<std::unique_ptr<Contender>>& contenders,
              const std::vector<Measurement>& measurements) {
    std::map<BaselineKey, const Measurement*> baseline;
    for (const Measurement& m : measurements) {
        const Contender& c = *contenders[static_cast<size_t>(m.contender)];
        if (!c.isPeer() && c.solverName() == kBaselineSolver) {
            baseline[{m.set, m.problem, static_cast<int>(m.task), c.warmStartName()}] = &m;
        }
    }
    return baseline;
}

void accumulate(Accumulator& acc, const Measurement& m, const Measurement* base,
                const CollisionProblem& problem) {
    ++acc.problems;
    acc.failures += m.failed ? 1 : 0;
    if (m.crashed) {
        return; // no time, no answer
    }
    acc.times.push_back(m.timeNs);
    if (base && base->timeNs > 0.0) {
        acc.ratios.push_back(m.timeNs / base->timeNs);
    }
    if (m.outcome.iterations >= 0) {
        acc.iterations += m.outcome.iterations;
        ++acc.iterationCount;
        if (base && base->outcome.iterations >= 0) {
            acc.baselineIterations += base->outcome.iterations;
            acc.pairedIterations += m.outcome.iterations;
        }
    }
    if (m.task == BenchTask::Distance && problem.referenceDistance &&
        std::isfinite(m.outcome.distance)) {
        acc.errors.push_back(std::abs(m.outcome.distance - *problem.referenceDistance));
    }
}

SummaryRow makeRow(const RowKey& key, const Accumulator& acc, const std::vector<ProblemSet>& sets,
                   const Contender& contender) {
    SummaryRow row;
    row.task = std::string(name(static_cast<BenchTask>(std::get<0>(key))));
    row.set = sets[static_cast<size_t>(std::get<1>(key))].name;
    row.group = std::get<3>(key);
    row.solver = contender.solverName();
    row.warmStart = contender.warmStartName();
    row.problems = acc.problems;
    row.medianNs = median(acc.times);
    row.p90Ns = quantile(acc.times, 0.9);
    row.timeRatio = median(acc.ratios);
    row.meanIterations = acc.iterationCount > 0 ? acc.iterations / acc.iterationCount : kNaN;
    row.iterationRatio = acc.baselineIterations > 0.0
                             ? static_cast<double>(acc.pairedIterations) / acc.baselineIterations
                             : kNaN;
    row.failures = acc.failures;
    row.maxError = maximum(acc.errors);
    row.medianError = median(acc.errors);
    return row;
}

} // namespace

std::string groupName(const CollisionProblem& problem, Grouping grouping) {
    if (grouping == Grouping::Distances && problem.gridDistance) {
        char buffer[32];
        std::snprintf(buffer, sizeof buffer, "d=%g", *problem.gridDistance);
        return buffer;
    }
    if (!problem.referenceDistance) {
        return "no reference";
    }
    const double d = *problem.referenceDistance;
    return d < 0.0 ? "overlapping" : d <= kCloseProximity ? "close 0..0.1 m" : "far > 0.1 m";
}

std::vector<SummaryRow> summarize(const std::vector<ProblemSet>& sets,
                                  const std::vector<std::unique_ptr<Contender>>& contenders,
                                  const std::vector<Measurement>& measurements, Grouping grouping) {
    const auto baseline = indexBaseline(contenders, measurements);
    std::map<RowKey, Accumulator> groups;
    for (const Measurement& m : measurements) {
        const Contender& c = *contenders[static_cast<size_t>(m.contender)];
        const CollisionProblem& problem =
            sets[static_cast<size_t>(m.set)].problems[static_cast<size_t>(m.problem)];
        const std::string warmStart = c.isPeer() ? std::string(kPeerBaselineWarmStart)
                                                 : c.warmStartName();
        const auto base = baseline.find({m.set, m.problem, static_cast<int>(m.task), warmStart});
        const RowKey key{static_cast<int>(m.task), m.set, groupOrder(problem, grouping),
                         groupName(problem, grouping), m.contender};
        accumulate(groups[key], m, base == baseline.end() ? nullptr : base->second, problem);
    }
    std::vector<SummaryRow> rows;
    for (const auto& [key, acc] : groups) {
        rows.push_back(makeRow(key, acc, sets, *contenders[static_cast<size_t>(std::get<4>(key))]));
    }
    return rows;
}

} // namespace mk::bench
