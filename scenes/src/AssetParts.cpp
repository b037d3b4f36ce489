/// \file AssetParts.cpp
/// Regular samplings of the assets' parts.

#include "AssetParts.h"

#include <cmath>
#include <numbers>

namespace mk::scenes::detail {
namespace {

constexpr double kPi = std::numbers::pi;

double radians(double degrees) {
    return degrees * kPi / 180.0;
}

} // namespace

Points revolution(const std::vector<Ring>& rings, int segments) {
    Points points;
    for (const Ring& ring : rings) {
        if (ring.a == 0.0 && ring.b == 0.0) {
            points.emplace_back(0.0, 0.0, ring.z);
            continue;
        }
        for (int k = 0; k < segments; ++k) {
            const double angle = 2.0 * kPi * k / segments;
            points.emplace_back(ring.a * std::cos(angle), ring.b * std::sin(angle), ring.z);
        }
    }
    return points;
}

std::vector<Ring> roundedCylinderRings(double radius, double halfHeight, double edgeRadius,
                                       int arcSamples) {
    std::vector<Ring> rings;
    const double inner = radius - edgeRadius;
    for (int i = 0; i < arcSamples; ++i) { // bottom edge, from the base to the side
        const double a = -0.5 * kPi + 0.5 * kPi * i / (arcSamples - 1);
        const double r = inner + edgeRadius * std::cos(a);
        rings.push_back({r, r, -halfHeight + edgeRadius + edgeRadius * std::sin(a)});
    }
    for (int i = 0; i < arcSamples; ++i) { // top edge, from the side to the lid
        const double a = 0.5 * kPi * i / (arcSamples - 1);
        const double r = inner + edgeRadius * std::cos(a);
        rings.push_back({r, r, halfHeight - edgeRadius + edgeRadius * std::sin(a)});
    }
    return rings;
}

Points roundedBox(const Vec3& halfExtents, double edgeRadius, int n) {
    const Vec3 core = halfExtents - Vec3::Constant(edgeRadius);
    Points points;
    for (int corner = 0; corner < 8; ++corner) {
        const Vec3 sign((corner & 1) ? 1.0 : -1.0, (corner & 2) ? 1.0 : -1.0,
                        (corner & 4) ? 1.0 : -1.0);
        for (int i = 0; i <= n; ++i) {
            for (int j = 0; i + j <= n; ++j) {
                const Vec3 d = Vec3(i, j, n - i - j).normalized();
                points.push_back(sign.cwiseProduct(core + edgeRadius * d));
            }
        }
    }
    return points;
}

Points arcTube(double radius, double spanDegrees, const std::function<double(double)>& section,
               int stations, int around) {
    Points points;
    const double half = 0.5 * radians(spanDegrees);
    for (int s = 0; s < stations; ++s) {
        const double t = static_cast<double>(s) / (stations - 1);
        const double angle = -half + 2.0 * half * t; // from -y towards +x, through the top
        // Centreline point: the arc's centre is at (0, -radius), so its apex is the origin.
        const Vec3 outward(std::sin(angle), std::cos(angle), 0.0);
        const Vec3 centre = radius * outward - Vec3(0.0, radius, 0.0);
        const double r = section(t);
        for (int k = 0; k < around; ++k) {
            const double phi = 2.0 * kPi * k / around;
            points.push_back(centre +
                             r * (std::cos(phi) * outward + std::sin(phi) * Vec3::UnitZ()));
        }
    }
    return points;
}

Points torusArc(const Vec3& centre, double major, double minor, double fromDegrees,
                double toDegrees, int stations, int around) {
    Points points;
    for (int s = 0; s < stations; ++s) {
        const double theta = radians(fromDegrees + (toDegrees - fromDegrees) * s / (stations - 1));
        const Vec3 radial(std::cos(theta), 0.0, std::sin(theta));
        for (int k = 0; k < around; ++k) {
            const double phi = 2.0 * kPi * k / around;
            points.push_back(centre + (major + minor * std::cos(phi)) * radial +
                             minor * std::sin(phi) * Vec3::UnitY());
        }
    }
    return points;
}

Points moved(Points points, const Quat& q, const Vec3& t) {
    for (Vec3& p : points) {
        p = q * p + t;
    }
    return points;
}

void append(Points& points, const Points& more) {
    points.insert(points.end(), more.begin(), more.end());
}

} // namespace mk::scenes::detail
