/// The face planes of a loaded penetration seed four faces at a time (seedFacePlanes(),
/// EpaFacePlanes.cpp) against the one-by-one path (facePlane(), what EPA itself computes): the
/// same verdict on every group, and on accepted groups the same normals and plane offsets to the
/// bit, so that warm-started answers and the engine's pinned hashes do not depend on the CPU.
/// Seeded random triangles at scales 1e-6 to 1e3 m, far from the origin (1e4 m), slivers whose
/// longest edge is any of the three, and groups with one flat, back-facing, degenerate or
/// overflowing face in any lane.

#include "minkowski/narrowphase/detail/Epa.h"

#include <array>
#include <bit>
#include <cstdint>
#include <gtest/gtest.h>
#include <limits>
#include <random>
#include <vector>

using namespace mk;
using epa_detail::Face;

namespace {

/// Triangles over `w` (three vertices each) as faces 0..count-1.
std::vector<Face> facesOver(int count) {
    std::vector<Face> faces(static_cast<std::size_t>(count));
    for (int f = 0; f < count; ++f) {
        faces[static_cast<std::size_t>(f)].v = {3 * f, 3 * f + 1, 3 * f + 2};
    }
    return faces;
}

/// A random triangle with the origin behind it (counter-clockwise seen from outside): a point
/// at `distance` along a random direction, plus three offsets of size `size` in random
/// directions, one of them stretched by `stretch` (slivers).
std::array<Vec3, 3> randomTriangle(std::mt19937_64& rng, double distance, double size,
                                   double stretch) {
    std::normal_distribution<double> normal;
    const auto direction = [&] { return Vec3(normal(rng), normal(rng), normal(rng)).normalized(); };
    const Vec3 centre = distance * direction();
    std::array<Vec3, 3> t{centre + size * direction(), centre + size * direction(),
                          centre + size * direction()};
    t[std::uniform_int_distribution<std::size_t>(0, 2)(rng)] *= stretch;
    Vec3 n;
    double d = 0.0;
    if (epa_detail::facePlane(t[0], t[1], t[2], n, d) && d < 0.0) {
        std::swap(t[1], t[2]);
    }
    return t;
}

struct Planes {
    bool accepted = false;
    std::vector<Face> faces;
    std::vector<double> dist;
};

Planes planesOf(const std::vector<Vec3>& w, bool fourWide) {
    Planes p;
    const int count = static_cast<int>(w.size() / 3);
    p.faces = facesOver(count);
    p.dist.assign(static_cast<std::size_t>(count), 0.0);
    p.accepted =
        fourWide
            ? epa_detail::seedFacePlanes(w.data(), p.faces.data(), p.dist.data(), count)
            : epa_detail::seedFacePlanesOneByOne(w.data(), p.faces.data(), p.dist.data(), count);
    return p;
}

bool sameBits(double x, double y) {
    return std::bit_cast<std::uint64_t>(x) == std::bit_cast<std::uint64_t>(y);
}

/// Both paths on the triangles `w`: same verdict; when accepted, the same bits.
void expectSamePlanes(const std::vector<Vec3>& w, const char* what) {
    const Planes one = planesOf(w, false);
    const Planes four = planesOf(w, true);
    ASSERT_EQ(one.accepted, four.accepted) << what;
    if (!one.accepted) {
        return;
    }
    for (std::size_t f = 0; f < one.faces.size(); ++f) {
        for (int k = 0; k < 3; ++k) {
            ASSERT_TRUE(sameBits(one.faces[f].n[k], four.faces[f].n[k])) << what << " face " << f;
        }
        ASSERT_TRUE(sameBits(one.faces[f].d, four.faces[f].d)) << what << " face " << f;
        ASSERT_TRUE(sameBits(one.dist[f], four.faces[f].d)) << what << " face " << f;
        ASSERT_TRUE(sameBits(four.dist[f], four.faces[f].d)) << what << " face " << f;
    }
}

} // namespace

TEST(SeedFacePlanes, FourWideGivesTheOneByOneBits) {
    if (!epa_detail::seedFacePlanesFourWide()) {
        GTEST_SKIP() << "no AVX2: seedFacePlanes() runs one face at a time";
    }
    std::mt19937_64 rng(20261127);
    const std::array<double, 4> distances{1e-3, 0.05, 1.0, 1e4};
    const std::array<double, 5> sizes{1e-6, 1e-3, 0.05, 1.0, 1e3};
    const std::array<double, 4> stretches{1.0, 3.0, 1e3, 1e6};
    int accepted = 0;
    for (const double distance : distances) {
        for (const double size : sizes) {
            for (const double stretch : stretches) {
                for (int round = 0; round < 20; ++round) {
                    std::vector<Vec3> w;
                    const int faces = 1 + round % 11; // whole groups of four and the tail
                    for (int f = 0; f < faces; ++f) {
                        const auto t = randomTriangle(rng, distance, size, stretch);
                        w.insert(w.end(), t.begin(), t.end());
                    }
                    expectSamePlanes(w, "random");
                    accepted += planesOf(w, true).accepted ? 1 : 0;
                }
            }
        }
    }
    // most groups are accepted (the origin behind every face), so the bits were compared
    EXPECT_GT(accepted, 1000);
}

TEST(SeedFacePlanes, ABadFaceInAnyLaneRejectsTheSeed) {
    std::mt19937_64 rng(7);
    const double inf = std::numeric_limits<double>::infinity();
    const Vec3 big(1e200, 0.0, 0.0);
    for (int bad = 0; bad < 8; ++bad) {
        for (int kind = 0; kind < 5; ++kind) {
            std::vector<Vec3> w;
            for (int f = 0; f < 8; ++f) {
                auto t = randomTriangle(rng, 1.0, 0.1, 1.0);
                if (f == bad) {
                    switch (kind) {
                    case 0:
                        std::swap(t[1], t[2]);
                        break; // origin in front: d < 0
                    case 1:
                        t[2] = 0.5 * (t[0] + t[1]);
                        break; // flat
                    case 2:
                        t[1] = t[0];
                        t[2] = t[0];
                        break; // a point
                    case 3:
                        t = {big, -big, Vec3(0, 1e200, 0)};
                        break; // overflows to inf
                    case 4:
                        t[2] = Vec3(inf, 0.0, 0.0);
                        break; // not finite
                    }
                }
                w.insert(w.end(), t.begin(), t.end());
            }
            EXPECT_FALSE(planesOf(w, false).accepted) << "lane " << bad << " kind " << kind;
            EXPECT_FALSE(planesOf(w, true).accepted) << "lane " << bad << " kind " << kind;
        }
    }
}
