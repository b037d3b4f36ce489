#pragma once
/// \file Escape.h
/// Bodies that leave the world silently: squeezed or tunnelled through a static body (a 1 g cube
/// under a 1e6 kg cube went through the floor; at 1e6 m/s bodies crossed it in one step), or gone
/// beyond the world bounds. World::step() checks every dynamic body after the step and records,
/// or throws, each escape once per body and kind.

#include "minkowski/engine/Errors.h"
#include "minkowski/narrowphase/Math.h"

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

namespace mk {

/// What World::step() does when a body escapes.
enum class EscapeAction : unsigned char {
    Warn,  ///< records the event (World::escapes()); the callers print it; the run goes on
    Error, ///< throws EscapeError after the step (the step itself is kept)
};

/// Escape detection (WorldSettings::escape; scene keys simulation.escape and world_bound).
struct EscapeSettings {
    /// Half side of the world cube centred at the origin (unit: metre): a dynamic body whose
    /// centre of mass leaves [-worldBound, worldBound]^3 has left the world. Infinity: no bound.
    double worldBound = 1e4;
    EscapeAction action = EscapeAction::Warn;

    bool operator==(const EscapeSettings&) const = default;
};

/// "warn", "error".
std::string_view name(EscapeAction action);

/// One escape of one body.
struct EscapeEvent {
    enum class Kind : unsigned char {
        PassedThroughStatic, ///< the body's centre of mass entered or crossed a static body
        LeftWorldBounds,     ///< the body's centre of mass left the world cube
    };
    Kind kind = Kind::PassedThroughStatic;
    BodyId body = 0;
    BodyId other = 0;     ///< the static body (PassedThroughStatic only)
    std::int64_t step = 0; ///< the step during which it happened
    double time = 0.0;    ///< simulated time at the end of that step (unit: second)
    Vec3 position = Vec3::Zero(); ///< the centre of mass at the end of the step (unit: metre)
};

/// "body 3 passed through static body 0 at t = 1.23 s (step 147), now at (0, 0, -49)".
std::string describe(const EscapeEvent& event);

/// EscapeAction::Error: a body escaped. The world keeps the state after the step.
class EscapeError : public SimulationError {
public:
    explicit EscapeError(const EscapeEvent& event)
        : SimulationError(describe(event), event.step, {event.body}), event_(event) {}
    [[nodiscard]] const EscapeEvent& event() const { return event_; }

private:
    EscapeEvent event_;
};

} // namespace mk
