/// \file Shape.cpp
/// Factories, support mappings and bounding volumes of the convex shapes.
///
/// Support mappings of the primitives follow van den Bergen, "A Fast and Robust GJK
/// Implementation for Collision Detection of Convex Objects", J. Graphics Tools 1999, Sec. 3
/// (sphere, box, cone, cylinder), with the axis moved from y to z. Every mapping accepts a
/// direction of any non-zero length, including subnormal and huge ones, without producing NaN.

#include "minkowski/narrowphase/Shape.h"

#include "minkowski/narrowphase/ConvexMesh.h"
#include "minkowski/narrowphase/PolyhedronSdf.h"
#include "minkowski/narrowphase/SmoothSupport.h"

#include <Eigen/Eigenvalues>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <limits>
#include <string>
#include <utility>

namespace mk {
namespace {

/// |d|^2 inside this range is computed without underflow or overflow, so d / |d| is accurate.
constexpr double kSafeMinNorm2 = 1e-280;
constexpr double kSafeMaxNorm2 = 1e280;

/// d / |d| for any non-zero finite d, rescaling by the largest component when |d|^2 would
/// underflow or overflow. A zero direction yields +z (every point of a shape is then a support
/// point, so any deterministic choice is valid).
Vec3 unitDirection(const Vec3& d) {
    const double n2 = d.squaredNorm();
    if (n2 > kSafeMinNorm2 && n2 < kSafeMaxNorm2) {
        return d / std::sqrt(n2);
    }
    const double m = d.cwiseAbs().maxCoeff();
    if (!(m > 0.0)) {
        return Vec3::UnitZ();
    }
    const Vec3 s = d / m; // largest component is +-1, so |s| lies in [1, sqrt(3)]
    return s / s.norm();
}

/// The point at distance `radius` from the z axis in the direction of (dx, dy), or the origin of
/// the plane when dx = dy = 0 (the "sigma > 0" test of van den Bergen's cone and cylinder),
/// computed without underflow for tiny components.
std::pair<double, double> radialPoint(double dx, double dy, double radius) {
    const double m = std::max(std::abs(dx), std::abs(dy));
    if (!(m > 0.0)) {
        return {0.0, 0.0};
    }
    const double a = dx / m;
    const double b = dy / m;
    const double s = std::sqrt(a * a + b * b); // in [1, sqrt(2)]
    return {radius * a / s, radius * b / s};
}

/// +h for d >= 0 (including -0), -h otherwise: ties pick the positive side consistently.
double signedHalf(double d, double h) { return d >= 0.0 ? h : -h; }

/// Box support (van den Bergen 1999, Sec. 3 "Box"): sgn(d_i) * h_i per axis.
Vec3 boxSupport(const Vec3& d, const Vec3& h) {
    return {signedHalf(d.x(), h.x()), signedHalf(d.y(), h.y()), signedHalf(d.z(), h.z())};
}

/// Cylinder support (van den Bergen 1999, Sec. 3 "Cylinder"), axis z.
Vec3 cylinderSupport(const Vec3& d, double radius, double halfHeight) {
    const auto [x, y] = radialPoint(d.x(), d.y(), radius);
    return {x, y, signedHalf(d.z(), halfHeight)};
}

/// Cone support (van den Bergen 1999, Sec. 3 "Cone"), axis z, apex at +halfHeight, base of
/// `radius` at -halfHeight: the apex when d_z > |d| sin(alpha), with
/// sin(alpha) = radius / sqrt(radius^2 + (2 halfHeight)^2), else a point of the base rim.
Vec3 coneSupport(const Vec3& d, double radius, double halfHeight) {
    const double sinAlpha = radius / std::hypot(radius, 2.0 * halfHeight);
    if (unitDirection(d).z() > sinAlpha) {
        return {0.0, 0.0, halfHeight};
    }
    const auto [x, y] = radialPoint(d.x(), d.y(), radius);
    return {x, y, -halfHeight};
}

/// Ellipsoid support: the image of the unit sphere under R = diag(radii) has support
/// R^2 d / |R d| = R * unit(R d) (van den Bergen 1999, Sec. 3 "Affine Transformation").
Vec3 ellipsoidSupport(const Vec3& d, const Vec3& radii) {
    return radii.cwiseProduct(unitDirection(radii.cwiseProduct(d)));
}

/// Segment [-h, h] on z: its end on the side of d_z (+h on ties).
Vec3 segmentSupport(const Vec3& d, double halfHeight) {
    return {0.0, 0.0, signedHalf(d.z(), halfHeight)};
}

/// `value` in the shortest form that reads back exactly ("nan", "-inf", "1e-300", ...).
std::string formatDouble(double value) {
    std::array<char, 32> buffer{};
    const auto result = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
    return {buffer.data(), result.ptr};
}

/// Checks a factory parameter: finite and strictly positive.
void requirePositive(double value, const char* shape, const char* parameter) {
    if (!std::isfinite(value) || !(value > 0.0)) {
        throw ShapeError(std::string(shape) + ": " + parameter + " must be finite and positive, got " +
                         formatDouble(value));
    }
}

void requirePositive(const Vec3& value, const char* shape, const char* parameter) {
    static constexpr const char* kAxis[3] = {".x", ".y", ".z"};
    for (int i = 0; i < 3; ++i) {
        requirePositive(value[i], shape, (std::string(parameter) + kAxis[i]).c_str());
    }
}

/// Axis-aligned box centred at the origin with half extents `h`.
Aabb centredAabb(const Vec3& h) { return {-h, h}; }

/// Bounding boxes of a vertex set.
Aabb pointsAabb(const std::vector<Vec3>& points) {
    Aabb box{points.front(), points.front()};
    for (const Vec3& p : points) {
        box.min = box.min.cwiseMin(p);
        box.max = box.max.cwiseMax(p);
    }
    return box;
}

/// Largest distance from `center` to a point of `points` (unit: metre).
double maxDistance(const std::vector<Vec3>& points, const Vec3& center) {
    double r2 = 0.0;
    for (const Vec3& p : points) {
        r2 = std::max(r2, (p - center).squaredNorm());
    }
    return std::sqrt(r2);
}

/// Ritter's bounding sphere (Ritter, "An Efficient Bounding Sphere", Graphics Gems 1990): a
/// sphere on the two mutually far points, grown to include every outlier.
Vec3 ritterCenter(const std::vector<Vec3>& points) {
    auto farthestFrom = [&](const Vec3& q) {
        return *std::max_element(points.begin(), points.end(), [&](const Vec3& a, const Vec3& b) {
            return (a - q).squaredNorm() < (b - q).squaredNorm();
        });
    };
    const Vec3 a = farthestFrom(points.front());
    const Vec3 b = farthestFrom(a);
    Vec3 center = 0.5 * (a + b);
    double radius = 0.5 * (b - a).norm();
    for (const Vec3& p : points) {
        const double dist = (p - center).norm();
        if (dist > radius) {
            const double grown = 0.5 * (radius + dist);
            center += (grown - radius) / dist * (p - center);
            radius = grown;
        }
    }
    return center;
}

/// Bounding sphere of a point set: the smaller of the AABB-centred sphere and Ritter's sphere,
/// the radius being recomputed from the chosen centre so that every point is inside.
BoundingSphere pointsBoundingSphere(const std::vector<Vec3>& points, const Aabb& box) {
    BoundingSphere best{box.center(), maxDistance(points, box.center())};
    const Vec3 ritter = ritterCenter(points);
    const double ritterRadius = maxDistance(points, ritter);
    if (ritterRadius < best.radius) {
        best = {ritter, ritterRadius};
    }
    return best;
}

/// Second moment about `origin` of the solid hull, integral of (x - o)(x - o)^T dV, summed over
/// the tetrahedra (origin, triangle): each contributes V/20 (sum p_i p_i^T + s s^T), s = sum p_i
/// (Tonon, "Explicit exact formulas for the 3-D tetrahedron inertia tensor", J. Math. Stat. 2005).
Mat3 solidSecondMoment(const ConvexMesh& mesh, const Vec3& origin) {
    Mat3 moment = Mat3::Zero();
    const auto& v = mesh.vertices();
    for (const auto& t : mesh.triangles()) {
        const Vec3 p1 = v[t[0]] - origin;
        const Vec3 p2 = v[t[1]] - origin;
        const Vec3 p3 = v[t[2]] - origin;
        const double volume = p1.dot(p2.cross(p3)) / 6.0;
        const Vec3 s = p1 + p2 + p3;
        moment += volume / 20.0 *
                  (p1 * p1.transpose() + p2 * p2.transpose() + p3 * p3.transpose() + s * s.transpose());
    }
    return moment;
}

/// The box with orthonormal `axes` that tightly contains `points`.
Obb fitObb(const std::vector<Vec3>& points, const Mat3& axes) {
    Vec3 lo = Vec3::Constant(std::numeric_limits<double>::infinity());
    Vec3 hi = -lo;
    for (const Vec3& p : points) {
        const Vec3 u = axes.transpose() * p;
        lo = lo.cwiseMin(u);
        hi = hi.cwiseMax(u);
    }
    return {axes * (0.5 * (lo + hi)), axes, 0.5 * (hi - lo)};
}

/// Tight oriented box of a mesh: along the principal axes of the solid hull's second moment,
/// or axis aligned when that box is smaller (the principal axes are arbitrary for isotropic
/// solids such as a cube).
Obb meshObb(const ConvexMesh& mesh) {
    const Eigen::SelfAdjointEigenSolver<Mat3> solver(solidSecondMoment(mesh, mesh.centroid()));
    Mat3 axes = solver.eigenvectors();
    if (axes.determinant() < 0.0) {
        axes.col(2) = -axes.col(2);
    }
    const Obb principal = fitObb(mesh.vertices(), axes);
    const Obb aligned = fitObb(mesh.vertices(), Mat3::Identity());
    const auto volume = [](const Obb& b) { return b.halfExtents.prod(); };
    return volume(principal) < volume(aligned) ? principal : aligned;
}

/// Smallest sphere containing a cone of base radius r at z = -h and apex at z = +h: the base
/// circle when the apex angle is obtuse (r >= 2h), else the circumsphere of apex and base rim,
/// centred at z = -r^2 / (4h) with radius h + r^2 / (4h).
BoundingSphere coneBoundingSphere(double r, double h) {
    if (r >= 2.0 * h) {
        return {Vec3(0.0, 0.0, -h), r};
    }
    const double c = r * r / (4.0 * h);
    return {Vec3(0.0, 0.0, -c), h + c};
}

} // namespace

std::string_view shapeTypeName(ShapeType type) {
    switch (type) {
    case ShapeType::Sphere: return "sphere";
    case ShapeType::Box: return "box";
    case ShapeType::Capsule: return "capsule";
    case ShapeType::Cylinder: return "cylinder";
    case ShapeType::Cone: return "cone";
    case ShapeType::Ellipsoid: return "ellipsoid";
    case ShapeType::ConvexMesh: return "mesh";
    case ShapeType::Superquadric: return "superquadric";
    case ShapeType::SmoothedHull: return "smoothed-hull";
    }
    return "?";
}

Shape::Shape(ShapeType type, const Vec3& params, std::shared_ptr<const ConvexMesh> mesh,
             std::shared_ptr<const SmoothSupport> smooth, double inflation)
    : type_(type), params_(params), mesh_(std::move(mesh)), smooth_(std::move(smooth)),
      inflation_(inflation) {
    computeBounds();
}

Shape Shape::sphere(double radius) {
    requirePositive(radius, "sphere", "radius");
    return {ShapeType::Sphere, Vec3(radius, 0.0, 0.0), nullptr};
}

Shape Shape::box(const Vec3& halfExtents, double rounding) {
    requirePositive(halfExtents, "box", "halfExtents");
    if (!(std::isfinite(rounding) && rounding >= 0.0)) {
        throw ShapeError("box: rounding must be finite and >= 0, got " + std::to_string(rounding));
    }
    return {ShapeType::Box, halfExtents, nullptr, nullptr, rounding};
}

Shape Shape::capsule(double radius, double halfHeight) {
    requirePositive(radius, "capsule", "radius");
    requirePositive(halfHeight, "capsule", "halfHeight");
    return {ShapeType::Capsule, Vec3(radius, 0.0, halfHeight), nullptr};
}

Shape Shape::cylinder(double radius, double halfHeight) {
    requirePositive(radius, "cylinder", "radius");
    requirePositive(halfHeight, "cylinder", "halfHeight");
    return {ShapeType::Cylinder, Vec3(radius, 0.0, halfHeight), nullptr};
}

Shape Shape::cone(double radius, double halfHeight) {
    requirePositive(radius, "cone", "radius");
    requirePositive(halfHeight, "cone", "halfHeight");
    return {ShapeType::Cone, Vec3(radius, 0.0, halfHeight), nullptr};
}

Shape Shape::ellipsoid(const Vec3& radii) {
    requirePositive(radii, "ellipsoid", "radii");
    return {ShapeType::Ellipsoid, radii, nullptr};
}

Shape Shape::mesh(std::shared_ptr<const ConvexMesh> mesh) {
    if (!mesh) {
        throw ShapeError("mesh: the ConvexMesh pointer is null");
    }
    Shape shape(ShapeType::ConvexMesh, Vec3::Zero(), std::move(mesh));
    shape.facets_ = PolyhedronSdf::build(*shape.mesh_);
    return shape;
}

Vec3 Shape::support(const Vec3& dir, int& hint) const {
    switch (type_) {
    case ShapeType::Sphere: return radius() * unitDirection(dir);
    case ShapeType::Box: return boxSupport(dir, params_) + inflation_ * unitDirection(dir);
    case ShapeType::Capsule:
        return segmentSupport(dir, halfHeight()) + radius() * unitDirection(dir);
    case ShapeType::Cylinder: return cylinderSupport(dir, radius(), halfHeight());
    case ShapeType::Cone: return coneSupport(dir, radius(), halfHeight());
    case ShapeType::Ellipsoid: return ellipsoidSupport(dir, params_);
    case ShapeType::ConvexMesh: return mesh_->support(dir, hint);
    case ShapeType::Superquadric: return smooth_->support(dir) + inflation_ * unitDirection(dir);
    case ShapeType::SmoothedHull: return smooth_->support(dir);
    }
    return Vec3::Zero();
}

Vec3 Shape::supportCore(const Vec3& dir, int& hint) const {
    switch (type_) {
    case ShapeType::Sphere: return Vec3::Zero();
    case ShapeType::Capsule: return segmentSupport(dir, halfHeight());
    case ShapeType::Superquadric: return smooth_->support(dir);
    case ShapeType::Box: return boxSupport(dir, params_);
    default: return support(dir, hint);
    }
}

double Shape::coreRadius() const {
    if (type_ == ShapeType::Superquadric || type_ == ShapeType::Box) {
        return inflation_;
    }
    return (type_ == ShapeType::Sphere || type_ == ShapeType::Capsule) ? radius() : 0.0;
}

void Shape::computeBounds() {
    obb_ = Obb{};
    switch (type_) {
    case ShapeType::Sphere:
        obb_.halfExtents = Vec3::Constant(radius());
        sphere_ = {Vec3::Zero(), radius()};
        break;
    case ShapeType::Box:
        obb_.halfExtents = params_ + Vec3::Constant(inflation_);
        sphere_ = {Vec3::Zero(), params_.norm() + inflation_};
        break;
    case ShapeType::Ellipsoid:
        obb_.halfExtents = params_;
        sphere_ = {Vec3::Zero(), params_.maxCoeff()};
        break;
    case ShapeType::Capsule:
        obb_.halfExtents = Vec3(radius(), radius(), halfHeight() + radius());
        sphere_ = {Vec3::Zero(), halfHeight() + radius()};
        break;
    case ShapeType::Cylinder:
        obb_.halfExtents = Vec3(radius(), radius(), halfHeight());
        sphere_ = {Vec3::Zero(), std::hypot(radius(), halfHeight())};
        break;
    case ShapeType::Cone:
        obb_.halfExtents = Vec3(radius(), radius(), halfHeight());
        sphere_ = coneBoundingSphere(radius(), halfHeight());
        break;
    case ShapeType::Superquadric:
    case ShapeType::SmoothedHull: // the exact box of the smooth core, grown by the inflation
        aabb_ = {smooth_->aabb().min - Vec3::Constant(inflation_),
                 smooth_->aabb().max + Vec3::Constant(inflation_)};
        obb_.center = aabb_.center();
        obb_.halfExtents = aabb_.halfExtents();
        sphere_ = smooth_->boundingSphere();
        sphere_.radius += inflation_;
        return;
    case ShapeType::ConvexMesh: {
        const auto& vertices = mesh_->vertices();
        aabb_ = pointsAabb(vertices);
        obb_ = meshObb(*mesh_);
        sphere_ = pointsBoundingSphere(vertices, aabb_);
        return;
    }
    }
    aabb_ = centredAabb(obb_.halfExtents);
}

} // namespace mk
