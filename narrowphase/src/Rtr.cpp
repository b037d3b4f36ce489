/// \file Rtr.cpp
/// Riemannian trust region on the sphere for the minimum translation distance (An et al.,
/// Algorithm 2) with Steihaug-Toint truncated CG, and the "rtr" query.

#include "minkowski/narrowphase/Rtr.h"

#include "minkowski/narrowphase/ConvexMesh.h"
#include "minkowski/narrowphase/Shape.h"

#include <Eigen/Eigenvalues>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace mk {
namespace {

using Vec2 = Eigen::Vector2d;
using Mat2 = Eigen::Matrix2d;

/// Manopt's rho regularisation: this many machine epsilons of max(1, |h|) are added to both
/// terms of rho, so that rounding in h(x) - h(x+) near convergence does not reject good steps.
constexpr double kRhoRegularization = 1e3 * std::numeric_limits<double>::epsilon();

/// A shape's C^2 support function in its local frame: a core (point, ellipsoid or smooth body)
/// swept by a ball of `radius`, h = h_core + radius |x|.
struct SmoothBody {
    enum class Core : unsigned char { Point, Ellipsoid, Smooth } core = Core::Point;
    Vec3 radii = Vec3::Zero();
    const SmoothSupport* smooth = nullptr;
    double radius = 0.0;
    Vec3 centroid = Vec3::Zero(); ///< for eq. (14)

    /// h, grad h, Hess h at x (any length; the result is evaluated at x / |x| and rescaled).
    [[nodiscard]] SupportDerivatives at(const Vec3& x) const {
        const double n = x.norm();
        const Vec3 u = x / n;
        SupportDerivatives d;
        switch (core) {
        case Core::Point: break;
        case Core::Ellipsoid: { // h = |R u|, grad = R^2 u / h, Hess = (R^2 - grad grad^T) / h
            const double h = radii.cwiseProduct(u).norm();
            d.value = h;
            d.gradient = radii.cwiseProduct(radii).cwiseProduct(u) / h;
            d.hessian = (Mat3(radii.cwiseProduct(radii).asDiagonal()) -
                         d.gradient * d.gradient.transpose()) / h;
            break;
        }
        case Core::Smooth: d = smooth->derivatives(u); break;
        }
        d.value += radius;
        d.gradient += radius * u;
        d.hessian += radius * (Mat3::Identity() - u * u.transpose());
        d.value *= n;
        d.hessian /= n;
        return d;
    }
};

/// The body of a shape, or nullopt when its support function is not C^2.
std::optional<SmoothBody> smoothBody(const Shape& s) {
    SmoothBody b;
    switch (s.type()) {
    case ShapeType::Sphere: b.radius = s.radius(); return b;
    case ShapeType::Ellipsoid:
        b.core = SmoothBody::Core::Ellipsoid;
        b.radii = s.radii();
        return b;
    case ShapeType::Superquadric:
    case ShapeType::SmoothedHull:
        if (!s.smoothSupport()->isC2()) {
            return std::nullopt;
        }
        b.core = SmoothBody::Core::Smooth;
        b.smooth = s.smoothSupport();
        b.radius = s.coreRadius();
        b.centroid = b.smooth->centre();
        return b;
    case ShapeType::Box:
    case ShapeType::Capsule:
    case ShapeType::Cylinder:
    case ShapeType::Cone:
    case ShapeType::ConvexMesh: return std::nullopt;
    }
    return std::nullopt;
}

/// h(x) = h_B(x) + h_A(-x) on the sphere with its Euclidean derivatives, B at (R, t) in A's
/// frame: h_B(x) = h_B^local(R^T x) + t . x (eq. 15).
struct Objective {
    const SmoothBody& a;
    const SmoothBody& b;
    Mat3 rotB;
    Vec3 transB;
    int evaluations = 0;

    struct Value {
        double h = 0.0;
        Vec3 gradient = Vec3::Zero(); ///< s_B(x) - s_A(-x)
        Mat3 hessian = Mat3::Zero();
        Vec3 supportA = Vec3::Zero(); ///< s_A(-x)
        Vec3 supportB = Vec3::Zero(); ///< s_B(x)
    };

    Value operator()(const Vec3& x) {
        ++evaluations;
        const SupportDerivatives da = a.at(-x);
        const SupportDerivatives db = b.at(rotB.transpose() * x);
        Value v;
        v.supportA = da.gradient;
        v.supportB = rotB * db.gradient + transB;
        v.h = da.value + db.value + transB.dot(x);
        v.gradient = v.supportB - v.supportA;
        v.hessian = da.hessian + rotB * db.hessian * rotB.transpose();
        return v;
    }
};

/// An orthonormal basis V (3 x 2) of the tangent plane at the unit x (Frisvad-style, stable).
Eigen::Matrix<double, 3, 2> tangentBasis(const Vec3& x) {
    const Vec3 helper = std::abs(x.x()) < 0.6 ? Vec3::UnitX() : Vec3::UnitY();
    const Vec3 e1 = (helper - helper.dot(x) * x).normalized();
    Eigen::Matrix<double, 3, 2> v;
    v.col(0) = e1;
    v.col(1) = x.cross(e1);
    return v;
}

/// Riemannian gradient and Hessian in the basis V (eqs. 11-12 projected as in Sec. III-B).
struct TangentModel {
    Eigen::Matrix<double, 3, 2> basis;
    Vec2 gradient;
    Mat2 hessian;
};

TangentModel tangentModel(const Vec3& x, const Objective::Value& v) {
    TangentModel m;
    m.basis = tangentBasis(x);
    m.gradient = m.basis.transpose() * v.gradient;
    m.hessian = m.basis.transpose() * v.hessian * m.basis - x.dot(v.gradient) * Mat2::Identity();
    m.hessian = 0.5 * (m.hessian + m.hessian.transpose());
    return m;
}

double minEigenvalue(const Mat2& h) {
    const double mean = 0.5 * (h(0, 0) + h(1, 1));
    const double diff = 0.5 * (h(0, 0) - h(1, 1));
    return mean - std::hypot(diff, h(0, 1));
}

/// tau >= 0 with |v + tau d| = radius.
double toBoundary(const Vec2& v, const Vec2& d, double radius) {
    const double a = d.squaredNorm(), b = v.dot(d), c = v.squaredNorm() - radius * radius;
    return (-b + std::sqrt(std::max(0.0, b * b - a * c))) / a;
}

/// Truncated CG (Steihaug 1983; Absil, Baker, Gallivan 2007, Alg. 2) on the sub-problem (9):
/// min g.v + v.Hv/2 over |v| <= radius, at most 2 iterations (the dimension) plus one for
/// rounding. Returns the step; `iterations` is incremented.
Vec2 truncatedCg(const TangentModel& m, double radius, const RtrSettings& s, int& iterations) {
    Vec2 v = Vec2::Zero();
    Vec2 r = m.gradient;
    Vec2 d = -r;
    const double r0 = r.norm();
    if (!(r0 > 0.0)) {
        // A critical point that is not a minimum (the loop tests (13) first): CG has no direction
        // (d = 0 gave 0/0 and a NaN step forever), so leave along the eigenvector of the most
        // negative curvature, to the boundary. Two coincident ellipsoids started on their long
        // axis sat at the maximum (-0.6 against -0.2) until max-iterations.
        ++iterations;
        const Eigen::SelfAdjointEigenSolver<Mat2> eigen(m.hessian);
        return radius * eigen.eigenvectors().col(0);
    }
    const double stop = r0 * std::min(std::pow(r0, s.tcgTheta), s.tcgKappa);
    for (int j = 0; j < 3; ++j) {
        ++iterations;
        const Vec2 hd = m.hessian * d;
        const double curvature = d.dot(hd);
        if (curvature <= 0.0) { // negative curvature: follow d to the boundary
            return v + toBoundary(v, d, radius) * d;
        }
        const double alpha = r.squaredNorm() / curvature;
        const Vec2 next = v + alpha * d;
        if (next.norm() >= radius) {
            return v + toBoundary(v, d, radius) * d;
        }
        v = next;
        const Vec2 rNext = r + alpha * hd;
        if (rNext.norm() <= stop) {
            return v;
        }
        d = -rNext + (rNext.squaredNorm() / r.squaredNorm()) * d;
        r = rNext;
    }
    return v;
}

/// Fills the final fields of an RtrOutput from the iterate x.
void finish(RtrOutput& out, const Vec3& x, const Objective::Value& v, const TangentModel& m) {
    out.direction = x;
    out.value = v.h;
    out.distance = -v.h;
    out.witnessA = v.supportA;
    out.witnessB = v.supportB;
    out.normal = -x;
    out.gradientNorm = m.gradient.norm();
    out.minHessianEigenvalue = minEigenvalue(m.hessian);
    out.optimality = optimalityMeasure(out.normal, out.witnessA, out.witnessB);
}

/// Algorithm 2 on bodies already checked to be C^2, from the unit x0 where h is `v0`.
RtrOutput solve(Objective& f, const Vec3& x0, const Objective::Value& v0, const RtrSettings& s) {
    RtrOutput out;
    Vec3 x = x0;
    Objective::Value v = v0;
    double radius = std::min(s.initialRadius, s.maxRadius);
    out.status = RtrStatus::MaxIterations;
    for (;;) {
        const TangentModel m = tangentModel(x, v);
        finish(out, x, v, m);
        if (!std::isfinite(v.h) || !v.gradient.allFinite() || !v.hessian.allFinite()) {
            out.status = RtrStatus::Degenerate;
            break;
        }
        if (s.booleanEarlyExit && v.h < -s.earlyExitMargin) {
            out.status = RtrStatus::SeparatedEarlyExit;
            break;
        }
        const double gradientTolerance =
            std::max(s.gradientTolerance, s.relativeGradientTolerance * v.gradient.norm());
        if (out.gradientNorm < gradientTolerance &&
            out.minHessianEigenvalue > -s.hessianTolerance) { // (13)
            out.status = RtrStatus::Converged;
            break;
        }
        if (out.iterations >= s.maxIterations) {
            break;
        }
        ++out.iterations;
        const Vec2 step = truncatedCg(m, radius, s, out.innerIterations);
        const Vec3 moved = x + m.basis * step;
        const Vec3 candidate = moved / moved.norm(); // retraction (x + v) / |x + v|
        const Objective::Value w = f(candidate);
        const double modelDecrease = -(m.gradient.dot(step) + 0.5 * step.dot(m.hessian * step));
        const double reg = kRhoRegularization * std::max(1.0, std::abs(v.h));
        const double rho = (v.h - w.h + reg) / (modelDecrease + reg);
        if (rho < 0.25) {
            radius /= 4.0;
        } else if (rho > 0.75) {
            radius = std::min(2.0 * radius, s.maxRadius);
        }
        if (rho > s.acceptance && modelDecrease > 0.0) {
            x = candidate;
            v = w;
            ++out.acceptedSteps;
        }
    }
    out.evaluations = f.evaluations;
    return out;
}

[[nodiscard]] std::string shapeLabel(const Shape& s) { return std::string(shapeTypeName(s.type())); }

RtrSettings settingsFor(const QueryRequest& q, double meanRadius) {
    RtrSettings s;
    s.gradientTolerance = q.absoluteTolerance;
    s.relativeGradientTolerance = q.tolerance;
    s.hessianTolerance = std::max(q.tolerance * meanRadius, q.absoluteTolerance);
    s.maxIterations = q.maxIterations;
    s.booleanEarlyExit = q.task == Task::Boolean;
    s.earlyExitMargin = q.margin;
    return s;
}

/// Status of an RTR run for the request's task (Query.h).
Status statusOf(const RtrOutput& o, const QueryRequest& q) {
    switch (o.status) {
    case RtrStatus::SeparatedEarlyExit: return Status::SeparatedEarlyExit;
    case RtrStatus::MaxIterations: return Status::MaxIterations;
    case RtrStatus::Degenerate: return Status::Degenerate;
    case RtrStatus::Converged: break;
    }
    if (o.distance > q.absoluteTolerance) {
        return Status::Separated;
    }
    if (o.distance < -q.absoluteTolerance) {
        return q.task == Task::SignedDistance ? Status::Penetrating : Status::Overlapping;
    }
    return Status::Touching;
}

} // namespace

bool rtrSupports(const Shape& shape) { return smoothBody(shape).has_value(); }

std::string rtrRequirement(const Shape& shape) {
    if (rtrSupports(shape)) {
        return {};
    }
    const std::string head = "rtr needs a C^2 support function (sphere, ellipsoid, superquadric "
                             "with alpha1, alpha2 in [1, 2), smoothed hull); a " +
                             shapeLabel(shape) + " has none: ";
    switch (shape.type()) {
    case ShapeType::Box:
        return head + "wrap it as Shape::smoothedHull(its 8 corners, beta), e.g. beta = 10";
    case ShapeType::ConvexMesh:
        return head + "wrap it as Shape::smoothedHull(mesh->vertices(), beta)";
    case ShapeType::Cylinder:
        return head + "wrap it as Shape::smoothedRevolution({{r, -h}, {r, h}}, beta, gamma), "
                      "e.g. beta = 40, gamma = 1e-3 (An et al., Table I)";
    case ShapeType::Cone:
        return head + "wrap it as Shape::smoothedRevolution({{r, -h}, {0, h}}, beta, gamma)";
    case ShapeType::Capsule:
        return head + "wrap it as Shape::smoothedRevolution with points sampled on its profile "
                      "(two half circles), or use a superquadric";
    case ShapeType::Superquadric:
        return head + "its exponents are below 1 (infinite curvature at the poles); use "
                      "alpha1, alpha2 >= 1";
    case ShapeType::Sphere:
    case ShapeType::Ellipsoid:
    case ShapeType::SmoothedHull: break;
    }
    return head;
}

RtrOutput rtr(const Shape& a, const Shape& b, const Pose& bInA, const Vec3& x0,
              const RtrSettings& settings) {
    const std::optional<SmoothBody> ba = smoothBody(a);
    const std::optional<SmoothBody> bb = smoothBody(b);
    if (!ba || !bb) {
        throw RtrUnsupportedShape(rtrRequirement(ba ? b : a));
    }
    Objective f{*ba, *bb, bInA.rotation.toRotationMatrix(), bInA.translation};
    const double n = x0.norm();
    const Vec3 start = n > 0.0 && std::isfinite(n) ? Vec3(x0 / n) : Vec3(Vec3::UnitX());
    return solve(f, start, f(start), settings);
}

std::optional<Vec3> rtrCentroidDirection(const Shape& a, const Shape& b, const Pose& bInA) {
    const std::optional<SmoothBody> ba = smoothBody(a);
    const std::optional<SmoothBody> bb = smoothBody(b);
    const Vec3 ca = ba ? ba->centroid : Vec3::Zero();
    const Vec3 cb = bInA.apply(bb ? bb->centroid : Vec3::Zero());
    const Vec3 d = ca - cb;
    const double n = d.norm();
    if (!(n > 0.0) || !std::isfinite(n)) {
        return std::nullopt;
    }
    return Vec3(d / n);
}

QueryResult rtrQuery(const Shape& a, const Pose& poseA, const Shape& b, const Pose& poseB,
                     const QueryRequest& request) {
    QueryResult out;
    out.hints = request.hints;
    // the warm-start output when nothing better is known; a non-finite guess must not leak
    const Vec3 guess = request.initialGuess.allFinite() ? request.initialGuess : Vec3(Vec3::UnitX());
    out.separation = guess;
    if (!poseA.isValid() || !poseB.isValid()) {
        out.status = Status::InvalidInput;
        return out;
    }
    const std::optional<SmoothBody> ba = smoothBody(a);
    const std::optional<SmoothBody> bb = smoothBody(b);
    if (!ba || !bb) {
        out.status = Status::Unsupported;
        return out;
    }
    const Pose bInA = poseA.inverse() * poseB;
    Objective f{*ba, *bb, bInA.rotation.toRotationMatrix(), bInA.translation};
    // x0: eq. (14) or the warm start, whichever has the lower h (a departure: the paper uses one).
    Vec3 x0 = rtrCentroidDirection(a, b, bInA).value_or(Vec3::UnitX());
    Objective::Value v0 = f(x0);
    const Vec3 local = poseA.rotation.conjugate() * guess;
    const double n = local.norm();
    if (n > 0.0 && std::isfinite(n)) {
        const Objective::Value vg = f(local / n);
        if (vg.h < v0.h) {
            x0 = local / n;
            v0 = vg;
        }
    }
    const double meanRadius = 0.5 * (a.boundingSphere().radius + b.boundingSphere().radius);
    const RtrOutput o = solve(f, x0, v0, settingsFor(request, meanRadius));

    out.status = statusOf(o, request);
    out.distance = o.distance;
    out.witnessA = poseA.apply(o.witnessA);
    out.witnessB = poseA.apply(o.witnessB);
    out.normal = poseA.rotation * o.normal;
    if (out.status == Status::Overlapping) { // no depth; the witnesses' midpoint is in A n B
        out.distance = 0.0;
        out.witnessA = out.witnessB = 0.5 * (out.witnessA + out.witnessB);
    }
    out.collide = isOverlap(out.status) || out.status == Status::Touching ||
                  out.distance <= request.margin;
    out.iterations = o.iterations;
    out.penetrationIterations = o.innerIterations;
    out.supportCalls = o.evaluations;
    out.separation = out.status == Status::Overlapping ? guess
                     : out.distance == 0.0 ? Vec3(-out.normal)
                                           : Vec3(-std::abs(out.distance) * out.normal);
    return out;
}

double optimalityMeasure(const Vec3& normal, const Vec3& witnessA, const Vec3& witnessB) {
    const Vec3 w = witnessB - witnessA;
    const double n = w.norm();
    return n > 0.0 ? normal.cross(w).norm() / n : 0.0;
}

} // namespace mk
