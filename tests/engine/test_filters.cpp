/// The OBB filter against the narrow phase on boxes, and Bullet's broadphase against brute force.

#include "Random.h"
#include "minkowski/engine/Broadphase.h"
#include "minkowski/engine/ObbFilter.h"
#include "minkowski/narrowphase/Collide.h"

#include <gtest/gtest.h>
#include <random>
#include <vector>

namespace mk {
namespace {

using ref::randomRotation;

TEST(ObbFilter, AgreesWithGjkOnBoxes) {
    // Reference: the box of A grown by the margin overlaps B iff their signed distance <= 0.
    // Cases within 1e-7 m of touching are skipped (GJK's tolerance); both outcomes must occur.
    std::mt19937_64 rng(7);
    std::uniform_real_distribution<double> extent(0.05, 1.0);
    std::uniform_real_distribution<double> offset(-2.0, 2.0);
    constexpr double kMargin = 0.01;
    int overlaps = 0;
    int separations = 0;
    for (int i = 0; i < 2000; ++i) {
        Obb a{Vec3(offset(rng), offset(rng), offset(rng)), randomRotation(rng).toRotationMatrix(),
              Vec3(extent(rng), extent(rng), extent(rng))};
        Obb b{Vec3(offset(rng), offset(rng), offset(rng)), randomRotation(rng).toRotationMatrix(),
              Vec3(extent(rng), extent(rng), extent(rng))};
        const Pose poseA(Quat(a.axes), a.center);
        const Pose poseB(Quat(b.axes), b.center);
        QueryRequest request;
        const QueryResult r = collide(Shape::box(a.halfExtents + Vec3::Constant(kMargin)), poseA,
                                      Shape::box(b.halfExtents), poseB, request);
        if (std::abs(r.distance) < 1e-7) {
            continue;
        }
        const bool expected = r.distance < 0.0;
        EXPECT_EQ(obbOverlap(a, b, kMargin), expected)
            << "case " << i << " distance " << r.distance;
        (expected ? overlaps : separations)++;
    }
    EXPECT_GT(overlaps, 200);
    EXPECT_GT(separations, 200);
}

TEST(ObbFilter, BallsApartOnlyWhenTheBoxesAreApart) {
    // obbBallsApart() of boxes grown by ga and gb, margin m, against obbOverlap(m + ga + gb):
    // apart balls must mean apart boxes; both outcomes must occur.
    std::mt19937_64 rng(8);
    std::uniform_real_distribution<double> extent(0.01, 1.0);
    std::uniform_real_distribution<double> offset(-2.0, 2.0);
    std::uniform_real_distribution<double> grow(0.0, 0.2);
    int apart = 0;
    int near = 0;
    for (int i = 0; i < 2000; ++i) {
        const Obb a{Vec3(offset(rng), offset(rng), offset(rng)),
                    randomRotation(rng).toRotationMatrix(), Vec3(extent(rng), 0.01, extent(rng))};
        const Obb b{Vec3(offset(rng), offset(rng), offset(rng)),
                    randomRotation(rng).toRotationMatrix(),
                    Vec3(extent(rng), extent(rng), extent(rng))};
        const double ga = grow(rng), gb = grow(rng), m = 0.01;
        if (obbBallsApart(obbBall(a, ga), obbBall(b, gb), m)) {
            EXPECT_FALSE(obbOverlap(a, b, m + ga + gb)) << "case " << i;
            ++apart;
        } else {
            ++near;
        }
    }
    EXPECT_GT(apart, 200);
    EXPECT_GT(near, 200);
}

TEST(ObbFilter, ParallelBoxesJustApart) {
    const Obb a{Vec3::Zero(), Mat3::Identity(), Vec3::Constant(1.0)};
    const Obb b{Vec3(2.0 + 0.004, 0.0, 0.0), Mat3::Identity(), Vec3::Constant(1.0)};
    EXPECT_TRUE(obbOverlap(a, b, 0.005));
    EXPECT_FALSE(obbOverlap(a, b, 0.003));
}

/// `count` random boxes in a cube of side `extent` (unit: metre), every fifth one fixed; the
/// pairs, before and after a move, against brute force.
void checkPairsAgainstBruteForce(BodyId count, double extent) {
    std::mt19937_64 rng(11);
    std::uniform_real_distribution<double> pos(0.0, extent);
    std::uniform_real_distribution<double> size(0.05, 0.5);
    Broadphase bp;
    std::vector<Aabb> boxes;
    std::vector<bool> fixed;
    for (BodyId id = 0; id < count; ++id) {
        const Vec3 c(pos(rng), pos(rng), pos(rng));
        const Vec3 h(size(rng), size(rng), size(rng));
        boxes.push_back({c - h, c + h});
        fixed.push_back(id % 5 == 0);
        bp.add(id, boxes.back(), fixed.back());
    }
    std::vector<BodyPair> pairs;
    for (int round = 0; round < 2; ++round) { // second round after moving every body
        bp.pairs(pairs);
        EXPECT_TRUE(std::is_sorted(pairs.begin(), pairs.end()));
        EXPECT_EQ(std::adjacent_find(pairs.begin(), pairs.end()), pairs.end());
        int expected = 0;
        for (BodyId i = 0; i < boxes.size(); ++i) {
            for (BodyId j = i + 1; j < boxes.size(); ++j) {
                const bool overlap = (boxes[i].min.array() <= boxes[j].max.array()).all() &&
                                     (boxes[j].min.array() <= boxes[i].max.array()).all();
                if (overlap && !(fixed[i] && fixed[j])) {
                    ++expected;
                    EXPECT_TRUE(std::binary_search(pairs.begin(), pairs.end(), BodyPair{i, j}))
                        << i << " " << j;
                }
            }
        }
        EXPECT_GT(expected, 100);
        for (const BodyPair& p : pairs) {
            EXPECT_FALSE(fixed[p.a] && fixed[p.b]);
        }
        for (BodyId id = 0; id < boxes.size(); ++id) {
            if (!fixed[id]) {
                const Vec3 shift(0.3, -0.2, 0.1);
                boxes[id] = {boxes[id].min + shift, boxes[id].max + shift};
                bp.update(id, boxes[id]);
            }
        }
    }
}

TEST(Broadphase, ReportsEveryOverlapOnceSortedAndNoFixedPairs) {
    checkPairsAgainstBruteForce(300, 5.0);
}

/// 5000 ids take 13 bits: the pair sort's keys have 26 bits, two 13-bit radix digits.
TEST(Broadphase, SortsThePairsOfThousandsOfBodies) {
    checkPairsAgainstBruteForce(5000, 22.0);
}

/// The widths on either side: 60 ids (12-bit keys, one digit) and 9000 (28 bits, three
/// digits of 10).
TEST(Broadphase, SortsThePairsInOneAndInThreeRadixPasses) {
    checkPairsAgainstBruteForce(60, 1.5);
    checkPairsAgainstBruteForce(9000, 30.0);
}

} // namespace
} // namespace mk
