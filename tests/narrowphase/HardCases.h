#pragma once
/// \file HardCases.h
/// What the hard-case tests share (test_hard_cases*.cpp): the solver choices, labels, the
/// tolerances every solver is held to (solverTolerances(), directionTolerance()), support
/// functions of the analytic shapes and the normal checks.

#include "Reference.h"
#include "minkowski/narrowphase/Collide.h"
#include "minkowski/narrowphase/ConvexMesh.h"
#include "minkowski/narrowphase/WarmStart.h"

#include <cmath>
#include <functional>
#include <gtest/gtest.h>
#include <limits>
#include <numbers>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace mk::hardcase {

inline constexpr std::array kTasks{Task::Boolean, Task::Distance, Task::SignedDistance};

/// Every solver with johnson, then the GJK solvers with the other sub-algorithms.
inline const std::vector<SolverChoice>& allChoices() {
    static const std::vector<SolverChoice> choices = [] {
        std::vector<SolverChoice> out;
        for (const SolverEntry* kind : builtinSolvers()) {
            out.emplace_back(*kind);
        }
        for (const SolverEntry* kind : builtinSolvers()) {
            for (SubAlgorithm sub : allSubAlgorithms()) {
                if (optionIndex(*kind, "subalgo") >= 0 && sub != SubAlgorithm::Johnson) {
                    out.push_back(withOption(*kind, "subalgo", name(sub)));
                }
            }
        }
        return out;
    }();
    return choices;
}

/// "solver/warm/task" for failure messages (solver: its choice name, "gjk:subalgo=barycode").
inline std::string label(const SolverChoice& s, WarmStart w, Task t) {
    return name(s) + "/" + std::string(name(w)) + "/" + std::string(name(t));
}

inline bool finite(const QueryResult& r) {
    return std::isfinite(r.distance) && r.witnessA.allFinite() && r.witnessB.allFinite() &&
           r.normal.allFinite() && r.separation.allFinite();
}

/// The query at poses (pa, pb) under `warm`; `previous` strategies first query the pair at
/// step t-1 with B moved 1 mm along +x and -y (and update the cache).
inline QueryResult query(const Shape& a, const Pose& pa, const Shape& b, const Pose& pb,
                         const SolverChoice& solver, WarmStart warm, Task task,
                         const QueryRequest& base = {}) {
    QueryRequest request = base;
    request.solver = solver;
    request.task = task;
    PairCache cache;
    if (warm == WarmStart::Previous || warm == WarmStart::TransformedPrevious) {
        const Pose before(pb.rotation, pb.translation + Vec3(1e-3, -1e-3, 0.0));
        QueryRequest first = request;
        cache.prepare(warm, 0, a, pa, b, before, first);
        cache.update(0, pa, before, collide(a, pa, b, before, first));
    }
    cache.prepare(warm, 1, a, pa, b, pb, request);
    return collide(a, pa, b, pb, request);
}

/// Calls fn(choice, warm, task, result, solverTraits(choice.solver, a, b)) for every solver
/// choice (allChoices()) x warm start x task.
inline void forEachQuery(const Shape& a, const Pose& pa, const Shape& b, const Pose& pb,
                         const std::function<void(const SolverChoice&, WarmStart, Task,
                                                  const QueryResult&, const SolverTraits&)>& fn,
                         const QueryRequest& base = {}) {
    for (const SolverChoice& s : allChoices()) {
        const SolverTraits traits = solverTraits(s, a, b);
        for (WarmStart w : allWarmStarts()) {
            for (Task t : kTasks) {
                fn(s, w, t, query(a, pa, b, pb, s, w, t, base), traits);
            }
        }
    }
}

/// 17 significant digits.
inline std::string num(double x) {
    std::ostringstream os;
    os.precision(17);
    os << x;
    return os.str();
}

inline std::string str(const QueryResult& r) {
    std::ostringstream os;
    os.precision(17);
    os << "status " << name(r.status) << " collide " << r.collide << " distance " << r.distance
       << " normal " << ref::str(r.normal) << " witnessA " << ref::str(r.witnessA) << " witnessB "
       << ref::str(r.witnessB) << " iterations " << r.iterations << "+" << r.penetrationIterations;
    return os.str();
}

/// Tolerances of a known-answer check (metre).
struct Tolerances {
    double distance = 1e-9;      ///< separated distance
    double depth = 1e-8 + 1e-12; ///< GJK + EPA penetration depth (EPA tolerance 1e-8 + round-off)
    double band = 1e-9;          ///< |expected| below this: contact, either boolean answer accepted
    double gjk = 1e-8;           ///< the request's relative GJK tolerance eps (for the normal)
};

/// Separation of the shapes' projections on unit axis n (min over B - max over A, metre).
using GapAlong = std::function<double(const Vec3&)>;

/// How the normal is checked: against the exact unit normal within 1e-6 (face-to-face contacts,
/// where GJK's simplex reaches the face), and/or by the certificate `gap`: the projections on the
/// normal are apart by the reference distance (separated), or moving B by the reported depth
/// along the normal separates them (penetrating), up to the distance/depth tolerance plus
/// extent * sqrt(2 eps). The second term is what GJK guarantees for a direction: it stops when
/// |v| - mu <= eps |v| (van den Bergen 1999, Sec. 3.3), which bounds the distance error by
/// eps d, but a direction off by theta only lengthens v by ~ d theta^2 / 2 on a flat or ruled
/// supporting feature, so theta <= sqrt(2 eps); on a feature of lateral size <= extent the gap
/// along the normal then drops by at most extent * theta.
struct NormalCheck {
    std::optional<Vec3> exact;
    GapAlong gap;
    double extent = 1.0; ///< sum of both shapes' diameters (metre)
};

/// Angle (rad) within which a solver promises its normal. GJK (and everything answered by it)
/// stops on |v| - mu <= eps |v|: theta <= sqrt(2 eps) (see NormalCheck). sdf-ellipsoid pins its
/// point only to sqrt(2 Delta rho), Delta = eps L: theta <= 2 sqrt(4 Delta / d)
/// (docs/solvers-optimization.md), with L <= `extent`.
inline double directionTolerance(SolverChoice s, double distance, double extent, double eps) {
    if (&s.entry() == &builtins::sdfEllipsoid()) {
        return std::min(2.0, 2.0 * std::sqrt(4.0 * eps * std::max(extent, 1.0) /
                                             std::max(std::abs(distance), 1e-300)));
    }
    return std::sqrt(2.0 * eps);
}

/// The tolerances that apply to solver `s`: sdf-ellipsoid brackets f = d / 2 to Delta = eps L
/// (docs/solvers-optimization.md), so its distances, depths and contact decisions are only
/// within 2 Delta, with L <= `extent` (the sum of the diameters).
inline Tolerances solverTolerances(SolverChoice s, const Tolerances& given, double extent) {
    Tolerances t = given;
    if (&s.entry() == &builtins::sdfEllipsoid()) {
        const double delta2 = 2.0 * given.gjk * std::max(extent, 1.0);
        t.distance = std::max(t.distance, delta2);
        t.depth = std::max(t.depth, delta2);
        t.band = std::max(t.band, delta2);
    }
    return t;
}

/// Checks a result against the exact signed distance `expected` and what solverTraits()
/// promises: unsupported pairs answer Status::Unsupported and collide false; otherwise finite
/// fields, no MaxIterations/InvalidInput, boolean == (expected <= 0) outside the band, |normal| =
/// 1 within 1e-9; separated: the distance within tolerance (approximate SDFs: 0 < d <= expected);
/// penetrating: the depth per its definition (minimum translation: within tolerance, rtr beyond
/// 0.05 extent: >= it; portal direction: >= it; inscribed sphere: 0 < depth <= it, approximate
/// SDFs + 0.05 extent); the normal per `normal` within directionTolerance().
inline void expectMatches(const SolverTraits& traits, const SolverChoice& choice, WarmStart w,
                          Task t, const QueryResult& r, double expected, const Tolerances& given,
                          const std::string& context, const NormalCheck& normal = {}) {
    const SolverChoice& s = choice;
    const std::string where =
        label(choice, w, t) + " " + context + ": " + str(r) + ", expected sd " + num(expected);
    if (!traits.supported) {
        EXPECT_EQ(r.status, Status::Unsupported) << where;
        EXPECT_FALSE(r.collide) << where;
        return;
    }
    const Tolerances tol = solverTolerances(s, given, normal.extent);
    ASSERT_TRUE(finite(r)) << where;
    EXPECT_NE(r.status, Status::MaxIterations) << where;
    EXPECT_NE(r.status, Status::InvalidInput) << where;
    EXPECT_NE(r.status, Status::Unsupported) << where;
    EXPECT_NEAR(r.normal.norm(), 1.0, 1e-9) << where;
    if (std::abs(expected) > tol.band) {
        EXPECT_EQ(r.collide, expected <= 0.0) << where;
    }
    if (t == Task::Boolean) {
        return;
    }
    const double extent = std::max(normal.extent, 1.0);
    const bool separated = expected > tol.band;
    const bool penetrating = expected < -tol.band;
    const bool portal = penetrating && traits.depth == DepthDefinition::PortalDirection;
    if (separated && !traits.exactDistance) {
        EXPECT_GT(r.distance, 0.0) << where; // approximate SDFs: a lower bound with the sign
        EXPECT_LE(r.distance, expected + tol.distance) << where;
        return;
    }
    if (separated) {
        EXPECT_NEAR(r.distance, expected, tol.distance) << where;
    } else if (penetrating && t == Task::Distance) {
        EXPECT_EQ(r.distance, 0.0) << where;
        return; // no depth, no normal
    } else if (penetrating && traits.depth == DepthDefinition::InscribedSphere) {
        EXPECT_LT(r.distance, 0.0) << where;
        EXPECT_GE(r.distance, expected - (traits.exactDistance ? tol.depth : 0.05 * extent))
            << where;
        return; // the ball's normal is no separating direction
    } else if (portal ||
               (penetrating && &s.entry() == &builtins::rtr() && -expected > 0.05 * extent)) {
        EXPECT_LE(r.distance, expected + tol.depth) << where; // depth >= minimum
    } else if (penetrating) {
        EXPECT_NEAR(r.distance, expected, tol.depth) << where;
    } else {
        if (traits.exactDistance && traits.depth == DepthDefinition::MinimumTranslation) {
            // Within a few 1e-9 of contact, double precision limits any GJK distance to about
            // sqrt(eps) times the size of A - B: the termination test compares ||v||^2 with v.w
            // (van den Bergen 1999, Sec. 5, rounding errors), so a curved contact (cylinder rim on
            // a face) may stop as Degenerate there. The bound is the larger of that floor and the
            // tolerances.
            const double floor = std::sqrt(std::numeric_limits<double>::epsilon()) * normal.extent;
            EXPECT_LE(std::abs(r.distance), std::max({tol.distance, tol.depth, floor})) << where;
        }
        return; // contact: the normal is not determined
    }
    const double angle = directionTolerance(s, expected, extent, tol.gjk);
    if (normal.exact && !portal) {
        EXPECT_LE((r.normal - *normal.exact).norm(), std::max(1e-9, angle)) << where;
    }
    if (normal.gap) {
        const double gap = normal.gap(r.normal);
        const double slack = normal.extent * angle;
        const double bound = separated ? expected - tol.distance - slack
                                       : (portal ? r.distance : expected) - tol.depth - slack;
        EXPECT_GE(gap, bound) << where << " (gap of the projections on the normal)";
    }
}

/// Support functions in the world frame (metre): h(u) = max over the shape of dot(x, u).
inline double boxSupport(const Pose& p, const Vec3& he, const Vec3& u) {
    return p.translation.dot(u) + he.dot((p.rotation.conjugate() * u).cwiseAbs());
}
inline double cylinderSupport(const Pose& p, double r, double hh, const Vec3& u) {
    const Vec3 d = p.rotation.conjugate() * u;
    return p.translation.dot(u) + r * std::hypot(d.x(), d.y()) + hh * std::abs(d.z());
}
inline double ellipsoidSupport(const Pose& p, const Vec3& radii, const Vec3& u) {
    return p.translation.dot(u) + radii.cwiseProduct(p.rotation.conjugate() * u).norm();
}

/// gap(n) = -h_B(-n) - h_A(n) from two support functions.
inline GapAlong gapOf(std::function<double(const Vec3&)> ha,
                      std::function<double(const Vec3&)> hb) {
    return [ha = std::move(ha), hb = std::move(hb)](const Vec3& n) { return -hb(-n) - ha(n); };
}

/// The gap certificate of two boxes.
inline NormalCheck boxGap(const Pose& pa, const Vec3& heA, const Pose& pb, const Vec3& heB) {
    return {std::nullopt,
            gapOf([=](const Vec3& u) { return boxSupport(pa, heA, u); },
                  [=](const Vec3& u) { return boxSupport(pb, heB, u); }),
            2.0 * (heA.norm() + heB.norm())};
}

/// Unit cube corners scaled by half extents `he`, as a point list.
inline std::vector<Vec3> boxCorners(const Vec3& he) {
    std::vector<Vec3> pts;
    for (int i = 0; i < 8; ++i) {
        pts.push_back(Vec3((i & 1) ? he.x() : -he.x(), (i & 2) ? he.y() : -he.y(),
                           (i & 4) ? he.z() : -he.z()));
    }
    return pts;
}

inline Shape meshBox(const Vec3& he) {
    return Shape::mesh(ConvexMesh::fromPoints(boxCorners(he)));
}

inline Pose at(const Vec3& t) {
    return Pose(Quat::Identity(), t);
}

inline Quat aboutZ(double angle) {
    return Quat(Eigen::AngleAxisd(angle, Vec3::UnitZ()));
}

} // namespace mk::hardcase
