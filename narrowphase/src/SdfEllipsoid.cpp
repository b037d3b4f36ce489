/// \file SdfEllipsoid.cpp
/// The ellipsoid method on max(phi_A, phi_B) (Lopez-Adeva Fernandez-Layos and Merchante 2024,
/// Algorithms 1-3, Proposition 3, Corollary 1) and the "sdf-ellipsoid" query.

#include "minkowski/narrowphase/detail/SdfEllipsoid.h"

#include "minkowski/narrowphase/ConvexMesh.h"
#include "minkowski/narrowphase/Rtr.h"
#include "minkowski/narrowphase/Shape.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace mk {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kDim = 3.0; ///< n of Algorithm 1

/// f = max(phi_A, phi_B) with B at a pose in A's frame; counts evaluations.
class Objective {
public:
    Objective(const SdfShape& a, const SdfShape& b, const Pose& bInA, std::array<int, 2>& hints)
        : a_(a), b_(b), rotB_(bInA.rotation.toRotationMatrix()), transB_(bInA.translation),
          hints_(hints) {}

    struct Value {
        double f = kInf;
        Vec3 gradient = Vec3::UnitX(); ///< subgradient of the active SDF
        SdfSample a;
        SdfSample b;
    };

    Value operator()(const Vec3& x) {
        ++evaluations_;
        Value v;
        v.a = a_.evaluate(x, hints_[0]);
        v.b = b_.evaluate(rotB_.transpose() * (x - transB_), hints_[1]);
        v.b.gradient = rotB_ * v.b.gradient;
        const bool aActive = v.a.value >= v.b.value;
        v.f = aActive ? v.a.value : v.b.value;
        v.gradient = aActive ? v.a.gradient : v.b.gradient;
        return v;
    }

    [[nodiscard]] int evaluations() const { return evaluations_; }
    [[nodiscard]] Vec3 centreB() const { return rotB_ * b_.boundingSphere().center + transB_; }

private:
    const SdfShape& a_;
    const SdfShape& b_;
    Mat3 rotB_;
    Vec3 transB_;
    std::array<int, 2>& hints_;
    int evaluations_ = 0;
};

/// The ball through both spheres' farthest points, used when Algorithm 3 has no intersection to
/// bound (possible only with approximate SDFs, whose values may undercut the bounding spheres).
Ellipsoid enclosingBall(const Vec3& cA, const Vec3& cB, double rA, double rB) {
    const double d = (cB - cA).norm();
    Ellipsoid e;
    e.centre = 0.5 * (cA + cB);
    e.factor = (0.5 * d + std::max(rA, rB)) * Mat3::Identity();
    return e;
}

/// Best point so far and the bounds of Algorithm 2.
struct Search {
    Objective::Value best;   ///< the evaluated point with the lowest f
    Vec3 bestPoint = Vec3::Zero();
    double upper = kInf;     ///< f+ used by the cuts: min(initial bound, best.f)
    double lower = -kInf;    ///< f-

    void consider(const Vec3& x, const Objective::Value& v) {
        if (v.f < best.f) {
            best = v;
            bestPoint = x;
        }
        upper = std::min(upper, v.f);
    }
};

/// The initial upper bound f+ and the best point of the start (Prop. 3 inputs). Cold: the paper's
/// |cA - cB| + rA + rB and f at the point dividing cA cB as rA : rB (any value of f bounds f*).
/// Warm: Corollary 1, f* + |Delta| / 2 with Delta the displacement of x* between the bodies, valid
/// for exact SDFs (the balls of Lemma 3 lie in the bodies); f at both moved optima as well.
void initialBound(Objective& f, const Vec3& cA, double rA, const Vec3& cB, double rB,
                  const SdfWarmStartLocal* warm, bool exact, Search& s) {
    s.upper = (cA - cB).norm() + rA + rB;
    const Vec3 split = cA + rA / (rA + rB) * (cB - cA);
    s.consider(split, f(split));
    if (warm != nullptr) {
        const double corollary =
            warm->value + 0.5 * (warm->optimumWithB - warm->optimumWithA).norm();
        if (exact && std::isfinite(corollary)) {
            s.upper = std::min(s.upper, corollary);
        }
        s.consider(warm->optimumWithA, f(warm->optimumWithA));
        s.consider(warm->optimumWithB, f(warm->optimumWithB));
    }
}

} // namespace

double cutEllipsoid(Ellipsoid& e, const Vec3& h, double delta) {
    const Vec3 mh = e.factor.transpose() * h; // M^T h, |M^T h|^2 = h^T P h
    const double root = mh.norm();
    if (!(root > 0.0) || !std::isfinite(root)) {
        return kInf;
    }
    const double alpha = (h.dot(e.centre) - delta) / root;
    if (!(alpha < 1.0)) {
        return alpha;
    }
    const double n = kDim;
    const double tau = (1.0 + n * alpha) / (n + 1.0);
    const double sigma = 2.0 * (1.0 + n * alpha) / ((n + 1.0) * (1.0 + alpha));
    const double scale = n * n / (n * n - 1.0) * (1.0 - alpha * alpha);
    const Vec3 u = mh / root; // P' = scale * M (I - sigma u u^T) M^T
    e.centre -= tau * (e.factor * u);
    const Mat3 shrink = Mat3::Identity() - (1.0 - std::sqrt(1.0 - sigma)) * (u * u.transpose());
    e.factor = std::sqrt(scale) * (e.factor * shrink);
    return alpha;
}

std::optional<Ellipsoid> ellipsoidBound(const Vec3& cA, const Vec3& cB, double rA, double rB) {
    Vec3 ca = cA, cb = cB;
    if (rB > rA) { // swap so that rB <= rA
        std::swap(ca, cb);
        std::swap(rA, rB);
    }
    const double d = (cb - ca).norm();
    if (d > rA + rB) {
        return std::nullopt;
    }
    Ellipsoid e;
    if (!(d > 0.0)) { // concentric: the smaller ball
        e.centre = cb;
        e.factor = rB * Mat3::Identity();
        return e;
    }
    const double s = (rA * rA - rB * rB) / d;
    const double dA = std::min(d, 0.5 * (d + s));
    const double dB = std::max(0.0, 0.5 * (d - s));
    const Vec3 u = (cb - ca) / d;
    e.centre = ca + dA * u;
    // Lemma 2: semi-axis rB - dB along u, sqrt(rB^2 - dB^2) across; M = b I + (a - b) u u^T.
    const double across = std::sqrt(std::max(0.0, rB * rB - dB * dB));
    const double along = rB - dB;
    e.factor = across * Mat3::Identity() + (along - across) * (u * u.transpose());
    return e;
}

SdfOutput minimizeSdfMax(const SdfShape& a, const SdfShape& b, const Pose& bInA,
                         const SdfSettings& settings, const SdfWarmStartLocal* warm,
                         std::array<int, 2>& hints) {
    Objective f(a, b, bInA, hints);
    const Vec3 cA = a.boundingSphere().center;
    const Vec3 cB = f.centreB();
    const double rA = a.boundingSphere().radius, rB = b.boundingSphere().radius;
    Search s;
    initialBound(f, cA, rA, cB, rB, warm, a.exact() && b.exact(), s);

    SdfOutput out;
    out.initialUpper = s.upper;
    // Prop. 3, with a rounding-level margin so that a bound equal to f* keeps a solid ellipsoid.
    const double grow = s.upper + 1e-12 * (rA + rB) + settings.tolerance;
    Ellipsoid e = ellipsoidBound(cA, cB, rA + grow, rB + grow)
                      .value_or(enclosingBall(cA, cB, rA + grow, rB + grow));
    out.status = SdfStatus::MaxIterations;
    while (out.iterations < settings.maxIterations) {
        const Objective::Value v = f(e.centre);
        ++out.iterations;
        s.consider(e.centre, v);
        const double root = (e.factor.transpose() * v.gradient).norm(); // sqrt(df^T P df)
        if (!std::isfinite(root) || !std::isfinite(v.f)) {
            out.status = SdfStatus::Degenerate;
            break;
        }
        s.lower = std::max(s.lower, v.f - root); // eq. (14)
        if (settings.stopAtOverlap && s.best.f < 0.0) {
            out.status = SdfStatus::OverlapProven;
            break;
        }
        if (settings.stopAboveBound && s.lower > settings.earlyExitBound) {
            out.status = SdfStatus::SeparationProven;
            break;
        }
        if (s.best.f - s.lower <= settings.tolerance) {
            out.status = SdfStatus::Converged;
            break;
        }
        // eq. (15): H = {x : df . x <= f+ - f(e) + df . e}
        const double alpha = cutEllipsoid(e, v.gradient, s.upper - v.f + v.gradient.dot(e.centre));
        if (!(alpha < 1.0)) { // E n H is (at most) a point: f+ is optimal within rounding
            s.lower = std::max(s.lower, std::min(s.upper, s.best.f));
            out.status = root > 0.0 ? SdfStatus::Converged : SdfStatus::Degenerate;
            break;
        }
    }
    out.upper = s.best.f;
    out.lower = s.lower;
    out.point = s.bestPoint;
    out.a = s.best.a;
    out.b = s.best.b;
    out.evaluations = f.evaluations();
    return out;
}

SdfContact sdfContact(const SdfOutput& out, double tolerance, bool exact) {
    SdfContact c;
    c.distance = 2.0 * out.upper;
    const Vec3& gA = out.a.gradient;
    const Vec3& gB = out.b.gradient;
    const bool balanced = std::abs(out.a.value - out.b.value) <= 4.0 * tolerance;
    if (balanced) {
        const Vec3 n = gA - gB;
        const double len = n.norm();
        c.normal = len > 0.0 ? Vec3(n / len) : gA;
    } else {
        c.normal = out.a.value < out.b.value ? gA : Vec3(-gB);
    }
    if (exact && out.upper >= 0.0) { // the closest points
        c.witnessA = out.point - out.a.value * gA;
        c.witnessB = out.point - out.b.value * gB;
    } else { // where the sphere S(x, |f+|) meets the normal line
        c.witnessA = out.point - out.upper * c.normal;
        c.witnessB = out.point + out.upper * c.normal;
    }
    return c;
}

} // namespace mk
