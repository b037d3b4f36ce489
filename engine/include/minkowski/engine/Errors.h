#pragma once
/// \file Errors.h
/// The two ways the engine refuses: bad input at the API boundary, and a simulation that blew up.

#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace mk {

using BodyId = std::uint32_t;

/// Invalid input to the engine (NaN pose, non-positive density or mass, unknown solver name,
/// unknown body id, ...). The message says what was wrong and with which value.
class EngineError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

/// A step produced a non-finite velocity or pose. The world keeps the state it had before the
/// step; the error names the step and the bodies involved.
class SimulationError : public std::runtime_error {
public:
    SimulationError(const std::string& message, std::int64_t step, std::vector<BodyId> bodies)
        : std::runtime_error(message), step_(step), bodies_(std::move(bodies)) {}
    /// Index of the step that failed (World::stepCount() before the call).
    [[nodiscard]] std::int64_t step() const { return step_; }
    /// The bodies whose state became non-finite, then the bodies in contact with them.
    [[nodiscard]] const std::vector<BodyId>& bodies() const { return bodies_; }

private:
    std::int64_t step_;
    std::vector<BodyId> bodies_;
};

} // namespace mk
