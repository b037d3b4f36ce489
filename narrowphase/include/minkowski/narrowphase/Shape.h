#pragma once
/// \file Shape.h
/// Convex shapes in their local frame. Every shape answers support queries
/// (van den Bergen 1999, Sec. 4: support mappings of primitives) and knows its bounding volumes.
///
/// Conventions: the z axis is the axis of capsules, cylinders and cones; every primitive is centred
/// at its local origin (a cone at mid-height, apex at +halfHeight). Lengths are in metres.

#include "minkowski/narrowphase/Math.h"

#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

namespace mk {

class ConvexMesh;
class PolyhedronSdf;
class SmoothSupport;

/// Thrown when a shape or mesh cannot be built from its input (NaN, zero extent, fewer than
/// four non-coplanar points, unreadable file). The message says what was wrong.
class ShapeError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

enum class ShapeType : unsigned char {
    Sphere,     ///< radius
    Box,        ///< half extents
    Capsule,    ///< segment [-halfHeight, halfHeight] on z swept by a sphere of `radius`
    Cylinder,   ///< radius, half height on z
    Cone,       ///< base radius at z = -halfHeight, apex at z = +halfHeight
    Ellipsoid,  ///< semi-axes along x, y, z
    ConvexMesh, ///< convex hull of a point set (see ConvexMesh.h)
    /// superquadric (An et al. eq. 16) grown by a small ball: radii a, b, c, exponents
    /// alpha1, alpha2 (SmoothSupport, Rtr.h); core = the superquadric, coreRadius = the inflation
    Superquadric,
    /// a convex hull or a solid of revolution smoothed by the prescribed support function of
    /// An et al. eqs. (17) / (19) (SmoothSupport, Rtr.h); contains the hull
    SmoothedHull,
};

/// Name used in specs and on the command line: "sphere", "box", ..., "mesh".
std::string_view shapeTypeName(ShapeType type);

/// A convex shape, cheap to copy (meshes are shared, immutable).
///
/// A shape is the Minkowski sum of a *core* and a ball of radius `coreRadius()`: a sphere is a
/// point core, a capsule a segment core, every other shape its own core with radius 0. GJK runs
/// on cores and adds the radii afterwards (as coal does), which turns sphere and capsule queries
/// into exact, few-iteration problems.
class Shape {
public:
    /// \throws ShapeError on a non-finite or non-positive parameter.
    static Shape sphere(double radius);
    /// Box of half extents `halfExtents`; with `rounding` > 0 a rounded box: that box (the core)
    /// grown by a ball of radius `rounding` (unit: metre), outer half extents halfExtents +
    /// rounding. \throws ShapeError for a negative or non-finite rounding.
    static Shape box(const Vec3& halfExtents, double rounding = 0.0);
    static Shape capsule(double radius, double halfHeight);
    static Shape cylinder(double radius, double halfHeight);
    static Shape cone(double radius, double halfHeight);
    static Shape ellipsoid(const Vec3& radii);
    /// \throws ShapeError when `mesh` is null.
    static Shape mesh(std::shared_ptr<const ConvexMesh> mesh);
    /// Superquadric of eq. (16) with alpha1, alpha2 in (0, 2) (RTR needs them in [1, 2)), grown by
    /// `inflation` (metre); by default the paper's 1e-4 when alpha1 > 1 or alpha2 > 1, else 0.
    /// The factories of the smooth shapes are defined in RtrSupport.cpp.
    /// \throws ShapeError on invalid parameters.
    static Shape superquadric(const Vec3& radii, double alpha1, double alpha2,
                              std::optional<double> inflation = std::nullopt);
    /// The convex hull of `points` smoothed by eq. (17) with sharpness beta > 2.
    static Shape smoothedHull(std::span<const Vec3> points, double beta);
    /// The solid of revolution about z of the profile points (rho >= 0, z), smoothed by eq. (19)
    /// with sharpness beta > 2 and top/bottom rounding gamma > 0.
    static Shape smoothedRevolution(std::span<const Eigen::Vector2d> profile, double beta,
                                    double gamma);

    [[nodiscard]] ShapeType type() const { return type_; }

    /// Farthest point of the shape along `dir` (local frame; `dir` need not be unit, must be
    /// non-zero). `hint` is a vertex index used and updated by meshes for hill climbing; other
    /// shapes leave it untouched.
    [[nodiscard]] Vec3 support(const Vec3& dir, int& hint) const;
    /// Farthest point of the core along `dir`; support = supportCore + coreRadius * dir/|dir|.
    [[nodiscard]] Vec3 supportCore(const Vec3& dir, int& hint) const;
    /// Radius of the ball swept over the core (unit: metre).
    [[nodiscard]] double coreRadius() const;

    [[nodiscard]] const Aabb& localAabb() const { return aabb_; }
    /// Tight oriented box in the local frame (principal axes for meshes).
    [[nodiscard]] const Obb& localObb() const { return obb_; }
    [[nodiscard]] const BoundingSphere& boundingSphere() const { return sphere_; }

    /// Primitive parameters (unit: metre). Meaningful for the types documented on ShapeType.
    [[nodiscard]] double radius() const { return params_.x(); }
    [[nodiscard]] double halfHeight() const { return params_.z(); }
    [[nodiscard]] const Vec3& halfExtents() const { return params_; } ///< box (its core)
    [[nodiscard]] const Vec3& radii() const { return params_; }       ///< ellipsoid
    /// The mesh of a ConvexMesh shape, null otherwise.
    [[nodiscard]] const ConvexMesh* convexMesh() const { return mesh_.get(); }
    [[nodiscard]] const std::shared_ptr<const ConvexMesh>& sharedMesh() const { return mesh_; }
    /// The smooth support function of a Superquadric or SmoothedHull (its core), null otherwise.
    [[nodiscard]] const SmoothSupport* smoothSupport() const { return smooth_.get(); }
    /// Face planes and adjacency of a ConvexMesh for the SDF solver (SdfEllipsoid.h), else null.
    [[nodiscard]] const PolyhedronSdf* polyhedronSdf() const { return facets_.get(); }

private:
    Shape(ShapeType type, const Vec3& params, std::shared_ptr<const ConvexMesh> mesh,
          std::shared_ptr<const SmoothSupport> smooth = nullptr, double inflation = 0.0);
    void computeBounds();

    ShapeType type_ = ShapeType::Sphere;
    /// sphere/capsule/cylinder/cone: (radius, 0, halfHeight); box: half extents; ellipsoid and
    /// superquadric: radii.
    Vec3 params_ = Vec3::Zero();
    std::shared_ptr<const ConvexMesh> mesh_;
    std::shared_ptr<const SmoothSupport> smooth_;
    std::shared_ptr<const PolyhedronSdf> facets_;
    /// Superquadric and rounded box: radius of the ball added to the core (unit: metre)
    double inflation_ = 0.0;
    Aabb aabb_;
    Obb obb_;
    BoundingSphere sphere_;
};

/// Parses a primitive spec of the collision-problem CSV format:
/// `sphere:r=R`, `box:hx=..,hy=..,hz=..[,r=..]` (r: rounding, default 0), `ellipsoid:a=..,b=..,c=..`,
/// `capsule:r=..,hz=..`, `cylinder:r=..,hz=..`, `cone:r=..,hz=..`,
/// `superquadric:a=..,b=..,c=..,e1=..,e2=..[,inflation=..]` (e1, e2 = alpha1, alpha2; inflation
/// default as Shape::superquadric). Smoothed hulls have no spec (they are made of points).
/// \throws ShapeError naming the spec and the offending key.
Shape parsePrimitiveSpec(std::string_view spec);
/// The spec of a primitive that parsePrimitiveSpec reads back exactly (17 significant digits).
/// \throws ShapeError for a mesh (meshes are referenced by file path) and a smoothed hull.
std::string primitiveSpec(const Shape& shape);

} // namespace mk
