/// \file ProgressBar.cpp
/// The progress bar of `minkowski run`.

#include "ProgressBar.h"

#include <cmath>
#include <cstdio>
#include <fmt/format.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

namespace mk::cli {
namespace {

constexpr size_t kWidth = 30;

std::string clock(double seconds) {
    const auto s = static_cast<long>(std::lround(std::max(0.0, seconds)));
    char text[32];
    std::snprintf(text, sizeof text, "%ld:%02ld", s / 60, s % 60);
    return text;
}

} // namespace

ProgressBar::ProgressBar(std::string unit, double simulatedPerUnit)
    : unit_(std::move(unit)), simulatedPerUnit_(simulatedPerUnit),
      enabled_(spdlog::should_log(spdlog::level::info)), terminal_(isatty(STDERR_FILENO) != 0),
      start_(std::chrono::steady_clock::now()), lastDraw_(start_) {}

ProgressBar::~ProgressBar() {
    finish();
}

std::string ProgressBar::line(std::int64_t done, std::int64_t total, double seconds) const {
    const double fraction =
        total > 0 ? static_cast<double>(done) / static_cast<double>(total) : 1.0;
    const double rate = seconds > 0.0 ? static_cast<double>(done) / seconds : 0.0;
    std::string text;
    if (terminal_) {
        const auto filled = static_cast<size_t>(fraction * kWidth);
        text = fmt::format("[{}{}] ", std::string(filled, '#'), std::string(kWidth - filled, '.'));
    }
    text += fmt::format("{:3.0f}% {}/{} {}, {:.0f} {}/s", 100.0 * fraction, done, total, unit_,
                        rate, unit_);
    if (simulatedPerUnit_ > 0.0) {
        text += fmt::format(", {:.2f}x real time", rate * simulatedPerUnit_);
    }
    if (rate > 0.0) {
        text += fmt::format(", {} left", clock(static_cast<double>(total - done) / rate));
    }
    return text;
}

void ProgressBar::update(std::int64_t done, std::int64_t total) {
    if (!enabled_) {
        return;
    }
    const auto now = std::chrono::steady_clock::now();
    const double seconds = std::chrono::duration<double>(now - start_).count();
    if (!terminal_) {
        const int decile = total > 0 ? static_cast<int>(10 * done / total) : 10;
        // Short runs log nothing: a line per tenth only once the run has taken 2 s.
        if (decile != lastDecile_ && decile > 0 && done < total && seconds >= 2.0) {
            lastDecile_ = decile;
            spdlog::info("{}", line(done, total, seconds));
        }
        return;
    }
    if (done < total && now - lastDraw_ < std::chrono::milliseconds(100)) {
        return;
    }
    lastDraw_ = now;
    std::fprintf(stderr, "\r%s\033[K", line(done, total, seconds).c_str());
    std::fflush(stderr);
    drawn_ = true;
}

void ProgressBar::finish() {
    if (drawn_) {
        std::fprintf(stderr, "\r\033[K");
        std::fflush(stderr);
        drawn_ = false;
    }
}

} // namespace mk::cli
