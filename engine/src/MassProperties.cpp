/// \file MassProperties.cpp
/// Closed-form mass properties of the primitives and exact ones of convex meshes.

#include "minkowski/engine/MassProperties.h"

#include "minkowski/engine/Errors.h"

#include <cmath>
#include <numbers>
#include <string>

namespace mk {
namespace {

constexpr double kPi = std::numbers::pi;

/// Inertia tensor I = tr(C) Id - C of the second moment C = integral of x x^T.
Mat3 inertiaFromSecondMoment(const Mat3& c) { return c.trace() * Mat3::Identity() - c; }

MassProperties diagonal(double volume, double density, const Vec3& centre, const Vec3& unitMoments) {
    MassProperties p;
    p.volume = volume;
    p.mass = density * volume;
    p.centerOfMass = centre;
    p.inertia = (p.mass * unitMoments).asDiagonal();
    return p;
}

/// Solid box of half extents h: I_xx = m/3 (h_y^2 + h_z^2).
MassProperties box(const Vec3& h, double density) {
    const Vec3 h2 = h.cwiseProduct(h);
    return diagonal(8.0 * h.prod(), density, Vec3::Zero(),
                    Vec3(h2.y() + h2.z(), h2.x() + h2.z(), h2.x() + h2.y()) / 3.0);
}

/// Solid ellipsoid of semi-axes r: I_xx = m/5 (b^2 + c^2).
MassProperties ellipsoid(const Vec3& r, double density) {
    const Vec3 r2 = r.cwiseProduct(r);
    return diagonal(4.0 / 3.0 * kPi * r.prod(), density, Vec3::Zero(),
                    Vec3(r2.y() + r2.z(), r2.x() + r2.z(), r2.x() + r2.y()) / 5.0);
}

/// Solid cylinder, axis z, length 2h: I_zz = m r^2/2, I_xx = m (3 r^2 + (2h)^2) / 12.
MassProperties cylinder(double r, double h, double density) {
    const double across = (3.0 * r * r + 4.0 * h * h) / 12.0;
    return diagonal(2.0 * kPi * r * r * h, density, Vec3::Zero(), Vec3(across, across, r * r / 2.0));
}

/// Solid cone of height H = 2h, base at z = -h: centroid H/4 above the base (z = -h/2),
/// I_zz = 3/10 m r^2, I_xx = m (3/20 r^2 + 3/80 H^2) about the centroid.
MassProperties cone(double r, double h, double density) {
    const double height = 2.0 * h;
    const double across = 3.0 / 20.0 * r * r + 3.0 / 80.0 * height * height;
    return diagonal(kPi * r * r * height / 3.0, density, Vec3(0.0, 0.0, -0.5 * h),
                    Vec3(across, across, 0.3 * r * r));
}

/// Capsule: cylinder of length 2h plus two hemispheres. A hemisphere of mass m_h has its
/// centroid 3r/8 from its flat face and transverse inertia 83/320 m_h r^2 about it; moved by
/// the parallel-axis theorem to the capsule's centre at distance h + 3r/8.
MassProperties capsule(double r, double h, double density) {
    const double cylinderVolume = 2.0 * kPi * r * r * h;
    const double sphereVolume = 4.0 / 3.0 * kPi * r * r * r;
    MassProperties p;
    p.volume = cylinderVolume + sphereVolume;
    p.mass = density * p.volume;
    const double mc = density * cylinderVolume;
    const double mh = 0.5 * density * sphereVolume; // one hemisphere
    const double offset = h + 3.0 * r / 8.0;
    const double across = mc * (3.0 * r * r + 4.0 * h * h) / 12.0 +
                          2.0 * mh * (83.0 / 320.0 * r * r + offset * offset);
    const double axial = mc * r * r / 2.0 + 2.0 * mh * 0.4 * r * r;
    p.inertia = Vec3(across, across, axial).asDiagonal();
    return p;
}

} // namespace

MassProperties meshMassProperties(const ConvexMesh& mesh, double density) {
    const auto& v = mesh.vertices();
    Vec3 origin = Vec3::Zero(); // a point inside the hull keeps every term well conditioned
    for (const Vec3& p : v) {
        origin += p;
    }
    origin /= static_cast<double>(v.size());
    double volume = 0.0;
    Vec3 firstMoment = Vec3::Zero();
    Mat3 secondMoment = Mat3::Zero();
    for (const auto& t : mesh.triangles()) {
        const Vec3 p1 = v[t[0]] - origin;
        const Vec3 p2 = v[t[1]] - origin;
        const Vec3 p3 = v[t[2]] - origin;
        const double tetVolume = p1.dot(p2.cross(p3)) / 6.0;
        const Vec3 s = p1 + p2 + p3;
        volume += tetVolume;
        firstMoment += tetVolume / 4.0 * s;
        secondMoment += tetVolume / 20.0 * (p1 * p1.transpose() + p2 * p2.transpose() +
                                            p3 * p3.transpose() + s * s.transpose());
    }
    const Vec3 d = firstMoment / volume; // centroid relative to origin
    const Mat3 aboutCentroid = secondMoment - volume * d * d.transpose();
    MassProperties p;
    p.volume = volume;
    p.mass = density * volume;
    p.centerOfMass = origin + d;
    p.inertia = density * inertiaFromSecondMoment(aboutCentroid);
    return p;
}

MassProperties computeMassProperties(const Shape& shape, double density) {
    if (!std::isfinite(density) || !(density > 0.0)) {
        throw EngineError("mass properties: density must be finite and positive, got " +
                          std::to_string(density));
    }
    switch (shape.type()) {
    case ShapeType::Sphere: {
        const double r = shape.radius();
        return diagonal(4.0 / 3.0 * kPi * r * r * r, density, Vec3::Zero(),
                        Vec3::Constant(0.4 * r * r));
    }
    case ShapeType::Box: return box(shape.halfExtents(), density);
    case ShapeType::Capsule: return capsule(shape.radius(), shape.halfHeight(), density);
    case ShapeType::Cylinder: return cylinder(shape.radius(), shape.halfHeight(), density);
    case ShapeType::Cone: return cone(shape.radius(), shape.halfHeight(), density);
    case ShapeType::Ellipsoid: return ellipsoid(shape.radii(), density);
    case ShapeType::ConvexMesh: return meshMassProperties(*shape.convexMesh(), density);
    case ShapeType::Superquadric:
    case ShapeType::SmoothedHull:
        throw EngineError("mass properties: superquadric and smoothed-hull bodies are not "
                          "supported yet (narrow phase only)");
    }
    throw EngineError("mass properties: unknown shape type");
}

MassProperties withMass(const MassProperties& properties, double mass) {
    if (!std::isfinite(mass) || !(mass > 0.0)) {
        throw EngineError("mass properties: mass must be finite and positive, got " +
                          std::to_string(mass));
    }
    MassProperties p = properties;
    const double scale = mass / properties.mass;
    p.mass = mass;
    p.inertia *= scale;
    return p;
}

} // namespace mk
