#pragma once
/// \file SdfEllipsoid.h
/// Minimum distance and penetration from signed distance functions (SDFs) with the ellipsoid
/// method: Lopez-Adeva Fernandez-Layos and Merchante, Computer-Aided Design 170 (2024) 103685
/// ("the paper" below). Solver name "sdf-ellipsoid".
///
/// The method minimises f(x) = max(phi_A(x), phi_B(x)) over x in R^3 (Sec. 4.3). By Proposition 1
/// the optimum f* is half the distance when the shapes are apart, and minus the radius of the
/// largest sphere inscribed in A n B (the Chebyshev sphere) when they overlap. We report
/// distance = 2 f*: the distance when separated, minus the *diameter* of the inscribed sphere when
/// penetrating. That is NOT the minimum translation distance (MTD) of GJK/EPA, MPR and RTR:
/// - 2 r <= MTD always (a ball of radius r in A n B needs a translation of 2 r to be freed);
/// - equality for two spheres, and for shallow penetration of flat or low-curvature faces
///   (the paper's Fig. 6 a, b);
/// - 2 r < MTD for sharp features and deep penetration (Fig. 6 c, d), e.g. a small ball deep in
///   a large box: 2 r is the ball's diameter, the MTD the way out of the box.
/// docs/solvers-optimization.md has the details and the warm starts.
///
/// SDFs (SdfShape): exact for spheres, boxes, rounded boxes (box + ball), capsules and cylinders;
/// the half-space approximation of eq. (21) for cones, ellipsoids and superquadrics; the
/// polyhedron approximation of Algorithm 4 for convex meshes. Every approximation is a lower bound
/// of the true SDF with the same sign, so the collision verdict keeps its sign while distances
/// and depths are approximate (the paper's Figs. 14-15). Departure: inside ellipsoids and convex
/// meshes the SDF is exact (a lower bound there made f* too low, a depth deeper than the MTD). Shapes given only by a support function
/// (smoothed hulls) have no SDF: the solver reports Status::Unsupported for them.

#include "minkowski/narrowphase/Math.h"
#include "minkowski/narrowphase/PolyhedronSdf.h"
#include "minkowski/narrowphase/Query.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <utility>
#include <vector>

namespace mk {

class ConvexMesh;
class Shape;
class SmoothSupport;




/// Which SDF an SdfShape evaluates.
enum class SdfKind : unsigned char {
    Sphere,       ///< exact: |x| - r
    Box,          ///< exact (Quilez's box SDF), optionally rounded
    Capsule,      ///< exact: distance to the segment minus the radius
    Cylinder,     ///< exact: 2-D box SDF in (rho, z)
    Cone,         ///< eq. (21) over the cone's faces: base plane and lateral tangent planes
    Ellipsoid,    ///< eq. (21) with the tangent plane where the ray from the centre exits;
                  ///< inside, the exact SDF (Eberly's nearest point), so depths are not overdone
    Superquadric, ///< as Ellipsoid, on the superquadric's implicit function (An et al. eq. 16)
    Polyhedron,   ///< Algorithm 4 (PolyhedronSdf)
};

/// The SDF of a convex body in its local frame. Cheap to copy; a polyhedron refers to a
/// PolyhedronSdf (and a superquadric to a SmoothSupport) that must outlive it.
///
/// Approximations (eq. 21): any supporting half-space H(h, delta) of a body gives the lower bound
/// h . x - delta <= phi(x). With N the gauge function of the body about its centre (the norm
/// whose unit ball is the body), the tangent plane at the point where the ray from the centre
/// through x leaves the body gives phi~(x) = (N(x) - 1) / |grad N(x)|: exact on the surface and
/// along the axes, same sign as phi everywhere, a lower bound of phi. For polyhedra this is
/// exactly Algorithm 4. The cone uses the max over its own faces instead (base plane and the
/// tangent planes of the lateral surface), which is convex and exact inside and in front of the
/// faces; it underestimates near the apex and the rim only.
class SdfShape {
public:
    static SdfShape sphere(double radius);
    /// Box of half extents `halfExtents` grown by a ball of `rounding` (a rounded box).
    static SdfShape box(const Vec3& halfExtents, double rounding = 0.0);
    static SdfShape capsule(double radius, double halfHeight);
    static SdfShape cylinder(double radius, double halfHeight);
    static SdfShape cone(double radius, double halfHeight);
    static SdfShape ellipsoid(const Vec3& radii);
    /// The superquadric core of `core` (SmoothSupport::Kind::Superquadric) grown by `inflation`.
    static SdfShape superquadric(const SmoothSupport& core, double inflation);
    static SdfShape polyhedron(const PolyhedronSdf& faces);
    /// The SDF of a Shape (its bounding sphere is used for Algorithm 3), or nullopt when the
    /// shape has no SDF here (smoothed hulls). Never allocates: meshes use the shape's own
    /// PolyhedronSdf.
    static std::optional<SdfShape> of(const Shape& shape);

    /// phi(x) and a subgradient at the local point x. `hint` is the start face of a polyhedron
    /// (updated; other kinds leave it untouched).
    [[nodiscard]] SdfSample evaluate(const Vec3& x, int& hint) const;
    /// True when evaluate() is the exact SDF (sphere, box, rounded box, capsule, cylinder).
    [[nodiscard]] bool exact() const;
    [[nodiscard]] SdfKind kind() const { return kind_; }
    /// Ball containing the body, in the local frame (Sec. 4.3.1) (unit: metre).
    [[nodiscard]] const BoundingSphere& boundingSphere() const { return sphere_; }

private:
    SdfShape(SdfKind kind, const Vec3& params, double rounding);
    [[nodiscard]] SdfSample evaluateCore(const Vec3& x, int& hint) const;

    SdfKind kind_ = SdfKind::Sphere;
    Vec3 params_ = Vec3::Zero(); ///< as Shape: (r, 0, h) or half extents or radii
    double rounding_ = 0.0;      ///< radius of the ball added to the core (unit: metre)
    const PolyhedronSdf* faces_ = nullptr;
    const SmoothSupport* superquadric_ = nullptr;
    BoundingSphere sphere_;
};

/// True for the shape types that have an SDF here; `sdfExact` for those whose SDF is exact.
[[nodiscard]] bool sdfSupports(const Shape& shape);
[[nodiscard]] bool sdfExact(const Shape& shape);

// ---------------------------------------------------------------------------------------------
// The ellipsoid method
// ---------------------------------------------------------------------------------------------

/// The ellipsoid E = {M u + e : |u| <= 1} = {x : (x - e)^T P^-1 (x - e) <= 1}, P = M M^T (eq. 7-8).
/// We keep the factor M rather than P: the update of Algorithm 1 is the same, and P stays
/// positive semidefinite in floating point.
struct Ellipsoid {
    Vec3 centre = Vec3::Zero(); ///< e (unit: metre)
    Mat3 factor = Mat3::Zero(); ///< M (unit: metre)
    [[nodiscard]] Mat3 matrix() const { return factor * factor.transpose(); } ///< P
};

/// Algorithm 1: replaces E by the smallest ellipsoid containing E n H(h, delta),
/// H(h, delta) = {x : h . x <= delta}. With alpha = (h . e - delta) / sqrt(h^T P h):
/// e' = e - (1 + n alpha)/(n + 1) P h / sqrt(h^T P h),
/// P' = n^2 (1 - alpha^2)/(n^2 - 1) (P - 2 (1 + n alpha)/((n + 1)(1 + alpha)) P h h^T P / h^T P h).
/// Returns alpha; for alpha >= 1 (E n H has at most one point) or h^T P h = 0, E is unchanged.
double cutEllipsoid(Ellipsoid& e, const Vec3& h, double delta);

/// Algorithm 3: the smallest ellipsoid containing S(cA, rA) n S(cB, rB) (Proposition 2), or
/// nullopt when the balls do not intersect (the paper raises an error).
std::optional<Ellipsoid> ellipsoidBound(const Vec3& cA, const Vec3& cB, double rA, double rB);

/// Settings of the ellipsoid method (Algorithm 2).
struct SdfSettings {
    /// Delta: stop when f+ - f- <= tolerance (unit: metre, on f = half the distance).
    double tolerance = 1e-9;
    int maxIterations = 2000; ///< cuts (one evaluation of phi_A and phi_B each)
    /// Stop as soon as f+ < 0 (overlap proven, Task::Boolean and Task::Distance).
    bool stopAtOverlap = false;
    /// Stop as soon as f- > earlyExitBound (Task::Boolean: separation beyond the margin proven).
    bool stopAboveBound = false;
    double earlyExitBound = 0.0; ///< (unit: metre, on f)
};

/// Warm start in A's frame: see mk::SdfWarmStart (Query.h) and Corollary 1.
struct SdfWarmStartLocal {
    Vec3 optimumWithA = Vec3::Zero(); ///< previous optimum moved with A (A's frame)
    Vec3 optimumWithB = Vec3::Zero(); ///< previous optimum moved with B (A's frame)
    double value = 0.0;               ///< previous f* (unit: metre)
};

enum class SdfStatus : unsigned char {
    Converged,          ///< f+ - f- <= tolerance
    OverlapProven,      ///< stopAtOverlap and f+ < 0
    SeparationProven,   ///< stopAboveBound and f- > earlyExitBound
    MaxIterations,      ///< the cap was hit: the best point so far
    Degenerate,         ///< the ellipsoid collapsed numerically (non-finite or zero h^T P h)
};

/// Outcome of the ellipsoid method, in A's frame.
struct SdfOutput {
    SdfStatus status = SdfStatus::Degenerate;
    double upper = 0.0;         ///< f+, f at `point` (the best point evaluated) (unit: metre)
    double lower = 0.0;         ///< f-, a lower bound of f* (valid for exact SDFs)
    double initialUpper = 0.0;  ///< the f+ that built the initial ellipsoid (Prop. 3 / Cor. 1)
    Vec3 point = Vec3::Zero();  ///< x*, the best point found
    SdfSample a;                ///< phi_A and its subgradient at `point`
    SdfSample b;                ///< phi_B and its subgradient at `point` (A's frame)
    int iterations = 0;         ///< cuts
    int evaluations = 0;        ///< evaluations of f (each one phi_A and one phi_B)
};

/// Algorithm 2 on f = max(phi_A, phi_B) with B at `bInA` in A's frame. The initial ellipsoid is
/// Algorithm 3 on the bounding spheres grown by an upper bound f+ (Proposition 3): without a
/// warm start, f+ = min(|cA - cB| + rA + rB, f(p)) with p the point of segment cA cB splitting it
/// as rA : rB; with one, Corollary 1 (see SdfWarmStart). `hints` are the start faces of
/// polyhedra (updated).
SdfOutput minimizeSdfMax(const SdfShape& a, const SdfShape& b, const Pose& bInA,
                         const SdfSettings& settings, const SdfWarmStartLocal* warm,
                         std::array<int, 2>& hints);

/// Witness points, normal and signed distance of an SdfOutput (A's frame), distance = 2 f+.
/// - Normal, from A to B: unit(gA - gB) when phi_A and phi_B agree within 4 `tolerance` (the
///   optimum of two active SDFs, where gA = -gB); otherwise the subgradient of the body with the
///   lower SDF, gA or -gB (a small body deep inside a large one: the short way out of the large
///   one; the small body's own subgradient is arbitrary at its centre).
/// - Witnesses, exact SDFs, separated or touching (f+ >= 0): pA = x - phi_A gA and
///   pB = x - phi_B gB, the projections on the surfaces: the closest points.
/// - Witnesses otherwise: where the sphere S(x, |f+|) meets the normal line, pA = x - f+ n and
///   pB = x + f+ n. Overlapping: the two antipodes of the inscribed sphere, |pA - pB| is the
///   reported depth 2 r. With approximate SDFs the points lie off the surfaces by about the
///   SDF's error (projecting on the planes of eq. 21 would also break pB - pA = distance * n).
/// In all cases pB - pA = distance * normal at the optimum and (pA + pB) / 2 = x* (up to the
/// tolerance for the projections), which is what sdfWarmStartFrom() relies on.
struct SdfContact {
    double distance = 0.0;
    Vec3 witnessA = Vec3::Zero();
    Vec3 witnessB = Vec3::Zero();
    Vec3 normal = Vec3::UnitX();
};
SdfContact sdfContact(const SdfOutput& out, double tolerance, bool exact);

/// The "sdf-ellipsoid" entry of mk::collide. Request mapping:
/// - tolerance: Delta = tolerance * L on f, L the mean bounding radius (the paper's unit), but
///   not below absoluteTolerance / 2; the distance is then within 2 Delta;
/// - maxIterations: max(request.maxIterations, 2000) cuts: the method converges linearly, about
///   24 cuts per decade in 3-D (eq. 9), so GJK-sized caps would stop it early;
/// - initialGuess: unused; sdfWarmStart: Corollary 1 (Query.h); hints: start faces of polyhedra;
/// - Task::Boolean stops at the first proof (f+ < 0 or f- > margin / 2), Task::Distance when
///   f+ < 0. supportCalls counts evaluations of f.
/// Shapes without an SDF give Status::Unsupported. Never throws, never allocates.
QueryResult sdfEllipsoidQuery(const Shape& a, const Pose& poseA, const Shape& b, const Pose& poseB,
                              const QueryRequest& request);

/// The warm start of the next query from this query's result (Corollary 1): the previous optimum
/// x* = (witnessA + witnessB) / 2 and f* = distance / 2, carried by each body from its previous
/// pose to its current one. Meaningful for results of sdf-ellipsoid with status Separated,
/// Penetrating or Touching (and for the separated results of exact distance solvers); nullopt
/// otherwise.
std::optional<SdfWarmStart> sdfWarmStartFrom(const QueryResult& previous,
                                             const Pose& previousA, const Pose& previousB,
                                             const Pose& poseA, const Pose& poseB);

} // namespace mk
