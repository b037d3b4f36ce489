#pragma once
/// \file IntegerOption.h
/// Whole-number command-line options checked on their text, before CLI11 converts them: an
/// out-of-range value (`--seed 2^63`, `--threads 0`) is a one-line usage error naming the range,
/// never a silent saturation or CLI11's "not in range 0.000000 to 1.79769e+308" message.

#include <CLI/CLI.hpp>

#include <charconv>
#include <cstdint>
#include <limits>
#include <string>

namespace mk::cli {

/// Accepts the decimal integers of [lo, hi] (no sign for lo >= 0, no fraction, no exponent).
inline CLI::Validator integerIn(std::int64_t lo, std::int64_t hi) {
    const std::string range = "an integer from " + std::to_string(lo) + " to " + std::to_string(hi);
    return CLI::Validator(
        [lo, hi, range](std::string& text) -> std::string {
            std::int64_t value = 0;
            const char* end = text.data() + text.size();
            const auto [stop, error] = std::from_chars(text.data(), end, value);
            if (error == std::errc::result_out_of_range) {
                return "expected " + range + ", got " + text + " (out of range)";
            }
            if (error != std::errc() || stop != end || value < lo || value > hi) {
                return "expected " + range + ", got '" + text + "'";
            }
            return {};
        },
        "INT in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
}

/// The seeds of the scenes: what a TOML integer (signed 64 bits) holds, 0 to 2^63 - 1.
inline CLI::Validator seedRange() {
    return integerIn(0, std::numeric_limits<std::int64_t>::max());
}

/// A count of threads, 1 to this bound (more would only oversubscribe any machine).
inline constexpr std::int64_t kMaxThreads = 1024;

} // namespace mk::cli
