#pragma once
/// \file ClosestPoints.h
/// Reference (tests only): closest points of a point, segments and triangles, by their
/// features (part of Reference.h).

#include "minkowski/narrowphase/Math.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <iterator>
#include <limits>
#include <map>
#include <numbers>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace mk::ref {

inline constexpr double kInf = std::numeric_limits<double>::infinity();

// ---------------------------------------------------------------------------------------------
// Elementary closest-point queries
// ---------------------------------------------------------------------------------------------

/// Closest points of two features (a on the first, b on the second) and their distance.
struct ClosestPoints {
    Vec3 a = Vec3::Zero();
    Vec3 b = Vec3::Zero();
    double distance = kInf;
};

/// Keeps the better of `best` and the candidate pair (a, b).
inline void keepCloser(ClosestPoints& best, const Vec3& a, const Vec3& b) {
    const double d = (a - b).norm();
    if (d < best.distance) {
        best = {a, b, d};
    }
}

/// Closest point of segment [p, q] to x (clamped projection; p when the segment is a point).
inline Vec3 closestPointOnSegment(const Vec3& x, const Vec3& p, const Vec3& q) {
    const Vec3 d = q - p;
    const double len2 = d.squaredNorm();
    if (len2 == 0.0) {
        return p;
    }
    const double t = std::clamp((x - p).dot(d) / len2, 0.0, 1.0);
    return p + t * d;
}

/// Closest point of triangle abc to x: the projection on the plane when it falls inside the
/// triangle (three edge-side tests), otherwise the closest point of the three edges. Degenerate
/// (zero-area) triangles fall back to the edges.
inline Vec3 closestPointOnTriangle(const Vec3& x, const Vec3& a, const Vec3& b, const Vec3& c) {
    const Vec3 n = (b - a).cross(c - a);
    const double n2 = n.squaredNorm();
    if (n2 > 0.0) {
        const Vec3 proj = x - ((x - a).dot(n) / n2) * n;
        const bool inside = (b - a).cross(proj - a).dot(n) >= 0.0 &&
                            (c - b).cross(proj - b).dot(n) >= 0.0 &&
                            (a - c).cross(proj - c).dot(n) >= 0.0;
        if (inside) {
            return proj;
        }
    }
    ClosestPoints best;
    keepCloser(best, x, closestPointOnSegment(x, a, b));
    keepCloser(best, x, closestPointOnSegment(x, b, c));
    keepCloser(best, x, closestPointOnSegment(x, c, a));
    return best.b;
}

/// Point-triangle distance: a = x, b = closest point of the triangle.
inline ClosestPoints pointTriangle(const Vec3& x, const Vec3& a, const Vec3& b, const Vec3& c) {
    const Vec3 closest = closestPointOnTriangle(x, a, b, c);
    return {x, closest, (x - closest).norm()};
}

/// Segment-segment closest points, robust to parallel and degenerate segments.
/// The squared distance is convex over (s, t) in [0,1]^2: its minimum is the interior stationary
/// point (when the lines are not parallel and it lies in the square) or lies on the square's
/// boundary, i.e. an endpoint of one segment against the other segment. We take the best of all
/// five candidates; for parallel segments the minimum is always attained at an endpoint.
inline ClosestPoints segmentSegment(const Vec3& p1, const Vec3& q1, const Vec3& p2,
                                    const Vec3& q2) {
    ClosestPoints best;
    keepCloser(best, p1, closestPointOnSegment(p1, p2, q2));
    keepCloser(best, q1, closestPointOnSegment(q1, p2, q2));
    keepCloser(best, closestPointOnSegment(p2, p1, q1), p2);
    keepCloser(best, closestPointOnSegment(q2, p1, q1), q2);
    const Vec3 d1 = q1 - p1;
    const Vec3 d2 = q2 - p2;
    const Vec3 r = p1 - p2;
    const double a = d1.dot(d1);
    const double e = d2.dot(d2);
    const double b = d1.dot(d2);
    const double c = d1.dot(r);
    const double f = d2.dot(r);
    const double denom = a * e - b * b;
    if (denom > 1e-14 * a * e) {
        const double s = (b * f - c * e) / denom;
        const double t = (a * f - b * c) / denom;
        if (s >= 0.0 && s <= 1.0 && t >= 0.0 && t <= 1.0) {
            keepCloser(best, p1 + s * d1, p2 + t * d2);
        }
    }
    return best;
}

} // namespace mk::ref
