/// Tests of ConvexMesh's direction cube map (the hill climb's start vertex): the support stays
/// the linear scan's on every cell centre and corner, on cell and face boundaries, on directions
/// whose largest components tie, and on tiny, huge and subnormal directions; and the hint is an
/// output only (any input value gives the same answer).

#include "CubeMapDirections.h"
#include "minkowski/narrowphase/ConvexMesh.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <random>
#include <vector>

using namespace mk;

namespace {

/// Points on an ellipsoid (a dense hull with a different support vertex in nearly every cell).
std::vector<Vec3> ellipsoidPoints(int count, std::mt19937_64& rng) {
    std::normal_distribution<double> n(0.0, 1.0);
    std::vector<Vec3> points;
    for (int i = 0; i < count; ++i) {
        Vec3 v(n(rng), n(rng), n(rng));
        points.push_back(v.normalized().cwiseProduct(Vec3(0.3, 0.1, 0.05)));
    }
    return points;
}

/// The support along d is a vertex maximising dot(v, d) up to 1e-12 relative rounding, and the
/// hint is its index.
void expectExactSupport(const ConvexMesh& mesh, const Vec3& d) {
    int hint = -1;
    const Vec3 p = mesh.support(d, hint);
    ASSERT_GE(hint, 0);
    ASSERT_LT(hint, static_cast<int>(mesh.vertices().size()));
    EXPECT_EQ(p, mesh.vertices()[hint]);
    const double best = mesh.vertices()[mesh.supportIndexLinear(d)].dot(d);
    EXPECT_NEAR(p.dot(d), best, 1e-12 * d.norm() * 0.3) << d.transpose();
}

class MeshDirectionMap : public ::testing::Test {
protected:
    void SetUp() override {
        std::mt19937_64 rng(41);
        mesh_ = ConvexMesh::fromPoints(ellipsoidPoints(2000, rng));
        ASSERT_GT(mesh_->vertices().size(), 1000u);
    }
    std::shared_ptr<const ConvexMesh> mesh_;
};

} // namespace

TEST_F(MeshDirectionMap, CellCentresCornersAndBoundaries) {
    for (const Vec3& d : test::cubeMapHalfCellDirections()) {
        expectExactSupport(*mesh_, d);
    }
}

TEST_F(MeshDirectionMap, TiesAxesAndExtremeScales) {
    const double tiny = std::numeric_limits<double>::denorm_min();
    for (const Vec3& d : {Vec3(1, 1, 1), Vec3(-1, -1, -1), Vec3(1, -1, 0), Vec3(0, 0, -1),
                          Vec3(-0.0, 1, -0.0), Vec3(1e-300, 0, 0), Vec3(0, -1e300, 1e300),
                          Vec3(tiny, 0, -tiny), Vec3(tiny, 1e-310, 0), Vec3(1e308, 1e308, 1e308),
                          Vec3(1, 1e-17, -1e-17)}) {
        expectExactSupport(*mesh_, d);
    }
}

TEST_F(MeshDirectionMap, RandomDirectionsAndHintIsOutputOnly) {
    std::mt19937_64 rng(42);
    std::normal_distribution<double> g(0.0, 1.0);
    const int count = static_cast<int>(mesh_->vertices().size());
    for (int i = 0; i < 20000; ++i) {
        const Vec3 d(g(rng), g(rng), g(rng));
        expectExactSupport(*mesh_, d);
        int cold = -1;
        int warm = i % count;
        int outOfRange = count + i;
        const Vec3 p = mesh_->support(d, cold);
        EXPECT_EQ(mesh_->support(d, warm), p);
        EXPECT_EQ(mesh_->support(d, outOfRange), p);
        EXPECT_EQ(warm, cold);
        EXPECT_EQ(outOfRange, cold);
    }
}
