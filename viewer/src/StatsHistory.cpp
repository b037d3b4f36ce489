/// \file StatsHistory.cpp

#include "minkowski/viewer/StatsHistory.h"

#include "minkowski/narrowphase/Collide.h"

#include <algorithm>
#include <stdexcept>

namespace mk::viewer {

StepSample makeSample(const StepStats& stats, const CallSummary& calls, const SolverChoice& solver,
                      WarmStart warmStart) {
    StepSample s;
    s.step = stats.step;
    s.solver = solver;
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
    std::vector<SolverChoice> choices;
    for (std::size_t i = 0; i < size_; ++i) {
        const SolverChoice& c = (*this)[i].solver;
        if (std::find(choices.begin(), choices.end(), c) == choices.end()) {
            choices.push_back(c);
        }
    }
    std::sort(choices.begin(), choices.end(), [](const SolverChoice& x, const SolverChoice& y) {
        if (x.entry().index != y.entry().index) {
            return x.entry().index < y.entry().index;
        }
        for (std::size_t i = 0; i < kMaxSolverOptions; ++i) {
            if (x.option(i) != y.option(i)) {
                return x.option(i) < y.option(i);
            }
        }
        return false;
    });
    std::vector<SolverSummary> out;
    for (const SolverChoice& c : choices) {
        out.push_back(summarize(c));
    }
    return out;
}

SolverSummary StatsHistory::summarize(const SolverChoice& choice) const {
    SolverSummary sum{choice};
    for (std::size_t i = 0; i < size_; ++i) {
        const StepSample& s = (*this)[i];
        if (s.solver == choice) {
            ++sum.steps;
            sum.calls += s.calls;
            sum.secondsPerCall += s.secondsPerCall * s.calls;
            sum.iterationsPerCall += s.iterationsPerCall * s.calls;
        }
    }
    if (sum.calls > 0) {
        sum.secondsPerCall /= double(sum.calls);
        sum.iterationsPerCall /= double(sum.calls);
    }
    return sum;
}

} // namespace mk::viewer
