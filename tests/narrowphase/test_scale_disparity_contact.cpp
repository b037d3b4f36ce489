/// \file test_scale_disparity_contact.cpp
/// Small bodies resting 1e-9 to 1e-5 m above the engine's ground box (half extents 50 x 50 x 0.5
/// m, and 500 x 500 x 0.5 m: 1000:1 against a 0.5 m body), so that the support points of A - B
/// are 70 m (700 m) from the origin while the gap is 1e-9 m. Reference: the gap the body was
/// placed at (exact to rounding of the poses, ~1e-16 m: the body's lowest point is its own
/// support along -z). Every GJK solver and sub-algorithm, cold (x_0 = (1, 0, 0)), OBB and
/// previous warm starts.
///
/// Before the fix, JohnsonSimplex formed x on a triangle as y_i + l_j e_1 + l_k e_2, whose
/// absolute rounding (ulps of 70 m, ~1e-14 m) tilted x by 1e-5 rad at ||x|| = 1e-9 m: the lower
/// bound mu = <x, s> / ||x|| came out wrong by ~1e-6 m, GJK stalled and its degeneracy rule
/// accepted distances off by up to 5.8e-7 m, or declared a flat tetrahedron to hold the origin
/// (Touching at a 1e-7 m gap). 20,000 random rolls of the cylinder on the 50 m ground: 33 (gap
/// 1e-9 m) and 38 (1e-7 m, 7 Touching) answers off by more than 1e-8 m; now none off by more
/// than 5e-14 m (docs/gjk-acceleration.md, "Contact near a large shape").

#include "HardCases.h"

#include <algorithm>

using namespace mk;
using namespace mk::hardcase;

namespace {

/// What the test demands: the verdict for gaps >= 1e-9 m, the distance to 1e-10 m, the normal
/// to 1e-9 rad (measured: 9.8e-14 m and 2.1e-14 rad at worst; the bounds leave room for the
/// rounding of 700 m support points, 1.1e-13 m each).
constexpr double kDistanceTolerance = 1e-10; // unit: metre
constexpr double kNormalTolerance = 1e-9;    // unit: radian

/// A 16-sided prism around z (radius 0.05 m, half height 0.2 m): the cylinder as a hull.
Shape prism() {
    std::vector<Vec3> points;
    for (int i = 0; i < 16; ++i) {
        const double a = 2.0 * std::numbers::pi * i / 16.0;
        for (double z : {-0.2, 0.2}) {
            points.emplace_back(0.05 * std::cos(a), 0.05 * std::sin(a), z);
        }
    }
    return Shape::mesh(ConvexMesh::fromPoints(points));
}

struct Body {
    std::string name;
    Shape shape;
    bool onItsSide; ///< resting pose: axis z turned horizontal (else: the shape's own z up)
};

/// A resting orientation: yaw about the vertical, then (for bodies on their side) the axis laid
/// horizontal and rolled about itself; one in four is a random rotation (a vertex or rim point
/// lowest).
Quat restingRotation(const Body& body, std::mt19937_64& rng, int k) {
    if (k % 4 == 3) {
        return ref::randomRotation(rng);
    }
    std::uniform_real_distribution<double> angle(-std::numbers::pi, std::numbers::pi);
    const Quat yaw(Eigen::AngleAxisd(angle(rng), Vec3::UnitZ()));
    if (!body.onItsSide) {
        return yaw;
    }
    const Quat roll(Eigen::AngleAxisd(angle(rng), Vec3::UnitY()));
    return yaw * roll * Quat(Eigen::AngleAxisd(0.5 * std::numbers::pi, Vec3::UnitX()));
}

/// The pose that puts the body's lowest point `gap` above z = 0 at (x, y) (unit: metre).
Pose restingPose(const Shape& shape, const Quat& q, double x, double y, double gap) {
    int hint = -1;
    const double lowest = (q * shape.support(q.conjugate() * -Vec3::UnitZ(), hint)).z();
    return {q, Vec3(x, y, gap - lowest)};
}

struct Worst {
    double distance = 0.0; ///< largest |distance - gap| (unit: metre)
    double angle = 0.0;    ///< largest angle between the normal and +z (unit: radian)
    int queries = 0;
    int failures = 0;      ///< queries off in verdict, distance or normal
    int wrongVerdicts = 0; ///< statuses other than Separated
};

} // namespace

TEST(ScaleDisparityContact, SmallBodiesJustAboveLargeGround) {
    const std::vector<Body> bodies{{"cylinder", Shape::cylinder(0.05, 0.2), true},
                                   {"capsule", Shape::capsule(0.05, 0.2), true},
                                   {"box", Shape::box(Vec3(0.25, 0.25, 0.25)), false},
                                   {"prism-mesh", prism(), true}};
    std::vector<SolverChoice> solvers;
    for (const SolverChoice& s : allChoices()) {
        if (name(s).rfind("gjk", 0) == 0) {
            solvers.push_back(s);
        }
    }
    ASSERT_GE(solvers.size(), 6u);
    const Pose groundPose(Quat::Identity(), Vec3(0.0, 0.0, -0.5));
    const std::array warmStarts{WarmStart::None, WarmStart::Obb, WarmStart::Previous};
    std::mt19937_64 rng(20261126);
    Worst worst;
    for (double half : {50.0, 500.0}) {
        const Shape ground = Shape::box(Vec3(half, half, 0.5));
        for (const Body& body : bodies) {
            for (double gap : {1e-9, 1e-7, 1e-5}) {
                for (int k = 0; k < 24; ++k) {
                    std::uniform_real_distribution<double> offset(-0.3 * half, 0.3 * half);
                    const Quat q = restingRotation(body, rng, k);
                    const Pose pose = restingPose(body.shape, q, offset(rng), offset(rng), gap);
                    for (const SolverChoice& s : solvers) {
                        for (WarmStart w : warmStarts) {
                            const QueryResult r = query(ground, groundPose, body.shape, pose, s, w,
                                                        Task::SignedDistance);
                            const double error = std::abs(r.distance - gap);
                            const double angle =
                                std::atan2(r.normal.head<2>().norm(), r.normal.z());
                            worst.distance = std::max(worst.distance, error);
                            worst.angle = std::max(worst.angle, angle);
                            ++worst.queries;
                            const bool verdict = r.status == Status::Separated;
                            const bool ok =
                                verdict && error <= kDistanceTolerance && angle <= kNormalTolerance;
                            worst.wrongVerdicts += verdict ? 0 : 1;
                            worst.failures += ok ? 0 : 1;
                            if (!ok && worst.failures <= 5) {
                                ADD_FAILURE()
                                    << label(s, w, Task::SignedDistance) << " " << body.name
                                    << " on the " << half << " m ground, gap " << num(gap) << " at "
                                    << ref::str(pose) << ": " << str(r) << " (error " << error
                                    << " m, normal " << angle << " rad)";
                            }
                        }
                    }
                }
            }
        }
    }
    EXPECT_EQ(worst.failures, 0) << worst.wrongVerdicts << " of them with a wrong verdict";
    std::cout << "[ scale disparity ] " << worst.queries << " queries, " << worst.failures
              << " off (" << worst.wrongVerdicts << " wrong verdicts); worst |distance - gap| "
              << worst.distance << " m, worst normal angle " << worst.angle << " rad\n";
}

// The eight poses of 20,000 random rolls (gaps 1e-9 and 1e-7 m, the 50 m ground) that the previous
// code answered Touching with distance 0 (GJK ended Overlapping on a flat tetrahedron of face
// points, EPA found contact). Reference: the gap of the cylinder's lowest point.
TEST(ScaleDisparityContact, CylinderRollsOnceAnsweredTouching) {
    struct Case {
        Quat rotation;
        Vec3 translation;
    };
    const std::vector<Case> cases{
        {Quat(0.090867029297998406, 0.090867029297998392, 0.7012440252769051, -0.70124402527690499),
         Vec3(-0.023363367728955732, 0.0057940254696291008, 0.050000001000000002)},
        {Quat(0.7010341127286106, 0.70103411272861049, -0.09247255155347299, 0.092472551553472976),
         Vec3(-0.0087114453770523025, -0.005998947018726497, 0.050000100000000006)},
        {Quat(0.11712008952536579, 0.11712008952536576, -0.6973398630722113, 0.69733986307221119),
         Vec3(-0.019853094904787778, 0.016080971952225416, 0.050000100000000006)},
        {Quat(0.68377564495748111, 0.683775644957481, -0.18014124281513322, 0.18014124281513319),
         Vec3(-0.011346132987933686, 0.021188190044862148, 0.050000100000000006)},
        {Quat(0.07978906713895087, 0.079789067138950856, -0.70259070927894862, 0.70259070927894851),
         Vec3(-0.0062909006755998533, 0.009606801956133091, 0.050000100000000006)},
        {Quat(0.70709075173039571, 0.70709075173039559, -0.0047611781466404242,
              0.0047611781466404234),
         Vec3(-0.015275103104077094, -0.00460557426240277, 0.050000100000000006)},
        {Quat(0.44729809855297797, 0.44729809855297792, 0.54765355018559903, -0.54765355018559891),
         Vec3(0.00789907027845488, 0.030823962651914748, 0.050000100000000006)},
        {Quat(0.077489244155866277, 0.077489244155866263, -0.7028480753620604, 0.70284807536206029),
         Vec3(0.00095134472333390895, 0.020187735538997394, 0.050000100000000006)}};
    const Shape cylinder = Shape::cylinder(0.05, 0.2);
    const Shape ground = Shape::box(Vec3(50.0, 50.0, 0.5));
    const Pose groundPose(Quat::Identity(), Vec3(0.0, 0.0, -0.5));
    for (const Case& c : cases) {
        const Pose pose(c.rotation, c.translation);
        int hint = -1;
        const double gap =
            c.translation.z() +
            (c.rotation * cylinder.support(c.rotation.conjugate() * -Vec3::UnitZ(), hint)).z();
        for (const SolverChoice& s : allChoices()) {
            if (name(s).rfind("gjk", 0) != 0) {
                continue;
            }
            const QueryResult r =
                query(ground, groundPose, cylinder, pose, s, WarmStart::None, Task::SignedDistance);
            EXPECT_EQ(r.status, Status::Separated)
                << name(s) << " " << ref::str(pose) << ": " << str(r);
            EXPECT_NEAR(r.distance, gap, kDistanceTolerance) << name(s) << " " << ref::str(pose);
        }
    }
}
