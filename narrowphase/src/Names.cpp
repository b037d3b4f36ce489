/// \file Names.cpp
/// Runtime names of the query enums and the name -> enum parsers.

#include "minkowski/narrowphase/Collide.h"

#include <array>
#include <string>

namespace mk {
namespace {

constexpr std::array kWarmStarts{WarmStart::None, WarmStart::Obb, WarmStart::Previous,
                                 WarmStart::TransformedPrevious};
constexpr std::array kTasks{Task::Boolean, Task::Distance, Task::SignedDistance};
constexpr std::array kSubAlgorithms{SubAlgorithm::Johnson, SubAlgorithm::SignedVolume,
                                    SubAlgorithm::Barycode};

/// Finds `text` among the names of `values`, or throws listing them.
template <class Enum, size_t N>
Enum parseName(std::string_view text, const std::array<Enum, N>& values, std::string_view what) {
    for (Enum v : values) {
        if (name(v) == text) {
            return v;
        }
    }
    std::string message = "unknown " + std::string(what) + " '" + std::string(text) + "'; valid: ";
    for (size_t i = 0; i < N; ++i) {
        message += (i ? ", " : "") + std::string(name(values[i]));
    }
    throw UnknownNameError(message);
}

} // namespace

std::string_view name(WarmStart w) {
    switch (w) {
    case WarmStart::None: return "none";
    case WarmStart::Obb: return "obb";
    case WarmStart::Previous: return "previous";
    case WarmStart::TransformedPrevious: return "transformed-previous";
    }
    return "?";
}

std::string_view name(Task t) {
    switch (t) {
    case Task::Boolean: return "boolean";
    case Task::Distance: return "distance";
    case Task::SignedDistance: return "signed-distance";
    }
    return "?";
}

std::string_view name(Status s) {
    switch (s) {
    case Status::Separated: return "separated";
    case Status::SeparatedEarlyExit: return "separated-early-exit";
    case Status::Overlapping: return "overlapping";
    case Status::Penetrating: return "penetrating";
    case Status::Touching: return "touching";
    case Status::MaxIterations: return "max-iterations";
    case Status::Degenerate: return "degenerate";
    case Status::InvalidInput: return "invalid-input";
    case Status::Unsupported: return "unsupported";
    }
    return "?";
}

std::string_view name(SubAlgorithm s) {
    switch (s) {
    case SubAlgorithm::Johnson: return "johnson";
    case SubAlgorithm::SignedVolume: return "signed-volume";
    case SubAlgorithm::Barycode: return "barycode";
    }
    return "?";
}

std::string_view name(GjkConvergence c) {
    return c == GjkConvergence::DualityGap ? "duality-gap" : "relative";
}
std::string_view name(GjkMomentumSchedule m) {
    return m == GjkMomentumSchedule::Coal ? "coal" : "paper";
}

std::span<const SubAlgorithm> allSubAlgorithms() { return kSubAlgorithms; }
std::span<const WarmStart> allWarmStarts() { return kWarmStarts; }

WarmStart parseWarmStart(std::string_view text) {
    return parseName(text, kWarmStarts, "warm start");
}
Task parseTask(std::string_view text) { return parseName(text, kTasks, "task"); }

} // namespace mk
