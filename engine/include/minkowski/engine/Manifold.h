#pragma once
/// \file Manifold.h
/// Persistent contact manifold of one pair, after Bullet's btPersistentManifold
/// (BulletCollision/NarrowPhaseCollision/btPersistentManifold.cpp): the narrow phase gives one
/// point per step; the manifold keeps up to four across steps so that boxes rest and stack.
///
/// - A new point within the breaking threshold of a cached one (distance between their points on
///   A, in A's frame) replaces it and inherits its impulses (getCacheEntry/replaceContactPoint).
///   With Merge::KeepAnchors, when both anchors are within the threshold, the cached point
///   keeps its anchors and takes only the new normal (a departure from Bullet, see Merge).
/// - A full manifold keeps the deepest of its four points and the new one, and drops the point
///   whose removal leaves the largest area (sortCachedPoints with KEEP_DEEPEST_POINT). Unlike
///   Bullet, the new point may be the one dropped, and "deepest" needs a margin of
///   kDepthTolerance: a resting box keeps its four corners when the narrow phase returns an
///   edge or face point of equal depth.
/// - refresh() moves the cached points with their bodies and drops those separated along their
///   normal by more than the threshold or drifted tangentially by more than it
///   (refreshContactPoints).
///
/// Frames: the normal points from A to B (the narrow phase's convention) and the signed distance
/// is dot(worldB - worldA, normal), negative when penetrating.

#include "minkowski/narrowphase/Math.h"

#include <array>
#include <span>

namespace mk {

struct ContactPoint {
    /// A's anchor in A's centre-of-mass frame: the point depthA under worldA, worldA - depthA n
    /// (unit: metre). Anchored there, a point of a capsule, sphere, cylinder or cone rolling in
    /// place stays under the body: a surface anchor would turn with the body and hold it up off
    /// the contact line.
    Vec3 localA = Vec3::Zero();
    Vec3 localB = Vec3::Zero(); ///< B's anchor: worldB + depthB n, in B's frame (unit: metre)
    /// How deep under the surface the anchors are (unit: metre): the centre about which the
    /// body's surface turns at the point (the core radius of a capsule, the radius of a
    /// cylinder on its side; 0 at a mesh's vertices, edges and faces).
    double depthA = 0.0;
    double depthB = 0.0;
    Vec3 worldA = Vec3::Zero(); ///< (unit: metre)
    Vec3 worldB = Vec3::Zero(); ///< (unit: metre)
    Vec3 normal = Vec3::UnitZ(); ///< unit, world frame, from A to B
    double distance = 0.0;       ///< signed, along `normal` (unit: metre)
    /// Accumulated impulses of the last solve, kept for warm starting (unit: N s).
    double normalImpulse = 0.0;
    Vec3 tangentImpulse = Vec3::Zero(); ///< world frame, orthogonal to the normal
    int lifetime = 0;                   ///< steps this point (or the ones it replaced) lived
};

/// The anchor `depth` under a body's surface point `surface`, where `outward` is the unit
/// normal out of the body (ContactPoint::depthA). `surface` itself at depth 0.
[[nodiscard]] inline Vec3 coreAnchor(const Vec3& surface, double depth, const Vec3& outward) {
    return depth > 0.0 ? Vec3(surface - depth * outward) : surface;
}

/// The surface point over anchor `core` along the unit outward normal (coreAnchor()'s
/// inverse).
[[nodiscard]] inline Vec3 surfaceOver(const Vec3& core, double depth, const Vec3& outward) {
    return depth > 0.0 ? Vec3(core + depth * outward) : core;
}

/// How add() merges a new point into the nearest cached point within the threshold.
enum class Merge {
    /// Bullet's replaceContactPoint: the new point's geometry, the cached impulses and lifetime.
    Replace,
    /// When the new point's anchors on A and on B are both within the threshold of the cached
    /// point's, the cached point keeps its anchors (where its impulses act on each body), its
    /// impulses and lifetime, and takes the new normal; otherwise as Replace. Departure from
    /// Bullet for the narrow phase's point of a face contact: that witness is an arbitrary point
    /// of the contact face, and moving a cached corner onto it every step makes the warm start
    /// act at a point the last solve did not (docs/engine.md, "Points that stay put").
    KeepAnchors,
};

class Manifold {
public:
    static constexpr int kCapacity = 4;
    /// A point is kept as the deepest only when deeper than the others by more than this
    /// (unit: metre), a fifth of the solver's default slop (PgsSettings::slop, 1 mm, within
    /// which a penetration is not corrected). Below it a deeper point inside the others' polygon
    /// does not displace one of them: a body rocking by a fraction of a millimetre on a face (a
    /// scissors on a funnel wall) otherwise traded its fourth point every step, each time with
    /// a cold impulse, and kept rocking (docs/engine.md, "Points that stay put"). It also covers
    /// the narrow-phase noise of a flat contact.
    static constexpr double kDepthTolerance = 2e-4;

    /// Adds `point` (impulses ignored): merged into the nearest cached point closer than
    /// `threshold` (unit: metre), else appended, else replacing per sortCachedPoints.
    /// Returns the index of the slot written, or -1 when the new point was not kept.
    int add(const ContactPoint& point, double threshold, Merge merge = Merge::Replace);

    /// Moves the cached points with the bodies' centre-of-mass poses (their surface points
    /// depthA / depthB off the anchors along the normal, see ContactPoint::localA), recomputes
    /// their distance and drops the ones beyond `threshold` across the normal or beyond
    /// `separation` along it (`threshold` when not given; a speculative contact's separation is
    /// its margin plus the bodies' reach). Increments lifetimes.
    void refresh(const Pose& poseA, const Pose& poseB, double threshold);
    void refresh(const Pose& poseA, const Pose& poseB, double threshold, double separation);

    void clear() { size_ = 0; }
    [[nodiscard]] int size() const { return size_; }
    [[nodiscard]] bool empty() const { return size_ == 0; }
    [[nodiscard]] std::span<const ContactPoint> points() const { return {points_.data(), size_t(size_)}; }
    [[nodiscard]] std::span<ContactPoint> points() { return {points_.data(), size_t(size_)}; }
    /// Where the points are stored, without reading the size (the world's contact list takes
    /// the sizes from an array of its own, so that it reads no manifold).
    [[nodiscard]] ContactPoint* pointStorage() { return points_.data(); }

private:
    [[nodiscard]] int nearest(const ContactPoint& point, double threshold) const;
    [[nodiscard]] int slotToReplace(const ContactPoint& point) const;
    void remove(int index);

    std::array<ContactPoint, kCapacity> points_{};
    int size_ = 0;
};

} // namespace mk
