/// \file SweepChooser.cpp

#include "SweepChooser.h"

namespace mk {

bool SweepChooser::parallel() const {
    if (mean_[1] == 0.0) {
        return true; // try the threads first
    }
    if (mean_[0] == 0.0) {
        return false;
    }
    const bool faster = mean_[1] < mean_[0];
    return solves_ % kRetryEvery == kRetryEvery - 1 ? !faster : faster;
}

void SweepChooser::record(bool parallel, double secondsPerUpdate) {
    const bool retry = mean_[0] != 0.0 && mean_[1] != 0.0 && (mean_[1] < mean_[0]) != parallel;
    double& mean = mean_[parallel ? 1 : 0];
    // A retry of the slower way replaces its stale mean: the load that made it slow may be gone.
    mean = mean == 0.0 || retry ? secondsPerUpdate : mean + kWeight * (secondsPerUpdate - mean);
    ++solves_;
}

} // namespace mk
