/// Tests of mk::collide and the warm starts (WarmStart.h) against analytic references: spheres,
/// sphere-box (closest point by clamping), boxes (face-face distance, separating-axis theorem),
/// capsules (segment-segment distance), and cross-checks between solvers and tasks.

#include "Random.h"
#include "minkowski/narrowphase/Collide.h"
#include "minkowski/narrowphase/ConvexMesh.h"
#include "minkowski/narrowphase/WarmStart.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <random>
#include <vector>

using namespace mk;

namespace {

using ref::randomRotation;
using ref::randomUnit;
using ref::uniform;

const std::array<SolverChoice, 4> kGjkSolvers{builtins::gjk(), builtins::gjkPolyak(),
                                              builtins::gjkNesterov(),
                                              builtins::gjkNesterovNormalized()};
/// The Minkowski-difference solvers these tests hold to exact references (the optimisation
/// solvers sdf-ellipsoid and rtr have their own tests and traits).
const std::array<SolverChoice, 5> kSolvers{builtins::gjk(), builtins::gjkPolyak(),
                                           builtins::gjkNesterov(),
                                           builtins::gjkNesterovNormalized(), builtins::mpr()};

QueryRequest request(SolverChoice solver, Task task, const Vec3& guess = Vec3::UnitX()) {
    QueryRequest q;
    q.solver = solver;
    q.task = task;
    q.initialGuess = guess;
    return q;
}

void expectVecNear(const Vec3& actual, const Vec3& expected, double tol, const char* what) {
    EXPECT_LT((actual - expected).norm(), tol)
        << what << ": " << actual.transpose() << " vs " << expected.transpose();
}

/// Closest points of segments [p1, q1] and [p2, q2] (Ericson, Real-Time Collision Detection,
/// Sec. 5.1.9), the reference for capsules.
std::pair<Vec3, Vec3> closestSegmentSegment(const Vec3& p1, const Vec3& q1, const Vec3& p2,
                                            const Vec3& q2) {
    const Vec3 d1 = q1 - p1, d2 = q2 - p2, r = p1 - p2;
    const double a = d1.squaredNorm(), e = d2.squaredNorm(), f = d2.dot(r);
    const double c = d1.dot(r), b = d1.dot(d2), denom = a * e - b * b;
    double s = denom > 1e-14 * a * e ? std::clamp((b * f - c * e) / denom, 0.0, 1.0) : 0.0;
    double t = (b * s + f) / e;
    if (t < 0.0) {
        t = 0.0;
        s = std::clamp(-c / a, 0.0, 1.0);
    } else if (t > 1.0) {
        t = 1.0;
        s = std::clamp((b - c) / a, 0.0, 1.0);
    }
    return {p1 + s * d1, p2 + t * d2};
}

/// Largest gap over the 15 axes of the separating-axis theorem (> 0 iff the boxes are disjoint).
double satGap(const Vec3& ha, const Pose& pa, const Vec3& hb, const Pose& pb) {
    const Mat3 ra = pa.rotation.toRotationMatrix(), rb = pb.rotation.toRotationMatrix();
    std::vector<Vec3> axes;
    for (int i = 0; i < 3; ++i) {
        axes.push_back(ra.col(i));
        axes.push_back(rb.col(i));
        for (int j = 0; j < 3; ++j) {
            const Vec3 c = ra.col(i).cross(rb.col(j));
            if (c.squaredNorm() > 1e-12) {
                axes.push_back(c.normalized());
            }
        }
    }
    double best = -1e300;
    for (const Vec3& n : axes) {
        const double extentA = ha.dot((ra.transpose() * n).cwiseAbs());
        const double extentB = hb.dot((rb.transpose() * n).cwiseAbs());
        best = std::max(best, std::abs(n.dot(pb.translation - pa.translation)) - extentA - extentB);
    }
    return best;
}

Shape randomPrimitive(std::mt19937_64& rng) {
    const double r = uniform(rng, 0.05, 0.4), h = uniform(rng, 0.05, 0.4);
    switch (std::uniform_int_distribution<int>(0, 5)(rng)) {
    case 0:
        return Shape::sphere(r);
    case 1:
        return Shape::box(Vec3(r, h, uniform(rng, 0.05, 0.4)));
    case 2:
        return Shape::capsule(r, h);
    case 3:
        return Shape::cylinder(r, h);
    case 4:
        return Shape::cone(r, h);
    default:
        return Shape::ellipsoid(Vec3(r, h, uniform(rng, 0.05, 0.4)));
    }
}

std::shared_ptr<const ConvexMesh> randomHull(std::mt19937_64& rng, int n) {
    const Vec3 radii(uniform(rng, 0.1, 0.4), uniform(rng, 0.1, 0.4), uniform(rng, 0.1, 0.4));
    std::vector<Vec3> points;
    for (int i = 0; i < n; ++i) {
        points.push_back(radii.cwiseProduct(randomUnit(rng)));
    }
    return ConvexMesh::fromPoints(points);
}

} // namespace

TEST(Collide, SphereSphereEveryTaskAndSolver) {
    // distance |c2 - c1| - r1 - r2, witnesses c_i +- r_i n, normal n = (c2 - c1)/|c2 - c1|; the
    // cores are points, so every answer is exact to rounding (1e-12) except MPR's penetration
    // refinement (converged to the penetration tolerance 1e-8).
    std::mt19937_64 rng(11);
    int penetrating = 0;
    for (int trial = 0; trial < 300; ++trial) {
        const double r1 = uniform(rng, 0.1, 1.0), r2 = uniform(rng, 0.1, 1.0);
        const Pose p1(randomRotation(rng), Vec3(uniform(rng, -1, 1), uniform(rng, -1, 1), 0.3));
        const Vec3 n = randomUnit(rng);
        const double gap = uniform(rng, -0.9, 1.0) * std::min(r1, r2);
        const Pose p2(randomRotation(rng), p1.translation + (r1 + r2 + gap) * n);
        penetrating += gap < 0.0 ? 1 : 0;
        for (SolverChoice solver : kSolvers) {
            const double tol = &solver.entry() == &builtins::mpr() && gap < 0.0 ? 1e-7 : 1e-12;
            const QueryResult sd = collide(Shape::sphere(r1), p1, Shape::sphere(r2), p2,
                                           request(solver, Task::SignedDistance));
            EXPECT_EQ(sd.status, gap > 0.0 ? Status::Separated : Status::Penetrating)
                << name(solver);
            EXPECT_NEAR(sd.distance, gap, tol) << name(solver);
            expectVecNear(sd.normal, n, tol, "normal");
            expectVecNear(sd.witnessA, p1.translation + r1 * n, tol, "witnessA");
            expectVecNear(sd.witnessB, p2.translation - r2 * n, tol, "witnessB");
            EXPECT_EQ(sd.collide, gap <= 0.0);
            expectVecNear(sd.separation, -std::abs(gap) * n, tol, "separation");

            const QueryResult dist = collide(Shape::sphere(r1), p1, Shape::sphere(r2), p2,
                                             request(solver, Task::Distance));
            EXPECT_EQ(dist.status, gap > 0.0 ? Status::Separated : Status::Overlapping);
            EXPECT_NEAR(dist.distance, std::max(gap, 0.0), 1e-12) << name(solver);

            const QueryResult boolean = collide(Shape::sphere(r1), p1, Shape::sphere(r2), p2,
                                                request(solver, Task::Boolean, -n));
            EXPECT_EQ(boolean.collide, gap <= 0.0) << name(solver);
            EXPECT_EQ(isOverlap(boolean.status), gap <= 0.0) << name(solver);
        }
    }
    EXPECT_GT(penetrating, 50);
}

TEST(Collide, SphereBoxClosestPointByClamping) {
    // Centre outside the box: distance |c - clamp(c)| - r exactly (the sphere's core is a point,
    // the box is a polytope). Centre inside: depth r + distance to the nearest face (EPA).
    std::mt19937_64 rng(12);
    int inside = 0;
    for (int trial = 0; trial < 300; ++trial) {
        const Vec3 half(uniform(rng, 0.2, 1.0), uniform(rng, 0.2, 1.0), uniform(rng, 0.2, 1.0));
        const double r = uniform(rng, 0.05, 0.5);
        const Pose boxPose(randomRotation(rng), Vec3(0.1, -0.2, 0.3));
        const Vec3 local(uniform(rng, -1.6, 1.6), uniform(rng, -1.6, 1.6), uniform(rng, -1.6, 1.6));
        const Vec3 clamped = local.cwiseMax(-half).cwiseMin(half);
        const Pose spherePose(randomRotation(rng), boxPose.apply(local));
        double expected = (local - clamped).norm() - r;
        Vec3 normalLocal = (clamped - local).normalized(); // from the box (A) to the sphere (B)
        normalLocal = -normalLocal;
        if (local == clamped) {
            // inside: the nearest face gives the depth and the normal
            const Vec3 slack = half - local.cwiseAbs();
            int axis = 0;
            slack.minCoeff(&axis);
            expected = -(slack[axis] + r);
            normalLocal = Vec3::Zero();
            normalLocal[axis] = local[axis] >= 0.0 ? 1.0 : -1.0;
            ++inside;
        }
        if (std::abs(expected) < 1e-6) {
            continue;
        }
        for (SolverChoice solver : kGjkSolvers) {
            const QueryResult q = collide(Shape::box(half), boxPose, Shape::sphere(r), spherePose,
                                          request(solver, Task::SignedDistance));
            const bool viaEpa = local == clamped;
            const double tol = viaEpa ? 1e-7 : 1e-10;
            ASSERT_NE(q.status, Status::MaxIterations) << name(solver);
            EXPECT_NEAR(q.distance, expected, tol) << name(solver) << " inside " << viaEpa;
            expectVecNear(q.normal, boxPose.rotation * normalLocal, viaEpa ? 1e-6 : 1e-9, "normal");
            if (!viaEpa) {
                expectVecNear(q.witnessA, boxPose.apply(clamped), 1e-9, "box witness");
            }
            // witnesses satisfy p_A - p_B = -distance * normal in every case
            expectVecNear(q.witnessA - q.witnessB, -q.distance * q.normal, tol, "p_A - p_B");
        }
    }
    EXPECT_GT(inside, 10);
}

TEST(Collide, BoxBoxFaceToFaceDistanceIsExact) {
    const Vec3 ha(0.5, 0.3, 0.2), hb(0.2, 0.4, 0.1);
    for (double gap : {1e-7, 1e-4, 0.01, 0.5, 3.0}) {
        const Quat q = Quat(Eigen::AngleAxisd(0.7, Vec3(1, 2, 3).normalized()));
        const Pose pa(q, Vec3(0.1, 0.2, 0.3));
        const Pose pb(q, pa.apply(Vec3(0.7 + gap, 0.05, -0.03)));
        for (SolverChoice solver : kSolvers) {
            const QueryResult r = collide(Shape::box(ha), pa, Shape::box(hb), pb,
                                          request(solver, Task::SignedDistance, Vec3(0.3, 1, 0)));
            EXPECT_EQ(r.status, Status::Separated) << name(solver) << " gap " << gap;
            EXPECT_NEAR(r.distance, gap, 1e-12) << name(solver);
            // x carries a few ulps of the simplex points (~1): the normal x/|x| ~ 1e-16 / gap
            expectVecNear(r.normal, q * Vec3::UnitX(), 1e-15 / gap + 1e-12, "normal");
            EXPECT_NEAR((pa.applyInverse(r.witnessA)).x(), 0.5, 1e-12);
            EXPECT_NEAR((pb.applyInverse(r.witnessB)).x(), -0.2, 1e-12);
        }
    }
}

TEST(Collide, BoxBoxBooleanAndSignAgreeWithSeparatingAxes) {
    std::mt19937_64 rng(13);
    int separated = 0, overlapping = 0;
    for (int trial = 0; trial < 400; ++trial) {
        const Vec3 ha(uniform(rng, 0.1, 0.5), uniform(rng, 0.1, 0.5), uniform(rng, 0.1, 0.5));
        const Vec3 hb(uniform(rng, 0.1, 0.5), uniform(rng, 0.1, 0.5), uniform(rng, 0.1, 0.5));
        const Pose pa(randomRotation(rng), Vec3(0.2, 0.1, 0.0));
        const Pose pb(randomRotation(rng),
                      pa.translation + uniform(rng, 0.2, 1.4) * randomUnit(rng));
        const double gap = satGap(ha, pa, hb, pb);
        if (std::abs(gap) < 1e-7) {
            continue;
        }
        for (SolverChoice solver : kSolvers) {
            const QueryResult b =
                collide(Shape::box(ha), pa, Shape::box(hb), pb,
                        request(solver, Task::Boolean, pa.translation - pb.translation));
            EXPECT_EQ(b.collide, gap < 0.0) << name(solver) << " gap " << gap;
            const QueryResult s = collide(Shape::box(ha), pa, Shape::box(hb), pb,
                                          request(solver, Task::SignedDistance));
            ASSERT_NE(s.status, Status::MaxIterations) << name(solver);
            EXPECT_EQ(s.distance > 0.0, gap > 0.0) << name(solver) << " gap " << gap;
            if (gap > 0.0) {
                EXPECT_GE(s.distance, gap - 1e-12) << name(solver); // SAT gap <= distance
            } else if (&solver.entry() == &builtins::mpr()) {
                EXPECT_LE(s.distance, gap + 1e-7); // MPR's directional depth >= the minimum
            } else {
                EXPECT_NEAR(s.distance, gap, 1e-7) << name(solver); // SAT gives the exact depth
            }
        }
        (gap > 0.0 ? separated : overlapping)++;
    }
    EXPECT_GT(separated, 80);
    EXPECT_GT(overlapping, 80);
}

TEST(Collide, CapsuleCapsuleIsSegmentDistanceMinusRadii) {
    std::mt19937_64 rng(14);
    int penetrating = 0;
    for (int trial = 0; trial < 300; ++trial) {
        const double r1 = uniform(rng, 0.05, 0.3), h1 = uniform(rng, 0.1, 0.6);
        const double r2 = uniform(rng, 0.05, 0.3), h2 = uniform(rng, 0.1, 0.6);
        const Pose p1(randomRotation(rng), Vec3::Zero());
        const Pose p2(randomRotation(rng), uniform(rng, 0.0, 1.2) * randomUnit(rng));
        const auto [c1, c2] =
            closestSegmentSegment(p1.apply(Vec3(0, 0, -h1)), p1.apply(Vec3(0, 0, h1)),
                                  p2.apply(Vec3(0, 0, -h2)), p2.apply(Vec3(0, 0, h2)));
        const double core = (c2 - c1).norm();
        if (core < 1e-6 || std::abs(core - r1 - r2) < 1e-6) {
            continue; // crossing axes (EPA territory) or touching
        }
        const Vec3 n = (c2 - c1) / core;
        penetrating += core < r1 + r2 ? 1 : 0;
        for (SolverChoice solver : kGjkSolvers) {
            const QueryResult q = collide(Shape::capsule(r1, h1), p1, Shape::capsule(r2, h2), p2,
                                          request(solver, Task::SignedDistance));
            EXPECT_EQ(q.status, core > r1 + r2 ? Status::Separated : Status::Penetrating);
            EXPECT_NEAR(q.distance, core - r1 - r2, 1e-10) << name(solver);
            EXPECT_EQ(q.penetrationIterations, 0); // exact from the cores, no EPA
            expectVecNear(q.normal, n, 1e-8, "normal");
            expectVecNear(q.witnessA, c1 + r1 * n, 1e-8, "witnessA");
            expectVecNear(q.witnessB, c2 - r2 * n, 1e-8, "witnessB");
            EXPECT_LE(q.iterations, 8);
        }
    }
    EXPECT_GT(penetrating, 30);
}

TEST(Collide, SolversAgreeOnRandomPrimitivesAndHulls) {
    // Every GJK variant converges to vanilla's distance (2e-8 relative + 1e-12 absolute) on
    // random primitive and hull pairs; no run hits the iteration caps; the boolean answer
    // agrees with the sign of the signed distance (also for MPR) away from contact (1e-6).
    std::mt19937_64 rng(15);
    int separated = 0, penetrating = 0;
    for (int trial = 0; trial < 300; ++trial) {
        const bool hulls = trial % 3 == 0;
        const Shape a = hulls ? Shape::mesh(randomHull(rng, 60)) : randomPrimitive(rng);
        const Shape b = hulls ? Shape::mesh(randomHull(rng, 60)) : randomPrimitive(rng);
        const Pose pa(randomRotation(rng), Vec3(0.0, 0.1, 0.2));
        const Pose pb(randomRotation(rng),
                      pa.translation + uniform(rng, 0.0, 1.0) * randomUnit(rng));
        QueryRequest base = request(builtins::gjk(), Task::SignedDistance);
        base.initialGuess = obbGuess(a, pa, b, pb);
        const QueryResult reference = collide(a, pa, b, pb, base);
        ASSERT_TRUE(reference.status == Status::Separated ||
                    reference.status == Status::Penetrating)
            << name(reference.status) << " " << shapeTypeName(a.type()) << "-"
            << shapeTypeName(b.type()) << " d " << reference.distance << " pen it "
            << reference.penetrationIterations;
        for (SolverChoice solver : kSolvers) {
            QueryRequest q = base;
            q.solver = solver;
            const QueryResult r = collide(a, pa, b, pb, q);
            EXPECT_NE(r.status, Status::MaxIterations) << name(solver);
            if (r.status == Status::Separated || r.status == Status::Penetrating) {
                // MPR's witnesses lie on its portal: only their projection on the normal is fixed
                if (&solver.entry() == &builtins::mpr() && r.status == Status::Penetrating) {
                    EXPECT_NEAR((r.witnessA - r.witnessB).dot(r.normal), -r.distance, 1e-7);
                } else {
                    expectVecNear(r.witnessA - r.witnessB, -r.distance * r.normal, 1e-7,
                                  name(solver).data());
                }
            }
            if (&solver.entry() != &builtins::mpr() || reference.distance > 0.0) {
                EXPECT_NEAR(r.distance, reference.distance,
                            2e-8 * std::abs(reference.distance) + 2e-8)
                    << name(solver) << " " << shapeTypeName(a.type()) << "-"
                    << shapeTypeName(b.type());
            }
            if (std::abs(reference.distance) > 1e-6) {
                q.task = Task::Boolean;
                EXPECT_EQ(collide(a, pa, b, pb, q).collide, reference.distance < 0.0)
                    << name(solver);
            }
        }
        (reference.distance > 0.0 ? separated : penetrating)++;
    }
    EXPECT_GT(separated, 50);
    EXPECT_GT(penetrating, 50);
}

TEST(Collide, InvalidPosesAreRejected) {
    const Shape s = Shape::sphere(0.5);
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const Pose ok;
    const std::array<Pose, 4> bad{
        Pose(Quat::Identity(), Vec3(nan, 0, 0)), Pose(Quat(2.0, 0.0, 0.0, 0.0), Vec3::Zero()),
        Pose(Quat(nan, 0.0, 0.0, 0.0), Vec3::Zero()),
        Pose(Quat::Identity(), Vec3(0, std::numeric_limits<double>::infinity(), 0))};
    for (const Pose& p : bad) {
        for (SolverChoice solver : kSolvers) {
            EXPECT_EQ(collide(s, p, s, ok, request(solver, Task::SignedDistance)).status,
                      Status::InvalidInput);
            const QueryResult r = collide(s, ok, s, p, request(solver, Task::Boolean));
            EXPECT_EQ(r.status, Status::InvalidInput);
            EXPECT_FALSE(r.collide);
            EXPECT_EQ(r.supportCalls, 0);
        }
    }
}

TEST(Collide, ZeroGuessAndCoincidentShapesGiveFiniteResults) {
    const Shape box = Shape::box(Vec3(0.3, 0.2, 0.1));
    const Pose p(Quat(Eigen::AngleAxisd(0.3, Vec3::UnitY())), Vec3(1, 2, 3));
    for (SolverChoice solver : kSolvers) {
        for (Task task : {Task::Boolean, Task::Distance, Task::SignedDistance}) {
            const QueryResult r = collide(box, p, box, p, request(solver, task, Vec3::Zero()));
            EXPECT_TRUE(isOverlap(r.status))
                << name(solver) << " " << name(task) << " " << name(r.status);
            EXPECT_TRUE(r.collide);
            EXPECT_TRUE(r.witnessA.allFinite() && r.witnessB.allFinite() && r.normal.allFinite());
            EXPECT_TRUE(r.separation.allFinite());
            if (task == Task::SignedDistance && &solver.entry() != &builtins::mpr()) {
                EXPECT_NEAR(r.distance, -0.2, 1e-7) << name(solver); // smallest face-to-face push
            } else if (task == Task::SignedDistance) {
                EXPECT_LE(r.distance, -0.2 + 1e-7); // MPR: depth along its portal direction
            }
        }
    }
    // two spheres at the same centre: the cores coincide (a flat core difference, depth 0 for
    // EPA), the radii give the exact depth; the normal is arbitrary but unit
    for (SolverChoice solver : kGjkSolvers) {
        const QueryResult r = collide(Shape::sphere(0.5), p, Shape::sphere(0.25), p,
                                      request(solver, Task::SignedDistance, Vec3::Zero()));
        EXPECT_EQ(r.status, Status::Penetrating) << name(solver);
        EXPECT_NEAR(r.distance, -0.75, 1e-12);
        EXPECT_NEAR(r.normal.norm(), 1.0, 1e-12);
        expectVecNear(r.witnessA - r.witnessB, 0.75 * r.normal, 1e-12, "p_A - p_B");
    }
    // crossing capsules: the depth is the radius sum along the common perpendicular of the axes
    const Pose crossed(Quat(Eigen::AngleAxisd(M_PI / 2, Vec3::UnitX())), Vec3(0.0, 0.0, 0.0));
    const QueryResult c = collide(Shape::capsule(0.1, 0.5), Pose(), Shape::capsule(0.2, 0.5),
                                  crossed, request(builtins::gjk(), Task::SignedDistance));
    EXPECT_EQ(c.status, Status::Penetrating);
    EXPECT_NEAR(c.distance, -0.3, 1e-12);
    EXPECT_NEAR(std::abs(c.normal.x()), 1.0, 1e-12);
}

TEST(Collide, NonFiniteGuessNeverLeaksIntoTheResult) {
    const Shape box = Shape::box(Vec3(0.3, 0.2, 0.1));
    const Pose a, b(Quat::Identity(), Vec3(0.1, 0.05, 0.0)); // overlapping: no normal to report
    const double nan = std::numeric_limits<double>::quiet_NaN();
    for (SolverChoice solver : kSolvers) {
        for (Task task : {Task::Boolean, Task::Distance, Task::SignedDistance}) {
            const QueryResult r = collide(box, a, box, b, request(solver, task, Vec3(nan, 0, 0)));
            EXPECT_TRUE(isOverlap(r.status)) << name(solver) << " " << name(task);
            EXPECT_TRUE(r.separation.allFinite() && r.normal.allFinite() && r.witnessA.allFinite())
                << name(solver) << " " << name(task);
        }
    }
}

TEST(Collide, TasksAgreeOnCollideNearContact) {
    // Stacked boxes: a gap below the absolute tolerance (1e-10) is contact in every task and
    // solver, a gap above it is a separation in every task and solver.
    const Shape box = Shape::box(Vec3(0.4, 0.3, 0.2));
    const Shape small = Shape::box(Vec3(0.2, 0.15, 0.1));
    for (double tilt : {0.0, 1e-3}) {
        for (double gap : {1e-11, 5e-10, 1e-6}) {
            const Quat q(Eigen::AngleAxisd(tilt, Vec3::UnitX()));
            const Pose top(
                q, Vec3(0.1, 0.05, 0.2 + 0.1 * std::cos(tilt) + 0.15 * std::sin(tilt) + gap));
            for (SolverChoice solver : kSolvers) {
                for (Task task : {Task::Boolean, Task::Distance, Task::SignedDistance}) {
                    const QueryResult r = collide(box, Pose(), small, top, request(solver, task));
                    EXPECT_EQ(r.collide, gap < 1e-10)
                        << name(solver) << " " << name(task) << " gap " << gap << " tilt " << tilt
                        << " " << name(r.status) << " " << r.distance;
                }
            }
        }
    }
}

TEST(Collide, MarginMakesNearShapesCollide) {
    const Shape s = Shape::sphere(0.5);
    const Pose a, b(Quat::Identity(), Vec3(1.05, 0, 0)); // 5 cm apart
    for (SolverChoice solver : kSolvers) {
        QueryRequest q = request(solver, Task::Boolean);
        q.margin = 0.1;
        EXPECT_TRUE(collide(s, a, s, b, q).collide) << name(solver);
        q.margin = 0.01;
        const QueryResult r = collide(s, a, s, b, q);
        EXPECT_FALSE(r.collide) << name(solver);
        EXPECT_GT(r.distance, 0.01);
        EXPECT_LE(r.distance, 0.05 + 1e-12);
    }
}

TEST(Collide, SeparationIsAGoodWarmStartAcrossContact) {
    // x = p_A - p_B when separated; -depth * normal when penetrating: both point from B to A, so
    // a separated pair warm-started from it exits at the first support (van den Bergen's ISA-GJK).
    const Shape box = Shape::box(Vec3(0.5, 0.5, 0.5));
    const Pose a;
    for (double x : {1.2, 0.9}) {
        const Pose b(Quat::Identity(), Vec3(x, 0.1, 0.0));
        const QueryResult r =
            collide(box, a, box, b, request(builtins::gjk(), Task::SignedDistance));
        EXPECT_GT(r.separation.dot(Vec3(-1, 0, 0)), 0.0) << x;
        EXPECT_NEAR(r.separation.norm(), std::abs(x - 1.0), 1e-9);
        const Pose moved(Quat::Identity(), Vec3(1.01, 0.1, 0.0));
        for (SolverChoice solver : kGjkSolvers) {
            const QueryResult w =
                collide(box, a, box, moved, request(solver, Task::Boolean, r.separation));
            EXPECT_EQ(w.status, Status::SeparatedEarlyExit);
            EXPECT_EQ(w.iterations, 1) << name(solver) << " from " << x;
        }
    }
}

TEST(WarmStart, EveryStrategyGivesTheDocumentedGuess) {
    const Shape a = Shape::box(Vec3(0.2, 0.3, 0.4));
    const Shape b = Shape::mesh(ConvexMesh::fromPoints(std::vector<Vec3>{
        Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(0, 0, 1), Vec3(1, 1, 1)}));
    const Pose pa(Quat(Eigen::AngleAxisd(0.4, Vec3::UnitZ())), Vec3(0.1, 0.2, 0.3));
    const Pose pb(Quat(Eigen::AngleAxisd(-0.2, Vec3::UnitX())), Vec3(2.0, 0.5, -0.3));
    const Vec3 obb = pa.apply(a.localObb().center) - pb.apply(b.localObb().center);
    EXPECT_LT((obbGuess(a, pa, b, pb) - obb).norm(), 1e-15);

    PairCache cache;
    QueryRequest q;
    for (WarmStart w : allWarmStarts()) {
        cache.prepare(w, 7, a, pa, b, pb, q); // never queried: previous strategies fall back
        const Vec3 expected = w == WarmStart::None ? Vec3::UnitX() : obb;
        EXPECT_LT((q.initialGuess - expected).norm(), 1e-15) << name(w);
    }

    const QueryResult r = collide(a, pa, b, pb, q);
    ASSERT_EQ(r.status, Status::Separated);
    cache.update(7, pa, pb, r);
    EXPECT_TRUE(cache.hasPrevious(8));
    EXPECT_FALSE(cache.hasPrevious(9));

    const Pose pb2(pb.rotation, pb.translation + Vec3(0.0, 0.1, 0.0));
    cache.prepare(WarmStart::Previous, 8, a, pa, b, pb2, q);
    EXPECT_EQ(q.initialGuess, r.separation);
    EXPECT_EQ(q.hints, r.hints);
    cache.prepare(WarmStart::TransformedPrevious, 8, a, pa, b, pb2, q);
    const Vec3 moved = r.witnessA - (r.witnessB + Vec3(0.0, 0.1, 0.0));
    EXPECT_LT((q.initialGuess - moved).norm(), 1e-12);
    EXPECT_LT((transformedGuess(pa.applyInverse(r.witnessA), pa, pb.applyInverse(r.witnessB), pb2) -
               moved)
                  .norm(),
              1e-12);
    // a gap of one step: back to obb
    cache.prepare(WarmStart::Previous, 9, a, pa, b, pb2, q);
    EXPECT_LT((q.initialGuess - obbGuess(a, pa, b, pb2)).norm(), 1e-15);
    cache.prepare(WarmStart::TransformedPrevious, 9, a, pa, b, pb2, q);
    EXPECT_LT((q.initialGuess - obbGuess(a, pa, b, pb2)).norm(), 1e-15);

    // an invalid query does not count as a query
    QueryResult invalid;
    invalid.status = Status::InvalidInput;
    cache.update(8, pa, pb, invalid);
    EXPECT_FALSE(cache.hasPrevious(9));
    cache.reset();
    EXPECT_FALSE(cache.hasPrevious(8));
}

TEST(WarmStart, TransformedPreviousKeepsTheSeparationSideAfterPenetration) {
    const Shape s = Shape::box(Vec3(0.5, 0.5, 0.5));
    const Pose pa, pb(Quat::Identity(), Vec3(0.9, 0.0, 0.05)); // 0.1 deep along x
    const QueryResult r = collide(s, pa, s, pb, request(builtins::gjk(), Task::SignedDistance));
    ASSERT_EQ(r.status, Status::Penetrating);
    ASSERT_NEAR(r.distance, -0.1, 1e-7);
    PairCache cache;
    cache.update(3, pa, pb, r);
    QueryRequest q;
    cache.prepare(WarmStart::TransformedPrevious, 4, s, pa, s, pb, q);
    EXPECT_GT(q.initialGuess.dot(r.separation), 0.0); // B to A, like the separation
    EXPECT_NEAR(q.initialGuess.norm(), 0.1, 1e-7);
}
