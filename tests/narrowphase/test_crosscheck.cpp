/// \file test_crosscheck.cpp
/// Every solver x every warm start x every task against the brute-force references of
/// tests/support/Reference.h, on seeded random poses of small random hulls
/// (mk::ConvexMesh::fromPoints of 8-30 points), boxes, spheres and capsules, at reference signed
/// distances spread over [-0.1, 1] m (overlapping and separated coverage is asserted).
///
/// Tolerances (scale = max(1 m, diameters of both shapes)):
/// - distance when separated: |d - d_ref| <= 1e-6 * scale (GJK's relative tolerance is 1e-8);
/// - penetration depth per solverTraits() (Collide.h): minimum translation (GJK + EPA, rtr):
///   |d - d_ref| <= 1e-5 * scale (rtr beyond 0.05 scale: >= the minimum, a local minimum may
///   win); portal direction (mpr): depth >= minimum - 1e-6 * scale; inscribed sphere
///   (sdf-ellipsoid): 0 < depth <= minimum + 1e-5 * scale (approximate SDFs: + 0.05 * scale,
///   the "few % of the shapes' size" of solverTraits). Unsupported pairs must answer
///   Status::Unsupported, collide false. Approximate SDFs (sdf-ellipsoid on meshes): only the
///   verdict and 0 < d <= d_ref;
/// - boolean: collide == (d_ref <= 0), except where |d_ref| <= 1e-9 m;
/// - witnesses: |witnessA - witnessB| = |d| within 1e-6 * scale and each on its shape within
///   1e-6 * scale (reference point-to-shape distance; exact distances only). Portal depth (mpr,
///   Mpr.h: the origin's projection clamped to the final portal): dot(wA - wB, normal) = |d| and
///   each witness inside its shape. Inscribed sphere (sdf-ellipsoid, exact SDFs): both
///   witnesses, antipodes of the ball, inside both shapes;
/// - normal: unit within 1e-9; separated (exact distances): the gap of the shapes' projections
///   on it equals d_ref within 1e-6 * scale + extent * theta (the normal certifies the distance;
///   extent = sum of the diameters; theta = directionTolerance(): sqrt(2 eps) for GJK, which
///   stops on |v| - mu <= eps |v| and so bounds the distance error by eps d but the direction
///   only by sqrt(2 eps); 2 sqrt(4 eps L / d) for sdf-ellipsoid per its documentation);
///   penetrating (minimum translation, portal): moving B by (|d| + 1e-4) * normal separates the
///   shapes per the reference;
/// - no query (nor the previous-step query of the `previous` strategies) reports MaxIterations
///   or InvalidInput; the same query twice gives bit-identical results.
///
/// The GJK solvers run with every sub-distance algorithm (johnson on every case; signed-volume and
/// barycode on every kSubAlgorithmStride-th case, a seeded subset of every pair kind, with every
/// warm start and task), held to the same tolerances.
///
/// Failures are grouped by (solver choice, task, check); each group prints its count and the
/// first reproducer (shapes and poses with 17 digits).

#include "Reference.h"
#include "minkowski/narrowphase/Collide.h"
#include "minkowski/narrowphase/ConvexMesh.h"
#include "minkowski/narrowphase/WarmStart.h"

#include <cmath>
#include <cstring>
#include <gtest/gtest.h>
#include <iostream>
#include <map>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using namespace mk;

namespace {

constexpr double kDistanceTol = 1e-6; ///< relative to scale, separated distance
constexpr double kDepthTol = 1e-5;    ///< relative to scale, GJK + EPA penetration depth
constexpr double kBooleanBand = 1e-9; ///< metre, boolean undecided within this of contact
constexpr double kNormalSlack = 1e-4; ///< metre, extra push along the normal that must separate
/// signed-volume and barycode run on cases 0, k, 2k, ... (johnson and the other solvers on all).
constexpr int kSubAlgorithmStride = 3;

/// A shape with its reference core in the shape's local frame.
struct RefShape {
    Shape shape;
    ref::Polytope localCore;
    double radius = 0.0;
    std::string label; ///< spec of a primitive, vertex list of a mesh
};

RefShape sphereShape(double r) {
    return {Shape::sphere(r), ref::pointPolytope(Vec3::Zero()), r, primitiveSpec(Shape::sphere(r))};
}

RefShape boxShape(const Vec3& he) {
    const Shape s = Shape::box(he);
    return {s, ref::boxPolytope(he), 0.0, primitiveSpec(s)};
}

RefShape capsuleShape(double r, double hh) {
    const Shape s = Shape::capsule(r, hh);
    return {s, ref::segmentPolytope(Vec3(0, 0, -hh), Vec3(0, 0, hh)), r, primitiveSpec(s)};
}

/// Hull of `points` as a mesh shape; the reference re-hulls the mesh's vertices by brute force.
RefShape meshShape(const std::vector<Vec3>& points) {
    const Shape s = Shape::mesh(ConvexMesh::fromPoints(points));
    std::string label = "mesh of points {";
    for (const Vec3& p : points) {
        label += ref::str(p) + ", ";
    }
    label += "}";
    return {s, ref::hull(s.convexMesh()->vertices()), 0.0, label};
}

ref::Body worldBody(const RefShape& s, const Pose& pose) {
    return {ref::transformed(s.localCore, pose), s.radius};
}

/// Diameter of a shape's reference (metre).
double diameter(const RefShape& s) {
    return s.localCore.scale() + 2.0 * s.radius;
}

/// One random configuration with its reference answer.
struct Case {
    const RefShape* a = nullptr;
    const RefShape* b = nullptr;
    Pose poseA;
    Pose poseB;
    Pose previousA; ///< poses at step t-1 for the `previous` strategies
    Pose previousB;
    ref::Body bodyA;
    ref::Body bodyB;
    ref::SignedDistance expected;
    double scale = 1.0;
    double extent = 0.0; ///< sum of both diameters (metre)

    [[nodiscard]] std::string describe() const {
        std::ostringstream os;
        os.precision(17);
        os << "A = " << a->label << " at " << ref::str(poseA) << "; B = " << b->label << " at "
           << ref::str(poseB) << "; previous A " << ref::str(previousA) << ", previous B "
           << ref::str(previousB) << "; reference sd = " << expected.value << " normal "
           << ref::str(expected.normal);
        return os.str();
    }
};

/// Failures grouped by key; each group reports its count and its first message.
class Failures {
public:
    void add(const std::string& key, const std::string& message) {
        Entry& e = entries_[key];
        if (e.count++ == 0) {
            e.first = message;
        }
    }
    void report() const {
        for (const auto& [key, e] : entries_) {
            ADD_FAILURE() << key << ": " << e.count << " failing queries; first: " << e.first;
        }
    }

private:
    struct Entry {
        int count = 0;
        std::string first;
    };
    std::map<std::string, Entry> entries_;
};

std::string fmt(double x) {
    std::ostringstream os;
    os.precision(17);
    os << x;
    return os.str();
}

/// Separation of the shapes' projections on unit axis n: min over B - max over A (metre).
double gapAlong(const ref::Body& a, const ref::Body& b, const Vec3& n) {
    return -b.core.support(-n) - b.radius - (a.core.support(n) + a.radius);
}

/// True when moving B by t along n separates the bodies per the reference: first the cheap
/// sufficient test (n itself separates), then the full reference.
bool separatesAfterMove(const ref::Body& a, const ref::Body& b, const Vec3& n, double t) {
    if (gapAlong(a, b, n) + t > 0.0) {
        return true;
    }
    ref::Body moved = b;
    moved.core = ref::transformed(b.core, Pose(Quat::Identity(), t * n));
    return ref::signedDistance(a, moved).value > 0.0;
}

bool bitIdentical(const QueryResult& x, const QueryResult& y) {
    auto same = [](const auto& u, const auto& v) { return std::memcmp(&u, &v, sizeof(u)) == 0; };
    return x.status == y.status && x.collide == y.collide && same(x.distance, y.distance) &&
           same(x.witnessA, y.witnessA) && same(x.witnessB, y.witnessB) &&
           same(x.normal, y.normal) && x.iterations == y.iterations &&
           x.penetrationIterations == y.penetrationIterations && x.supportCalls == y.supportCalls &&
           same(x.separation, y.separation) && x.hints == y.hints;
}

/// Angle (rad) within which a solver's normal is promised. GJK stops on |v| - mu <= eps |v|
/// (van den Bergen 1999, Sec. 3.3): the distance error is at most eps d, but a direction off by
/// theta only lengthens v by ~ d theta^2 / 2 on a flat or ruled feature: theta <= sqrt(2 eps).
/// sdf-ellipsoid pins its point only to sqrt(2 Delta rho) across the normal, Delta = eps * L:
/// docs/solvers-optimization.md gives theta <= 2 sqrt(4 Delta / d).
double directionTolerance(SolverChoice solver, double distance, double scale) {
    const double eps = defaults::kGjkTolerance;
    if (&solver.entry() == &builtins::sdfEllipsoid()) {
        return std::min(2.0,
                        2.0 * std::sqrt(4.0 * eps * scale / std::max(std::abs(distance), 1e-300)));
    }
    return std::sqrt(2.0 * eps);
}

/// Checks one result against the reference and what solverTraits() promises for the pair
/// (supported, exact distance, depth definition); adds failures under "solver/task: check".
class Checker {
public:
    Checker(const Case& c, const SolverChoice& choice, WarmStart warm, Task task,
            Failures& failures)
        : c_(c), choice_(choice), solver_(choice), warm_(warm), task_(task), failures_(failures),
          traits_(solverTraits(choice, c.a->shape, c.b->shape)) {}

    void check(const QueryResult& r) {
        if (!traits_.supported) {
            expect(r.status == Status::Unsupported && !r.collide, "unsupported pair", r,
                   "solverTraits says unsupported");
            return;
        }
        statusValid(r);
        const double ref = c_.expected.value;
        expect(std::abs(ref) <= kBooleanBand || r.collide == (ref <= 0.0), "boolean", r,
               "collide " + std::to_string(r.collide));
        if (task_ == Task::Boolean) {
            if (ref > kBooleanBand && !r.collide) {
                expect(r.distance <= ref + tolD(), "boolean lower bound", r,
                       "distance above reference");
            }
            return;
        }
        if (ref > tolD()) {
            separated(r);
        } else if (ref < -tolD()) {
            overlapping(r);
        } else if (traits_.depth == DepthDefinition::MinimumTranslation && traits_.exactDistance) {
            const double want = task_ == Task::Distance ? std::max(ref, 0.0) : ref;
            expect(std::abs(r.distance - want) <= tolD(), "near-contact distance", r, "");
        }
    }

private:
    [[nodiscard]] double tolD() const { return kDistanceTol * c_.scale; }
    [[nodiscard]] double tolDepth() const { return kDepthTol * c_.scale; }

    void expect(bool ok, const std::string& check, const QueryResult& r, const std::string& what) {
        if (ok) {
            return;
        }
        std::ostringstream os;
        os.precision(17);
        os << "[" << name(warm_) << "] " << what << " | got status " << name(r.status)
           << " distance " << r.distance << " witnessA " << ref::str(r.witnessA) << " witnessB "
           << ref::str(r.witnessB) << " normal " << ref::str(r.normal) << " iterations "
           << r.iterations << "+" << r.penetrationIterations << " | " << c_.describe();
        failures_.add(name(choice_) + "/" + std::string(name(task_)) + ": " + check, os.str());
    }

    void statusValid(const QueryResult& r) {
        expect(r.status != Status::MaxIterations && r.status != Status::InvalidInput &&
                   r.status != Status::Unsupported,
               "status", r, "unexpected status");
        expect(std::abs(r.normal.norm() - 1.0) <= 1e-9, "unit normal", r, "|normal| != 1");
    }

    void separated(const QueryResult& r) {
        const double ref = c_.expected.value;
        const double gapAB = (r.witnessA - r.witnessB).norm();
        expect(std::abs(gapAB - r.distance) <= tolD(), "witness gap", r,
               "|wA - wB| = " + fmt(gapAB));
        if (!traits_.exactDistance) {
            // Approximate SDFs are lower bounds with the right sign (solverTraits).
            expect(r.distance > 0.0 && r.distance <= ref + tolD(), "approximate distance", r,
                   "expected in (0, " + fmt(ref) + "]");
            return;
        }
        expect(std::abs(r.distance - ref) <= tolD(), "distance", r,
               "expected " + fmt(ref) + ", error " + fmt(r.distance - ref));
        onShape(r.witnessA, c_.bodyA, r, "witnessA on A");
        onShape(r.witnessB, c_.bodyB, r, "witnessB on B");
        const double gap = gapAlong(c_.bodyA, c_.bodyB, r.normal);
        const double slack = c_.extent * directionTolerance(solver_, ref, c_.scale);
        expect(gap >= ref - tolD() - slack, "separating normal", r, "gap along normal " + fmt(gap));
    }

    void overlapping(const QueryResult& r) {
        if (task_ == Task::Distance) {
            expect(r.distance == 0.0 && r.status == Status::Overlapping, "overlap without depth", r,
                   "expected distance 0, status overlapping");
            return;
        }
        expect(r.status == Status::Penetrating, "penetrating status", r, "");
        depth(r);
        const double gapAB = (r.witnessA - r.witnessB).norm();
        switch (traits_.depth) {
        case DepthDefinition::PortalDirection: {
            // Mpr.h: the witnesses come from the projection of the origin on the final portal,
            // clamped to the portal triangle: only their component along the normal is the depth.
            const double along = (r.witnessA - r.witnessB).dot(r.normal);
            expect(std::abs(along - std::abs(r.distance)) <= tolD(), "mpr witness along normal", r,
                   "dot(wA - wB, normal) = " + fmt(along));
            inShape(r.witnessA, c_.bodyA, r, "witnessA in A");
            inShape(r.witnessB, c_.bodyB, r, "witnessB in B");
            break;
        }
        case DepthDefinition::InscribedSphere:
            // Antipodes of the largest ball in A n B: inside both shapes (exact SDFs only).
            expect(std::abs(gapAB - std::abs(r.distance)) <= tolD(), "witness gap", r,
                   "|wA - wB| = " + fmt(gapAB));
            if (traits_.exactDistance) {
                inShape(r.witnessA, c_.bodyA, r, "witnessA in A");
                inShape(r.witnessA, c_.bodyB, r, "witnessA in B");
                inShape(r.witnessB, c_.bodyA, r, "witnessB in A");
                inShape(r.witnessB, c_.bodyB, r, "witnessB in B");
            }
            return; // the ball's diameter along its normal is no translation that separates
        case DepthDefinition::MinimumTranslation:
            expect(std::abs(gapAB - std::abs(r.distance)) <= tolD(), "witness gap", r,
                   "|wA - wB| = " + fmt(gapAB));
            onShape(r.witnessA, c_.bodyA, r, "witnessA on A");
            onShape(r.witnessB, c_.bodyB, r, "witnessB on B");
            break;
        }
        expect(
            separatesAfterMove(c_.bodyA, c_.bodyB, r.normal, std::abs(r.distance) + kNormalSlack),
            "penetration normal", r, "moving B along the normal does not separate");
    }

    /// The depth against the reference per the solver's definition (Collide.h).
    void depth(const QueryResult& r) {
        const double ref = c_.expected.value;
        switch (traits_.depth) {
        case DepthDefinition::MinimumTranslation:
            // rtr may stop in a local minimum (>= the MTD) in deep penetration (> 0.05 L).
            if (&solver_.entry() == &builtins::rtr() && -ref > 0.05 * c_.scale) {
                expect(r.distance <= ref + tolDepth(), "rtr depth >= minimum", r,
                       "expected depth >= " + fmt(-ref));
            } else {
                expect(std::abs(r.distance - ref) <= tolDepth(), "depth", r,
                       "expected " + fmt(ref) + ", error " + fmt(r.distance - ref));
            }
            break;
        case DepthDefinition::PortalDirection:
            expect(r.distance <= ref + tolD(), "portal depth >= minimum", r,
                   "expected depth >= " + fmt(-ref));
            break;
        case DepthDefinition::InscribedSphere: {
            // Exact SDFs: the largest inscribed ball needs at least its diameter of push, so
            // depth <= MTD. Approximate SDFs (meshes): the ball of the approximations, within
            // the "few % of the shapes' size" of solverTraits (0.05 * scale).
            const double slack = traits_.exactDistance ? tolDepth() : 0.05 * c_.scale;
            expect(r.distance < 0.0 && r.distance >= ref - slack, "inscribed depth <= minimum", r,
                   "expected depth in (0, " + fmt(-ref) + " + " + fmt(slack) + "]");
            break;
        }
        }
    }

    void onShape(const Vec3& w, const ref::Body& body, const QueryResult& r, const char* check) {
        const double sd = ref::pointSignedDistance(w, body);
        expect(std::abs(sd) <= tolD(), check, r, "point-shape signed distance " + fmt(sd));
    }
    void inShape(const Vec3& w, const ref::Body& body, const QueryResult& r, const char* check) {
        const double sd = ref::pointSignedDistance(w, body);
        expect(sd <= tolD(), check, r, "point-shape signed distance " + fmt(sd));
    }

    const Case& c_;
    SolverChoice choice_;
    SolverChoice solver_;
    WarmStart warm_;
    Task task_;
    Failures& failures_;
    SolverTraits traits_;
};

/// The query at step t under `warm`: for `previous` strategies the pair is first queried at
/// step t-1 (previous poses) and the cache updated. The step-t query runs twice from the same
/// cache state (determinism).
void runAndCheck(const Case& c, const SolverChoice& choice, WarmStart warm, Task task,
                 Failures& failures) {
    const Shape& a = c.a->shape;
    const Shape& b = c.b->shape;
    QueryRequest request;
    request.solver = choice;
    request.task = task;
    PairCache cache;
    Checker checker(c, choice, warm, task, failures);
    if (warm == WarmStart::Previous || warm == WarmStart::TransformedPrevious) {
        QueryRequest first = request;
        cache.prepare(warm, 0, a, c.previousA, b, c.previousB, first);
        const QueryResult r0 = collide(a, c.previousA, b, c.previousB, first);
        if (r0.status == Status::MaxIterations || r0.status == Status::InvalidInput) {
            failures.add(name(choice) + "/" + std::string(name(task)) + ": previous-step status",
                         "[" + std::string(name(warm)) + "] status " +
                             std::string(name(r0.status)) + " | " + c.describe());
        }
        cache.update(0, c.previousA, c.previousB, r0);
    }
    // the query writes its warm data (simplex, polytope) into the cache it reads them from, so
    // the second run starts from a copy of the cache as the first found it
    PairCache again = cache;
    QueryRequest second = request;
    cache.prepare(warm, 1, a, c.poseA, b, c.poseB, request);
    again.prepare(warm, 1, a, c.poseA, b, c.poseB, second);
    const QueryResult r1 = collide(a, c.poseA, b, c.poseB, request);
    const QueryResult r2 = collide(a, c.poseA, b, c.poseB, second);
    if (!bitIdentical(r1, r2)) {
        failures.add(name(choice) + "/" + std::string(name(task)) + ": determinism",
                     "[" + std::string(name(warm)) + "] " + c.describe());
    }
    checker.check(r1);
}

/// Pose near `p`: 5 mm and 0.02 rad away (the previous step of a moving pair).
Pose perturbed(const Pose& p, std::mt19937_64& rng) {
    const Quat dq(Eigen::AngleAxisd(0.02, ref::randomUnit(rng)));
    return {(dq * p.rotation).normalized(), p.translation + 0.005 * ref::randomUnit(rng)};
}

/// Target signed distance: 40% in [-0.1, 0), 10% log-uniform in [1e-5, 1e-2), 50% in [0.01, 1).
double sampleTarget(std::mt19937_64& rng) {
    const double bucket = ref::uniform(rng, 0.0, 1.0);
    if (bucket < 0.4) {
        return ref::uniform(rng, -0.1, 0.0);
    }
    if (bucket < 0.5) {
        return std::pow(10.0, ref::uniform(rng, -5.0, -2.0));
    }
    return ref::uniform(rng, 0.01, 1.0);
}

/// Random configuration at (about) a random target signed distance: A at a random pose, B
/// randomly rotated and placed by ref::placeAt along a random axis (lateral offset <= 0.05 m).
Case makeCase(const RefShape& a, const RefShape& b, std::mt19937_64& rng) {
    Case c;
    c.a = &a;
    c.b = &b;
    c.poseA = Pose(ref::randomRotation(rng), ref::randomVec(rng, -0.5, 0.5));
    c.poseB.rotation = ref::randomRotation(rng);
    c.bodyA = worldBody(a, c.poseA);
    const Vec3 u = ref::randomUnit(rng);
    const Vec3 lateral = ref::randomVec(rng, -0.05, 0.05);
    const ref::Placement placed = ref::placeAt(c.bodyA, b.localCore, b.radius, c.poseB.rotation, u,
                                               lateral, sampleTarget(rng));
    c.poseB.translation = placed.translation;
    c.bodyB = placed.bodyB;
    c.expected = placed.expected;
    c.previousA = perturbed(c.poseA, rng);
    c.previousB = perturbed(c.poseB, rng);
    c.scale = std::max({1.0, diameter(a), diameter(b)});
    c.extent = diameter(a) + diameter(b);
    return c;
}

/// Coverage of the reference signed distances of a suite.
struct Coverage {
    int total = 0;
    int overlapping = 0;
    int separated = 0;
    int nearContact = 0; ///< 0 < sd <= 0.01
    int deep = 0;        ///< sd <= -0.03
    int far = 0;         ///< sd >= 0.5

    void add(double sd) {
        ++total;
        (sd <= 0.0 ? overlapping : separated)++;
        nearContact += sd > 0.0 && sd <= 0.01;
        deep += sd <= -0.03;
        far += sd >= 0.5;
    }
    /// At least 20% of each outcome, 5% near contact, 10% deep and 10% far.
    void expectCovered() const {
        EXPECT_GE(overlapping, total / 5) << "overlapping cases";
        EXPECT_GE(separated, total / 5) << "separated cases";
        EXPECT_GE(nearContact, total * 5 / 100) << "cases with 0 < sd <= 0.01";
        EXPECT_GE(deep, total / 10) << "cases with sd <= -0.03";
        EXPECT_GE(far, total / 10) << "cases with sd >= 0.5";
    }
};

using ShapeFactory = RefShape (*)(std::mt19937_64&);

RefShape randomSphere(std::mt19937_64& rng) {
    return sphereShape(ref::uniform(rng, 0.05, 0.5));
}
RefShape randomBox(std::mt19937_64& rng) {
    return boxShape(ref::randomVec(rng, 0.05, 0.5));
}
RefShape randomCapsule(std::mt19937_64& rng) {
    return capsuleShape(ref::uniform(rng, 0.05, 0.3), ref::uniform(rng, 0.05, 0.5));
}
/// Hull of 8-30 points in an anisotropic box of half extents in [0.1, 0.5] m.
RefShape randomMesh(std::mt19937_64& rng) {
    const int n = std::uniform_int_distribution<int>(8, 30)(rng);
    const Vec3 half = ref::randomVec(rng, 0.1, 0.5);
    std::vector<Vec3> pts;
    for (int i = 0; i < n; ++i) {
        pts.push_back(ref::randomVec(rng, -1.0, 1.0).cwiseProduct(half));
    }
    return meshShape(pts);
}

/// The solver choices that case `i` runs: every registered solver (the built-ins, and the
/// plugins the test program loaded) with its defaults, and on every kSubAlgorithmStride-th case
/// the GJK solvers with the other sub-algorithms too.
std::vector<SolverChoice> choicesFor(int i) {
    std::vector<SolverChoice> choices;
    // A program that loaded plugins (plugin_crosscheck_tests) checks only theirs: the built-ins
    // are checked by narrowphase_tests.
    const bool pluginsOnly = allSolvers().size() > builtinSolvers().size();
    for (const SolverEntry* solver : allSolvers()) {
        if (pluginsOnly && !solver->guarded) {
            continue;
        }
        choices.emplace_back(*solver);
        if (optionIndex(*solver, "subalgo") < 0 || i % kSubAlgorithmStride != 0) {
            continue;
        }
        for (SubAlgorithm sub : allSubAlgorithms()) {
            if (sub != SubAlgorithm::Johnson) {
                choices.push_back(withOption(*solver, "subalgo", name(sub)));
            }
        }
    }
    return choices;
}

/// Runs `cases` random configurations of (makeA, makeB) through every solver choice (choicesFor),
/// warm start and task. Shapes are drawn from pools of 16 per factory (mesh hulls are costly to
/// build). Every choice must have been checked on at least one overlapping and one separated case.

void crossCheck(ShapeFactory makeA, ShapeFactory makeB, int cases, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<std::unique_ptr<RefShape>> poolA;
    std::vector<std::unique_ptr<RefShape>> poolB;
    for (int i = 0; i < 16; ++i) {
        poolA.push_back(std::make_unique<RefShape>(makeA(rng)));
        poolB.push_back(std::make_unique<RefShape>(makeB(rng)));
    }
    Failures failures;
    Coverage coverage;
    std::map<std::string, int> overlapping; ///< cases per choice name
    std::map<std::string, int> separated;
    for (int i = 0; i < cases; ++i) {
        const Case c = makeCase(*poolA[static_cast<size_t>(i % 16)],
                                *poolB[static_cast<size_t>((i / 16 + i) % 16)], rng);
        coverage.add(c.expected.value);
        for (const SolverChoice& choice : choicesFor(i)) {
            (c.expected.value <= 0.0 ? overlapping : separated)[name(choice)]++;
            for (WarmStart warm : allWarmStarts()) {
                for (Task task : {Task::Boolean, Task::Distance, Task::SignedDistance}) {
                    runAndCheck(c, choice, warm, task, failures);
                }
            }
        }
    }
    // Coverage of the subset: every sub-algorithm sees both outcomes on this pair kind.
    for (const SolverChoice& choice : choicesFor(0)) {
        EXPECT_GT(overlapping[name(choice)], 0) << name(choice) << ": no overlapping case";
        EXPECT_GT(separated[name(choice)], 0) << name(choice) << ": no separated case";
    }
    std::cout << "[ coverage ] " << coverage.total << " cases: " << coverage.overlapping
              << " overlapping (" << coverage.deep << " with sd <= -0.03), " << coverage.separated
              << " separated (" << coverage.nearContact << " with sd <= 0.01, " << coverage.far
              << " with sd >= 0.5)\n";
    coverage.expectCovered();
    failures.report();
}

} // namespace

TEST(CrossCheck, MeshMesh) {
    crossCheck(randomMesh, randomMesh, 1500, 2001);
}
TEST(CrossCheck, MeshBox) {
    crossCheck(randomMesh, randomBox, 800, 2002);
}
TEST(CrossCheck, BoxBox) {
    crossCheck(randomBox, randomBox, 800, 2003);
}
TEST(CrossCheck, SphereSphere) {
    crossCheck(randomSphere, randomSphere, 400, 2004);
}
TEST(CrossCheck, BoxSphere) {
    crossCheck(randomBox, randomSphere, 600, 2005);
}
TEST(CrossCheck, SphereMesh) {
    crossCheck(randomSphere, randomMesh, 600, 2006);
}
TEST(CrossCheck, CapsuleCapsule) {
    crossCheck(randomCapsule, randomCapsule, 600, 2007);
}
TEST(CrossCheck, CapsuleBox) {
    crossCheck(randomCapsule, randomBox, 600, 2008);
}
TEST(CrossCheck, MeshCapsule) {
    crossCheck(randomMesh, randomCapsule, 600, 2009);
}
TEST(CrossCheck, CapsuleSphere) {
    crossCheck(randomCapsule, randomSphere, 400, 2010);
}
