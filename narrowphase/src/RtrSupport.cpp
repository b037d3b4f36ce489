/// \file RtrSupport.cpp
/// Smooth support functions with gradient and Hessian (An et al., Sec. IV): the superquadric of
/// eq. (16) through its dual norm, the prescribed support function (17) and its solid of
/// revolution (19).

#include "minkowski/narrowphase/Rtr.h"

#include "minkowski/narrowphase/ConvexMesh.h"
#include "minkowski/narrowphase/Shape.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace mk {
namespace {

double signOf(double x) { return x >= 0.0 ? 1.0 : -1.0; }

/// Smallest ratio fed to a negative power (the Hessian of non-C^2 superquadrics): keeps the
/// result finite where the curvature of the body is infinite.
constexpr double kTinyRatio = 1e-150;

/// ||z||_p of z in R^2 with gradient and Hessian, by ratios |z_i| / N <= 1 (no overflow for the
/// large p of sharp shapes). The Hessian of a p-norm is (p - 1)/N (diag(|z_i|/N)^(p-2) - g g^T).
/// At z = 0, where the norm has no derivative, the limit along the diagonal direction is used
/// for the ratios; the callers multiply them by a factor that vanishes there.
struct Norm2 {
    double value = 0.0;
    Eigen::Vector2d gradient = Eigen::Vector2d::Zero();
    Eigen::Vector2d ratio = Eigen::Vector2d::Zero(); ///< |z_i| / N
    double p = 2.0;
    /// (p - 1) (diag(ratio^(p-2)) - g g^T): the Hessian times N.
    [[nodiscard]] Eigen::Matrix2d scaledHessian() const {
        Eigen::Matrix2d h = -gradient * gradient.transpose();
        for (int i = 0; i < 2; ++i) {
            h(i, i) += std::pow(std::max(ratio[i], kTinyRatio), p - 2.0);
        }
        return (p - 1.0) * h;
    }
};

Norm2 pNorm(double z0, double z1, double p) {
    Norm2 n;
    n.p = p;
    const double m = std::max(std::abs(z0), std::abs(z1));
    if (!(m > 0.0)) {
        const double r = std::pow(0.5, 1.0 / p); // the diagonal direction
        n.ratio = {r, r};
        n.gradient = {std::pow(r, p - 1.0), std::pow(r, p - 1.0)};
        return n;
    }
    n.value = m * std::pow(std::pow(std::abs(z0) / m, p) + std::pow(std::abs(z1) / m, p), 1.0 / p);
    n.ratio = {std::abs(z0) / n.value, std::abs(z1) / n.value};
    n.gradient = {signOf(z0) * std::pow(n.ratio[0], p - 1.0),
                  signOf(z1) * std::pow(n.ratio[1], p - 1.0)};
    return n;
}

/// Superquadric support function at a unit u: h = ||( ||(a u1, b u2)||_q2, c u3 )||_q1 with
/// q_i = 2 / (2 - alpha_i), the dual of the gauge of eq. (16) (the gauge is a nested norm with
/// exponents 2/alpha1 outside and 2/alpha2 inside). Chain rule through g = inner norm.
SupportDerivatives superquadricDerivatives(const Vec3& u, const Vec3& radii, double alpha1,
                                           double alpha2, bool wantHessian) {
    const Vec3 z = radii.cwiseProduct(u);
    const Norm2 inner = pNorm(z.x(), z.y(), 2.0 / (2.0 - alpha2));
    const Norm2 outer = pNorm(inner.value, z.z(), 2.0 / (2.0 - alpha1));
    SupportDerivatives d;
    d.value = outer.value;
    const double hg = outer.gradient[0];
    const Vec3 dz(hg * inner.gradient[0], hg * inner.gradient[1], outer.gradient[1]);
    d.gradient = radii.cwiseProduct(dz);
    if (!wantHessian) {
        return d;
    }
    // d2h/dz2 = h_gg grad g grad g^T + h_g Hess g (+ the z3 row and column); h_g Hess g is
    // (q2 - 1)(g/h)^(q1-2)/h (...) so that it stays finite (and continuous for q1 > 2) at g = 0.
    const Eigen::Matrix2d outerH = outer.scaledHessian() / outer.value;
    const Eigen::Vector2d gg = inner.gradient;
    Mat3 hz = Mat3::Zero();
    const double q1 = outer.p;
    const double innerFactor = std::pow(std::max(outer.ratio[0], kTinyRatio), q1 - 2.0) /
                               outer.value;
    hz.topLeftCorner<2, 2>() = outerH(0, 0) * gg * gg.transpose() +
                               innerFactor * inner.scaledHessian();
    hz.block<2, 1>(0, 2) = outerH(0, 1) * gg;
    hz.block<1, 2>(2, 0) = outerH(1, 0) * gg.transpose();
    hz(2, 2) = outerH(1, 1);
    d.hessian = radii.asDiagonal() * hz * radii.asDiagonal();
    return d;
}

/// The prescribed support function (17) in dimension D at a direction y with h > 0:
/// h = (sum max(p_i . y, 0)^beta)^(1/beta), grad = sum (t_i/h)^(beta-1) p_i,
/// Hess = (beta - 1)/h (sum (t_i/h)^(beta-2) p_i p_i^T - grad grad^T).
template <int D, class Points>
void prescribed(const Points& points, const Eigen::Matrix<double, D, 1>& y, double beta,
                bool wantHessian, double& value, Eigen::Matrix<double, D, 1>& gradient,
                Eigen::Matrix<double, D, D>& hessian) {
    double m = 0.0;
    for (const auto& p : points) {
        m = std::max(m, p.dot(y));
    }
    double sum = 0.0;
    for (const auto& p : points) {
        const double t = p.dot(y);
        sum += t > 0.0 ? std::pow(t / m, beta) : 0.0;
    }
    value = m * std::pow(sum, 1.0 / beta);
    gradient.setZero();
    hessian.setZero();
    for (const auto& p : points) {
        const double t = p.dot(y);
        if (t > 0.0) {
            const double r = t / value;
            gradient += std::pow(r, beta - 1.0) * p;
            if (wantHessian) {
                hessian += std::pow(r, beta - 2.0) * (p * p.transpose());
            }
        }
    }
    hessian = (beta - 1.0) / value * (hessian - gradient * gradient.transpose());
}

/// Eq. (19): h(x) = H(r) with r = (sqrt(x1^2 + x2^2 + gamma x3^2), x3) and H the 2-D (17) of the
/// mirrored profile; chain rule grad = H_r1 grad r1 + H_r2 e3, Hess = J^T H_rr J + H_r1 Hess r1
/// with Hess r1 = (diag(1, 1, gamma) - grad r1 grad r1^T) / r1.
SupportDerivatives revolutionDerivatives(const std::vector<Eigen::Vector2d>& profile,
                                         const Vec3& u, double beta, double gamma,
                                         bool wantHessian) {
    const Vec3 w(u.x(), u.y(), gamma * u.z());
    const double r1 = std::sqrt(u.x() * u.x() + u.y() * u.y() + gamma * u.z() * u.z());
    const Eigen::Vector2d r(r1, u.z());
    double value = 0.0;
    Eigen::Vector2d g;
    Eigen::Matrix2d h;
    prescribed<2>(profile, r, beta, wantHessian, value, g, h);
    SupportDerivatives d;
    d.value = value;
    const Vec3 dr1 = w / r1;
    d.gradient = g[0] * dr1 + Vec3(0.0, 0.0, g[1]);
    if (wantHessian) {
        Eigen::Matrix<double, 2, 3> jac;
        jac.row(0) = dr1.transpose();
        jac.row(1) = Vec3::UnitZ().transpose();
        const Mat3 hr1 = (Vec3(1.0, 1.0, gamma).asDiagonal().toDenseMatrix() -
                          dr1 * dr1.transpose()) / r1;
        d.hessian = jac.transpose() * h * jac + g[0] * hr1;
    }
    return d;
}

/// x / |x| for a non-zero finite x, +z otherwise (with the rescaling of Shape.cpp against
/// underflow of |x|^2).
Vec3 unitOf(const Vec3& x) {
    const double m = x.cwiseAbs().maxCoeff();
    if (!(m > 0.0) || !std::isfinite(m)) {
        return Vec3::UnitZ();
    }
    const Vec3 s = x / m;
    return s / s.norm();
}

void requireFinitePositive(double v, const char* what) {
    if (!std::isfinite(v) || !(v > 0.0)) {
        throw ShapeError(std::string(what) + " must be finite and positive, got " +
                         std::to_string(v));
    }
}

void requireSharpness(double beta, const char* shape) {
    if (!std::isfinite(beta) || !(beta > 2.0)) {
        throw ShapeError(std::string(shape) + ": the sharpness beta must be finite and > 2 " +
                         "(eq. 17 is C^2 only then), got " + std::to_string(beta));
    }
}

} // namespace

std::shared_ptr<const SmoothSupport> SmoothSupport::superquadric(const Vec3& radii, double alpha1,
                                                                 double alpha2) {
    for (int i = 0; i < 3; ++i) {
        requireFinitePositive(radii[i], "superquadric: radii");
    }
    for (const double a : {alpha1, alpha2}) {
        if (!std::isfinite(a) || !(a > 0.0) || !(a < 2.0)) {
            throw ShapeError("superquadric: alpha1 and alpha2 must lie in (0, 2) (strictly "
                             "convex; 2 is the octahedron, whose support function is not "
                             "differentiable), got " + std::to_string(a));
        }
    }
    auto s = std::shared_ptr<SmoothSupport>(new SmoothSupport());
    s->kind_ = Kind::Superquadric;
    s->radii_ = radii;
    s->alpha1_ = alpha1;
    s->alpha2_ = alpha2;
    s->computeBounds();
    return s;
}

std::shared_ptr<const SmoothSupport> SmoothSupport::hull(std::span<const Vec3> points,
                                                         double beta) {
    requireSharpness(beta, "smoothed hull");
    const auto mesh = ConvexMesh::fromPoints(points); // throws ShapeError on degenerate input
    auto s = std::shared_ptr<SmoothSupport>(new SmoothSupport());
    s->kind_ = Kind::Hull;
    s->beta_ = beta;
    s->centre_ = mesh->centroid();
    for (const Vec3& v : mesh->vertices()) {
        s->points_.push_back(v - s->centre_);
    }
    s->computeBounds();
    return s;
}

std::shared_ptr<const SmoothSupport> SmoothSupport::revolution(
    std::span<const Eigen::Vector2d> profile, double beta, double gamma) {
    requireSharpness(beta, "smoothed revolution");
    requireFinitePositive(gamma, "smoothed revolution: gamma");
    std::vector<Eigen::Vector2d> mirrored;
    for (const auto& p : profile) {
        if (!p.allFinite() || p.x() < 0.0) {
            throw ShapeError("smoothed revolution: profile points (rho, z) need finite rho >= 0");
        }
        mirrored.push_back(p);
        if (p.x() > 0.0) {
            mirrored.emplace_back(-p.x(), p.y());
        }
    }
    double zMean = 0.0;
    for (const auto& p : mirrored) {
        zMean += p.y() / static_cast<double>(mirrored.size());
    }
    // A flat profile (all points on one line) has an empty interior.
    double area = 0.0;
    for (size_t i = 1; i + 1 < mirrored.size(); ++i) {
        const Eigen::Vector2d e1 = mirrored[i] - mirrored[0], e2 = mirrored[i + 1] - mirrored[0];
        area = std::max(area, std::abs(e1.x() * e2.y() - e1.y() * e2.x()));
    }
    double scale = 0.0;
    for (const auto& p : mirrored) {
        scale = std::max(scale, (p - mirrored[0]).norm());
    }
    if (!(area > 1e-12 * scale * scale)) {
        throw ShapeError("smoothed revolution: the profile is flat (needs a 2-D hull)");
    }
    auto s = std::shared_ptr<SmoothSupport>(new SmoothSupport());
    s->kind_ = Kind::Revolution;
    s->beta_ = beta;
    s->gamma_ = gamma;
    s->centre_ = Vec3(0.0, 0.0, zMean);
    for (const auto& p : mirrored) {
        s->points_.emplace_back(p.x(), 0.0, p.y() - zMean);
        s->profile_.emplace_back(p.x(), p.y() - zMean);
    }
    s->computeBounds();
    return s;
}

SupportDerivatives SmoothSupport::unitDerivatives(const Vec3& u, bool wantHessian) const {
    SupportDerivatives d;
    switch (kind_) {
    case Kind::Superquadric:
        return superquadricDerivatives(u, radii_, alpha1_, alpha2_, wantHessian);
    case Kind::Hull:
        prescribed<3>(points_, u, beta_, wantHessian, d.value, d.gradient, d.hessian);
        break;
    case Kind::Revolution:
        d = revolutionDerivatives(profile_, u, beta_, gamma_, wantHessian);
        break;
    }
    d.value += centre_.dot(u);
    d.gradient += centre_;
    return d;
}

SupportDerivatives SmoothSupport::derivatives(const Vec3& x) const {
    const Vec3 u = unitOf(x);
    const double scale = std::isfinite(x.norm()) && x.norm() > 0.0 ? x.norm() : 1.0;
    SupportDerivatives d = unitDerivatives(u, true);
    d.value *= scale;      // h is homogeneous of degree 1,
    d.hessian /= scale;    // its Hessian of degree -1
    return d;
}

double SmoothSupport::value(const Vec3& x) const {
    const double scale = std::isfinite(x.norm()) && x.norm() > 0.0 ? x.norm() : 1.0;
    return scale * unitDerivatives(unitOf(x), false).value;
}

Vec3 SmoothSupport::support(const Vec3& x) const {
    return unitDerivatives(unitOf(x), false).gradient;
}

bool SmoothSupport::isC2() const {
    return kind_ != Kind::Superquadric || (alpha1_ >= 1.0 && alpha2_ >= 1.0);
}

void SmoothSupport::computeBounds() {
    for (int i = 0; i < 3; ++i) {
        aabb_.max[i] = support(Vec3::Unit(i))[i];
        aabb_.min[i] = support(-Vec3::Unit(i))[i];
    }
    // The box contains the body; a tighter ball about the centre where one is known:
    // superquadrics with alpha1, alpha2 >= 1 lie in the ellipsoid of the same radii (their
    // gauge is a nested norm with exponents 2/alpha <= 2, which bounds the 2-norm).
    sphere_ = {aabb_.center(), aabb_.halfExtents().norm()};
    if (kind_ == Kind::Superquadric && alpha1_ >= 1.0 && alpha2_ >= 1.0) {
        sphere_ = {Vec3::Zero(), radii_.maxCoeff()};
    }
}

} // namespace mk

// ---------------------------------------------------------------------------------------------
// The factories of the smooth shapes (declared in Shape.h, kept next to SmoothSupport)
// ---------------------------------------------------------------------------------------------

namespace mk {

Shape Shape::superquadric(const Vec3& radii, double alpha1, double alpha2,
                          std::optional<double> inflation) {
    auto core = SmoothSupport::superquadric(radii, alpha1, alpha2);
    const double r = inflation.value_or(alpha1 > 1.0 || alpha2 > 1.0 ? kSuperquadricInflation : 0.0);
    if (!std::isfinite(r) || r < 0.0) {
        throw ShapeError("superquadric: inflation must be finite and >= 0, got " +
                         std::to_string(r));
    }
    return {ShapeType::Superquadric, radii, nullptr, std::move(core), r};
}

Shape Shape::smoothedHull(std::span<const Vec3> points, double beta) {
    return {ShapeType::SmoothedHull, Vec3::Zero(), nullptr, SmoothSupport::hull(points, beta)};
}

Shape Shape::smoothedRevolution(std::span<const Eigen::Vector2d> profile, double beta,
                                double gamma) {
    return {ShapeType::SmoothedHull, Vec3::Zero(), nullptr,
            SmoothSupport::revolution(profile, beta, gamma)};
}

} // namespace mk
