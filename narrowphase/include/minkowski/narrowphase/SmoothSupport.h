#pragma once
/// \file SmoothSupport.h
/// Convex bodies given by a smooth support function (the cores of the Superquadric
/// and SmoothedHull shapes): its value, gradient (the support point) and Hessian.
/// Knows no solver. Based on: An et al., "Collision Detection between Smooth
/// Convex Bodies via Riemannian Optimization Framework", eqs. (16), (17), (19).

#include "minkowski/narrowphase/Math.h"

#include <Eigen/Core>

#include <memory>
#include <span>
#include <vector>

namespace mk {

/// A support function h and its derivatives at a direction x (the Euclidean gradient is the
/// support point s(x), eq. after (3); the Hessian satisfies H x = 0 by homogeneity).
struct SupportDerivatives {
    double value = 0.0;              ///< h(x) (unit: metre for a unit x)
    Vec3 gradient = Vec3::Zero();    ///< s(x), the support point (unit: metre)
    Mat3 hessian = Mat3::Zero();     ///< d^2 h / dx^2 (unit: metre / |x|)
};

/// A convex body given by a smooth support function: the cores of the Superquadric and
/// SmoothedHull shapes. Immutable, shared between shapes.
class SmoothSupport {
public:
    enum class Kind : unsigned char {
        Superquadric, ///< An et al. eq. (16): radii a, b, c and exponents alpha1, alpha2
        Hull,         ///< prescribed support function (17) of a convex hull, sharpness beta
        Revolution,   ///< solid of revolution (19) of a 2-D hull about z, sharpness beta, gamma
    };

    /// Superquadric (16), alpha1 (north-south) and alpha2 (east-west) in (0, 2): strictly
    /// convex; C^2 (usable by RTR) for alpha1, alpha2 >= 1. Its support function is the dual
    /// norm h(x) = ||( ||(a x1, b x2)||_q2, c x3 )||_q1 with q_i = 2 / (2 - alpha_i).
    /// \throws ShapeError on a non-positive radius or an exponent outside (0, 2).
    static std::shared_ptr<const SmoothSupport> superquadric(const Vec3& radii, double alpha1,
                                                             double alpha2);
    /// Eq. (17) on the vertices of the convex hull of `points` (Qhull), written about the hull's
    /// centroid c so that the origin of (17) is interior: h(x) = c . x + h17(x) over p_i - c.
    /// The smoothed body contains the hull and tends to it as beta grows.
    /// \throws ShapeError on degenerate points or beta <= 2 (or non-finite).
    static std::shared_ptr<const SmoothSupport> hull(std::span<const Vec3> points, double beta);
    /// Eq. (19): the profile (rho_i, z_i), rho_i >= 0, is mirrored to (-rho_i, z_i) (the paper's
    /// hull "symmetric to the z axis") and written about c = (0, 0, mean z); gamma > 0 rounds the
    /// top and bottom. \throws ShapeError on a flat profile, rho < 0, beta <= 2 or gamma <= 0.
    static std::shared_ptr<const SmoothSupport> revolution(std::span<const Eigen::Vector2d> profile,
                                                           double beta, double gamma);

    /// h(x) for any non-zero x (zero or non-finite x is read as +z).
    [[nodiscard]] double value(const Vec3& x) const;
    /// The support point s(x) = grad h(x) (local frame).
    [[nodiscard]] Vec3 support(const Vec3& x) const;
    /// h, grad h and the Hessian at x. The Hessian is meaningful when isC2() (otherwise it may
    /// be huge near the points where the body's curvature is infinite).
    [[nodiscard]] SupportDerivatives derivatives(const Vec3& x) const;
    /// True when h is C^2 on R^3 \ {0}: hulls and revolutions always; superquadrics for
    /// alpha1, alpha2 >= 1 (An et al. Sec. IV-A).
    [[nodiscard]] bool isC2() const;

    [[nodiscard]] Kind kind() const { return kind_; }
    [[nodiscard]] const Vec3& radii() const { return radii_; } ///< superquadric a, b, c
    [[nodiscard]] double alpha1() const { return alpha1_; }
    [[nodiscard]] double alpha2() const { return alpha2_; }
    [[nodiscard]] double beta() const { return beta_; }
    [[nodiscard]] double gamma() const { return gamma_; }
    /// The interior point the function is written about (hull centroid; superquadric: origin).
    [[nodiscard]] const Vec3& centre() const { return centre_; }
    /// Hull vertices relative to centre() (Hull), or the mirrored profile as (rho, 0, z - c_z)
    /// (Revolution); empty for superquadrics.
    [[nodiscard]] const std::vector<Vec3>& points() const { return points_; }
    /// Exact bounding box (h along +-x, +-y, +-z) and a ball containing the body.
    [[nodiscard]] const Aabb& aabb() const { return aabb_; }
    [[nodiscard]] const BoundingSphere& boundingSphere() const { return sphere_; }

private:
    SmoothSupport() = default;
    void computeBounds();
    [[nodiscard]] SupportDerivatives unitDerivatives(const Vec3& u, bool wantHessian) const;

    Kind kind_ = Kind::Superquadric;
    Vec3 radii_ = Vec3::Ones();
    double alpha1_ = 1.0;
    double alpha2_ = 1.0;
    double beta_ = 0.0;
    double gamma_ = 0.0;
    Vec3 centre_ = Vec3::Zero();
    std::vector<Vec3> points_;
    std::vector<Eigen::Vector2d> profile_; ///< Revolution: mirrored profile about the centre
    Aabb aabb_;
    BoundingSphere sphere_;
};

/// The paper's inflation radius for superquadrics with alpha1 > 1 or alpha2 > 1 (Sec. IV-A,
/// "a sphere with a small radius (~1e-4)") (unit: metre).
inline constexpr double kSuperquadricInflation = 1e-4;

} // namespace mk
