/// \file Funnel.cpp
/// Floor and wall slabs of the funnel, and its inner planes.

#include "minkowski/scenes/Funnel.h"

#include <array>
#include <cmath>
#include <numbers>

namespace mk::scenes {
namespace {

double tilt(const FunnelSpec& f) {
    return f.tiltDegrees * std::numbers::pi / 180.0;
}

/// Rotation taking the +x wall to wall k (k quarter turns about z).
Quat around(int k) {
    return Quat(Eigen::AngleAxisd(k * std::numbers::pi / 2.0, Vec3::UnitZ()));
}

constexpr std::array<const char*, 4> kWallNames{"funnel wall +x", "funnel wall +y",
                                                "funnel wall -x", "funnel wall -y"};

} // namespace

double funnelHalfWidthAt(const FunnelSpec& funnel, double z) {
    return funnel.halfWidth + z * std::tan(tilt(funnel));
}

std::vector<FunnelPart> funnelParts(const FunnelSpec& f) {
    const double t = tilt(f);
    const double top = funnelHalfWidthAt(f, f.wallHeight);
    const double floorHalf =
        f.floorHalfWidth > 0.0 ? f.floorHalfWidth : top + 2.0 * f.wallThickness;
    std::vector<FunnelPart> parts;
    parts.push_back({"funnel floor", Vec3(floorHalf, floorHalf, 0.5 * f.wallThickness),
                     Pose(Quat::Identity(), Vec3(0.0, 0.0, -0.5 * f.wallThickness))});
    // The +x wall: local z along the slope (sin t, 0, cos t), local x outwards (cos t, 0, -sin t);
    // its inner face contains the hinge line x = halfWidth, z = 0. It is long enough in y to
    // overlap its neighbours at the top, which closes the corners.
    const double slope = f.wallHeight / std::cos(t);
    const Quat lean(Eigen::AngleAxisd(t, Vec3::UnitY()));
    const Vec3 local =
        Vec3(f.halfWidth, 0.0, 0.0) + lean * Vec3(0.5 * f.wallThickness, 0.0, 0.5 * slope);
    const Vec3 half(0.5 * f.wallThickness, top + f.wallThickness, 0.5 * slope);
    for (int k = 0; k < 4; ++k) {
        parts.push_back(
            {kWallNames[static_cast<size_t>(k)], half, Pose(around(k) * lean, around(k) * local)});
    }
    return parts;
}

std::vector<Plane> funnelInnerPlanes(const FunnelSpec& f) {
    const double t = tilt(f);
    std::vector<Plane> planes{{Vec3::UnitZ(), 0.0}};
    const Vec3 inward(-std::cos(t), 0.0, std::sin(t)); // the +x wall's inner normal
    for (int k = 0; k < 4; ++k) {
        const Vec3 n = around(k) * inward;
        const Vec3 hinge = around(k) * Vec3(f.halfWidth, 0.0, 0.0);
        planes.push_back({n, n.dot(hinge)});
    }
    return planes;
}

} // namespace mk::scenes
