#pragma once
/// \file PointCloudSupport.h
/// Test-only convex sets with exact support mappings (point sets, boxes, spheres, ellipsoids,
/// cylinders), the support of their difference A - B in the form EPA/MPR consume, and reference
/// penetration depths: the separating-axis theorem for boxes (15 axes), a brute force over every
/// candidate face normal for point sets, and a multi-start search over the unit sphere for smooth
/// shapes. Independent of Shape.cpp on purpose (the references must not share its code).

#include "Random.h"
#include "minkowski/narrowphase/detail/MinkowskiDifference.h"
#include "minkowski/narrowphase/detail/Simplex.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numbers>
#include <random>
#include <vector>

namespace mk::test {

/// Convex hull of a finite point set (support by linear scan).
struct PointSet {
    std::vector<Vec3> points;
    [[nodiscard]] Vec3 support(const Vec3& d) const {
        size_t best = 0;
        for (size_t i = 1; i < points.size(); ++i) {
            if (points[i].dot(d) > points[best].dot(d))
                best = i;
        }
        return points[best];
    }
};

struct Sphere {
    Vec3 center = Vec3::Zero();
    double radius = 1.0;
    [[nodiscard]] Vec3 support(const Vec3& d) const { return center + radius * d.normalized(); }
};

/// Points center + rot * x with sum (x_i / r_i)^2 <= 1.
struct Ellipsoid {
    Vec3 center = Vec3::Zero();
    Mat3 rot = Mat3::Identity();
    Vec3 radii = Vec3::Ones();
    [[nodiscard]] Vec3 support(const Vec3& d) const {
        const Vec3 local = rot.transpose() * d;
        const Vec3 scaled = radii.cwiseProduct(radii).cwiseProduct(local);
        return center + rot * (scaled / radii.cwiseProduct(local).norm());
    }
};

/// Cylinder of axis rot * z, |z| <= halfHeight, radius `radius`.
struct Cylinder {
    Vec3 center = Vec3::Zero();
    Mat3 rot = Mat3::Identity();
    double radius = 1.0;
    double halfHeight = 1.0;
    [[nodiscard]] Vec3 support(const Vec3& d) const {
        const Vec3 local = rot.transpose() * d;
        const double r = std::hypot(local.x(), local.y());
        Vec3 p(0, 0, local.z() >= 0 ? halfHeight : -halfHeight);
        if (r > 0) {
            p.x() = radius * local.x() / r;
            p.y() = radius * local.y() / r;
        }
        return center + rot * p;
    }
};

/// Oriented box: center + rot * u, |u_i| <= half_i.
struct Box {
    Vec3 center = Vec3::Zero();
    Mat3 rot = Mat3::Identity();
    Vec3 half = Vec3::Ones();
    [[nodiscard]] PointSet corners() const {
        PointSet s;
        for (int i = 0; i < 8; ++i) {
            const Vec3 u((i & 1) ? half.x() : -half.x(), (i & 2) ? half.y() : -half.y(),
                         (i & 4) ? half.z() : -half.z());
            s.points.push_back(center + rot * u);
        }
        return s;
    }
    /// Half-width of the box's projection on unit axis l.
    [[nodiscard]] double radiusAlong(const Vec3& l) const {
        return (rot.transpose() * l).cwiseAbs().dot(half);
    }
};

/// Support of A - B with the shapes' own support functions; counts its calls.
template <class A, class B> struct Difference {
    const A* a;
    const B* b;
    int calls = 0;
    Difference(const A& shapeA, const B& shapeB) : a(&shapeA), b(&shapeB) {}
    void support(const Vec3& dir, SupportPoint& out) {
        ++calls;
        out.a = a->support(dir);
        out.b = b->support(-dir);
        out.w = out.a - out.b;
    }
    /// Support value h(n) = max over A - B of dot(w, n).
    [[nodiscard]] double h(const Vec3& n) const {
        return a->support(n).dot(n) - b->support(-n).dot(n);
    }
};

/// Penetration depth (> 0) or minus a separation lower bound, with its unit axis from A to B.
struct Reference {
    double depth = 0.0;
    Vec3 normal = Vec3::UnitX();
};

/// Separating-axis theorem over the 15 axes of two boxes: the minimum overlap is the exact
/// penetration depth, the axis its normal (oriented from A to B).
inline Reference satBoxes(const Box& a, const Box& b) {
    std::vector<Vec3> axes;
    for (int i = 0; i < 3; ++i) {
        axes.push_back(a.rot.col(i));
        axes.push_back(b.rot.col(i));
        for (int j = 0; j < 3; ++j) {
            const Vec3 c = a.rot.col(i).cross(b.rot.col(j));
            if (c.norm() > 1e-9)
                axes.push_back(c.normalized());
        }
    }
    Reference best{std::numeric_limits<double>::infinity(), Vec3::UnitX()};
    const Vec3 t = b.center - a.center;
    for (const Vec3& l : axes) {
        const double overlap = a.radiusAlong(l) + b.radiusAlong(l) - std::abs(t.dot(l));
        if (overlap < best.depth)
            best = {overlap, t.dot(l) >= 0 ? l : Vec3(-l)};
    }
    return best;
}

/// Minimum of h(n) / |n| over a set that contains every face normal of A - B: the normals of all
/// point triples of A and of B and the cross products of all point pairs of A with those of B.
/// For point sets this is the exact penetration depth (a superset of the SAT axes).
inline Reference bruteForceDepth(const PointSet& a, const PointSet& b) {
    Difference<PointSet, PointSet> diff(a, b);
    Reference best{std::numeric_limits<double>::infinity(), Vec3::UnitX()};
    auto tryAxis = [&](const Vec3& l) {
        if (l.norm() < 1e-12)
            return;
        for (const Vec3& n : {Vec3(l.normalized()), Vec3(-l.normalized())}) {
            const double h = diff.h(n);
            if (h < best.depth)
                best = {h, n};
        }
    };
    for (const PointSet* s : {&a, &b}) {
        const auto& p = s->points;
        for (size_t i = 0; i < p.size(); ++i)
            for (size_t j = i + 1; j < p.size(); ++j)
                for (size_t k = j + 1; k < p.size(); ++k)
                    tryAxis((p[j] - p[i]).cross(p[k] - p[i]));
    }
    const auto& p = a.points;
    const auto& q = b.points;
    for (size_t i = 0; i < p.size(); ++i)
        for (size_t j = i + 1; j < p.size(); ++j)
            for (size_t k = 0; k < q.size(); ++k)
                for (size_t l = k + 1; l < q.size(); ++l)
                    tryAxis((p[j] - p[i]).cross(q[l] - q[k]));
    return best;
}

/// Local minimum of h(n) on the unit sphere from n0: a 16-direction pattern search in a randomly
/// turned tangent frame (no stalling along the kinks of h), step halving from `step` to 1e-11 rad.
template <class D> Reference localMinSupport(const D& diff, const Vec3& n0, double step = 0.05) {
    std::mt19937_64 rng(12);
    std::uniform_real_distribution<double> phase(0.0, 2.0 * std::numbers::pi);
    Vec3 n = n0.normalized();
    double h = diff.h(n);
    while (step > 1e-11) {
        const Vec3 t1 =
            (std::abs(n.x()) < 0.6 ? Vec3::UnitX() : Vec3::UnitY()).cross(n).normalized();
        const Vec3 t2 = n.cross(t1);
        bool improved = false;
        const double offset = phase(rng);
        for (int k = 0; k < 16 && !improved; ++k) {
            const double ang = offset + k * std::numbers::pi / 8;
            const Vec3 m = (n + step * (std::cos(ang) * t1 + std::sin(ang) * t2)).normalized();
            const double hm = diff.h(m);
            if (hm < h) {
                h = hm;
                n = m;
                improved = true;
            }
        }
        if (!improved)
            step *= 0.5;
    }
    return {h, n};
}

/// min over unit n of h(n): 20000 Fibonacci directions, the 12 best refined by localMinSupport.
/// Exact to about 1e-12 for smooth h; on the kinks of cylinders and boxes only to about 1e-5
/// (an upper bound of the true minimum in every case, since every value is some h(n)).
template <class D> Reference searchMinSupport(const D& diff) {
    const int numStarts = 20000;
    std::vector<std::pair<double, Vec3>> starts;
    const double golden = std::numbers::pi * (3.0 - std::sqrt(5.0));
    for (int i = 0; i < numStarts; ++i) {
        const double z = 1.0 - 2.0 * (i + 0.5) / numStarts;
        const double r = std::sqrt(1.0 - z * z);
        const Vec3 n(r * std::cos(golden * i), r * std::sin(golden * i), z);
        starts.emplace_back(diff.h(n), n);
    }
    std::partial_sort(starts.begin(), starts.begin() + 12, starts.end(),
                      [](const auto& x, const auto& y) { return x.first < y.first; });
    Reference best{std::numeric_limits<double>::infinity(), Vec3::UnitX()};
    for (int s = 0; s < 12; ++s) {
        const Reference r = localMinSupport(diff, starts[s].second);
        if (r.depth < best.depth)
            best = r;
    }
    return best;
}


/// Barycentric coordinates of the origin in tetrahedron t (lambda_0 first); nullopt-like flag
/// when flat.
inline bool originBarycentric(const std::array<Vec3, 4>& t, std::array<double, 4>& l) {
    Mat3 m;
    m << t[1] - t[0], t[2] - t[0], t[3] - t[0];
    const double det = m.determinant();
    if (std::abs(det) <
        1e-12 * std::pow((t[1] - t[0]).norm() + (t[2] - t[0]).norm() + (t[3] - t[0]).norm(), 3)) {
        return false;
    }
    const Vec3 x = m.inverse() * (-t[0]);
    l = {1.0 - x.sum(), x.x(), x.y(), x.z()};
    return true;
}

/// Test stand-in for GJK's terminal simplex: among the supports along the 6 axes and 8 diagonals,
/// the tetrahedron that contains the origin most deeply (largest smallest barycentric
/// coordinate). size 0 when none contains it.
template <class S> Simplex enclosingSimplex(S& support) {
    std::vector<SupportPoint> sp;
    for (int i = 0; i < 3; ++i) {
        for (double s : {1.0, -1.0}) {
            SupportPoint p;
            support.support(s * Vec3::Unit(i), p);
            sp.push_back(p);
        }
    }
    for (int i = 0; i < 8; ++i) {
        SupportPoint p;
        support.support(Vec3((i & 1) ? 1 : -1, (i & 2) ? 1 : -1, (i & 4) ? 1 : -1), p);
        sp.push_back(p);
    }
    Simplex best;
    double bestMin = 0.0;
    const int n = static_cast<int>(sp.size());
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j)
            for (int k = j + 1; k < n; ++k)
                for (int l = k + 1; l < n; ++l) {
                    std::array<double, 4> bc{};
                    if (!originBarycentric({sp[i].w, sp[j].w, sp[k].w, sp[l].w}, bc))
                        continue;
                    const double m = *std::min_element(bc.begin(), bc.end());
                    if (m >= bestMin) {
                        bestMin = m;
                        best.points = {sp[i], sp[j], sp[k], sp[l]};
                        best.size = 4;
                    }
                }
    return best;
}

/// enclosingSimplex, or when no tetrahedron of those supports encloses the origin, the single
/// support point along +z (EPA must then grow and move its polytope until it does).
template <class S> Simplex startSimplex(S& support) {
    Simplex s = enclosingSimplex(support);
    if (s.size == 0) {
        support.support(Vec3::UnitZ(), s.points[0]);
        s.size = 1;
    }
    return s;
}

/// The first k points of `s` (a deliberately rank-deficient start).
inline Simplex truncated(const Simplex& s, int k) {
    Simplex t = s;
    t.size = k;
    return t;
}

} // namespace mk::test
