#pragma once
/// \file EscapeMonitor.h
/// The escape checks of World::step() (Escape.h): the centre of mass of every dynamic body
/// before and after the step; a segment between them that meets a static body, or an end outside
/// the world cube, is an escape. Statics are tested by their world OBB first (exact for boxes),
/// then by the narrow phase on a thin capsule along the segment.

#include "minkowski/engine/Body.h"
#include "minkowski/engine/Escape.h"

#include <cstdint>
#include <vector>

namespace mk {

class EscapeMonitor {
public:
    /// Remembers every body's centre of mass at the start of a step (so a teleport between steps
    /// is not a crossing).
    void before(const std::vector<Body>& bodies);
    /// Checks the step just taken (index `step`, ending at simulated time `time`); new events are
    /// appended to events(). \throws EscapeError for the first new one under EscapeAction::Error.
    void after(const std::vector<Body>& bodies, std::int64_t step, double time,
               const EscapeSettings& settings);
    [[nodiscard]] const std::vector<EscapeEvent>& events() const { return events_; }

private:
    /// Whether the segment [from, to] meets static body `fixed`, whose world OBB is `obb`.
    [[nodiscard]] static bool crosses(const Vec3& from, const Vec3& to, const Body& fixed,
                                      const Obb& obb);
    void report(EscapeEvent event, std::vector<std::uint8_t>& reported, int bit);

    std::vector<Vec3> centres_;
    std::vector<std::uint8_t> reported_; ///< bit 0: passed through a static, bit 1: left bounds
    std::vector<BodyId> statics_;
    std::vector<Obb> staticObbs_; ///< world OBB of statics_[k], once per step
    std::vector<EscapeEvent> events_;
    std::size_t firstNew_ = 0;
};

} // namespace mk
