#pragma once
/// \file FaceClip.h
/// Contact points of two flat faces by clipping (Jolt's ManifoldBetweenTwoFaces; Gregorius,
/// "Robust contact creation for physics simulations", GDC 2015): for a pair of polytopes the
/// supporting faces along the normal are clipped against each other, which gives the corners
/// of a face contact in one pass where the perturbation pass makes three tilted queries.

#include "minkowski/narrowphase/Shape.h"

#include <array>

namespace mk {

/// A supporting face of a polytope in the world frame.
struct FacePolygon {
    /// Faces with more corners are not clipped (the pair falls back to perturbation); the
    /// shipped meshes have at most 68, the YCB hulls 41.
    static constexpr int kMaxCorners = 128;
    std::array<Vec3, kMaxCorners> corners; ///< counter-clockwise seen from outside (metre)
    int count = 0;
    Vec3 normal = Vec3::UnitZ(); ///< outward unit normal
};

/// Meshes and boxes without rounding: the shapes supportingFace() answers.
[[nodiscard]] inline bool hasFlatFaces(const Shape& shape) {
    return shape.convexMesh() != nullptr ||
           (shape.type() == ShapeType::Box && shape.coreRadius() == 0.0);
}

/// The face of `shape` (at `shapePose`) whose outward normal is closest to the world direction
/// `dir`, for meshes (ConvexMesh::supportingFace; `hint` as for support()) and boxes without
/// rounding. False for every other shape (curved, or rounded) and for a face of more than
/// FacePolygon::kMaxCorners corners.
bool supportingFace(const Shape& shape, const Pose& shapePose, const Vec3& dir, int& hint,
                    FacePolygon& out);

/// One contact point of clipFaces: on A's and B's surfaces, with their distance along the
/// normal (positive apart).
/// Left uninitialised: clipFaces() keeps up to 2 kMaxCorners candidates on the stack, and
/// zeroing them cost more than the clipping.
struct ClipPoint {
    Vec3 onA;
    Vec3 onB;
    double distance;
};

/// At most four points of the contact of `faceA` (A's face along `normal`, A -> B) and `faceB`
/// (B's along -normal): the face better aligned with the normal is the reference, the other is
/// clipped by its side planes (Sutherland-Hodgman), and each clipped corner closer than
/// `separation` (metre) along the normal is a point. More than four are pruned to the deepest,
/// the one farthest from it and the two farthest on either side of their line (the largest
/// quadrilateral of Jolt's PruneContactPoints, with the deepest kept as Bullet keeps it).
/// Returns the number of points written to `out`; 0 when neither face is within
/// kMinAlignment of the normal (an edge or vertex contact: the narrow phase's point is all).
int clipFaces(const FacePolygon& faceA, const FacePolygon& faceB, const Vec3& normal,
              double separation, std::array<ClipPoint, 4>& out);

/// The smallest cosine between a reference face's normal and the contact normal.
inline constexpr double kMinAlignment = 0.5;

} // namespace mk
