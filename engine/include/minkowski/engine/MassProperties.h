#pragma once
/// \file MassProperties.h
/// Mass, centre of mass and inertia tensor of a solid of uniform density: closed forms for the
/// primitives, exact divergence-theorem integrals over the hull's tetrahedra for convex meshes.

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

/// The same properties for a total mass of `mass` instead (inertia scales linearly).
MassProperties withMass(const MassProperties& properties, double mass);

} // namespace mk
