/// \file Tessellation.cpp
/// Round primitives are surfaces of revolution about z: a profile of (rho, z) points with their
/// (rho, z) normals, swept around the axis. A sharp rim is two profile points at the same place
/// with different normals; the zero-area band between them is skipped.

#include "minkowski/viewer/Tessellation.h"

#include "minkowski/narrowphase/ConvexMesh.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <numbers>
#include <utility>

namespace mk::viewer {
namespace {

using Vec3f = Eigen::Vector3f;

/// One point of a revolution profile: radius, height and the normal's (rho, z) components.
struct ProfilePoint {
    double rho, z, normalRho, normalZ;
};

void addTriangle(TriangleMesh& m, std::uint32_t a, std::uint32_t b, std::uint32_t c) {
    const Vec3f area = (m.positions[b] - m.positions[a]).cross(m.positions[c] - m.positions[a]);
    if (area.squaredNorm() > 1e-24f) {
        m.indices.insert(m.indices.end(), {a, b, c});
    }
}

/// Triangles between rows k and k+1 of a grid of `columns` vertices per row.
void addGridTriangles(TriangleMesh& m, int rows, int columns) {
    for (int k = 0; k + 1 < rows; ++k) {
        for (int j = 0; j + 1 < columns; ++j) {
            const auto v = [columns](int row, int col) {
                return std::uint32_t(row * columns + col);
            };
            addTriangle(m, v(k, j), v(k + 1, j), v(k + 1, j + 1));
            addTriangle(m, v(k, j), v(k + 1, j + 1), v(k, j + 1));
        }
    }
}

/// Sweeps the profile (top to bottom) around z with `segments` columns.
TriangleMesh revolve(const std::vector<ProfilePoint>& profile, int segments) {
    TriangleMesh m;
    for (const ProfilePoint& p : profile) {
        for (int j = 0; j <= segments; ++j) {
            const double phi = 2.0 * std::numbers::pi * j / segments;
            const double c = std::cos(phi);
            const double s = std::sin(phi);
            m.positions.emplace_back(float(p.rho * c), float(p.rho * s), float(p.z));
            m.normals.push_back(
                Vec3f(float(p.normalRho * c), float(p.normalRho * s), float(p.normalZ))
                    .normalized());
        }
    }
    addGridTriangles(m, int(profile.size()), segments + 1);
    return m;
}

/// Arc of a circle of radius r centred at height zc, polar angle from theta0 to theta1.
void addArc(std::vector<ProfilePoint>& out, double r, double zc, double theta0, double theta1,
            int steps) {
    for (int i = 0; i <= steps; ++i) {
        const double t = theta0 + (theta1 - theta0) * i / steps;
        out.push_back({r * std::sin(t), zc + r * std::cos(t), std::sin(t), std::cos(t)});
    }
}

TriangleMesh sphere(double r, int segments) {
    std::vector<ProfilePoint> profile;
    addArc(profile, r, 0.0, 0.0, std::numbers::pi, segments / 2);
    return revolve(profile, segments);
}

TriangleMesh capsule(double r, double h, int segments) {
    std::vector<ProfilePoint> profile;
    const double half = 0.5 * std::numbers::pi;
    addArc(profile, r, h, 0.0, half, segments / 4);
    addArc(profile, r, -h, half, std::numbers::pi, segments / 4);
    return revolve(profile, segments);
}

TriangleMesh cylinder(double r, double h, int segments) {
    return revolve(
        {{0, h, 0, 1}, {r, h, 0, 1}, {r, h, 1, 0}, {r, -h, 1, 0}, {r, -h, 0, -1}, {0, -h, 0, -1}},
        segments);
}

TriangleMesh cone(double r, double h, int segments) {
    const double nRho = 2.0 * h;
    const double nZ = r;
    return revolve({{0, h, nRho, nZ}, {r, -h, nRho, nZ}, {r, -h, 0, -1}, {0, -h, 0, -1}}, segments);
}

TriangleMesh ellipsoid(const Vec3& radii, int segments) {
    TriangleMesh m = sphere(1.0, segments);
    const Vec3f a = radii.cast<float>();
    for (std::size_t i = 0; i < m.positions.size(); ++i) {
        m.positions[i] = m.positions[i].cwiseProduct(a);
        m.normals[i] = m.normals[i].cwiseQuotient(a).normalized();
    }
    return m;
}

TriangleMesh box(const Vec3& h) {
    TriangleMesh m;
    for (int axis = 0; axis < 3; ++axis) {
        for (int sign : {-1, 1}) {
            const int u = (axis + 1) % 3;
            const int v = (axis + 2) % 3;
            Vec3f n = Vec3f::Zero();
            n[axis] = float(sign);
            const auto base = std::uint32_t(m.positions.size());
            for (auto [su, sv] : {std::pair{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}) {
                Vec3f p;
                p[axis] = float(sign * h[axis]);
                p[u] = float(su * h[u]);
                p[v] = float(sv * h[v]);
                m.positions.push_back(p);
                m.normals.push_back(n);
            }
            // (u, v, axis) is right-handed: counter-clockwise in (u, v) faces +axis.
            if (sign > 0) {
                m.indices.insert(m.indices.end(),
                                 {base, base + 1, base + 2, base, base + 2, base + 3});
            } else {
                m.indices.insert(m.indices.end(),
                                 {base, base + 2, base + 1, base, base + 3, base + 2});
            }
        }
    }
    return m;
}

/// Rounded box: the core box of half extents h grown by a ball of radius r. The normals are a
/// cube-sphere grid (per face of the cube, n[u] and n[v] = tan(pi/4 t), t in [-1, 1]) and each
/// vertex is core corner + r n, the corner on the side of the normal's signs. Each face's grid
/// has its middle row and column twice, once per side (t = 0 with the - and the + corner): the
/// band between the two copies is the flat face; the others are the edges' quarter cylinders
/// and the corners' sphere octants. `steps` rows per quarter arc.
TriangleMesh roundedBox(const Vec3& h, double r, int steps) {
    TriangleMesh m;
    const int side = 2 * (steps + 1); // grid rows and columns of one face
    const auto coordinate = [steps](int k) { // (t, side of the core) of grid row k
        const int half = k <= steps ? -1 : 1;
        const int i = k <= steps ? k : k - 1; // both copies of the middle at t = 0
        return std::pair{std::tan(0.25 * std::numbers::pi * (-1.0 + double(i) / steps)), half};
    };
    for (int axis = 0; axis < 3; ++axis) {
        const int u = (axis + 1) % 3;
        const int v = (axis + 2) % 3;
        for (const int sign : {-1, 1}) {
            const auto base = std::uint32_t(m.positions.size());
            for (int a = 0; a < side; ++a) {
                for (int b = 0; b < side; ++b) {
                    const auto [tu, su] = coordinate(a);
                    const auto [tv, sv] = coordinate(b);
                    Vec3 n;
                    n[axis] = sign;
                    n[u] = tu;
                    n[v] = tv;
                    n.normalize();
                    Vec3 corner;
                    corner[axis] = sign * h[axis];
                    corner[u] = su * h[u];
                    corner[v] = sv * h[v];
                    m.positions.push_back((corner + r * n).cast<float>());
                    m.normals.push_back(n.cast<float>());
                }
            }
            // (u, v, axis) is right-handed: rows along u, columns along v are counter-clockwise
            // seen from +axis
            for (int a = 0; a + 1 < side; ++a) {
                for (int b = 0; b + 1 < side; ++b) {
                    const std::uint32_t p00 = base + a * side + b;
                    const std::uint32_t p10 = p00 + side;
                    if (sign > 0) {
                        addTriangle(m, p00, p10, p10 + 1);
                        addTriangle(m, p00, p10 + 1, p00 + 1);
                    } else {
                        addTriangle(m, p00, p10 + 1, p10);
                        addTriangle(m, p00, p00 + 1, p10 + 1);
                    }
                }
            }
        }
    }
    return m;
}

/// Hull triangles with their own vertices; a corner's normal averages the area-weighted normals
/// of the triangles at that vertex within the crease angle of its own triangle.
TriangleMesh hull(const ConvexMesh& mesh) {
    const auto& vertices = mesh.vertices();
    const auto& triangles = mesh.triangles();
    std::vector<Vec3> faceNormals(triangles.size()); // length = twice the area
    std::vector<std::vector<int>> trianglesAt(vertices.size());
    for (std::size_t t = 0; t < triangles.size(); ++t) {
        const auto& [a, b, c] = triangles[t];
        faceNormals[t] = (vertices[b] - vertices[a]).cross(vertices[c] - vertices[a]);
        for (int v : triangles[t]) {
            trianglesAt[v].push_back(int(t));
        }
    }
    const double cosCrease = std::cos(kCreaseDegrees * std::numbers::pi / 180.0);
    TriangleMesh m;
    // Corners of one hull vertex with the same smoothed normal share a mesh vertex (fewer vertices
    // to shade: a software renderer's vertex cache then works for us).
    std::map<std::pair<int, std::array<float, 3>>, std::uint32_t> shared;
    for (std::size_t t = 0; t < triangles.size(); ++t) {
        const Vec3 own = faceNormals[t].normalized();
        for (int v : triangles[t]) {
            Vec3 sum = Vec3::Zero();
            for (int other : trianglesAt[v]) {
                if (faceNormals[other].normalized().dot(own) >= cosCrease) {
                    sum += faceNormals[other];
                }
            }
            const Eigen::Vector3f n = sum.normalized().cast<float>();
            const auto [it, added] =
                shared.try_emplace({v, {n.x(), n.y(), n.z()}}, std::uint32_t(m.positions.size()));
            if (added) {
                m.positions.push_back(vertices[v].cast<float>());
                m.normals.push_back(n);
            }
            m.indices.push_back(it->second);
        }
    }
    return m;
}

/// Support points over a latitude-longitude grid of directions; each normal is its direction.
TriangleMesh sampled(const Shape& shape, int segments) {
    TriangleMesh m;
    const int rings = segments / 2;
    int hint = -1;
    for (int k = 0; k <= rings; ++k) {
        const double theta = std::numbers::pi * k / rings;
        for (int j = 0; j <= segments; ++j) {
            const double phi = 2.0 * std::numbers::pi * j / segments;
            const Vec3 d(std::sin(theta) * std::cos(phi), std::sin(theta) * std::sin(phi),
                         std::cos(theta));
            m.positions.push_back(shape.support(d, hint).cast<float>());
            m.normals.push_back(d.cast<float>());
        }
    }
    addGridTriangles(m, rings + 1, segments + 1);
    return m;
}

} // namespace

TriangleMesh tessellate(const Shape& shape, int segments) {
    segments = std::max(8, (segments + 3) / 4 * 4); // quarter arcs for capsules
    switch (shape.type()) {
    case ShapeType::Sphere:
        return sphere(shape.radius(), segments);
    case ShapeType::Box:
        return shape.coreRadius() > 0.0
                   ? roundedBox(shape.halfExtents(), shape.coreRadius(), segments / 4)
                   : box(shape.halfExtents());
    case ShapeType::Capsule:
        return capsule(shape.radius(), shape.halfHeight(), segments);
    case ShapeType::Cylinder:
        return cylinder(shape.radius(), shape.halfHeight(), segments);
    case ShapeType::Cone:
        return cone(shape.radius(), shape.halfHeight(), segments);
    case ShapeType::Ellipsoid:
        return ellipsoid(shape.radii(), segments);
    case ShapeType::ConvexMesh:
        return hull(*shape.convexMesh());
    case ShapeType::Superquadric:
    case ShapeType::SmoothedHull:
        return sampled(shape, segments);
    }
    return sampled(shape, segments);
}

ShapeKey shapeKey(const Shape& shape) {
    ShapeKey key{shape.type()};
    if (shape.convexMesh() != nullptr) {
        key.data = shape.convexMesh();
    } else if (shape.smoothSupport() != nullptr) {
        key.data = shape.smoothSupport();
    }
    // Every primitive's parameters live in halfExtents() (see Shape::params_).
    key.p0 = shape.halfExtents().x();
    key.p1 = shape.halfExtents().y();
    key.p2 = shape.halfExtents().z();
    key.p3 = shape.coreRadius(); // rounded boxes, inflated superquadrics
    return key;
}

const MeshLibrary::Entry& MeshLibrary::entry(const Shape& shape) {
    const ShapeKey key = shapeKey(shape);
    auto it = meshes_.find(key);
    if (it == meshes_.end()) {
        auto mesh = std::make_shared<const TriangleMesh>(tessellate(shape));
        it = meshes_.emplace(key, Entry{int(meshes_.size()), std::move(mesh)}).first;
    }
    return it->second;
}

const TriangleMesh& MeshLibrary::mesh(const Shape& shape) {
    return *entry(shape).mesh;
}
int MeshLibrary::index(const Shape& shape) {
    return entry(shape).index;
}

} // namespace mk::viewer
