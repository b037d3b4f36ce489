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
    double& mean = mean_[parallel ? 1 : 0];
    mean = mean == 0.0 ? secondsPerUpdate : mean + kWeight * (secondsPerUpdate - mean);
    ++solves_;
}

} // namespace mk
