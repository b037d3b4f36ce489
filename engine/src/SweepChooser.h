#pragma once
/// \file SweepChooser.h
/// Whether the PGS sweeps of a step use the step's threads. Both ways give the same bits
/// (PgsColours), so the choice moves only time, and it is made from time: on a machine whose
/// cores are busy with other work a barrier after every colour waits for a descheduled thread,
/// and the sweeps run faster on one thread.

#include <cstdint>

namespace mk {

class SweepChooser {
public:
    /// Whether this step's sweeps should run on the threads.
    [[nodiscard]] bool parallel() const;
    /// Records the time of a solve on threads (`parallel`) or not, per contact and sweep
    /// (unit: second).
    void record(bool parallel, double secondsPerUpdate);

private:
    static constexpr int kRetryEvery = 32;  ///< steps between two tries of the slower way
    static constexpr double kWeight = 0.25; ///< of a new time in the running mean
    double mean_[2] = {0.0, 0.0};           ///< one thread, threads (0: not tried yet)
    std::int64_t solves_ = 0;
};

} // namespace mk
