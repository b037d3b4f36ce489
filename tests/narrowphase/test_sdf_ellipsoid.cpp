/// Tests of the SDF ellipsoid method (SdfEllipsoid.h; Lopez-Adeva Fernandez-Layos and Merchante,
/// CAD 2024): the SDFs against GJK/EPA point queries, Algorithm 4 against a linear scan,
/// Algorithms 1 and 3 against sampling, the method against GJK/EPA on seeded random poses from
/// -0.05 to 0.05 (the paper's range, in units of the mean bounding radius L) and beyond, the
/// penetration definition (inscribed sphere) against the minimum translation distance on
/// configurations with exact answers, and the warm start of Corollary 1.
///
/// This file: the method (Algorithms 1 and 3, agreement, penetration, warm start);
/// test_sdf_shapes.cpp: the shapes' SDFs and Algorithm 4.

#include "SdfTestSupport.h"

using namespace mk;
using namespace mk::sdftest;

// ---------------------------------------------------------------------------------------------
// Algorithms 1 and 3
// ---------------------------------------------------------------------------------------------

TEST(SdfEllipsoid, CutContainsTheIntersectionAndShrinks) {
    // Algorithm 1: E' contains E n H (points of E n H from the unit ball: (x-e')P'^-1(x-e') <= 1
    // + 1e-9), passes through the point of E lowest along h, and vol(E')/vol(E) <= e^{-1/8}
    // (eq. 9 with n = 3).
    std::mt19937_64 rng(21);
    for (int t = 0; t < 200; ++t) {
        Ellipsoid e;
        e.centre = randomUnit(rng);
        e.factor = randomMatrix(rng) + 0.5 * Mat3::Identity();
        const Vec3 h = randomUnit(rng);
        const double root = (e.factor.transpose() * h).norm();
        const double alpha = uniform(rng, 0.0, 0.9);
        const double delta = h.dot(e.centre) - alpha * root;
        const Ellipsoid before = e;
        EXPECT_NEAR(cutEllipsoid(e, h, delta), alpha, 1e-12);
        const Mat3 inverse = e.matrix().inverse();
        for (int i = 0; i < 200; ++i) {
            const Vec3 x =
                before.centre + before.factor * (std::cbrt(uniform(rng, 0, 1)) * randomUnit(rng));
            if (h.dot(x) <= delta) {
                EXPECT_LE((x - e.centre).dot(inverse * (x - e.centre)), 1.0 + 1e-9);
            }
        }
        const Vec3 lowest = before.centre - before.matrix() * h / root;
        EXPECT_NEAR((lowest - e.centre).dot(inverse * (lowest - e.centre)), 1.0, 1e-9);
        EXPECT_LE(std::abs(e.factor.determinant() / before.factor.determinant()),
                  std::exp(-1.0 / 8.0));
    }
}

TEST(SdfEllipsoid, BoundOfTwoBallsContainsTheLens) {
    // Algorithm 3: the ellipsoid contains S_A n S_B (rejection samples, 1e-9), touches the lens
    // at its tips and rim (minimality, 1e-9), is the smaller ball when that ball is almost inside
    // the other (d < sqrt(rA^2 - rB^2)), and nullopt for disjoint balls.
    std::mt19937_64 rng(22);
    for (int t = 0; t < 200; ++t) {
        const Vec3 cA = randomUnit(rng), cB = cA + uniform(rng, 0.05, 1.5) * randomUnit(rng);
        const double d = (cB - cA).norm();
        const double rA = uniform(rng, 0.3, 1.0), rB = uniform(rng, 0.3, 1.0);
        const auto e = ellipsoidBound(cA, cB, rA, rB);
        if (d > rA + rB) {
            EXPECT_FALSE(e.has_value());
            continue;
        }
        ASSERT_TRUE(e.has_value());
        const Mat3 inverse = e->matrix().inverse();
        auto level = [&](const Vec3& x) { return (x - e->centre).dot(inverse * (x - e->centre)); };
        for (int i = 0; i < 300; ++i) {
            const Vec3 x = cB + rB * std::cbrt(uniform(rng, 0, 1)) * randomUnit(rng);
            if ((x - cA).norm() <= rA) {
                EXPECT_LE(level(x), 1.0 + 1e-9);
            }
        }
        const double small = std::min(rA, rB), large = std::max(rA, rB);
        const Vec3 cSmall = rA < rB ? cA : cB, cLarge = rA < rB ? cB : cA;
        if (d * d < large * large - small * small) {
            EXPECT_NEAR((e->centre - cSmall).norm(), 0.0, 1e-12);
            EXPECT_NEAR(e->matrix().norm(), (small * small * Mat3::Identity()).norm(), 1e-12);
        } else {
            const Vec3 u = (cSmall - cLarge) / d;
            EXPECT_NEAR(level(cSmall - small * u), 1.0, 1e-9); // the tip on the small ball
            const double x = (d * d + large * large - small * small) / (2.0 * d);
            const Vec3 perp = u.cross(randomUnit(rng)).normalized();
            const Vec3 rim = cLarge + x * u + std::sqrt(large * large - x * x) * perp;
            EXPECT_NEAR(level(rim), 1.0, 1e-9);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The method against GJK/EPA
// ---------------------------------------------------------------------------------------------

TEST(SdfEllipsoid, SpheresAreExactInBothDefinitions) {
    // Two spheres: f* = (d - rA - rB)/2 in both cases (the lens's inscribed ball has diameter
    // rA + rB - d, the MTD), witnesses c_i +- r_i n, normal n (1e-12 m).
    // Request tolerance 1e-12: Delta = 2.5e-13 m. The normal and witnesses come from the point
    // x*, which a first-order method pins only to ~sqrt(Delta r) across the normal: 1e-5.
    const Shape a = Shape::sphere(0.3), b = Shape::sphere(0.2);
    QueryRequest request;
    request.tolerance = 1e-12;
    request.absoluteTolerance = 1e-14;
    for (const double gap : {0.2, 0.01, -0.01, -0.3}) {
        const Vec3 n = Vec3(1, 2, 3).normalized();
        const Pose pa(Quat::Identity(), Vec3(0.1, 0, 0));
        const Pose pb(Quat::Identity(), pa.translation + (0.5 + gap) * n);
        const QueryResult r = sdfEllipsoidQuery(a, pa, b, pb, request);
        EXPECT_EQ(r.status, gap > 0 ? Status::Separated : Status::Penetrating);
        EXPECT_NEAR(r.distance, gap, 1e-12);
        EXPECT_LT((r.normal - n).norm(), 1e-5);
        EXPECT_LT((r.witnessA - (pa.translation + 0.3 * n)).norm(), 1e-5);
        EXPECT_LT((r.witnessB - (pb.translation - 0.2 * n)).norm(), 1e-5);
    }
}

namespace {

/// Agreement of sdf-ellipsoid with GJK/EPA on one pair at one signed distance (see the test).
struct Agreement {
    double maxSeparatedError = 0.0; ///< |d_sdf - d_gjk| / L, separated
    double maxDeeper = 0.0;         ///< (d_gjk - d_sdf) / L, penetrating (SDF deeper than MTD)
    double maxShallower = 0.0;      ///< (d_sdf - d_gjk) / L, penetrating
    /// |n_sdf - n_gjk| over 2 sqrt(4 Delta / d) + 1e-6, separated: the normal follows x*, pinned
    /// to sqrt(2 Delta rho) across the normal where the surfaces curve with radius rho >= d/2
    /// (an edge at distance d/2 from x*), i.e. an angle of up to sqrt(4 Delta / d).
    double maxNormalError = 0.0;
    double maxWitnessError = 0.0; ///< |(pB - pA) - d n| / L
    int verdictMismatches = 0;    ///< collide flags differing where |d_gjk| > 1e-6 L
    int notConverged = 0;
    int cases = 0;
    double iterations = 0.0;

    void add(const Shape& a, const Shape& b, double range, std::mt19937_64& rng) {
        const Pose pa(randomRotation(rng), Vec3(0.1, -0.2, 0.3));
        const double L = meanRadius(a, b);
        const double target = uniform(rng, -range, range) * L;
        const Pose pb = placeAt(a, pa, b, randomRotation(rng), randomUnit(rng), target);
        const QueryResult g = collide(a, pa, b, pb, gjkRequest());
        const QueryResult s = sdfEllipsoidQuery(a, pa, b, pb, QueryRequest{});
        ++cases;
        iterations += s.iterations;
        if (s.status == Status::MaxIterations || s.status == Status::Degenerate) {
            ++notConverged;
        }
        if (std::abs(g.distance) > 1e-6 * L && g.collide != s.collide) {
            ++verdictMismatches;
        }
        maxWitnessError = std::max(maxWitnessError,
                                   ((s.witnessB - s.witnessA) - s.distance * s.normal).norm() / L);
        if (g.distance > 0.0) {
            maxSeparatedError = std::max(maxSeparatedError, std::abs(s.distance - g.distance) / L);
            const double delta = 1e-8 * L;
            maxNormalError =
                std::max(maxNormalError, (s.normal - g.normal).norm() /
                                             (2.0 * std::sqrt(4.0 * delta / g.distance) + 1e-6));
        } else {
            maxDeeper = std::max(maxDeeper, (g.distance - s.distance) / L);
            maxShallower = std::max(maxShallower, (s.distance - g.distance) / L);
        }
    }
};

} // namespace

TEST(SdfEllipsoid, AgreesWithGjkEpaOnExactSdfs) {
    // Sphere, box, capsule, cylinder (exact SDFs), 40 poses in [-0.05, 0.05] L and 20 in
    // [-0.3, 0.3] L per ordered pair, default request (Delta = 1e-8 L):
    // - separated: |d_sdf - d_gjk| <= 2.5e-8 L (2 Delta plus GJK's 1e-8 relative), normal within
    //   2 sqrt(4 Delta / d) + 1e-6 (see Agreement::maxNormalError), pB - pA = d n within
    //   2.5e-8 L;
    // - penetrating: the inscribed-sphere depth never exceeds the MTD (<= 2.5e-8 L deeper); in
    //   the paper's range it is shallower by at most 0.03 L (any amount deeper in);
    // - same verdict wherever |d| > 1e-6 L; always converged.
    std::mt19937_64 rng(31);
    const auto shapes = exactShapes();
    for (const Shape& a : shapes) {
        for (const Shape& b : shapes) {
            Agreement paper, beyond;
            for (int i = 0; i < 40; ++i) {
                paper.add(a, b, 0.05, rng);
            }
            for (int i = 0; i < 20; ++i) {
                beyond.add(a, b, 0.3, rng);
            }
            const auto label =
                std::string(shapeTypeName(a.type())) + "-" + std::string(shapeTypeName(b.type()));
            EXPECT_LE(paper.maxShallower, 0.03) << label;
            for (const Agreement* ag : {&paper, &beyond}) {
                EXPECT_LE(ag->maxSeparatedError, 2.5e-8) << label;
                EXPECT_LE(ag->maxNormalError, 1.0) << label;
                EXPECT_LE(ag->maxWitnessError, 2.5e-8) << label;
                EXPECT_LE(ag->maxDeeper, 2.5e-8) << label;
                EXPECT_EQ(ag->verdictMismatches, 0) << label;
                EXPECT_EQ(ag->notConverged, 0) << label;
            }
            RecordProperty(label + "-mean-cuts", static_cast<int>(paper.iterations / paper.cases));
        }
    }
}

TEST(SdfEllipsoid, ApproximateSdfsKeepTheVerdict) {
    // Cone, ellipsoid, superquadric (eq. 21) and a 60-point hull (Algorithm 4) against every
    // shape, 30 poses in [-0.05, 0.05] L per ordered pair: the same verdict wherever
    // |d| > 1e-6 L (the approximations keep the sign of the SDF), and separated distances within
    // the approximation error measured on these shapes (the paper's Figs. 14-15): 2e-3 L for the
    // smooth gauges, 2e-2 L with the 60-point hull, 4e-2 L with the cone (its face planes
    // underestimate near the apex and the rim).
    std::mt19937_64 rng(32);
    auto shapes = exactShapes();
    const auto approximate = approximateShapes(rng);
    shapes.insert(shapes.end(), approximate.begin(), approximate.end());
    auto bound = [](const Shape& s) {
        switch (s.type()) {
        case ShapeType::Cone:
            return 4e-2;
        case ShapeType::ConvexMesh:
            return 2e-2;
        default:
            return 2e-3;
        }
    };
    for (const Shape& a : approximate) {
        for (const Shape& b : shapes) {
            Agreement ag;
            for (int i = 0; i < 30; ++i) {
                ag.add(a, b, 0.05, rng);
            }
            const auto label =
                std::string(shapeTypeName(a.type())) + "-" + std::string(shapeTypeName(b.type()));
            EXPECT_EQ(ag.verdictMismatches, 0) << label;
            EXPECT_EQ(ag.notConverged, 0) << label;
            EXPECT_LE(ag.maxSeparatedError, std::max(bound(a), bound(b))) << label;
            EXPECT_LE(ag.maxWitnessError, 1e-7) << label;
        }
    }
}

TEST(SdfEllipsoid, RoundedBoxesAgreeWithGjk) {
    // Rounded boxes (exact SDF, no Shape): minimizeSdfMax against GJK on the cores (boxes) minus
    // both radii, separated poses: |d - d_ref| <= 2.5e-8 L.
    std::mt19937_64 rng(33);
    const Vec3 ha(0.25, 0.15, 0.05), hb(0.1, 0.2, 0.15);
    const double ra = 0.05, rb = 0.03;
    const SdfShape a = SdfShape::box(ha, ra), b = SdfShape::box(hb, rb);
    const Shape coreA = Shape::box(ha), coreB = Shape::box(hb);
    const double L = 0.5 * (ha.norm() + ra + hb.norm() + rb);
    for (int i = 0; i < 50; ++i) {
        const Pose bInA(randomRotation(rng), uniform(rng, 0.6, 1.0) * randomUnit(rng));
        const QueryResult g = collide(coreA, Pose(), coreB, bInA, gjkRequest());
        const double reference = g.distance - ra - rb;
        SdfSettings settings;
        settings.tolerance = 1e-8 * L;
        std::array<int, 2> hints{-1, -1};
        const SdfOutput o = minimizeSdfMax(a, b, bInA, settings, nullptr, hints);
        ASSERT_EQ(o.status, SdfStatus::Converged);
        if (reference > 0.0) {
            EXPECT_NEAR(2.0 * o.upper, reference, 2.5e-8 * L);
        } else {
            EXPECT_LT(o.upper, 1e-8 * L);
        }
    }
}

TEST(SdfEllipsoid, RoundedBoxShapeUsesItsRounding) {
    // Shape::box(h, r) through SdfShape::of: exact, phi = phi_box(h) - r at every point, and
    // the bounding sphere of the Shape (|h| + r).
    std::mt19937_64 rng(34);
    const Vec3 h(0.3, 0.2, 0.1);
    const Shape rounded = Shape::box(h, 0.05);
    const std::optional<SdfShape> s = SdfShape::of(rounded);
    ASSERT_TRUE(s.has_value());
    EXPECT_TRUE(s->exact());
    EXPECT_TRUE(sdfExact(rounded));
    EXPECT_DOUBLE_EQ(s->boundingSphere().radius, h.norm() + 0.05);
    for (int i = 0; i < 100; ++i) {
        const Vec3 x = randomPointNear(rounded, rng);
        EXPECT_DOUBLE_EQ(sdf(rounded, x), sdf(Shape::box(h), x) - 0.05) << x.transpose();
    }
}

TEST(SdfEllipsoid, RoundedBoxAgainstSphereIsExactAtFacesEdgesAndCorners) {
    // A ball of radius 0.1 in front of a face, an edge and a corner of a rounded box (core
    // h = (0.3, 0.2, 0.1), rounding 0.05): the distance is |p - clamp(p, -h, h)| - 0.05 - 0.1,
    // the witness on the box clamp(p) + 0.05 n. Tolerance 1e-12 relative: distance within
    // 1e-11 m, witnesses within 1e-5 m (x* is pinned to sqrt(Delta rho) across the normal).
    const Vec3 h(0.3, 0.2, 0.1);
    const Shape a = Shape::box(h, 0.05), b = Shape::sphere(0.1);
    QueryRequest request;
    request.solver = builtins::sdfEllipsoid();
    request.tolerance = 1e-12;
    request.absoluteTolerance = 1e-14;
    const Pose pa(Quat(Eigen::AngleAxisd(0.7, Vec3(1, 2, 3).normalized())), Vec3(0.1, -0.2, 0.3));
    for (const Vec3& local : {Vec3(0.1, 0.05, 0.4), Vec3(0.5, 0.4, 0.05), Vec3(0.5, 0.4, 0.3),
                              Vec3(-0.45, 0.1, -0.2)}) {
        const Vec3 core = local.cwiseMax(-h).cwiseMin(h);
        const Vec3 n = (local - core).normalized();
        const double expected = (local - core).norm() - 0.15;
        const Pose pb(Quat::Identity(), pa.apply(local));
        const QueryResult r = collide(a, pa, b, pb, request);
        EXPECT_EQ(r.status, Status::Separated) << local.transpose();
        EXPECT_NEAR(r.distance, expected, 1e-11) << local.transpose();
        EXPECT_LT((r.normal - pa.rotation * n).norm(), 1e-5) << local.transpose();
        EXPECT_LT((r.witnessA - pa.apply(core + 0.05 * n)).norm(), 1e-5) << local.transpose();
        EXPECT_LT((r.witnessB - (pb.translation - 0.1 * (pa.rotation * n))).norm(), 1e-5);
        const QueryResult g = collide(a, pa, b, pb, gjkRequest());
        EXPECT_NEAR(g.distance, expected, 1e-9) << local.transpose();
    }
}

TEST(SdfEllipsoid, RoundedBoxesAgreeWithGjkEpaThroughCollide) {
    // Two rounded boxes (Shape::box(h, r)) through mk::collide at 40 poses in [-0.05, 0.05] L:
    // separated distances within 2.5e-8 L of GJK (which runs on the cores), the inscribed-ball
    // depth never deeper than EPA's MTD, same verdicts, always converged.
    std::mt19937_64 rng(35);
    const Shape a = Shape::box(Vec3(0.25, 0.15, 0.05), 0.05);
    const Shape b = Shape::box(Vec3(0.1, 0.2, 0.15), 0.03);
    Agreement ag;
    for (int i = 0; i < 40; ++i) {
        ag.add(a, b, 0.05, rng);
    }
    EXPECT_LE(ag.maxSeparatedError, 2.5e-8);
    EXPECT_LE(ag.maxDeeper, 2.5e-8);
    EXPECT_LE(ag.maxShallower, 0.03);
    EXPECT_LE(ag.maxWitnessError, 2.5e-8);
    EXPECT_EQ(ag.verdictMismatches, 0);
    EXPECT_EQ(ag.notConverged, 0);
}

// ---------------------------------------------------------------------------------------------
// The penetration definition: inscribed sphere versus minimum translation distance
// ---------------------------------------------------------------------------------------------

TEST(SdfPenetration, ShallowFlatOverlapEqualsTheMtd) {
    // Fig. 6 (a): aligned boxes overlapping by 0.02 along z with wide faces: the intersection is
    // a 0.02-thick slab whose inscribed ball has diameter 0.02 = MTD (EPA). 1e-7 m.
    const Shape a = Shape::box(Vec3(0.5, 0.5, 0.2)), b = Shape::box(Vec3(0.3, 0.3, 0.2));
    const Pose pa, pb(Quat::Identity(), Vec3(0.05, -0.02, 0.38));
    const QueryResult s = sdfEllipsoidQuery(a, pa, b, pb, QueryRequest{});
    const QueryResult g = collide(a, pa, b, pb, gjkRequest());
    EXPECT_EQ(s.status, Status::Penetrating);
    EXPECT_NEAR(g.distance, -0.02, 1e-7);
    EXPECT_NEAR(s.distance, -0.02, 1e-7);
    EXPECT_LT((s.normal - Vec3::UnitZ()).norm(), 1e-6);
}

TEST(SdfPenetration, DeepOverlapIsSmallerThanTheMtd) {
    // Fig. 6 (d): a 0.2-thick plate B through the middle of a 2 m cube A: the intersection is a
    // 0.2-thick slab (inscribed diameter 0.2) while the MTD pushes B out by 1.1 m.
    const Shape a = Shape::box(Vec3(1, 1, 1)), b = Shape::box(Vec3(0.1, 1.5, 1.5));
    const Pose pa, pb(Quat::Identity(), Vec3(0.0, 0.0, 0.0));
    const QueryResult s = sdfEllipsoidQuery(a, pa, b, pb, QueryRequest{});
    const QueryResult g = collide(a, pa, b, pb, gjkRequest());
    EXPECT_EQ(s.status, Status::Penetrating);
    EXPECT_NEAR(g.distance, -1.1, 1e-7);
    EXPECT_NEAR(s.distance, -0.2, 1e-6);
}

TEST(SdfPenetration, SmallBallInsideALargeBoxGivesItsDiameter) {
    // A ball of radius 0.1 at 0.3 m under the top face of a 2 m cube: the inscribed ball is the
    // ball itself (depth 0.2) while the MTD is 0.3 + 0.1 = 0.4; the normal is the short way out
    // of the box, +z.
    const Shape a = Shape::box(Vec3(1, 1, 1)), b = Shape::sphere(0.1);
    const Pose pa, pb(Quat::Identity(), Vec3(0.2, -0.1, 0.7));
    const QueryResult s = sdfEllipsoidQuery(a, pa, b, pb, QueryRequest{});
    const QueryResult g = collide(a, pa, b, pb, gjkRequest());
    EXPECT_NEAR(g.distance, -0.4, 1e-7);
    EXPECT_NEAR(s.distance, -0.2, 1e-6);
    EXPECT_LT((s.normal - Vec3::UnitZ()).norm(), 1e-3);
    EXPECT_LT((0.5 * (s.witnessA + s.witnessB) - pb.translation).norm(), 1e-3);
}

TEST(SdfPenetration, SharpCornerIsSmallerThanTheMtd) {
    // Fig. 6 (c): a cube corner pushed a depth delta into a face along the cube's diagonal. The
    // intersection is a trirectangular tetrahedron with legs a = sqrt(3) delta, inradius
    // a / (3 + sqrt(3)), so the SDF depth is 2 delta / (1 + sqrt(3)) ~ 0.732 delta < MTD = delta.
    const double delta = 0.05;
    const Shape a = Shape::box(Vec3(1, 1, 1)), b = Shape::box(Vec3(0.2, 0.2, 0.2));
    // B's corner (-0.2, -0.2, -0.2) direction rotated onto -z, then placed delta under z = 1.
    const Quat q = Quat::FromTwoVectors(Vec3(-1, -1, -1).normalized(), -Vec3::UnitZ());
    const Pose pa, pb(q, Vec3(0.1, 0.1, 1.0 - delta + 0.2 * std::sqrt(3.0)));
    const QueryResult s = sdfEllipsoidQuery(a, pa, b, pb, QueryRequest{});
    const QueryResult g = collide(a, pa, b, pb, gjkRequest());
    EXPECT_NEAR(g.distance, -delta, 1e-7);
    EXPECT_NEAR(s.distance, -2.0 * delta / (1.0 + std::sqrt(3.0)), 1e-6);
}

TEST(SdfPenetration, RoundedCornerEqualsTheMtd) {
    // The corner of a rounded box (core half extent 0.2, rounding 0.1) pushed delta < 0.1 into a
    // face of a 2 m cube along the cube's diagonal: the intersection is a spherical cap of
    // height delta of the corner's ball, whose inscribed ball has diameter delta (tangent to the
    // face, inside the corner ball): the SDF depth equals the MTD, unlike the sharp corner
    // above (0.732 delta). 1e-6 m.
    const double delta = 0.05;
    const Shape a = Shape::box(Vec3(1, 1, 1)), b = Shape::box(Vec3(0.2, 0.2, 0.2), 0.1);
    const Quat q = Quat::FromTwoVectors(Vec3(-1, -1, -1).normalized(), -Vec3::UnitZ());
    const Pose pa, pb(q, Vec3(0.1, 0.1, 1.0 - delta + 0.2 * std::sqrt(3.0) + 0.1));
    const QueryResult s = sdfEllipsoidQuery(a, pa, b, pb, QueryRequest{});
    const QueryResult g = collide(a, pa, b, pb, gjkRequest());
    EXPECT_EQ(s.status, Status::Penetrating);
    EXPECT_NEAR(g.distance, -delta, 1e-7);
    EXPECT_NEAR(s.distance, -delta, 1e-6);
    EXPECT_LT((s.normal - Vec3::UnitZ()).norm(), 1e-3);
}

// ---------------------------------------------------------------------------------------------
// Warm start, tasks, statuses
// ---------------------------------------------------------------------------------------------

TEST(SdfEllipsoid, WarmStartOfCorollary1) {
    // A box and a capsule in a 200-step trajectory (translation 2 mm and rotation 0.01 rad per
    // step) crossing from separation into penetration: Corollary 1's bound is valid
    // (>= the new f* - Delta), the answers agree with the cold start (2.5e-8 L), and the warm
    // start saves cuts on average (about 10% here: it only lowers f+, the initial ellipsoid is
    // still the lens of the bounding spheres).
    std::mt19937_64 rng(41);
    const Shape a = Shape::box(Vec3(0.3, 0.2, 0.1)), b = Shape::capsule(0.1, 0.2);
    const double L = meanRadius(a, b);
    Pose pa(randomRotation(rng), Vec3::Zero());
    Pose pb(randomRotation(rng), Vec3(0.0, 0.0, 0.35));
    const Vec3 velocity(0.0, 0.0, -0.002);
    const Vec3 spin = randomUnit(rng);
    QueryResult previous = sdfEllipsoidQuery(a, pa, b, pb, QueryRequest{});
    double cold = 0.0, warm = 0.0;
    for (int step = 0; step < 200; ++step) {
        const Pose qa(Quat(Eigen::AngleAxisd(0.01, spin)) * pa.rotation, pa.translation);
        const Pose qb(pb.rotation, pb.translation + velocity);
        QueryRequest request;
        request.sdfWarmStart = sdfWarmStartFrom(previous, pa, pb, qa, qb);
        ASSERT_TRUE(request.sdfWarmStart.has_value());
        const QueryResult w = sdfEllipsoidQuery(a, qa, b, qb, request);
        const QueryResult c = sdfEllipsoidQuery(a, qa, b, qb, QueryRequest{});
        EXPECT_NEAR(w.distance, c.distance, 2.5e-8 * L) << step;
        const SdfWarmStart& ws = *request.sdfWarmStart;
        const double bound = ws.value + 0.5 * (ws.optimumWithB - ws.optimumWithA).norm();
        EXPECT_GE(bound, 0.5 * c.distance - 1e-8 * L) << step;
        cold += c.iterations;
        warm += w.iterations;
        previous = w;
        pa = qa;
        pb = qb;
    }
    EXPECT_LT(previous.distance, 0.0); // the trajectory ends in penetration
    EXPECT_LT(warm, cold);
    RecordProperty("cold-cuts", static_cast<int>(cold / 200));
    RecordProperty("warm-cuts", static_cast<int>(warm / 200));
}

TEST(SdfEllipsoid, BooleanAndDistanceTasksStopAtTheFirstProof) {
    // Task::Boolean stops as soon as f+ < 0 (overlap) or f- > margin / 2 (separation); its verdict
    // equals the converged one and it never needs more cuts; Task::Distance reports overlap
    // without depth.
    std::mt19937_64 rng(42);
    const auto shapes = exactShapes();
    for (int i = 0; i < 200; ++i) {
        const Shape& a = shapes[i % shapes.size()];
        const Shape& b = shapes[(i / 4) % shapes.size()];
        const Pose pa(randomRotation(rng), Vec3::Zero());
        const Pose pb = placeAt(a, pa, b, randomRotation(rng), randomUnit(rng),
                                uniform(rng, -0.1, 0.1) * meanRadius(a, b));
        const QueryResult full = sdfEllipsoidQuery(a, pa, b, pb, QueryRequest{});
        QueryRequest boolean;
        boolean.task = Task::Boolean;
        const QueryResult quick = sdfEllipsoidQuery(a, pa, b, pb, boolean);
        if (std::abs(full.distance) > 1e-6) {
            EXPECT_EQ(quick.collide, full.collide);
            EXPECT_TRUE(quick.status ==
                        (full.collide ? Status::Overlapping : Status::SeparatedEarlyExit))
                << name(quick.status);
        }
        EXPECT_LE(quick.iterations, full.iterations);
        QueryRequest distance;
        distance.task = Task::Distance;
        const QueryResult d = sdfEllipsoidQuery(a, pa, b, pb, distance);
        if (full.status == Status::Penetrating) {
            EXPECT_EQ(d.status, Status::Overlapping);
            EXPECT_EQ(d.distance, 0.0);
        }
    }
}

TEST(SdfEllipsoid, UnsupportedAndInvalidInput) {
    // A smoothed hull has only a support function: Status::Unsupported, nothing computed.
    std::vector<Vec3> cube;
    for (int i = 0; i < 8; ++i) {
        cube.emplace_back(i & 1 ? 0.5 : -0.5, i & 2 ? 0.5 : -0.5, i & 4 ? 0.5 : -0.5);
    }
    const Shape hull = Shape::smoothedHull(cube, 10.0);
    EXPECT_FALSE(sdfSupports(hull));
    const QueryResult r = sdfEllipsoidQuery(Shape::sphere(1), Pose(), hull, Pose(), QueryRequest{});
    EXPECT_EQ(r.status, Status::Unsupported);
    EXPECT_FALSE(r.collide);
    Pose bad;
    bad.translation.x() = std::nan("");
    EXPECT_EQ(
        sdfEllipsoidQuery(Shape::sphere(1), bad, Shape::sphere(1), Pose(), QueryRequest{}).status,
        Status::InvalidInput);
}

TEST(SdfEllipsoid, RegisteredInCollide) {
    // "sdf-ellipsoid" is in the registry and mk::collide dispatches to sdfEllipsoidQuery (the
    // same bits); solverTraits states what it promises.
    EXPECT_EQ(&parseSolverChoice("sdf-ellipsoid").entry(), &builtins::sdfEllipsoid());
    EXPECT_EQ(name(builtins::sdfEllipsoid()), "sdf-ellipsoid");
    const auto all = builtinSolvers();
    EXPECT_NE(std::find(all.begin(), all.end(), &builtins::sdfEllipsoid()), all.end());
    std::mt19937_64 rng(43);
    const Shape a = Shape::box(Vec3(0.3, 0.2, 0.1)), b = Shape::cylinder(0.2, 0.15);
    for (int i = 0; i < 20; ++i) {
        const Pose pa(randomRotation(rng), Vec3::Zero());
        const Pose pb(randomRotation(rng), uniform(rng, 0.2, 0.6) * randomUnit(rng));
        QueryRequest q;
        q.solver = builtins::sdfEllipsoid();
        const QueryResult viaCollide = collide(a, pa, b, pb, q);
        const QueryResult direct = sdfEllipsoidQuery(a, pa, b, pb, q);
        EXPECT_EQ(viaCollide.distance, direct.distance);
        EXPECT_EQ(viaCollide.status, direct.status);
        EXPECT_EQ(viaCollide.witnessA, direct.witnessA);
    }
    const SolverTraits exact = solverTraits(builtins::sdfEllipsoid(), a, b);
    EXPECT_TRUE(exact.supported && exact.exactDistance);
    EXPECT_EQ(exact.depth, DepthDefinition::InscribedSphere);
    EXPECT_FALSE(solverTraits(builtins::sdfEllipsoid(), a, Shape::cone(0.1, 0.1)).exactDistance);
    const Shape hull =
        Shape::smoothedHull(std::vector<Vec3>{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, 5.0);
    EXPECT_FALSE(solverTraits(builtins::sdfEllipsoid(), a, hull).supported);
    QueryRequest q;
    q.solver = builtins::sdfEllipsoid();
    EXPECT_EQ(collide(a, Pose(), hull, Pose(), q).status, Status::Unsupported);
    EXPECT_EQ(name(Status::Unsupported), "unsupported");
}

TEST(SdfEllipsoid, NonFiniteGuessNeverLeaks) {
    // initialGuess is unused by the method, but it is the default warm-start output: a NaN guess
    // must not reach QueryResult::separation (overlap without depth, unsupported shapes).
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const Shape box = Shape::box(Vec3(0.3, 0.2, 0.1));
    const Shape hull =
        Shape::smoothedHull(std::vector<Vec3>{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, 5.0);
    for (const Task task : {Task::Boolean, Task::Distance, Task::SignedDistance}) {
        QueryRequest q;
        q.task = task;
        q.initialGuess = Vec3(nan, 0, 0);
        const QueryResult r =
            sdfEllipsoidQuery(box, Pose(), box, Pose(Quat::Identity(), Vec3(0.1, 0.05, 0)), q);
        EXPECT_TRUE(isOverlap(r.status));
        EXPECT_TRUE(r.separation.allFinite() && r.normal.allFinite() && r.witnessA.allFinite());
        EXPECT_TRUE(sdfEllipsoidQuery(box, Pose(), hull, Pose(), q).separation.allFinite());
    }
}
