/// \file Picking.cpp

#include "minkowski/viewer/Picking.h"

#include <cmath>

namespace mk::viewer {
namespace {

/// True when the ray passes within `radius` of `center` ahead of its origin.
bool hitsSphere(const Ray& ray, const Vec3& center, double radius) {
    const Vec3 toCenter = center - ray.origin;
    const double along = toCenter.dot(ray.direction);
    const double squared = toCenter.squaredNorm() - along * along;
    return squared <= radius * radius && (along >= 0.0 || toCenter.norm() <= radius);
}

/// Nearest hit of a ray, given in the shape's frame, with the shape's triangles.
std::optional<double> nearestTriangle(const Ray& local, const TriangleMesh& mesh) {
    std::optional<double> best;
    for (std::size_t i = 0; i + 2 < mesh.indices.size(); i += 3) {
        const auto t = rayTriangle(local, mesh.positions[mesh.indices[i]].cast<double>(),
                                   mesh.positions[mesh.indices[i + 1]].cast<double>(),
                                   mesh.positions[mesh.indices[i + 2]].cast<double>());
        if (t && (!best || *t < *best)) {
            best = t;
        }
    }
    return best;
}

} // namespace

std::optional<double> rayTriangle(const Ray& ray, const Vec3& a, const Vec3& b, const Vec3& c) {
    const Vec3 e1 = b - a;
    const Vec3 e2 = c - a;
    const Vec3 p = ray.direction.cross(e2);
    const double det = e1.dot(p);
    if (std::abs(det) < 1e-18) {
        return std::nullopt; // parallel or degenerate
    }
    const double inv = 1.0 / det;
    const Vec3 s = ray.origin - a;
    const double u = s.dot(p) * inv;
    if (u < 0.0 || u > 1.0) {
        return std::nullopt;
    }
    const Vec3 q = s.cross(e1);
    const double v = ray.direction.dot(q) * inv;
    if (v < 0.0 || u + v > 1.0) {
        return std::nullopt;
    }
    const double t = e2.dot(q) * inv;
    return t >= 0.0 ? std::optional<double>(t) : std::nullopt;
}

std::optional<PickHit> pickBody(const World& world, MeshLibrary& meshes, const Ray& ray,
                                bool dynamicOnly) {
    std::optional<PickHit> best;
    for (BodyId id = 0; id < world.bodyCount(); ++id) {
        const Body& body = world.body(id);
        if (dynamicOnly && !body.isDynamic()) {
            continue;
        }
        const Pose pose = body.shapePose();
        const BoundingSphere& sphere = body.shape.boundingSphere();
        if (!hitsSphere(ray, pose.apply(sphere.center), sphere.radius * 1.01 + 1e-9)) {
            continue;
        }
        const Ray local{pose.applyInverse(ray.origin), pose.rotation.conjugate() * ray.direction};
        const auto t = nearestTriangle(local, meshes.mesh(body.shape));
        if (t && (!best || *t < best->distance)) {
            best = PickHit{id, *t, ray.origin + *t * ray.direction};
        }
    }
    return best;
}

} // namespace mk::viewer
