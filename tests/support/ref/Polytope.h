#pragma once
/// \file Polytope.h
/// Reference (tests only): polytopes (faces, edges, vertices) and a brute-force convex hull
/// (part of Reference.h).

#include "ref/ClosestPoints.h"

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

} // namespace mk::ref
