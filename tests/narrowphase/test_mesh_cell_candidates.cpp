/// Tests of the neighbours a cell of ConvexMesh's direction cube map lists (the hill climb's first
/// step looks at those only): the support is the very vertex that the climb over every neighbour
/// from the cell's start vertex returns (ReferenceClimb: the algorithm before the lists), ties
/// included, on small, dense, lattice (exact ties) and huge (32-bit cells) hulls, and its dot
/// product is the linear scan's maximum.

#include "CubeMapDirections.h"
#include "MeshDirs.h"
#include "Random.h"
#include "minkowski/narrowphase/ConvexMesh.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <gtest/gtest.h>
#include <memory>
#include <random>
#include <vector>

using namespace mk;

namespace {

/// The cube-map cell of `dir`, as ConvexMesh bins it (ConvexMesh.cpp, mapCell).
int referenceCell(const Vec3& dir, int cells) {
    const Vec3 a = dir.cwiseAbs();
    const int axis = a.x() >= a.y() && a.x() >= a.z() ? 0 : (a.y() >= a.z() ? 1 : 2);
    const double major = a[axis];
    const double c1 = dir[(axis + 1) % 3];
    const double c2 = dir[(axis + 2) % 3];
    const int face = 2 * axis + (dir[axis] < 0.0 ? 1 : 0);
    const double half = 0.5 * cells;
    const double scale = half / (major > 0.0 ? major : 1.0);
    const auto bin = [cells](double t) {
        return t > 0.0 ? (t < cells ? static_cast<int>(t) : cells - 1) : 0;
    };
    return (face * cells + bin(c1 * scale + half)) * cells + bin(c2 * scale + half);
}

/// Support by steepest ascent over every neighbour (first best neighbour in neighbour order,
/// strict improvement), from the support vertex of the centre of the direction's cell, the
/// centres climbed in ConvexMesh's order, each from the previous one's answer.
class ReferenceClimb {
public:
    explicit ReferenceClimb(const ConvexMesh& mesh) : mesh_(mesh) {
        constexpr int n = ConvexMesh::kMapCells;
        starts_.assign(6 * n * n, 0);
        int start = mesh.supportIndexLinear(Vec3::UnitX());
        for (int face = 0; face < 6; ++face) {
            const int axis = face / 2;
            for (int u = 0; u < n; ++u) {
                for (int v = 0; v < n; ++v) {
                    Vec3 centre;
                    centre[axis] = face % 2 == 0 ? 1.0 : -1.0;
                    centre[(axis + 1) % 3] = (2.0 * u + 1.0) / n - 1.0;
                    centre[(axis + 2) % 3] = (2.0 * v + 1.0) / n - 1.0;
                    start = climb(centre, start);
                    starts_[static_cast<size_t>(referenceCell(centre, n))] = start;
                }
            }
        }
    }

    [[nodiscard]] int support(const Vec3& dir) const {
        return climb(dir, starts_[static_cast<size_t>(referenceCell(dir, ConvexMesh::kMapCells))]);
    }

private:
    [[nodiscard]] int climb(const Vec3& dir, int current) const {
        const auto& v = mesh_.vertices();
        double best = v[current].dot(dir);
        for (int next = current;; current = next) {
            for (int neighbor : mesh_.neighbors(current)) {
                if (v[neighbor].dot(dir) > best) {
                    best = v[neighbor].dot(dir);
                    next = neighbor;
                }
            }
            if (next == current) {
                return current;
            }
        }
    }

    const ConvexMesh& mesh_;
    std::vector<int> starts_;
};

/// Directions of every kind: random, every half cell of the cube map (centres, borders, face
/// edges) if `halfCells`, lattice directions (exact ties on lattice hulls), and scaled by 1e-300
/// to 1e300.
std::vector<Vec3> testDirections(int randomCount, bool halfCells, std::mt19937_64& rng) {
    std::vector<Vec3> dirs;
    for (int i = 0; i < randomCount; ++i) {
        dirs.push_back(ref::randomUnit(rng));
    }
    if (halfCells) {
        const std::vector<Vec3> cells = test::cubeMapHalfCellDirections();
        dirs.insert(dirs.end(), cells.begin(), cells.end());
    }
    for (int i = -4; i <= 4; ++i) {
        for (int j = -4; j <= 4; ++j) {
            for (int k = -4; k <= 4; ++k) {
                if (i != 0 || j != 0 || k != 0) {
                    dirs.emplace_back(i, j, k);
                }
            }
        }
    }
    for (int i = 0; i < 41; ++i) {
        dirs.push_back(dirs[static_cast<size_t>(i)] * std::pow(10.0, 15.0 * (i % 41) - 300.0));
    }
    return dirs;
}

/// support() against ReferenceClimb (the same index) and the linear scan (the same maximum up
/// to rounding) on every direction.
void expectReferenceSupport(const ConvexMesh& mesh, const std::vector<Vec3>& dirs) {
    const ReferenceClimb reference(mesh);
    const auto& v = mesh.vertices();
    int differing = 0;
    for (const Vec3& d : dirs) {
        int hint = -1;
        const Vec3 p = mesh.support(d, hint);
        ASSERT_GE(hint, 0);
        ASSERT_LT(hint, static_cast<int>(v.size()));
        EXPECT_EQ(p, v[hint]);
        differing += hint != reference.support(d) ? 1 : 0;
        const double best = v[mesh.supportIndexLinear(d)].dot(d);
        EXPECT_LE(best - p.dot(d), 1e-12 * std::abs(best) + 1e-300) << d.transpose();
    }
    EXPECT_EQ(differing, 0) << "of " << dirs.size() << " directions";
}

std::vector<Vec3> spherePoints(int count, const Vec3& radii, std::mt19937_64& rng) {
    std::vector<Vec3> points;
    for (int i = 0; i < count; ++i) {
        points.push_back(ref::randomUnit(rng).cwiseProduct(radii));
    }
    return points;
}

} // namespace

TEST(MeshCellCandidates, SmallAndDenseHullsClimbTheSamePath) {
    std::mt19937_64 rng(1501);
    const std::vector<Vec3> dirs = testDirections(20000, true, rng);
    for (const auto& [count, radii] :
         {std::pair{40, Vec3(1.0, 1.0, 1.0)}, std::pair{3000, Vec3(0.3, 0.1, 0.05)},
          std::pair{600, Vec3(2.0, 1e-3, 0.5)}}) {
        const auto mesh = ConvexMesh::fromPoints(spherePoints(count, radii, rng));
        ASSERT_GE(static_cast<int>(mesh->vertices().size()), ConvexMesh::kLinearScanBelow);
        expectReferenceSupport(*mesh, dirs);
    }
}

/// Points of a sphere rounded to a lattice: the hull has exactly coplanar vertices, so the
/// lattice and cell-border directions tie between vertices, and the tie-break is the climb's
/// path (first best neighbour): the lists must keep it.
TEST(MeshCellCandidates, LatticeHullsKeepTheClimbsTieBreak) {
    std::mt19937_64 rng(1502);
    const std::vector<Vec3> dirs = testDirections(5000, true, rng);
    for (const double step : {1.0 / 8.0, 1.0 / 16.0}) {
        std::vector<Vec3> points;
        for (const Vec3& p : spherePoints(4000, Vec3(1.0, 0.5, 0.25), rng)) {
            points.push_back((p / step).array().round().matrix() * step);
        }
        const auto mesh = ConvexMesh::fromPoints(points);
        ASSERT_GE(static_cast<int>(mesh->vertices().size()), ConvexMesh::kLinearScanBelow);
        int ties = 0;
        for (const Vec3& d : dirs) {
            const double best = mesh->vertices()[mesh->supportIndexLinear(d)].dot(d);
            ties += std::count_if(mesh->vertices().begin(), mesh->vertices().end(),
                                  [&](const Vec3& v) { return v.dot(d) == best; }) > 1
                        ? 1
                        : 0;
        }
        EXPECT_GT(ties, 1000) << "the lattice and border directions must tie between vertices";
        expectReferenceSupport(*mesh, dirs);
    }
}

/// From 32768 vertices on the cells hold 32-bit indices.
TEST(MeshCellCandidates, HugeHullUsesWideCells) {
    std::mt19937_64 rng(1503);
    const auto mesh = ConvexMesh::fromPoints(spherePoints(34000, Vec3(1.0, 0.7, 0.4), rng));
    ASSERT_GT(mesh->vertices().size(), 32768u);
    expectReferenceSupport(*mesh, testDirections(3000, false, rng));
}

/// The meshes the simulations and the YCB benchmark use: support() reads the vertices in climb
/// order (records of position, original index and neighbour list, laid out along the cube map);
/// the answer must be the same vertex (original index) as the climb over the original numbering,
/// on every half cell and on random directions.
TEST(MeshCellCandidates, RealMeshesClimbTheSamePathInClimbOrder) {
    namespace fs = std::filesystem;
    std::vector<fs::path> files;
    for (const fs::path& dir : {test::assetMeshDir(), test::ycbDir()}) {
        if (!fs::is_directory(dir)) {
            continue; // the YCB hulls are optional (MK_YCB_DIR); the assets are not
        }
        for (const auto& entry : fs::directory_iterator(dir)) {
            if (entry.path().extension() == ".obj") {
                files.push_back(entry.path());
            }
        }
    }
    std::sort(files.begin(), files.end());
    ASSERT_GE(files.size(), 10u) << "the repository's assets/meshes";
    std::mt19937_64 rng(1504);
    const std::vector<Vec3> dirs = testDirections(4000, true, rng);
    for (const fs::path& file : files) {
        SCOPED_TRACE(file.string());
        const auto mesh = ConvexMesh::fromObjFile(file.string());
        if (static_cast<int>(mesh->vertices().size()) >= ConvexMesh::kLinearScanBelow) {
            expectReferenceSupport(*mesh, dirs);
        }
    }
}
