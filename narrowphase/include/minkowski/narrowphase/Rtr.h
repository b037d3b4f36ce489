#pragma once
/// \file Rtr.h
/// Minimum translation distance by Riemannian optimisation on the sphere: An, Lee, Lee, Park,
/// Lee, "Collision Detection between Smooth Convex Bodies via Riemannian Optimization Framework"
/// ("the paper" below). Solver name "rtr".
///
/// The signed MTD of A (C1) and B (C2) is minus the minimum over unit x of the support function
/// of B - A, h(x) = h_B(x) + h_A(-x) (eq. 8), in separation and in penetration alike. The
/// minimiser x* points from B to A, so normal = -x* (from A to B), the witnesses are the support
/// points s_A(-x*) and s_B(x*), and pB - pA = distance * normal at the optimum. The problem is
/// solved by the Riemannian trust-region method (Algorithm 2) with the retraction
/// (x + v)/|x + v| and a truncated conjugate gradient (Steihaug-Toint) for the sub-problem (9).
///
/// RTR needs support functions of class C^2 with gradient and Hessian. Here they are:
/// - the sphere (a point core and its radius) and the ellipsoid, h(x) = |diag(radii) x|;
/// - the superquadric of eq. (16) with alpha1, alpha2 in [1, 2), with the small sphere inflation
///   the paper adds to keep the Hessian positive definite;
/// - the prescribed support function (17) that smooths a convex hull with sharpness beta > 2,
///   and its solid-of-revolution variant (19).
/// Boxes, capsules, cylinders, cones and meshes have no C^2 support function: asking RTR for them
/// is an error whose message names the fix (wrap them with Shape::smoothedHull or
/// Shape::smoothedRevolution). Every other solver uses the smooth shapes through their support
/// points (the gradient of h).
///
/// Departures from the paper, documented where they happen: the radius constants (Manopt's
/// defaults), the rho regularisation of Manopt against rounding near convergence, the choice of
/// the initial direction between eq. (14) and the warm start, and the boolean early exit.

#include "minkowski/narrowphase/Math.h"
#include "minkowski/narrowphase/SmoothSupport.h"
#include "minkowski/narrowphase/Query.h"

#include <memory>
#include <numbers>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace mk {

class Shape;



/// Thrown by rtr() for a shape whose support function is not C^2; the message names the fix.
class RtrUnsupportedShape : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

/// True when RTR accepts the shape (sphere, ellipsoid, superquadric with alpha >= 1, smoothed
/// hull or revolution).
[[nodiscard]] bool rtrSupports(const Shape& shape);
/// Empty when rtrSupports(shape); otherwise why not and what to use instead.
[[nodiscard]] std::string rtrRequirement(const Shape& shape);

/// Settings of Algorithm 2.
struct RtrSettings {
    /// eps_g of (13) = max(gradientTolerance, relativeGradientTolerance |s_B - s_A|): with the
    /// relative part (not in the paper) the optimality measure (20) at termination is at most
    /// relativeGradientTolerance wherever the witnesses are apart by more than
    /// gradientTolerance / relativeGradientTolerance.
    double gradientTolerance = 1e-10; ///< (unit: metre)
    double relativeGradientTolerance = 0.0;
    double hessianTolerance = 1e-10;  ///< eps_H of (13) (unit: metre)
    int maxIterations = 128;          ///< outer RTR iterations
    double acceptance = 0.1;          ///< rho' in (0, 1/4) (Manopt's default)
    /// Maximum trust radius d-bar and initial radius d0 (Manopt's defaults for the sphere:
    /// pi and pi / 8; the paper gives no values).
    double maxRadius = std::numbers::pi;
    double initialRadius = std::numbers::pi / 8.0;
    /// tCG inner stopping |r_j| <= |r_0| min(|r_0|^theta, kappa) (Absil, Baker, Gallivan 2007).
    double tcgTheta = 1.0;
    double tcgKappa = 0.1;
    /// Task::Boolean: stop as soon as h(x_k) < -earlyExitMargin (B - A lies beyond the plane of
    /// normal x_k: separation by more than the margin is proven). Not in the paper.
    bool booleanEarlyExit = false;
    double earlyExitMargin = 0.0; ///< (unit: metre)
};

enum class RtrStatus : unsigned char {
    Converged,          ///< (13) holds at x*
    SeparatedEarlyExit, ///< booleanEarlyExit: a separating direction was found
    MaxIterations,      ///< the cap was hit: the current iterate
    Degenerate,         ///< a non-finite value appeared
};

/// Outcome of rtr() in the frame of the call (A's frame).
struct RtrOutput {
    RtrStatus status = RtrStatus::Degenerate;
    Vec3 direction = Vec3::UnitX(); ///< x*, unit, from B to A
    double value = 0.0;             ///< h_{B-A}(x*) = -distance (unit: metre)
    double distance = 0.0;          ///< signed MTD = -value (unit: metre)
    Vec3 witnessA = Vec3::Zero();   ///< s_A(-x*)
    Vec3 witnessB = Vec3::Zero();   ///< s_B(x*)
    Vec3 normal = Vec3::UnitX();    ///< -x*, from A to B
    double gradientNorm = 0.0;      ///< |grad h(x*)| (Riemannian) (unit: metre)
    double minHessianEigenvalue = 0.0; ///< Lambda_min of Hess h(x*) on the tangent plane (metre)
    double optimality = 0.0;        ///< eq. (20): |x* x (s_B - s_A)| / |s_B - s_A|
    int iterations = 0;             ///< outer iterations (trust-region steps tried)
    int acceptedSteps = 0;
    int innerIterations = 0;        ///< tCG iterations, summed
    int evaluations = 0;            ///< evaluations of h and its derivatives (both shapes)
};

/// Algorithm 2 on shapes A and B, B at `bInA` in A's frame, from the unit direction x0.
/// \throws RtrUnsupportedShape when a shape has no C^2 support function.
RtrOutput rtr(const Shape& a, const Shape& b, const Pose& bInA, const Vec3& x0,
              const RtrSettings& settings = {});

/// Eq. (14): the unit vector from B's centroid to A's (A's frame), or nullopt when they coincide.
std::optional<Vec3> rtrCentroidDirection(const Shape& a, const Shape& b, const Pose& bInA);

/// Eq. (20) for any solver's result: |n x (pB - pA)| / |pB - pA| with n the normal (0 when the
/// witnesses coincide). 0 means the normal is exactly aligned with the witnesses.
[[nodiscard]] double optimalityMeasure(const Vec3& normal, const Vec3& witnessA,
                                       const Vec3& witnessB);

/// The "rtr" entry of mk::collide. Request mapping: eps_g = max(tolerance |s_B - s_A|,
/// absoluteTolerance) (relative like GJK's test), eps_H = max(tolerance * L, absoluteTolerance),
/// L the mean bounding radius; maxIterations; the initial direction is the
/// one of eq. (14) or unit(initialGuess) (the warm start: the previous separation points from B
/// to A like x*), whichever has the lower h; Task::Boolean uses the early exit with the margin.
/// Task::Distance reports overlap without depth (distance 0) as the other solvers do.
/// iterations = RTR iterations, penetrationIterations = tCG iterations, supportCalls =
/// evaluations of h. A shape without a C^2 support function gives Status::Unsupported
/// (rtrRequirement() says why). Never throws, never allocates.
QueryResult rtrQuery(const Shape& a, const Pose& poseA, const Shape& b, const Pose& poseB,
                     const QueryRequest& request);

} // namespace mk
