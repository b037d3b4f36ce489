#pragma once
/// \file Bodies.h
/// Reference (tests only): bodies (a polytope core swept by a ball) and their exact signed
/// distance by feature enumeration and SAT (part of Reference.h).

#include "minkowski/narrowphase/ConvexMesh.h"
#include "minkowski/narrowphase/Shape.h"
#include "ref/Polytope.h"

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

// ---------------------------------------------------------------------------------------------
// Bodies (core + radius) and their signed distance
// ---------------------------------------------------------------------------------------------

/// A convex body in the world frame: the Minkowski sum of `core` and a ball of `radius`.
struct Body {
    Polytope core;
    double radius = 0.0;
};

inline Body sphereBody(const Vec3& center, double radius) { return {pointPolytope(center), radius}; }

/// Capsule of `radius` around the segment [-halfHeight, halfHeight] on the local z axis.
inline Body capsuleBody(const Pose& pose, double radius, double halfHeight) {
    return {segmentPolytope(pose.apply(Vec3(0, 0, -halfHeight)), pose.apply(Vec3(0, 0, halfHeight))),
            radius};
}

inline Body boxBody(const Pose& pose, const Vec3& halfExtents) {
    return {transformed(boxPolytope(halfExtents), pose), 0.0};
}

/// The reference body of a sphere, capsule, box or convex mesh at `pose`. Meshes are re-hulled
/// by brute force from their vertices (the support function only sees the vertices).
/// \throws std::invalid_argument for curved shapes without an exact polytope reference.
inline Body bodyOf(const Shape& shape, const Pose& pose) {
    switch (shape.type()) {
    case ShapeType::Sphere: return sphereBody(pose.translation, shape.radius());
    case ShapeType::Capsule: return capsuleBody(pose, shape.radius(), shape.halfHeight());
    case ShapeType::Box: return boxBody(pose, shape.halfExtents());
    case ShapeType::ConvexMesh:
        return {transformed(hull(shape.convexMesh()->vertices()), pose), 0.0};
    default: throw std::invalid_argument("ref::bodyOf: no exact reference for this shape type");
    }
}

/// Exact closest points of two cores that do not overlap (for overlapping solids the answer is
/// the closest pair of boundary features, not 0). Covers vertex-face both ways and edge-edge;
/// vertex-edge and vertex-vertex are added for cores without edges (points, which edge-edge and
/// vertex-face would miss).
inline ClosestPoints closestFeatures(const Polytope& a, const Polytope& b) {
    ClosestPoints best;
    const auto trisA = a.triangles();
    const auto trisB = b.triangles();
    for (const Vec3& v : a.vertices) {
        for (const auto& t : trisB) {
            keepCloser(best, v, closestPointOnTriangle(v, t[0], t[1], t[2]));
        }
    }
    for (const Vec3& v : b.vertices) {
        for (const auto& t : trisA) {
            keepCloser(best, closestPointOnTriangle(v, t[0], t[1], t[2]), v);
        }
    }
    for (const auto& ea : a.edges) {
        const Vec3& p1 = a.vertices[static_cast<size_t>(ea[0])];
        const Vec3& q1 = a.vertices[static_cast<size_t>(ea[1])];
        for (const auto& eb : b.edges) {
            const ClosestPoints c = segmentSegment(p1, q1, b.vertices[static_cast<size_t>(eb[0])],
                                                   b.vertices[static_cast<size_t>(eb[1])]);
            if (c.distance < best.distance) {
                best = c;
            }
        }
        if (b.edges.empty()) {
            for (const Vec3& v : b.vertices) {
                keepCloser(best, closestPointOnSegment(v, p1, q1), v);
            }
        }
    }
    if (a.edges.empty()) {
        for (const Vec3& v : a.vertices) {
            for (const auto& eb : b.edges) {
                keepCloser(best, v, closestPointOnSegment(v, b.vertices[static_cast<size_t>(eb[0])],
                                                          b.vertices[static_cast<size_t>(eb[1])]));
            }
            if (b.edges.empty()) {
                for (const Vec3& w : b.vertices) {
                    keepCloser(best, v, w);
                }
            }
        }
    }
    return best;
}

/// Outcome of the separating-axis test over all candidate axes.
struct SatResult {
    /// min over candidate axes u (both signs) of maxA.u - minB.u: the translation of B along u
    /// that separates the projections. > 0: overlap with this exact depth; < 0: separated by at
    /// least -minOverlap along `axis`.
    double minOverlap = kInf;
    Vec3 axis = Vec3::UnitX(); ///< unit, the minimising direction (from A to B)
};

/// Candidate axes: face normals of both and normalised cross products of edge directions
/// (skipping near-parallel pairs, sin < 1e-10, which span no facet of A - B).
inline std::vector<Vec3> candidateAxes(const Polytope& a, const Polytope& b) {
    std::vector<Vec3> axes;
    for (const Face& f : a.faces) {
        axes.push_back(f.normal);
    }
    for (const Face& f : b.faces) {
        axes.push_back(f.normal);
    }
    for (const auto& ea : a.edges) {
        const Vec3 da = a.vertices[static_cast<size_t>(ea[1])] - a.vertices[static_cast<size_t>(ea[0])];
        for (const auto& eb : b.edges) {
            const Vec3 db = b.vertices[static_cast<size_t>(eb[1])] - b.vertices[static_cast<size_t>(eb[0])];
            const Vec3 c = da.cross(db);
            const double cn = c.norm();
            if (cn > 1e-10 * da.norm() * db.norm()) {
                axes.push_back(c / cn);
            }
        }
    }
    return axes;
}

/// Exact SAT for a pair where at least one core is a solid (see file comment).
inline SatResult sat(const Polytope& a, const Polytope& b) {
    SatResult out;
    for (const Vec3& axis : candidateAxes(a, b)) {
        for (const Vec3& u : {axis, Vec3(-axis)}) {
            const double overlap = a.support(u) + b.support(-u);
            if (overlap < out.minOverlap) {
                out.minOverlap = overlap;
                out.axis = u;
            }
        }
    }
    return out;
}

/// Reference answer for a pair of bodies.
struct SignedDistance {
    double value = 0.0;        ///< > 0 separated, < 0 minus the penetration depth (metre)
    Vec3 normal = Vec3::UnitX(); ///< unit, from A to B
    Vec3 pointA = Vec3::Zero(); ///< closest point of A (meaningful when separated)
    Vec3 pointB = Vec3::Zero(); ///< closest point of B (meaningful when separated)
    [[nodiscard]] bool overlapping() const { return value <= 0.0; }
};

/// A unit vector orthogonal to the segment pair (for crossing lower-dimensional cores).
inline Vec3 anyNormal(const Polytope& a, const Polytope& b) {
    Vec3 d = Vec3::Zero();
    if (!a.edges.empty() && !b.edges.empty()) {
        const Vec3 da = a.vertices[1] - a.vertices[0];
        const Vec3 db = b.vertices[1] - b.vertices[0];
        d = da.cross(db);
        if (d.norm() <= 1e-12 * da.norm() * db.norm()) {
            d = da.cross(std::abs(da.normalized().x()) < 0.6 ? Vec3::UnitX() : Vec3::UnitY());
        }
    } else if (!a.edges.empty() || !b.edges.empty()) {
        const Vec3 da = a.edges.empty() ? b.vertices[1] - b.vertices[0] : a.vertices[1] - a.vertices[0];
        d = da.cross(std::abs(da.normalized().x()) < 0.6 ? Vec3::UnitX() : Vec3::UnitY());
    }
    return d.norm() > 0.0 ? Vec3(d.normalized()) : Vec3(Vec3::UnitZ());
}

/// Exact signed distance of two bodies: sd(cores) - radiusA - radiusB.
/// Cores with a solid: SAT decides overlap and gives the depth; otherwise the closest features
/// give the distance. Two lower-dimensional cores (points, segments) never have depth: their
/// difference is at most two-dimensional.
inline SignedDistance signedDistance(const Body& a, const Body& b) {
    const double radii = a.radius + b.radius;
    SignedDistance out;
    if (a.core.dimension() == 3 || b.core.dimension() == 3) {
        const SatResult s = sat(a.core, b.core);
        if (s.minOverlap > 0.0) {
            out.value = -s.minOverlap - radii;
            out.normal = s.axis;
            out.pointA = a.core.supportPoint(s.axis) + a.radius * s.axis;
            out.pointB = b.core.supportPoint(-s.axis) - b.radius * s.axis;
            return out;
        }
    }
    const ClosestPoints c = closestFeatures(a.core, b.core);
    out.value = c.distance - radii;
    out.normal = c.distance > 0.0 ? Vec3((c.b - c.a) / c.distance) : anyNormal(a.core, b.core);
    out.pointA = c.a + a.radius * out.normal;
    out.pointB = c.b - b.radius * out.normal;
    return out;
}

/// Signed distance from point x to a body: > 0 outside (distance), < 0 inside (minus the
/// distance to the boundary).
inline double pointSignedDistance(const Vec3& x, const Body& body) {
    const Polytope& p = body.core;
    if (p.dimension() == 3) {
        double worst = -kInf;
        for (const Face& f : p.faces) {
            worst = std::max(worst, f.normal.dot(x) - f.offset);
        }
        if (worst <= 0.0) {
            return worst - body.radius; // inside: distance to the nearest face plane
        }
        double best = kInf;
        for (const auto& t : p.triangles()) {
            best = std::min(best, pointTriangle(x, t[0], t[1], t[2]).distance);
        }
        return best - body.radius;
    }
    if (p.dimension() == 1) {
        return (x - closestPointOnSegment(x, p.vertices[0], p.vertices[1])).norm() - body.radius;
    }
    return (x - p.vertices[0]).norm() - body.radius;
}

/// Second, independent polytope reference through the configuration-space obstacle:
/// hull{va - vb} contains the origin iff the solids overlap, and sd(A, B) is the signed
/// distance of the origin to it (outside: the distance; inside: minus the distance to the boundary). Both cores must be solids; O((VA VB)^4): small polytopes only.
inline double signedDistanceViaCso(const Polytope& a, const Polytope& b) {
    std::vector<Vec3> diff;
    for (const Vec3& va : a.vertices) {
        for (const Vec3& vb : b.vertices) {
            diff.push_back(va - vb);
        }
    }
    return pointSignedDistance(Vec3::Zero(), Body{hull(diff), 0.0});
}

} // namespace mk::ref
