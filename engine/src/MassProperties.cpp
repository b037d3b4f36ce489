/// \file MassProperties.cpp
/// Closed-form mass properties of the primitives and exact ones of convex meshes; the smooth
/// shapes are integrated over polyhedra of their support points.

#include "minkowski/engine/MassProperties.h"

#include "minkowski/engine/Errors.h"
#include "minkowski/narrowphase/Rtr.h"

#include <cmath>
#include <map>
#include <mutex>
#include <numbers>
#include <string>
#include <vector>

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

/// Rounded box: the core box of half extents h grown by a ball of radius r, cut into the core,
/// two slabs per axis (h_j h_k r), four quarter-cylinder edges along each axis and eight sphere
/// octants at the corners. By symmetry the centroid is the origin and the inertia diagonal; each
/// second moment S_a = integral of x_a^2 adds up the pieces' exact integrals, with, for a quarter
/// disk of radius r in the quadrant u, v >= 0: area pi r^2/4, integral of u = r^3/3, of u^2 =
/// pi r^4/16; for a ball octant: volume pi r^3/6, integral of u = pi r^4/16, of u^2 = pi r^5/30.
MassProperties roundedBox(const Vec3& h, double r, double density) {
    const double r2 = r * r;
    const double volume = 8.0 * h.prod() + 8.0 * r * (h.y() * h.z() + h.x() * h.z() + h.x() * h.y()) +
                          2.0 * kPi * r2 * h.sum() + 4.0 / 3.0 * kPi * r2 * r;
    Vec3 moments; // S_a
    for (int a = 0; a < 3; ++a) {
        const int b = (a + 1) % 3;
        const int c = (a + 2) % 3;
        const double ha = h[a];
        const double cube = 2.0 * ha * ha * ha / 3.0; // integral of x_a^2 over [-ha, ha]
        const double box = 8.0 * h.prod() * ha * ha / 3.0;
        const double ownSlabs = 8.0 * h[b] * h[c] * (std::pow(ha + r, 3) - ha * ha * ha) / 3.0;
        const double otherSlabs = 2.0 * r * (2.0 * h[c] + 2.0 * h[b]) * cube;
        const double ownEdges = kPi * r2 * cube;
        const double quarterDisk = ha * ha * kPi * r2 / 4.0 + 2.0 * ha * r2 * r / 3.0 +
                                   kPi * r2 * r2 / 16.0; // integral of (ha + u)^2
        const double otherEdges = 8.0 * (h[b] + h[c]) * quarterDisk;
        const double octants = 8.0 * (ha * ha * kPi * r2 * r / 6.0 + ha * kPi * r2 * r2 / 8.0 +
                                      kPi * r2 * r2 * r / 30.0);
        moments[a] = box + ownSlabs + otherSlabs + ownEdges + otherEdges + octants;
    }
    MassProperties p;
    p.volume = volume;
    p.mass = density * volume;
    p.inertia = (density * Vec3(moments.y() + moments.z(), moments.x() + moments.z(),
                                moments.x() + moments.y()))
                    .asDiagonal();
    return p;
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

/// Volume, first and second moments of a solid about a fixed origin (unit density).
struct Moments {
    double volume = 0.0;
    Vec3 first = Vec3::Zero();
    Mat3 second = Mat3::Zero();

    /// Adds the tetrahedron (origin, p1, p2, p3), signed by the orientation of the triangle
    /// (Tonon 2005: integral of x x^T = V/20 (sum p_i p_i^T + s s^T), s = p1 + p2 + p3).
    void addTriangle(const Vec3& p1, const Vec3& p2, const Vec3& p3) {
        const double v = p1.dot(p2.cross(p3)) / 6.0;
        const Vec3 s = p1 + p2 + p3;
        volume += v;
        first += v / 4.0 * s;
        second += v / 20.0 * (p1 * p1.transpose() + p2 * p2.transpose() + p3 * p3.transpose() +
                              s * s.transpose());
    }
};

/// Properties of a solid from its moments about `origin`.
MassProperties fromMoments(const Moments& m, const Vec3& origin, double density) {
    const Vec3 d = m.first / m.volume; // centroid relative to origin
    MassProperties p;
    p.volume = m.volume;
    p.mass = density * m.volume;
    p.centerOfMass = origin + d;
    p.inertia = density * inertiaFromSecondMoment(m.second - m.volume * d * d.transpose());
    return p;
}

/// sign(v) |v|^power.
double signedPower(double v, double power) { return std::copysign(std::pow(std::abs(v), power), v); }

/// The direction of the polyhedron's vertex for the unit grid direction u. Superquadrics: the
/// normal of Barr's parametric surface at the latitude eta and longitude omega of u (the
/// superquadric's support point along it is the parametric point x(eta, omega), eq. (16)), which
/// spreads the vertices over the surface as the parametrisation does, where an even grid of
/// normals would leave the flat faces of boxy superquadrics (alpha < 1) and the faces of pointy
/// ones (alpha near 2) nearly empty. Other shapes: u.
Vec3 gridDirection(const Shape& shape, const Vec3& u) {
    const SmoothSupport* s = shape.smoothSupport();
    if (shape.type() != ShapeType::Superquadric || s == nullptr) {
        return u;
    }
    const double cosEta = std::hypot(u.x(), u.y());
    const double cosOmega = cosEta > 0.0 ? u.x() / cosEta : 1.0;
    const double sinOmega = cosEta > 0.0 ? u.y() / cosEta : 0.0;
    const double p1 = 2.0 - s->alpha1();
    const double p2 = 2.0 - s->alpha2();
    const double ring = std::pow(cosEta, p1);
    return {ring * signedPower(cosOmega, p2) / s->radii().x(),
            ring * signedPower(sinOmega, p2) / s->radii().y(), signedPower(u.z(), p1) / s->radii().z()};
}

/// Moments about `origin` of the support-point polyhedron of supportGridMassProperties. Face
/// (axis, sign) of the cube carries directions d[axis] = sign, d[u], d[v] = tan(pi/4 t) with t
/// on a uniform grid of [-1, 1] (near-uniform in angle); (u, v, axis) is right-handed, so the
/// grid's cells are counter-clockwise seen from outside on the + faces and reversed on the - ones.
Moments supportGridMoments(const Shape& shape, const Vec3& origin, int n) {
    Moments m;
    std::vector<Vec3> row((n + 1) * (n + 1));
    int hint = -1;
    for (int axis = 0; axis < 3; ++axis) {
        const int u = (axis + 1) % 3;
        const int v = (axis + 2) % 3;
        for (const double sign : {-1.0, 1.0}) {
            for (int i = 0; i <= n; ++i) {
                for (int j = 0; j <= n; ++j) {
                    Vec3 d;
                    d[axis] = sign;
                    d[u] = std::tan(0.25 * kPi * (-1.0 + 2.0 * i / n));
                    d[v] = std::tan(0.25 * kPi * (-1.0 + 2.0 * j / n));
                    row[i * (n + 1) + j] =
                        shape.support(gridDirection(shape, d.normalized()), hint) - origin;
                }
            }
            for (int i = 0; i < n; ++i) {
                for (int j = 0; j < n; ++j) {
                    const Vec3& p00 = row[i * (n + 1) + j];
                    const Vec3& p10 = row[(i + 1) * (n + 1) + j];
                    const Vec3& p11 = row[(i + 1) * (n + 1) + j + 1];
                    const Vec3& p01 = row[i * (n + 1) + j + 1];
                    if (sign > 0.0) {
                        m.addTriangle(p00, p10, p11);
                        m.addTriangle(p00, p11, p01);
                    } else {
                        m.addTriangle(p00, p11, p10);
                        m.addTriangle(p00, p01, p11);
                    }
                }
            }
        }
    }
    return m;
}

/// Superquadrics and smoothed hulls: the support polyhedra at n and 2n cells per cube face,
/// Richardson-extrapolated, M = (4 M_2n - M_n) / 3: the inscribed polyhedron's error is
/// c / n^2 + O(1/n^4) on a smooth body, so the leading term cancels.
MassProperties smoothShapeUncached(const Shape& shape) {
    const Vec3 origin = shape.localAabb().center(); // inside: keeps the terms well conditioned
    const Moments coarse = supportGridMoments(shape, origin, kSupportGridCells);
    const Moments fine = supportGridMoments(shape, origin, 2 * kSupportGridCells);
    Moments m;
    m.volume = (4.0 * fine.volume - coarse.volume) / 3.0;
    m.first = (4.0 * fine.first - coarse.first) / 3.0;
    m.second = (4.0 * fine.second - coarse.second) / 3.0;
    return fromMoments(m, origin, 1.0);
}

/// Everything that defines a smooth shape's geometry, as numbers (a value key: equal keys, equal
/// bodies).
std::vector<double> geometryKey(const Shape& shape) {
    const SmoothSupport& s = *shape.smoothSupport();
    std::vector<double> key{double(shape.type()), double(s.kind()), shape.coreRadius(),
                            s.radii().x(), s.radii().y(), s.radii().z(), s.alpha1(), s.alpha2(),
                            s.beta(), s.gamma(), s.centre().x(), s.centre().y(), s.centre().z()};
    for (const Vec3& p : s.points()) {
        key.insert(key.end(), {p.x(), p.y(), p.z()});
    }
    return key;
}

/// smoothShapeUncached at unit density, remembered per geometry: a scene adds many bodies of few
/// shapes, and one integration costs about 70k support points (tens of milliseconds).
MassProperties smoothShape(const Shape& shape, double density) {
    constexpr std::size_t kCacheSize = 64;
    static std::mutex mutex;
    static std::map<std::vector<double>, MassProperties> cache;
    std::vector<double> key = geometryKey(shape);
    MassProperties p;
    {
        std::scoped_lock lock(mutex);
        const auto it = cache.find(key);
        if (it != cache.end()) {
            p = it->second;
        }
    }
    if (p.volume == 0.0) {
        p = smoothShapeUncached(shape);
        std::scoped_lock lock(mutex);
        if (cache.size() >= kCacheSize) {
            cache.clear();
        }
        cache.emplace(std::move(key), p);
    }
    p.mass = density * p.volume;
    p.inertia *= density;
    return p;
}

} // namespace

MassProperties supportGridMassProperties(const Shape& shape, double density, int n) {
    if (n < 2) {
        throw EngineError("mass properties: the support grid needs n >= 2 cells, got " +
                          std::to_string(n));
    }
    const Vec3 origin = shape.localAabb().center();
    return fromMoments(supportGridMoments(shape, origin, n), origin, density);
}

MassProperties meshMassProperties(const ConvexMesh& mesh, double density) {
    const auto& v = mesh.vertices();
    Vec3 origin = Vec3::Zero(); // a point inside the hull keeps every term well conditioned
    for (const Vec3& p : v) {
        origin += p;
    }
    origin /= static_cast<double>(v.size());
    Moments m;
    for (const auto& t : mesh.triangles()) {
        m.addTriangle(v[t[0]] - origin, v[t[1]] - origin, v[t[2]] - origin);
    }
    return fromMoments(m, origin, density);
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
    case ShapeType::Box:
        return shape.coreRadius() > 0.0 ? roundedBox(shape.halfExtents(), shape.coreRadius(), density)
                                        : box(shape.halfExtents(), density);
    case ShapeType::Capsule: return capsule(shape.radius(), shape.halfHeight(), density);
    case ShapeType::Cylinder: return cylinder(shape.radius(), shape.halfHeight(), density);
    case ShapeType::Cone: return cone(shape.radius(), shape.halfHeight(), density);
    case ShapeType::Ellipsoid: return ellipsoid(shape.radii(), density);
    case ShapeType::ConvexMesh: return meshMassProperties(*shape.convexMesh(), density);
    case ShapeType::Superquadric:
    case ShapeType::SmoothedHull: return smoothShape(shape, density);
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
