#pragma once
/// \file MassProperties.h
/// Mass, centre of mass and inertia tensor of a solid of uniform density: closed forms for the
/// primitives (rounded boxes included), exact divergence-theorem integrals over the hull's
/// tetrahedra for convex meshes, and integrals over a fine polyhedron of support points,
/// extrapolated, for the smooth shapes (superquadrics, smoothed hulls).

#include "minkowski/narrowphase/ConvexMesh.h"
#include "minkowski/narrowphase/Math.h"
#include "minkowski/narrowphase/Shape.h"

namespace mk {

struct MassProperties {
    double mass = 0.0;                    ///< (unit: kilogram)
    double volume = 0.0;                  ///< (unit: cubic metre)
    Vec3 centerOfMass = Vec3::Zero();     ///< in the shape's local frame (unit: metre)
    /// Inertia tensor about the centre of mass, axes of the shape's local frame
    /// (unit: kg m^2). Symmetric positive definite.
    Mat3 inertia = Mat3::Zero();
};

/// Mass properties of `shape` filled with `density` (unit: kg/m^3).
/// \throws EngineError when density is not finite and positive.
MassProperties computeMassProperties(const Shape& shape, double density);

/// Exact mass properties of the solid polyhedron bounded by the mesh's triangles (divergence
/// theorem, one tetrahedron per triangle with apex at a point inside: Tonon, "Explicit exact
/// formulas for the 3-D tetrahedron inertia tensor in terms of its vertex coordinates",
/// J. Math. Stat. 2005).
MassProperties meshMassProperties(const ConvexMesh& mesh, double density);

/// Mass properties of the polyhedron whose vertices are the support points of `shape` along a
/// cube-sphere grid of directions (for superquadrics, warped to the normals of Barr's
/// parametrisation, which spreads the vertices evenly over boxy and pointy ones alike), with
/// `n` x `n` cells on each face of the cube (n >= 2) and the grid's triangles (the support map
/// of a convex body keeps the grid's orientation). Its volume approaches the shape's from below
/// by O(1/n^2).
MassProperties supportGridMassProperties(const Shape& shape, double density, int n);

/// Grid size of computeMassProperties for superquadrics and smoothed hulls: the results at n and
/// 2n are Richardson-extrapolated (the O(1/n^2) term cancels). Relative volume errors against
/// the closed forms of superellipsoids stay below 1e-5, the boxiest exponents being the worst
/// (tests/engine/test_mass_properties_smooth.cpp, docs/solvers-optimization.md). The result is cached per geometry (a scene adds many bodies of few shapes).
inline constexpr int kSupportGridCells = 48;

/// The same properties for a total mass of `mass` instead (inertia scales linearly).
MassProperties withMass(const MassProperties& properties, double mass);

} // namespace mk
