/// Tests of Gjk.h on raw supports (point sets, analytic ellipsoids and boxes), independent of
/// Shape: analytic distances, brute-force optimality certificates, the separating-axis theorem
/// for boxes, and agreement of every GjkVariant with vanilla GJK.

#include "Random.h"
#include "minkowski/narrowphase/detail/Gjk.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <random>
#include <vector>

using namespace mk;

namespace {

using ref::randomRotationMatrix;
using ref::randomUnit;

constexpr std::array kVariants{GjkVariant::Vanilla, GjkVariant::Polyak, GjkVariant::Nesterov,
                               GjkVariant::NesterovNormalized};

const char* variantName(GjkVariant v) {
    switch (v) {
    case GjkVariant::Vanilla: return "vanilla";
    case GjkVariant::Polyak: return "polyak";
    case GjkVariant::Nesterov: return "nesterov";
    case GjkVariant::NesterovNormalized: return "nesterov-normalized";
    }
    return "?";
}

/// Ellipsoid R diag(r) B + c (support: van den Bergen Sec. 3, affine image of a ball).
struct Ellipsoid {
    Mat3 rot = Mat3::Identity();
    Vec3 radii = Vec3::Ones();
    Vec3 center = Vec3::Zero();
    [[nodiscard]] Vec3 support(const Vec3& dir) const {
        const Vec3 local = rot.transpose() * dir;
        const Vec3 scaled = radii.cwiseProduct(local);
        return rot * (radii.cwiseProduct(scaled) / scaled.norm()) + center;
    }
};

/// Box R [-h, h] + c.
struct Box {
    Mat3 rot = Mat3::Identity();
    Vec3 half = Vec3::Ones();
    Vec3 center = Vec3::Zero();
    [[nodiscard]] Vec3 support(const Vec3& dir) const {
        const Vec3 local = rot.transpose() * dir;
        Vec3 p;
        for (int i = 0; i < 3; ++i) {
            p[i] = local[i] >= 0.0 ? half[i] : -half[i];
        }
        return rot * p + center;
    }
    [[nodiscard]] std::vector<Vec3> corners() const {
        std::vector<Vec3> out;
        for (int i = 0; i < 8; ++i) {
            const Vec3 s((i & 1) ? 1.0 : -1.0, (i & 2) ? 1.0 : -1.0, (i & 4) ? 1.0 : -1.0);
            out.emplace_back(rot * half.cwiseProduct(s) + center);
        }
        return out;
    }
};

/// Convex hull of a point set, support by linear scan.
struct PointSet {
    std::vector<Vec3> points;
    [[nodiscard]] Vec3 support(const Vec3& dir) const {
        return *std::max_element(points.begin(), points.end(), [&](const Vec3& p, const Vec3& q) {
            return p.dot(dir) < q.dot(dir);
        });
    }
};

/// A point set translated by `center` (so that tests can move it).
struct CenteredPointSet {
    PointSet set;
    Vec3 center = Vec3::Zero();
    [[nodiscard]] Vec3 support(const Vec3& dir) const { return set.support(dir) + center; }
};

/// The support of A - B from supports of A and B (van den Bergen, Appendix A).
template <class A, class B>
struct Difference {
    A a;
    B b;
    int calls = 0;
    void support(const Vec3& dir, SupportPoint& out) {
        ++calls;
        out.a = a.support(dir);
        out.b = b.support(-dir);
        out.w = out.a - out.b;
    }
};

template <class A, class B>
Difference<A, B> difference(const A& a, const B& b) {
    return Difference<A, B>{a, b, 0};
}

GjkSettings settingsFor(GjkVariant variant, const Vec3& guess = Vec3::UnitX()) {
    GjkSettings s;
    s.variant = variant;
    s.initialGuess = guess;
    return s;
}

PointSet randomCloud(std::mt19937_64& rng, const Vec3& center, double radius, int n) {
    std::uniform_real_distribution<double> u(0.5, 1.0);
    PointSet set;
    for (int i = 0; i < n; ++i) {
        set.points.push_back(center + radius * u(rng) * randomUnit(rng));
    }
    return set;
}

Ellipsoid randomEllipsoid(std::mt19937_64& rng, const Vec3& center) {
    std::uniform_real_distribution<double> r(0.05, 0.5);
    return Ellipsoid{randomRotationMatrix(rng), Vec3(r(rng), r(rng), r(rng)), center};
}

/// Separating-axis theorem for two boxes: the largest gap over the 15 candidate axes; > 0 means
/// separated, < 0 overlapping (exact up to rounding).
double satGap(const Box& a, const Box& b) {
    std::vector<Vec3> axes;
    for (int i = 0; i < 3; ++i) {
        axes.push_back(a.rot.col(i));
        axes.push_back(b.rot.col(i));
        for (int j = 0; j < 3; ++j) {
            const Vec3 c = a.rot.col(i).cross(b.rot.col(j));
            if (c.squaredNorm() > 1e-12) {
                axes.push_back(c.normalized());
            }
        }
    }
    double best = -1e300;
    for (const Vec3& n : axes) {
        const double ra = a.half.dot((a.rot.transpose() * n).cwiseAbs());
        const double rb = b.half.dot((b.rot.transpose() * n).cwiseAbs());
        best = std::max(best, std::abs(n.dot(b.center - a.center)) - ra - rb);
    }
    return best;
}

} // namespace

TEST(Gjk, SphereSphereDistanceAndWitnesses) {
    // Spheres as ellipsoids with equal radii: distance |c2 - c1| - r1 - r2 (not cores: GJK
    // approximates the smooth surface, so this also exercises the relative tolerance).
    std::mt19937_64 rng(1);
    for (int trial = 0; trial < 100; ++trial) {
        const Vec3 c1 = Vec3::Zero();
        const Vec3 c2 = (0.5 + 2.0 * std::uniform_real_distribution<double>(0, 1)(rng)) * randomUnit(rng);
        const Ellipsoid a{Mat3::Identity(), Vec3::Constant(0.2), c1};
        const Ellipsoid b{Mat3::Identity(), Vec3::Constant(0.25), c2};
        const double expected = c2.norm() - 0.45;
        const Vec3 n = c2.normalized();
        for (GjkVariant variant : kVariants) {
            auto d = difference(a, b);
            const GjkOutput out = gjk(d, settingsFor(variant));
            ASSERT_EQ(out.status, GjkStatus::Separated) << variantName(variant);
            // relative tolerance 1e-8 on the distance, certified by the lower bound
            EXPECT_NEAR(out.distance, expected, 2e-8 * expected) << variantName(variant);
            EXPECT_LE(out.lowerBound, expected + 1e-12);
            EXPECT_GE(out.distance, expected - 1e-12);
            // witnesses: ||x - x*||^2 <= ||x||^2 - ||x*||^2 (GJK++ eq. 18) ~ 2 eps d^2
            EXPECT_LT((out.pa - (c1 + 0.2 * n)).norm(), 1e-4 * expected) << variantName(variant);
            EXPECT_LT((out.pb - (c2 - 0.25 * n)).norm(), 1e-4 * expected) << variantName(variant);
            EXPECT_LT((out.pa - out.pb - out.v).norm(), 1e-12);
        }
    }
}

TEST(Gjk, BoxBoxFaceToFaceIsExact) {
    // Two axis-aligned boxes separated along x with overlapping yz footprints: the distance is the
    // gap between the faces, exactly, since D is a polytope (finite termination).
    const Box a{Mat3::Identity(), Vec3(0.5, 0.3, 0.2), Vec3::Zero()};
    for (double gap : {1e-6, 1e-3, 0.1, 1.0, 10.0}) {
        const Box b{Mat3::Identity(), Vec3(0.2, 0.4, 0.1), Vec3(0.7 + gap, 0.05, -0.03)};
        for (GjkVariant variant : kVariants) {
            auto d = difference(a, b);
            const GjkOutput out = gjk(d, settingsFor(variant, Vec3(0.3, 1.0, -0.2)));
            ASSERT_EQ(out.status, GjkStatus::Separated) << variantName(variant) << " gap " << gap;
            EXPECT_NEAR(out.distance, gap, 1e-12 * (1.0 + gap)) << variantName(variant);
            EXPECT_NEAR(out.v.x(), -gap, 1e-12 * (1.0 + gap)); // x = p_A - p_B
            EXPECT_NEAR(out.pa.x(), 0.5, 1e-12);
            EXPECT_NEAR(out.pb.x(), 0.5 + gap, 1e-12 * (1.0 + gap));
            EXPECT_LE(out.iterations, 12);
        }
    }
}

TEST(Gjk, PointCloudsSatisfyTheOptimalityCertificate) {
    // For polytopes the optimum x* satisfies <x*, s> >= ||x*||^2 for every s in D; checked by brute
    // force over all a_i - b_j. Every variant must agree with vanilla within 1e-8 relative.
    std::mt19937_64 rng(2);
    int separated = 0;
    int overlapping = 0;
    for (int trial = 0; trial < 200; ++trial) {
        const PointSet a = randomCloud(rng, Vec3::Zero(), 1.0, 40);
        const Vec3 cb = std::uniform_real_distribution<double>(0.5, 3.0)(rng) * randomUnit(rng);
        const PointSet b = randomCloud(rng, cb, 0.7, 30);
        double reference = -1.0;
        for (GjkVariant variant : kVariants) {
            auto d = difference(a, b);
            const GjkOutput out = gjk(d, settingsFor(variant, cb));
            ASSERT_NE(out.status, GjkStatus::MaxIterations);
            ASSERT_NE(out.status, GjkStatus::Degenerate) << variantName(variant);
            if (out.status == GjkStatus::Overlapping) {
                EXPECT_TRUE(reference <= 0.0) << variantName(variant);
                reference = 0.0;
                continue;
            }
            ASSERT_EQ(out.status, GjkStatus::Separated);
            const double vv = out.v.squaredNorm();
            double worst = 1e300;
            for (const Vec3& pa : a.points) {
                for (const Vec3& pb : b.points) {
                    worst = std::min(worst, out.v.dot(pa - pb));
                }
            }
            EXPECT_GE(worst, vv * (1.0 - 1e-8)) << variantName(variant);
            if (variant == GjkVariant::Vanilla) {
                reference = out.distance;
            } else {
                EXPECT_NEAR(out.distance, reference, 2e-8 * reference) << variantName(variant);
            }
        }
        (reference > 0.0 ? separated : overlapping)++;
    }
    // the random set covers both outcomes
    EXPECT_GT(separated, 20);
    EXPECT_GT(overlapping, 20);
}

TEST(Gjk, BooleanEarlyExitAgreesWithSeparatingAxisTheorem) {
    std::mt19937_64 rng(3);
    std::uniform_real_distribution<double> h(0.1, 0.6);
    std::uniform_real_distribution<double> dist(0.2, 1.6);
    int separated = 0;
    int overlapping = 0;
    for (int trial = 0; trial < 2000; ++trial) {
        const Box a{randomRotationMatrix(rng), Vec3(h(rng), h(rng), h(rng)), Vec3::Zero()};
        const Box b{randomRotationMatrix(rng), Vec3(h(rng), h(rng), h(rng)), dist(rng) * randomUnit(rng)};
        const double gap = satGap(a, b);
        if (std::abs(gap) < 1e-9) {
            continue; // within rounding of contact: either verdict is right
        }
        for (GjkVariant variant : kVariants) {
            auto d = difference(a, b);
            GjkSettings s = settingsFor(variant, b.center - a.center);
            s.booleanEarlyExit = true;
            const GjkOutput out = gjk(d, s);
            ASSERT_NE(out.status, GjkStatus::MaxIterations);
            const bool gjkSeparated = out.status == GjkStatus::SeparatedEarlyExit ||
                                      (out.status == GjkStatus::Separated && out.distance > 0.0);
            EXPECT_EQ(gjkSeparated, gap > 0.0) << variantName(variant) << " gap " << gap;
            if (gjkSeparated) {
                // a certified lower bound of the distance (the SAT gap is itself only a lower bound)
                auto full = difference(a, b);
                const GjkOutput reference = gjk(full, settingsFor(GjkVariant::Vanilla));
                EXPECT_LE(out.lowerBound, reference.distance * (1.0 + 1e-12));
                EXPECT_GE(reference.distance, gap * (1.0 - 1e-12));
            }
        }
        (gap > 0.0 ? separated : overlapping)++;
    }
    EXPECT_GT(separated, 300);
    EXPECT_GT(overlapping, 300);
}

TEST(Gjk, ScaleDisparityKeepsTheCertificates) {
    // A 2000 m box and a 2 mm box at its edges and corners (FCL/coal users' scale-disparity
    // reports): points of D are 1e3 m from the origin, features 1e-3 m. Johnson's Delta_i then
    // accepted tetrahedra 2e-5 m away from the origin and sliver triangles put x 4e-9 m outside D.
    // Checks: the SAT verdict, distance >= SAT gap, the same distance in both orders (1e-10 m).
    std::mt19937_64 rng(8);
    const Vec3 corners[] = {Vec3(0, 0, 1), Vec3(1, 0, 1), Vec3(1, 1, 1), Vec3(0.0037, -0.25, 1)};
    int separated = 0, overlapping = 0;
    for (int trial = 0; trial < 200; ++trial) {
        const Box big{Mat3::Identity(), Vec3::Constant(1e3), Vec3::Zero()};
        const Vec3 spot = 1e3 * corners[trial % 4];
        const Vec3 out = Vec3(spot.x() >= 1e3 ? 1 : 0, spot.y() >= 1e3 ? 1 : 0, 1).normalized();
        const double offset = std::uniform_real_distribution<double>(-2e-3, 4e-3)(rng);
        const Box small{randomRotationMatrix(rng), Vec3::Constant(1e-3), spot + offset * out};
        const double gap = satGap(big, small);
        if (std::abs(gap) < 1e-8) {
            continue; // within the rounding of points 1e3 m away (1e-12 relative): either verdict
        }
        auto ab = difference(big, small);
        auto ba = difference(small, big);
        const GjkOutput forward = gjk(ab, settingsFor(GjkVariant::Vanilla, randomUnit(rng)));
        const GjkOutput backward = gjk(ba, settingsFor(GjkVariant::Vanilla, randomUnit(rng)));
        for (const GjkOutput* o : {&forward, &backward}) {
            // Touching: x ~ 0 on a triangle, the origin may be inside D (see GjkStatus)
            const bool overlap = o->status == GjkStatus::Overlapping || o->status == GjkStatus::Touching;
            EXPECT_EQ(overlap, gap < 0.0) << "gap " << gap << " status " << int(o->status);
            EXPECT_NE(o->status, GjkStatus::Degenerate) << "gap " << gap;
            EXPECT_GE(o->distance, gap - 1e-12);
            EXPECT_LE(o->lowerBound, o->distance);
            EXPECT_LT((o->pa - o->pb - o->v).norm(), 1e-11); // 25 ulps of |y| ~ 2e3 m
        }
        EXPECT_NEAR(forward.distance, backward.distance, 1e-9) << "gap " << gap; // touching: ~1e-10
        (gap > 0.0 ? separated : overlapping)++;
    }
    EXPECT_GT(separated, 40);
    EXPECT_GT(overlapping, 40);
}

TEST(Gjk, BooleanEarlyExitHonoursTheMargin) {
    const Ellipsoid a{Mat3::Identity(), Vec3::Constant(0.5), Vec3::Zero()};
    const Ellipsoid b{Mat3::Identity(), Vec3::Constant(0.5), Vec3(1.1, 0.0, 0.0)}; // gap 0.1
    GjkSettings s = settingsFor(GjkVariant::Vanilla, Vec3(1.0, 0.3, 0.0));
    s.booleanEarlyExit = true;
    s.earlyExitMargin = 0.2; // the gap is smaller than the margin: no early exit possible
    auto d1 = difference(a, b);
    GjkOutput out = gjk(d1, s);
    EXPECT_EQ(out.status, GjkStatus::Separated);
    EXPECT_NEAR(out.distance, 0.1, 1e-8);
    s.earlyExitMargin = 0.05;
    auto d2 = difference(a, b);
    out = gjk(d2, s);
    EXPECT_EQ(out.status, GjkStatus::SeparatedEarlyExit);
    EXPECT_GT(out.lowerBound, 0.05);
    EXPECT_LE(out.lowerBound, 0.1 + 1e-12);
    EXPECT_LT(out.iterations, 8);
}

TEST(Gjk, OverlapGivesTetrahedronAndCommonPoint) {
    std::mt19937_64 rng(4);
    for (int trial = 0; trial < 200; ++trial) {
        const Box a{randomRotationMatrix(rng), Vec3(0.5, 0.4, 0.3), Vec3::Zero()};
        const Box b{randomRotationMatrix(rng), Vec3(0.3, 0.2, 0.5), 0.3 * randomUnit(rng)};
        for (GjkVariant variant : kVariants) {
            auto d = difference(a, b);
            const GjkOutput out = gjk(d, settingsFor(variant));
            ASSERT_EQ(out.status, GjkStatus::Overlapping) << variantName(variant);
            EXPECT_EQ(out.simplex.size, 4);
            EXPECT_EQ(out.distance, 0.0);
            EXPECT_EQ(out.lowerBound, 0.0);
            // pa = pb lies in both boxes
            EXPECT_LT((out.pa - out.pb).norm(), 1e-12);
            const Vec3 la = a.rot.transpose() * (out.pa - a.center);
            const Vec3 lb = b.rot.transpose() * (out.pb - b.center);
            EXPECT_TRUE((la.cwiseAbs() - a.half).maxCoeff() < 1e-12);
            EXPECT_TRUE((lb.cwiseAbs() - b.half).maxCoeff() < 1e-12);
        }
    }
}

TEST(Gjk, DegenerateGuessesAreReplaced) {
    const Ellipsoid a{Mat3::Identity(), Vec3(0.3, 0.2, 0.1), Vec3::Zero()};
    const Ellipsoid b{Mat3::Identity(), Vec3(0.1, 0.2, 0.3), Vec3(0.2, 1.0, 0.4)};
    auto ref = difference(a, b);
    const GjkOutput reference = gjk(ref, settingsFor(GjkVariant::Vanilla));
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const std::array<Vec3, 3> guesses{Vec3::Zero(), Vec3(nan, 0.0, 0.0), Vec3(1e300, 1e300, 1e300)};
    for (const Vec3& guess : guesses) {
        for (GjkVariant variant : kVariants) {
            auto d = difference(a, b);
            const GjkOutput out = gjk(d, settingsFor(variant, guess));
            ASSERT_EQ(out.status, GjkStatus::Separated) << variantName(variant);
            EXPECT_TRUE(out.v.allFinite());
            EXPECT_NEAR(out.distance, reference.distance, 2e-8 * reference.distance);
        }
    }
}

TEST(Gjk, CoincidentPointsTouchWithoutNaN) {
    // D = {0}: both sets are the same point. x_0 = 0 at once: touching, finite output.
    const PointSet a{{Vec3(1.0, 2.0, 3.0)}};
    for (GjkVariant variant : kVariants) {
        auto d = difference(a, a);
        const GjkOutput out = gjk(d, settingsFor(variant, Vec3::Zero()));
        EXPECT_EQ(out.status, GjkStatus::Touching);
        EXPECT_EQ(out.distance, 0.0);
        EXPECT_TRUE(out.pa.allFinite() && out.pb.allFinite());
        EXPECT_EQ(out.iterations, 1);
    }
}

TEST(Gjk, MaxIterationsReturnsBestEstimate) {
    std::mt19937_64 rng(5);
    const Ellipsoid a{Mat3::Identity(), Vec3(0.5, 0.1, 0.3), Vec3::Zero()};
    const Ellipsoid b{randomRotationMatrix(rng), Vec3(0.2, 0.4, 0.1), Vec3(0.9, 0.3, 0.1)};
    GjkSettings s = settingsFor(GjkVariant::Vanilla);
    s.tolerance = 1e-15;
    s.maxIterations = 3;
    auto d = difference(a, b);
    const GjkOutput out = gjk(d, s);
    EXPECT_EQ(out.status, GjkStatus::MaxIterations);
    EXPECT_EQ(out.iterations, 3);
    EXPECT_TRUE(out.v.allFinite());
    EXPECT_GE(out.distance, out.lowerBound);
    EXPECT_LT((out.pa - out.pb - out.v).norm(), 1e-12);
}

/// Moves b so that the distance between a and b is `target` (negative: overlap along the same
/// axis), GJK++ Sec. IV-A: the closest points of a tight vanilla run give the axis.
template <class T>
void placeAtDistance(const T& a, T& b, double target) {
    auto d = difference(a, b);
    GjkSettings s = settingsFor(GjkVariant::Vanilla, b.center - a.center);
    s.tolerance = 1e-14;
    const GjkOutput out = gjk(d, s);
    b.center += out.v.normalized() * (out.distance - target); // x = p_A - p_B points from B to A
}

/// Mean iterations of every variant on pairs from `make` at each distance, from GJK++'s guess
/// x_0 = c_A - c_B (Sec. IV, the OBB centres; x = p_A - p_B points from B to A); checks agreement
/// with vanilla (2e-8 relative, twice the tolerance) and that no run hits the cap or degenerates.
template <class T, class Make>
std::vector<std::array<double, 4>> iterationTable(const char* title, Make make, int pairs,
                                                  const std::vector<double>& distances,
                                                  GjkMomentumSchedule schedule = GjkMomentumSchedule::Paper) {
    std::mt19937_64 rng(6);
    std::vector<std::array<double, 4>> table;
    std::printf("[%s, %s delta] mean iterations: distance vanilla polyak nesterov nesterov-normalized\n",
                title, schedule == GjkMomentumSchedule::Paper ? "paper" : "coal");
    for (double target : distances) {
        std::array<double, 4> mean{};
        for (int trial = 0; trial < pairs; ++trial) {
            const T a = make(rng);
            T b = make(rng);
            b.center = 3.0 * randomUnit(rng);
            placeAtDistance(a, b, target);
            double reference = 0.0;
            for (size_t i = 0; i < kVariants.size(); ++i) {
                auto d = difference(a, b);
                GjkSettings s = settingsFor(kVariants[i], a.center - b.center);
                s.momentumSchedule = schedule;
                const GjkOutput out = gjk(d, s);
                // an overlap may end on a triangle through the origin (Touching: ||x|| <= the
                // absolute tolerance, see GjkStatus) instead of a tetrahedron around it
                const bool overlapVerdict = out.status == GjkStatus::Overlapping || out.status == GjkStatus::Touching;
                EXPECT_TRUE(target > 0.0 ? out.status == GjkStatus::Separated : overlapVerdict)
                    << variantName(kVariants[i]) << " status " << int(out.status) << " at " << target;
                // overlap: lambda from volume ratios of the tetrahedron, residual ~ eps |y|^4 / V
                const double witnessTol = out.status == GjkStatus::Overlapping ? 1e-9 : 1e-12;
                EXPECT_LT((out.pa - out.pb - out.v).norm(), witnessTol)
                    << "witnesses must give x; status " << int(out.status) << " at " << target << " "
                    << variantName(kVariants[i]);
                reference = i == 0 ? out.distance : reference;
                EXPECT_NEAR(out.distance, reference, 2e-8 * reference + s.absoluteTolerance)
                    << variantName(kVariants[i]);
                EXPECT_NEAR(out.distance, std::max(target, 0.0), 1e-7 * (1.0 + std::abs(target)));
                mean[i] += double(out.iterations) / pairs;
            }
        }
        std::printf("  %8g %8.2f %8.2f %8.2f %8.2f\n", target, mean[0], mean[1], mean[2], mean[3]);
        table.push_back(mean);
    }
    return table;
}

const std::vector<double> kDistances{-0.1, -0.01, 1e-4, 1e-3, 1e-2, 0.1, 1.0};

TEST(Gjk, VariantsAgreeOnEllipsoidsAndAccelerateWhenClose) {
    // GJK++ Sec. IV-A: random ellipsoids (semi-axes 0.05-0.5 m) at controlled distances.
    const auto make = [](std::mt19937_64& rng) { return randomEllipsoid(rng, Vec3::Zero()); };
    const auto table = iterationTable<Ellipsoid>("ellipsoids", make, 100, kDistances);
    const auto coal = iterationTable<Ellipsoid>("ellipsoids", make, 100, kDistances, GjkMomentumSchedule::Coal);
    // Fig. 7a: in close proximity (0.1 mm - 1 cm) Nesterov needs fewer iterations than GJK, and
    // so does Polyak with the constant of the authors' code, delta_k = 1/(k+1). With Alg. 6's
    // printed (k+1)/(k+3) Polyak's d_k keeps the long first iterates and is not faster there
    // (docs/gjk-acceleration.md).
    for (size_t row : {2u, 3u, 4u}) {
        EXPECT_LT(table[row][2], table[row][0]) << "nesterov at " << kDistances[row];
        EXPECT_LT(coal[row][1], coal[row][0]) << "polyak (coal delta) at " << kDistances[row];
    }
}

TEST(Gjk, VariantsAgreeOnHullsAndNormalizedNesterovAccelerates) {
    // 200-point hulls (non-strictly convex, the case of GJK++ Alg. 7 / Fig. 8).
    const auto make = [](std::mt19937_64& rng) {
        const Ellipsoid e = randomEllipsoid(rng, Vec3::Zero());
        PointSet set;
        for (int i = 0; i < 200; ++i) {
            set.points.push_back(e.rot * e.radii.cwiseProduct(randomUnit(rng)));
        }
        return set;
    };
    const auto table = iterationTable<CenteredPointSet>(
        "200-point hulls", [&](std::mt19937_64& rng) { return CenteredPointSet{make(rng)}; }, 60,
        kDistances);
    for (size_t row : {2u, 3u, 4u}) {
        EXPECT_LT(table[row][3], table[row][0]) << "nesterov-normalized at " << kDistances[row];
    }
}

namespace {

/// A Difference that records the directions it is asked for (GJK asks support(-d_k)).
template <class A, class B>
struct Recording {
    Difference<A, B> diff;
    std::vector<Vec3> directions;
    void support(const Vec3& dir, SupportPoint& out) {
        directions.push_back(dir);
        diff.support(dir, out);
    }
};

} // namespace

TEST(Gjk, MomentumScheduleIsThatOfAlgorithm6) {
    // GJK++ Alg. 6 line 1: delta_k = (k+1)/(k+3) for every variant (Alg. 7 only changes line 3);
    // the Coal schedule has the constants of coal's gjk.cpp.
    for (int k = 1; k < 50; ++k) {
        const double paper = (k + 1.0) / (k + 3.0);
        for (GjkVariant v : {GjkVariant::Polyak, GjkVariant::Nesterov, GjkVariant::NesterovNormalized}) {
            const detail::GjkMomentum m(v, GjkMomentumSchedule::Paper, Vec3::UnitX(), Vec3::UnitY());
            EXPECT_DOUBLE_EQ(m.delta(k), paper) << variantName(v) << " k " << k;
        }
        using detail::GjkMomentum;
        const Vec3 x = Vec3::UnitX(), y = Vec3::UnitY();
        EXPECT_DOUBLE_EQ(GjkMomentum(GjkVariant::Polyak, GjkMomentumSchedule::Coal, x, y).delta(k),
                         1.0 / (k + 1.0));
        EXPECT_DOUBLE_EQ(GjkMomentum(GjkVariant::Nesterov, GjkMomentumSchedule::Coal, x, y).delta(k), paper);
        EXPECT_DOUBLE_EQ(
            GjkMomentum(GjkVariant::NesterovNormalized, GjkMomentumSchedule::Coal, x, y).delta(k),
            (k + 2.0) / (k + 3.0));
    }
}

TEST(Gjk, AcceleratedDirectionsFollowAlgorithm6FromTheGuess) {
    // Alg. 6 with d_{-1} = s_{-1} = x_0 = the guess: k = 0 supports along x_0, x_1 = s_0, then
    // d_1 = delta_1 d_0 + (1 - delta_1) y_1 with delta_1 = 1/2 and y_1 = x_1 (Polyak) or
    // 1/2 x_1 + 1/2 s_0 = s_0 (Nesterov); eq. (33) normalises both terms; d_2 likewise.
    const Ellipsoid a{Mat3::Identity(), Vec3(0.3, 0.2, 0.1), Vec3::Zero()};
    const Ellipsoid b{Mat3::Identity(), Vec3(0.1, 0.2, 0.3), Vec3(0.9, 0.4, -0.2)};
    const Vec3 guess(-0.5, -0.1, 0.3); // any x_0, not the optimum's direction
    for (GjkVariant variant : {GjkVariant::Polyak, GjkVariant::Nesterov, GjkVariant::NesterovNormalized}) {
        Recording<Ellipsoid, Ellipsoid> rec{difference(a, b), {}};
        const GjkOutput out = gjk(rec, settingsFor(variant, guess));
        ASSERT_EQ(out.status, GjkStatus::Separated) << variantName(variant);
        ASSERT_GE(rec.directions.size(), 3u);
        EXPECT_LT((rec.directions[0] + guess).norm(), 1e-15); // support(-d_0), d_0 = x_0
        SupportPoint s0;
        rec.diff.support(-guess, s0);
        const Vec3 x1 = s0.w;
        const auto unit = [](const Vec3& v) { return Vec3(v.normalized()); };
        const Vec3 d1 = variant == GjkVariant::NesterovNormalized ? Vec3(0.5 * unit(guess) + 0.5 * unit(x1))
                                                                   : Vec3(0.5 * guess + 0.5 * x1);
        EXPECT_LT((rec.directions[1] + d1).norm(), 1e-12 * d1.norm()) << variantName(variant);
    }
}

TEST(Gjk, DualityGapCriterionCertifiesEquation18) {
    // GJK++ (17)/(18): stop when g_FW(x) = 2 <x, x - S(x)> <= eps, which bounds ||x - x*||^2 <= eps.
    // Spheres give x* analytically; eps = 1e-8 m^2 is the paper's (||x - x*|| <= 1e-4 m).
    std::mt19937_64 rng(11);
    for (double eps : {1e-6, 1e-8, 1e-12}) {
        for (int trial = 0; trial < 50; ++trial) {
            const double gap = std::pow(10.0, std::uniform_real_distribution<double>(-3.0, 0.0)(rng));
            const Vec3 n = randomUnit(rng);
            const Ellipsoid a{Mat3::Identity(), Vec3::Constant(0.2), Vec3::Zero()};
            const Ellipsoid b{Mat3::Identity(), Vec3::Constant(0.3), (0.5 + gap) * n};
            const Vec3 xStar = -gap * n; // p_A - p_B
            for (GjkVariant variant : kVariants) {
                for (GjkMomentumSchedule schedule : {GjkMomentumSchedule::Paper, GjkMomentumSchedule::Coal}) {
                    auto d = difference(a, b);
                    GjkSettings s = settingsFor(variant, a.center - b.center);
                    s.convergence = GjkConvergence::DualityGap;
                    s.momentumSchedule = schedule;
                    s.tolerance = eps;
                    const GjkOutput out = gjk(d, s);
                    ASSERT_EQ(out.status, GjkStatus::Separated) << variantName(variant) << " eps " << eps;
                    EXPECT_LE((out.v - xStar).squaredNorm(), eps) << variantName(variant) << " gap " << gap;
                    SupportPoint sx;
                    d.support(-out.v, sx);
                    // the certificate held when the loop stopped (up to rounding of the last step)
                    EXPECT_LE(2.0 * out.v.dot(out.v - sx.w), eps * (1.0 + 1e-6) + 1e-15)
                        << variantName(variant) << " gap " << gap;
                    EXPECT_LE(out.lowerBound, gap + 1e-12);
                }
            }
        }
    }
}

TEST(Gjk, CoalScheduleAgreesWithVanilla) {
    // The authors' constants (GjkMomentumSchedule::Coal) change the path, not the answer.
    std::mt19937_64 rng(12);
    for (int trial = 0; trial < 200; ++trial) {
        const PointSet a = randomCloud(rng, Vec3::Zero(), 1.0, 60);
        const Vec3 cb = std::uniform_real_distribution<double>(1.5, 3.0)(rng) * randomUnit(rng);
        const PointSet b = randomCloud(rng, cb, 0.5, 60);
        auto ref = difference(a, b);
        const GjkOutput reference = gjk(ref, settingsFor(GjkVariant::Vanilla, -cb));
        ASSERT_EQ(reference.status, GjkStatus::Separated);
        for (GjkVariant variant : kVariants) {
            auto d = difference(a, b);
            GjkSettings s = settingsFor(variant, -cb);
            s.momentumSchedule = GjkMomentumSchedule::Coal;
            const GjkOutput out = gjk(d, s);
            ASSERT_EQ(out.status, GjkStatus::Separated) << variantName(variant);
            EXPECT_NEAR(out.distance, reference.distance, 2e-8 * reference.distance) << variantName(variant);
        }
    }
}
