/// \file test_hard_cases.cpp
/// Failures that users of the peer libraries report in their bug trackers (libccd, FCL, coal,
/// Bullet, MuJoCo), as regression tests for every solver and every warm start. Each test states
/// its reference (analytic or tests/support/Reference.h) and its tolerances; every solver is
/// held to what mk::solverTraits() promises for the pair (Unsupported, approximate distances,
/// its depth definition) and to the accuracy its documentation states (solverTolerances(),
/// directionTolerance()). The GJK solvers run with every sub-distance algorithm (johnson,
/// signed-volume, barycode), each held to the same tolerances.

#include "Reference.h"

#include "minkowski/narrowphase/Collide.h"
#include "minkowski/narrowphase/ConvexMesh.h"
#include "minkowski/narrowphase/WarmStart.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <numbers>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using namespace mk;

namespace {

constexpr std::array kTasks{Task::Boolean, Task::Distance, Task::SignedDistance};

/// Every solver with johnson, then the GJK solvers with the other sub-algorithms.
const std::vector<SolverChoice>& allChoices() {
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
std::string label(const SolverChoice& s, WarmStart w, Task t) {
    return name(s) + "/" + std::string(name(w)) + "/" + std::string(name(t));
}

bool finite(const QueryResult& r) {
    return std::isfinite(r.distance) && r.witnessA.allFinite() && r.witnessB.allFinite() &&
           r.normal.allFinite() && r.separation.allFinite();
}

/// The query at poses (pa, pb) under `warm`; `previous` strategies first query the pair at
/// step t-1 with B moved 1 mm along +x and -y (and update the cache).
QueryResult query(const Shape& a, const Pose& pa, const Shape& b, const Pose& pb,
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
void forEachQuery(
    const Shape& a, const Pose& pa, const Shape& b, const Pose& pb,
    const std::function<void(const SolverChoice&, WarmStart, Task, const QueryResult&, const SolverTraits&)>& fn,
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
std::string num(double x) {
    std::ostringstream os;
    os.precision(17);
    os << x;
    return os.str();
}

std::string str(const QueryResult& r) {
    std::ostringstream os;
    os.precision(17);
    os << "status " << name(r.status) << " collide " << r.collide << " distance " << r.distance
       << " normal " << ref::str(r.normal) << " witnessA " << ref::str(r.witnessA) << " witnessB "
       << ref::str(r.witnessB) << " iterations " << r.iterations << "+" << r.penetrationIterations;
    return os.str();
}

/// Tolerances of a known-answer check (metre).
struct Tolerances {
    double distance = 1e-9;       ///< separated distance
    double depth = 1e-8 + 1e-12;  ///< GJK + EPA penetration depth (EPA tolerance 1e-8 + round-off)
    double band = 1e-9;           ///< |expected| below this: contact, either boolean answer accepted
    double gjk = 1e-8;            ///< the request's relative GJK tolerance eps (for the normal)
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
double directionTolerance(SolverChoice s, double distance, double extent, double eps) {
    if (&s.entry() == &builtins::sdfEllipsoid()) {
        return std::min(2.0, 2.0 * std::sqrt(4.0 * eps * std::max(extent, 1.0) /
                                             std::max(std::abs(distance), 1e-300)));
    }
    return std::sqrt(2.0 * eps);
}

/// The tolerances that apply to solver `s`: sdf-ellipsoid brackets f = d / 2 to Delta = eps L
/// (docs/solvers-optimization.md), so its distances, depths and contact decisions are only
/// within 2 Delta, with L <= `extent` (the sum of the diameters).
Tolerances solverTolerances(SolverChoice s, const Tolerances& given, double extent) {
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
void expectMatches(const SolverTraits& traits, const SolverChoice& choice, WarmStart w, Task t,
                   const QueryResult& r, double expected, const Tolerances& given,
                   const std::string& context, const NormalCheck& normal = {}) {
    const SolverChoice& s = choice;
    const std::string where = label(choice, w, t) + " " + context + ": " + str(r) +
                              ", expected sd " + num(expected);
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
        EXPECT_GE(r.distance, expected - (traits.exactDistance ? tol.depth : 0.05 * extent)) << where;
        return; // the ball's normal is no separating direction
    } else if (portal || (penetrating && &s.entry() == &builtins::rtr() && -expected > 0.05 * extent)) {
        EXPECT_LE(r.distance, expected + tol.depth) << where; // depth >= minimum
    } else if (penetrating) {
        EXPECT_NEAR(r.distance, expected, tol.depth) << where;
    } else {
        if (traits.exactDistance && traits.depth == DepthDefinition::MinimumTranslation) {
            // Within a few 1e-9 of contact, double precision limits any GJK distance to about
            // sqrt(eps) times the size of A - B: the termination test compares ||v||^2 with v.w
            // (van den Bergen 1999, Sec. 5, rounding errors), so a curved contact (cylinder rim on a face) may
            // stop as Degenerate there. The bound is the larger of that floor and the tolerances.
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
double boxSupport(const Pose& p, const Vec3& he, const Vec3& u) {
    return p.translation.dot(u) + he.dot((p.rotation.conjugate() * u).cwiseAbs());
}
double cylinderSupport(const Pose& p, double r, double hh, const Vec3& u) {
    const Vec3 d = p.rotation.conjugate() * u;
    return p.translation.dot(u) + r * std::hypot(d.x(), d.y()) + hh * std::abs(d.z());
}
double ellipsoidSupport(const Pose& p, const Vec3& radii, const Vec3& u) {
    return p.translation.dot(u) + radii.cwiseProduct(p.rotation.conjugate() * u).norm();
}

/// gap(n) = -h_B(-n) - h_A(n) from two support functions.
GapAlong gapOf(std::function<double(const Vec3&)> ha, std::function<double(const Vec3&)> hb) {
    return [ha = std::move(ha), hb = std::move(hb)](const Vec3& n) { return -hb(-n) - ha(n); };
}

/// The gap certificate of two boxes.
NormalCheck boxGap(const Pose& pa, const Vec3& heA, const Pose& pb, const Vec3& heB) {
    return {std::nullopt,
            gapOf([=](const Vec3& u) { return boxSupport(pa, heA, u); },
                  [=](const Vec3& u) { return boxSupport(pb, heB, u); }),
            2.0 * (heA.norm() + heB.norm())};
}

/// Unit cube corners scaled by half extents `he`, as a point list.
std::vector<Vec3> boxCorners(const Vec3& he) {
    std::vector<Vec3> pts;
    for (int i = 0; i < 8; ++i) {
        pts.push_back(Vec3((i & 1) ? he.x() : -he.x(), (i & 2) ? he.y() : -he.y(),
                           (i & 4) ? he.z() : -he.z()));
    }
    return pts;
}

Shape meshBox(const Vec3& he) { return Shape::mesh(ConvexMesh::fromPoints(boxCorners(he))); }

Pose at(const Vec3& t) { return Pose(Quat::Identity(), t); }

Quat aboutZ(double angle) { return Quat(Eigen::AngleAxisd(angle, Vec3::UnitZ())); }

} // namespace

// libccd #25: face-to-face stacked cubes, GJK said "no intersection" with a NaN direction.
// Reference: the gap itself (exact: parallel faces overlap in projection). Boxes and hull cubes,
// centred, offset in x/y, and rotated about z.
TEST(HardCase, StackedCubesFaceToFace) {
    const Vec3 he(0.5, 0.5, 0.5);
    const std::vector<std::pair<std::string, Shape>> cubes{{"box", Shape::box(he)},
                                                           {"mesh", meshBox(he)}};
    const std::vector<std::pair<Vec3, double>> placements{
        {Vec3::Zero(), 0.0}, {Vec3(0.3, -0.2, 0.0), 0.0}, {Vec3(0.1, 0.25, 0.0), 0.5}};
    for (const auto& [nameA, a] : cubes) {
        for (const auto& [nameB, b] : cubes) {
            for (const auto& [offset, angle] : placements) {
                for (double gap : {1e-6, 0.0, -1e-6}) {
                    const Pose pb(aboutZ(angle), offset + Vec3(0, 0, 1.0 + gap));
                    const std::string ctx = nameA + "-" + nameB + " gap " + num(gap) +
                                            " offset " + ref::str(offset);
                    forEachQuery(a, Pose(), b, pb, [&](const SolverChoice& s, WarmStart w, Task t, const QueryResult& r, const SolverTraits& traits) {
                        expectMatches(traits, s, w, t, r, gap, {}, ctx, {Vec3::UnitZ(), nullptr, 2.0 * std::sqrt(3.0)});
                        if (gap == 0.0 && traits.supported) {
                            EXPECT_TRUE(r.collide) << label(s, w, t) << " " << ctx << ": " << str(r);
                        }
                    });
                }
            }
        }
    }
}

// Touching vertex to vertex: two cubes balanced on a corner, tip to tip along z. Reference:
// mk::ref::signedDistance of the two box polytopes (exact).
TEST(HardCase, VertexVertexContact) {
    const Vec3 he(0.5, 0.5, 0.5);
    // Rotation taking the diagonal (1,1,1)/sqrt(3) to +z (A's top corner), and to -z (B's bottom).
    const Quat up = Quat::FromTwoVectors(Vec3(1, 1, 1).normalized(), Vec3::UnitZ());
    const Quat down = Quat::FromTwoVectors(Vec3(1, 1, 1).normalized(), -Vec3::UnitZ());
    const double tip = std::sqrt(3.0) * 0.5;
    for (const Shape& a : {Shape::box(he), meshBox(he)}) {
        for (double gap : {1e-6, 0.0, -1e-6}) {
            const Pose pa(up, Vec3::Zero());
            const Pose pb(aboutZ(0.3) * down, Vec3(0, 0, 2 * tip + gap));
            const double expected =
                ref::signedDistance(ref::boxBody(pa, he), ref::boxBody(pb, he)).value;
            const std::string ctx = std::string(shapeTypeName(a.type())) + " gap " + num(gap);
            forEachQuery(a, pa, Shape::box(he), pb, [&](const SolverChoice& s, WarmStart w, Task t, const QueryResult& r, const SolverTraits& traits) {
                expectMatches(traits, s, w, t, r, expected, {}, ctx, boxGap(pa, he, pb, he));
            });
        }
    }
}

// FCL #395: EPA on a zero-area triangle, thin box (0.01 thick) against a small box. 300 random
// poses of a 0.1 m box around a 1 x 1 x 0.01 m plate. Reference: ref::boxBox (exact SAT);
// tolerances 1e-9 m on distances, 1e-8 m on depths.
TEST(HardCase, ThinBoxAgainstSmallBox) {
    std::mt19937_64 rng(3001);
    const Vec3 plate(0.5, 0.5, 0.005);
    const Vec3 small(0.05, 0.05, 0.05);
    int overlapping = 0;
    int separated = 0;
    for (int i = 0; i < 300; ++i) {
        const Pose pa(ref::randomRotation(rng), ref::randomVec(rng, -0.1, 0.1));
        const Vec3 local(ref::uniform(rng, -0.6, 0.6), ref::uniform(rng, -0.6, 0.6),
                         ref::uniform(rng, -0.1, 0.1));
        const Pose pb(ref::randomRotation(rng), pa.apply(local));
        const double expected = ref::boxBox(pa, plate, pb, small).value;
        (expected <= 0.0 ? overlapping : separated)++;
        for (const SolverChoice& s : allChoices()) {
            for (Task t : kTasks) {
                const QueryResult r = query(Shape::box(plate), pa, Shape::box(small), pb, s, WarmStart::Obb, t);
                expectMatches(solverTraits(s, Shape::box(plate), Shape::box(small)), s, WarmStart::Obb,
                              t, r, expected, {}, "pose " + ref::str(pb),
                              boxGap(pa, plate, pb, small));
            }
        }
    }
    EXPECT_GE(overlapping, 60);
    EXPECT_GE(separated, 60);
}

// FCL #495: GJK said touching while EPA said separated for near-kissing boxes. The boolean, the
// distance and the signed-distance answers of each solver must agree with each other, and with
// the exact gap outside a 1e-9 m band.
//
// Regression (fixed): MPR's Task::Boolean disagreed with its own Distance and SignedDistance
// answers at contact. A = box(0.4, 0.3, 0.2) at the identity, B = box(0.1, 0.2, 0.15) at
// translation (0.1, -0.05, 0.35 + 1e-11), identity rotation, any warm start: mpr/boolean gave
// separated-early-exit, collide false, distance 1e-11; mpr/distance overlapping, collide true;
// mpr/signed-distance touching, collide true (same with B tilted 1e-3 rad about x, gap 0 and
// 1e-11), while the GJK solvers answered collide = true in all three tasks.
TEST(HardCase, NearKissingBoxesAgreeAcrossTasks) {
    const Vec3 heA(0.4, 0.3, 0.2);
    const Vec3 heB(0.1, 0.2, 0.15);
    for (double tilt : {0.0, 1e-3}) {
        for (double gap : {1e-3, 1e-5, 1e-7, 1e-8, 1e-9, 1e-11, 0.0, -1e-11, -1e-9, -1e-8, -1e-7, -1e-5}) {
            // B rests on A's top face, slightly rotated about x by `tilt` (lowest edge at gap).
            const Quat q(Eigen::AngleAxisd(tilt, Vec3::UnitX()));
            const double drop = heB.y() * std::sin(tilt) + heB.z() * std::cos(tilt);
            const Pose pb(q, Vec3(0.1, -0.05, heA.z() + drop + gap));
            const double expected = ref::boxBox(Pose(), heA, pb, heB).value;
            for (const SolverChoice& s : allChoices()) {
                const SolverTraits traits = solverTraits(s, Shape::box(heA), Shape::box(heB));
                for (WarmStart w : allWarmStarts()) {
                    const QueryResult rb = query(Shape::box(heA), Pose(), Shape::box(heB), pb, s, w, Task::Boolean);
                    const QueryResult rd = query(Shape::box(heA), Pose(), Shape::box(heB), pb, s, w, Task::Distance);
                    const QueryResult rs = query(Shape::box(heA), Pose(), Shape::box(heB), pb, s, w, Task::SignedDistance);
                    const std::string ctx = std::string(name(s)) + "/" + std::string(name(w)) +
                                            " gap " + num(gap) + " tilt " + num(tilt) +
                                            ": boolean " + str(rb) + " | distance " + str(rd) +
                                            " | signed " + str(rs);
                    const NormalCheck gapCheck = boxGap(Pose(), heA, pb, heB);
                    expectMatches(traits, s, w, Task::Boolean, rb, expected, {}, ctx, gapCheck);
                    expectMatches(traits, s, w, Task::Distance, rd, expected, {}, ctx, gapCheck);
                    expectMatches(traits, s, w, Task::SignedDistance, rs, expected, {}, ctx, gapCheck);
                    if (!traits.supported) {
                        continue;
                    }
                    EXPECT_EQ(rb.collide, rd.collide) << ctx;
                    EXPECT_EQ(rb.collide, rs.collide) << ctx;
                    // collide == (distance <= 0), except Touching: |distance| <= absoluteTolerance
                    // counts as contact (Query.h).
                    EXPECT_TRUE(rs.collide == (rs.distance <= 0.0) || rs.status == Status::Touching) << ctx;
                    EXPECT_TRUE(rd.collide == (rd.distance <= 0.0) || rd.status == Status::Touching) << ctx;
                }
            }
        }
    }
}

// FCL #545: wrong normal and sqrt(3)-times depth on a convex cube pair: unit hull cubes offset
// along the diagonal by (1 - delta) on every axis overlap by delta on each axis; the penetration
// depth is delta along a face normal, not sqrt(3) delta along the diagonal.
//
// MPR's depth is by definition the depth along its portal direction (DepthDefinition::
// PortalDirection): here the ray from the interior point through the origin meets A - B at its
// corner, so MPR reports sqrt(3) delta along the diagonal, which does separate the cubes. The
// bound below is for the solvers that promise the minimum translation distance (GJK + EPA); MPR is
// held to its own promise: depth >= delta and moving B along its normal separates.
TEST(HardCase, CubePairDepthIsNotSqrt3Times) {
    const Vec3 he(0.5, 0.5, 0.5);
    for (double delta : {0.3, 0.1, 0.01, 1e-4}) {
        const Pose pb = at(Vec3::Constant(1.0 - delta));
        for (const Shape& a : {meshBox(he), Shape::box(he)}) {
            forEachQuery(a, Pose(), meshBox(he), pb, [&](const SolverChoice& s, WarmStart w, Task t, const QueryResult& r, const SolverTraits& traits) {
                const std::string ctx = "delta " + num(delta);
                expectMatches(traits, s, w, t, r, -delta, {}, ctx, boxGap(Pose(), he, pb, he));
                if (t == Task::SignedDistance && traits.supported &&
                    traits.depth != DepthDefinition::InscribedSphere) {
                    if (traits.depth == DepthDefinition::MinimumTranslation) {
                        // The exact depth (GJK + EPA), never the diagonal's.
                        EXPECT_LT(-r.distance, 1.5 * delta) << label(s, w, t) << " " << ctx << ": " << str(r);
                    } else {
                        EXPECT_GE(-r.distance, delta * (1.0 - 1e-9)) << label(s, w, t) << " " << ctx << ": " << str(r);
                    }
                    // Moving B by the depth (+1e-9) along the normal separates.
                    const Pose moved = at(pb.translation + (-r.distance + 1e-9) * r.normal);
                    EXPECT_GT(ref::boxBox(Pose(), he, moved, he).value, 0.0)
                        << label(s, w, t) << " " << ctx << ": " << str(r);
                }
            });
        }
    }
}

namespace {

/// Height of the lowest point of a cylinder (radius r, half height h) whose axis is `axis`
/// (unit, world) above its centre: h |a_z| + r sqrt(1 - a_z^2).
double cylinderDrop(double r, double h, const Vec3& axis) {
    return h * std::abs(axis.z()) + r * std::sqrt(std::max(0.0, 1.0 - axis.z() * axis.z()));
}

} // namespace

// coal #37: GJK did not converge for a cylinder and a box very close together. A tilted cylinder
// above the top face (z = 0.5) of a 2 x 2 x 1 box, its lowest point at z = 0.5 + gap over the
// face's interior: the exact signed distance is the gap (the face is flat and large).
TEST(HardCase, CylinderAndBoxAlmostTouching) {
    std::mt19937_64 rng(3002);
    const Shape box = Shape::box(Vec3(1.0, 1.0, 0.5));
    const Shape cylinder = Shape::cylinder(0.1, 0.2);
    for (int i = 0; i < 12; ++i) {
        Quat q = ref::randomRotation(rng);
        if (i == 0) {
            q = Quat::Identity(); // standing: flat bottom face on the box
        } else if (i == 1) {
            q = Quat(Eigen::AngleAxisd(std::numbers::pi / 2, Vec3::UnitX())); // lying: line contact
        }
        const Vec3 axis = q * Vec3::UnitZ();
        for (double gap : {1e-3, 1e-5, 1e-7, 1e-9, 0.0, -1e-9, -1e-7, -1e-5, -1e-3}) {
            const Vec3 xy(ref::uniform(rng, -0.4, 0.4), ref::uniform(rng, -0.4, 0.4), 0.0);
            const Pose pb(q, xy + Vec3(0, 0, 0.5 + gap + cylinderDrop(0.1, 0.2, axis)));
            const std::string ctx = "cylinder at " + ref::str(pb);
            forEachQuery(box, Pose(), cylinder, pb, [&](const SolverChoice& s, WarmStart w, Task t, const QueryResult& r, const SolverTraits& traits) {
                expectMatches(traits, s, w, t, r, gap, {}, ctx,
                              {std::nullopt,
                               gapOf([](const Vec3& u) { return boxSupport(Pose(), Vec3(1.0, 1.0, 0.5), u); },
                                     [&](const Vec3& u) { return cylinderSupport(pb, 0.1, 0.2, u); }),
                               2.0 * (Vec3(1.0, 1.0, 0.5).norm() + std::hypot(0.1, 0.2))});
            });
        }
    }
}

// Cylinder and box at random poses (libccd #7 / FCL #319: EPA loops on cylinders). Reference:
// inscribed and circumscribed 96-gon prisms bracket the cylinder (gap r / cos(pi/96) - r =
// 5.4e-4 r), so the true signed distance lies in [sd(circumscribed), sd(inscribed)]. Checked:
// the answer lies in the bracket (tolerance 1e-8 m), boolean outside it, finite, no MaxIterations.
TEST(HardCase, CylinderBoxBracketedByPrisms) {
    std::mt19937_64 rng(3003);
    const double r = 0.2;
    const double h = 0.3;
    const int n = 96;
    const ref::Polytope inner = ref::cylinderPolytope(r, h, n);
    const ref::Polytope outer = ref::cylinderPolytope(r / std::cos(std::numbers::pi / n), h, n);
    int overlapping = 0;
    int separated = 0;
    for (int i = 0; i < 30; ++i) {
        const Vec3 he = ref::randomVec(rng, 0.05, 0.4);
        const Pose pa(ref::randomRotation(rng), Vec3::Zero());
        const Quat qb = ref::randomRotation(rng);
        const ref::Placement placed = ref::placeAt(ref::boxBody(pa, he), inner, 0.0, qb, ref::randomUnit(rng),
                                                   Vec3::Zero(), ref::uniform(rng, -0.08, 0.05));
        const Pose pb(qb, placed.translation);
        const ref::Body boxBody = ref::boxBody(pa, he);
        const double hi = placed.expected.value; // inscribed prism: sd >= true
        const double lo = ref::signedDistance(boxBody, ref::Body{ref::transformed(outer, pb), 0.0}).value;
        ASSERT_LE(lo, hi + 1e-12);
        (hi <= 0.0 ? overlapping : separated)++;
        for (const SolverChoice& s : allChoices()) {
            const SolverTraits traits = solverTraits(s, Shape::box(he), Shape::cylinder(r, h));
            for (Task t : kTasks) {
                const QueryResult res = query(Shape::box(he), pa, Shape::cylinder(r, h), pb, s, WarmStart::Obb, t);
                const std::string ctx = label(s, WarmStart::Obb, t) + " box " + ref::str(he) + " at " +
                                        ref::str(pa) + ", cylinder at " + ref::str(pb) + ": " + str(res) +
                                        ", bracket [" + num(lo) + ", " + num(hi) + "]";
                if (!traits.supported) {
                    EXPECT_EQ(res.status, Status::Unsupported) << ctx;
                    continue;
                }
                ASSERT_TRUE(finite(res)) << ctx;
                EXPECT_NE(res.status, Status::MaxIterations) << ctx;
                if (lo > 0.0 || hi < 0.0) {
                    EXPECT_EQ(res.collide, hi <= 0.0) << ctx;
                }
                if (t != Task::SignedDistance) {
                    continue;
                }
                const bool deep = hi < 0.0;
                // Depth definitions (Collide.h): portal >= minimum, inscribed ball <= minimum.
                if (!(deep && traits.depth == DepthDefinition::PortalDirection)) {
                    EXPECT_GE(res.distance, lo - 1e-8) << ctx;
                }
                if (!(deep && traits.depth == DepthDefinition::InscribedSphere)) {
                    EXPECT_LE(res.distance, hi + 1e-8) << ctx;
                }
            }
        }
    }
    EXPECT_GE(overlapping, 8);
    EXPECT_GE(separated, 8);
}

// Cylinder-cylinder penetration with exact answers: parallel axes side by side (depth
// r1 + r2 - d, smaller than the axial overlap), coaxial stacked (depth = axial overlap), and
// crossed at right angles (depth r1 + r2 - dz along z). Tolerances 1e-9 / 1e-8 m.
TEST(HardCase, CylinderCylinderPenetration) {
    const Shape c1 = Shape::cylinder(0.3, 0.5);
    const Shape c2 = Shape::cylinder(0.2, 0.4);
    const Quat tiltAll(Eigen::AngleAxisd(0.7, Vec3(1, 2, 3).normalized())); // rotate the whole scene
    struct Config {
        std::string what;
        Pose pa;
        Pose pb;
        double expected;
    };
    std::vector<Config> configs;
    for (double d : {0.6, 0.49, 0.45, 0.3}) { // side by side: centres d apart along x
        configs.push_back({"side by side d=" + num(d), Pose(), at(Vec3(d, 0, 0.05)), d - 0.5});
    }
    for (double dz : {0.95, 0.9, 0.89, 0.8}) { // stacked on the axis: overlap 0.9 - dz
        configs.push_back({"stacked dz=" + num(dz), Pose(), at(Vec3(0.01, 0, dz)), dz - 0.9});
    }
    const Quat alongX(Eigen::AngleAxisd(std::numbers::pi / 2, Vec3::UnitY()));
    const Quat alongY(Eigen::AngleAxisd(std::numbers::pi / 2, Vec3::UnitX()));
    for (double dz : {0.55, 0.5, 0.45, 0.35}) { // crossed: A along x, B along y, dz apart
        configs.push_back({"crossed dz=" + num(dz), Pose(alongX, Vec3::Zero()),
                           Pose(alongY, Vec3(0, 0, dz)), dz - 0.5});
    }
    for (const Config& c : configs) {
        const Pose pa(tiltAll * c.pa.rotation, tiltAll * c.pa.translation);
        const Pose pb(tiltAll * c.pb.rotation, tiltAll * c.pb.translation);
        forEachQuery(c1, pa, c2, pb, [&](const SolverChoice& s, WarmStart w, Task t, const QueryResult& r, const SolverTraits& traits) {
            expectMatches(traits, s, w, t, r, c.expected, {}, c.what,
                          {std::nullopt,
                           gapOf([&](const Vec3& u) { return cylinderSupport(pa, 0.3, 0.5, u); },
                                 [&](const Vec3& u) { return cylinderSupport(pb, 0.2, 0.4, u); }),
                           2.0 * (std::hypot(0.3, 0.5) + std::hypot(0.2, 0.4))});
        });
    }
}

// Shapes 1e-3 against 1e3 in size. Tolerances relative to the small size (1e-6 of 1e-3 m on
// distances, 1e-5 on depths) plus round-off of the large coordinates (1e-12 of 1e3 m).
// Reference: ref::boxBox / ref::boxSphere (exact), a small box or sphere near the big box's top
// face, edge and corner, in both argument orders. (Reference checked independently: the same
// pair translated next to a unit box at the origin, and the CSO hull, agree to 1e-14 m.)
//
// Regressions (fixed; default request, warm start none unless said):
// 1. A = box(1e-3, 1e-3, 1e-3) at Pose(Quat(0.43727044553917371, 0.50104633645455809,
//    0.090527856284352559, 0.7413176332854885), Vec3(1000.0008625734501, 0, 1000.0008625734501)),
//    B = box(1e3, 1e3, 1e3) at the identity: true sd -8.5455e-5 (penetrating at B's edge).
//    gjk, gjk-polyak, gjk-nesterov, gjk-nesterov-normalized (boolean and signed-distance):
//    separated, collide false, distance +1.87e-6. (mpr: correct.)
// 2. A = box(1e3, 1e3, 1e3) at the identity, B = box(1e-3, 1e-3, 1e-3) at Pose(Quat(
//    0.88662233509761001, 0.44359040115856507, 0.12239771795406583, 0.046337776658807485),
//    Vec3(1000.0012251141969, 0, 1000.0012251141969)): true sd +2.1668e-5 (separated). All five
//    solvers: overlapping / touching, collide true, distance 0.
// 3. With obb / previous / transformed-previous guesses several more configurations end in
//    status degenerate with collide false and distances 3.8e-4 .. 8.5e-4 where the truth is
//    -1e-6 or +1e-6 (e.g. A = big box, B = small box at Pose(Quat(0.48460605155891884,
//    -0.40374431926008886, 0.72776724352435518, 0.2692625831983419), Vec3(0, 0,
//    1000.0013077036647)), true sd -1e-6, gjk-polyak/obb: degenerate, distance 8.48e-4).
TEST(HardCase, ScaleDisparity1e3) {
    std::mt19937_64 rng(3004);
    const Vec3 big(1e3, 1e3, 1e3);
    const Vec3 small(1e-3, 1e-3, 1e-3);
    const Tolerances tol{2e-9, 1.1e-8, 1e-9}; // 1e-6 x 1e-3 + 1e-12 x 1e3; EPA's 1e-8 + 1e-9
    const std::vector<Vec3> spots{Vec3(0, 0, 1e3), Vec3(1e3, 0, 1e3), Vec3(1e3, 1e3, 1e3), Vec3(3.7, -250, 1e3)};
    for (const Vec3& spot : spots) {
        for (double gap : {1e-4, 1e-6, -1e-6, -1e-4}) {
            const Quat q = ref::randomRotation(rng);
            // Push the small box out from the spot along the outward diagonal of its features.
            Vec3 out = Vec3::Zero();
            for (int k = 0; k < 3; ++k) {
                out[k] = std::abs(spot[k]) >= 1e3 ? 1.0 : 0.0;
            }
            out.normalize();
            const Pose pb(q, spot + (gap + ref::boxPolytope(small).support(q.conjugate() * -out) * 1.0) * out);
            const double expected = ref::boxBox(Pose(), big, pb, small).value;
            const double expectedReverse = ref::boxBox(pb, small, Pose(), big).value;
            const std::string ctx = "small box at " + ref::str(pb) + " (spot " + ref::str(spot) + ")";
            forEachQuery(Shape::box(big), Pose(), Shape::box(small), pb,
                         [&](const SolverChoice& s, WarmStart w, Task t, const QueryResult& r, const SolverTraits& traits) {
                             expectMatches(traits, s, w, t, r, expected, tol, ctx, boxGap(Pose(), big, pb, small));
                         });
            forEachQuery(Shape::box(small), pb, Shape::box(big), Pose(),
                         [&](const SolverChoice& s, WarmStart w, Task t, const QueryResult& r, const SolverTraits& traits) {
                             expectMatches(traits, s, w, t, r, expectedReverse, tol, "reversed " + ctx,
                                           boxGap(pb, small, Pose(), big));
                         });
            const Vec3 centre = spot + (gap + 1e-3) * out;
            const double sphere = ref::boxSphere(Pose(), big, centre, 1e-3).value;
            forEachQuery(Shape::box(big), Pose(), Shape::sphere(1e-3), at(centre),
                         [&](const SolverChoice& s, WarmStart w, Task t, const QueryResult& r, const SolverTraits& traits) {
                             expectMatches(traits, s, w, t, r, sphere, tol, "sphere at " + ref::str(centre),
                                           {std::nullopt,
                                            gapOf([&](const Vec3& u) { return boxSupport(Pose(), big, u); },
                                                  [&](const Vec3& u) { return centre.dot(u) + 1e-3; }),
                                            2.0 * (big.norm() + 1e-3)});
                         });
        }
    }
}

// Duplicated and coplanar hull points: cube corners three times over, face centres, edge
// midpoints and interior points. The hull must be the cube (8 vertices, 12 triangles, volume 1),
// and queries against it must match the box reference.
TEST(HardCase, DuplicatedAndCoplanarHullPoints) {
    std::vector<Vec3> pts;
    for (const Vec3& c : boxCorners(Vec3::Constant(0.5))) {
        pts.insert(pts.end(), {c, c, c, 0.5 * c, 0.999 * c});
    }
    for (int axis = 0; axis < 3; ++axis) {
        for (double side : {-0.5, 0.5}) {
            Vec3 face = Vec3::Zero();
            face[axis] = side;
            pts.push_back(face);
            pts.push_back(face + Vec3::Constant(0.1).cwiseProduct(Vec3::Ones() - Vec3::Unit(axis)));
            Vec3 edge = Vec3::Constant(side);
            edge[axis] = 0.2;
            pts.push_back(edge);
        }
    }
    const auto mesh = ConvexMesh::fromPoints(pts);
    EXPECT_EQ(mesh->vertices().size(), 8u);
    EXPECT_EQ(mesh->triangles().size(), 12u);
    EXPECT_NEAR(mesh->volume(), 1.0, 1e-12);
    for (const Vec3& v : mesh->vertices()) {
        EXPECT_NEAR(v.cwiseAbs().minCoeff(), 0.5, 1e-15) << ref::str(v);
    }
    const ref::Polytope brute = ref::hull(mesh->vertices());
    EXPECT_EQ(brute.faces.size(), 6u);

    // Random hulls with every point duplicated and extra points on hull edges: the mesh's vertex
    // set equals the brute-force hull's.
    std::mt19937_64 rng(3005);
    for (int trial = 0; trial < 20; ++trial) {
        std::vector<Vec3> cloud;
        for (int i = 0; i < 12; ++i) {
            cloud.push_back(ref::randomVec(rng, -0.5, 0.5));
        }
        const ref::Polytope truth = ref::hull(cloud);
        std::vector<Vec3> noisy = cloud;
        noisy.insert(noisy.end(), cloud.begin(), cloud.end());
        for (const auto& e : truth.edges) {
            noisy.push_back(0.5 * (truth.vertices[static_cast<size_t>(e[0])] + truth.vertices[static_cast<size_t>(e[1])]));
        }
        const auto m = ConvexMesh::fromPoints(noisy);
        ASSERT_EQ(m->vertices().size(), truth.vertices.size()) << "trial " << trial;
        for (const Vec3& v : m->vertices()) {
            EXPECT_TRUE(std::any_of(truth.vertices.begin(), truth.vertices.end(),
                                    [&](const Vec3& t) { return (t - v).norm() <= 1e-12; }))
                << "trial " << trial << " vertex " << ref::str(v);
        }
        EXPECT_NEAR(m->volume(), truth.volume(), 1e-12);
    }

    const Shape cube = Shape::mesh(mesh);
    for (int i = 0; i < 20; ++i) {
        const Pose pb(ref::randomRotation(rng), ref::randomUnit(rng) * ref::uniform(rng, 0.6, 1.4));
        const Vec3 heB(0.2, 0.1, 0.15);
        const double expected = ref::boxBox(Pose(), Vec3::Constant(0.5), pb, heB).value;
        forEachQuery(cube, Pose(), Shape::box(heB), pb, [&](const SolverChoice& s, WarmStart w, Task t, const QueryResult& r, const SolverTraits& traits) {
            expectMatches(traits, s, w, t, r, expected, {1e-9, 1e-8 + 1e-12, 1e-9}, "box at " + ref::str(pb),
                          boxGap(Pose(), Vec3::Constant(0.5), pb, heB));
        });
    }
}

// Bullet #1703: positive penetration reported for a 128 x 1 x 128 box with zero margin. A 1 m
// cube (box or hull) rests on the slab's top face y = 0.5, over the middle and near the edge;
// the signed distance must be the gap, sign included. Tolerances 1e-9 / 1e-8 m.
TEST(HardCase, LargeSlabWithSmallBoxResting) {
    const Vec3 slab(64.0, 0.5, 64.0);
    const Vec3 cube(0.5, 0.5, 0.5);
    for (const Shape& a : {Shape::box(slab), meshBox(slab)}) {
        for (const Shape& b : {Shape::box(cube), meshBox(cube)}) {
            for (const Vec3& xz : {Vec3(0, 0, 0), Vec3(63.0, 0, -20.0), Vec3(-10.25, 0, 62.9)}) {
                for (double angle : {0.0, 0.3}) {
                    for (double gap : {1e-3, 1e-6, 0.0, -1e-6, -1e-3, -0.01}) {
                        const Pose pb(Quat(Eigen::AngleAxisd(angle, Vec3::UnitY())), xz + Vec3(0, 1.0 + gap, 0));
                        const std::string ctx = std::string(shapeTypeName(a.type())) + " slab, " +
                                                std::string(shapeTypeName(b.type())) + " at " + ref::str(pb);
                        forEachQuery(a, Pose(), b, pb, [&](const SolverChoice& s, WarmStart w, Task t, const QueryResult& r, const SolverTraits& traits) {
                            expectMatches(traits, s, w, t, r, gap, {}, ctx,
                                          {Vec3::UnitY(), nullptr, 2.0 * (slab.norm() + cube.norm())});
                        });
                    }
                }
            }
        }
    }
}

// coal's EPA returned -DBL_MAX on two ellipsoids at tolerance 1e-10. Two ellipsoids with the same
// orientation, offset along their common smallest axis z: the support along z realises the
// bound h(u) >= c_z for unit u, so the signed distance is exactly dz - (cA + cB) (both signs).
// Requested tolerances 1e-10; checked to 1e-8 m, finite, no MaxIterations.
//
// Regression (fixed): gjk-polyak did not stop when the tolerance was below round-off. Radii
// (0.5, 0.3, 0.2) at translation (0.1, 0.2, -0.3) and (0.4, 0.35, 0.25) at (0.1, 0.2, 0.15 +
// 1e-7), identity rotations, tolerance = penetrationTolerance = 1e-10, warm start `previous`
// (step t-1: B 1 mm away along (1, -1, 0)): the distance 1.0000000005e-7 was right but the
// status was max-iterations after 128 iterations, where vanilla GJK and the other variants
// stopped.
TEST(HardCase, EllipsoidsAtTolerance1e10) {
    const Vec3 ra(0.5, 0.3, 0.2);
    const Vec3 rb(0.4, 0.35, 0.25);
    QueryRequest base;
    base.tolerance = 1e-10;
    base.penetrationTolerance = 1e-10;
    std::mt19937_64 rng(3006);
    for (const Quat& q : {Quat::Identity(), ref::randomRotation(rng)}) {
        for (double dz : {0.6, 0.46, 0.45 + 1e-7, 0.45 - 1e-7, 0.44, 0.4, 0.3, 0.1}) {
            const Pose pa(q, Vec3(0.1, 0.2, -0.3));
            const Pose pb(q, pa.translation + q * Vec3(0, 0, dz));
            const double expected = dz - 0.45;
            forEachQuery(Shape::ellipsoid(ra), pa, Shape::ellipsoid(rb), pb,
                         [&](const SolverChoice& s, WarmStart w, Task t, const QueryResult& r, const SolverTraits& traits) {
                             expectMatches(traits, s, w, t, r, expected, {1e-8, 1e-8, 1e-9, 1e-10}, "dz " + num(dz),
                                           {std::nullopt,
                                            gapOf([&](const Vec3& u) { return ellipsoidSupport(pa, ra, u); },
                                                  [&](const Vec3& u) { return ellipsoidSupport(pb, rb, u); }),
                                            2.0 * (ra.maxCoeff() + rb.maxCoeff())});
                         },
                         base);
        }
    }
}

// MuJoCo #3383: separated convex meshes reported at distance 0 (103 of 3000 poses). 3000 random
// poses of two separated hulls (16 and 24 points) at reference distances log-uniform in
// [1e-5, 0.5] m: every solver must report them separated, at the reference distance within
// 1e-6 m (relative 1e-6 of the 1 m scale), never 0. The GJK solvers with signed-volume and
// barycode run on every third pose.
TEST(HardCase, SeparatedMeshesNeverAtZeroDistance) {
    std::mt19937_64 rng(3007);
    auto randomHull = [&](int n, double half) {
        std::vector<Vec3> pts;
        for (int i = 0; i < n; ++i) {
            pts.push_back(ref::randomVec(rng, -half, half));
        }
        return Shape::mesh(ConvexMesh::fromPoints(pts));
    };
    const Shape a = randomHull(16, 0.3);
    const Shape b = randomHull(24, 0.2);
    const ref::Polytope coreA = ref::hull(a.convexMesh()->vertices());
    const ref::Polytope coreB = ref::hull(b.convexMesh()->vertices());
    int checked = 0;
    int near = 0; // reference distance below 1e-2 m
    double smallest = ref::kInf;
    for (int i = 0; i < 3000; ++i) {
        const Pose pa(ref::randomRotation(rng), ref::randomVec(rng, -0.5, 0.5));
        const Quat qb = ref::randomRotation(rng);
        const ref::Body bodyA{ref::transformed(coreA, pa), 0.0};
        const ref::Polytope rotatedB = ref::transformed(coreB, Pose(qb, Vec3::Zero()));
        // B pushed along a random axis u from where the centres coincide until the projections
        // on u are `target` apart (separated by >= target); then moved back along the reference
        // normal by (sd - target): moving a point toward its closest point of a convex set keeps
        // that closest point, so the reference distance becomes the target.
        const Vec3 u = ref::randomUnit(rng);
        const double target = std::pow(10.0, ref::uniform(rng, -5.0, std::log10(0.5)));
        const Vec3 start = ref::coreCentre(bodyA.core) - ref::coreCentre(rotatedB);
        const double travel = bodyA.core.support(u) + target + rotatedB.support(-u) - u.dot(start);
        auto bodyAt = [&](const Vec3& t) { return ref::Body{ref::transformed(rotatedB, Pose(Quat::Identity(), t)), 0.0}; };
        const ref::SignedDistance first = ref::signedDistance(bodyA, bodyAt(start + travel * u));
        ASSERT_GE(first.value, target * (1 - 1e-9));
        const Pose pb(qb, start + travel * u - (first.value - target) * first.normal);
        const double expected = ref::signedDistance(bodyA, bodyAt(pb.translation)).value;
        EXPECT_NEAR(expected, target, 1e-9 + 1e-6 * target);
        ASSERT_GT(expected, 0.0);
        smallest = std::min(smallest, expected);
        near += expected < 1e-2;
        for (const SolverChoice& s : allChoices()) {
            if (name(s).find("subalgo") != std::string::npos && i % 3 != 0) {
                continue; // signed-volume and barycode: every third pose (1000 poses)
            }
            const SolverTraits traits = solverTraits(s, a, b);
            for (Task t : kTasks) {
                const QueryResult r = query(a, pa, b, pb, s, WarmStart::Obb, t);
                const std::string ctx = label(s, WarmStart::Obb, t) + " A at " + ref::str(pa) + ", B at " +
                                        ref::str(pb) + ": " + str(r) + ", expected " + num(expected);
                ++checked;
                EXPECT_FALSE(r.collide) << ctx;
                if (!traits.supported) {
                    EXPECT_EQ(r.status, Status::Unsupported) << ctx;
                    continue;
                }
                EXPECT_GT(r.distance, 0.0) << ctx;
                if (t != Task::Boolean && traits.exactDistance) {
                    EXPECT_NEAR(r.distance, expected, 1e-6) << ctx;
                } else if (t != Task::Boolean) {
                    EXPECT_LE(r.distance, expected + 1e-6) << ctx; // approximate SDF: lower bound
                }
            }
        }
    }
    const int extra = static_cast<int>(allChoices().size() - builtinSolvers().size());
    EXPECT_EQ(checked, (3000 * static_cast<int>(builtinSolvers().size()) + 1000 * extra) * 3);
    EXPECT_LT(smallest, 2e-5); // the near-contact range was reached
    EXPECT_GE(near, 900);      // about 5/8 of the log-uniform range lies below 1e-2
}
