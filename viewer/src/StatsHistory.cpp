/// \file StatsHistory.cpp

#include "minkowski/viewer/StatsHistory.h"

#include "minkowski/narrowphase/Collide.h"

#include <algorithm>
#include <stdexcept>

namespace mk::viewer {

StepSample makeSample(const StepStats& stats, const CallSummary& calls, SolverKind solver,
                      WarmStart warmStart) {
    return makeSample(stats, calls, SolverChoice{solver}, warmStart);
}

StepSample makeSample(const StepStats& stats, const CallSummary& calls, const SolverChoice& solver,
                      WarmStart warmStart) {
    StepSample s;
    s.step = stats.step;
    s.solver = solver.solver;
    s.subAlgorithm = solver.subAlgorithm;
    s.warmStart = warmStart;
    s.calls = calls.calls;
    s.secondsPerCall = calls.secondsPerCall();
    s.iterationsPerCall = calls.iterationsPerCall();
    s.stepSeconds = stats.times.total;
    s.contacts = stats.counts.contacts;
    s.pgsIterations = stats.counts.pgsIterations;
    s.pgsResidual = stats.counts.pgsResidual;
    s.pgsConverged = stats.counts.pgsConverged;
    return s;
}

StatsHistory::StatsHistory(std::size_t capacity) : buffer_(std::max<std::size_t>(capacity, 1)) {}

void StatsHistory::push(const StepSample& sample) {
    buffer_[next_] = sample;
    next_ = (next_ + 1) % buffer_.size();
    size_ = std::min(size_ + 1, buffer_.size());
}

double StatsHistory::pgsConvergedShare() const {
    if (size_ == 0) {
        return 1.0;
    }
    std::size_t converged = 0;
    for (std::size_t i = 0; i < size_; ++i) {
        converged += (*this)[i].pgsConverged ? 1 : 0;
    }
    return static_cast<double>(converged) / static_cast<double>(size_);
}

void StatsHistory::clear() {
    next_ = 0;
    size_ = 0;
}

const StepSample& StatsHistory::operator[](std::size_t i) const {
    if (i >= size_) {
        throw std::out_of_range("StatsHistory: sample index out of range");
    }
    return buffer_[(next_ + buffer_.size() - size_ + i) % buffer_.size()];
}

std::vector<SolverSummary> StatsHistory::bySolver() const {
    std::vector<SolverSummary> out;
    for (SolverKind solver : allSolvers()) {
        for (SubAlgorithm sub : allSubAlgorithms()) {
            summarize(solver, sub, out);
        }
    }
    return out;
}

void StatsHistory::summarize(SolverKind solver, SubAlgorithm sub,
                             std::vector<SolverSummary>& out) const {
    SolverSummary sum{solver, sub};
    for (std::size_t i = 0; i < size_; ++i) {
        const StepSample& s = (*this)[i];
        if (s.solver == solver && s.subAlgorithm == sub) {
            ++sum.steps;
            sum.calls += s.calls;
            sum.secondsPerCall += s.secondsPerCall * s.calls;
            sum.iterationsPerCall += s.iterationsPerCall * s.calls;
        }
    }
    if (sum.steps > 0) {
        if (sum.calls > 0) {
            sum.secondsPerCall /= double(sum.calls);
            sum.iterationsPerCall /= double(sum.calls);
        }
        out.push_back(sum);
    }
}

} // namespace mk::viewer
