#pragma once
/// \file Tessellation.h
/// Triangle meshes of shapes, in their local frames, for drawing and picking: primitives are
/// tessellated (spheres, ellipsoids, capsules, cylinders, cones, boxes, rounded boxes), convex
/// meshes are drawn as their hulls (flat faces, normals smoothed across edges flatter than
/// kCreaseDegrees) and the smooth shapes (superquadrics, smoothed hulls) are sampled through their support function,
/// whose direction is the surface normal at the support point.

#include "minkowski/narrowphase/Shape.h"

#include <Eigen/Core>
#include <compare>
#include <cstdint>
#include <map>
#include <memory>
#include <vector>

namespace mk::viewer {

/// Indexed triangles, counter-clockwise seen from outside.
struct TriangleMesh {
    std::vector<Eigen::Vector3f> positions; ///< (unit: metre)
    std::vector<Eigen::Vector3f> normals;   ///< unit, one per position
    std::vector<std::uint32_t> indices;     ///< three per triangle
    [[nodiscard]] std::size_t triangleCount() const { return indices.size() / 3; }
};

/// Hull edges whose faces' normals differ by less than this are shaded smoothly (unit: degree).
inline constexpr double kCreaseDegrees = 35.0;

/// The mesh of `shape`; `segments` sets the resolution of round primitives (>= 8).
[[nodiscard]] TriangleMesh tessellate(const Shape& shape, int segments = 32);

/// Identifies a shape's geometry: shapes with equal keys have equal meshes.
struct ShapeKey {
    ShapeType type = ShapeType::Sphere;
    const void* data = nullptr;          ///< the shared mesh or smooth support; null for primitives
    double p0 = 0.0, p1 = 0.0, p2 = 0.0; ///< primitive parameters
    double p3 = 0.0;                     ///< the core radius (rounded box, superquadric)
    auto operator<=>(const ShapeKey&) const = default;
};
[[nodiscard]] ShapeKey shapeKey(const Shape& shape);

/// Tessellations made once per geometry and shared by every body that has it.
class MeshLibrary {
public:
    /// The mesh of `shape`, tessellated on first use.
    const TriangleMesh& mesh(const Shape& shape);
    /// A small integer per geometry, in order of first use (for colours and GPU buffers).
    int index(const Shape& shape);
    [[nodiscard]] std::size_t size() const { return meshes_.size(); }

private:
    struct Entry {
        int index;
        std::shared_ptr<const TriangleMesh> mesh;
    };
    const Entry& entry(const Shape& shape);
    std::map<ShapeKey, Entry> meshes_;
};

} // namespace mk::viewer
