/// \file NarrowPhaseLog.cpp

#include "minkowski/viewer/NarrowPhaseLog.h"

namespace mk::viewer {

void NarrowPhaseLog::beginStep(std::int64_t step) {
    step_ = step;
    calls_.clear();
    summary_ = {};
}

void NarrowPhaseLog::record(const NarrowPhaseEvent& event) {
    const QueryResult& r = event.result;
    calls_.push_back({event.bodyA, event.bodyB, event.request.solver,
                      r.status, r.distance, r.witnessA, r.witnessB, r.normal, r.iterations,
                      r.penetrationIterations, event.seconds, event.perturbed});
    if (event.perturbed) {
        ++summary_.perturbedCalls;
        return;
    }
    ++summary_.calls;
    summary_.seconds += event.seconds;
    summary_.iterations += r.iterations;
    summary_.penetrationIterations += r.penetrationIterations;
    if (r.status == Status::Unsupported) {
        ++summary_.unsupported;
    } else if (r.status == Status::InvalidInput || r.status == Status::MaxIterations ||
               r.status == Status::Degenerate) {
        ++summary_.unconverged;
    }
}

} // namespace mk::viewer
