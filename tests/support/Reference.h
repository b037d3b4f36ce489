#pragma once
/// \file Reference.h
/// Exact, brute-force, slow-but-obviously-correct references for the narrow phase (tests only).
///
/// Nothing here calls mk::collide, GJK, EPA or MPR: the references enumerate features.
/// - A convex body is a *core* (a polytope of dimension 0, 1 or 3: point, segment, solid) swept
///   by a ball of `radius` (sphere = point core, capsule = segment core, box/mesh = radius 0).
///   For such bodies sd(A, B) = sd(coreA, coreB) - radiusA - radiusB, in both the separated and
///   the penetrating case (the boundary of C + ball(r) is the boundary of C pushed out by r).
/// - Distance of disjoint cores: minimum over vertex-face, edge-edge (and, for cores without
///   edges, vertex-edge / vertex-vertex) pairs. Exact when the cores do not overlap.
/// - Penetration depth of overlapping cores: SAT over face normals of both and normalised cross
///   products of edge directions. These include every facet normal of A - B, and the depth is the
///   minimum over unit u of the support function of A - B, so the minimum is exact.
/// - A second, independent polytope reference: the hull of all pairwise vertex differences (the
///   configuration-space obstacle A - B), where sd is the signed distance of the origin to it.
///
/// Conventions follow Query.h: the normal points from A to B (the direction in which to move B
/// to separate, or the direction from A's closest point to B's when separated).

#include "minkowski/narrowphase/ConvexMesh.h"
#include "minkowski/narrowphase/Math.h"
#include "minkowski/narrowphase/Shape.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <iterator>
#include <limits>
#include <map>
#include <numbers>
#include <random>
#include <sstream>
#include <string>
#include <span>
#include <stdexcept>
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

// ---------------------------------------------------------------------------------------------
// Polytopes
// ---------------------------------------------------------------------------------------------

/// A planar face: outward unit normal, offset (normal . x = offset on the face) and the polygon
/// of its corners, counter-clockwise seen from outside (indices into Polytope::vertices).
struct Face {
    Vec3 normal = Vec3::UnitZ();
    double offset = 0.0;
    std::vector<int> polygon;
};

/// Convex polytope of dimension 0 (a point), 1 (a segment) or 3 (a solid with faces).
struct Polytope {
    std::vector<Vec3> vertices;
    std::vector<Face> faces;
    std::vector<std::array<int, 2>> edges;

    /// 3 for a solid, 1 for a segment, 0 for a point.
    [[nodiscard]] int dimension() const {
        if (!faces.empty()) {
            return 3;
        }
        return edges.empty() ? 0 : 1;
    }
    /// Support function h(dir) = max over vertices of dot(v, dir).
    [[nodiscard]] double support(const Vec3& dir) const {
        double best = -kInf;
        for (const Vec3& v : vertices) {
            best = std::max(best, v.dot(dir));
        }
        return best;
    }
    /// A vertex maximising dot(v, dir).
    [[nodiscard]] Vec3 supportPoint(const Vec3& dir) const {
        Vec3 best = vertices.front();
        for (const Vec3& v : vertices) {
            if (v.dot(dir) > best.dot(dir)) {
                best = v;
            }
        }
        return best;
    }
    /// Largest distance between two vertices' bounding-box corners (a length scale, metre).
    [[nodiscard]] double scale() const {
        Vec3 lo = vertices.front();
        Vec3 hi = vertices.front();
        for (const Vec3& v : vertices) {
            lo = lo.cwiseMin(v);
            hi = hi.cwiseMax(v);
        }
        return (hi - lo).norm();
    }
    /// Triangles of the faces (fan over each polygon), as vertex triples.
    [[nodiscard]] std::vector<std::array<Vec3, 3>> triangles() const {
        std::vector<std::array<Vec3, 3>> out;
        for (const Face& f : faces) {
            for (size_t i = 1; i + 1 < f.polygon.size(); ++i) {
                out.push_back({vertices[static_cast<size_t>(f.polygon[0])],
                               vertices[static_cast<size_t>(f.polygon[i])],
                               vertices[static_cast<size_t>(f.polygon[i + 1])]});
            }
        }
        return out;
    }
    /// Volume by the divergence theorem over the face fans (cubic metre).
    [[nodiscard]] double volume() const {
        double sixV = 0.0;
        for (const auto& t : triangles()) {
            sixV += t[0].dot(t[1].cross(t[2]));
        }
        return sixV / 6.0;
    }
};

/// A single point.
inline Polytope pointPolytope(const Vec3& p) {
    Polytope out;
    out.vertices = {p};
    return out;
}

/// The segment [p, q] (p != q).
inline Polytope segmentPolytope(const Vec3& p, const Vec3& q) {
    Polytope out;
    out.vertices = {p, q};
    out.edges = {{0, 1}};
    return out;
}

namespace detail {

/// Indices of the 2D convex hull corners of `pts` (Andrew's monotone chain), counter-clockwise,
/// dropping points within `eps` of a hull edge's line (collinear or interior points).
inline std::vector<int> convexPolygon2d(const std::vector<std::pair<double, double>>& pts,
                                        double eps) {
    std::vector<int> order(pts.size());
    for (size_t i = 0; i < order.size(); ++i) {
        order[i] = static_cast<int>(i);
    }
    std::sort(order.begin(), order.end(), [&](int l, int r) {
        return pts[static_cast<size_t>(l)] < pts[static_cast<size_t>(r)];
    });
    // Signed height of point a to the left of the directed line o -> p.
    auto leftHeight = [&](int o, int a, int p) {
        const auto& po = pts[static_cast<size_t>(o)];
        const auto& pa = pts[static_cast<size_t>(a)];
        const auto& pp = pts[static_cast<size_t>(p)];
        const double dx = pp.first - po.first;
        const double dy = pp.second - po.second;
        const double len = std::hypot(dx, dy);
        return len == 0.0 ? 0.0 : (dx * (pa.second - po.second) - dy * (pa.first - po.first)) / len;
    };
    // A counter-clockwise chain keeps hull[k-1] only when it lies right of hull[k-2] -> next by
    // more than eps; points on (or within eps of) the line are dropped.
    std::vector<int> hull(2 * order.size() + 1);
    size_t k = 0;
    for (int idx : order) { // lower chain
        while (k >= 2 && leftHeight(hull[k - 2], hull[k - 1], idx) >= -eps) {
            --k;
        }
        hull[k++] = idx;
    }
    const size_t lower = k + 1;
    for (auto it = order.rbegin() + 1; it != order.rend(); ++it) { // upper chain
        while (k >= lower && leftHeight(hull[k - 2], hull[k - 1], *it) >= -eps) {
            --k;
        }
        hull[k++] = *it;
    }
    hull.resize(k > 0 ? k - 1 : 0);
    return hull;
}

/// An orthonormal pair (u, v) with u x v = n.
inline std::pair<Vec3, Vec3> planeBasis(const Vec3& n) {
    const Vec3 helper = std::abs(n.x()) < 0.6 ? Vec3::UnitX() : Vec3::UnitY();
    const Vec3 u = n.cross(helper).normalized();
    return {u, n.cross(u)};
}

/// Points with duplicates (closer than eps to an earlier kept point) removed.
inline std::vector<Vec3> dedupe(std::span<const Vec3> points, double eps) {
    std::vector<Vec3> out;
    for (const Vec3& p : points) {
        const bool duplicate =
            std::any_of(out.begin(), out.end(), [&](const Vec3& q) { return (p - q).norm() <= eps; });
        if (!duplicate) {
            out.push_back(p);
        }
    }
    return out;
}

/// A candidate supporting plane found from a triple of points.
struct PlaneCandidate {
    Vec3 normal;
    double offset = 0.0;
    double conditioning = 0.0; ///< |cross| of the triple: larger = more accurate normal
};

/// Builds the polytope from the distinct supporting planes (keyed by their on-plane point sets).
inline Polytope assemble(const std::vector<Vec3>& pts,
                         const std::map<std::vector<int>, PlaneCandidate>& planes, double eps) {
    std::vector<int> newIndex(pts.size(), -1);
    Polytope out;
    for (const auto& [onPlane, plane] : planes) {
        const auto [u, v] = planeBasis(plane.normal);
        std::vector<std::pair<double, double>> p2;
        for (int i : onPlane) {
            p2.emplace_back(pts[static_cast<size_t>(i)].dot(u), pts[static_cast<size_t>(i)].dot(v));
        }
        Face face{plane.normal, plane.offset, {}};
        for (int local : convexPolygon2d(p2, eps)) {
            const int global = onPlane[static_cast<size_t>(local)];
            if (newIndex[static_cast<size_t>(global)] < 0) {
                newIndex[static_cast<size_t>(global)] = static_cast<int>(out.vertices.size());
                out.vertices.push_back(pts[static_cast<size_t>(global)]);
            }
            face.polygon.push_back(newIndex[static_cast<size_t>(global)]);
        }
        if (face.polygon.size() >= 3) {
            out.faces.push_back(std::move(face));
        }
    }
    std::map<std::pair<int, int>, int> edgeCount;
    for (const Face& f : out.faces) {
        for (size_t i = 0; i < f.polygon.size(); ++i) {
            const int a = f.polygon[i];
            const int b = f.polygon[(i + 1) % f.polygon.size()];
            ++edgeCount[{std::min(a, b), std::max(a, b)}];
        }
    }
    for (const auto& [edge, count] : edgeCount) {
        if (count != 2) {
            throw std::runtime_error("ref::hull: an edge is not shared by exactly two faces");
        }
        out.edges.push_back({edge.first, edge.second});
    }
    const auto v = static_cast<long>(out.vertices.size());
    const auto e = static_cast<long>(out.edges.size());
    const auto f = static_cast<long>(out.faces.size());
    if (v - e + f != 2) {
        throw std::runtime_error("ref::hull: Euler characteristic is not 2");
    }
    return out;
}

} // namespace detail

/// Convex hull of `points` by brute force: every triple spans a plane; the plane is a supporting
/// plane when all points lie on one side within eps = relEps * (bounding-box diagonal). Planes
/// are keyed by their set of on-plane points, which merges coplanar triangles into one face;
/// the face polygon is the 2D hull of its on-plane points. O(n^4): for small sets only.
/// \throws std::invalid_argument when the points are coplanar (no solid hull).
inline Polytope hull(std::span<const Vec3> points, double relEps = 1e-9) {
    if (points.size() < 4) {
        throw std::invalid_argument("ref::hull: fewer than 4 points");
    }
    Vec3 lo = points.front();
    Vec3 hi = points.front();
    for (const Vec3& p : points) {
        lo = lo.cwiseMin(p);
        hi = hi.cwiseMax(p);
    }
    const double scale = (hi - lo).norm();
    const double eps = relEps * scale;
    const std::vector<Vec3> pts = detail::dedupe(points, eps);
    const size_t n = pts.size();
    std::map<std::vector<int>, detail::PlaneCandidate> planes;
    for (size_t i = 0; i < n; ++i) {
        for (size_t j = i + 1; j < n; ++j) {
            for (size_t k = j + 1; k < n; ++k) {
                const Vec3 c = (pts[j] - pts[i]).cross(pts[k] - pts[i]);
                const double cn = c.norm();
                if (cn <= 1e-12 * scale * scale) {
                    continue; // (nearly) collinear triple: no reliable plane
                }
                Vec3 normal = c / cn;
                double offset = normal.dot(pts[i]);
                double above = -kInf;
                double below = kInf;
                for (const Vec3& p : pts) {
                    above = std::max(above, normal.dot(p) - offset);
                    below = std::min(below, normal.dot(p) - offset);
                }
                if (above <= eps && below >= -eps) {
                    throw std::invalid_argument("ref::hull: all points are coplanar");
                }
                if (above > eps) {
                    if (below < -eps) {
                        continue; // points on both sides: not a supporting plane
                    }
                    normal = -normal;
                    offset = -offset;
                }
                std::vector<int> onPlane;
                for (size_t m = 0; m < n; ++m) {
                    if (std::abs(normal.dot(pts[m]) - offset) <= eps) {
                        onPlane.push_back(static_cast<int>(m));
                    }
                }
                auto [it, inserted] = planes.try_emplace(onPlane, detail::PlaneCandidate{normal, offset, cn});
                if (!inserted && cn > it->second.conditioning) {
                    it->second = {normal, offset, cn};
                }
            }
        }
    }
    if (planes.empty()) {
        throw std::invalid_argument("ref::hull: degenerate point set");
    }
    // A plane whose on-plane set is a strict subset of another's shares three non-collinear
    // points with it: the same plane within eps, seen from a worse-conditioned triple. Drop it.
    for (auto it = planes.begin(); it != planes.end();) {
        const bool covered = std::any_of(planes.begin(), planes.end(), [&](const auto& other) {
            return other.first.size() > it->first.size() &&
                   std::includes(other.first.begin(), other.first.end(), it->first.begin(),
                                 it->first.end());
        });
        it = covered ? planes.erase(it) : std::next(it);
    }
    return detail::assemble(pts, planes, eps);
}

/// Box of half extents `he` centred at the origin (8 corners, 6 faces).
inline Polytope boxPolytope(const Vec3& he) {
    std::vector<Vec3> corners;
    for (int i = 0; i < 8; ++i) {
        corners.push_back(Vec3((i & 1) ? he.x() : -he.x(), (i & 2) ? he.y() : -he.y(),
                               (i & 4) ? he.z() : -he.z()));
    }
    return hull(corners);
}

/// Prism over a regular n-gon of circumradius r around z, z in [-halfHeight, halfHeight]:
/// an inscribed approximation of a cylinder (circumscribed with r / cos(pi / n)). Built directly
/// (faces known), so n can be large. Any point of the true cylinder is within
/// r * (1 - cos(pi / n)) of the inscribed prism.
inline Polytope cylinderPolytope(double r, double halfHeight, int n) {
    Polytope out;
    for (int i = 0; i < n; ++i) {
        const double a = 2.0 * std::numbers::pi * i / n;
        out.vertices.push_back(Vec3(r * std::cos(a), r * std::sin(a), -halfHeight));
    }
    for (int i = 0; i < n; ++i) {
        const Vec3 v = out.vertices[static_cast<size_t>(i)];
        out.vertices.push_back(Vec3(v.x(), v.y(), halfHeight));
    }
    Face bottom{-Vec3::UnitZ(), halfHeight, {}};
    Face top{Vec3::UnitZ(), halfHeight, {}};
    for (int i = 0; i < n; ++i) {
        bottom.polygon.push_back(n - 1 - i);
        top.polygon.push_back(n + i);
        const int j = (i + 1) % n;
        const double mid = 2.0 * std::numbers::pi * (i + 0.5) / n;
        const Vec3 normal(std::cos(mid), std::sin(mid), 0.0);
        out.faces.push_back({normal, normal.dot(out.vertices[static_cast<size_t>(i)]), {i, j, n + j, n + i}});
        out.edges.push_back({i, j});
        out.edges.push_back({n + i, n + j});
        out.edges.push_back({i, n + i});
    }
    out.faces.push_back(std::move(bottom));
    out.faces.push_back(std::move(top));
    return out;
}

/// The polytope moved by `pose` (vertices, normals and offsets).
inline Polytope transformed(const Polytope& p, const Pose& pose) {
    Polytope out = p;
    for (Vec3& v : out.vertices) {
        v = pose.apply(v);
    }
    for (Face& f : out.faces) {
        f.normal = pose.rotation * f.normal;
        f.offset += f.normal.dot(pose.translation);
    }
    return out;
}

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

// ---------------------------------------------------------------------------------------------
// Analytic references of primitive pairs
// ---------------------------------------------------------------------------------------------

/// Sphere A against sphere B.
inline SignedDistance sphereSphere(const Vec3& ca, double ra, const Vec3& cb, double rb) {
    SignedDistance out;
    const Vec3 d = cb - ca;
    const double len = d.norm();
    out.normal = len > 0.0 ? Vec3(d / len) : Vec3(Vec3::UnitZ());
    out.value = len - ra - rb;
    out.pointA = ca + ra * out.normal;
    out.pointB = cb - rb * out.normal;
    return out;
}

/// Box A (pose, half extents) against sphere B. Outside: closest box point by clamping the centre
/// in the box frame. Inside: the nearest face, depth = distance to it + radius.
inline SignedDistance boxSphere(const Pose& poseA, const Vec3& he, const Vec3& cb, double rb) {
    SignedDistance out;
    const Vec3 local = poseA.applyInverse(cb);
    const Vec3 clamped = local.cwiseMax(-he).cwiseMin(he);
    const double outside = (local - clamped).norm();
    if (outside > 0.0) {
        out.normal = poseA.rotation * ((local - clamped) / outside);
        out.value = outside - rb;
        out.pointA = poseA.apply(clamped);
    } else {
        int axis = 0;
        double room = kInf;
        for (int i = 0; i < 3; ++i) {
            if (he[i] - std::abs(local[i]) < room) {
                room = he[i] - std::abs(local[i]);
                axis = i;
            }
        }
        Vec3 n = Vec3::Zero();
        n[axis] = local[axis] >= 0.0 ? 1.0 : -1.0;
        out.normal = poseA.rotation * n;
        out.value = -room - rb;
        Vec3 onFace = local;
        onFace[axis] = n[axis] * he[axis];
        out.pointA = poseA.apply(onFace);
    }
    out.pointB = cb - rb * out.normal;
    return out;
}

/// Box A against box B: SAT on the 15 axes (3 + 3 face normals, 9 edge cross products) for the
/// overlap, depth and normal; the separated distance by brute force over the box polytopes.
inline SignedDistance boxBox(const Pose& poseA, const Vec3& heA, const Pose& poseB,
                             const Vec3& heB) {
    const Mat3 ra = poseA.rotation.toRotationMatrix();
    const Mat3 rb = poseB.rotation.toRotationMatrix();
    const Vec3 t = poseB.translation - poseA.translation;
    std::vector<Vec3> axes;
    for (int i = 0; i < 3; ++i) {
        axes.push_back(ra.col(i));
        axes.push_back(rb.col(i));
        for (int j = 0; j < 3; ++j) {
            const Vec3 c = ra.col(i).cross(rb.col(j));
            if (c.norm() > 1e-10) {
                axes.push_back(c.normalized());
            }
        }
    }
    double best = kInf;
    Vec3 bestAxis = Vec3::UnitX();
    for (const Vec3& axis : axes) {
        // Projected radii of both boxes on the axis, and the centre offset.
        const double rA = heA.dot((ra.transpose() * axis).cwiseAbs());
        const double rB = heB.dot((rb.transpose() * axis).cwiseAbs());
        const double c = t.dot(axis);
        // Moving B along +axis separates after rA + rB - c; along -axis after rA + rB + c.
        const double overlap = rA + rB - std::abs(c);
        if (overlap < best) {
            best = overlap;
            bestAxis = c >= 0.0 ? axis : Vec3(-axis);
        }
    }
    if (best > 0.0) {
        SignedDistance out;
        out.value = -best;
        out.normal = bestAxis;
        return out;
    }
    return signedDistance(boxBody(poseA, heA), boxBody(poseB, heB));
}

/// Capsule A against capsule B (z-axis segments of half height hh, radius r): segment-segment
/// distance minus the radii.
inline SignedDistance capsuleCapsule(const Pose& poseA, double rA, double hhA, const Pose& poseB,
                                     double rB, double hhB) {
    const ClosestPoints c =
        segmentSegment(poseA.apply(Vec3(0, 0, -hhA)), poseA.apply(Vec3(0, 0, hhA)),
                       poseB.apply(Vec3(0, 0, -hhB)), poseB.apply(Vec3(0, 0, hhB)));
    SignedDistance out;
    out.value = c.distance - rA - rB;
    out.normal = c.distance > 0.0 ? Vec3((c.b - c.a) / c.distance) : Vec3(Vec3::UnitZ());
    out.pointA = c.a + rA * out.normal;
    out.pointB = c.b - rB * out.normal;
    return out;
}

/// Mean of the vertices of a core: an interior point of a solid, the middle of a segment.
inline Vec3 coreCentre(const Polytope& p) {
    Vec3 sum = Vec3::Zero();
    for (const Vec3& v : p.vertices) {
        sum += v;
    }
    return sum / static_cast<double>(p.vertices.size());
}

/// A placement of body B found by placeAt(): its translation and the reference answer there.
struct Placement {
    Vec3 translation = Vec3::Zero();
    Body bodyB;
    SignedDistance expected;
};

/// Places B (core `localCoreB` in B's frame, `radiusB`, rotation `rotationB`) so that its
/// reference signed distance to `bodyA` is about `target`. B travels along unit axis u from where
/// the centres of both cores coincide up to `lateral` (orthogonal to u, so it starts overlapping
/// for small lateral offsets). The signed distance along a line is convex in the travel, so
/// bisection on the reference finds the travel where it crosses the target, within
/// 2% of |target| + 1e-7 m (60 halvings at most); a target deeper than the start is clamped to
/// the start.
inline Placement placeAt(const Body& bodyA, const Polytope& localCoreB, double radiusB,
                         const Quat& rotationB, const Vec3& u, const Vec3& lateral,
                         double target) {
    const Polytope rotated = transformed(localCoreB, Pose(rotationB, Vec3::Zero()));
    const Vec3 start = coreCentre(bodyA.core) - coreCentre(rotated) + (lateral - lateral.dot(u) * u);
    Placement out;
    auto place = [&](double t) {
        out.translation = start + t * u;
        out.bodyB = Body{transformed(rotated, Pose(Quat::Identity(), out.translation)), radiusB};
        out.expected = signedDistance(bodyA, out.bodyB);
        return out.expected.value;
    };
    // Travel at which the projections on u are max(target, 0) + 0.01 apart: sd > target there.
    const double gap = std::max(target, 0.0) + 0.01;
    double hi = bodyA.core.support(u) + bodyA.radius + gap + rotated.support(-u) + radiusB -
                u.dot(start);
    double lo = 0.0;
    if (place(lo) < target && hi > lo) {
        for (int i = 0; i < 60 && std::abs(out.expected.value - target) > 0.02 * std::abs(target) + 1e-7;
             ++i) {
            const double mid = 0.5 * (lo + hi);
            (place(mid) < target ? lo : hi) = mid;
        }
    }
    return out;
}

// ---------------------------------------------------------------------------------------------
// Seeded sampling and printing helpers shared by the random suites
// ---------------------------------------------------------------------------------------------

/// Uniform random rotation (normalised 4D Gaussian).
inline Quat randomRotation(std::mt19937_64& rng) {
    std::normal_distribution<double> g(0.0, 1.0);
    return Quat(g(rng), g(rng), g(rng), g(rng)).normalized();
}

/// Uniform random unit vector.
inline Vec3 randomUnit(std::mt19937_64& rng) {
    std::normal_distribution<double> g(0.0, 1.0);
    return Vec3(g(rng), g(rng), g(rng)).normalized();
}

/// Vector with coordinates uniform in [lo, hi).
inline Vec3 randomVec(std::mt19937_64& rng, double lo, double hi) {
    std::uniform_real_distribution<double> u(lo, hi);
    return {u(rng), u(rng), u(rng)};
}

/// Uniform in [lo, hi).
inline double uniform(std::mt19937_64& rng, double lo, double hi) {
    return std::uniform_real_distribution<double>(lo, hi)(rng);
}

/// "(x, y, z)" with 17 significant digits (round-trips exactly).
inline std::string str(const Vec3& v) {
    std::ostringstream os;
    os.precision(17);
    os << "(" << v.x() << ", " << v.y() << ", " << v.z() << ")";
    return os.str();
}

/// "Pose(Quat(w, x, y, z), Vec3(x, y, z))" with 17 significant digits: paste into a test.
inline std::string str(const Pose& p) {
    std::ostringstream os;
    os.precision(17);
    os << "Pose(Quat(" << p.rotation.w() << ", " << p.rotation.x() << ", " << p.rotation.y() << ", "
       << p.rotation.z() << "), Vec3" << str(p.translation) << ")";
    return os.str();
}

} // namespace mk::ref
