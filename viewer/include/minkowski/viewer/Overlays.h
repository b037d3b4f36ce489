#pragma once
/// \file Overlays.h
/// The debug overlays as coloured line segments and points in the world, built from the world,
/// the last step's narrow-phase calls and the toggles. The renderer only uploads and draws them.

#include "minkowski/engine/World.h"
#include "minkowski/viewer/MouseSpring.h"
#include "minkowski/viewer/NarrowPhaseLog.h"
#include "minkowski/viewer/ViewerState.h"

#include <Eigen/Core>
#include <cstdint>
#include <vector>

namespace mk::viewer {

/// Packed 0xAABBGGRR, the byte order OpenGL reads as RGBA.
using Rgba = std::uint32_t;
[[nodiscard]] constexpr Rgba rgba(std::uint8_t r, std::uint8_t g, std::uint8_t b,
                                  std::uint8_t a = 255) {
    return Rgba(r) | Rgba(g) << 8 | Rgba(b) << 16 | Rgba(a) << 24;
}

/// Colours of the overlays (the legend of the panel uses them too).
namespace colors {
inline constexpr Rgba kContact = rgba(255, 40, 40);       ///< contact point, penetrating
inline constexpr Rgba kSpeculative = rgba(255, 120, 200); ///< contact point at distance >= 0
inline constexpr Rgba kNormal = rgba(255, 235, 60);
inline constexpr Rgba kWitnessA = rgba(60, 230, 255);
inline constexpr Rgba kWitnessB = rgba(255, 80, 230);
inline constexpr Rgba kWitnessSegment = rgba(230, 230, 230);
inline constexpr Rgba kAabb = rgba(90, 220, 90);
inline constexpr Rgba kObb = rgba(90, 150, 255);
inline constexpr Rgba kPair = rgba(255, 150, 40);
inline constexpr Rgba kSpring = rgba(255, 255, 255);
} // namespace colors

/// A vertex as OpenGL reads it (standard layout, 16 bytes).
struct OverlayVertex {
    float x, y, z; ///< world position (unit: metre)
    Rgba color;

    [[nodiscard]] Vec3 position() const { return {x, y, z}; }
};

struct Overlays {
    std::vector<OverlayVertex> lines;  ///< two vertices per segment
    std::vector<OverlayVertex> points; ///< drawn as round dots
    void clear() {
        lines.clear();
        points.clear();
    }
};

struct OverlayStyle {
    double normalLength = 0.05; ///< drawn length of contact normals (unit: metre)
};

/// Fills `out` (cleared first) with what `toggles` asks for; `spring` adds the drag line.
void buildOverlays(const World& world, const NarrowPhaseLog& calls, const DrawToggles& toggles,
                   const MouseSpring* spring, const OverlayStyle& style, Overlays& out);

} // namespace mk::viewer
