#pragma once
/// \file ProgressBar.h
/// Progress of a long run on stderr: a redrawn bar with rate and time left on a terminal, a log
/// line every 10 % otherwise (so that CI logs stay short). Silent below spdlog's info level.

#include <chrono>
#include <cstdint>
#include <string>

namespace mk::cli {

class ProgressBar {
public:
    /// `unit`: what is counted ("steps"); `simulatedPerUnit`: simulated seconds per unit, for the
    /// real-time factor (0: not shown).
    ProgressBar(std::string unit, double simulatedPerUnit);
    ~ProgressBar();
    ProgressBar(const ProgressBar&) = delete;
    ProgressBar& operator=(const ProgressBar&) = delete;

    /// `done` of `total` units are finished. Cheap: redraws at most 10 times a second.
    void update(std::int64_t done, std::int64_t total);
    /// Clears the bar (terminal) so that what follows starts on a clean line.
    void finish();

private:
    [[nodiscard]] std::string line(std::int64_t done, std::int64_t total, double seconds) const;

    std::string unit_;
    double simulatedPerUnit_;
    bool enabled_;
    bool terminal_;
    bool drawn_ = false;
    int lastDecile_ = -1;
    std::chrono::steady_clock::time_point start_;
    std::chrono::steady_clock::time_point lastDraw_;
};

} // namespace mk::cli
